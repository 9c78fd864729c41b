"""Small hand-made Covenant decks for engine tests (each test states its cards)."""

from __future__ import annotations

import copy
from typing import Any

PLAIN_SECTION: dict[str, Any] = {
    "advancements": [],
    "influence": [],
    "end": "H",
    "top": False,
    "bottom": False,
    "effects": [{"type": "coins", "amount": 1}],
}


def section(**fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(PLAIN_SECTION)
    data.update(fields)
    return data


def deck(
    *sections: dict[str, Any],
    cards: int = 18,
    hard: list[dict[str, Any]] | None = None,
    rows: list[int] | None = None,
) -> dict[str, Any]:
    """A deck whose every card prints the same `sections` (top to bottom).

    `hard`, if given, is what every card's hard side prints; otherwise the hard
    side prints the same as the normal side.
    """
    normal = list(sections) or [section()]
    return {
        "format": "botdeck-deck",
        "version": 1,
        "bot": "covenant",
        "name": "Test deck",
        "layout": {"rows": rows or [3, 3, 3, 3]},
        "cards": [
            {
                "id": f"{number:02d}",
                "sides": {
                    "normal": {"sections": copy.deepcopy(normal)},
                    "hard": {"sections": copy.deepcopy(hard or normal)},
                },
            }
            for number in range(1, cards + 1)
        ],
    }
