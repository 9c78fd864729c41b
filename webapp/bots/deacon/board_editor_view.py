"""What the board editor draws, in the 1000 × 700 viewBox: islands big with their
numbers, routes with their energy icons, sectors filled softly (two that share a route
never alike), the tap targets laid over them (in % of the drawing), the hint for the
next tap and the live check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg, nmsg
from .board import HEIGHT, WIDTH, Board, Sector, board_problems, route_ends
from .board_editing import (
    COSTS,
    ISLANDS,
    MAX_ISLANDS,
    MODES,
    ROUTES,
    SHARKS,
    editing_state,
    next_number,
)

__all__ = ["EditorView", "board_summary", "board_view"]

# The invisible grid of tap targets: a cell every 50 units, a tap places an island at
# its centre.
CELL = 50
ISLAND_RADIUS = 30
SHADES = 5  # soft fills of the sectors (deacon_editor.css)


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
    state = editing_state(parsed, editing)
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
