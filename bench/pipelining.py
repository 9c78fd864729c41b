"""The server's memory while connections send requests one behind another and never read
the answers (pipelining), measured on a real server process (`python -m webapp`) over
loopback: the issue's figure (20 connections sending `GET /ping` for 15 s: under
+20 MB), then well past it — one address's every connection (64), for a minute, and
the same with page requests (18 KB answers), beside the same connections reading every
answer — while another device's page is timed.

Before the server paced its connections, 40 connections took it from 235 to 657 MB
(848 at the peak).
"""

from __future__ import annotations

import contextlib
import select
import socket
import tempfile
import time
from collections.abc import Callable

from .live import HOST, Device, Server, loopback

Percentiles = Callable[[list[float]], str]

AIM_GROWTH_MB = 20
PING = b"GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
PAGE = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
# (connections, seconds, what each sends over and over, what it is called)
FLOODS = ((20, 15, PING, "GET /ping"), (64, 60, PING, "GET /ping"))
# the same with pages, beside the same connections reading every answer: serving 64
# connections' pages costs the app memory of its own, read or not
PAGES = (64, 30, PAGE, "GET /, a page")
PROBE_EVERY = 0.5  # seconds between two timed pages of another device


def flood(
    server: Server, connections: int, seconds: float, sent: bytes, read: bool
) -> tuple[float, float, float, int, list[float]]:
    """`sent` pipelined over and over on `connections` connections from one address for
    `seconds`, the answers never read (`read`: each read as it comes): (RSS before,
    after, at the peak, connections the server still holds at the end, another
    device's page times meanwhile)."""
    device = Device(server, source=loopback(900))
    device.request("GET", "/", htmx=False)  # its page warm: what is timed is the flood's
    socks = [socket.create_connection((HOST, server.port)) for _ in range(connections)]
    before = peak = server.rss_mb()
    burst = sent * (65536 // len(sent))
    left = {sock: memoryview(burst) for sock in socks}
    sending = list(socks)
    for sock in socks:
        sock.setblocking(False)
    times: list[float] = []
    probed = started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        readable, writable, _ = select.select(sending if read else [], sending, [], 0.1)
        for sock in readable:
            with contextlib.suppress(BlockingIOError):
                sock.recv(1 << 20)
        for sock in writable:
            try:
                left[sock] = left[sock][sock.send(left[sock]) :] or memoryview(burst)
            except BlockingIOError:
                pass
            except OSError:  # the server cut it
                sending.remove(sock)
        if time.perf_counter() - probed > PROBE_EVERY:
            probed = time.perf_counter()
            status, _, took = device.request("GET", "/", htmx=False)
            times.append(took if status == 200 else float("inf"))
            peak = max(peak, server.rss_mb())
    after = server.rss_mb()
    held = sum(_still_open(sock) for sock in socks)
    for sock in socks:
        sock.close()
    device.close()
    return before, after, max(peak, after), held, times


def _still_open(sock: socket.socket) -> bool:
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def figure(
    label: str,
    connections: int,
    seconds: float,
    sent: bytes,
    percentiles: Percentiles,
    *,
    read: bool = False,
    judged: bool = True,
) -> float | None:
    """One flood on a server of its own, its figure printed (`judged`: against the aim):
    the server's growth (None: not measured)."""
    with tempfile.TemporaryDirectory() as data_dir, Server(data_dir) as server:
        try:
            before, after, peak, held, times = flood(server, connections, seconds, sent, read)
        except Exception as error:  # a benchmark reports, it does not stop
            print(f"{label}: could not be measured — {type(error).__name__}: {error}")
            return None
        growth = peak - before
        print(
            f"{label}: {before:.0f} → {after:.0f} MB, peak {peak:.0f} ({growth:+.1f} MB)"
            + (verdict(growth) if judged else "")
        )
        cut = "" if held == connections else f"; NOT: the server cut {connections - held}"
        # (its label names the flood: bench/compare.py tells figures apart by their labels)
        meanwhile = f"{connections} connections, {seconds} s, {'read' if read else 'unread'}"
        print(f"  another device's page meanwhile ({meanwhile}) {percentiles(times)}{cut}")
        if not server.alive():
            print(f"  breaks: the server exited{server.died()}")
        return growth


def verdict(growth: float) -> str:
    missed = "   OVER THE AIM" if growth >= AIM_GROWTH_MB else ""
    return f"   aim: under +{AIM_GROWTH_MB} MB{missed}"


def measure(percentiles: Percentiles) -> None:
    print("Pipelined requests never read (python -m webapp, loopback, one address)")
    for connections, seconds, sent, what in FLOODS:
        label = f"RSS with {connections} connections pipelining unread for {seconds} s ({what})"
        figure(label, connections, seconds, sent, percentiles)
    connections, seconds, sent, what = PAGES
    label = f"RSS with {connections} connections pipelining unread for {seconds} s ({what})"
    unread = figure(label, connections, seconds, sent, percentiles, judged=False)
    label = f"  the same {connections} connections reading every answer"
    read = figure(label, connections, seconds, sent, percentiles, read=True, judged=False)
    if unread is not None and read is not None:
        print(f"  leaving the answers unread adds {unread - read:+.1f} MB{verdict(unread - read)}")
