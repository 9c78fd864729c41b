"""The board editor's taps: a board of the players' own, copied from the printed Main
board island by island, route by route, sector by sector.

Three modes: *Islands* (a tap on an empty spot places the next free number there; a tap
on an island selects it, to renumber or delete it), *Routes* (a tap on an island, then
on another: the route between them, whose energy cost is then tapped; a tap on a route
selects it) and *Sectors* (taps on the routes around an area, then its sharks and *Save
sector*; a tap on a sector's name selects it).

The board file is the stored truth: `edit_board` takes it and one tap and returns it
changed (or not) with the editor's new `editing` state (the mode, what is selected),
which goes to the browser and back: anything sent back is checked against the board.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from typing import Any

from ...engine import Msg, msg
from .board import HEIGHT, WIDTH, Board, route_ends, route_key

__all__ = ["MODES", "TapRefused", "edit_board", "editing_state", "start_editing"]

ISLANDS, ROUTES, SECTORS = "islands", "routes", "sectors"
MODES = (ISLANDS, ROUTES, SECTORS)
# board.schema.json's limits
MAX_ISLANDS, MAX_ROUTES, MAX_SECTORS, MAX_SECTOR_ROUTES = 60, 150, 60, 40
MAX_NUMBER = 99
COSTS = (0, 1, 2)
SHARKS = (1, 2, 3)
NEW_ROUTE_COST = 1
# Two islands closer than this are refused (their circles, radius 30, would overlap).
NEAREST = 45

Fields = Mapping[str, str]


class TapRefused(ValueError):
    """A tap that cannot be done; its `args[0]` is the message in the players' words."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message


# --- the editing state ------------------------------------------------------------------


def start_editing(board: dict[str, Any]) -> dict[str, Any]:
    """Islands first: a new board has nothing else to tap."""
    return {
        "mode": ISLANDS,
        "island": None,
        "route": None,
        "picked": [],
        "sharks": 1,
        "sector": None,
    }


def editing_state(board: Board, raw: Any) -> dict[str, Any]:
    """The state the browser sent back, keeping only what still makes sense on the board."""
    state = start_editing({})
    if not isinstance(raw, dict):
        return state
    if raw.get("mode") in MODES:
        state["mode"] = raw["mode"]
    if _whole(raw.get("island")) and raw["island"] in board.islands:
        state["island"] = raw["island"]
    keys = set(board.route_keys())
    if isinstance(raw.get("route"), str) and raw["route"] in keys:
        state["route"] = raw["route"]
    if isinstance(raw.get("picked"), list):
        picked = [k for k in raw["picked"][:MAX_SECTOR_ROUTES] if isinstance(k, str) and k in keys]
        state["picked"] = list(dict.fromkeys(picked))
    if raw.get("sharks") in SHARKS and _whole(raw["sharks"]):
        state["sharks"] = raw["sharks"]
    if isinstance(raw.get("sector"), str) and raw["sector"] in board.sectors:
        state["sector"] = raw["sector"]
    return state


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(fields: Fields, name: str, low: int, high: int) -> int:
    raw = str(fields.get(name, "")).strip()
    try:
        value = int(raw) if len(raw) <= 6 else None
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise TapRefused(
            msg(
                "{field} must be a whole number from {low} to {high}.",
                field=name,
                low=low,
                high=high,
            )
        )
    return value


# --- one tap ------------------------------------------------------------------------------


def edit_board(
    board: dict[str, Any], editing: dict[str, Any], fields: Fields
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One tap: the board file (a changed copy, or the same object) and the new state."""
    parsed = Board.from_json(board)
    state = editing_state(parsed, editing)
    op = fields.get("op", "")
    handler = _TAPS.get(op) if isinstance(op, str) else None
    if handler is None:
        raise TapRefused(msg("That tap is not one this editor knows."))
    data = copy.deepcopy(board)
    handler(data, parsed, state, fields)
    return (board if data == board else data), state


def _mode(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    mode = fields.get("value")
    if mode not in MODES:
        raise TapRefused(msg("That tap is not one this editor knows."))
    state.update(start_editing(data), mode=mode, sharks=state["sharks"])


def _clear(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    state.update(island=None, route=None, picked=[], sector=None)


def _point(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    """Islands mode: a new island where the table tapped, with the next free number."""
    x, y = _point_at(fields.get("at", ""))
    if state["mode"] != ISLANDS:
        state.update(island=None, route=None, sector=None)
        return
    near = _nearest(board, x, y)
    if near is not None:
        raise TapRefused(msg("Island {n} is already there: tap it to select it.", n=near))
    if len(board.islands) >= MAX_ISLANDS:
        raise TapRefused(msg("A board holds at most {n} islands.", n=MAX_ISLANDS))
    number = next_number(board)
    if number is None:
        raise TapRefused(msg("Every island number from 1 to {n} is taken.", n=MAX_NUMBER))
    data["islands"].append({"number": number, "x": x, "y": y})
    state.update(island=number, route=None, sector=None)


def _point_at(raw: Any) -> tuple[int, int]:
    """The spot tapped: "x,y" in the 1000 × 700 drawing."""
    x, _, y = str(raw)[:12].partition(",")
    return _number({"x": x}, "x", 0, WIDTH), _number({"y": y}, "y", 0, HEIGHT)


def _nearest(board: Board, x: int, y: int) -> int | None:
    for number, (ix, iy) in board.islands.items():
        if math.hypot(ix - x, iy - y) < NEAREST:
            return number
    return None


def next_number(board: Board) -> int | None:
    """The smallest island number not on the board yet."""
    return next((n for n in range(1, MAX_NUMBER + 1) if n not in board.islands), None)


def _island(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    number = _number(fields, "n", 1, MAX_NUMBER)
    if number not in board.islands:
        raise TapRefused(msg("Island {n} is not on the board.", n=number))
    if state["mode"] == ROUTES and state["island"] is not None and state["island"] != number:
        key = route_key(state["island"], number)
        if key not in board.route_keys():
            if len(data["routes"]) >= MAX_ROUTES:
                raise TapRefused(msg("A board holds at most {n} routes.", n=MAX_ROUTES))
            a, b = route_ends(key)
            data["routes"].append({"a": a, "b": b, "cost": NEW_ROUTE_COST})
        state.update(island=None, route=key)
        return
    state.update(island=None if state["island"] == number else number, route=None, sector=None)


def _route(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    key = _route_key(board, fields.get("key"))
    if state["mode"] == SECTORS:
        picked = state["picked"]
        if key in picked:
            picked.remove(key)
        elif len(picked) >= MAX_SECTOR_ROUTES:
            raise TapRefused(
                msg("A sector is enclosed by at most {n} routes.", n=MAX_SECTOR_ROUTES)
            )
        else:
            picked.append(key)
        state.update(sector=None)
        return
    state.update(route=None if state["route"] == key else key, island=None, sector=None)


def _route_key(board: Board, raw: Any) -> str:
    try:
        key = route_key(*route_ends(str(raw)[:12]))
    except (ValueError, TypeError):
        raise TapRefused(msg("That route is not on the board.")) from None
    if key not in board.route_keys():
        raise TapRefused(msg("Route {route} is not on the board.", route=key))
    return key


def _selected_route(board: Board, state: dict[str, Any]) -> str:
    if state["route"] is None:
        raise TapRefused(msg("Tap a route first."))
    return str(state["route"])


def _cost(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    key = _selected_route(board, state)
    cost = _number(fields, "value", min(COSTS), max(COSTS))
    for route in data["routes"]:
        if route_key(route["a"], route["b"]) == key:
            route["cost"] = cost


def _delete_route(
    data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields
) -> None:
    _remove_routes(data, {_selected_route(board, state)})
    state.update(route=None)


def _remove_routes(data: dict[str, Any], keys: set[str]) -> None:
    """The routes go, and with them their place around sectors (a sector left with no
    route goes too: the file holds none)."""
    data["routes"] = [r for r in data["routes"] if route_key(r["a"], r["b"]) not in keys]
    for sector in data["sectors"]:
        sector["routes"] = [pair for pair in sector["routes"] if route_key(*pair) not in keys]
    data["sectors"] = [s for s in data["sectors"] if s["routes"]]


def _selected_island(state: dict[str, Any]) -> int:
    if state["island"] is None:
        raise TapRefused(msg("Tap an island first."))
    return int(state["island"])


def _renumber(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    old = _selected_island(state)
    new = _number(fields, "number", 1, MAX_NUMBER)
    if new == old:
        return
    if new in board.islands:
        raise TapRefused(msg("Island {n} is already on the board.", n=new))

    def renamed(n: int) -> int:
        return new if n == old else n

    for island in data["islands"]:
        island["number"] = renamed(island["number"])
    for route in data["routes"]:
        route["a"], route["b"] = renamed(route["a"]), renamed(route["b"])
    for sector in data["sectors"]:
        sector["routes"] = [[renamed(a), renamed(b)] for a, b in sector["routes"]]
    state.update(island=new)


def _delete_island(
    data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields
) -> None:
    number = _selected_island(state)
    data["islands"] = [i for i in data["islands"] if i["number"] != number]
    _remove_routes(data, set(board.routes_from(number)))
    state.update(island=None)


def _sharks(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    sharks = _number(fields, "value", min(SHARKS), max(SHARKS))
    if state["sector"] is not None:
        for sector in data["sectors"]:
            if sector["id"] == state["sector"]:
                sector["sharks"] = sharks
    state.update(sharks=sharks)


def _save_sector(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    picked = state["picked"]
    if not picked:
        raise TapRefused(msg("Tap the routes around the sector first."))
    if len(board.sectors) >= MAX_SECTORS:
        raise TapRefused(msg("A board holds at most {n} sectors.", n=MAX_SECTORS))
    same = next((s.id for s in board.sectors.values() if set(s.routes) == set(picked)), None)
    if same is not None:
        raise TapRefused(msg("Sector {sector} is enclosed by these routes already.", sector=same))
    sector_id = next_sector_id(board)
    data["sectors"].append(
        {
            "id": sector_id,
            "routes": [list(route_ends(k)) for k in picked],
            "sharks": state["sharks"],
        }
    )
    state.update(picked=[], sector=None, sharks=1)


def next_sector_id(board: Board) -> str:
    """A, B, … Z, then S27, S28…: the first not on the board."""
    names = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    names += [f"S{n}" for n in range(27, MAX_SECTORS + 28)]
    return next(name for name in names if name not in board.sectors)


def _sector(data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields) -> None:
    sector_id = str(fields.get("id", ""))[:8]
    if sector_id not in board.sectors:
        raise TapRefused(msg("That sector is not on the board."))
    selected = None if state["sector"] == sector_id else sector_id
    state.update(sector=selected, picked=[], route=None, island=None)
    if selected is not None:
        state.update(sharks=board.sectors[sector_id].sharks)


def _delete_sector(
    data: dict[str, Any], board: Board, state: dict[str, Any], fields: Fields
) -> None:
    if state["sector"] is None:
        raise TapRefused(msg("Tap a sector's name first."))
    data["sectors"] = [s for s in data["sectors"] if s["id"] != state["sector"]]
    state.update(sector=None, sharks=1)


_TAPS = {
    "mode": _mode,
    "clear": _clear,
    "point": _point,
    "island": _island,
    "route": _route,
    "cost": _cost,
    "delete_route": _delete_route,
    "renumber": _renumber,
    "delete_island": _delete_island,
    "sharks": _sharks,
    "save_sector": _save_sector,
    "sector": _sector,
    "delete_sector": _delete_sector,
}
