"""Deacon's move on a big board: the time to work out where it sails, with its balls on
the way and your Ship in it, on a 40-island board and on the largest a board file holds;
then the engine's reach search alone on ever larger maps, to see where it passes 10 ms."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from webapp.bots.deacon.rules import choose_move
from webapp.bots.deacon.state import DEACON, DeaconState
from webapp.bots.deacon.turn import turn_cycle
from webapp.engine.geometry import Graph

RUNS = 500


def grid_board(columns: int, rows: int, rng: random.Random) -> dict[str, Any]:
    """Islands on a grid, each joined to its east, south and south-east neighbours."""
    number = {(c, r): 1 + r * columns + c for r in range(rows) for c in range(columns)}
    routes = []
    for (c, r), n in number.items():
        for dc, dr in ((1, 0), (0, 1), (1, 1)):
            other = number.get((c + dc, r + dr))
            if other is not None:
                routes.append({"a": n, "b": other, "cost": rng.choice((0, 1, 1, 2, 2))})
    islands = [{"number": n, "x": 20 + c * 20, "y": 20 + r * 20} for (c, r), n in number.items()]
    return {
        "format": "botdeck-board",
        "version": 1,
        "bot": "deacon",
        "name": f"A {columns * rows}-island grid",
        "islands": islands,
        "routes": routes,
        "sectors": [],
    }


def measure(percentiles: Callable[[list[float]], str]) -> None:
    rng = random.Random(40)
    # 40 islands, and 60: the most a board file holds (its schema's limit).
    for columns, rows in ((8, 5), (10, 6)):
        board = grid_board(columns, rows, rng)
        count = columns * rows
        keys = [f"{min(r['a'], r['b'])}-{max(r['a'], r['b'])}" for r in board["routes"]]
        times = []
        for _ in range(RUNS):
            state = DeaconState(turns=turn_cycle(False), board=board)
            state.at, state.you_at = rng.sample(range(1, count + 1), 2)
            state.balls[DEACON] = rng.sample(keys, 8)
            listed = rng.sample(range(1, count + 1), 3)
            started = time.perf_counter()
            choose_move(state, listed)
            times.append(time.perf_counter() - started)
        aim = "   aim: p95 < 10 ms" if count == 40 else ""
        print(f"Deacon's move on a {count}-island board   {percentiles(times)}{aim}")
    reach_beyond_files(percentiles, rng)


def reach_beyond_files(percentiles: Callable[[list[float]], str], rng: random.Random) -> None:
    """`Graph.reachable` under Deacon's movement rules on grids larger than any board file
    may be, until its p95 passes 10 ms."""
    for columns, rows in ((12, 10), (20, 12), (30, 16), (40, 20)):
        graph: Graph[int] = Graph()
        for route in grid_board(columns, rows, rng)["routes"]:
            graph.join(route["a"], route["b"], route["cost"])
        count, times = columns * rows, []
        for _ in range(50):
            start = rng.randrange(1, count + 1)
            started = time.perf_counter()
            graph.reachable(
                start, free=lambda r: r.cost <= 1, limited=lambda r: r.cost == 2, order=int
            )
            times.append(time.perf_counter() - started)
        p95 = sorted(times)[int(len(times) * 0.95)]
        past = "   past 10 ms" if p95 > 0.010 else ""
        print(f"  its reach search alone, {count} places   {percentiles(times)}{past}")
        if past:
            return
