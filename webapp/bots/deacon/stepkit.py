"""Shared pieces of Deacon's step types: registration, the board's names, the printed
parts asked the first time they matter, a card's effects as steps."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Step, StepType, StepTypes, TypedParams, msg
from ...engine.steps import new
from . import kinds
from .components import PART_NAMES
from .state import DeaconState

__all__ = [
    "STEP_TYPES",
    "DeaconStep",
    "PartStep",
    "effect_steps",
    "island_name",
    "needing",
    "new",
    "step_type",
]

STEP_TYPES = StepTypes()
step_type = STEP_TYPES.register

# Deacon rulebook, "Deacon's ship powers" (Appendix), each as the card effects it does.
POWER_EFFECTS: dict[str, list[dict[str, Any]]] = {
    # "moves its Diver marker 2 spaces on the Seafloor track. Then performs Reef
    # Restoration."
    "diver2_restore": [{"effect": "diver"}, {"effect": "diver"}, {"effect": "restoration"}],
    # "purchases the cheapest Crew tile. If it already has a full row, then it takes the
    # cheapest of a color it has the least of. Then, it scores 1 VP for each Crew tile
    # in the row that contains the fewest tiles".
    "crew_hire_score": [{"effect": "crew_cheapest"}, {"effect": "crew_score"}],
    # "gains a medium Pollution tile from the supply and deploys a Reef Ball."
    "pollution_deploy": [{"effect": "pollution_medium"}, {"effect": "deploy"}],
    # "deploys a Reef Ball and moves its Scientist marker 1 step forward".
    "deploy_research": [{"effect": "deploy"}, {"effect": "research"}],
    # "takes a Mission card of a color it does not already have if possible. ... Then,
    # it deploys a Reef Ball."
    "mission_deploy": [{"effect": "mission"}, {"effect": "deploy"}],
}

# Which printed part each effect needs known before it can be resolved.
EFFECT_PARTS: dict[str, tuple[str, ...]] = {
    "research": ("research",),
    "diver": ("seafloor",),
    "deploy": ("reef_balls",),
    "mission": ("missions", "research"),
    "crew_cheapest": ("crew",),
    "crew_most": ("crew",),
    "crew_score": ("crew",),
    "score_track": ("score_track",),
}


class DeaconStep(StepType[DeaconState]):
    """A Deacon step: its highlight on the board, if it has one."""

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        return None

    def view(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        shown = self.highlight(state, step)
        return None if shown is None else {"highlight": shown}


class PartParams(TypedDict):
    part: str  # a printed part: a key of `components.PART_NAMES`


class PartStep(DeaconStep, TypedParams[PartParams]):
    """The step that asks a printed part of the game the first time it matters
    (`needing`)."""


def island_name(island: int | None) -> Msg:
    if island is None:
        return msg("no island")
    return msg("Island {n}", n=island)


def route_name(key: str) -> Msg:
    a, b = key.split("-")
    return msg("Route {a}–{b}", a=a, b=b)


def sector_name(sector: str) -> Msg:
    return msg("Sector {sector}", sector=sector)


def part_name(part: str) -> Msg:
    return PART_NAMES[part]


def needing(state: DeaconState, parts: tuple[str, ...]) -> list[Step]:
    """The printed parts not entered yet in this game, asked before the step that needs
    them (offered filled in with what was entered last time)."""
    return [new(kinds.COMPONENTS, part=part) for part in parts if part not in state.components]


def effect_steps(
    state: DeaconState, effects: list[dict[str, Any]], source: str, ctx: Context | None = None
) -> list[Step]:
    """A card's effects as steps, in printed order: left to right, top to bottom (Deacon
    rulebook, "Perform actions"), each preceded by what it needs entered."""
    steps: list[Step] = []
    asked: set[str] = set()
    for effect in effects:
        for part in EFFECT_PARTS.get(effect["effect"], ()):
            if part not in state.components and part not in asked:
                asked.add(part)
                steps.append(new(kinds.COMPONENTS, part=part))
        steps.append(new("e_" + effect["effect"], effect=effect, source=source))
    if ctx is not None and ctx.checklist is not None and asked:
        # Asked now, before these effects: a later line that would ask it goes.
        ctx.checklist.drop_pending(
            lambda s: (
                s.kind == kinds.COMPONENTS and PartStep.params(s)["part"] in asked and not s.done
            )
        )
    return steps
