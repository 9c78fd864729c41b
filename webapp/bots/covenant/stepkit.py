"""Shared pieces for the Covenant's step types: registration and wording."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Choice, Msg, Step, StepType, StepTypes, msg
from .deck import space_name
from .state import CovenantState

STEP_TYPES = StepTypes()
step_type = STEP_TYPES.register


class CovenantStep(StepType[CovenantState]):
    """Base with the Covenant's view extras (cannons, card) defaulting to none."""

    def view(self, state: CovenantState, step: Step) -> dict[str, Any] | None:
        return None


def where(state: CovenantState, space: str) -> Msg:
    return space_name(space, tuple(state.rows))


def new(kind: str, **params: Any) -> Step:
    return Step(kind, params)


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
        "battle",
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


def choice(value: str, label: Msg, hint: Msg | None = None, *, primary: bool = False) -> Choice:
    return Choice(value, label, hint, primary)


BUILDING_NAMES = {
    "fort": msg("Fort"),
    "garrison": msg("Garrison"),
    "outpost": msg("Outpost"),
}


def remove_pending(checklist: Any, predicate: Callable[[Step], bool]) -> int:
    """Drop the not-yet-reached steps that match; returns how many went."""
    keep = checklist.steps[: checklist.cursor + 1]
    rest = [s for s in checklist.steps[checklist.cursor + 1 :] if not predicate(s)]
    dropped = len(checklist.steps) - len(keep) - len(rest)
    checklist.steps[:] = keep + rest
    return dropped
