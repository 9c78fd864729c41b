"""What the board template draws: the game's board file (islands, routes and their
energy, ocean sectors and their sharks), both Ships, every Reef Ball, and what this
step highlights. Coordinates are the board file's: x 0..1000, y 0..700, the SVG's
viewBox."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, TypeVar

import orjson

from ...engine import Msg
from .board import Board, BoardError, parsed_board, route_ends, route_key
from .state import DEACON, OWNERS, YOU, DeaconState
from .stepkit import island_name, route_name, sector_name


@dataclass(frozen=True)
class IslandView:
    number: int
    x: int
    y: int
    ships: tuple[str, ...]  # whose Ships are here: "deacon", "you"
    target: bool  # where its Ship goes (or the island the step asks about)
    on_path: bool  # an island on the way there
    space: str  # its space id when a SPACE question asks for it ("i7")
    name: Msg
    named: bool = False  # named under "Now on the board": lit as the step's island is


@dataclass(frozen=True)
class RouteView:
    key: str
    a: int
    b: int
    cost: int  # energy icons printed on it (0..2)
    x1: float
    y1: float
    x2: float
    y2: float
    mid: tuple[float, float]
    angle: float  # degrees: its Reef Balls are drawn along it, either side of the middle
    balls: tuple[str, ...]  # whose Reef Balls are on it, Deacon's first
    path: bool  # its Ship travels along it this turn
    deploy: bool  # a Reef Ball goes on it now
    space: str  # "r3-7"
    name: Msg
    named: bool = False  # named under "Now on the board"


@dataclass(frozen=True)
class SectorView:
    id: str
    points: str  # the SVG polygon ("x,y x,y …")
    label: tuple[float, float]
    sharks: int
    cleaned: bool  # no Pollution left on it
    closed: bool  # every route round it holds a Reef Ball
    closing: bool  # the Reef Ball placed now closes it
    space: str  # "s:A"
    name: Msg
    named: bool = False  # named under "Now on the board"


@dataclass(frozen=True)
class BoardView:
    islands: list[IslandView]
    routes: list[RouteView]
    sectors: list[SectorView]
    name: str
    demo: bool  # the board file says it is not the printed board
    target: int | None
    path: list[str]  # route keys its Ship travels
    deploy: str | None  # route key of the Reef Ball placed now
    closing: list[str]  # sectors it closes
    labels: list[tuple[Msg, float, float]]  # the highlight, named as the checklist names it


@dataclass(frozen=True)
class Highlight:
    """What the board highlights: where its Ship goes and by which routes, where a Reef
    Ball goes, the sectors that closes. From the view of the step being asked
    (`{"highlight": {...}}`)."""

    island: int | None = None
    path: tuple[str, ...] = ()  # route keys
    path_islands: tuple[int, ...] = ()
    deploy: str | None = None
    closing: tuple[str, ...] = ()

    @classmethod
    def read(cls, data: Any) -> Highlight:
        """`path` as route keys ("3-7") or as the islands on the way (3, 5, 7)."""
        if not isinstance(data, Mapping):
            return cls()
        path = list(data.get("path") or [])
        try:
            if all(isinstance(p, str) and "-" in p for p in path):
                keys = [str(p) for p in path]
                islands = [n for key in keys for n in route_ends(key)]
            else:
                islands = [int(n) for n in path]
                keys = [route_key(a, b) for a, b in zip(islands, islands[1:], strict=False)]
            island = int(data["island"]) if data.get("island") is not None else None
        except (TypeError, ValueError):
            return cls()
        return cls(
            island=island,
            path=tuple(keys),
            path_islands=tuple(dict.fromkeys(islands)),
            deploy=str(data["deploy"]) if data.get("deploy") else None,
            closing=tuple(str(s) for s in data.get("closing") or []),
        )


def _board(data: Mapping[str, Any]) -> Board | None:
    try:
        return parsed_board(data)
    except (BoardError, KeyError, TypeError):  # no board yet, or one being entered
        return None


def board_view(state: DeaconState, highlight: Highlight | None = None) -> BoardView:
    """The board as drawn, lit by `highlight` (by default: nothing lit): its drawing,
    worked out once per board file, with both Ships, the Reef Balls and the sectors
    cleaned or closed placed on it."""
    try:
        drawing = _drawing(orjson.dumps(state.board or {}, option=orjson.OPT_SORT_KEYS))
    except TypeError:  # a board being entered that is not JSON yet: no board
        drawing = None
    if drawing is None:
        return BoardView([], [], [], "", False, None, [], None, [], [])
    board, plain = drawing
    ships = {DEACON: state.at, YOU: state.you_at}
    islands = [
        _placed(i, ships=tuple(owner for owner in OWNERS if ships[owner] == i.number))
        for i in plain.islands
    ]
    routes = [
        _placed(r, balls=tuple(owner for owner in OWNERS if state.has_ball(owner, r.key)))
        for r in plain.routes
    ]
    sectors = [
        _placed(s, cleaned=s.id in state.cleaned, closed=board.closed(s.id, state.filled))
        for s in plain.sectors
    ]
    placed = replace(plain, islands=islands, routes=routes, sectors=sectors)
    return placed if highlight is None else lit_board(placed, highlight)


V = TypeVar("V", IslandView, RouteView, SectorView)


def _placed(view: V, **changes: Any) -> V:
    """`view` with `changes`: the same view when they change nothing (most parts)."""
    if all(getattr(view, name) == value for name, value in changes.items()):
        return view
    return replace(view, **changes)


@lru_cache(maxsize=8)
def _drawing(board_file: bytes) -> tuple[Board, BoardView] | None:
    """The board file (as JSON) drawn with nothing on it and nothing lit; None when there
    is no board yet, or one is being entered."""
    board = _board(orjson.loads(board_file))
    if board is None:
        return None
    islands = [
        IslandView(
            number=n,
            x=x,
            y=y,
            ships=(),
            target=False,
            on_path=False,
            space=f"i{n}",
            name=island_name(n),
        )
        for n, (x, y) in sorted(board.islands.items())
    ]
    routes = []
    for key in board.route_keys():
        a, b = route_ends(key)
        x1, y1, x2, y2 = board.route_points(key)
        routes.append(
            RouteView(
                key=key,
                a=a,
                b=b,
                cost=board.cost(key),
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                mid=board.midpoint(key),
                angle=round(math.degrees(math.atan2(y2 - y1, x2 - x1)), 1),
                balls=(),
                path=False,
                deploy=False,
                space=f"r{key}",
                name=route_name(key),
            )
        )
    sectors = [
        SectorView(
            id=sid,
            points=" ".join(f"{x},{y}" for x, y in board.polygon(sid)),
            label=board.label_point(sid),
            sharks=sector.sharks,
            cleaned=False,
            closed=False,
            closing=False,
            space=f"s:{sid}",
            name=sector_name(sid),
        )
        for sid, sector in board.sectors.items()
    ]
    return board, BoardView(
        islands, routes, sectors, board.name, board.demo, None, [], None, [], []
    )


def lit_board(board: BoardView, h: Highlight, named: Collection[str] = ()) -> BoardView:
    """The board with this highlight (and no other) and the spaces `named` under "Now on
    the board" lit, each part labelled as the checklist names it ("Island 7", "Route
    3–7", "Sector B")."""
    islands = [
        replace(
            i,
            target=i.number == h.island,
            on_path=i.number in h.path_islands and i.number != h.island,
            named=i.space in named,
        )
        for i in board.islands
    ]
    routes = [
        replace(r, path=r.key in h.path, deploy=r.key == h.deploy, named=r.space in named)
        for r in board.routes
    ]
    sectors = [replace(s, closing=s.id in h.closing, named=s.space in named) for s in board.sectors]
    labels: list[tuple[Msg, float, float]] = []
    # above the island, and above its Ships if any are drawn there
    labels += [
        (i.name, i.x, i.y - (104 if i.ships else 54)) for i in islands if i.target or i.named
    ]
    labels += [(r.name, r.mid[0], r.mid[1] - 30) for r in routes if r.deploy or r.named]
    labels += [(s.name, s.label[0], s.label[1] + 66) for s in sectors if s.closing or s.named]
    return replace(
        board,
        islands=islands,
        routes=routes,
        sectors=sectors,
        target=h.island,
        path=list(h.path),
        deploy=h.deploy,
        closing=list(h.closing),
        labels=labels,
    )
