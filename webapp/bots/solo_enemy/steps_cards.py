"""The Solo Enemy's cards on the engine's card steps: its own deck, or the printed cards
named by the table.

Solo rulebook, "Action Selection Phase — Enemy Draws Cards": the top card goes to
the leftmost free Hero Slot and that Hero performs it; a single card left in the
deck is shuffled with the discard pile instead of being drawn. "Battling with a
Solo Enemy": a battle draws and reveals one card too.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.cards import (
    CardRules,
    DrawCard,
    EnterCard,
    IdentifyCard,
    Pile,
    ReshuffleCards,
    ShufflePrinted,
)
from ...engine.questions import entry
from . import kinds
from .cards import action_name, card_numbers, find_card, set_card, tactic_names
from .entry import card_check
from .rules import where_is
from .state import EnemyState
from .stepkit import EnemyStep, card_of, hero_name, new, slot_place, step_type
from .steps_battle import card_revealed


class DrawParams(TypedDict):
    """A card drawn or named: for a Hero's action, or for a battle."""

    purpose: str  # "hero" or "battle"
    hero: int | None  # the Hero Slot it goes to (None: a battle's)


def drawing_hero(p: DrawParams) -> int:
    """The Hero whose card is drawn (the draw is not a battle's)."""
    hero = p["hero"]
    assert hero is not None
    return hero


class EnemyCards(CardRules[EnemyState], TypedParams[DrawParams]):
    def pile(self, state: EnemyState, step: Step) -> Pile:
        return state.cards

    def revealed(self, state: EnemyState, ctx: Context, card_id: str, step: Step) -> None:
        """The card is on the table: a Hero's action, or the Enemy's card in a battle."""
        p = self.params(step)
        card = card_of(ctx, card_id)
        assert ctx.checklist is not None
        state.shown = card_id
        if p["purpose"] == "battle":
            ctx.insert(*card_revealed(state, ctx, card))
            return
        hero = drawing_hero(p)
        state.heroes[hero].card = card_id
        ctx.checklist.header["card"] = card_id
        ctx.note(
            msg(
                "Card {card} goes to Hero Slot {slot}: {hero} performs {action}.",
                card=card_id,
                slot=hero + 1,
                hero=hero_name(hero),
                action=action_name(card["action"]),
            ),
            places=[slot_place(hero)],
        )
        ctx.insert(new(card["action"], hero=hero, card=card_id))  # its action's opening step

    def refill(self, state: EnemyState, step: Step, rng: random.Random | None) -> Msg:
        # Solo rulebook, "Action Selection Phase": "take that card and ALL cards in the
        # discard pile (not cards in Hero Slots) and shuffle them together."
        return msg(
            "Its last card and the discard pile are shuffled into a new deck of {n} cards.",
            n=state.cards.reshuffle(rng),
        )

    def card_ids(self, state: EnemyState, step: Step) -> list[str]:
        return card_numbers()

    def misplaced(self, state: EnemyState, card: str, step: Step) -> Msg | None:
        return where_is(state, card)

    def known(self, state: EnemyState, deck: dict[str, Any], card: str, step: Step) -> bool:
        return find_card(deck, card) is not None

    def unknown(self, state: EnemyState, ctx: Context, card: str, step: Step) -> Step:
        return new(kinds.ENTER_CARD, card=card, tactics=tactic_names(ctx.deck), **self.params(step))

    def learn(self, deck: dict[str, Any], step: Step, value: Any) -> str:
        set_card(deck, value)
        return str(value["id"])


CARDS = EnemyCards()


@step_type(kinds.RESHUFFLE)
class Reshuffle(ReshuffleCards[EnemyState], EnemyStep):
    rules = CARDS

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("A single card is left in its deck: new deck")


@step_type(kinds.PHYSICAL_RESHUFFLE)
class PhysicalReshuffle(ShufflePrinted[EnemyState], EnemyStep):
    rules = CARDS

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "A single card is left in its deck: shuffle it with the discard pile into a new deck"
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Not the cards in its Hero Slots: they stay where they are.")


@step_type(kinds.DRAW)
class Draw(DrawCard[EnemyState], EnemyStep, TypedParams[DrawParams]):
    rules = CARDS

    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        if p["purpose"] == "battle":
            return msg("The Enemy draws a card for the battle")
        # the slot its card goes to is the note's, with the card and its action
        return msg("{hero} draws its card", hero=hero_name(drawing_hero(p)))


@step_type(kinds.IDENTIFY_CARD)
class Identify(IdentifyCard[EnemyState], EnemyStep, TypedParams[DrawParams]):
    rules = CARDS

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        p = self.params(step)
        if p["purpose"] == "battle":
            lead = msg("The Enemy's card for the battle.")
        else:
            lead = msg("It goes to Hero Slot {slot}.", slot=drawing_hero(p) + 1)
        return msg(
            "{lead} Use the number you gave the card (1 to 8). A card Botdeck knows shows at "
            "once; a new one is entered once.",
            lead=lead,
        )


class EnterCardParams(DrawParams):
    card: str
    tactics: list[str]


@step_type(kinds.ENTER_CARD)
class EnterPrintedCard(EnterCard[EnemyState], EnemyStep, TypedParams[EnterCardParams]):
    rules = CARDS

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("New card {card}: enter what it prints", card=self.params(step)["card"])

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("About 20 seconds, once: Botdeck remembers it in your card library.")

    def question(self, state: EnemyState, step: Step) -> Question:
        p = self.params(step)
        draft = {
            "kind": "card",
            "card": p["card"],
            "tactics": p["tactics"],
        }
        return entry(msg("What the card prints"), card_check(p["card"]), draft)
