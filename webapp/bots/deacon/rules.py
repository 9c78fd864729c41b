"""What Deacon decides from the board and its state: where a Reef Ball goes, which
island it sails to, which column its next ball comes from, what its tracks give.

Pure functions over `DeaconState` (and the board file it holds); the step types turn
their answers into checklist lines. Deacon rulebook: `shared/rules/reef-project-deacon.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg
from ...engine.geometry import Graph, Route
from .board import parsed_board
from .state import DEACON, YOU, DeaconState

# Deacon rulebook, "Objectives": "When any of the players reaches 22 VP".
OBJECTIVE_VP = 22
# Deacon rulebook, "End of the game": "As soon as any player reaches 45 VP".
END_VP = 45
# Deacon rulebook, "Hiring crew": "it does gain 4 VP when filling a row".
FULL_ROW_VP = 4
# Deacon rulebook, "Research track and missions": a set of Mission cards scores 4 VP;
# "B sides of ships": "the Mission sets score only 3 VP".
SET_VP = {"A": 4, "B": 3}


def route_key(a: int, b: int) -> str:
    low, high = sorted((int(a), int(b)))
    return f"{low}-{high}"


def route_ends(key: str) -> tuple[int, int]:
    a, b = key.split("-")
    return int(a), int(b)


def route_costs(board: dict[str, Any]) -> dict[str, int]:
    return {route_key(r["a"], r["b"]): int(r["cost"]) for r in board.get("routes", [])}


def islands(board: dict[str, Any]) -> list[int]:
    return sorted(int(i["number"]) for i in board.get("islands", []))


def graph(board: dict[str, Any]) -> Graph[int]:
    """The board's routes as a graph (built once per board file; read only)."""
    return parsed_board(board).graph


def sectors(board: dict[str, Any]) -> dict[str, tuple[list[str], int]]:
    """Each Ocean sector: the routes enclosing it, and its sharks."""
    return {
        str(s["id"]): ([route_key(a, b) for a, b in s["routes"]], int(s["sharks"]))
        for s in board.get("sectors", [])
    }


def key_of(route: Route[int]) -> str:
    return route_key(route.a, route.b)


def lowest_island(key: str) -> tuple[int, int]:
    """Deacon rulebook, "Deploy a Reef Ball" tiebreaker: the lowest numbered island."""
    a, b = route_ends(key)
    return (min(a, b), max(a, b))


# --- A. Deploy a Reef Ball ---------------------------------------------------------------


def sectors_closed_by(state: DeaconState, key: str) -> list[str]:
    """The Ocean sectors a Reef Ball on this route would close (Deacon rulebook,
    "Deploy a Reef Ball": "If placing the Reef Ball closes an Ocean sector, resolve
    Cleaning the Ocean")."""
    if state.filled(key):
        return []
    return [
        sector
        for sector, (routes, _) in sectors(state.board).items()
        if key in routes and all(state.filled(r) for r in routes if r != key)
    ]


def adjacent_deploy(state: DeaconState) -> str | None:
    """Deacon rulebook, "Deploy a Reef Ball": the cheapest route adjacent to its
    position without one of its Reef Balls; tied, the route that leads to the lowest
    numbered island; none, the step is ignored."""
    if state.at is None:
        return None
    costs = route_costs(state.board)
    options = [
        key for key in costs if state.at in route_ends(key) and not state.has_ball(DEACON, key)
    ]
    if not options:
        return None

    def leads_to(key: str) -> int:
        a, b = route_ends(key)
        return b if a == state.at else a

    return min(options, key=lambda key: (costs[key], leads_to(key)))


def anywhere_deploy(state: DeaconState) -> tuple[str, list[str]] | None:
    """Deacon cards effects, deploy: the first legal option anywhere on the main board —
    the cheapest route that would close an Ocean sector, else the cheapest route without
    one of its Reef Balls; tiebreaker the lowest numbered island. Returns the route and
    the sectors it closes."""
    costs = route_costs(state.board)
    closing = [key for key in costs if sectors_closed_by(state, key)]
    if closing:
        best = min(closing, key=lambda key: (costs[key], lowest_island(key)))
        return best, sectors_closed_by(state, best)
    free = [key for key in costs if not state.has_ball(DEACON, key)]
    if not free:
        return None
    # none of these closes a sector (it would be among `closing`)
    return min(free, key=lambda key: (costs[key], lowest_island(key))), []


@dataclass(frozen=True)
class BallSource:
    """Where its next Reef Ball comes from, and what emptying that column gives."""

    column: int | None  # None: the initial deployment area
    bonus: int  # VP when this ball empties its column (0 if it does not)


def next_ball(state: DeaconState, columns: list[dict[str, int]]) -> BallSource | None:
    """Deacon rulebook, "Deploy a Reef Ball": its initial Reef Balls first; then the
    column with the highest VP value until it is empty (and the VP bonus); then the next
    column to the right, wrapping around to the leftmost. None: it has none left."""
    reef = state.reef
    if reef.initial:
        return BallSource(None, 0)
    if not any(reef.columns):
        return None
    column = reef.column
    if column is None or reef.columns[column] == 0:
        if column is None:
            # The highest VP value; tied, the leftmost of them (the rulebook names none).
            column = max(
                (c for c in range(len(columns)) if reef.columns[c]),
                key=lambda c: (columns[c]["vp"], -c),
            )
        else:
            while reef.columns[column] == 0:
                column = (column + 1) % len(columns)
    bonus = columns[column]["vp"] if reef.columns[column] == 1 else 0
    return BallSource(column, bonus)


def take_ball(state: DeaconState, source: BallSource) -> None:
    reef = state.reef
    if source.column is None:
        reef.initial = (reef.initial or 0) - 1
        return
    reef.column = source.column
    reef.columns[source.column] -= 1
    if source.bonus:
        state.add_vp("reef_columns", source.bonus)


def place_ball(state: DeaconState, owner: str, key: str) -> list[str]:
    """A Reef Ball on the route; returns the sectors it closed."""
    closing = sectors_closed_by(state, key)
    if key not in state.balls[owner]:
        state.balls[owner].append(key)
    return closing


# --- B. Move its Ship --------------------------------------------------------------------


def board_complete(state: DeaconState) -> bool:
    """Whether the board says enough to compute a move: routes for every island, and
    both Ships placed."""
    places = set(islands(state.board))
    joined = graph(state.board).places()
    return bool(places) and places <= joined and state.at in places


def reachable(state: DeaconState) -> dict[int, list[int]]:
    """Deacon rulebook, "Movement rules": it can use any number of routes that either
    have one of its Reef Balls or show at most 1 energy, and at most 1 route that costs
    2; it has to move to another island, never the one your Ship is on."""
    assert state.at is not None

    def own_or_cheap(route: Route[int]) -> bool:
        return state.has_ball(DEACON, key_of(route)) or route.cost <= 1

    def costs_two(route: Route[int]) -> bool:
        return route.cost == 2 and not state.has_ball(DEACON, key_of(route))

    found = graph(state.board).reachable(
        state.at, free=own_or_cheap, limited=costs_two, limit=1, order=int
    )
    return {place: path for place, path in found.items() if place not in (state.at, state.you_at)}


@dataclass(frozen=True)
class Move:
    island: int | None  # None: no island it can move to
    path: list[int]
    listed: int | None  # which listed island (0, 1, 2) it is, None: the adjacent fallback


def choose_move(state: DeaconState, listed: list[int]) -> Move:
    """Deacon rulebook, "Move Deacon's Ship": the leftmost listed island it can legally
    reach, else the second, else the third; if none, an adjacent island by the route with
    the least energy cost (printed, regardless of Reef Balls), tied the lowest numbered."""
    reach = reachable(state)
    for index, island in enumerate(listed):
        if island in reach:
            return Move(island, reach[island], index)
    return adjacent_move(state)


def adjacent_move(state: DeaconState) -> Move:
    assert state.at is not None
    here = state.at
    near = [
        (route.cost, route.other(here))
        for route in graph(state.board).routes_from(here)
        # "It cannot move to the Island your Ship is on" holds for this move too.
        if route.other(here) != state.you_at
    ]
    if not near:
        return Move(None, [here], None)
    _, island = min(near)
    return Move(island, [here, island], None)


def path_routes(path: list[int]) -> list[str]:
    return [route_key(a, b) for a, b in zip(path, path[1:], strict=False)]


# --- C. Its tracks -----------------------------------------------------------------------


def research_step(state: DeaconState, spaces: list[dict[str, Any]]) -> Msg:
    """Deacon cards effects, research: its Scientist 1 step forward. "Research track and
    missions": a Milestone space reached — it skips the extra step, discards a Milestone
    tile face down and gains no reward."""
    if state.research >= len(spaces):
        return msg("Its Scientist is on the last space of the Research track: it stays.")
    state.research += 1
    if spaces[state.research - 1]["milestone"]:
        state.milestones += 1
        return msg(
            "Its Scientist reaches the Milestone space {space}: no extra step, no reward; "
            "take the top Milestone tile and put it face down by its Ship board.",
            space=state.research,
        )
    return msg("Its Scientist moves to space {space}.", space=state.research)


def diver_step(state: DeaconState, spaces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Deacon rulebook, "Exploring the reef": one step per Diver icon, never an extra
    one; an Oxygen Tank reached gives all its rewards; at the final step, moving again
    gains 1 VP instead. Returns the Oxygen Tank's rewards, to resolve."""
    if state.diver >= len(spaces):
        state.add_vp("seafloor", 1)
        return []
    state.diver += 1
    return list(spaces[state.diver - 1]["tank"])


def mission_sets(missions: list[str], types: list[str]) -> int:
    return min((missions.count(t) for t in types), default=0)


def lacking_types(state: DeaconState, types: list[str]) -> list[str]:
    """The Mission types its current set still lacks (a type it has in every set so far
    is one "it already has")."""
    sets = mission_sets(state.missions, types)
    return [t for t in types if state.missions.count(t) == sets]


def take_mission(state: DeaconState, colour: str, types: list[str]) -> int:
    """A Mission card taken; returns the VP of a set it completes (Deacon rulebook,
    "Research track and missions": a set scores 4 VP, 3 on the B side)."""
    before = mission_sets(state.missions, types)
    state.missions.append(colour)
    if mission_sets(state.missions, types) > before:
        points = SET_VP[state.side]
        state.add_vp("missions", points)
        return points
    return 0


# --- Crew ----------------------------------------------------------------------------------


def crew_full(state: DeaconState, rows: list[dict[str, Any]], row: int) -> bool:
    return state.crew[row] >= int(rows[row]["tiles"])


def least_rows(state: DeaconState, rows: list[dict[str, Any]]) -> list[int]:
    """Rows not full, the colour it has the least of first (topmost if tied)."""
    open_rows = [r for r in range(len(rows)) if not crew_full(state, rows, r)]
    return sorted(open_rows, key=lambda r: (state.crew[r], r))


def cheapest_wanted(state: DeaconState, rows: list[dict[str, Any]], cheapest: int) -> list[int]:
    """Deacon cards effects, hire the cheapest: the cheapest Crew tile; if the row with
    that colour is full, the cheapest of a colour it has the least of (topmost if tied).
    Returns the rows it wants, in order (the first is the cheapest tile's)."""
    if not crew_full(state, rows, cheapest):
        return [cheapest]
    return least_rows(state, rows)


def most_wanted(state: DeaconState, rows: list[dict[str, Any]]) -> list[int]:
    """Deacon cards effects, hire the most: the colour it has the most of; if that row is
    full or no such tile is offered, the next colour below (the bottom row wraps to the
    top). Returns the rows to try, in order, full rows left out."""
    count = len(rows)
    most = max(range(count), key=lambda r: (state.crew[r], -r))  # tied: the topmost
    order = [(most + step) % count for step in range(count)]
    return [r for r in order if not crew_full(state, rows, r)]


def intern_row(state: DeaconState, rows: list[dict[str, Any]]) -> int | None:
    """Deacon rulebook, "Hiring crew": every row but one filled, and no matching Crew
    tile for the remaining row: it takes an Intern for that row."""
    open_rows = [r for r in range(len(rows)) if not crew_full(state, rows, r)]
    return open_rows[0] if len(open_rows) == 1 else None


def hire(state: DeaconState, rows: list[dict[str, Any]], row: int) -> int:
    """A Crew tile placed in its row (left to right); returns the VP of a row it fills
    (4, on the A side; on the B side filled rows score at the end)."""
    state.crew[row] += 1
    if crew_full(state, rows, row) and state.side == "A":
        state.add_vp("crew", FULL_ROW_VP)
        return FULL_ROW_VP
    return 0


def smallest_row(state: DeaconState) -> int:
    """Deacon cards effects: 1 VP per Crew tile in the row with the fewest (minimum 1,
    the starting Crew counts)."""
    return max(1, min(state.crew, default=1))


def full_rows(state: DeaconState, rows: list[dict[str, Any]]) -> int:
    return sum(1 for r in range(len(rows)) if crew_full(state, rows, r))


def score_track_effect(state: DeaconState, marks: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Deacon cards effects: "the furthest effect that its Scoring marker has crossed"."""
    crossed = [mark for mark in marks if mark["at"] <= state.total_vp]
    return max(crossed, key=lambda mark: mark["at"]) if crossed else None


def who_has_least(state: DeaconState) -> str:
    """Deacon rulebook, "Objectives": who has the least VP (a tie: not Deacon, so you
    draw the 3 cards of the player behind)."""
    return DEACON if state.total_vp < state.your_vp else YOU
