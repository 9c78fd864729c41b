"""waitress, guarded against a few sockets locking the table out.

waitress closes a connection only after `channel_timeout` without any byte, so a
client that sends one header line every few seconds keeps its connection (and, past
the connection limit, the whole server) forever. Here:

- **Header deadline**: a request whose headers have not all arrived `header_seconds`
  after its first byte is closed; so is a new connection that sends nothing for that
  long. (A browser sends its headers at once.)
- **Per-client limit**: one address holds at most `per_client` connections; the next
  is closed at once. A browser opens about six per server; a table's devices each have
  their own address.

Both are checked by waitress's own maintenance pass, run every `cleanup_interval`.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import waitress
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

HEADER_SECONDS = 10.0
PER_CLIENT = 64
CLEANUP_SECONDS = 1


class GuardedChannel(HTTPChannel):  # type: ignore[misc]
    request_started: float | None = None  # first byte of the request being read

    def received(self, data: bytes) -> bool:
        if data and self.request is None:
            self.request_started = time.time()
        result: bool = super().received(data)
        if self.request is None or self.request.headers_finished:
            self.request_started = None  # complete, or its body is coming
        return result

    def too_slow(self, now: float, deadline: float) -> bool:
        """Headers still coming after the deadline, or nothing sent since it connected."""
        if self.requests or self.will_close:
            return False  # a request is being answered (a live stream, a tap)
        if self.request_started is not None:
            return now - self.request_started > deadline
        never_sent = self.last_activity == self.creation_time
        return never_sent and now - self.creation_time > deadline


def guard(server: Any, *, header_seconds: float, per_client: int) -> None:
    """Make a waitress server (one created by `create_server`) use the guards."""
    servers = (
        [server]
        if isinstance(server, TcpWSGIServer)
        else [s for s in getattr(server, "map", {}).values() if isinstance(s, TcpWSGIServer)]
    )
    for one in servers:
        one.channel_class = GuardedChannel
        maintenance = one.maintenance

        def guarded_maintenance(now: float, one: Any = one, maintenance: Any = maintenance) -> None:
            maintenance(now)
            for channel in list(one.active_channels.values()):
                if isinstance(channel, GuardedChannel) and channel.too_slow(now, header_seconds):
                    channel.will_close = True

        one.maintenance = guarded_maintenance
        accept = one.handle_accept

        def guarded_accept(one: Any = one, accept: Any = accept) -> None:
            counts = Counter(
                channel.addr[0] for channel in one.active_channels.values() if channel.addr
            )
            before = set(one.active_channels)
            accept()
            for fileno in set(one.active_channels) - before:
                channel = one.active_channels[fileno]
                if counts[channel.addr[0]] >= per_client:
                    channel.will_close = True  # closed at once, before reading anything

        one.handle_accept = guarded_accept


def make_server(
    app: Any,
    *,
    header_seconds: float = HEADER_SECONDS,
    per_client: int = PER_CLIENT,
    **options: Any,
) -> Any:
    """`waitress.create_server` with the guards above."""
    server = waitress.create_server(app, cleanup_interval=CLEANUP_SECONDS, **options)
    guard(server, header_seconds=header_seconds, per_client=per_client)
    return server
