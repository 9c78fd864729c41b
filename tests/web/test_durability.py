"""Killing the server (kill -9) at any moment loses no answered step."""

from __future__ import annotations

import contextlib
import json
import random
import re
import secrets
import sqlite3
import threading
import time
import urllib.parse
import urllib.request

from ..random_play import new_game, play_randomly
from ..waiting import wait_until

FLOWING = 20  # taps confirmed before the kill: the stream is well under way


def post(url: str, data: dict, timeout: float = 5) -> tuple[int, str, str]:
    body = urllib.parse.urlencode(data).encode()
    request = urllib.request.Request(url, data=body, headers={"HX-Request": "true"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status, response.geturl(), response.read().decode()


def start_game(server) -> str:
    request = urllib.request.Request(server.url + "/games", data=b"bot=covenant&difficulty=hard")
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.geturl().rsplit("/", 1)[1]


def exported_actions(server, game_id: str) -> list[dict]:
    with urllib.request.urlopen(f"{server.url}/g/{game_id}/export", timeout=5) as response:
        return json.loads(response.read())["actions"]


def current_version(server, game_id: str) -> int:
    with urllib.request.urlopen(f"{server.url}/g/{game_id}", timeout=5) as response:
        return int(re.search(r'data-game-version="(\d+)"', response.read().decode()).group(1))


def test_kill_9_between_taps_loses_nothing(server_process):
    game_id = start_game(server_process)
    post(f"{server_process.url}/g/{game_id}/answer", {"version": 0, "value": "H"})
    post(f"{server_process.url}/g/{game_id}/correct", {"version": 1, "field": "damage", "value": 2})
    post(f"{server_process.url}/g/{game_id}/undo", {"version": 2})
    server_process.kill9()
    server_process.start()
    assert exported_actions(server_process, game_id) == [{"answer": "H"}]
    assert current_version(server_process, game_id) == 3  # the undo is kept too


def test_kill_9_in_the_middle_of_a_stream_of_taps_loses_no_confirmed_tap(server_process):
    game_id = start_game(server_process)
    confirmed: list[int] = []
    stop = threading.Event()

    def tap_forever() -> None:
        version = 0
        while not stop.is_set():
            try:
                status, _, _ = post(
                    f"{server_process.url}/g/{game_id}/correct",
                    {"version": version, "field": "coins", "value": version + 1},
                )
            except OSError:
                return  # the server is gone
            if status == 200:
                confirmed.append(version + 1)
                version += 1

    tapper = threading.Thread(target=tap_forever)
    tapper.start()
    wait_until(lambda: len(confirmed) >= FLOWING, within=30, what="taps confirmed")
    server_process.kill9()  # while taps still flow: one may be on its way
    stop.set()
    tapper.join(timeout=10)
    assert not tapper.is_alive()
    assert confirmed == list(range(1, len(confirmed) + 1))

    server_process.start()
    stored = [a["value"] for a in exported_actions(server_process, game_id)]
    # every tap the page confirmed is there, in order; more only the one in flight
    assert stored in (confirmed, [*confirmed, len(confirmed) + 1])
    assert current_version(server_process, game_id) == len(stored)


# --- a collection import killed half-way ------------------------------------------------

IMPORTED = 300  # games in the file: stored one by one, the store took ~1 s on this machine
DEVICE = "killed-import-device-0001"


def collection_file(count: int) -> bytes:
    """A collection of `count` short games (each one played a few taps), ids their own."""
    game = new_game("covenant", {"difficulty": "normal"}, seed=45)
    play_randomly(game, random.Random(45), 4)
    # the demo deck is the one without a "deck"; "turns" and "state" are for reading
    played = {**game.export(), "name": "Killed", "deck": None, "turns": [], "state": {}}
    entries = [
        {**played, "id": secrets.token_urlsafe(16), "watch_id": secrets.token_urlsafe(16)}
        for _ in range(count)
    ]
    return json.dumps({"format": "botdeck-collection", "version": 1, "games": entries}).encode()


def as_device(url: str, data: bytes | None = None, content_type: str = "") -> str:
    request = urllib.request.Request(url, data=data, headers={"Cookie": f"botdeck_device={DEVICE}"})
    if content_type:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.read().decode()


def import_collection(server, content: bytes) -> str:
    boundary = secrets.token_hex(16)
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="all.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return as_device(server.url + "/data/import", body, f"multipart/form-data; boundary={boundary}")


def games_of_the_device(server) -> int:
    return len(json.loads(as_device(server.url + "/data/export"))["games"])


def writing_the_import(database: sqlite3.Connection, busy_since: list[float]) -> bool:
    """Whether the server is half-way through storing the import: games of it committed
    already, or the database's writer lock held for a while (one transaction)."""
    if database.execute("SELECT COUNT(*) FROM games").fetchone()[0] >= 2:
        return True
    try:
        database.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:  # "database is locked": the server is writing
        busy_since[:] = busy_since or [time.monotonic()]
        return time.monotonic() - busy_since[0] > 0.02
    database.execute("ROLLBACK")
    busy_since.clear()
    return False


def test_kill_9_during_a_collection_import_stores_all_of_it_or_nothing(server_process):
    """The server killed while it stores a collection (it stored 54 and 71 of 96 games
    one by one): after the restart the device has none of them or every one, and the
    same file imports whole."""
    content = collection_file(IMPORTED)
    as_device(server_process.url + "/device/name", b"name=Tablet")  # stored before
    database = sqlite3.connect(
        server_process.data_dir / "botdeck.sqlite3", timeout=0, isolation_level=None
    )
    importing = threading.Thread(
        target=lambda: _ignore_the_cut(import_collection, server_process, content)
    )
    importing.start()
    try:
        busy_since: list[float] = []
        wait_until(
            lambda: writing_the_import(database, busy_since),
            within=60,
            every=0.001,
            what="the import being stored",
        )
        server_process.kill9()
    finally:
        database.close()
        importing.join(timeout=30)
    server_process.start()
    assert games_of_the_device(server_process) in (0, IMPORTED)
    page = import_collection(server_process, content)
    assert games_of_the_device(server_process) == IMPORTED, page


def _ignore_the_cut(send, *args) -> None:
    with contextlib.suppress(OSError):  # the server was killed with the request on its way
        send(*args)
