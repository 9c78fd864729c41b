"""The tap editor of a board of the players' own: they copy the printed Main board once,
island by island, route by route, sector by sector.

Three modes, each a big button: *Islands* (a tap on an empty spot places the next free
number there; a tap on an island selects it, to renumber or delete it), *Routes* (a tap
on an island, then on another: the route between them, whose energy cost is then
tapped; a tap on a route selects it) and *Sectors* (taps on the routes around an area,
then its sharks and *Save sector*; a tap on a sector's name selects it).

The board file is the stored truth: `edit` takes it and one tap and returns it changed
(or not) with the editor's new `editing` state (the mode, what is selected), which goes
to the browser and back: anything sent back is checked against the board first.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg, nmsg
from ..pages import BoardEditor
from .board import HEIGHT, WIDTH, Board, Sector, board_problems, route_ends, route_key

__all__ = ["BOARD_EDITOR", "MODES", "edit_board", "start_editing", "board_view", "board_summary"]

ISLANDS, ROUTES, SECTORS = "islands", "routes", "sectors"
MODES = (ISLANDS, ROUTES, SECTORS)
# board.schema.json's limits
MAX_ISLANDS, MAX_ROUTES, MAX_SECTORS, MAX_SECTOR_ROUTES = 60, 150, 60, 40
MAX_NUMBER = 99
COSTS = (0, 1, 2)
SHARKS = (1, 2, 3)
NEW_ROUTE_COST = 1
# The invisible grid of tap targets: a cell every 50 units, a tap places an island at
# its centre. Two islands closer than this are refused (their circles would overlap).
CELL = 50
NEAREST = 45
ISLAND_RADIUS = 30
SHADES = 5  # soft fills of the sectors (deacon_editor.css)

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


def _editing(board: Board, raw: Any) -> dict[str, Any]:
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
    state = _editing(parsed, editing)
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


# --- what the editor draws --------------------------------------------------------------


@dataclass(frozen=True)
class IslandView:
    number: int
    x: int
    y: int
    selected: bool

    @property
    def left(self) -> float:
        """Where its tap target sits over the drawing, in % of the drawing's width."""
        return round(self.x * 100 / WIDTH, 2)

    @property
    def top(self) -> float:
        return round(self.y * 100 / HEIGHT, 2)


@dataclass(frozen=True)
class RouteView:
    key: str
    a: int
    b: int
    cost: int
    x1: int
    y1: int
    x2: int
    y2: int
    mx: float
    my: float
    pips: tuple[tuple[float, float], ...]  # the energy icons, around the middle
    selected: bool
    picked: bool  # one of the routes of the sector being entered or selected

    @property
    def left(self) -> float:
        return round(self.mx * 100 / WIDTH, 2)

    @property
    def top(self) -> float:
        return round(self.my * 100 / HEIGHT, 2)


@dataclass(frozen=True)
class SectorView:
    id: str
    points: str  # the SVG polygon's points
    x: float  # where its name is written
    y: float
    sharks: int
    closed: bool  # its routes make one loop
    selected: bool
    shade: int  # which of the soft fills it is drawn with

    @property
    def left(self) -> float:
        return round(self.x * 100 / WIDTH, 2)

    @property
    def top(self) -> float:
        return round(self.y * 100 / HEIGHT, 2)


@dataclass(frozen=True)
class EditorView:
    mode: str
    islands: tuple[IslandView, ...]
    routes: tuple[RouteView, ...]
    sectors: tuple[SectorView, ...]
    cells: tuple[tuple[int, int], ...]  # the tap grid's centres (islands mode)
    picked: tuple[str, ...]
    picked_polygon: str | None  # the sector being entered, if its routes make a loop
    island: int | None
    route: RouteView | None
    sector: SectorView | None
    sharks: int
    next_number: int | None
    hint: Msg
    problems: tuple[Msg, ...]
    summary: Msg
    demo: bool
    costs: tuple[int, ...] = COSTS
    shark_choices: tuple[int, ...] = SHARKS
    modes: tuple[str, ...] = MODES
    width: int = WIDTH
    height: int = HEIGHT
    island_radius: int = ISLAND_RADIUS


def board_view(board: dict[str, Any], editing: dict[str, Any]) -> EditorView:
    """Everything the editor's template draws, in the 1000 × 700 viewBox."""
    parsed = Board.from_json(board)
    state = _editing(parsed, editing)
    picked = set(state["picked"])
    if state["sector"] is not None:
        picked |= set(parsed.sectors[state["sector"]].routes)
    routes = tuple(_route_view(parsed, key, state, picked) for key in parsed.route_keys())
    shades = _shades(parsed)
    sectors = tuple(
        _sector_view(parsed, sector_id, shades[sector_id], state["sector"] == sector_id)
        for sector_id in parsed.sectors
    )
    route = next((r for r in routes if r.selected), None)
    sector = next((s for s in sectors if s.selected), None)
    return EditorView(
        mode=state["mode"],
        islands=tuple(
            IslandView(n, x, y, state["island"] == n) for n, (x, y) in parsed.islands.items()
        ),
        routes=routes,
        sectors=sectors,
        cells=tuple(
            (x, y) for y in range(CELL // 2, HEIGHT, CELL) for x in range(CELL // 2, WIDTH, CELL)
        ),
        picked=tuple(state["picked"]),
        picked_polygon=_picked_polygon(parsed, state["picked"]),
        island=state["island"],
        route=route,
        sector=sector,
        sharks=state["sharks"],
        next_number=next_number(parsed),
        hint=_hint(parsed, state),
        problems=tuple(board_problems(board)),
        summary=board_summary(board),
        demo=parsed.demo,
    )


def _route_view(board: Board, key: str, state: dict[str, Any], picked: set[str]) -> RouteView:
    x1, y1, x2, y2 = board.route_points(key)
    mx, my = board.midpoint(key)
    cost = board.cost(key)
    a, b = route_ends(key)
    return RouteView(
        key, a, b, cost, x1, y1, x2, y2, mx, my,
        pips=_pips(mx, my, cost),
        selected=state["route"] == key,
        picked=key in picked,
    )  # fmt: skip


def _pips(mx: float, my: float, cost: int) -> tuple[tuple[float, float], ...]:
    """The energy icons printed on the route, side by side on its badge."""
    offsets = {0: (), 1: (0,), 2: (-9, 9)}[cost]
    return tuple((round(mx + dx, 1), my) for dx in offsets)


def _shades(board: Board) -> dict[str, int]:
    """A soft fill per sector, two sectors that share a route never the same (the first
    shade free of its neighbours', in file order)."""
    shades: dict[str, int] = {}
    for sector in board.sectors.values():
        taken = {
            shades[other.id]
            for other in board.sectors.values()
            if other.id in shades and set(other.routes) & set(sector.routes)
        }
        shades[sector.id] = next((n for n in range(SHADES) if n not in taken), 0)
    return shades


def _sector_view(board: Board, sector_id: str, shade: int, selected: bool) -> SectorView:
    corners = board.polygon(sector_id)
    x, y = board.label_point(sector_id)
    return SectorView(
        sector_id,
        " ".join(f"{cx},{cy}" for cx, cy in corners),
        x,
        y,
        board.sectors[sector_id].sharks,
        board.is_loop(sector_id),
        selected,
        shade,
    )


def _picked_polygon(board: Board, picked: list[str]) -> str | None:
    """The area the picked routes enclose, once they make one loop."""
    if not picked:
        return None
    trial = Board(
        board.islands,
        board.graph,
        {**board.sectors, "?": Sector("?", tuple(picked), 1)},
    )
    if not trial.is_loop("?"):
        return None
    return " ".join(f"{x},{y}" for x, y in trial.polygon("?"))


def _hint(board: Board, state: dict[str, Any]) -> Msg:
    """What the next tap does, in the mode the editor is in."""
    if state["mode"] == ISLANDS:
        if state["island"] is not None:
            return msg(
                "Island {n} is selected: renumber or delete it, or tap an empty spot for the"
                " next island.",
                n=state["island"],
            )
        number = next_number(board)
        if number is None or len(board.islands) >= MAX_ISLANDS:
            return msg("Every island is placed.")
        return msg(
            "Tap an empty spot where the printed board has an island: it becomes island {n}.",
            n=number,
        )
    if state["mode"] == ROUTES:
        if state["route"] is not None:
            a, b = route_ends(state["route"])
            return msg("Route {a}–{b}: tap the energy icons it prints (0, 1 or 2).", a=a, b=b)
        if state["island"] is not None:
            return msg(
                "Now tap the island at the other end of the route from {n}.", n=state["island"]
            )
        return msg("Tap an island, then the island at the other end of a route.")
    if state["sector"] is not None:
        return msg(
            "Sector {sector}: tap how many sharks it prints, or delete it.", sector=state["sector"]
        )
    if state["picked"] and _picked_polygon(board, state["picked"]) is not None:
        # a loop has 3 routes at least: two islands have one route between them
        return msg(
            "These {n} routes make a closed loop: tap the sharks printed in it, then Save sector.",
            n=len(state["picked"]),
        )
    if state["picked"]:
        return nmsg(
            "{n} route picked, not a closed loop yet: tap every route around the sector.",
            "{n} routes picked, not a closed loop yet: tap every route around the sector.",
            len(state["picked"]),
        )
    return msg("Tap the routes around one ocean sector, then its sharks and Save sector.")


def board_summary(board: dict[str, Any]) -> Msg:
    """'16 islands, 40 routes, 12 sectors'."""
    counts = {
        part: len(board[part]) if isinstance(board.get(part), list) else 0
        for part in ("islands", "routes", "sectors")
    }
    return msg(
        "{islands}, {routes}, {sectors}",
        islands=nmsg("{n} island", "{n} islands", counts["islands"]),
        routes=nmsg("{n} route", "{n} routes", counts["routes"]),
        sectors=nmsg("{n} sector", "{n} sectors", counts["sectors"]),
    )


BOARD_EDITOR = BoardEditor(
    template="deacon/board_editor.html",
    start=start_editing,
    edit=edit_board,
    view=board_view,
    summary=board_summary,
    stylesheet="deacon_editor.css",
)
