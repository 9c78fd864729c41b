"""Shared pieces for the Solo Enemy's step types: registration and wording."""

from __future__ import annotations

from typing import Any

from ...engine import Choice, Context, Msg, Step, StepType, StepTypes, msg
from .cards import find_card
from .state import EnemyState

STEP_TYPES = StepTypes()
step_type = STEP_TYPES.register


class EnemyStep(StepType[EnemyState]):
    """Base with the Solo Enemy's view extras (compass, battle card) defaulting to none."""

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return None


def new(kind: str, **params: Any) -> Step:
    return Step(kind, params)


def choice(value: str, label: Msg, hint: Msg | None = None, *, primary: bool = False) -> Choice:
    return Choice(value, label, hint, primary)


def hero_name(hero: int) -> Msg:
    return msg("Hero {n}", n=hero + 1)


def card_of(ctx: Context, card_id: str | None) -> dict[str, Any]:
    card = find_card(ctx.deck, card_id) if card_id is not None else None
    if card is None:
        raise ValueError(f"card {card_id} is not in the deck")
    return card


def end_checklist(ctx: Context) -> None:
    """Drop the steps not reached yet: the game ends with this step."""
    assert ctx.checklist is not None
    del ctx.checklist.steps[ctx.checklist.cursor + 1 :]
