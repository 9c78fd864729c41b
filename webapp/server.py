"""The server `botdeck` runs: uvicorn (asyncio) in front of the Flask app.

Why this and not a thread per connection: every open game page keeps a live stream
open all evening, and a server that gives each one a thread (waitress, Werkzeug)
runs out of them — at waitress's 64 threads the 65th page, and every tap after it,
waited. uvicorn holds connections on one event loop; the Flask app runs on a small
pool of worker threads (webapp/streams.py) only while it answers. uvicorn is pure
Python with optional compiled parts (httptools here), and runs on Linux, macOS and
Windows.

Guarded against a few sockets locking the table out:

- **Header deadline**: a request whose headers have not all arrived `header_seconds`
  after its first byte is closed; so is a new connection that sends nothing for that
  long. (A browser sends its headers at once.)
- **Per-client limit**: one address holds at most `per_client` connections; the next
  is closed at once. A browser opens about six per server; a table's devices each have
  their own address.
- **Body limit**: a request announcing a body over `max_body` bytes is answered 413
  and closed before any of the body is read.
"""

from __future__ import annotations

import asyncio
import socket
from collections import Counter
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .streams import StreamLayer

HEADER_SECONDS = 10.0
PER_CLIENT = 64
MAX_BODY_BYTES = 8 * 1024 * 1024  # the app itself refuses more than 2 MB with a clear page
THREADS = 16


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the three guards above."""

    header_seconds = HEADER_SECONDS
    per_client = PER_CLIENT
    max_body = MAX_BODY_BYTES
    clients: Counter[str]  # connections per address, shared by every connection

    deadline: asyncio.TimerHandle | None = None
    counted: str | None = None
    refused = False  # answered 413: what is left of the request is not read

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if self.clients[address] >= self.per_client:
            transport.close()  # before reading anything
            return
        self.clients[address] += 1
        self.counted = address
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.counted is not None:
            self.clients[self.counted] -= 1
            if self.clients[self.counted] <= 0:
                del self.clients[self.counted]
            self.counted = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.counted is None or self.refused:
            return  # over the limit, or refused: closing
        if self.deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # the first byte of a new request: its headers have until then
        super().data_received(data)

    def on_headers_complete(self) -> None:
        self._disarm()
        length = dict(self.headers).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.max_body:
            self.transport.write(
                b"HTTP/1.1 413 Content Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n"
                b"connection: close\r\ncontent-length: 31\r\n\r\nThat upload is far too large.\r\n"
            )
            self.transport.close()
            self.refused = True
            return
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self.refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if not self.refused:
            super().on_message_complete()

    def _arm(self) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def guarded_protocol(*, header_seconds: float, per_client: int, max_body: int) -> type:
    """A protocol class with these limits (and its own count of connections per address)."""
    return type(
        "GuardedProtocol",
        (GuardedProtocol,),
        {
            "header_seconds": header_seconds,
            "per_client": per_client,
            "max_body": max_body,
            "clients": Counter(),
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


def make_server(
    app: Any,
    *,
    threads: int = THREADS,
    header_seconds: float = HEADER_SECONDS,
    per_client: int = PER_CLIENT,
    max_body: int = MAX_BODY_BYTES,
) -> uvicorn.Server:
    """The uvicorn server for the Flask `app`; run it with `server.run(sockets=[...])`."""
    config = uvicorn.Config(
        StreamLayer(app, threads=threads),
        http=guarded_protocol(
            header_seconds=header_seconds, per_client=per_client, max_body=max_body
        ),
        ws="none",
        lifespan="on",
        interface="asgi3",
        proxy_headers=False,  # the table talks to this machine directly
        access_log=False,
        log_level="warning",
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,  # open live streams do not hold Ctrl+C up
        server_header=False,
        headers=[("server", "Botdeck")],
    )
    return uvicorn.Server(config)
