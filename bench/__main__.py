"""`make bench`: server time per tap and per page, and the bytes of a first visit.

A benchmark, not a test: it prints figures measured on this machine.
"""

from __future__ import annotations

import json
import logging
import random
import re
import statistics
import tempfile
import threading
import time
import urllib.request
from typing import Any

from werkzeug.serving import make_server

from webapp import create_app, games
from webapp.bots.deacon.components import DEMO_COMPONENTS
from webapp.engine import Kind

from . import bandits_night, deacon_moves, live

HISTORY = 300
DEACON_HISTORY = 200
HTMX_HEADERS = {"HX-Request": "true"}
SAMPLES = 200


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {p50 * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms   (n={len(ordered)})"


QUIET = ("end", "you_won", "held", "mercantile", "none", "shown", "nothing", "done", "pass", "you")
# The Solo Enemy's board costs, entered once at the start of its game.
SOLO_COSTS = {
    "units": {
        unit: {"ore": ore, "mana": mana, "food": food}
        for unit, (ore, mana, food) in {
            "air_vessel": (3, 1, 0),
            "sea_vessel": (2, 0, 1),
            "warrior": (1, 0, 1),
            "serf": (0, 0, 1),
        }.items()
    },
    "spells": [{"name": "", "cost": {"ore": 0, "mana": 2, "food": 0}, "vp": 1}] * 3,
    "track": [
        {"ore": ore, "level": level}
        for ore, level in ((2, 1), (3, 2), (3, 2), (4, 3), (4, 3), (5, 3))
    ],
}


def entry_answer(draft: Any) -> Any:
    """What the table enters: a faction's costs, or Deacon's printed parts and tiles."""
    if isinstance(draft, dict) and draft.get("kind") == "components":
        return DEMO_COMPONENTS[draft["part"]]
    if isinstance(draft, dict) and draft.get("kind") == "effects":
        return [{"effect": "research"}]
    return SOLO_COSTS


def valid_answer(opened: games.OpenGame, rng: random.Random) -> Any:
    """A valid answer from a table that keeps the game going (few achievements)."""
    pending = opened.game.pending()
    assert pending is not None, "the benchmark game ended early"
    question = pending.question
    if question.kind is Kind.CONFIRM:
        return "done"
    if question.kind is Kind.YESNO:
        # the Solo Enemy spends its Resources (and battles) so its track is not done early
        solo = opened.game.bot.id == "solo_enemy" and pending.step.kind != "x_objective"
        return rng.choice(("yes", "no")) if solo else "no"
    if question.kind is Kind.NUMBER:
        return question.minimum
    if question.kind is Kind.SPACE:
        return rng.choice(question.spaces)
    if question.kind is Kind.ENTRY:
        return json.dumps(entry_answer(pending.question.draft))
    values = [c.value for c in question.choices]
    return next((v for v in QUIET if v in values), values[0])


def play(app: Any, client: Any, game_id: str, taps: int, rng: random.Random) -> list[float]:
    """Tap `taps` valid answers as a browser would; returns each request's time."""
    times = []
    for _ in range(taps):
        with app.app_context():
            opened = games.open_game(game_id)
            value, version = valid_answer(opened, rng), opened.version
        started = time.perf_counter()
        response = client.post(
            f"/g/{game_id}/answer",
            data={"version": version, "value": value},
            headers={"HX-Request": "true", "Accept-Encoding": "gzip, br"},
        )
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
    return times


def first_visit_bytes(app: Any, game_id: str) -> tuple[int, int, list[str]]:
    """Bytes on the wire (compressed, as a browser accepts) and raw, page plus assets."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"

    def fetch(path: str) -> tuple[int, bytes, str]:
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(request) as response:
            body = response.read()
            header_bytes = sum(len(k) + len(v) + 4 for k, v in response.getheaders())
            return len(body) + header_bytes, body, response.headers.get("Content-Encoding", "")

    try:
        wire, body, encoding = fetch(f"/g/{game_id}")
        raw_page = app.test_client().get(f"/g/{game_id}").get_data()
        assets = re.findall(rb'(?:href|src)="(/(?:bots/[a-z_]+/)?static/[^"]+)"', raw_page)
        total_wire, total_raw, lines = (
            wire,
            len(raw_page),
            [f"  {'the page':<34} {wire:7d} B ({encoding}, raw {len(raw_page)} B)"],
        )
        for asset in dict.fromkeys(assets):
            size, _, enc = fetch(asset.decode())
            raw = len(app.test_client().get(asset.decode()).get_data())
            total_wire += size
            total_raw += raw
            lines.append(f"  {asset.decode():<34} {size:7d} B ({enc or 'identity'}, raw {raw} B)")
        return total_wire, total_raw, lines
    finally:
        server.shutdown()
        server.server_close()


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
    cold_times = []
    with app.app_context():
        for _ in range(20):
            games._cache.clear()
            started = time.perf_counter()
            games.open_game(game_id)
            cold_times.append(time.perf_counter() - started)
    with app.app_context():
        history = len(games.open_game(game_id).game.actions)
    print(f"answer one step (server time)        {percentiles(answer_times)}   aim: p95 < 10 ms")
    print(f"render the game page ({history} steps) {percentiles(page_times)}   aim: p95 < 25 ms")
    print(f"rebuild the game from its log (cold) {percentiles(cold_times)}")


def measure_undo(app: Any, client: Any) -> None:
    """Undo (and redo) on a game 10 and 3,000 actions long: the same cost, whatever the
    length (the game goes back to its nearest snapshot)."""
    figures = {}
    rng = random.Random(5)
    for length in (10, 3000):
        with app.app_context():
            game_id = games.create_game(
                "covenant", {"difficulty": "extreme"}, name=f"Undo {length}", seed=7
            )
            version = 0
            while version < length:  # an answer, then three corrections, turn after turn
                opened = games.open_game(game_id)
                action = (
                    {"answer": valid_answer(opened, rng)}
                    if version % 4 == 0
                    else {"correct": "coins", "value": version % 90}
                )
                version = games.act(game_id, version, "action", action).version
        undo_times = []
        for _ in range(SAMPLES // 2):
            for kind in ("undo", "redo"):
                started = time.perf_counter()
                response = client.post(
                    f"/g/{game_id}/{kind}",
                    data={"version": version},
                    headers={"HX-Request": "true"},
                )
                if kind == "undo":
                    undo_times.append(time.perf_counter() - started)
                assert response.status_code == 200, response.status_code
                version += 1
        figures[length] = statistics.median(undo_times)
        print(f"undo at {length:>5} actions (server time) {percentiles(undo_times)}")
    print(f"  undo at 3,000 costs {figures[3000] / figures[10]:.2f}× undo at 10   aim: ≤ 1.5×")


def main() -> None:
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
        print("\nThe Bandits' night")
        bandits_night.measure_rules(percentiles)
        bandits_night.measure_web(app, client, percentiles)
        for label, measured in (
            ("a Covenant game", game_id),
            ("a Solo Enemy game", solo_id),
            ("a Deacon game", deacon_id),
        ):
            wire, raw, lines = first_visit_bytes(app, measured)
            print(
                f"\nfirst visit to {label}: {wire / 1024:.1f} KB on the wire "
                f"({raw / 1024:.1f} KB uncompressed)   aim: < 80 KB"
            )
            for line in lines:
                print(line)
        print()
        measure_undo(app, client)
    live.measure(percentiles)
    print()
    live.slow_sockets(percentiles)


if __name__ == "__main__":
    main()
