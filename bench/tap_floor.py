"""A tap against the server's own floor, on the real server (`python -m webapp`,
loopback), one device on a kept-alive connection with each game's live stream open,
in interleaved rounds: each round taps every bot's game once (the answer with its
changed fragments; the next round waits until the game's stream showed the tap), and
asks the floor twice — a static file through every middleware (the stylesheet, as a
page asks it) and a bare route (`/ping`, a view that does nothing). Then the start of a
new game from the lobby's form, a hundred of each on the same device.

Aims: a bot's tap p50 ≤ 2.5× the static file's p50, its p95 ≤ 4× its own p50. A tap is
on disk before its answer leaves (SQLite, synchronous=FULL): the disk's own fsync is
printed beside, as what is left of a tap's tail on this disk.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from typing import Any

from .live import HOST, Device, Reader, Server, open_streams
from .server_load import Percentiles, p50, p95
from .table import bot_games, bot_taps

WARM_UP = 20
ROUNDS = 200
AIM_RATIO = 2.5
AIM_TAIL = 4.0
FSYNCS = 200
BOTS: list[tuple[str, dict[str, Any], int]] = [
    ("covenant", {"difficulty": "extreme"}, 7),
    ("deacon", {}, 7),
    ("solo_enemy", {"you": "humans", "factions": ["orcs"]}, 7),
    ("bandits", {"mode": "coop", "players": ["Ann", "Ben"]}, 7),
]
NEW_GAMES = 100
AIM_NEW_GAME = 0.010
NEW_GAME_FORMS = {
    "covenant": {"bot": "covenant", "difficulty": "normal"},
    "solo_enemy": {"bot": "solo_enemy", "you": "humans", "factions": "orcs"},
    "bandits": {"bot": "bandits", "mode": "solo"},
}
STYLESHEET = re.compile(r'href="(/static/botdeck\.css\?v=\w+)"')


def fsync_times(folder: str, count: int = FSYNCS) -> list[float]:
    """A small write and its fsync, as a commit ends, `count` times in `folder`."""
    times = []
    path = os.path.join(folder, "fsync-probe")
    with open(path, "wb") as file:
        for n in range(count):
            file.write(n.to_bytes(8, "little") * 64)
            file.flush()
            started = time.perf_counter()
            os.fsync(file.fileno())
            times.append(time.perf_counter() - started)
    os.remove(path)
    return times


def new_games(device: Device) -> dict[str, list[float]]:
    """`NEW_GAMES` games of each bot started from the lobby's form, one after the other
    on a device whose list grows with them: each start's time (its answer, a redirect
    to the new game's page)."""
    times: dict[str, list[float]] = {}
    for bot, form in NEW_GAME_FORMS.items():
        for _ in range(NEW_GAMES):
            status, _, took = device.request("POST", "/games", form, htmx=False)
            assert status == 303, f"starting a {bot} game answered HTTP {status}"
            times.setdefault(bot, []).append(took)
    return times


def measure(percentiles: Percentiles) -> None:
    scripts = {
        bot: bot_taps(bot, json.dumps(options), seed, WARM_UP + ROUNDS)
        for bot, options, seed in BOTS
    }
    with tempfile.TemporaryDirectory() as data_dir:
        made = dict(zip(scripts, bot_games(data_dir, BOTS), strict=True))
        with Server(data_dir) as server, Reader() as reader:
            device = Device(server)
            _, lobby, _ = device.request("GET", "/", htmx=False)
            stylesheet = STYLESHEET.search(lobby)
            assert stylesheet is not None, "no stylesheet in the lobby"
            streams = {}
            for bot, game in made.items():
                device.open(game)
                opened, failed = open_streams(server, reader, [(f"/g/{game}/events", HOST)])
                assert opened, f"the {bot} game's stream did not open: {dict(failed)}"
                streams[bot] = opened
            taps: dict[str, list[float]] = {bot: [] for bot in made}
            static, bare = [], []
            for number in range(WARM_UP + ROUNDS):
                for bot, game in made.items():
                    status, took = device.send(game, number, scripts[bot][number])
                    assert status == 200, f"a {bot} tap answered HTTP {status}"
                    assert reader.wait_shown(streams[bot], number + 1), f"{bot}: not shown"
                    status, _, floor = device.request("GET", stylesheet.group(1), htmx=False)
                    assert status == 200
                    status, _, nothing = device.request("GET", "/ping", htmx=False)
                    assert status == 204
                    if number >= WARM_UP:
                        taps[bot].append(took)
                        static.append(floor)
                        bare.append(nothing)
            started = new_games(device)
            device.close()
        disk = fsync_times(data_dir)
    floor = p50(static)
    print(
        f"A tap against the server's floor (python -m webapp, one device kept alive, each "
        f"game's stream open; {ROUNDS} interleaved rounds)"
    )
    print(f"  {'the floor: a static file (the stylesheet)':<44} {percentiles(static)}")
    print(f"  {'          a bare route (/ping)':<44} {percentiles(bare)}")
    for bot, times in taps.items():
        ratio, tail = p50(times) / floor, p95(times) / p50(times)
        over = []
        if ratio > AIM_RATIO:
            over.append(f"p50 {ratio:.1f}× the floor")
        if tail > AIM_TAIL:
            over.append(f"p95 {tail:.1f}× its p50")
        print(
            f"  {'a ' + bot + ' tap':<44} {percentiles(times)}   {ratio:.1f}× the floor, "
            f"p95 {tail:.1f}× p50" + (f"   OVER THE AIM ({'; '.join(over)})" if over else "")
        )
    for bot, times in started.items():
        over = "" if p95(times) < AIM_NEW_GAME else "   OVER THE AIM"
        label = f"start a {bot} game from the lobby"
        print(f"  {label:<44} {percentiles(times)}   aim: p95 < 10 ms{over}")
    print(
        f"  aims: p50 ≤ {AIM_RATIO}× the static file's, p95 ≤ {AIM_TAIL:g}× its own p50; "
        f"this disk's fsync (what a tap waits for at its commit): {percentiles(disk)}"
    )
