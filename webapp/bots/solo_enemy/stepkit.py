"""Shared pieces for the Solo Enemy's step types: registration and wording."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Choice, Context, Msg, Question, Step, StepType, StepTypes, msg
from ...engine.questions import choice, number
from ...engine.steps import new
from .cards import find_card
from .rules import collect_tokens
from .state import EnemyState

__all__ = [
    "STEP_TYPES",
    "ActionParams",
    "EnemyStep",
    "HeroParams",
    "TokensStep",
    "TAX_TRACK",
    "card_of",
    "choice",
    "end_checklist",
    "hero_name",
    "new",
    "region_choices",
    "slot_place",
    "step_type",
    "track_place",
]

STEP_TYPES = StepTypes()
step_type = STEP_TYPES.register


class HeroParams(TypedDict):
    hero: int  # which Hero (0, 1, 2: its Hero Slot)


class ActionParams(HeroParams):
    """A step of a Hero's action: the Hero, and the Solo Action card it performs."""

    card: str


class EnemyStep(StepType[EnemyState]):
    """Base with the Solo Enemy's view extras (compass, battle card) defaulting to none."""

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return None


# The places of its board a note names (webapp/bots/solo_enemy/templates/solo_enemy/
# _board.html lights them): a Hero Slot, a space of its Capital City Track, the Tax Track.
TAX_TRACK = "tax"


def slot_place(hero: int) -> str:
    return f"slot:{hero}"


def track_place(space: int) -> str:
    return f"track:{space}"


def region_choices() -> list[Choice]:
    """The Resource Regions a Hero may enter: what each gives it."""
    return [
        choice("ore", msg("Mountains: +1 Ore")),
        choice("mana", msg("Forest: +1 Mana")),
        choice("food", msg("Plains: +1 Food")),
    ]


def hero_name(hero: int) -> Msg:
    return msg("Hero {n}", n=hero + 1)


def card_of(ctx: Context, card_id: str | None) -> dict[str, Any]:
    card = find_card(ctx.deck, card_id) if card_id is not None else None
    if card is None:
        raise ValueError(msg("card {card_id} is not in the deck", card_id=str(card_id)))
    return card


class TokensStep(EnemyStep):
    """How many Exploration Tokens it collected: onto its board, with their VP."""

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("Tokens"), 0, 8)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        note = collect_tokens(state, value)
        if note is not None:
            ctx.note(note)


def end_checklist(ctx: Context) -> None:
    """Drop the steps not reached yet: the game ends with this step."""
    assert ctx.checklist is not None
    ctx.checklist.drop_pending()
