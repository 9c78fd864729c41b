"""Solo Action Cards: what one prints, the deck files that hold them, the demo deck.

Heroes of Land, Air & Sea solo rulebook, "Solo Action Cards — The Actions": a card
lists its action and whether it may be Followed; "Moving a Hero if an Action
Fails": its compass direction; "Battling with a Solo Enemy": the Strength at its
bottom and the Tactic Card the Enemy plays attacking or defending.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, msg
from ...engine.schema import in_words
from .. import whole_cards
from ..deckfile import DeckError, bundled_deck_files, card_place, first_error, placed

BOT_ID = "solo_enemy"
# Solo rulebook, "Components and Setup Changes": 8 Solo Action Cards.
CARD_COUNT = 8
ACTIONS = ("recruit", "build_track", "build_towers", "research", "tax", "attack")
TACTIC_ROLES = ("attacking", "defending")

ACTION_NAMES = {
    "recruit": msg("Recruit"),
    "build_track": msg("Build: Capital City Track"),
    "build_towers": msg("Build: Towers and Vessels"),
    "research": msg("Research"),
    "tax": msg("Tax"),
    "attack": msg("Attack"),
}
DIRECTION_NAMES = {
    "N": msg("north"),
    "NE": msg("north-east"),
    "E": msg("east"),
    "SE": msg("south-east"),
    "S": msg("south"),
    "SW": msg("south-west"),
    "W": msg("west"),
    "NW": msg("north-west"),
}
# The letters on the compass rose.
DIRECTION_LETTERS = {
    "N": msg("N"),
    "NE": msg("NE"),
    "E": msg("E"),
    "SE": msg("SE"),
    "S": msg("S"),
    "SW": msg("SW"),
    "W": msg("W"),
    "NW": msg("NW"),
}

__all__ = ["DeckError", "deck_schema", "demo_deck", "validate_deck"]


deck_schema, demo_deck = bundled_deck_files(__package__)
find_card = whole_cards.find_card


def card_numbers() -> list[str]:
    """The printed cards carry no number: the table numbers them 1 to 8, once."""
    return [str(n) for n in range(1, CARD_COUNT + 1)]


def validate_deck(deck: Any) -> dict[str, Any]:
    """Return the deck if it is usable, else raise DeckError naming card and field."""
    return whole_cards.validate_deck(deck, deck_schema(), _describe)


def validate_card(card: Any) -> dict[str, Any]:
    """One card entered by hand: the schema's card shape."""
    schema = {**deck_schema(), "$ref": "#/$defs/card"}
    for key in ("required", "properties", "additionalProperties"):
        schema.pop(key, None)
    error = first_error(card, schema)
    if error is not None:
        path, wrong = in_words(error)
        raise DeckError(placed(None, path, wrong))
    return card  # type: ignore[no-any-return]


def _describe(deck: dict[str, Any], error: Any) -> Msg:
    path, wrong = in_words(error)
    where, rest = card_place(deck, path)
    return placed(where, rest, wrong)


def tactic_names(deck: dict[str, Any]) -> list[str]:
    """Every Tactic Card named on the deck's cards, in a stable order."""
    names = {c["tactics"][role] for c in deck["cards"] for role in TACTIC_ROLES}
    return sorted(names, key=str.casefold)


def action_name(action: str) -> Msg:
    return ACTION_NAMES[action]


def empty_deck(name: str) -> dict[str, Any]:
    """A deck of the players' own cards, before any card is entered."""
    return whole_cards.empty_deck(BOT_ID, name)


def set_card(deck: dict[str, Any], card: dict[str, Any]) -> None:
    """Write an entered card into a deck, replacing what it held for that card."""
    whole_cards.set_card(deck, card, card_numbers())
