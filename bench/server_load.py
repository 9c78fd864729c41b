"""A server that holds a whole game night: figures measured from outside, on a real
server process (`python -m webapp`: uvicorn, the stream layer) over loopback, and
pushed past their aims to show where things break.

1. a tap on a kept-alive connection, one device with its own stream open;
2. undo, a refused answer, the History page, "Undo back to here" and the first page
   after a restart, on games 10 to 3,000 steps long;
3. hundreds to thousands of open streams: a page, the CSS and a tap still answer; the
   server's memory; how soon a closed page is let go;
4. the server's memory with 20 devices connected, before and after 2,000 taps;
5. a tap on device A until each of 10, 100 and 500 devices shows it;
6. 8, 16 and 32 devices tapping at once, each on its own game.

Failures print as figures ("breaks at …"), never as a traceback.
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from webapp import create_app
from webapp.engine.actions import action_of
from webapp.service import games

from .live import (
    HOST,
    Device,
    Reader,
    Server,
    Stream,
    loopback,
    open_streams,
    raise_open_files,
)
from .table import table_games, valid_answer

Percentiles = Callable[[list[float]], str]

WARM_UP = 20
TAPS = 200
FRESH_TAPS = 50
LENGTHS = (10, 300, 1000, 3000)
LENGTH_SAMPLES = 50
HISTORY_SAMPLES = 30
RESTARTS = 10
STREAM_GAMES = 8
STREAM_LEVELS = (0, 500, 1000, 2000, 4000, 8000)  # 0: the same figures, no stream open
PER_ADDRESS = 50  # the server lets one address hold 64 connections
OPEN_BATCH = 250
PROBES = 40
CLOSED = 100
MEMORY_DEVICES, MEMORY_GAMES, MEMORY_TAPS = 20, 4, 2000
FAN_OUT = ((10, 100, 0.030), (100, 100, 0.015), (500, 50, 0.030))  # devices, taps, aim (p95)
AT_ONCE = ((8, 60), (16, 30), (32, 20))  # devices, taps each at the table's pace
PACE = 0.25  # seconds between a device's taps, on average: far brisker than any table

AIM_TAP = 0.005
AIM_RATIO = 1.5
AIM_LOADED = 0.050
AIM_GROWTH_MB = 20
AIM_SHOWN = 0.030
AIM_RSS_MB, AIM_RSS_AT = 80, 500  # the server's memory with this many pages open


class Broken(Exception):
    """The server did something a browser would show as an error."""


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def p50(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[len(ordered) // 2]


def verdict(value: float, aim: float) -> str:
    return "" if value <= aim else "   OVER THE AIM"


def show(
    label: str,
    samples: list[float],
    percentiles: Percentiles,
    aim: float | None = None,
    within: str = "<",
) -> None:
    """One figure's line: its label, p50/p95 and, with an aim (a p95), whether it is met."""
    line = f"{label:<50} {percentiles(samples)}"
    if aim is not None:
        line += f"   aim: p95 {within} {aim * 1000:.0f} ms{verdict(p95(samples), aim)}"
    print(line)


def expect(status: int, wanted: int, what: str) -> None:
    if status != wanted:
        raise Broken(f"{what} answered HTTP {status} (expected {wanted})")


@contextmanager
def figure(label: str, server: list[Server] | None = None) -> Iterator[None]:
    """Print a failure inside as a figure line (with what the server said), not a
    traceback; `server` holds the server the figure runs against, once started."""
    try:
        yield
    except Exception as error:  # a benchmark reports, it does not stop
        said = f"; the server's stderr: {server[0].log_tail()}" if server else ""
        died = server[0].died() if server else ""
        print(f"{label}: could not be measured — {type(error).__name__}: {error}{died}{said}")


@contextmanager
def served(label: str, games: int) -> Iterator[tuple[Server, Reader, list[str]]]:
    """A server process of its own with `games` games of the table's (bench/table.py,
    stored before it starts), and a reader for streams; a failure inside prints as the
    figure `label` (see `figure`)."""
    held: list[Server] = []
    with (
        figure(label, held),
        tempfile.TemporaryDirectory() as data_dir,
    ):
        tables = table_games(data_dir, games)
        with Server(data_dir) as server, Reader() as reader:
            held.append(server)
            yield server, reader, tables


# --- 1. one tap ----------------------------------------------------------------------


def tap_one_device(percentiles: Percentiles) -> None:
    """A tap's answer (the changed fragments) on a kept-alive connection, while the
    device's own stream is open and gets each change before the next tap."""
    with served("a tap, one device", 1) as (server, reader, [game]):
        device = Device(server)
        device.open(game)
        streams, failed = open_streams(server, reader, [(f"/g/{game}/events", HOST)])
        if not streams:
            raise Broken(f"its stream did not open ({dict(failed)})")
        version, times = 0, []
        for tap in range(WARM_UP + TAPS):
            status, took = device.tap(game, version)
            expect(status, 200, "a tap")
            version += 1
            if not reader.wait_shown(streams, version):
                raise Broken(f"the device's own stream did not show version {version}")
            if tap >= WARM_UP:
                times.append(took)
        label = "a tap, one device (kept-alive, own stream open)"
        show(label, times, percentiles, AIM_TAP, within="≤")
        fresh = []
        for _ in range(FRESH_TAPS):
            other = Device(server, cookie=device.cookie)  # connected before the clock starts
            other.held = device.held  # the same page, on a connection of its own
            status, took = other.tap(game, version)
            other.close()
            expect(status, 200, "a tap")
            version += 1
            reader.wait_shown(streams, version)
            fresh.append(took)
        show("  the same tap, a new connection each time", fresh, percentiles)
        stall = p50(times) - p50(fresh)
        if stall > 0.030:
            print(
                f"  (kept alive, {stall * 1000:.0f} ms more: the signature of Nagle's algorithm "
                "meeting the device's delayed ACK — TCP_NODELAY not set on the server's sockets?)"
            )


# --- 2. long games -------------------------------------------------------------------


def build_games(data_dir: str) -> dict[int, tuple[str, int]]:
    """Covenant games of each length in LENGTHS, built in this process before the
    server starts (an answer, then three corrections, turn after turn):
    {length: (game id, version)}."""
    app = create_app({"DATA_DIR": data_dir})
    rng = random.Random(5)
    built = {}
    with app.app_context():
        for length in LENGTHS:
            game = games.create_game(
                "covenant", {"difficulty": "extreme"}, name=f"{length} steps", seed=7
            )
            version = 0
            while version < length:
                opened = games.open_game(game)
                action = (
                    {"answer": valid_answer(opened, rng)}
                    if version % 4 == 0
                    else {"correct": "coins", "value": version % 90}
                )
                version = games.act(game, version, action_of(action)).version
            built[length] = (game, version)
        games.forget_all()
    return built


def refused_answers(device: Device, game: str, version: int) -> list[float]:
    times = []
    for _ in range(LENGTH_SAMPLES):
        status, _, took = device.request(
            "POST", f"/g/{game}/answer", {"version": version, "value": "nonsense"}
        )
        expect(status, 422, "an answer that does not fit")
        times.append(took)
    return times


def undo_redo(device: Device, game: str, version: int) -> tuple[list[float], int]:
    """Undo, then redo (so the game stays as long), LENGTH_SAMPLES times: each undo's
    time and the version after."""
    times = []
    for _ in range(LENGTH_SAMPLES):
        for kind in ("undo", "redo"):
            status, _, took = device.request("POST", f"/g/{game}/{kind}", {"version": version})
            expect(status, 200, kind)
            version += 1
            if kind == "undo":
                times.append(took)
    return times, version


UNDO_BACK = 8  # "Undo back to here" this many actions, then Redo of them all


def undo_back(device: Device, game: str, version: int, length: int) -> tuple[list[float], int]:
    """ "Undo back to here" on the History entry UNDO_BACK actions back (the game was built
    one action per event), then Redo, LENGTH_SAMPLES // 2 times: each undo's time and the
    version after."""
    times = []
    for _ in range(LENGTH_SAMPLES // 2):
        form = {"version": version, "to": length - UNDO_BACK}
        status, _, took = device.request("POST", f"/g/{game}/undo-to", form, htmx=False)
        expect(status, 303, "undo back to here")
        times.append(took)
        status, _, _ = device.request("POST", f"/g/{game}/redo", {"version": version + 1})
        expect(status, 200, "redo")
        version += 2
    return times, version


def pages(device: Device, path: str, count: int) -> list[float]:
    times = []
    for _ in range(count):
        status, _, took = device.request("GET", path, htmx=False)
        expect(status, 200, path)
        times.append(took)
    return times


def first_pages(
    data_dir: str, built: dict[int, tuple[str, int]]
) -> tuple[dict[int, list[float]], list[float]]:
    """Each game's page as the first request to a server just started (the CSS
    answered, no game opened): {length: times}, and how long each start took."""
    times: dict[int, list[float]] = {length: [] for length in built}
    starts = []
    for _ in range(RESTARTS):
        for length, (game, _) in built.items():
            with Server(data_dir) as server:
                starts.append(server.started_in)
                device = Device(server)
                status, _, took = device.request("GET", f"/g/{game}", htmx=False)
                device.close()
                expect(status, 200, "the first page after a restart")
                times[length].append(took)
    return times, starts


def print_lengths(label: str, figures: dict[int, list[float]], percentiles: Percentiles) -> None:
    for length, times in figures.items():
        show(f"{label:<32} at {length:>5} steps", times, percentiles)
    short, long = figures[LENGTHS[0]], figures[LENGTHS[-1]]
    ratio, ratio95 = p50(long) / p50(short), p95(long) / p95(short)
    print(
        f"  {LENGTHS[-1]:,} steps vs {LENGTHS[0]}: {ratio:.2f}× (p50), {ratio95:.2f}× (p95)"
        f"   aim: ≤ {AIM_RATIO}×{verdict(ratio, AIM_RATIO)}"
    )


def long_games(percentiles: Percentiles) -> None:
    held: list[Server] = []
    with figure("long games", held), tempfile.TemporaryDirectory() as data_dir:
        started = time.perf_counter()
        built = build_games(data_dir)
        print(
            f"Games {', '.join(f'{n:,}' for n in LENGTHS)} steps long on the served app "
            f"(built in-process in {time.perf_counter() - started:.0f} s)"
        )
        undo, refused, history, back = {}, {}, {}, {}
        with Server(data_dir) as server:
            held.append(server)
            device = Device(server)
            for length, (game, version) in built.items():
                pages(device, f"/g/{game}", 2)  # the game opened (rebuilt) once: not counted
                refused[length] = refused_answers(device, game, version)
                history[length] = pages(device, f"/g/{game}/history", HISTORY_SAMPLES)
                undo[length], version = undo_redo(device, game, version)
                back[length], version = undo_back(device, game, version, length)
                built[length] = (game, version)
        held.clear()
        restarted, starts = first_pages(data_dir, built)
        print_lengths("undo", undo, percentiles)
        print_lengths("an answer refused (422)", refused, percentiles)
        print_lengths("the History page", history, percentiles)
        print_lengths(f"undo back {UNDO_BACK} actions at once", back, percentiles)
        print_lengths("the first page after a restart", restarted, percentiles)
        print(
            f"  ({RESTARTS} restarts a game; the server answered {p50(starts):.1f} s "
            "after it was started)"
        )


# --- 3. many open streams ------------------------------------------------------------


class Crowd:
    """Open streams on a few games, from as many loopback addresses as they need."""

    def __init__(
        self, server: Server, reader: Reader, games: list[str], versions: dict[str, int]
    ) -> None:
        self.server, self.reader, self.games = server, reader, games
        self.versions = versions  # each game's version: a page's stream opens at it
        self.streams: dict[str, list[Stream]] = {game: [] for game in games}
        self.next = 0

    def alive(self, game: str | None = None) -> list[Stream]:
        chosen = [game] if game is not None else self.games
        return [s for g in chosen for s in self.streams[g] if s.open]

    def grow(self, count: int) -> Counter[str]:
        """Open streams until `count` are open; why those that did not, counted."""
        failed: Counter[str] = Counter()
        while len(self.alive()) < count and not failed:
            wanted = []
            for _ in range(min(OPEN_BATCH, count - len(self.alive()))):
                game = self.games[self.next % len(self.games)]
                page = f"/g/{game}/events?since={self.versions[game]}"  # as a page opens it
                wanted.append((page, loopback(self.next // PER_ADDRESS)))
                self.next += 1
            opened, failed = open_streams(self.server, self.reader, wanted)
            for stream in opened:
                self.streams[stream.path.split("/")[2]].append(stream)
        return failed


def probe(
    crowd: Crowd, device: Device, versions: dict[str, int]
) -> tuple[dict[str, list[float]], str]:
    """A page, the CSS and a tap (until every open stream of its game shows it),
    PROBES times: the times, and what went wrong ("" if nothing)."""
    times: dict[str, list[float]] = {"page": [], "css": [], "tap": [], "shown": []}
    for index in range(PROBES):
        game = crowd.games[index % len(crowd.games)]
        for name, path in (("page", f"/g/{game}"), ("css", "/static/botdeck.css")):
            status, _, took = device.request("GET", path, htmx=False)
            if status != 200:
                return times, f"{path} answered HTTP {status}"
            times[name].append(took)
        watching = crowd.alive(game)
        started = time.perf_counter()
        status, took = device.tap(game, versions[game])
        if status != 200:
            return times, f"a tap answered HTTP {status}"
        versions[game] += 1
        times["tap"].append(took)
        if not crowd.reader.wait_shown(watching, versions[game], timeout=30):
            late = sum(1 for s in watching if s.newest < versions[game])
            return times, f"{late} of {len(watching)} streams did not show a tap within 30 s"
        dropped = [s.ended for s in watching if s.ended]
        if dropped:
            return times, f"{len(dropped)} streams were closed ({Counter(dropped).most_common(1)})"
        if watching:
            times["shown"].append(max(s.shown(versions[game]) or 0 for s in watching) - started)
    return times, ""


def print_probe(times: dict[str, list[float]], percentiles: Percentiles, per_game: int) -> str:
    """Print the figures of one level; what went over the aim ("" if nothing)."""
    over = []
    for name, label in (
        ("page", "a game page (GET /g/<id>)"),
        ("css", "the CSS"),
        ("tap", "a tap"),
    ):
        if times[name]:
            show(f"  {label}", times[name], percentiles, AIM_LOADED)
            if p95(times[name]) > AIM_LOADED:
                over.append(f"{label} p95 {p95(times[name]) * 1000:.0f} ms")
    if times["shown"]:
        show(f"  that tap shown on all {per_game} devices of its game", times["shown"], percentiles)
    return ", ".join(over)


def time_to_free(crowd: Crowd, count: int) -> str:
    """Close `count` streams (pages closed) and poll the server's open files until they
    are `count` fewer."""
    server = crowd.server
    before, rss = server.open_files(), server.rss_mb()
    by_game = zip(*(crowd.alive(game) for game in crowd.games), strict=False)
    closing = [stream for streams in by_game for stream in streams][:count]
    crowd.reader.close(closing)
    started = time.perf_counter()
    while time.perf_counter() - started < 30:
        now = server.open_files()
        if 0 <= now <= before - len(closing):
            took = time.perf_counter() - started
            return (
                f"{len(closing)} pages closed: the server let their connections go "
                f"{took * 1000:.0f} ms later ({before} → {now} open files; "
                f"{rss:.0f} → {server.rss_mb():.0f} MB)"
            )
        time.sleep(0.001)
    return (
        f"{len(closing)} pages closed: NOT let go after 30 s "
        f"({before} → {server.open_files()} open files)"
    )


def many_streams(percentiles: Percentiles) -> None:
    limit = raise_open_files()
    with served("many open streams", STREAM_GAMES) as (server, reader, tables):
        device = Device(server)
        for game in tables:
            device.open(game)
        versions = dict.fromkeys(tables, 0)
        crowd = Crowd(server, reader, tables, versions)
        print(
            f"Open live streams on one server process ({STREAM_GAMES} games, {PER_ADDRESS} "
            f"streams an address; open-files limit {limit}; the server at {server.rss_mb():.0f} "
            "MB before them)"
        )
        first_over, broke = "", ""
        for level in STREAM_LEVELS:
            try:
                over, broke = one_level(crowd, device, versions, level, percentiles)
            except Exception as error:  # where it breaks is the figure
                over, broke = "", f"{type(error).__name__}: {error}{server.died()}"
            if over and not first_over:
                first_over = f"from {level:,} open streams on" if level else "with no stream open"
                first_over += f" ({over})"
            if broke:
                print(f"  breaks at {level:,} open streams: {broke}")
                break
        else:
            print(f"  no break up to {STREAM_LEVELS[-1]:,} open streams")
        print(f"  over the aim {first_over}" if first_over else "  within the aim throughout")
        if server.alive():
            print(f"  {time_to_free(crowd, CLOSED)}")
        else:
            print(f"  the server process has exited; its stderr: {server.log_tail()}")


def one_level(
    crowd: Crowd, device: Device, versions: dict[str, int], level: int, percentiles: Percentiles
) -> tuple[str, str]:
    """Open streams up to `level` and probe: (what went over the aim, what broke)."""
    server = crowd.server
    started = time.perf_counter()
    failed = crowd.grow(level)
    opened = len(crowd.alive())
    if failed:
        reasons = "; ".join(f"{n}× {why}" for why, n in failed.most_common(3))
        return "", f"{opened:,} open, {sum(failed.values())} more did not open ({reasons})"
    took = time.perf_counter() - started
    rss = server.rss_mb()
    aim = f"   aim: ≤ {AIM_RSS_MB} MB{verdict(rss, AIM_RSS_MB)}" if level == AIM_RSS_AT else ""
    print(
        (f"{opened:>5} open streams (opened in {took:.1f} s)" if opened else "no stream open")
        + f": the server at {rss:.1f} MB, {server.open_files()} open files{aim}"
    )
    times, error = probe(crowd, device, versions)
    over = print_probe(times, percentiles, level // len(crowd.games))
    if not error and not server.alive():
        error = f"the server process exited{server.died()}"
    return over, error


# --- 4. memory over an evening -------------------------------------------------------


def tap_many(
    device: Device, game: str, count: int, errors: list[str], pace: float = 0.0
) -> list[float]:
    """`count` taps on a game at version 0 (each tap's time): back to back, or `pace`
    seconds apart on average (at random, as people tap)."""
    times = []
    rng = random.Random(device.source)
    for version in range(count):
        if pace:
            time.sleep(rng.uniform(0, 2 * pace))
        status, took = device.tap(game, version)
        if status != 200:
            errors.append(f"a tap answered HTTP {status}")
            break
        times.append(took)
    return times


def at_once(
    devices: list[Device], games: list[str], taps: int, pace: float = 0.0
) -> tuple[list[float], float, str]:
    """Each device taps its game `taps` times, all at once (a thread each; `pace`: see
    `tap_many`): every tap's time, the seconds it took, and the first error ("" if none)."""
    times: list[list[float]] = [[] for _ in devices]
    errors: list[str] = []
    start = threading.Barrier(len(devices) + 1)

    def run(index: int) -> None:
        try:
            start.wait()
            times[index] = tap_many(devices[index], games[index], taps, errors, pace)
        except Exception as error:  # reported as a figure
            errors.append(f"{type(error).__name__}: {error}")

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(devices))]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=300)
    return [t for ts in times for t in ts], time.perf_counter() - began, "; ".join(errors[:1])


def memory_over_an_evening(percentiles: Percentiles) -> None:
    with served(f"memory with {MEMORY_DEVICES} devices", MEMORY_GAMES) as (server, reader, tables):
        tablets = [Device(server, source=loopback(300 + i)) for i in range(MEMORY_GAMES)]
        for tablet, game in zip(tablets, tables, strict=True):
            tablet.open(game)
        wanted = [
            (f"/g/{tables[i % MEMORY_GAMES]}/events", loopback(400 + i))
            for i in range(MEMORY_DEVICES)
        ]
        streams, failed = open_streams(server, reader, wanted)
        if failed:
            raise Broken(f"{sum(failed.values())} streams did not open ({dict(failed)})")
        connected = server.rss_mb()
        times, took, error = at_once(tablets, tables, MEMORY_TAPS // MEMORY_GAMES)
        if error:
            raise Broken(error)
        last = MEMORY_TAPS // MEMORY_GAMES
        shown = reader.wait_shown(streams, last, timeout=30)
        after = server.rss_mb()
        growth = after - connected
        print(
            f"{MEMORY_DEVICES} devices on {MEMORY_GAMES} games: the server at {connected:.0f} MB "
            f"when they connected, {after:.0f} MB after {len(times):,} taps "
            f"({growth:+.1f} MB)   aim: within {AIM_GROWTH_MB} MB"
            f"{verdict(growth, AIM_GROWTH_MB)}"
        )
        updates = sum(s.events["update"] for s in streams) / len(streams)
        print(
            f"  (the {MEMORY_GAMES} tablets tapped at once, {len(times) / took:.0f} taps/s; each "
            f"device got {updates:.0f} updates"
            + ("" if shown else "; NOT every device showed the last tap within 30 s")
            + ")"
        )


# --- 5. one tap, many devices --------------------------------------------------------


def fan_out(percentiles: Percentiles) -> None:
    with served("a tap shown on every device", len(FAN_OUT)) as (server, reader, tables):
        for (count, taps, aim), game in zip(FAN_OUT, tables, strict=True):
            device = Device(server)
            device.open(game)
            wanted = [(f"/g/{game}/events", loopback(500 + i)) for i in range(count)]
            streams, failed = open_streams(server, reader, wanted)
            if failed:
                raise Broken(f"{sum(failed.values())} streams did not open ({dict(failed)})")
            delays, slowest = [], []
            for version in range(taps):
                started = time.perf_counter()
                status, _ = device.tap(game, version)
                expect(status, 200, "a tap")
                if not reader.wait_shown(streams, version + 1):
                    late = sum(1 for s in streams if s.newest <= version)
                    raise Broken(f"{late} of {count} devices did not show a tap within 10 s")
                shown = [(s.shown(version + 1) or started) - started for s in streams]
                delays += shown
                slowest.append(max(shown))
            show(f"a tap on device A shown on each of {count} devices", delays, percentiles, aim)
            show(f"  … on the last of the {count} (per tap)", slowest, percentiles)
            reader.close(streams)
            device.close()


# --- 6. tables tapping at once -------------------------------------------------------


def tables_at_once(percentiles: Percentiles) -> None:
    """Devices tapping each its own game at once: at a brisk table's pace (the aim), then
    back to back, where the figure is the server's throughput (one Python process: its
    taps share one core, whatever the threads)."""
    games_needed = 2 * sum(count for count, _ in AT_ONCE)
    with served("devices tapping at once", games_needed) as (server, reader, made_games):
        unused = iter(made_games)
        for count, taps in AT_ONCE:
            for pace in (PACE, 0.0):
                devices = [Device(server, source=loopback(600 + i)) for i in range(count)]
                tables = [next(unused) for _ in devices]
                for device, game in zip(devices, tables, strict=True):
                    device.open(game)
                wanted = [
                    (f"/g/{t}/events", d.source) for t, d in zip(tables, devices, strict=True)
                ]
                streams, failed = open_streams(server, reader, wanted)
                if failed:
                    raise Broken(f"{sum(failed.values())} streams did not open ({dict(failed)})")
                cpu = server.cpu_seconds()
                times, took, error = at_once(devices, tables, taps if pace else taps * 2, pace)
                cpu = server.cpu_seconds() - cpu
                if times and pace:
                    label = f"{count:>2} devices tapping at once, a game each"
                    show(label, times, percentiles, AIM_SHOWN)
                    print(f"  (each a tap every {pace * 1000:.0f} ms on average, its stream open)")
                elif times:
                    show("  the same, tapping back to back", times, percentiles)
                    print(
                        f"  ({len(times) / took:.0f} taps/s; the server's CPU "
                        f"{cpu / len(times) * 1000:.1f} ms a tap, its stream's update included)"
                    )
                if error:
                    print(f"  breaks at {count} devices: {error}")
                    return
                reader.close(streams)
                for device in devices:
                    device.close()


def measure(percentiles: Percentiles) -> None:
    """Every figure of the issue, each on a server process of its own."""
    print("A server that holds a whole game night (python -m webapp, loopback)")
    tap_one_device(percentiles)
    print()
    long_games(percentiles)
    print()
    many_streams(percentiles)
    print()
    memory_over_an_evening(percentiles)
    print()
    fan_out(percentiles)
    print()
    tables_at_once(percentiles)
