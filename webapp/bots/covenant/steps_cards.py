"""Physical-deck mode: the table turns the printed card over and names it.

The app keeps the same bookkeeping as with its own deck (cards out, reshuffles,
Hard's two sleeved piles, the co-op 9-card decks) and asks what is printed on a
card only the first time that part of it is needed.
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, msg
from ...engine.questions import choose, confirm, entry
from .deck import DeckError, set_section, validate_section
from .rules import section_for_turn
from .state import CovenantState
from .stepkit import CovenantStep, choice, new, step_type
from .turn import known_section, start_card

SIDE_NAMES = {"normal": msg("normal side"), "hard": msg("hard side")}


def printed_sections(deck: dict[str, Any], card_id: str, side: str) -> int | None:
    """How many sections that side of the card prints, if Botdeck knows."""
    card = next((c for c in deck["cards"] if c["id"] == card_id), None)
    sections = (card or {}).get("sides", {}).get(side, {}).get("sections")
    return len(sections) if sections else None


def misplaced(state: CovenantState, card: str, key: str) -> Msg | None:
    """Why this card cannot be in that pile right now, if it cannot."""
    ai = state.ai
    if card in ai.discard.get(key, []) or any(
        other.current and other.current["card"] == card for other in state.ais
    ):
        return msg("already drawn since the deck was shuffled")
    if any(card in cards for pile, cards in ai.members.items() if pile != key):
        return msg("sleeved in the other pile")
    return None


@step_type("identify_card")
class IdentifyCard(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Turn over the top card: which card is it?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Its {side}. Use the number printed on the card (or the one you gave it). "
            "A card Botdeck already knows shows at once; a new one is entered once.",
            side=SIDE_NAMES[step.params["side"]],
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        key = step.params["key"]
        choices = []
        for card in step.params["cards"]:
            warning = misplaced(state, card, key)
            choices.append(choice(card, msg("{card}", card=card), warning))
        return choose(msg("Card number"), *choices)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        ai, key, side = state.ai, step.params["key"], step.params["side"]
        warning = misplaced(state, value, key)
        if warning is not None:
            ctx.note(
                msg(
                    "Card {card} is {why}: Botdeck takes it, but check the deck.",
                    card=value,
                    why=warning,
                )
            )
        ai.remaining[key] = max(0, ai.remaining.get(key, 0) - 1)
        members = ai.members.setdefault(key, [])
        if value not in members:
            members.append(value)
        section, _, _ = known_section(ctx.deck, value, side, ai.turn)
        assert ctx.checklist is not None
        if section is None:
            ai.current = {
                "card": value,
                "side": side,
                "section": None,
                "bonus": step.params["bonus"],
            }
            ctx.insert(
                new(
                    "enter_section",
                    card=value,
                    side=side,
                    bonus=step.params["bonus"],
                    count=printed_sections(ctx.deck, value, side),
                )
            )
            return
        ctx.insert(
            *start_card(
                state, ctx.deck, ctx.checklist.header, value, side, bonus=step.params["bonus"]
            )
        )


def entry_check(rows: list[int], known_count: int | None, wanted: int):  # type: ignore[no-untyped-def]
    """What an entered section must look like, checked before it counts."""

    def check(raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ValueError("the entry is not an object")
        count = raw.get("sections")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 8:
            raise ValueError("field 'sections': from 1 to 8 sections on a side")
        if known_count is not None and count != known_count:
            raise ValueError(f"field 'sections': this side prints {known_count} sections")
        try:
            section = validate_section(raw.get("section"), rows)
        except DeckError as error:
            raise ValueError(str(error)) from None
        return {"sections": count, "index": min(wanted, count - 1), "section": section}

    return check


@step_type("enter_section")
class EnterSection(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "New card {card}: enter what its {side} prints for this turn",
            card=step.params["card"],
            side=SIDE_NAMES[step.params["side"]],
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Only this turn's section is needed. Botdeck remembers it in your library.")

    def question(self, state: CovenantState, step: Step) -> Question:
        count = step.params["count"]
        wanted = section_for_turn(state.ai.turn)
        draft = {
            "card": step.params["card"],
            "side": step.params["side"],
            "sections": count or max(4, wanted + 1),
            "fixed_count": count is not None,
            "wanted": wanted,
            "rows": list(state.rows),
        }
        return entry(msg("What the card prints"), entry_check(state.rows, count, wanted), draft)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        card, side = step.params["card"], step.params["side"]
        set_section(ctx.deck, card, side, value["index"], value["sections"], value["section"])
        assert ctx.checklist is not None
        ctx.note(msg("Saved to your library: next time this card shows at once."))
        ctx.insert(
            *start_card(
                state, ctx.deck, ctx.checklist.header, card, side, bonus=step.params["bonus"]
            )
        )


@step_type("physical_shuffle")
class PhysicalShuffle(CovenantStep):
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

    def question(self, state: CovenantState, step: Step) -> Question:
        return confirm(msg("Shuffled"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        key = step.params["key"]
        for ai in state.ais if state.coop else [state.ai]:
            ai.discard[key] = []
            ai.remaining[key] = state.pile_sizes[key]
            if state.coop:
                ai.members = {}
