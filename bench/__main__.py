"""`make bench`: the taps a newcomer makes to the bot's first action (bench/newcomer.py),
server time per tap and per page, a card's section entered by quick entry
(bench/quick_entry.py), what each of the fragments' caches saves a tap and a live update
(bench/fragment_caches.py), the bytes of a first visit (bench/first_visit.py), a
collection of 96 and 1,000 games imported (bench/collection_import.py), a served game
night, the server's memory under pipelined requests never read (bench/pipelining.py)
and, last, a 10-minute soak (bench/soak.py; BOTDECK_SOAK_SECONDS shortens it).

A benchmark, not a test: it prints figures measured on this machine.
"""

from __future__ import annotations

import random
import re
import statistics
import tempfile
import time
from typing import Any

from webapp import create_app
from webapp.service import games

from . import (
    bandits_night,
    collection_import,
    deacon_moves,
    first_visit,
    fragment_caches,
    live,
    newcomer,
    pipelining,
    quick_entry,
    server_load,
    soak,
    tap_floor,
)
from .table import valid_answer

FRAGMENT_HASH = re.compile(r'data-fragment="(\w+)" data-hash="(\w+)"')
HISTORY = 300
DEACON_HISTORY = 200
HTMX_HEADERS = {"HX-Request": "true"}
SAMPLES = 200


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {p50 * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms   (n={len(ordered)})"


def play(app: Any, client: Any, game_id: str, taps: int, rng: random.Random) -> list[float]:
    """Tap `taps` valid answers as a browser would (saying which fragments its page
    holds); returns each request's time."""
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    held = dict(FRAGMENT_HASH.findall(page))
    times = []
    for _ in range(taps):
        with app.app_context():
            opened = games.open_game(game_id)
            value, version = valid_answer(opened, rng), opened.version
        started = time.perf_counter()
        response = client.post(
            f"/g/{game_id}/answer",
            data={"version": version, "value": value},
            headers={
                "HX-Request": "true",
                "X-Botdeck-Have": ",".join(f"{name}:{digest}" for name, digest in held.items()),
            },
        )
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
        held.update(FRAGMENT_HASH.findall(response.get_data(as_text=True)))
    return times


def measure_game(
    app: Any, client: Any, game_id: str, rng: random.Random, history: int = HISTORY
) -> None:
    """Tap, render and rebuild times on a game with `history` answered steps."""
    play(app, client, game_id, history, rng)
    answer_times = play(app, client, game_id, SAMPLES, rng)
    page_times = []
    for _ in range(SAMPLES):
        started = time.perf_counter()
        response = client.get(f"/g/{game_id}", headers={"Accept-Encoding": "gzip, br"})
        page_times.append(time.perf_counter() - started)
        assert response.status_code == 200
    restart_times, replay_times = [], []
    with app.app_context():
        for _ in range(20):
            games.forget_all()
            started = time.perf_counter()
            opened = games.open_game(game_id)  # from its stored snapshot and the events since
            restart_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            games._rebuild(opened.row)  # what a game without a snapshot costs
            replay_times.append(time.perf_counter() - started)
        history = len(games.open_game(game_id).game.actions)
    print(f"answer one step (server time)        {percentiles(answer_times)}   aim: p95 < 10 ms")
    print(f"render the game page ({history} steps) {percentiles(page_times)}   aim: p95 < 25 ms")
    print(f"open the game after a restart        {percentiles(restart_times)}")
    print(f"  replayed from its whole log instead {percentiles(replay_times)}")


def main() -> None:
    newcomer.measure()
    print()
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        client = app.test_client()
        with app.app_context():
            game_id = games.create_game("covenant", {"difficulty": "extreme"}, name="Bench", seed=7)
            solo_id = games.create_game(
                "solo_enemy", {"you": "humans", "factions": ["orcs"]}, name="Bench solo", seed=7
            )
            deacon_id = games.create_game("deacon", {}, name="Bench Deacon", seed=7)
        print(f"Botdeck benchmark — a Covenant game, {HISTORY} answered steps before measuring")
        measure_game(app, client, game_id, rng)
        print(f"\nA Solo Enemy game, {HISTORY} answered steps before measuring")
        measure_game(app, client, solo_id, rng)
        # A quiet table's game against Deacon ends after about 450 answers (it reaches 45 VP).
        print(
            f"\nA Deacon game on the demo board, {DEACON_HISTORY} answered steps before measuring"
        )
        measure_game(app, client, deacon_id, rng, DEACON_HISTORY)
        deacon_moves.measure(percentiles)
        print()
        quick_entry.measure(percentiles)
        print("\nThe Bandits' night")
        bandits_night.measure_rules(percentiles)
        bandits_night.measure_web(app, client, percentiles)
    print()
    tap_floor.measure(percentiles)
    print()
    fragment_caches.measure()
    print()
    first_visit.measure()
    print()
    collection_import.measure(percentiles)
    # undo at 10 and 3,000 actions is measured on the served app, among the others
    print()
    server_load.measure(percentiles)
    print()
    live.slow_sockets(percentiles)
    print()
    pipelining.measure(percentiles)
    print()
    soak.measure()


if __name__ == "__main__":
    main()
