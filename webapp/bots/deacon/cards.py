"""Deacon's cards: what one prints, the deck files that hold them, the demo deck.

Deacon rulebook, "Solo components": 8 Basic cards (1-8), 4 Advanced cards (1A-4A)
and 5 Ship cards. "Move Deacon's Ship": every card prints a row of Islands on top;
"Perform actions": a Basic or Advanced card's effects, done left to right, top to
bottom; the Appendix, "Deacon's Ship Powers": what a Ship card does instead.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, msg, nmsg
from ...engine.schema import in_words, quoted
from .. import whole_cards
from ..deckfile import DeckError, bundled_deck_files, card_place, first_error, placed

BOT_ID = "deacon"
BASIC = tuple(str(n) for n in range(1, 9))
ADVANCED = tuple(f"{n}A" for n in range(1, 5))
# Deacon rulebook, "Setup" 3: the Ship cards print no number; the table numbers them once.
SHIPS = tuple(f"S{n}" for n in range(1, 6))
ISLANDS_PER_CARD = 3
MAX_EFFECTS = 8

# Deacon rulebook, "Deacon cards effects", in its order; then the two counted effects:
# "symbols" (1 VP per symbol type shown) and "vp" (plain VP, printed on Oxygen Tanks,
# the score track, Seafloor tiles and Crew bonuses, never on a Deacon card).
EFFECTS = (
    "symbols",
    "research",
    "diver",
    "restoration",
    "deploy",
    "mission",
    "crew_cheapest",
    "crew_most",
    "crew_score",
    "score_track",
    "pollution_small",
    "pollution_medium",
    "reshuffle",
    "vp",
)
CARD_EFFECTS = tuple(e for e in EFFECTS if e != "vp")
# Deacon rulebook, Appendix, "Deacon's Ship Powers", in its order.
POWERS = (
    "diver2_restore",
    "crew_hire_score",
    "pollution_deploy",
    "deploy_research",
    "mission_deploy",
)

EFFECT_NAMES = {
    "symbols": msg("1 VP per symbol type"),
    "research": msg("Research: its Scientist 1 step forward"),
    "diver": msg("Its Diver 1 step forward"),
    "restoration": msg("Reef Restoration: the Seafloor tile above its Diver"),
    "deploy": msg("Deploy a Reef Ball anywhere"),
    "mission": msg("A Mission of a type it does not have"),
    "crew_cheapest": msg("Hire the cheapest Crew tile"),
    "crew_most": msg("Hire Crew of the colour it has most of"),
    "crew_score": msg("1 VP per Crew tile in its shortest row"),
    "score_track": msg("The furthest score-track effect it has crossed"),
    "pollution_small": msg("The smallest Pollution tile available"),
    "pollution_medium": msg("A medium Pollution tile"),
    "reshuffle": msg("Reshuffle the discard pile into the deck"),
    "vp": msg("Victory Points"),
}
POWER_NAMES = {
    "diver2_restore": msg("Its Diver 2 steps forward, then Reef Restoration"),
    "crew_hire_score": msg("Hire the cheapest Crew tile, then 1 VP per tile of its shortest row"),
    "pollution_deploy": msg("A medium Pollution tile, then deploy a Reef Ball"),
    "deploy_research": msg("Deploy a Reef Ball, then its Scientist 1 step forward"),
    "mission_deploy": msg("A Mission of a type it does not have, then deploy a Reef Ball"),
}

__all__ = [
    "ADVANCED",
    "BASIC",
    "EFFECTS",
    "EFFECT_NAMES",
    "POWERS",
    "POWER_NAMES",
    "SHIPS",
    "DeckError",
    "card_ids",
    "card_kind",
    "card_label",
    "deck_schema",
    "demo_deck",
    "effect_name",
    "empty_deck",
    "find_card",
    "set_card",
    "validate_card",
    "validate_deck",
    "validate_effects",
]

deck_schema, demo_deck = bundled_deck_files(__package__)
find_card = whole_cards.find_card


def card_ids() -> list[str]:
    """All 17 cards in the deck file's order: 1..8, 1A..4A, S1..S5."""
    return [*BASIC, *ADVANCED, *SHIPS]


def card_kind(card_id: str) -> str:
    """ "basic", "advanced" or "ship": a card's kind follows from its id."""
    if card_id in SHIPS:
        return "ship"
    if card_id in ADVANCED:
        return "advanced"
    if card_id in BASIC:
        return "basic"
    raise DeckError(msg("there is no Deacon card {card_id} (field 'id')", card_id=repr(card_id)))


def card_label(card_id: str) -> Msg:
    kind = card_kind(card_id)
    if kind == "ship":
        return msg("Ship card {number}", number=card_id[1:])
    if kind == "advanced":
        return msg("Advanced card {number}", number=card_id)
    return msg("Basic card {number}", number=card_id)


def effect_name(effect: dict[str, Any]) -> Msg:
    """An effect as the checklist names it: "1 VP per symbol type (2 types: 2 VP)"."""
    kind = effect["effect"]
    if kind == "symbols":
        # Deacon rulebook, "Deacon cards effects": "1 VP per symbol type regardless of
        # how many symbols of the same type appear".
        return nmsg(
            "1 VP per symbol type (1 type: 1 VP)",
            "1 VP per symbol type ({n} types: {n} VP)",
            len(effect["symbols"]),
        )
    if kind == "vp":
        return nmsg("{n} VP", "{n} VP", effect["n"])
    return EFFECT_NAMES[kind]


def power_name(power: str) -> Msg:
    return POWER_NAMES[power]


# --- deck files ---------------------------------------------------------------------------


def validate_deck(deck: Any) -> dict[str, Any]:
    """Return the deck if it is usable, else raise DeckError naming card and field."""
    return whole_cards.validate_deck(deck, deck_schema(), _describe)


def _part_schema(ref: dict[str, Any]) -> dict[str, Any]:
    """The deck schema checking one of its parts (`ref`) instead of a whole deck."""
    schema = {**deck_schema(), **ref}
    for key in ("required", "properties", "additionalProperties"):
        schema.pop(key, None)
    return schema


def validate_card(card: Any) -> dict[str, Any]:
    """One card entered by hand: the schema's card shape."""
    error = first_error(card, _part_schema({"$ref": "#/$defs/card"}))
    if error is not None:
        field, message, clause = _field_and_message(error)
        raise DeckError(placed(None, field, message, clause=clause))
    return card  # type: ignore[no-any-return]


def validate_effects(
    effects: Any, *, allow_vp: bool = True, field: str = "effects"
) -> list[dict[str, Any]]:
    """A list of effects (a Seafloor tile, an Oxygen Tank, a Crew bonus…); DeckError
    names the field, `field.2.symbols` for the third effect's symbols."""
    item = "#/$defs/effect" if allow_vp else "#/$defs/card_effect"
    schema = _part_schema(
        {"type": "array", "minItems": 1, "maxItems": MAX_EFFECTS, "items": {"$ref": item}}
    )
    error = first_error(effects, schema)
    if error is not None:
        path, message, clause = _field_and_message(error)
        raise DeckError(placed(None, ".".join(filter(None, (field, path))), message, clause=clause))
    return effects  # type: ignore[no-any-return]


def _describe(deck: dict[str, Any], error: Any) -> Msg:
    field, message, clause = _field_and_message(error)
    where, rest = card_place(deck, field.split(".") if field else [])
    return placed(where, rest, message, clause=clause)


# Which fields belong to which kind of card or effect (the schema's `"not": {}`).
_NOT_HERE = {
    "effects": msg("a Ship card prints a power, not effects"),
    "power": msg("only a Ship card prints a power"),
    "name": msg("only a Ship card has a name"),
    "symbols": msg("only a 'symbols' effect counts symbols"),
    "n": msg("only a 'vp' effect has a number of VP"),
}


def _field_and_message(error: Any) -> tuple[str, Msg, bool]:
    """Where a schema error is (dotted path), what it says in the player's words (never
    the whole value: a deck's card list would fill the screen), and whether that is a
    whole clause (see `deckfile.placed`)."""
    where, wrong = in_words(error)
    path = [str(p) for p in where]
    rule, value = error.validator, error.validator_value
    if rule not in ("not", "uniqueItems") and not (rule == "pattern" and path[-1:] == ["id"]):
        return ".".join(path), wrong, False
    message: Msg = wrong
    if rule == "not":
        message = (
            _NOT_HERE.get(path[-1] if path else "", msg("not allowed here"))
            if value == {}
            else msg("plain VP are never printed on a Deacon card")
        )
    elif rule == "uniqueItems":
        message = msg("the 3 Islands of a card are all different")
    elif rule == "pattern" and path and path[-1] == "id":
        message = msg(
            "{value} is not a Deacon card: 1 to 8, 1A to 4A, S1 to S5", value=quoted(error.instance)
        )
    return ".".join(path), message, True


def empty_deck(name: str) -> dict[str, Any]:
    """A deck of the players' own cards, before any card is entered."""
    return whole_cards.empty_deck(BOT_ID, name)


def set_card(deck: dict[str, Any], card: dict[str, Any]) -> None:
    """Write an entered card into a deck, replacing what it held for that card."""
    whole_cards.set_card(deck, card, card_ids())
