"""The server `botdeck` runs: uvicorn (asyncio) in front of the Flask app.

Why this and not a thread per connection: every open game page keeps a live stream
open all evening, and a server that gives each one a thread (waitress, Werkzeug)
runs out of them — at waitress's 64 threads the 65th page, and every tap after it,
waited. uvicorn holds connections on one event loop; the Flask app runs on a small
pool of worker threads (webapp/serving/streams.py) only while it answers. uvicorn is pure
Python with optional compiled parts (httptools here), and runs on Linux, macOS and
Windows.

Guarded against a few sockets locking the table out:

- **Header deadline**: a request whose headers have not all arrived `header_seconds`
  after its first byte is closed; so is a new connection that sends nothing for that
  long. (A browser sends its headers at once.)
- **Head limit**: a request line and headers over `max_head` bytes (64 KB) are answered
  431 and closed; httptools would keep any length of them in memory.
- **Body timeout**: a request whose body brings nothing for `body_seconds` is answered
  408 (if no answer to it has started) and closed. Only silence counts: the deadline
  moves on with every piece of the body, so a slow but steady upload gets through
  however long it takes; it ends with the body.
- **Per-client limit**: one address holds at most `per_client` connections; the next
  is closed at once. A browser opens about six per server; a table's devices each have
  their own address.
- **Body limits, per route**: the app declares them (4 MB for every route, 32 MB for
  a collection: webapp/web/body_limits.py) and the server reads them from it. Every
  body is counted as it arrives, chunked or not: one that passes its route's limit is
  answered 413 (if no answer to it has started) and closed, and what was received of
  it is let go — memory holds one route's limit per request at most, never the whole
  of what a client sends. A body *declared* over the limit is never read: the app
  gets the request without it and answers with its own clear page (it checks the same
  length against the same limit, in the device's language), then the connection is
  closed.
- **Large bodies at once**: past each request's first MB (a tap, a game or deck file),
  what bodies bring is counted for all connections together, until each one's answer
  is sent: over `LARGE_BODIES_BYTES` (64 MB: two collections), the body that would
  pass it is answered 503 (`Retry-After: 5`) and closed: a hostile device's 64
  connections cannot each hold 32 MB. The only 5xx the server gives of itself.
- **Pacing** (webapp/serving/pacing.py): a connection is read only as fast as its
  answers go out. Requests sent one behind another without waiting (pipelined): at
  most 8 are parsed ahead of their turn, the rest stay unread; the next answer is made
  only once the client takes the last one. A client that never reads is paused, not
  cut (no deadline runs while the server is not reading it), and makes the server hold
  a few hundred KB at most: 20 connections doing it took the server from 64 to 345 MB
  in 6 s; they now add a few MB (make bench).

The server's own answers (408, 413, 431, 503) are plain English text, not the app's
translated pages: a browser sends no body without its length and no head of 64 KB, and
stops no body midway while its page waits; only the 503 can reach a person, who sends
a collection while two others are arriving.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import socket
import sys
from collections import Counter
from typing import Any

import uvicorn

from ..web.app import BotdeckApp
from ..web.body_limits import route_limits
from .pacing import PacedProtocol
from .streams import StreamLayer

HEADER_SECONDS = 10.0
# A body that brings nothing for this long is dropped. A device on a poor Wi-Fi still
# gets a byte through every few seconds (TCP sends a lost segment again within about
# 3 s, then backs off), and a tap's body comes with its headers: the header deadline's
# 10 s leave a bad moment room and free a stalled connection soon.
BODY_SECONDS = 10.0
PER_CLIENT = 64
THREADS = 16
# A request line and headers at most (Botdeck's own requests carry under 2 KB; a
# browser sends at most a few KB of cookies to a site): httptools keeps no limit.
HEAD_BYTES = 64 * 1024
# Large bodies at once, all connections together: each request's first MB is free (a
# tap, a game or deck file), what a body brings past it counts until its answer is
# sent — the body, and the app's work on it, are in memory until then. Two
# collections fit; 64 connections of one address sending 32 MB each do not.
FREE_BODY_BYTES = 1024 * 1024
LARGE_BODIES_BYTES = 64 * 1024 * 1024


def _plain(status: bytes, text: bytes, more: bytes = b"") -> bytes:
    """A whole answer the server gives itself (a client past a limit), closing."""
    return (
        b"HTTP/1.1 "
        + status
        + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
        + more
        + b"connection: close\r\ncontent-length: "
        + str(len(text)).encode()
        + b"\r\n\r\n"
        + text
    )


TOO_LARGE = _plain(b"413 Content Too Large", b"That request is far too large.\r\n")
TOO_SLOW = _plain(b"408 Request Timeout", b"That request stopped arriving.\r\n")
HEAD_TOO_LARGE = _plain(
    b"431 Request Header Fields Too Large", b"That request's headers are far too large.\r\n"
)
BUSY = _plain(
    b"503 Service Unavailable",
    b"Botdeck is receiving other large files: send this one again in a moment.\r\n",
    b"retry-after: 5\r\n",
)


class BodyBudget:
    """What large bodies hold at once, shared by every connection of a server."""

    held = 0


class GuardedProtocol(PacedProtocol):
    """uvicorn's HTTP protocol, paced (webapp/serving/pacing.py), with the guards above."""

    header_seconds = HEADER_SECONDS
    body_seconds = BODY_SECONDS
    per_client = PER_CLIENT
    max_head = HEAD_BYTES
    max_body = 4 * 1024 * 1024  # every route's limit (the app's MAX_CONTENT_LENGTH)
    route_bodies: dict[str, int] = {}  # path → limit, for the routes with their own
    free_body = FREE_BODY_BYTES
    large_bodies = LARGE_BODIES_BYTES
    clients: Counter[str]  # connections per address, shared by every connection
    budget: BodyBudget  # shared by every connection

    deadline: asyncio.TimerHandle | None = None
    due = 0.0  # (loop time) a request not complete by then is too slow
    in_head = False  # between a request's first byte and the end of its headers
    head_began = False  # its head began in the piece being parsed
    head_bytes = 0  # what its head brought after the piece it began in
    in_body = False  # between a request's headers and its end
    body_limit = 0  # its route's limit
    body_left = 0  # bytes its body may still bring
    held = 0  # bytes of its body counted against the budget of large bodies
    counted: str | None = None
    refused = False  # past a limit: what is left of the request is not read

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if self.clients[address] >= self.per_client:
            transport.close()  # before reading anything
            return
        self.clients[address] += 1
        self.counted = address
        self._arm(self.header_seconds)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._release()
        if self.counted is not None:
            self.clients[self.counted] -= 1
            if self.clients[self.counted] <= 0:
                del self.clients[self.counted]
            self.counted = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.counted is None or self.refused:
            return  # over the limit, or refused: closing
        super().data_received(data)

    def stopped(self) -> bool:
        return self.refused or super().stopped()

    def feed(self, piece: memoryview) -> None:
        if self.deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm(self.header_seconds)  # the first byte of a new request
        super().feed(piece)
        if self.in_head and self.head_began:
            self.head_began = False  # (the piece a head begins in is not counted: 1 KB)
        elif self.in_head:
            self.head_bytes += len(piece)  # still in the head: all of it was head
            if self.head_bytes > self.max_head:
                self._give_up(HEAD_TOO_LARGE)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.in_head = self.head_began = True
        self.head_bytes = 0

    def on_headers_complete(self) -> None:
        self.in_head = False
        super().on_headers_complete()  # its cycle: the app starts (or waits its turn)
        limit = self.route_bodies.get(self.scope["path"], self.max_body)
        length = dict(self.headers).get(b"content-length", b"")
        if length.isdigit() and int(length) > limit:
            self._pass_on_without_body()
            return
        # The deadline runs on through the body: only a body that stops arriving for
        # `body_seconds` is dropped, however long a steady one takes.
        self.in_body = True
        self.body_limit = self.body_left = limit
        self.due = self.loop.time() + self.body_seconds
        if self.deadline is None or self.deadline.when() > self.due:
            self._arm(self.body_seconds)  # (none yet: it came behind another request)

    def on_body(self, body: bytes) -> None:
        if self.refused:
            return
        # Counted as it arrives, chunked or not: a body is never read past its limit.
        self.body_left -= len(body)
        if self.body_left < 0:
            self._give_up(TOO_LARGE)
            return
        large = self.body_limit - self.body_left - self.free_body
        if large > 0:
            self.budget.held += large - self.held
            self.held = large
            if self.budget.held > self.large_bodies:
                self._give_up(BUSY)  # what it held goes as the connection closes
                return
        self.due = self.loop.time() + self.body_seconds
        super().on_body(body)

    def on_message_complete(self) -> None:
        if self.refused:
            return
        self.in_body = False
        self._disarm()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        self._release()  # the app is done with the body: it is let go
        if self.in_head and self.deadline is None:
            self._arm(self.header_seconds)  # a request behind this one: its turn now
        super().on_response_complete()

    def _release(self) -> None:
        self.budget.held -= self.held
        self.held = 0

    def _pass_on_without_body(self) -> None:
        """A body declared over its route's limit is never read: the app gets the
        request without it and answers with its clear 413 page (it checks the same
        declared length against the same limit); the connection closes after."""
        self.refused = True
        self._disarm()
        self.transport.pause_reading()  # uvicorn's flow control does not resume it
        self.cycle.keep_alive = False
        self.cycle.waiting_for_100_continue = False  # its body is not wanted
        super().on_message_complete()

    def _give_up(self, answer: bytes) -> None:
        """Close the connection; say why first if no answer to it has started."""
        self.refused = True
        self._disarm()
        if self.transport.is_closing():
            return
        # Not while an answer to an earlier request is on its way (pipelined): it
        # must not be cut into.
        if self.in_head:  # the request has no cycle yet; the last one's is finished?
            quiet = self.cycle is None or self.cycle.response_complete
        else:
            quiet = not self.cycle.response_started and not self.pipeline
        self.in_head = self.in_body = False
        if quiet:
            self.transport.write(answer)
        self.transport.close()  # what was received of the body goes with its request

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self.due = self.loop.time() + seconds
        self.deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if (self.in_head or self.in_body) and self.flow.read_paused:
            # this side is not reading (the app has yet to take the body, or the
            # connection waits for its answers to go out): the client is not late
            self.due = self.loop.time() + max(self.header_seconds, self.body_seconds)
        left = self.due - self.loop.time()
        if left > 0:  # the body brought more since: wait from its last bytes
            self.deadline = self.loop.call_later(left, self._too_slow)
        elif self.in_body:
            self._give_up(TOO_SLOW)
        elif not self.transport.is_closing():
            self.transport.close()


def guarded_protocol(
    *,
    header_seconds: float,
    body_seconds: float,
    per_client: int,
    max_body: int,
    route_bodies: dict[str, int],
) -> type:
    """A protocol class with these limits (and its own count of connections per address)."""
    return type(
        "GuardedProtocol",
        (GuardedProtocol,),
        {
            "header_seconds": header_seconds,
            "body_seconds": body_seconds,
            "per_client": per_client,
            "max_body": max_body,
            "route_bodies": dict(route_bodies),
            "clients": Counter(),
            "budget": BodyBudget(),
        },
    )


def listen(host: str, port: int) -> socket.socket:
    """The listening socket (OSError if the port is taken): bound before anything is
    printed, so the addresses shown are ones that answer."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY on the connections it accepts only
    # from a socket that says it is TCP. Without it an answer written in pieces waited
    # for the device's delayed acknowledgement: ~40 ms on every kept-alive connection.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


# Python's cycle collector runs after every 700 new objects (gen 0) by default, and a
# full run walks every object held: the open games (a Covenant deck is tens of
# thousands) made one start of a game in twenty take 40–90 ms instead of 4
# (bench/tap_floor.py). What the app built at start-up lives as long as the process
# (frozen: never walked again), and the young generation is collected 14 times less
# often. At 50,000 the garbage waiting for it held half a megabyte more with 500 pages
# open, for no faster start or tap (bench/server_load.py, bench/tap_floor.py).
YOUNG_OBJECTS = 10_000


# glibc gives each thread that allocates its own malloc arena (up to 8 a core), and
# the app's worker threads left memory spread over them: with 500 pages open the server
# held 83 MB, 80 with two arenas (bench/server_load.py). Linux only; elsewhere nothing.
MALLOC_ARENAS = 2
M_ARENA_MAX = -8  # glibc's malloc.h


def settle_memory() -> None:
    """Before the server serves: the collector settled, fewer malloc arenas, and what
    start-up built and let go (compiling every template) given back to the system."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)
    fewer_malloc_arenas()
    give_back_free_memory()


def _glibc() -> Any:
    """The C library, when it is glibc on Linux (None elsewhere: musl, macOS)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None


def fewer_malloc_arenas() -> bool:
    """At most MALLOC_ARENAS malloc arenas, set before the worker threads start; whether
    the C library took it (glibc only)."""
    libc = _glibc()
    return libc is not None and bool(libc.mallopt(M_ARENA_MAX, MALLOC_ARENAS))


def give_back_free_memory() -> bool:
    """The heap's free pages returned to the system (glibc's `malloc_trim`): glibc keeps
    what Python freed for later, about 1.5 MB after start-up; whether any went back."""
    libc = _glibc()
    return libc is not None and bool(libc.malloc_trim(0))


def make_server(
    app: BotdeckApp,
    *,
    threads: int = THREADS,
    header_seconds: float = HEADER_SECONDS,
    body_seconds: float = BODY_SECONDS,
    per_client: int = PER_CLIENT,
) -> uvicorn.Server:
    """The uvicorn server for the Flask `app` (its body limits read from its config);
    run it with `server.run(sockets=[...])`."""
    max_body, route_bodies = route_limits(app)
    settle_memory()
    config = uvicorn.Config(
        StreamLayer(app, threads=threads),
        http=guarded_protocol(
            header_seconds=header_seconds,
            body_seconds=body_seconds,
            per_client=per_client,
            max_body=max_body,
            route_bodies=route_bodies,
        ),
        ws="none",
        lifespan="on",
        interface="asgi3",
        proxy_headers=False,  # the table talks to this machine directly
        access_log=False,
        log_level="warning",
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,  # open live streams do not hold Ctrl+C up
        # no Server header: it tells a browser nothing, and is 18 bytes of every answer
        # (a first visit has eight)
        server_header=False,
    )
    return uvicorn.Server(config)
