"""The Covenant's cards on the engine's card steps.

Its own deck: the top card of the acting Covenant's pile is drawn (an empty pile
reshuffled first). The printed cards: the table turns the card over and names it; the
app keeps the same bookkeeping (cards out, reshuffles, Hard's two sleeved piles, the
co-op 9-card decks) and asks what is printed on a card only the first time that part
of it is needed.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg, nmsg
from ...engine.cards import CardRules, EnterCard, IdentifyCard, Pile, ShufflePrinted
from ...engine.questions import entry
from ...engine.text import reason
from . import kinds
from .deck import DeckError, set_section, validate_section
from .rules import deal_coop_decks, discard_current, section_for_turn
from .sections import known_section, start_card
from .state import CovenantState
from .stepkit import CovenantStep, new, step_type

SIDE_NAMES = {"normal": msg("normal side"), "hard": msg("hard side")}


def printed_sections(deck: dict[str, Any], card_id: str, side: str) -> int | None:
    """How many sections that side of the card prints, if Botdeck knows."""
    card = next((c for c in deck["cards"] if c["id"] == card_id), None)
    sections = (card or {}).get("sides", {}).get(side, {}).get("sections")
    return len(sections) if sections else None


class CardParams(TypedDict, total=False):
    """What the card steps hold: the acting Covenant's pile (`key`: drawing, naming and
    shuffling it), the side and whether a bonus card (drawing, naming, entering), the
    card ids offered (naming) and the card entered (entering)."""

    key: str
    side: str
    bonus: bool
    cards: list[str]
    card: str


class CovenantCards(CardRules[CovenantState], TypedParams[CardParams]):
    shuffle_purpose = "draw"

    def pile(self, state: CovenantState, step: Step) -> Pile:
        return state.ai.piles.setdefault(self.params(step)["key"], Pile())

    def revealed(self, state: CovenantState, ctx: Context, card: str, step: Step) -> None:
        assert ctx.checklist is not None
        p = self.params(step)
        ctx.insert(
            *start_card(
                state,
                ctx.deck,
                ctx.checklist.header,
                card,
                p["side"],
                bonus=p["bonus"],
            )
        )

    def refill(self, state: CovenantState, step: Step, rng: random.Random | None) -> Msg:
        """The solo rulebook does not say what happens when its deck runs out: Botdeck
        shuffles that pile's discards into a new pile. 2-player co-op: "After the ninth
        turn ... shuffle all the Wayward Covenant cards and randomly create 2 new 9-card
        decks." """
        key = self.params(step)["key"]
        if not state.coop:
            if rng is not None:
                self.pile(state, step).reshuffle(rng)
                return msg(
                    "The deck had run out: its discards were shuffled into a new deck "
                    "(the rulebook does not say; Botdeck does this)."
                )
            pile = self.pile(state, step)
            pile.reshuffle(None)
            pile.unseen = max(0, state.pile_sizes[key] - len(pile.cards))  # whole again
            return nmsg(
                "The discard pile is shuffled into a new deck of {n} card.",
                "The discard pile is shuffled into a new deck of {n} cards.",
                len(pile),
            )
        if rng is None:
            for ai in state.ais:
                ai.piles = {key: Pile(unseen=state.pile_sizes[key])}
            return msg("Two new decks of 9 cards are dealt.")
        cards: list[str] = []
        for ai in state.ais:
            discard_current(state, ai)
            for pile in ai.piles.values():
                cards += pile.cards + pile.discard
        for ai, dealt in zip(state.ais, deal_coop_decks(cards, rng), strict=True):
            ai.piles = {key: Pile(cards=dealt)}
        return msg("The decks had run out: all the cards were shuffled into two new decks of 9.")

    def card_ids(self, state: CovenantState, step: Step) -> list[str]:
        return list(self.params(step)["cards"])

    def misplaced(self, state: CovenantState, card: str, step: Step) -> Msg | None:
        ai, key = state.ai, self.params(step)["key"]
        if card in self.pile(state, step).discard or any(
            other.current and other.current["card"] == card for other in state.ais
        ):
            return msg("already drawn since the deck was shuffled")
        # Hard: 9 cards sleeved on each side for good
        if any(pile.holds(card) for other, pile in ai.piles.items() if other != key):
            return msg("sleeved in the other pile")
        return None

    def known(self, state: CovenantState, deck: dict[str, Any], card: str, step: Step) -> bool:
        return known_section(deck, card, self.params(step)["side"], state.ai.turn)[0] is not None

    def unknown(self, state: CovenantState, ctx: Context, card: str, step: Step) -> Step:
        p = self.params(step)
        side, bonus = p["side"], p["bonus"]
        state.ai.current = {"card": card, "side": side, "section": None, "bonus": bonus}
        return new(
            kinds.ENTER_SECTION,
            card=card,
            side=side,
            bonus=bonus,
            count=printed_sections(ctx.deck, card, side),
        )

    def learn(self, deck: dict[str, Any], step: Step, value: Any) -> str:
        p = self.params(step)
        card, side = p["card"], p["side"]
        set_section(deck, card, side, value["index"], value["sections"], value["section"])
        return str(card)


CARDS = CovenantCards()


@step_type(kinds.IDENTIFY_CARD)
class Identify(IdentifyCard[CovenantState], CovenantStep, TypedParams[CardParams]):
    rules = CARDS

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Its {side}. Use the number printed on the card (or the one you gave it). "
            "A card Botdeck already knows shows at once; a new one is entered once.",
            side=SIDE_NAMES[self.params(step)["side"]],
        )


def entry_check(rows: list[int], known_count: int | None, wanted: int):  # type: ignore[no-untyped-def]
    """What an entered section must look like, checked before it counts."""

    def check(raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ValueError(msg("the entry is not an object"))
        count = raw.get("sections")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 8:
            raise ValueError(msg("field 'sections': from 1 to 8 sections on a side"))
        if known_count is not None and count != known_count:
            raise ValueError(
                nmsg(
                    "field 'sections': this side prints {n} section",
                    "field 'sections': this side prints {n} sections",
                    known_count,
                )
            )
        try:
            section = validate_section(raw.get("section"), rows)
        except DeckError as error:
            raise ValueError(reason(error)) from None
        return {"sections": count, "index": min(wanted, count - 1), "section": section}

    return check


class EnterSectionParams(TypedDict):
    card: str
    side: str
    bonus: bool
    count: int | None  # how many sections the side prints, if Botdeck knows


@step_type(kinds.ENTER_SECTION)
class EnterSection(EnterCard[CovenantState], CovenantStep, TypedParams[EnterSectionParams]):
    rules = CARDS

    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        return msg(
            "New card {card}: enter what its {side} prints for this turn",
            card=p["card"],
            side=SIDE_NAMES[p["side"]],
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Only this turn's section is needed. Botdeck remembers it in your library.")

    def question(self, state: CovenantState, step: Step) -> Question:
        p = self.params(step)
        count = p["count"]
        wanted = section_for_turn(state.ai.turn)
        draft = {
            "card": p["card"],
            "side": p["side"],
            "sections": count or max(4, wanted + 1),
            "fixed_count": count is not None,
            "wanted": wanted,
            "rows": list(state.rows),
        }
        return entry(msg("What the card prints"), entry_check(state.rows, count, wanted), draft)


@step_type(kinds.PHYSICAL_SHUFFLE)
class PhysicalShuffle(ShufflePrinted[CovenantState], CovenantStep):
    rules = CARDS

    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg(
                "The Covenant decks are out of cards: shuffle all 18 and deal two new decks of 9"
            )
        return msg("The deck is out of cards: shuffle its discards into a new deck")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if state.coop:
            return msg(
                "2-player co-op: after the ninth turn, shuffle all the Wayward Covenant "
                "cards and randomly create 2 new 9-card decks."
            )
        return msg("The rulebook does not say; Botdeck has the discards reshuffled.")
