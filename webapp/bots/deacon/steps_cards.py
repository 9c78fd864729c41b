"""Deacon's deck on the engine's card steps: the app draws it, or the table turns over
the printed cards and names them.

Deacon rulebook, "Move Deacon's Ship": "Reveal the top card of Deacon's deck and look at
the row of Islands listed on top of it"; "Perform actions": the card's actions follow.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.cards import CardRules, DrawCard, EnterCard, IdentifyCard, Pile, ShufflePrinted
from ...engine.questions import entry
from . import kinds
from .cards import card_label, find_card, set_card
from .entry import card_check
from .rules import board_complete, choose_move
from .state import DeaconState
from .stepkit import POWER_EFFECTS, DeaconStep, effect_steps, new, step_type


def deck_members(state: DeaconState) -> list[str]:
    """Deacon rulebook, "Setup" 4: its Ship card shuffled with the 8 Basic cards;
    "Difficulty modifiers": an Advanced card replaces the Basic card of its number."""
    swapped = {card[:-1] for card in state.advanced}
    basic = [str(n) for n in range(1, 9) if str(n) not in swapped]
    ship = [state.ship] if state.ship else []
    return [*ship, *basic, *state.advanced]


def move_steps(state: DeaconState, listed: list[int]) -> list[Step]:
    """B. Its move, worked out from the board; where the board cannot say, the table is
    asked about each listed island in turn."""
    if not board_complete(state) or any(
        island not in {int(i["number"]) for i in state.board.get("islands", [])}
        for island in listed
    ):
        return [new(kinds.REACH_CHECK, listed=listed, index=0)]
    move = choose_move(state, listed)
    return [new(kinds.MOVE, island=move.island, path=move.path, listed=move.listed, islands=listed)]


class DeaconCards(CardRules[DeaconState]):
    shuffle_purpose = "deacon_reshuffle"

    def pile(self, state: DeaconState, step: Step) -> Pile:
        return state.cards

    def revealed(self, state: DeaconState, ctx: Context, card_id: str, step: Step) -> None:
        card = find_card(ctx.deck, card_id)
        if card is None:
            raise ValueError(msg("card {card_id} is not in the deck", card_id=card_id))
        assert ctx.checklist is not None
        state.shown = card_id
        state.cards.put(card_id)  # once its actions are done it is on the discard pile
        ctx.checklist.header["card"] = card_id
        ctx.note(msg("{card} is on show.", card=card_label(card_id)))
        effects = POWER_EFFECTS[card["power"]] if "power" in card else card["effects"]
        ctx.insert(
            *move_steps(state, list(card["islands"])), *effect_steps(state, effects, card_id, ctx)
        )

    def card_ids(self, state: DeaconState, step: Step) -> list[str]:
        return deck_members(state)

    def known(self, state: DeaconState, deck: dict[str, Any], card: str, step: Step) -> bool:
        return find_card(deck, card) is not None

    def unknown(self, state: DeaconState, ctx: Context, card: str, step: Step) -> Step:
        return new(kinds.ENTER_CARD, card=card)

    def learn(self, deck: dict[str, Any], step: Step, value: Any) -> str:
        set_card(deck, value)
        return str(value["id"])


CARDS = DeaconCards()


@step_type(kinds.DRAW)
class Draw(DrawCard[DeaconState], DeaconStep):
    rules = CARDS

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("It draws the top card of its deck")


@step_type(kinds.IDENTIFY_CARD)
class Identify(IdentifyCard[DeaconState], DeaconStep):
    rules = CARDS

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return msg(
            "Use the number printed on the card (1 to 8, 1A to 4A) or S and the number you "
            "gave its Ship card. A card Botdeck knows shows at once; a new one is entered once."
        )


class EnterCardParams(TypedDict):
    card: str


@step_type(kinds.ENTER_CARD)
class EnterPrintedCard(EnterCard[DeaconState], DeaconStep, TypedParams[EnterCardParams]):
    rules = CARDS

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("New card: enter what {card} prints", card=card_label(self.params(step)["card"]))

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return msg(
            "About 20 seconds, once: the three islands on top, then its effects in printed "
            "order. Botdeck remembers it in your card library."
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        p = self.params(step)
        draft = {"kind": "card", "card": p["card"]}
        return entry(msg("What the card prints"), card_check(p["card"]), draft)


@step_type(kinds.PHYSICAL_RESHUFFLE)
class PhysicalReshuffle(ShufflePrinted[DeaconState], DeaconStep):
    rules = CARDS

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Shuffle its discard pile with its deck, this card included")
