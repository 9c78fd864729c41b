"""Killing the server (kill -9) at any moment loses no answered step."""

from __future__ import annotations

import json
import re
import threading
import urllib.parse
import urllib.request

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
