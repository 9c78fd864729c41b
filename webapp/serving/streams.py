"""Live streams without a thread each: an asyncio layer in front of the Flask app.

Every request goes to the Flask app, run by a pool of worker threads
(webapp/serving/wsgi_bridge.py: one hop to a thread and one back per request). When
the app answers a game's live stream (webapp/web/live_view.py), it answers only the
opening — `retry:` and the game as it is — and names the stream's game and group: the
game, the view (play or watch) and the language. The layer sends that opening and keeps the
connection itself, on the event loop: an open page costs about 20 KB, not a
thread, and a closed page is forgotten as soon as its connection closes.

When a game changes (`live.publish`, from the thread that committed the tap), each
group of that game renders once the update since the version it last sent — only the
fragments that changed since, most of them already rendered for the tap's own answer —
on one worker thread, calling the app's renderer directly (webapp/web/live_view.py
`render_part`: in the group's language, not through the HTTP stack), and every stream
of the group gets those same bytes. A stream that accepts gzip gets them compressed
once for all: each message is an independent deflate segment, so one compressed copy
serves every gzip stream.

A stream never queues more than one message. One that is not at the version an update
starts from (it joined in between, or its device reads slowly and a message is still
waiting) gets the group's whole page at the newest version instead, which replaces
whatever was waiting: a slow device loses nothing, and memory stays flat however far
behind it falls (its socket buffer is the transport's, bounded by uvicorn's flow
control).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import struct
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..service import live
from ..web.fragments import held_from
from ..web.live_view import (
    END_HEADER,
    GAME_HEADER,
    HEARTBEAT_SECONDS,
    HELD_HEADER,
    LAYER,
    STREAM_HEADER,
    VERSION_HEADER,
    render_part,
    sse,
)
from .wsgi_bridge import Message, Receive, Scope, Send, WholeAnswers

# The gzip member header (no name, no time), and what ends a member: an empty final
# deflate block, then the CRC-32 and the length of everything sent.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
DEFLATE_END = b"\x03\x00"
LATEST_KEPT = 4096  # the newest version of this many games, for a stream that joins late

_STREAM = STREAM_HEADER.lower().encode()
_VERSION = VERSION_HEADER.lower().encode()
_END = END_HEADER.lower().encode()
_GAME = GAME_HEADER.lower().encode()
_HELD = HELD_HEADER.lower().encode()
EVERYTHING = -2  # asked as the version a stream shows: no version, so the whole page


@dataclass
class Part:
    """Bytes every stream of a group sends alike, compressed at most once: the update
    from version `since` to `version` (`since` None: the whole page, for any stream)."""

    data: bytes
    end: bool = False
    since: int | None = None
    version: int | None = None
    _deflated: bytes | None = None

    @property
    def deflated(self) -> bytes:
        """A deflate segment that stands alone (no back-reference outside it) and ends
        on a byte boundary: any number of them, in any order, make a valid stream."""
        if self._deflated is None:
            compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
            self._deflated = compressor.compress(self.data) + compressor.flush(zlib.Z_SYNC_FLUSH)
        return self._deflated


HEARTBEAT = Part(b": still here\n\n")


class Stream:
    """One open page's connection: sends the newest part it is given, in order."""

    def __init__(self, scope: Scope, send: Send, *, gzip: bool, version: int) -> None:
        self.scope = scope
        self._send = send
        self.gzip = gzip
        self._crc = 0
        self._size = 0
        self._next: Part | None = None
        # what `run` waits on, while it waits: a future, not an Event (two of these and
        # their waiters' deques are a tenth of what an open page costs)
        self._waiting: asyncio.Future[None] | None = None
        self.closed = False
        self.version = version  # what its page shows once the part being sent is in

    @property
    def shown(self) -> int:
        """The version its page will show once the waiting message is sent."""
        waiting = self._next
        if waiting is not None and waiting.version is not None:
            return waiting.version
        return self.version

    def takes(self, part: Part) -> bool:
        """Whether `part` can be sent to it as it is (an update from where it is)."""
        return part.since is None or (self._next is None and self.version == part.since)

    def give(self, part: Part) -> None:
        """Send `part` next; a message not yet sent is replaced (an end never is)."""
        if self._next is not None and self._next.end:
            return
        if part is HEARTBEAT and self._next is not None:
            return
        self._next = part
        self._wake()

    def close(self) -> None:
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        waiting = self._waiting
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    async def write(self, part: Part) -> None:
        if not self.gzip:
            body = part.data
        else:
            self._crc = zlib.crc32(part.data, self._crc)
            self._size += len(part.data)
            body = part.deflated
            if part.end:
                body += DEFLATE_END + struct.pack("<II", self._crc, self._size & 0xFFFFFFFF)
        await self._send({"type": "http.response.body", "body": body, "more_body": not part.end})

    async def run(self, receive: Receive) -> None:
        """Send what it is given until the page closes or the stream ends."""
        watcher = asyncio.ensure_future(_disconnected(receive))
        watcher.add_done_callback(lambda _: self.close())
        try:
            while not self.closed:
                if self._next is None:
                    self._waiting = asyncio.get_running_loop().create_future()
                    try:
                        await self._waiting
                    finally:
                        self._waiting = None
                    continue
                part, self._next = self._next, None
                if part.version is not None:
                    self.version = part.version
                await self.write(part)
                if part.end:
                    return
        except (OSError, RuntimeError, asyncio.CancelledError):
            pass  # the page went away mid-write
        finally:
            self.closed = True
            watcher.cancel()


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


@dataclass
class Group:
    """The streams of one game that read the same bytes (same view, same language)."""

    name: str  # "topic/view/language"
    topic: str
    game_id: str
    path: str  # a stream's address, which its updates are rendered for
    version: int  # the newest version sent
    held: dict[str, str]  # the digest of each fragment at that version
    streams: set[Stream] = field(default_factory=set)
    stale: bool = False
    refreshing: asyncio.Task[None] | None = None
    whole: Part | None = None  # the whole page at `version`, once a stream needed it


class StreamLayer:
    """The ASGI app `botdeck` serves: the Flask app, with live streams held here."""

    def __init__(self, app: Any, *, threads: int, heartbeat: float = HEARTBEAT_SECONDS) -> None:
        def marked(environ: dict[str, Any], start_response: Any) -> Any:
            environ[LAYER] = True
            return app(environ, start_response)

        self.app = app
        self.wsgi = WholeAnswers(marked, workers=threads)
        self.heartbeat = heartbeat
        self.groups: dict[str, Group] = {}
        self.latest: OrderedDict[str, int] = OrderedDict()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop_listening: Callable[[], None] | None = None
        self._beating: asyncio.Task[None] | None = None

    # --- serving ---------------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        self._start()
        held: dict[str, Any] = {}

        async def hold_streams(message: Message) -> None:
            if message["type"] == "http.response.start" and any(
                name == _STREAM for name, _ in message.get("headers", ())
            ):
                held.update(start=message, body=b"")
            elif held and message["type"] == "http.response.body":
                held["body"] += message.get("body", b"")
            else:
                await send(message)

        await self.wsgi(scope, receive, hold_streams)
        if held:  # taken out of `held`: the opening is not kept while the stream is open
            await self._stream(scope, receive, send, held.pop("start"), held.pop("body"))

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self._start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _start(self) -> None:
        if self.loop is not None:
            return
        self.loop = asyncio.get_running_loop()
        loop = self.loop

        def heard(name: str | None, version: int) -> None:  # on the thread that changed it
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody listens
                # (not in that thread's context: its request is not the streams')
                loop.call_soon_threadsafe(
                    self.changed, name, version, context=contextvars.Context()
                )

        self._stop_listening = live.listen(heard)
        self._beating = loop.create_task(self._beat())

    def close(self) -> None:
        """Stop following the games and end every stream (the server is stopping)."""
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        if self._beating is not None:
            self._beating.cancel()
        for group in list(self.groups.values()):
            for stream in group.streams:
                stream.close()
        self.groups.clear()

    async def _stream(
        self, scope: Scope, receive: Receive, send: Send, start: Message, opening: bytes
    ) -> None:
        headers = dict(start["headers"])
        name, _, group_name = headers[_STREAM].decode().partition(" ")
        version = int(headers[_VERSION])
        gzip = _accepts_gzip(scope)
        sent_headers = [
            (key, value)
            for key, value in start["headers"]
            if not key.startswith(b"x-botdeck-") and key != b"content-length"
        ]
        sent_headers.append((b"x-accel-buffering", b"no"))
        if gzip:
            sent_headers.append((b"content-encoding", b"gzip"))
        varies = b",".join(value for key, value in sent_headers if key == b"vary").lower()
        if b"accept-encoding" not in varies:  # said once (the app's answer may say it)
            sent_headers.append((b"vary", b"Accept-Encoding"))
        ended = _END in headers or start["status"] != 200
        await send(
            {"type": "http.response.start", "status": start["status"], "headers": sent_headers}
        )
        if gzip:
            await send({"type": "http.response.body", "body": GZIP_HEADER, "more_body": True})
        stream = Stream(scope, send, gzip=gzip, version=version)
        await stream.write(Part(opening, end=ended))
        game_id = headers.get(_GAME, b"").decode()
        digests = held_from(headers.get(_HELD, b"").decode())
        # its opening (tens of KB) and the answer's headers: this frame stays as long as
        # the page is open, and keeps only what it needs to follow the game
        del opening, start, headers, sent_headers
        if ended:
            return
        group = self.groups.get(group_name)
        if group is None:
            group = Group(group_name, name, game_id, scope["path"], version, digests)
            self.groups[group_name] = group
        group.streams.add(stream)
        if self.latest.get(name, group.version) != group.version or version != group.version:
            self._refresh(group)  # it changed while this stream was opening
        try:
            await stream.run(receive)
        finally:
            group.streams.discard(stream)
            if not group.streams and self.groups.get(group_name) is group:
                del self.groups[group_name]

    # --- changes ---------------------------------------------------------------------

    def changed(self, name: str | None, version: int) -> None:
        """A game changed (on the event loop): each of its groups renders once."""
        if name is None:  # every game may have changed (a backup was restored)
            self.latest.clear()
            reload = Part(sse("reload", "").encode(), end=True)
            for group in list(self.groups.values()):
                for stream in group.streams:
                    stream.give(reload)
            self.groups.clear()
            return
        self.latest[name] = version
        self.latest.move_to_end(name)
        while len(self.latest) > LATEST_KEPT:
            self.latest.popitem(last=False)
        for group in list(self.groups.values()):
            if group.topic == name and group.version != version:
                self._refresh(group)

    def _refresh(self, group: Group) -> None:
        group.stale = True
        if group.refreshing is None or group.refreshing.done():
            assert self.loop is not None
            group.refreshing = self.loop.create_task(self._render(group))

    async def _render(self, group: Group) -> None:
        """Render the group's update until it has caught up with the game; a stream not
        where the update starts gets the whole page."""
        while group.stale and group.streams:
            group.stale = False
            body, version, digests, end = await self._ask(group, since=group.version)
            if end:
                self._end(group, body)
                return
            if body and version != group.version:
                part = Part(body, since=group.version, version=version)
                group.version, group.held, group.whole = version, digests, None
                for stream in group.streams:
                    if stream.takes(part):
                        stream.give(part)
            if any(stream.shown != group.version for stream in group.streams):
                whole = await self._whole(group)
                if whole is None:
                    return
                for stream in group.streams:
                    if stream.shown != whole.version:
                        stream.give(whole)

    async def _whole(self, group: Group) -> Part | None:
        """The whole page at the group's version (None: the stream ended instead)."""
        if group.whole is not None and group.whole.version == group.version:
            return group.whole
        body, version, _, end = await self._ask(group, since=EVERYTHING)
        if end:
            self._end(group, body)
            return None
        whole = Part(body, version=version)
        if whole.version == group.version:
            group.whole = whole
        return whole

    def _end(self, group: Group, body: bytes) -> None:
        """The game is gone or cannot be shown: its streams say so and end."""
        end = Part(body or sse("reload", "").encode(), end=True)
        for stream in list(group.streams):
            stream.give(end)
        if self.groups.get(group.name) is group:
            del self.groups[group.name]

    async def _ask(self, group: Group, *, since: int) -> tuple[bytes, int, dict[str, str], bool]:
        """The group's update since `since` for pages holding what it last sent (since
        EVERYTHING: holding nothing), rendered by the app on a worker thread: (the
        message, the version now, every fragment's digest now, whether the streams end
        there)."""
        _, view, locale = group.name.split("/")
        render = functools.partial(
            render_part,
            self.app,
            group.path,
            group.game_id,
            watch=view == "watch",
            locale=locale,
            since=since,
            held={} if since == EVERYTHING else group.held,
        )
        # a context of its own: nothing of the thread that changed the game (its request,
        # its device's language) reaches the render
        context = contextvars.Context()
        return await asyncio.get_running_loop().run_in_executor(
            self.wsgi.executor, functools.partial(context.run, render)
        )

    async def _beat(self) -> None:
        """A comment line now and then: a device that vanished without closing its
        connection (a tablet out of Wi-Fi) is found out when the write fails."""
        while True:
            await asyncio.sleep(self.heartbeat)
            for group in list(self.groups.values()):
                for stream in group.streams:
                    stream.give(HEARTBEAT)


def _accepts_gzip(scope: Scope) -> bool:
    for key, value in scope.get("headers", ()):
        if key == b"accept-encoding":
            codings = [part.split(b";")[0].strip().lower() for part in value.split(b",")]
            return b"gzip" in codings
    return False
