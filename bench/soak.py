"""A long evening on one server process (`python -m webapp`, loopback): 20 devices with
a game page open, each reading its live stream, and one tap a second in total for 10
minutes on a game of each bot (several devices on each game, taking turns to answer the
step waiting). Printed: the server's memory after a warm-up, every minute and at the
end, the taps made, and every error a device would have seen — an answer that is not
2xx/3xx, a stream that dropped or fell behind — with its details.

Alone: `.venv/bin/python -m bench.soak`; `BOTDECK_SOAK_SECONDS=60` for a short run
(600 by default, also under `make bench`).

A device cannot work out an answer from outside, so each bot's taps are worked out
first by playing the same game here (same options, same seed: see bench/table.py);
a game that ends is followed by the next one of the same bot, as a table starts anew.
"""

from __future__ import annotations

import html
import math
import os
import random
import re
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from webapp import create_app
from webapp.engine.actions import Answered
from webapp.service import games

from .live import Device, Reader, Server, Stream, loopback, open_streams
from .server_load import AIM_GROWTH_MB, figure, p50, p95
from .table import valid_answer

SECONDS_VARIABLE = "BOTDECK_SOAK_SECONDS"
SECONDS = 600.0
DEVICES = 20
PACE = 1.0  # seconds between two taps, all devices together
REPORT_EVERY = 60.0  # seconds between two memory lines
SHOWN_WITHIN = 10.0  # seconds a page's stream has to show a tap (checked before the next)
SEED = 11
SHOWN_ERRORS = 50
# One game of each bot, with options a table picks in the lobby.
TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("covenant", {"difficulty": "extreme"}),
    ("solo_enemy", {"you": "humans", "factions": ["orcs"]}),
    ("deacon", {}),
    ("bandits", {"mode": "coop", "players": ["Ann", "Ben"]}),
)
TAGS = re.compile(r"<[^>]+>")
NOTICE = re.compile(r'<p class="notice[^"]*">(.*?)</p>', re.S)  # templates/_notice.html


@dataclass(frozen=True)
class Tap:
    """One scripted answer: the table's game it goes to (0 the first, 1 the one started
    after the first ended…), the version the device sees, and the form's value."""

    game: int
    version: int
    value: str


@dataclass
class Page:
    """A device's open game page: its live stream, read by the Reader."""

    device: Device
    number: int  # the device's number, for the errors' details
    table: int
    stream: Stream | None = None
    opened_at: float = 0.0


@dataclass
class Soaked:
    """What a soak measured (RSS in MB)."""

    taps: int = 0
    warm_up: int = 0
    rss_start: float = math.nan
    rss_end: float = math.nan
    rss_minutes: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    per_bot: dict[str, int] = field(default_factory=dict)  # taps answered, warm-up included

    @property
    def growth(self) -> float:
        return self.rss_end - self.rss_start


def script(bot: str, options: dict[str, Any], count: int, longest: int = 0) -> list[Tap]:
    """The first `count` answers a table gives to games of `bot`, worked out by playing
    them here (games seeded SEED, SEED + 1… one after the other as each ends, or after
    `longest` answers if not 0)."""
    rng = random.Random(f"{bot}/{SEED}")
    taps: list[Tap] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        with app.app_context():
            number, game = 0, games.create_game(bot, options, name="Script", seed=SEED)
            while len(taps) < count:
                opened = games.open_game(game)
                ended = opened.game.pending() is None or opened.version == longest > 0
                if ended:  # the table starts another game
                    number += 1
                    game = games.create_game(bot, options, name="Script", seed=SEED + number)
                    continue
                value = str(valid_answer(opened, rng))
                games.act(game, opened.version, Answered(value))
                taps.append(Tap(number, opened.version, value))
            games.forget_all()
    return taps


def store_games(data_dir: str, scripts: list[list[Tap]]) -> list[list[str]]:
    """Each table's games, stored in `data_dir` before the server starts on it (as many
    as its script plays): [table][game number] → game id."""
    app = create_app({"DATA_DIR": data_dir})
    made = []
    with app.app_context():
        for (bot, options), taps in zip(TABLES, scripts, strict=True):
            made.append(
                [
                    games.create_game(bot, options, name=f"Soak {bot} {n + 1}", seed=SEED + n)
                    for n in range(taps[-1].game + 1)
                ]
            )
        games.forget_all()
    return made


def seated(devices: int) -> list[tuple[int, int]]:
    """(device, table) of every open page: the devices spread over the tables, and
    every table has at least one (a device then has two pages open)."""
    return [(n % devices, n % len(TABLES)) for n in range(max(devices, len(TABLES)))]


def said(body: str) -> str:
    """What an answer says, in a line: its notice (why a tap was refused), else its
    body, tags dropped."""
    notice = NOTICE.search(body)
    text = notice.group(1) if notice else body
    return " ".join(html.unescape(TAGS.sub(" ", text)).split())[:300]


class Soak:
    """The devices, the games and what went wrong, while the soak runs."""

    def __init__(
        self,
        server: Server,
        reader: Reader,
        scripts: list[list[Tap]],
        ids: list[list[str]],
        devices: int,
    ) -> None:
        self.server, self.reader, self.scripts, self.ids = server, reader, scripts, ids
        self.started = time.perf_counter()
        self.result = Soaked()
        self.devices = [Device(server, source=loopback(700 + n)) for n in range(devices)]
        self.pages = [
            Page(self.devices[device], device, table) for device, table in seated(devices)
        ]
        self.playing = [0] * len(TABLES)  # each table's game number
        self.version = [0] * len(TABLES)  # each table's game version, as the server has it
        self.turn = [0] * len(TABLES)  # which of the table's pages taps next
        self.used = [0] * len(TABLES)  # how far into its script each table is

    def at(self) -> str:
        return f"{time.perf_counter() - self.started:6.1f} s"

    def error(self, what: str) -> None:
        self.result.errors.append(f"{self.at()}: {what}")

    def game(self, table: int) -> str:
        return self.ids[table][self.playing[table]]

    def where(self, page: Page) -> str:
        bot = TABLES[page.table][0]
        return f"device {page.number + 1} on {bot} game {self.game(page.table)}"

    def open(self, pages: list[Page]) -> None:
        """Open each page (its game page, then its live stream) on its table's game."""
        for page in pages:
            try:
                status, body, _ = page.device.request(
                    "GET", f"/g/{self.game(page.table)}", htmx=False
                )
            except Exception as error:  # what the device sees: reported, not raised
                self.error(f"{self.where(page)}: its page failed: {type(error).__name__}: {error}")
                continue
            if status != 200:
                self.error(f"{self.where(page)}: its page answered HTTP {status}: {said(body)}")
            path = f"/g/{self.game(page.table)}/events"
            cookie = page.device.cookie
            opened, failed = open_streams(
                self.server, self.reader, [(path, page.device.source)], cookie
            )
            page.stream = opened[0] if opened else None
            page.opened_at = time.perf_counter()
            if failed:
                self.error(f"{self.where(page)}: its stream did not open ({dict(failed)})")

    def on(self, table: int) -> list[Page]:
        return [page for page in self.pages if page.table == table]

    def check_streams(self) -> None:
        """A stream the server dropped is an error; it is opened again, as a browser's
        EventSource does."""
        dropped = []
        for page in self.pages:
            stream = page.stream
            if stream is None or (stream.ended and stream.ended != "closed here"):
                if stream is not None:
                    lasted = time.perf_counter() - page.opened_at
                    self.error(
                        f"{self.where(page)}: its stream dropped after {lasted:.0f} s "
                        f"({stream.ended}; {stream.received:,} bytes, "
                        f"{stream.events['update']} updates received)"
                    )
                dropped.append(page)
        if dropped:
            self.open(dropped)

    def check_shown(self, table: int) -> None:
        """Every page of the table shows the game's latest version (within SHOWN_WITHIN)."""
        streams = [p.stream for p in self.on(table) if p.stream is not None and p.stream.open]
        version = self.version[table]
        if not self.reader.wait_shown(streams, version, timeout=SHOWN_WITHIN):
            for page in self.on(table):
                stream = page.stream
                if stream is not None and stream.open and stream.newest < version:
                    self.error(
                        f"{self.where(page)}: its stream did not show version {version} "
                        f"within {SHOWN_WITHIN:.0f} s (it shows {stream.newest})"
                    )

    def tap(self, table: int, planned: Tap) -> float | None:
        """The table's next device answers the step waiting; its time, None if refused."""
        if planned.game != self.playing[table]:  # the game ended: the table starts the next
            self.reader.close([p.stream for p in self.on(table) if p.stream is not None])
            self.playing[table], self.version[table] = planned.game, 0
            self.open(self.on(table))
        self.check_shown(table)
        pages = self.on(table)
        page = pages[self.turn[table] % len(pages)]
        self.turn[table] += 1
        form = {"version": planned.version, "value": planned.value}
        what = f"{self.where(page)}: a tap at version {planned.version} ({planned.value[:40]!r})"
        try:
            status, body, took = page.device.request("POST", f"/g/{self.game(table)}/answer", form)
        except Exception as error:  # a device sees it as a failed tap: reported, not raised
            self.error(f"{what} failed: {type(error).__name__}: {error}{self.server.died()}")
            return None
        if not 200 <= status < 400:
            self.error(f"{what} answered HTTP {status}: {said(body)}")
            return None
        self.version[table] = planned.version + 1
        return took

    def next_tap(self, table: int) -> float | None:
        """The table's next scripted tap (see `tap`), counted by bot once answered."""
        took = self.tap(table, self.scripts[table][self.used[table]])
        self.used[table] += 1
        if took is not None:
            bot = TABLES[table][0]
            self.result.per_bot[bot] = self.result.per_bot.get(bot, 0) + 1
        return took

    def settle(self) -> None:
        """Every page shows its game's latest version, no stream dropped (or errors)."""
        for table in range(len(TABLES)):
            self.check_shown(table)
        self.check_streams()

    def rss(self) -> float:
        return self.server.rss_mb()


def measure(seconds: float | None = None, devices: int = DEVICES, pace: float = PACE) -> Soaked:
    """The soak, printed as it goes; what it measured (errors included, never raised).
    `seconds`: BOTDECK_SOAK_SECONDS when not given."""
    if seconds is None:
        try:
            seconds = soak_seconds()
        except ValueError as error:
            print(f"the soak: not run — {error}")
            return Soaked(errors=[str(error)])
    print(
        f"Soak: {devices} devices with a game page open (its live stream read), one tap "
        f"every {pace:g} s for {duration(seconds)} on a game of each bot "
        f"({', '.join(bot for bot, _ in TABLES)}; python -m webapp, loopback)"
    )
    held: list[Server] = []
    try:
        return soaked(seconds, devices, pace, held)
    finally:
        for server in held:
            server.log.close()  # kept open until now for `figure` to read


def soaked(seconds: float, devices: int, pace: float, held: list[Server]) -> Soaked:
    result = Soaked()
    with figure("the soak", held):  # prints what stopped it, with the server's stderr
        try:
            per_table = math.ceil(seconds / pace / len(TABLES)) + 2
            pages = seated(devices)
            scripts = [
                script(bot, options, per_table + sum(1 for _, t in pages if t == table))
                for table, (bot, options) in enumerate(TABLES)
            ]
            with soak_server(scripts, devices, held) as soak:
                result = soak.result
                run(soak, seconds, pace)
        except Exception as error:
            result.errors.append(f"the soak stopped: {type(error).__name__}: {error}")
            raise
    return result


@contextmanager
def soak_server(scripts: list[list[Tap]], devices: int, held: list[Server]) -> Iterator[Soak]:
    """A server process on the scripts' games (held in `held` once started), a reader
    for the streams, and the devices."""
    with tempfile.TemporaryDirectory() as data_dir:
        ids = store_games(data_dir, scripts)
        with Server(data_dir) as server, Reader() as reader:
            held.append(server)
            soak = Soak(server, reader, scripts, ids, devices)
            try:
                yield soak
            finally:
                for device in soak.devices:
                    device.close()


def run(soak: Soak, seconds: float, pace: float) -> None:
    """Warm up, tap for `seconds` (a tap every `pace` s, the tables in turn), report."""
    result = soak.result
    soak.open(soak.pages)
    # Every page taps once, back to back (every bot's pages rendered, every device known,
    # every stream past its opening): the memory the soak starts at is measured after.
    for page in list(soak.pages):
        soak.next_tap(page.table)
    result.warm_up = sum(soak.used)
    soak.settle()
    result.rss_start = soak.rss()
    print(
        f"  after a warm-up ({result.warm_up} taps, one a page): the server at "
        f"{result.rss_start:.1f} MB, {soak.server.open_files()} open files"
    )
    times: list[float] = []
    minute: list[float] = []
    started = time.perf_counter()
    report_at = started + REPORT_EVERY
    while (due := started + result.taps * pace) < started + seconds:
        time.sleep(max(0.0, due - time.perf_counter()))
        took = soak.next_tap(result.taps % len(TABLES))
        result.taps += 1
        if took is not None:
            times.append(took)
            minute.append(took)
        soak.check_streams()
        if time.perf_counter() >= report_at:
            result.rss_minutes.append(soak.rss())
            print_minute(result, minute)
            minute = []
            report_at += REPORT_EVERY
    took_all = time.perf_counter() - started
    soak.settle()
    result.rss_end = soak.rss()
    if not soak.server.alive():
        soak.error(f"the server process exited{soak.server.died()}: {soak.server.log_tail()}")
    report(soak, times, took_all)


def print_minute(result: Soaked, times: list[float]) -> None:
    rss = result.rss_minutes[-1]
    line = f"  {len(result.rss_minutes):>3} min: {rss:6.1f} MB "
    line += f"({rss - result.rss_start:+5.1f} MB), {result.taps:5d} taps, "
    line += f"{len(result.errors)} errors"
    if times:
        line += f"; taps this minute: p50 {p50(times) * 1000:5.1f} ms, "
        line += f"p95 {p95(times) * 1000:5.1f} ms"
    print(line, flush=True)  # a minute's line as it comes, also into a file


def report(soak: Soak, times: list[float], took_all: float) -> None:
    result = soak.result
    answered = ", ".join(f"{bot} {result.per_bot.get(bot, 0)}" for bot, _ in TABLES)
    over = "" if result.growth < AIM_GROWTH_MB else "   OVER THE AIM"
    print(
        f"  {result.taps} taps in {took_all:.0f} s (answered, warm-up included: {answered}); "
        f"the server at {result.rss_start:.1f} MB after the warm-up, {result.rss_end:.1f} MB "
        f"at the end ({result.growth:+.1f} MB)   aim: < {AIM_GROWTH_MB} MB{over}"
    )
    updates = [p.stream.events["update"] for p in soak.pages if p.stream is not None]
    if times:
        print(
            f"  a tap: p50 {p50(times) * 1000:.1f} ms, p95 {p95(times) * 1000:.1f} ms; each "
            f"page's stream got {sum(updates) / max(len(updates), 1):.0f} updates; "
            f"{soak.server.open_files()} open files at the end"
        )
    if result.errors:
        print(f"  {len(result.errors)} errors:")
        for line in result.errors[:SHOWN_ERRORS]:
            print(f"    {line}")
        if len(result.errors) > SHOWN_ERRORS:
            print(f"    … and {len(result.errors) - SHOWN_ERRORS} more")
        print(f"  the server's stderr: {soak.server.log_tail()}")
    else:
        print("  errors: none (every answer 2xx/3xx, no stream dropped or fell behind)")


def duration(seconds: float) -> str:
    return f"{seconds / 60:g} min" if seconds >= 120 else f"{seconds:g} s"


def soak_seconds() -> float:
    """BOTDECK_SOAK_SECONDS, or 600; ValueError saying what is wrong with it."""
    raw = os.environ.get(SECONDS_VARIABLE, "").strip()
    if not raw:
        return SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ValueError(f"{SECONDS_VARIABLE} must be a number of seconds above 0, not {raw!r}")
    return seconds


if __name__ == "__main__":
    measure()
