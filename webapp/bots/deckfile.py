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

from ..engine.schema import first_error

__all__ = [
    "DECK_FORMAT",
    "DECK_VERSION",
    "DeckError",
    "bundled_deck_files",
    "first_error",
    "package_json",
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


def schema_error(deck: Any, schema: dict[str, Any]) -> jsonschema.ValidationError | None:
    """Check the header, then the schema: the most telling error, or None.

    Raises DeckError at once for a file that is not a Botdeck deck of this version.
    """
    if not isinstance(deck, dict):
        raise DeckError("the deck file is not a JSON object")
    if deck.get("format") != DECK_FORMAT:
        raise DeckError("this is not a Botdeck deck file (field 'format')")
    if deck.get("version") != DECK_VERSION:
        raise DeckError(
            f"unsupported deck file version {deck.get('version')!r} (this app reads {DECK_VERSION})"
        )
    return first_error(deck, schema)
