"""A bot's state as it is stored: `dataclasses.asdict`, with every enum written as its
value — what JSON reads back, type for type, so that a game resumed from storage holds
the same state as the game that stored it (an enum, such as a turn order's end rule,
would otherwise stay an object in memory and come back from the database as text)."""

from __future__ import annotations

from dataclasses import asdict
from enum import Enum
from typing import Any


def stored_asdict(state: Any) -> dict[str, Any]:
    """The dataclass `state` (and every dataclass in it) as plain JSON values."""
    return asdict(state, dict_factory=_plain)


def _plain(items: list[tuple[str, Any]]) -> dict[str, Any]:
    return {key: value.value if isinstance(value, Enum) else value for key, value in items}
