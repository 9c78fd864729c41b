"""The Main board Deacon moves on: islands, the routes between them, the ocean sectors.

A board file (`board.schema.json`) holds what the table copies from the printed
board once: each island's number and where it is drawn, each route's energy cost,
each sector's enclosing routes and sharks. `validate_board` refuses a file that
cannot be read (the message names the island, route or sector and the field);
`board_problems` is the live check of a board being entered: a board with problems
can still be played, Deacon then asks the table instead of computing.

Deacon rulebook, "Move Deacon's Ship": routes cost energy, shown as icons (0 to 2);
"Deploy a Reef Ball": placing a Reef Ball can close an Ocean sector, which is
enclosed by routes (closed when each of them holds a Reef Ball).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import jsonschema

from ...engine import Msg, msg, reason
from ...engine.capabilities import BoardRules
from ...engine.file_versions import refused_as_newer, version_refusal
from ...engine.geometry import Graph, Ring, Route
from ...engine.schema import first_error, in_words, path_name
from ..deckfile import package_json, placed

__all__ = [
    "BOARD_FORMAT",
    "BOARD_VERSION",
    "DEMO_LABEL",
    "HEIGHT",
    "WIDTH",
    "Board",
    "BoardError",
    "Sector",
    "board_problems",
    "board_schema",
    "board_summary",
    "complete",
    "demo_board",
    "empty_board",
    "route_ends",
    "route_key",
    "validate_board",
]

BOARD_FORMAT = "botdeck-board"
BOARD_VERSION = 1
BOT_ID = "deacon"
# The drawing's viewBox: islands are placed on a 1000 × 700 board.
WIDTH, HEIGHT = 1000, 700
# Shown wherever the demo board (a file with "demo": true) is drawn or listed.
DEMO_LABEL = msg("Demo board — not the printed board")

Point = tuple[float, float]
_PACKAGE = __name__.rpartition(".")[0]


class BoardError(ValueError):
    """A board file that cannot be used; the message names the place and field."""


def route_key(a: int, b: int) -> str:
    """The route between two islands, smaller number first: `route_key(7, 3) == "3-7"`."""
    return f"{min(a, b)}-{max(a, b)}"


def route_ends(key: str) -> tuple[int, int]:
    """The two islands of a route key, smaller first."""
    first, _, second = key.partition("-")
    try:
        a, b = int(first), int(second)
    except ValueError:
        raise ValueError(
            msg("{key} is not a route (two island numbers: '3-7')", key=repr(key))
        ) from None
    return (min(a, b), max(a, b))


@dataclass(frozen=True)
class Sector:
    """An ocean sector: the routes that enclose it (keys, as the file lists them) and
    the sharks printed in it (Deacon rulebook, "End of the game" 3: 2 VP per shark
    to whoever owns most Reef Balls on the routes enclosing it)."""

    id: str
    routes: tuple[str, ...]
    sharks: int


@dataclass(frozen=True)
class Board:
    islands: dict[int, tuple[int, int]]  # number → where it is drawn (x, y)
    graph: Graph[int]
    sectors: dict[str, Sector]
    name: str = ""
    demo: bool = False
    photo: bool = False  # a photo of the board is kept on the server
    # each sector's corners, worked out once: a board is never changed once built, and
    # the page draws every sector at every tap
    _polygons: dict[str, list[tuple[int, int]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def from_json(cls, data: Any) -> Board:
        """The board of a board file; BoardError if the file cannot be used."""
        validate_board(data)
        graph: Graph[int] = Graph()
        for route in data["routes"]:
            a, b = sorted((route["a"], route["b"]))
            graph.join(a, b, route["cost"])
        return cls(
            islands={i["number"]: (i["x"], i["y"]) for i in data["islands"]},
            graph=graph,
            sectors={
                s["id"]: Sector(
                    s["id"], tuple(route_key(a, b) for a, b in s["routes"]), s["sharks"]
                )
                for s in data["sectors"]
            },
            name=data["name"],
            demo=data.get("demo", False),
            photo=data.get("photo", False),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": BOARD_FORMAT,
            "version": BOARD_VERSION,
            "bot": BOT_ID,
            "name": self.name,
        }
        if self.demo:
            data["demo"] = True
        if self.photo:
            data["photo"] = True
        data["islands"] = [{"number": n, "x": x, "y": y} for n, (x, y) in self.islands.items()]
        data["routes"] = [{"a": r.a, "b": r.b, "cost": r.cost} for r in self.graph.routes]
        data["sectors"] = [
            {"id": s.id, "routes": [list(route_ends(key)) for key in s.routes], "sharks": s.sharks}
            for s in self.sectors.values()
        ]
        return data

    # Routes

    def route_keys(self) -> list[str]:
        """Every route, as the file lists them."""
        return [route_key(r.a, r.b) for r in self.graph.routes]

    def route(self, key: str) -> Route[int]:
        found = self.graph.route(*route_ends(key))
        if found is None:
            # internal: a key from the board's own route list
            raise KeyError(f"route {key} is not on the board")
        return found

    def cost(self, key: str) -> int:
        """The energy icons printed on the route."""
        return self.route(key).cost

    def routes_from(self, island: int) -> list[str]:
        """The routes of an island, as the file lists them."""
        return [route_key(r.a, r.b) for r in self.graph.routes_from(island)]

    # Sectors

    def routes_of_sector(self, sector_id: str) -> tuple[str, ...]:
        return self.sectors[sector_id].routes

    def sectors_of_route(self, key: str) -> list[str]:
        """The sectors this route encloses (one or two on a printed board), file order."""
        return [s.id for s in self.sectors.values() if key in s.routes]

    def ring(self, sector_id: str) -> Ring[int]:
        return Ring(frozenset(route_ends(key) for key in self.sectors[sector_id].routes))

    def is_loop(self, sector_id: str) -> bool:
        """The sector's routes make one closed loop on this board."""
        return self.ring(sector_id).is_loop(self.graph)

    def closed(self, sector_id: str, filled: Callable[[str], bool]) -> bool:
        """Every route enclosing the sector is `filled` (holds a Reef Ball)."""
        routes = self.sectors[sector_id].routes
        return bool(routes) and all(filled(key) for key in routes)

    # Drawing, in the 1000 × 700 viewBox

    def route_points(self, key: str) -> tuple[int, int, int, int]:
        """x1, y1, x2, y2: from the smaller-numbered island to the other."""
        a, b = route_ends(key)
        return (*self.islands[a], *self.islands[b])

    def midpoint(self, key: str) -> Point:
        x1, y1, x2, y2 = self.route_points(key)
        return ((x1 + x2) / 2, (y1 + y2) / 2)

    def polygon(self, sector_id: str) -> list[tuple[int, int]]:
        """The corners of the sector, going round it. Routes that do not make one loop
        (a sector being entered) give their islands around their middle instead."""
        if sector_id not in self._polygons:
            self._polygons[sector_id] = self._corners(sector_id)
        return self._polygons[sector_id]

    def _corners(self, sector_id: str) -> list[tuple[int, int]]:
        ring = self.ring(sector_id)
        if ring.is_loop():
            return [self.islands[n] for n in ring.walk(order=int)]
        corners = [self.islands[n] for n in sorted({n for ends in ring.ends() for n in ends})]
        mx, my = _mean(corners)
        return sorted(corners, key=lambda c: math.atan2(c[1] - my, c[0] - mx))

    def label_point(self, sector_id: str) -> Point:
        """Where the sector's name is written: the centroid of its polygon."""
        return centroid(self.polygon(sector_id))


def centroid(corners: list[tuple[int, int]]) -> Point:
    """The centre of mass of a polygon (its corners' mean if it has no area)."""
    twice_area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        cross = x1 * y2 - x2 * y1
        twice_area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(twice_area) < 1e-9:
        return _mean(corners)
    return (round(cx / (3 * twice_area), 1), round(cy / (3 * twice_area), 1))


def _mean(corners: list[tuple[int, int]]) -> Point:
    if not corners:
        return (WIDTH / 2, HEIGHT / 2)
    return (
        round(sum(x for x, _ in corners) / len(corners), 1),
        round(sum(y for _, y in corners) / len(corners), 1),
    )


# Files


@cache
def _schema() -> dict[str, Any]:
    return package_json(_PACKAGE, "board.schema.json")  # type: ignore[no-any-return]


def board_schema() -> dict[str, Any]:
    """The board file schema, published at /schemas/deacon-board.json."""
    return _schema()


def demo_board() -> dict[str, Any]:
    """An invented board (islands 1 to 16), parsed afresh: callers may change it."""
    return package_json(_PACKAGE, "demo_board.json")  # type: ignore[no-any-return]


def empty_board(name: str) -> dict[str, Any]:
    """A board of the player's own, before any island is placed."""
    return {
        "format": BOARD_FORMAT,
        "version": BOARD_VERSION,
        "bot": BOT_ID,
        "name": name,
        "islands": [],
        "routes": [],
        "sectors": [],
    }


def validate_board(data: Any) -> dict[str, Any]:
    """Return the board file if it can be used, else raise BoardError naming the
    island, route or sector and the field (or saying that a newer Botdeck made it).
    Changes nothing."""
    if not isinstance(data, dict):
        raise BoardError(msg("the board file is not a JSON object"))
    if data.get("format") != BOARD_FORMAT:
        raise BoardError(msg("this is not a Botdeck board file (field 'format')"))
    refused = version_refusal(data, BOARD_VERSION)
    if refused is not None:
        raise BoardError(refused)
    with refused_as_newer(data, BoardError):
        return _checked_board(data)


def _checked_board(data: dict[str, Any]) -> dict[str, Any]:
    """`validate_board` once the file is known to be a board of this version."""
    error = first_error(data, board_schema())
    if error is not None:
        raise BoardError(_describe(data, error))
    islands: set[int] = set()
    for island in data["islands"]:
        if island["number"] in islands:
            raise BoardError(msg("island {island} is listed twice", island=island["number"]))
        islands.add(island["number"])
    routes: set[str] = set()
    for route in data["routes"]:
        key = route_key(route["a"], route["b"])
        if route["a"] == route["b"]:
            raise BoardError(
                msg("route {key}, field 'b': a route joins two different islands", key=key)
            )
        for end in ("a", "b"):
            if route[end] not in islands:
                raise BoardError(
                    msg(
                        "route {key}, field '{end}': island {route} is not on the board",
                        key=key,
                        end=end,
                        route=route[end],
                    )
                )
        if key in routes:
            raise BoardError(msg("route {key} is listed twice", key=key))
        routes.add(key)
    sectors: set[str] = set()
    for sector in data["sectors"]:
        if sector["id"] in sectors:
            raise BoardError(msg("sector {sector} is listed twice", sector=sector["id"]))
        sectors.add(sector["id"])
        enclosing: set[str] = set()
        for a, b in sector["routes"]:
            key = route_key(a, b)
            if key not in routes:
                raise BoardError(
                    msg(
                        "sector {sector}: route {key} is not on the board",
                        sector=sector["id"],
                        key=key,
                    )
                )
            if key in enclosing:
                raise BoardError(
                    msg(
                        "sector {sector}: route {key} is listed twice", sector=sector["id"], key=key
                    )
                )
            enclosing.add(key)
    return data


def _describe(data: dict[str, Any], error: jsonschema.ValidationError) -> Msg:
    path, wrong = in_words(error)
    if len(path) >= 2 and path[0] in ("islands", "routes", "sectors") and isinstance(path[1], int):
        where, rest = _place(str(path[0]), data[path[0]][path[1]], path[1]), path[2:]
    else:
        where, rest = msg("the board"), path
    return placed(where, path_name(rest), wrong)


def _place(kind: str, item: Any, index: int) -> Msg:
    """How a player finds the entry: by its number or id when it has a readable one."""
    if isinstance(item, dict):
        if kind == "islands" and _is_number(item.get("number")):
            return msg("island {island}", island=item["number"])
        if kind == "routes" and _is_number(item.get("a")) and _is_number(item.get("b")):
            return msg("route {key}", key=route_key(item["a"], item["b"]))
        if kind == "sectors" and isinstance(item.get("id"), str) and item["id"].strip():
            return msg("sector {sector}", sector=item["id"])
    if kind == "islands":
        return msg("the island in position {n}", n=index + 1)
    if kind == "routes":
        return msg("the route in position {n}", n=index + 1)
    return msg("the sector in position {n}", n=index + 1)


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# The live check


def board_problems(data: Any) -> list[Msg]:
    """What keeps the board from being complete, in a player's words: a board with
    problems can still be played (Deacon asks instead of computing)."""
    try:
        board = Board.from_json(data)
    except BoardError as error:
        return [msg("This board file cannot be used: {why}.", why=reason(error))]
    problems: list[Msg] = []
    if not board.islands:
        problems.append(msg("No island yet: place the islands as they are printed."))
    joined = board.graph.places()
    problems += [
        msg("Island {n} has no route.", n=n) for n in sorted(board.islands) if n not in joined
    ]
    if not board.sectors:
        problems.append(msg("No sector yet: tap the routes around one."))
    problems += [
        msg("Sector {sector} is not closed: its routes do not make one loop.", sector=sector)
        for sector in board.sectors
        if not board.is_loop(sector)
    ]
    return problems


def complete(board: Board | Mapping[str, Any]) -> bool:
    """No problem left: Deacon can compute every move and deployment on it."""
    return not board_problems(board.to_json() if isinstance(board, Board) else board)


def board_summary(data: Any) -> dict[str, Any]:
    """For the library list: how many islands, routes and sectors, and whether the
    board is complete."""
    counts = {
        part: len(data[part]) if isinstance(data, dict) and isinstance(data.get(part), list) else 0
        for part in ("islands", "routes", "sectors")
    }
    problems = board_problems(data)
    return {**counts, "problems": len(problems), "complete": not problems}


@functools.lru_cache(maxsize=64)
def _parsed(text: str) -> Board:
    return Board.from_json(json.loads(text))


def parsed_board(data: Any) -> Board:
    """The `Board` of a board file, checked and built once however often a game draws it
    or reasons about it (the same file gives the same object: read it, never change it)."""
    return _parsed(json.dumps(data, sort_keys=True))


class DeaconBoard(BoardRules):
    """Deacon's Main board (`Bot.board`): its board files and the live check."""

    def schema(self) -> dict[str, Any]:
        return board_schema()

    def demo(self) -> dict[str, Any]:
        return demo_board()

    def empty(self, name: str) -> dict[str, Any]:
        return empty_board(name)

    def validate(self, data: Any) -> dict[str, Any]:
        return validate_board(data)

    def problems(self, data: dict[str, Any]) -> list[Msg]:
        return board_problems(data)
