"""A collection file brought back (`/data/import`): 96 and 1,000 games of ~30 taps each.

The import is stored in one transaction (all or nothing, even killed half-way), so the
database's writer lock is held while it is written: a tap on another game, from another
device, waits meanwhile. Printed: the import's time, and the taps' times while it runs
(their slowest is about how long the lock was held; one that waits past the store's
two seconds is refused as busy, 503, and counted).

A benchmark, not a test: it prints figures measured on this machine.
"""

from __future__ import annotations

import io
import json
import random
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from webapp import create_app
from webapp.engine.actions import Answered
from webapp.service import games

from .table import valid_answer

COUNTS = (96, 1000)
TAPS_A_GAME = 30
# the games each file repeats (under ids of their own), ~30 taps each
SAMPLE = (
    ("covenant", {"difficulty": "normal"}),
    ("covenant", {"difficulty": "hard", "saga": True}),
    ("deacon", {}),
    ("solo_enemy", {"you": "humans", "factions": ["orcs"]}),
)
HTMX_HEADERS = {"HX-Request": "true"}


def played_games() -> list[dict[str, Any]]:
    """The game files of SAMPLE, each played TAPS_A_GAME taps (fewer if it ends)."""
    rng = random.Random(45)
    files = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        with app.app_context():
            for number, (bot, options) in enumerate(SAMPLE):
                game_id = games.create_game(bot, options, name=bot, seed=number)
                for _ in range(TAPS_A_GAME):
                    opened = games.open_game(game_id)
                    if opened.game.pending() is None:
                        break
                    games.act(game_id, opened.version, Answered(str(valid_answer(opened, rng))))
                files.append(games.export_game(game_id))
            games.forget_all()
    return files


def collection(played: list[dict[str, Any]], count: int) -> bytes:
    """A collection file of `count` games (the played ones again and again, each with
    ids and a name of its own)."""
    entries = [
        {
            **played[n % len(played)],
            "id": secrets.token_urlsafe(16),
            "watch_id": secrets.token_urlsafe(16),
            "name": f"Game {n + 1}",
        }
        for n in range(count)
    ]
    return json.dumps(
        {"format": "botdeck-collection", "version": 1, "games": entries, "decks": []}
    ).encode()


def tap_meanwhile(app: Any, stop: threading.Event, times: list[float], busy: list[float]) -> None:
    """Another device's taps on a game of its own, one after the other until `stop`;
    the time of each, and of those refused because the database stayed busy (503)."""
    client = app.test_client()
    response = client.post("/games", data={"bot": "covenant", "difficulty": "normal"})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    version = 0
    while not stop.is_set():
        started = time.perf_counter()
        tapped = client.post(
            f"/g/{game_id}/correct",
            data={"version": version, "field": "coins", "value": version % 2 + 1},
            headers=HTMX_HEADERS,
        )
        if tapped.status_code == 503:
            busy.append(time.perf_counter() - started)
            continue
        times.append(time.perf_counter() - started)
        assert tapped.status_code == 200, tapped.status_code
        version += 1


def measure(percentiles: Callable[[list[float]], str]) -> None:
    played = played_games()
    for count in COUNTS:
        content = collection(played, count)
        imports, taps, refused = [], [], []
        for _ in range(3 if count < 500 else 1):
            with tempfile.TemporaryDirectory() as data_dir:
                app = create_app({"DATA_DIR": data_dir})
                stop, times = threading.Event(), []
                tapper = threading.Thread(target=tap_meanwhile, args=(app, stop, times, refused))
                tapper.start()
                while not times and tapper.is_alive():
                    time.sleep(0.01)
                started = time.perf_counter()
                response = app.test_client().post(
                    "/data/import", data={"file": (io.BytesIO(content), "all.json")}
                )
                imports.append(time.perf_counter() - started)
                stop.set()
                tapper.join()
                assert response.status_code == 200, response.status_code
                taps.extend(times)
        size = len(content) / 1024 / 1024
        print(f"import {count} games ({size:.1f} MB)          {percentiles(imports)}")
        print(f"  a tap meanwhile (max {max(taps) * 1000:.0f} ms)   {percentiles(taps)}")
        if refused:
            print(f"  taps refused as busy (503): {len(refused)}")


if __name__ == "__main__":
    from .__main__ import percentiles

    measure(percentiles)
