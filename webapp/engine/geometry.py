"""Board geometry a bot reasons about: compass directions, a grid of cells, a graph of
places joined by routes that cost something to travel.

Plain values, no drawing: the web layer draws what a bot's view model says. A bot
that moves on a grid (tiles that grow west) or on a map of islands and routes takes
these instead of writing its own neighbour or path search.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

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

    def join(self, a: Node, b: Node, cost: int = 0) -> Route[Node]:
        if a == b:
            raise ValueError(f"a route joins two different places, not {a!r} to itself")
        if self.route(a, b) is not None:
            raise ValueError(f"{a!r} and {b!r} are already joined")
        route = Route(a, b, cost)
        self.routes.append(route)
        return route

    def route(self, a: Node, b: Node) -> Route[Node] | None:
        return next((r for r in self.routes if {r.a, r.b} == {a, b}), None)

    def routes_from(self, place: Node) -> list[Route[Node]]:
        return [r for r in self.routes if place in (r.a, r.b)]

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
