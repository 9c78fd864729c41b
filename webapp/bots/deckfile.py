"""What every bot's deck files share: the versioned header, the JSON Schema check,
and the packaged JSON files (schema, demo deck) a bot reads.

Each bot publishes its own schema; this module only runs it and turns the first
error into a sentence a player can act on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, partial
from importlib import resources
from typing import Any

import jsonschema

from ..engine.file_versions import version_refusal
from ..engine.schema import first_error
from ..engine.text import Msg, msg

__all__ = [
    "DECK_FORMAT",
    "DECK_VERSION",
    "DeckError",
    "bundled_deck_files",
    "card_place",
    "first_error",
    "package_json",
    "placed",
    "schema_error",
]
DECK_FORMAT = "botdeck-deck"
DECK_VERSION = 1


class DeckError(ValueError):
    """A deck file that cannot be used; the message names the card and field."""


@cache
def _package_text(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text("utf-8")


def package_json(package: str, name: str) -> Any:
    """A JSON file shipped inside a bot's package, parsed afresh (callers may change it)."""
    return json.loads(_package_text(package, name))


@cache
def _bundled_schema(package: str) -> dict[str, Any]:
    return package_json(package, "deck.schema.json")  # type: ignore[no-any-return]


def bundled_deck_files(
    package: str | None,
) -> tuple[Callable[[], dict[str, Any]], Callable[[], dict[str, Any]]]:
    """`deck_schema, demo_deck` of a bot's package: the deck file schema it ships
    (`deck.schema.json`, read once) and its demo deck (`demo_deck.json`, parsed afresh:
    callers may change it)."""
    name = str(package)
    return partial(_bundled_schema, name), partial(package_json, name, "demo_deck.json")


def card_place(deck: Any, path: list[Any]) -> tuple[Msg, list[Any]]:
    """Where in a deck file a schema error's `path` is, as a player finds it ("card 07",
    "card number 3", "the deck file"), and the rest of the path inside that card."""
    if len(path) >= 2 and path[0] == "cards" and str(path[1]).isdigit():
        cards = deck.get("cards") if isinstance(deck, dict) else None
        index = int(path[1])
        card = cards[index] if isinstance(cards, list) and index < len(cards) else None
        card_id = card.get("id") if isinstance(card, dict) else None
        if isinstance(card_id, str):
            return msg("card {card}", card=card_id), path[2:]
        return msg("card number {n}", n=index + 1), path[2:]
    return msg("the deck file"), path


def placed(where: Msg | None, field: list[Any] | str, wrong: Msg, *, clause: bool = False) -> Msg:
    """A refusal naming the place and field. `wrong` is what `engine.schema.in_words`
    says ("card 07, field 'end' is missing"), or a whole clause after a colon
    ("card S2, field 'effects': a Ship card prints a power, not effects")."""
    name = field if isinstance(field, str) else ".".join(str(part) for part in field)
    if where is None and not name:
        where = msg("the card")
    if where is None:
        if clause:
            return msg("field '{field}': {wrong}", field=name, wrong=wrong)
        return msg("field '{field}' {wrong}", field=name, wrong=wrong)
    if not name:
        if clause:
            return msg("{where}: {wrong}", where=where, wrong=wrong)
        return msg("{where} {wrong}", where=where, wrong=wrong)
    if clause:
        return msg("{where}, field '{field}': {wrong}", where=where, field=name, wrong=wrong)
    return msg("{where}, field '{field}' {wrong}", where=where, field=name, wrong=wrong)


def schema_error(deck: Any, schema: dict[str, Any]) -> jsonschema.ValidationError | None:
    """Check the header, then the schema: the most telling error, or None.

    Raises DeckError at once for a file that is not a Botdeck deck of this version
    (a bot's `validate_deck` says one from a newer Botdeck is: `refused_as_newer`).
    """
    if not isinstance(deck, dict):
        raise DeckError(msg("the deck file is not a JSON object"))
    if deck.get("format") != DECK_FORMAT:
        raise DeckError(msg("this is not a Botdeck deck file (field 'format')"))
    refused = version_refusal(deck, DECK_VERSION)
    if refused is not None:
        raise DeckError(refused)
    return first_error(deck, schema)
