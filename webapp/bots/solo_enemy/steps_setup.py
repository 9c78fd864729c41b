"""Setting up the Solo Enemy: its faction, its board's costs, the table's checklist.

Solo rulebook, "Components and Setup Changes".
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import choose, confirm, entry
from . import kinds
from .faction import RESOURCE_NAMES, RESOURCES, check_profile, faction_name, read_profile
from .state import EnemyState
from .stepkit import TAX_TRACK, EnemyStep, choice, step_type


@step_type(kinds.FACTION_DRAWN)
class FactionDrawn(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("The Enemy plays the {faction}", faction=faction_name(state.faction))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        # Solo rulebook, "Components and Setup Changes", 1: "Randomly select the
        # Faction for the Solo Enemy" (after you have selected yours).
        return msg(
            "Drawn at random from the factions you own, leaving out yours ({you}).",
            you=faction_name(state.you),
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Got it"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


def costs_question(faction: str) -> Question:
    """The form of a faction's Solo C.C. Board costs, in a game and on the copy page."""
    draft = {"kind": "faction", "faction": faction}
    return entry(msg("What its board prints"), check_profile, draft, stored=read_profile)


@step_type(kinds.FACTION_COSTS)
class FactionCosts(EnemyStep):
    """What the Solo side of its C.C. board prints: entered once, kept for next time."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "The Solo C.C. Board of the {faction}: its costs", faction=faction_name(state.faction)
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Botdeck works out from these whether each Enemy action can be paid for. "
            "Enter them once: Botdeck offers them again in your next game against this faction."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return costs_question(state.faction)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        state.profile = value


SETUP_TITLES = {
    "components": msg(
        "Gather its components as in a normal game; flip its C.C. Board to the Solo Enemy side"
    ),
    "heroes": msg("Put its 3 Heroes in its Courtyard: no Serfs, no Warrior"),
    "resources": msg("Put its 3 Resource Tokens on the 3 of its Resource Track"),
    "track": msg("Put 1 Action Token on Start of its Capital City Track; remove the other"),
    "cards": msg("Shuffle the 8 Solo Action Cards into a face-down deck beside its board"),
    "spells": msg("No Spell Cards for the Enemy"),
    "capital": msg("Place your Capital City, then its Capital City on an adjacent Continent"),
}
SETUP_DETAILS = {
    "components": msg("It needs no Hero Cards: its Heroes' abilities are on its Solo C.C. Board."),
    "heroes": msg("Do not give it the 2 Serfs and 1 Warrior of a normal start."),
    "resources": msg("Botdeck keeps its Resources from now on: 3 Ore, 3 Mana, 3 Food."),
    "track": msg("The token marks its Capital City Level as it advances."),
    "spells": msg("It casts its Heroes' own Spells instead."),
    "capital": msg(
        "Every other faction component goes to the supply as normal. You choose the Region "
        "of its Capital City."
    ),
}


class SetupTableParams(TypedDict):
    item: str  # a key of SETUP_TITLES


@step_type(kinds.SETUP_TABLE)
class SetupTable(EnemyStep, TypedParams[SetupTableParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        if p["item"] == "cards" and not state.physical:
            return msg("Botdeck has shuffled its Solo Action Cards: keep the printed ones aside")
        return SETUP_TITLES[p["item"]]

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return SETUP_DETAILS.get(self.params(step)["item"])

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


class TaxSlotParams(TypedDict):
    slot: int  # of the Tax Track


@step_type(kinds.TAX_SLOT)
class TaxSlot(EnemyStep, TypedParams[TaxSlotParams]):
    """Where the Tax Track's Resource Tokens stand, so its Tax can be counted."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Tax Track (bottom left of the Game Board): which Resource Token is on the {slot}?",
            slot=self.params(step)["slot"],
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Botdeck follows the track from now on; tell it whenever you Tax.")

    def question(self, state: EnemyState, step: Step) -> Question:
        free = [r for r in RESOURCES if r not in state.tax]
        return choose(msg("Resource Token"), *(choice(r, RESOURCE_NAMES[r]) for r in free))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        state.tax[value] = self.params(step)["slot"]
        free = [r for r in RESOURCES if r not in state.tax]
        if len(free) == 1:
            state.tax[free[0]] = 2
            ctx.note(
                msg("{resource} is on the 2.", resource=RESOURCE_NAMES[free[0]]),
                places=[TAX_TRACK],
            )
