"""A connection read only as fast as its answers go out: uvicorn's HTTP protocol with
back-pressure on every connection.

A client may send requests one behind another without waiting for the answers
(pipelining). uvicorn parses every request of what it has read (httptools takes a
whole read, 256 KB, at once), queues each as a request waiting its turn (~2 KB
apiece) and reads again after every answer. A client that never read its answers
made one connection hold ~38,000 of them (70 MB) from 1.5 MB sent, and one address's
64 connections could hold gigabytes. Here:

- **A few requests wait, no more**: past `waiting_requests` parsed ahead of their
  turn, the connection is not read until answers go out, and what was read and not
  parsed stays as it came (bytes: 50 times smaller than parsed). httptools parses
  everything it is given, so what arrives is given a piece at a time: a KB where a
  request may begin, a declared body to its end at once, a chunked body up to where
  its last chunk could begin. Reads are no larger than what can be held unparsed:
  16 KB where a request begins (a browser's request head is under 8 KB), 64 KB of a
  chunked body, a declared body to its end (256 KB at most, asyncio's own reads).
- **Only the request being answered brings its body in**: one waiting its turn is
  not read past the piece its head came in, however uvicorn asks for more.
- **The next answer is not made while the last one is unsent**: once the client
  leaves unread what the transport holds for it (64 KB past what the system's socket
  buffers hold), the next request waits, unanswered, until it reads — rather than
  answered and kept whole in memory.

A connection that pipelines past the bound is paused, never answered with an error,
and the server's deadlines do not run while it is (it is not late: the server is not
reading); one that reads gets every answer, in order. What a connection that never
reads can make the server hold: a read (16 KB), about 60 small requests parsed (8 and
one piece's worth), the transport's 64 KB and the last answer.
"""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any

from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# Requests parsed ahead of their turn on one connection. A browser never pipelines (it
# opens another connection instead), and a client that does gets every answer anyway:
# its next requests are read as answers go out.
WAITING_REQUESTS = 8
# What is parsed at once where a request may begin: the smallest request is 18 bytes,
# so one piece adds at most ~57 parsed requests past the bound (a browser's request
# is 0.5–2 KB: one or two pieces).
PIECE_BYTES = 1024
# What one read takes from the connection: a body (declared) up to its end or this
# much (asyncio's own reads), a chunked body this much (what follows its end is kept
# unparsed), and where a request begins this much (a browser's request head is under
# 8 KB): what is read and cannot be parsed yet is at most that.
BODY_READ_BYTES = 256 * 1024
CHUNKED_READ_BYTES = 64 * 1024
HEAD_READ_BYTES = 16 * 1024
# A chunked body is parsed up to this much at once, and never past where a line begins
# with "0" (its last chunk can begin nowhere else): what follows its end is parsed a
# piece at a time. (A regular expression finds it four times faster than bytes.find.)
CHUNKED_PIECE_BYTES = 64 * 1024
LINE_OF_ZERO = re.compile(rb"\n0")


class PacedFlow(FlowControl):
    """uvicorn's flow control, with reading held off while the protocol says so:
    uvicorn resumes reading after every answer and whenever the app asks for a body."""

    held = False

    def resume_reading(self) -> None:
        if not self.held:
            super().resume_reading()


# Where a connection's reads land before they are copied out: one per thread (an event
# loop's), as the transport asks for it, reads into it and hands it over in one go.
_reads = threading.local()


class PacedProtocol(HttpToolsProtocol, asyncio.BufferedProtocol):
    """uvicorn's httptools protocol, reading a connection only as fast as it answers."""

    waiting_requests = WAITING_REQUESTS
    piece_bytes = PIECE_BYTES
    chunked_piece_bytes = CHUNKED_PIECE_BYTES

    flow: PacedFlow
    unparsed = b""  # read and not parsed yet: enough requests wait their turn
    length_left: int | None = None  # of the body being parsed, when its length is declared
    deferred: tuple[Any, Any] | None = None  # (cycle, app) not started: the last answer unsent

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.flow = PacedFlow(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # what waited for this client goes with it (the protocol may outlive it a while)
        self.unparsed = b""
        self.deferred = None
        self.pipeline.clear()

    def get_buffer(self, sizehint: int) -> memoryview:
        buffer = getattr(_reads, "buffer", None)
        if buffer is None:
            buffer = _reads.buffer = memoryview(bytearray(BODY_READ_BYTES))
        return buffer[: self._read_size()]

    def buffer_updated(self, nbytes: int) -> None:
        self.data_received(bytes(_reads.buffer[:nbytes]))

    def _read_size(self) -> int:
        if self.in_message_body and not self._waits(self.cycle):
            if self.length_left is not None and self.length_left > 0:
                return min(BODY_READ_BYTES, self.length_left)
            return CHUNKED_READ_BYTES
        return HEAD_READ_BYTES

    def data_received(self, data: bytes) -> None:
        self.unparsed += data  # (empty but when read before the hold took effect)
        self.parse()

    def parse(self) -> None:
        """Parse what was read, a piece at a time, until enough requests wait; hold
        reading off while they do."""
        data, self.unparsed = self.unparsed, b""
        view, at = memoryview(data), 0
        while at < len(data) and not self.stopped() and not self._enough():
            piece = view[at : at + self._piece_size(data, at)]
            self.feed(piece)
            at += len(piece)
        if self.stopped():
            return
        self.unparsed = data[at:] if at else data
        if self._enough():
            self.flow.held = True
            self.flow.pause_reading()
        elif self.flow.held:
            self.flow.held = False
            self.flow.resume_reading()

    def feed(self, piece: memoryview) -> None:
        """One piece to the parser (its requests start, or wait their turn)."""
        super().data_received(piece)  # type: ignore[arg-type]  # httptools takes any buffer

    def stopped(self) -> bool:
        """Whether nothing more of this connection is to be parsed (it is closing)."""
        return self.parser is None or self.transport.is_closing()

    def _enough(self) -> bool:
        """Whether the connection must not be parsed further for now."""
        if len(self.pipeline) + (self.deferred is not None) >= self.waiting_requests:
            return True
        # a request waiting its turn brings in no more of its body than it came with
        return self.in_message_body and self._waits(self.cycle)

    def _waits(self, cycle: Any) -> bool:
        """Whether `cycle` (the request parsed last) waits its turn: not started."""
        newest = self.pipeline[0][0] if self.pipeline else None
        return cycle is not None and (
            cycle is newest or (self.deferred is not None and self.deferred[0] is cycle)
        )

    def _chunked_body(self) -> bool:
        return self.in_message_body and self.length_left is None

    def _piece_size(self, data: bytes, at: int) -> int:
        """How much of `data` past `at` to parse next."""
        if self.in_message_body and self.length_left is not None and self.length_left > 0:
            return self.length_left  # its end is known: nothing after it is parsed with it
        if self._chunked_body():
            if data.startswith(b"0", at):
                return self.piece_bytes
            end = LINE_OF_ZERO.search(data, at, at + self.chunked_piece_bytes)
            return self.chunked_piece_bytes if end is None else end.start() + 1 - at
        return self.piece_bytes

    # --- the body's length, for the pieces -----------------------------------------

    in_message_body = False  # between a request's headers and its end

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self.in_message_body = True
        fields = dict(self.headers)
        length = fields.get(b"content-length", b"")
        chunked = b"transfer-encoding" in fields
        self.length_left = int(length) if length.isdigit() and not chunked else None

    def on_body(self, body: bytes) -> None:
        if self.length_left is not None:
            self.length_left -= len(body)
        super().on_body(body)

    def on_message_complete(self) -> None:
        self.in_message_body = False
        self.length_left = None
        super().on_message_complete()

    # --- answers, one at a time when the client is not reading -------------------------

    def _start_asgi_task(self, cycle: Any, app: Any) -> None:
        if self.flow.write_paused and not self.transport.is_closing():
            self.deferred = (cycle, app)  # made once the client takes what it was sent
            return
        super()._start_asgi_task(cycle, app)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.deferred is not None and not self.transport.is_closing():
            cycle, app = self.deferred
            self.deferred = None
            super()._start_asgi_task(cycle, app)
            self.parse()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # the next waiting request starts
        if not self.transport.is_closing():
            self.parse()
