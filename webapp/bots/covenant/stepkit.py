"""Shared pieces for the Covenant's step types: registration and wording."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NotRequired, TypedDict, TypeVar

from ...engine import Checklist, Msg, Step, StepType, StepTypes, TypedParams, msg
from ...engine.questions import choice
from ...engine.steps import new
from . import kinds
from .deck import HARBOR, space_name
from .state import CovenantState

__all__ = [
    "A_BUILDING",
    "BUILDING_NAMES",
    "STEP_TYPES",
    "CovenantStep",
    "OnItsIslands",
    "OneSpaceStep",
    "PlaceParams",
    "PlayerParams",
    "SpaceParams",
    "SpacesParams",
    "SpacesStep",
    "battle_step",
    "choice",
    "new",
    "remove_pending",
    "step_type",
    "where",
]

STEP_TYPES = StepTypes()
step_type = STEP_TYPES.register


class CovenantStep(StepType[CovenantState]):
    """Base with the Covenant's view extras: the spaces the step is about, lit on the
    board (`lit`), and a battle's cannons."""

    def places(self, state: CovenantState, step: Step) -> list[str]:
        """The spaces this step is about, named in its title as on the board."""
        return []

    def view(self, state: CovenantState, step: Step) -> dict[str, Any] | None:
        lit = self.places(state, step)
        return {"lit": lit} if lit else None


class SpaceParams(TypedDict):
    space: str  # a space of the board: "2.3", the Harbor


class SpacesParams(TypedDict):
    spaces: list[str]  # the spaces it offers


class PlaceParams(SpaceParams):
    """Influence cubes it places on a space (a battle's, if it wins)."""

    cubes: int
    source: str  # "card" or "bottom" (the conditional placement)


class PlayerParams(TypedDict):
    """A step about one player (2 vs 2); a step stored before co-op has none: the first."""

    player: NotRequired[int]


OneSpace = TypeVar("OneSpace", bound=SpaceParams)
Spaces = TypeVar("Spaces", bound=SpacesParams)


class OneSpaceStep(CovenantStep, TypedParams[OneSpace]):
    """A step about the space in its `space` parameter."""

    def places(self, state: CovenantState, step: Step) -> list[str]:
        return [self.params(step)["space"]]


class SpacesStep(CovenantStep, TypedParams[Spaces]):
    """A step about the spaces in its `spaces` parameter (the ones it offers)."""

    def places(self, state: CovenantState, step: Step) -> list[str]:
        return list(self.params(step)["spaces"])


class OnItsIslands(CovenantStep):
    """A step about every island it controls (what they hold, what they produce)."""

    def places(self, state: CovenantState, step: Step) -> list[str]:
        return list(state.ai.islands)


def where(state: CovenantState, space: str) -> Msg:
    return space_name(space)


def at(state: CovenantState, space: str) -> Msg:
    """Where a battle is, in words: "in the Harbor", "on 2.2"."""
    if space == HARBOR:
        return msg("in the Harbor")
    return msg("on {space}", space=where(state, space))


def battle_step(
    why: str,
    space: str | None,
    *,
    player: int | None = None,
    target: str = "ship",
    bonus: int = 0,
    halved: bool = False,
    defending: bool = False,
    group: str | None = None,
    places: list[dict[str, Any]] | None = None,
    garrison: bool = False,
) -> Step:
    """A battle with the Covenant: against your ship (or your buildings, `target`).

    `space` None: where the player it attacks is (`player`, or the turn's target).
    `places` are the cube placements it makes if it wins; `group="double"` marks the
    two half-cannon battles of the multiple-battles clause.
    """
    return new(
        kinds.BATTLE,
        target=target,
        why=why,
        space=space,
        player=player,
        bonus=bonus,
        halved=halved,
        defending=defending,
        group=group,
        places=places or [],
        garrison=garrison,
    )


BUILDING_NAMES = {
    "fort": msg("Fort"),
    "garrison": msg("Garrison"),
    "outpost": msg("Outpost"),
}
# Each name with its article, for a sentence: "an Outpost" (English), "une Garnison"
# (French): neither language can put one article before every name.
A_BUILDING = {
    "fort": msg("a Fort"),
    "garrison": msg("a Garrison"),
    "outpost": msg("an Outpost"),
}


def remove_pending(checklist: Checklist, predicate: Callable[[Step], bool]) -> int:
    """Drop the not-yet-reached steps that match; returns how many went."""
    return checklist.drop_pending(predicate)
