"""A deck whose every printed card is entered whole, in one form: what the Solo Enemy's
and Deacon's decks share (the Covenant's cards are entered section by section instead).

The deck file lists each card once, in the bot's printed order; a card is one part,
`"card"`; the card library's `DeckRules` methods follow from the card numbers, the order
and the check of one entered card, so a bot's deck is a `WholeCards` made with those.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.capabilities import DeckRules
from ..engine.file_versions import refused_as_newer
from ..engine.text import Msg, msg, reason
from .deckfile import DECK_FORMAT, DECK_VERSION, DeckError, schema_error

CardCheck = Callable[[Any], dict[str, Any]]


def empty_deck(bot_id: str, name: str) -> dict[str, Any]:
    """A deck of the players' own cards, before any card is entered."""
    return {
        "format": DECK_FORMAT,
        "version": DECK_VERSION,
        "bot": bot_id,
        "name": name,
        "cards": [],
    }


def find_card(deck: dict[str, Any], card_id: str) -> dict[str, Any] | None:
    return next((c for c in deck["cards"] if c["id"] == card_id), None)


def set_card(deck: dict[str, Any], card: dict[str, Any], order: Sequence[str]) -> None:
    """Write an entered card into a deck, replacing what it held for that card; the
    cards stay in `order` (every card number, in the deck file's order)."""
    deck["cards"] = [c for c in deck["cards"] if c["id"] != card["id"]] + [card]
    deck["cards"].sort(key=lambda c: order.index(c["id"]))


def deck_progress(deck: dict[str, Any], total: int) -> dict[str, int]:
    """A card is one part, entered whole: "5 of 8 cards"."""
    entered = len(deck["cards"])
    return {
        "cards": entered,
        "card_total": total,
        "complete": entered,
        "sections": entered,
        "section_total": total,
    }


def validate_deck(
    deck: Any, schema: dict[str, Any], describe: Callable[[dict[str, Any], Any], Msg]
) -> dict[str, Any]:
    """The deck if it is usable (its schema, each card once), else DeckError naming the
    card and field (`describe` words a schema error), or saying that a newer Botdeck
    made it."""
    with refused_as_newer(deck, DeckError):
        error = schema_error(deck, schema)
        if error is not None:
            raise DeckError(describe(deck, error))
        seen: set[str] = set()
        for card in deck["cards"]:
            if card["id"] in seen:
                raise DeckError(msg("card {card} is listed twice (field 'id')", card=card["id"]))
            seen.add(card["id"])
    return deck  # type: ignore[no-any-return]


def card_check(
    card_id: str,
    *,
    from_form: Callable[[str, dict[str, Any]], dict[str, Any]],
    whole_card_field: str,
    validate: Callable[[dict[str, Any]], dict[str, Any]],
    error: type[ValueError],
) -> CardCheck:
    """What an entered card must look like: the quick-entry form's fields (read by
    `from_form`), or the card as JSON (it has `whole_card_field`), checked by `validate`;
    a wrong card raises `error` naming the field."""

    def check(raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise error(msg("the card is not a set of fields"))
        card = dict(raw) if whole_card_field in raw else from_form(card_id, raw)
        if card.get("id", card_id) != card_id:
            raise error(msg("field 'id': this is card {card_id}", card_id=card_id))
        card["id"] = card_id
        try:
            return validate(card)
        except DeckError as wrong:
            raise error(reason(wrong)) from None

    return check


class WholeCards(DeckRules):
    """A bot's deck of whole cards (`Bot.cards`), made from the bot's own deck files
    (`schema`, `demo`, `validate`), card numbers (`card_ids`, in the file's order) and
    the check of one card (`card_check`); `entry_draft`: what the quick-entry form needs
    of the deck besides the card (names offered; None: nothing)."""

    def __init__(
        self,
        bot_id: str,
        *,
        schema: Callable[[], dict[str, Any]],
        demo: Callable[[], dict[str, Any]],
        validate: Callable[[Any], dict[str, Any]],
        card_ids: Callable[[], list[str]],
        card_check: Callable[[str], CardCheck],
        entry_draft: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> None:
        self.bot_id = bot_id
        self._schema, self._demo, self._validate = schema, demo, validate
        self.card_ids, self.card_check = card_ids, card_check
        self._draft = entry_draft

    def deck_schema(self) -> dict[str, Any]:
        return self._schema()

    def demo_deck(self) -> dict[str, Any]:
        return self._demo()

    def validate_deck(self, deck: Any) -> dict[str, Any]:
        return self._validate(deck)

    def entry_draft(self, deck: dict[str, Any]) -> dict[str, Any]:
        """What the quick-entry form needs of the deck besides the card."""
        return {} if self._draft is None else self._draft(deck)

    def empty_deck(self, name: str) -> dict[str, Any]:
        return empty_deck(self.bot_id, name)

    def deck_progress(self, deck: dict[str, Any]) -> dict[str, int]:
        return deck_progress(deck, len(self.card_ids()))

    def learn(self, deck: dict[str, Any], entry: dict[str, Any], answer: Any) -> None:
        if entry.get("kind") == "card":
            set_card(deck, answer, self.card_ids())

    def deck_entry(self, deck: dict[str, Any], card: str, part: str) -> dict[str, Any]:
        if part != "card" or card not in self.card_ids():
            raise ValueError(msg("no such part of a card"))
        return {
            "kind": "card",
            "card": card,
            **self.entry_draft(deck),
            "existing": find_card(deck, card),
        }

    def check_entry(self, deck: dict[str, Any], entry: dict[str, Any], raw: Any) -> Any:
        return self.card_check(entry["card"])(raw)

    def known_entry(self, deck: dict[str, Any], entry: dict[str, Any]) -> Any:
        if entry.get("kind") != "card":
            return None
        return find_card(deck, entry["card"])
