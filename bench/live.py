"""Helpers for figures measured on a real server process (`python -m webapp`, loopback):
the server itself, a device's keep-alive connection, and open live streams read by one
thread — plus the slow-sockets figure.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import brotli

from .table import Tap, table_games, table_taps

ROOT = Path(__file__).resolve().parent.parent
VERSION = re.compile(rb'data-game-version="(\d+)"')
GAME_LINK = re.compile(r"/g/([A-Za-z0-9_-]{16,})")
FRAGMENT_HASH = re.compile(r'data-fragment="(\w+)" data-hash="(\w+)"')
TAPS_SCRIPTED = 600  # taps of the table's game worked out once: more than any figure takes
HOST = "127.0.0.1"
IDLE_SECONDS = 4.0  # the server closes a kept-alive connection idle 5 s: reopen before


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def raise_open_files() -> int:
    """The open-files limit raised to its hard limit (a server process started after
    this inherits it); returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def loopback(index: int) -> str:
    """The index-th client address on loopback past 127.0.0.1: 127.0.1.1, 127.0.1.2, …"""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


class Server:
    """`python -m webapp` in a child process on a free port; `flags` are more CLI flags.

    Ready once it answers the CSS (no game is opened by that), so the first request
    for a game page after a start is still the game's first.
    """

    def __init__(self, data_dir: str, *flags: str, threads: int | None = None) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.exited: int | None = None
        self.stopped = False
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while the server runs)
        command = [sys.executable, "-m", "webapp", "--host", HOST, "--port", str(self.port)]
        command += ["--data-dir", data_dir, *flags]
        if threads is not None:
            command += ["--threads", str(threads)]
        started = time.perf_counter()
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        for _ in range(300):
            if self.process.poll() is not None:
                break
            try:
                self.request("GET", "/static/botdeck.css")
                self.started_in = time.perf_counter() - started
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.log_tail()}")

    @property
    def pid(self) -> int:
        return self.process.pid

    def request(
        self, method: str, path: str, form: dict | None = None, cookie: str = ""
    ) -> tuple[int, str, str]:
        """One request on a connection of its own: (status, Location + body, Set-Cookie)."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=10)
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Cookie": cookie, "HX-Request": "true"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        set_cookie = response.getheader("Set-Cookie", "")
        return response.status, response.getheader("Location", "") + text, set_cookie

    def alive(self) -> bool:
        return self.process.poll() is None

    def died(self) -> str:
        """ " (the server process exited by itself, code N)" if it did, else ""."""
        code = self.exited if self.stopped else self.process.poll()
        return "" if code is None else f" (the server process exited by itself, code {code})"

    def rss_mb(self) -> float:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user and system)."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def open_files(self) -> int:
        """The server's open file descriptors (its connections among them); -1 if gone."""
        try:
            return len(os.listdir(f"/proc/{self.pid}/fd"))
        except OSError:
            return -1

    def log_tail(self, size: int = 600) -> str:
        """The end of what the server wrote to stderr, on one line."""
        self.log.flush()
        self.log.seek(0, os.SEEK_END)
        self.log.seek(max(0, self.log.tell() - size))
        text = self.log.read().decode(errors="replace").strip()
        return " | ".join(text.splitlines()[-8:]) or "(nothing on stderr)"

    def stop(self) -> None:
        if not self.stopped:
            self.exited = self.process.poll()  # not None: it had exited by itself
            self.stopped = True
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()  # the log stays readable (closed with this object)


class Device:
    """One device: a kept-alive HTTP/1.1 connection from its own address, as a browser
    keeps one, with its cookie; every request is sent as htmx sends it, with the
    fragments the device's page holds (`X-Botdeck-Have`, as botdeck.js sends them)."""

    def __init__(self, server: Server, *, source: str = HOST, cookie: str = "") -> None:
        self.server = server
        self.source = source
        self.cookie = cookie
        self.connection = self._connect()
        self.used = time.perf_counter()
        self.reconnects = 0
        self.held: dict[str, dict[str, str]] = {}  # game → fragment → digest its page shows

    def _connect(self) -> http.client.HTTPConnection:
        connection = http.client.HTTPConnection(
            HOST, self.server.port, timeout=30, source_address=(self.source, 0)
        )
        connection.connect()
        # as a browser does: http.client sends a request's headers and its form in two
        # writes, and with Nagle's algorithm the form would wait for the server's
        # delayed ACK (40 ms on Linux)
        connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return connection

    def request(
        self, method: str, path: str, form: dict | None = None, *, htmx: bool = True
    ) -> tuple[int, str, float]:
        """(status, body, seconds from sending the request to the last byte of the answer),
        sent as a browser sends it (compression accepted; `htmx`: as htmx sends a tap);
        the connection is reopened first if the server may have closed it (idle)."""
        if self.connection.sock is None or time.perf_counter() - self.used > IDLE_SECONDS:
            self.connection.close()
            self.connection = self._connect()
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Accept-Encoding": "gzip, deflate, br"}
        game = GAME_LINK.match(path)
        if htmx:
            headers["HX-Request"] = "true"
            if game is not None and game.group(1) in self.held:
                held = self.held[game.group(1)].items()
                headers["X-Botdeck-Have"] = ",".join(f"{name}:{digest}" for name, digest in held)
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.connection.close()
                if attempt == 2:
                    raise
                self.reconnects += 1
                self.connection = self._connect()
                continue
            took = time.perf_counter() - started
            self.used = time.perf_counter()
            cookie = response.getheader("Set-Cookie", "")
            if cookie and not self.cookie:
                self.cookie = cookie.split(";", 1)[0]
            text = _decoded(raw, response.getheader("Content-Encoding", ""))
            if game is not None:  # what the page now shows, as botdeck.js keeps it
                shown = dict(FRAGMENT_HASH.findall(text))
                if shown:
                    self.held.setdefault(game.group(1), {}).update(shown)
            where = response.getheader("Location", "") + response.getheader("HX-Redirect", "")
            return response.status, where + text, took
        raise AssertionError("unreachable")

    def open(self, game_id: str) -> None:
        """Open the game's page, as a browser does before its first tap."""
        self.request("GET", f"/g/{game_id}", htmx=False)

    def tap(self, game_id: str, version: int) -> tuple[int, float]:
        """The table's tap at `version` of a game of `table_games` (see bench/table.py)."""
        return self.send(game_id, version, table_taps(TAPS_SCRIPTED)[version])

    def send(self, game_id: str, version: int, tap: Tap) -> tuple[int, float]:
        """A scripted tap (bench/table.py) at `version`: its status and time."""
        route, form = tap
        status, _, took = self.request(
            "POST", f"/g/{game_id}/{route}", {**form, "version": version}
        )
        return status, took

    def close(self) -> None:
        self.connection.close()


def _decoded(raw: bytes, encoding: str) -> str:
    if encoding == "br":
        raw = brotli.decompress(raw)
    elif encoding == "gzip":
        raw = gzip.decompress(raw)
    return raw.decode(errors="replace")


class Stream:
    """One device's open live stream on a raw socket, from its own address: HTTP/1.1
    without Accept-Encoding (so uncompressed), its chunked body cut into SSE messages;
    opened as a page opens it (`?since=` its version) or, without, as a page that comes
    back from sleep (the whole game first).

    A `Reader` reads it and records when each version of the game arrived (the time
    `select` found the bytes ready). `ended` says why it stopped ("" while open).
    """

    def __init__(self, server: Server, path: str, *, source: str = HOST, cookie: str = "") -> None:
        self.path = path
        self.source = source
        self.arrived: dict[int, float] = {}
        self.newest = -1
        # a page's stream names the version it was drawn at (`?since=`): its opening is
        # then the retry line alone, and the stream shows that version from it on
        since = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query).get("since", [""])[0]
        self.since = int(since) if since.isdigit() else None
        self.status = 0
        self.events: Counter[str] = Counter()
        self.received = 0
        self.ended = ""
        self.started = time.perf_counter()
        self._head = bytearray()
        self._chunks = bytearray()
        self._text = bytearray()
        self._scanned = 0
        self._chunked = False
        self._in_body = False
        self.sock: socket.socket | None = socket.create_connection(
            (HOST, server.port), timeout=10, source_address=(source, 0)
        )
        request = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
        request += "Accept: text/event-stream\r\nCache-Control: no-cache\r\n"
        if cookie:
            request += f"Cookie: {cookie}\r\n"
        try:
            self.sock.sendall((request + "\r\n").encode())
        except OSError:
            self.sock.close()
            raise
        self.sock.setblocking(False)

    @property
    def open(self) -> bool:
        return not self.ended

    def shown(self, version: int) -> float | None:
        """When the stream showed `version` or a newer one (the layer sends only the
        newest update to a stream that is behind); None if it has not yet."""
        if self.newest < version:
            return None
        if version in self.arrived:
            return self.arrived[version]
        return min(t for v, t in self.arrived.items() if v >= version)

    def feed(self, data: bytes, now: float) -> bool:
        """Bytes read from the socket; whether a new version arrived."""
        self.received += len(data)
        if not self._in_body:
            self._head += data
            end = self._head.find(b"\r\n\r\n")
            if end < 0:
                return False
            head = bytes(self._head[:end]).decode("latin-1").split("\r\n")
            data = bytes(self._head[end + 4 :])
            self._head.clear()
            self._in_body = True
            status = head[0].split(" ", 2)
            self.status = int(status[1]) if len(status) > 1 and status[1].isdigit() else -1
            self._chunked = any(
                line.lower().replace(" ", "") == "transfer-encoding:chunked" for line in head[1:]
            )
            if self.status != 200:
                self.ended = f"HTTP {self.status}"
                return True
        if self._chunked:
            self._chunks += data
            data = self._dechunk()
        self._text += data
        return self._messages(now)

    def _dechunk(self) -> bytes:
        body = bytearray()
        chunks, at = self._chunks, 0
        while (line_end := chunks.find(b"\r\n", at)) >= 0:
            try:
                size = int(bytes(chunks[at:line_end]).split(b";")[0], 16)
            except ValueError:
                self.ended = "a malformed chunk"
                break
            if size == 0:
                self.ended = "ended by the server"
                at = len(chunks)
                break
            if len(chunks) < line_end + 4 + size:
                break
            body += chunks[line_end + 2 : line_end + 2 + size]
            at = line_end + 4 + size
        del chunks[:at]
        return bytes(body)

    def _messages(self, now: float) -> bool:
        new = False
        while (end := self._text.find(b"\n\n", self._scanned)) >= 0:
            message = bytes(self._text[:end])
            del self._text[: end + 2]
            self._scanned = 0
            for line in message.split(b"\n", 3)[:3]:
                if line.startswith(b"event:"):
                    self.events[line[6:].strip().decode(errors="replace")] += 1
            if message.startswith(b"retry:") and self.since is not None and self.newest < 0:
                self.arrived.setdefault(self.since, now)
                self.newest = self.since
                new = True
            found = VERSION.search(message)
            if found:
                version = int(found.group(1))
                self.arrived.setdefault(version, now)
                self.newest = max(self.newest, version)
                new = True
        self._scanned = max(0, len(self._text) - 1)
        return new

    def read(self, now: float) -> bool:
        """Read what the socket has (non-blocking); whether anything changed."""
        assert self.sock is not None
        changed = False
        while True:
            try:
                data = self.sock.recv(262144)
            except BlockingIOError:
                return changed
            except OSError as error:
                self.ended = self.ended or f"{type(error).__name__}: {error}"
                return True
            if not data:
                self.ended = self.ended or (
                    "closed by the server" if self.status else "closed before any answer"
                )
                return True
            changed = self.feed(data, now) or changed

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.ended = self.ended or "closed here"


class Reader:
    """One thread that reads every open stream (`selectors`), however many there are."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.changed = threading.Condition()
        self._waker, self._wake_end = socket.socketpair()
        self._waker.setblocking(False)
        self.selector.register(self._waker, selectors.EVENT_READ, None)
        self._lock = threading.Lock()
        self._adding: list[Stream] = []
        self._closing: list[Stream] = []
        self._stopping = False
        self.streams: set[Stream] = set()
        self.thread = threading.Thread(target=self._run, name="stream reader", daemon=True)
        self.thread.start()

    def add(self, streams: Iterable[Stream]) -> None:
        with self._lock:
            self._adding.extend(streams)
        self._wake_end.send(b"+")

    def close(self, streams: Iterable[Stream], timeout: float = 10) -> None:
        """Close these streams (the pages went away); returns once their sockets are."""
        closing = list(streams)
        with self._lock:
            self._closing.extend(closing)
        self._wake_end.send(b"-")
        self.wait(lambda: all(s.sock is None for s in closing), timeout)

    def wait(self, done: Callable[[], object], timeout: float) -> bool:
        """Wait until `done()` holds (checked whenever a stream changed)."""
        with self.changed:
            return bool(self.changed.wait_for(done, timeout))

    def wait_opened(self, streams: list[Stream], timeout: float = 30) -> bool:
        return self.wait(lambda: all(s.newest >= 0 or s.ended for s in streams), timeout)

    def wait_shown(self, streams: list[Stream], version: int, timeout: float = 10) -> bool:
        return self.wait(lambda: all(s.ended or s.newest >= version for s in streams), timeout)

    def _run(self) -> None:
        while not self._stopping:
            ready = self.selector.select(timeout=0.5)
            now = time.perf_counter()
            changed = False
            for key, _ in ready:
                stream = key.data
                if stream is None:
                    with contextlib.suppress(BlockingIOError):
                        self._waker.recv(4096)
                    continue
                if stream.sock is not None and stream.read(now):
                    changed = True
                    if stream.ended:
                        self._forget(stream)
            changed = self._take_orders() or changed
            if changed:
                with self.changed:
                    self.changed.notify_all()

    def _take_orders(self) -> bool:
        with self._lock:
            adding, self._adding = self._adding, []
            closing, self._closing = self._closing, []
        for stream in adding:
            if stream.sock is not None and not stream.ended:
                self.selector.register(stream.sock, selectors.EVENT_READ, stream)
                self.streams.add(stream)
        for stream in closing:
            self._forget(stream)
            stream.close()
        return bool(adding or closing)

    def _forget(self, stream: Stream) -> None:
        if stream in self.streams:
            self.streams.discard(stream)
            with contextlib.suppress(KeyError, ValueError):
                self.selector.unregister(stream.sock)  # type: ignore[arg-type]
        if stream.sock is not None and stream.ended and stream.ended != "closed here":
            stream.sock.close()
            stream.sock = None

    def stop(self) -> None:
        self._stopping = True
        self._wake_end.send(b".")
        self.thread.join(timeout=5)
        for stream in list(self.streams):
            stream.close()
        self.streams.clear()
        self.selector.close()
        self._waker.close()
        self._wake_end.close()

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


def open_streams(
    server: Server, reader: Reader, wanted: list[tuple[str, str]], cookie: str = ""
) -> tuple[list[Stream], Counter[str]]:
    """Open a stream for each (path, source address) and wait for each opening; the
    streams that opened, and why the others did not (counted)."""
    started: list[Stream] = []
    failed: Counter[str] = Counter()
    for path, source in wanted:
        try:
            started.append(Stream(server, path, source=source, cookie=cookie))
        except OSError as error:  # the rest are not tried: each could wait its timeout
            failed[f"{type(error).__name__}: {error.strerror or error}"] += 1
            break
    reader.add(started)
    reader.wait_opened(started, timeout=30 + len(started) / 50)
    opened = [s for s in started if s.newest >= 0 and not s.ended]
    others = [s for s in started if s.newest < 0 or s.ended]
    for stream in others:
        failed[stream.ended or "no opening within the time allowed"] += 1
    if others:
        reader.close(others)
    return opened, failed


def slow_socket(port: int) -> socket.socket | None:
    """A connection from another address (127.0.0.2) that starts a request and then
    sends its headers one line at a time; None if the server closed it at once."""
    sock = socket.socket()
    sock.settimeout(2)
    sock.bind(("127.0.0.2", 0))
    try:
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    except OSError:
        sock.close()
        return None
    return sock


def still_open(sock: socket.socket) -> bool:
    """Send one more header line; whether the server still holds the connection."""
    try:
        sock.sendall(b"X-Slow: 1\r\n")
        sock.settimeout(0.005)
        return sock.recv(1) != b""
    except TimeoutError:
        return True
    except OSError:
        return False


def slow_sockets(percentiles) -> None:  # type: ignore[no-untyped-def]
    """A tap's answer time while hundreds of slow connections try to hold the server."""
    with tempfile.TemporaryDirectory() as data_dir:
        [game_id] = table_games(data_dir, 1)
        server = Server(data_dir)
        try:
            version = 0

            def taps(count: int) -> list[float]:
                nonlocal version
                times = []
                for _ in range(count):
                    device = Device(server)  # a connection of its own, among the slow ones
                    status, took = device.tap(game_id, version)
                    device.close()
                    times.append(took)
                    assert status == 200, status
                    version += 1
                return times

            print(f"a tap, nothing else connected          {percentiles(taps(50))}")
            for count in (300, 1000):
                opened = time.perf_counter()
                attackers = [slow_socket(server.port) for _ in range(count)]
                held = [s for s in attackers if s is not None and still_open(s)]
                most = len(held)
                during = taps(50)
                while held and time.perf_counter() - opened < 30:
                    time.sleep(0.5)
                    held = [s for s in held if still_open(s)]
                closed_after = time.perf_counter() - opened
                print(
                    f"a tap, {count} slow sockets from one address {percentiles(during)}; "
                    f"the server kept {most} of them and closed those "
                    f"{closed_after:.0f} s after they opened"
                    + ("" if not held else f" (NOT: {len(held)} still open after 30 s)")
                )
                for sock in attackers:
                    if sock is not None:
                        sock.close()
        finally:
            server.stop()
