"""Deacon boards and states built for a test: a few islands, routes of a given cost."""

from __future__ import annotations

from typing import Any

from webapp.bots.deacon.state import DeaconState
from webapp.bots.deacon.turn import turn_cycle


def board(
    routes: list[tuple[int, int, int]],
    sectors: list[tuple[str, list[tuple[int, int]], int]] = (),  # type: ignore[assignment]
    islands: list[int] | None = None,
) -> dict[str, Any]:
    """A board file: `routes` as (a, b, cost), sectors as (id, [(a, b)…], sharks)."""
    numbers = islands or sorted({n for a, b, _ in routes for n in (a, b)})
    return {
        "format": "botdeck-board",
        "version": 1,
        "bot": "deacon",
        "name": "Test board",
        "islands": [{"number": n, "x": 50 * n, "y": 50} for n in numbers],
        "routes": [{"a": a, "b": b, "cost": cost} for a, b, cost in routes],
        "sectors": [
            {"id": sid, "routes": [list(r) for r in ring], "sharks": sharks}
            for sid, ring, sharks in sectors
        ],
    }


CREW = {"rows": [{"colour": "red", "tiles": 3}, {"colour": "blue", "tiles": 3}, {"colour": "green", "tiles": 3}]}
RESEARCH = {
    "spaces": [{"vp": n, "milestone": n in (3, 6), "missions": 1 + n // 4} for n in range(1, 11)]
}
SEAFLOOR = {"spaces": [{"tank": [{"effect": "vp", "n": 2}] if n == 3 else []} for n in range(1, 7)]}
REEF = {"initial": 2, "columns": [{"balls": 2, "vp": 1}, {"balls": 2, "vp": 3}, {"balls": 2, "vp": 2}]}
MISSIONS = {"types": ["red", "blue", "green"]}


def state(b: dict[str, Any], *, at: int | None = 1, you_at: int | None = None, **fields: Any) -> DeaconState:
    found = DeaconState(turns=turn_cycle(False), board=b, at=at, you_at=you_at)
    for name, value in fields.items():
        setattr(found, name, value)
    return found


def balls(s: DeaconState, owner: str, *keys: str) -> DeaconState:
    s.balls[owner].extend(keys)
    return s
