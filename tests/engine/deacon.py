"""Deacon boards and states built for a test: a few islands, routes of a given cost."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import webapp.bots  # noqa: F401  (registers the bots)
from webapp.bots.deacon.cards import demo_deck
from webapp.bots.deacon.components import DEMO_COMPONENTS
from webapp.bots.deacon.state import DeaconState
from webapp.bots.deacon.turn import turn_cycle
from webapp.engine import Game, Pending

from .helpers import play as play_with


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


CREW = {
    "rows": [
        {"colour": "red", "tiles": 3},
        {"colour": "blue", "tiles": 3},
        {"colour": "green", "tiles": 3},
    ]
}
RESEARCH = {
    "spaces": [{"vp": n, "milestone": n in (3, 6), "missions": 1 + n // 4} for n in range(1, 11)]
}
SEAFLOOR = {"spaces": [{"tank": [{"effect": "vp", "n": 2}] if n == 3 else []} for n in range(1, 7)]}
REEF = {
    "initial": 2,
    "columns": [{"balls": 2, "vp": 1}, {"balls": 2, "vp": 3}, {"balls": 2, "vp": 2}],
}
MISSIONS = {"types": ["red", "blue", "green"]}


def state(
    b: dict[str, Any], *, at: int | None = 1, you_at: int | None = None, **fields: Any
) -> DeaconState:
    found = DeaconState(turns=turn_cycle(False), board=b, at=at, you_at=you_at)
    for name, value in fields.items():
        setattr(found, name, value)
    return found


def balls(s: DeaconState, owner: str, *keys: str) -> DeaconState:
    s.balls[owner].extend(keys)
    return s


# --- whole games ---------------------------------------------------------------------


COMPONENTS: dict[str, Any] = {
    "research": RESEARCH,
    "seafloor": SEAFLOOR,
    "reef_balls": REEF,
    "score_track": {"effects": [{"at": 10, "effects": [{"effect": "research"}]}]},
    "crew": CREW,
    "missions": MISSIONS,
    "pollution": {"small": -1, "medium": -2, "large": -3},
}

# What a quiet table answers when a test does not care.
DEFAULTS: dict[str, Any] = {
    "components": lambda pending: COMPONENTS[pending.step.params["part"]],
    "your_ship": "i9",
    "your_ball": "none",
    "cleaning": "none",
    "e_restoration": [{"effect": "vp", "n": 1}],
    "crew_bonus": [],
    "crew_offer": True,
    "reach_check": True,
}
# Answers given in turn: Deacon's Ship starts on island 1, yours on 9.
IN_TURN: dict[str, Any] = {"start_island": ["i1", "i9"]}


def play(
    game: Game,
    answers: dict[str, Any] | None = None,
    *,
    until: str | Callable[[Pending], bool] | None = None,
    limit: int = 2000,
) -> Pending | None:
    """Answer steps until `until` (a step kind or a test) is pending, or the game ends."""
    return play_with(
        game, {**IN_TURN, **(answers or {})}, until=until, limit=limit, defaults=DEFAULTS
    )


def new_game(seed: int = 1, deck: dict[str, Any] | None = None, **options: Any) -> Game:
    return Game("deacon", options, seed, deck or demo_deck())


def real_components() -> dict[str, dict[str, Any]]:
    """Printed parts as a table enters them: valid, and not the invented demo values
    (which a game never takes without asking)."""
    parts = copy.deepcopy(DEMO_COMPONENTS)
    parts["research"]["spaces"][-1]["vp"] = 14
    parts["seafloor"]["spaces"][0]["tank"] = [{"effect": "vp", "n": 1}]
    parts["reef_balls"]["initial"] = 4
    parts["score_track"]["effects"][0]["at"] = 7
    parts["crew"]["rows"][0]["tiles"] = 5
    parts["missions"]["types"] = ["blue", "red", "green"]
    parts["pollution"] = {"small": 1, "medium": 2, "large": 4}
    assert all(parts[name] != DEMO_COMPONENTS[name] for name in parts)
    return parts
