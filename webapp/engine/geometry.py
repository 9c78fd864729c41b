"""Board geometry a bot reasons about: compass directions, a grid of cells, a graph of
places joined by routes that cost something to travel, and rings of routes that
enclose a region.

Plain values, no drawing: the web layer draws what a bot's view model says. A bot
that moves on a grid (tiles that grow west) or on a map of islands and routes takes
these instead of writing its own neighbour or path search.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

# The eight points of a compass, clockwise from North.
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
# A step in each direction on a grid: (columns east, rows south).
STEPS = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
ORTHOGONAL = ("N", "E", "S", "W")

Cell = tuple[int, int]  # (column, row): columns grow east, rows grow south
Node = TypeVar("Node", bound=Hashable)


def clockwise_from(direction: str) -> list[str]:
    """Every direction, turning clockwise from this one (itself first)."""
    start = COMPASS.index(direction)
    return [COMPASS[(start + turn) % len(COMPASS)] for turn in range(len(COMPASS))]


def step(cell: Cell, direction: str) -> Cell:
    """The cell next to this one in that direction."""
    east, south = STEPS[direction]
    return (cell[0] + east, cell[1] + south)


@dataclass
class Grid:
    """A set of cells that may grow in any direction (its bounds follow its cells)."""

    cells: set[Cell] = field(default_factory=set)

    def add(self, cell: Cell) -> None:
        self.cells.add(cell)

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells

    def neighbours(self, cell: Cell, directions: Iterable[str] = COMPASS) -> list[Cell]:
        """The cells of the grid next to this one, in the directions' order."""
        return [n for n in (step(cell, d) for d in directions) if n in self.cells]

    @property
    def west(self) -> int:
        return min(column for column, _ in self.cells)

    @property
    def east(self) -> int:
        return max(column for column, _ in self.cells)

    def west_to_east(self) -> list[Cell]:
        """Its cells from west to east, then north to south: a reading order."""
        return sorted(self.cells)


@dataclass(frozen=True)
class Route(Generic[Node]):
    """Two places joined, and what it costs to travel it."""

    a: Node
    b: Node
    cost: int = 0

    def other(self, end: Node) -> Node:
        return self.b if end == self.a else self.a


@dataclass
class Graph(Generic[Node]):
    """Places joined by routes (undirected); at most one route between two places."""

    routes: list[Route[Node]] = field(default_factory=list)
    #: the routes at each place, in the order they were joined (searches look here, not
    #: through every route)
    _at: dict[Node, list[Route[Node]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        for route in self.routes:
            for end in (route.a, route.b):
                self._at.setdefault(end, []).append(route)

    def join(self, a: Node, b: Node, cost: int = 0) -> Route[Node]:
        if a == b:
            # internal: board files are checked before a graph is built
            raise ValueError(f"a route joins two different places, not {a!r} to itself")
        if self.route(a, b) is not None:
            # internal: board files are checked before a graph is built
            raise ValueError(f"{a!r} and {b!r} are already joined")
        route = Route(a, b, cost)
        self.routes.append(route)
        for end in (a, b):
            self._at.setdefault(end, []).append(route)
        return route

    def route(self, a: Node, b: Node) -> Route[Node] | None:
        return next((r for r in self._at.get(a, []) if r.other(a) == b), None)

    def routes_from(self, place: Node) -> list[Route[Node]]:
        return list(self._at.get(place, []))

    def places(self) -> set[Node]:
        return {end for r in self.routes for end in (r.a, r.b)}

    def cheapest(
        self,
        start: Node,
        *,
        passable: Callable[[Route[Node]], bool] = lambda route: True,
        order: Callable[[Node], object] = lambda place: str(place),
    ) -> dict[Node, tuple[int, list[Node]]]:
        """The cheapest way from `start` to every place it reaches over `passable`
        routes: its cost and the places on the way (start first). Ties go to the path
        whose places come first in `order`, so the answer never depends on how the
        routes were entered."""
        best: dict[Node, tuple[int, list[Node]]] = {}
        queue: list[tuple[int, list[object], list[Node]]] = [(0, [order(start)], [start])]
        while queue:
            cost, _, path = heapq.heappop(queue)
            here = path[-1]
            if here in best:
                continue
            best[here] = (cost, path)
            for route in self.routes_from(here):
                there = route.other(here)
                if there not in best and passable(route):
                    way = [*path, there]
                    heapq.heappush(queue, (cost + route.cost, [order(p) for p in way], way))
        return best

    def reachable(
        self,
        start: Node,
        *,
        free: Callable[[Route[Node]], bool],
        limited: Callable[[Route[Node]], bool],
        limit: int = 1,
        order: Callable[[Node], object] = lambda place: str(place),
    ) -> dict[Node, list[Node]]:
        """Every place other than `start` that a move reaches, and the way there.

        A move uses any number of `free` routes and at most `limit` `limited` ones; a
        route that is neither is closed (a free route is never counted as limited).
        The way (start first, the place last) uses the fewest limited routes, then the
        fewest routes; ties go to the way whose places come first in `order`, so the
        answer never depends on how the routes were entered.
        """
        # A state is a place and the limited routes used to get there: a longer way
        # that spared the limited route can still go further than a short one that
        # spent it.
        settled: set[tuple[Node, int]] = set()
        ways: dict[Node, list[Node]] = {}
        queue: list[tuple[int, int, list[object], list[Node]]] = [(0, 0, [order(start)], [start])]
        while queue:
            spent, _, _, path = heapq.heappop(queue)
            here = path[-1]
            if (here, spent) in settled:
                continue
            settled.add((here, spent))
            if here != start and here not in ways:
                ways[here] = path
            for route in self.routes_from(here):
                there = route.other(here)
                if there == start:
                    continue
                cost = 0 if free(route) else 1 if limited(route) else None
                if cost is None or spent + cost > limit or (there, spent + cost) in settled:
                    continue
                way = [*path, there]
                heapq.heappush(queue, (spent + cost, len(way), [order(p) for p in way], way))
        return ways


@dataclass(frozen=True)
class Ring(Generic[Node]):
    """Routes that enclose a region of the board (an ocean sector, a field): each is a
    Route or the pair of places it joins, in any order."""

    routes: frozenset[Route[Node] | tuple[Node, Node]]

    def ends(self) -> list[tuple[Node, Node]]:
        """The two places of each route."""
        return [(r.a, r.b) if isinstance(r, Route) else (r[0], r[1]) for r in self.routes]

    def is_loop(self, graph: Graph[Node] | None = None) -> bool:
        """True when the routes make one closed cycle (and, given a graph, are all on
        it): every place on the ring touches exactly two of its routes, and one can go
        round them all without leaving the ring."""
        ends = self.ends()
        if len(ends) < 3 or len({frozenset(pair) for pair in ends}) < len(ends):
            return False
        if graph is not None and any(graph.route(a, b) is None for a, b in ends):
            return False
        touching: Counter[Node] = Counter()  # routes of the ring at each of its places
        for a, b in ends:
            if a == b:
                return False
            touching.update((a, b))
        if any(count != 2 for count in touching.values()):
            return False
        return len(self.walk()) == len(touching)

    def walk(self, order: Callable[[Node], Any] = lambda place: str(place)) -> list[Node]:
        """The places met going round the ring once, from its first place in `order`
        towards that place's first neighbour: the corners of the region, in order. On
        routes that are not one loop, only the places reached that way."""
        touching: dict[Node, list[Node]] = {}
        for a, b in self.ends():
            touching.setdefault(a, []).append(b)
            touching.setdefault(b, []).append(a)
        if not touching:
            return []
        here = min(touching, key=order)
        path, previous = [here], None
        while True:
            onward = sorted((p for p in touching[here] if p != previous), key=order)
            if not onward or onward[0] in path:  # a dead end, or round again
                return path
            previous, here = here, onward[0]
            path.append(here)

    def closed(self, filled: Callable[[Route[Node] | tuple[Node, Node]], bool]) -> bool:
        """True when every route of the ring is `filled` (a region closed off)."""
        return bool(self.routes) and all(filled(route) for route in self.routes)
