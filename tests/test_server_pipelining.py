"""Requests sent one behind another without waiting for the answers (pipelined), on the
served app (uvicorn and the stream layer, as `botdeck` runs it): a connection is read
only as fast as its answers go out. Measured on the real server process.

Found by the issue: one address, 40 connections sending `GET /ping` pipelined and never
reading the answers took the server from 235 to 657 MB (848 at the peak); one
connection parsed ~38,000 requests from 1.5 MB sent.
"""

from __future__ import annotations

import asyncio
import http.client
import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn

from webapp.serving.server import guarded_protocol, listen
from webapp.web.body_limits import MB

from .conftest import ServerProcess
from .test_server_limits import rss_mb
from .waiting import wait_until

CONNECTIONS = 20
FLOOD_SECONDS = 6
ALLOWED_GROWTH_MB = 20  # the figure
DEADLINE = 1  # the header and body deadlines the pause test is served with (10 s by default)


def request(method: str, path: str, *lines: str, body: bytes = b"") -> bytes:
    return (
        "\r\n".join([f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", *lines, "", ""]).encode()
        + body
    )


def target(number: int, pad: int) -> str:
    return f"/n/{number}/" + "p" * pad


def numbered(number: int, pad: int) -> bytes:
    """A request whose answer says which it was: a redirect to `target(number, pad)`
    (its answer about twice as long as the request)."""
    return request("GET", "/lang/zz?next=" + target(number, pad))


# what each connection sends, over and over, never reading what comes back
FLOODS = {
    "pings": request("GET", "/ping"),  # the issue's: the smallest answer
    "pages": request("GET", "/"),  # an answer of 18 KB: the socket's buffers fill soon
    "bodies": request(
        "POST", "/ping", "Content-Length: 65536", body=b"x" * 65536
    ),  # a body each (answered 405): only the request answered brings its body in
}


def flood(port: int, pid: int, sent: bytes) -> tuple[float, float, int]:
    """`sent` pipelined over and over on CONNECTIONS connections for FLOOD_SECONDS, their
    answers never read; (the server's RSS before, its highest during, how many of the
    connections it still holds after). A fresh device's page answers meanwhile."""
    socks = [unread_connection(port) for _ in range(CONNECTIONS)]
    before = peak = rss_mb(pid)
    try:
        for sock in socks:
            sock.setblocking(False)
        burst = sent * max(1, 65536 // len(sent))  # whole requests, 64 KB or more
        left = {sock: memoryview(burst) for sock in socks}  # what is left of it to send
        sending = list(socks)
        ends = time.monotonic() + FLOOD_SECONDS
        while time.monotonic() < ends:
            _, writable, _ = select.select([], sending, [], 0.2)
            for sock in writable:
                try:
                    left[sock] = left[sock][sock.send(left[sock]) :] or memoryview(burst)
                except BlockingIOError:
                    pass
                except OSError:  # cut by the server
                    sending.remove(sock)
            peak = max(peak, rss_mb(pid))
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200  # the table goes on
        connection.close()
        peak = max(peak, rss_mb(pid))
        held = sum(still_open(sock) for sock in socks)
    finally:
        for sock in socks:
            sock.close()
    return before, peak, held


def unread_connection(port: int) -> socket.socket:
    """A connection whose receive buffer holds 64 KB (loopback's grow to 32 MB, which
    the server would fill for a long while before its own writes stop)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    sock.settimeout(20)
    sock.connect(("127.0.0.1", port))
    return sock


def still_open(sock: socket.socket) -> bool:
    """Whether the server still holds the connection: it has not closed its side."""
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True  # nothing to read: open
    except OSError:
        return False


def warm_up(port: int, sent: bytes) -> None:
    """CONNECTIONS connections at once, each sending `sent` 20 times and reading every
    answer: what the app holds to answer that many at once (its worker threads' memory),
    before it is measured."""

    def one() -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(sent * 20 + request("GET", "/ping", "Connection: close"))
            while sock.recv(65536):
                pass

    readers = [threading.Thread(target=one) for _ in range(CONNECTIONS)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join(timeout=60)


@pytest.mark.parametrize("kind", FLOODS)
def test_twenty_connections_pipelining_unread_leave_memory_flat(server_process, kind):
    pid = server_process.process.pid
    sent = FLOODS[kind]
    warm_up(server_process.port, sent)
    before, peak, held = flood(server_process.port, pid, sent)
    print(f"RSS {before:.1f} MB → peak {peak:.1f} MB, {CONNECTIONS} connections sending {kind}")
    assert peak - before < ALLOWED_GROWTH_MB
    assert held == CONNECTIONS  # paused, not cut


def answers(sock: socket.socket) -> Iterator[tuple[int, dict[str, str]]]:
    """Each answer on `sock` as it comes: (its status, its headers); its body read past."""
    stream = sock.makefile("rb")
    while status_line := stream.readline():
        status = int(status_line.split()[1])
        headers = {}
        while (line := stream.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        stream.read(int(headers.get("content-length", "0")))
        yield status, headers


def redirects_to(found: tuple[int, dict[str, str]]) -> tuple[int, str]:
    status, headers = found
    return status, headers.get("location", "")


def test_a_client_pipelining_while_it_reads_gets_every_answer_in_order(server_process):
    count, pad = 2000, 550  # 1.2 MB sent at once
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=20) as sock:
        sent = b"".join(numbered(n, pad) for n in range(count))
        sender = threading.Thread(target=sock.sendall, args=(sent,), daemon=True)
        sender.start()
        got = answers(sock)
        for number in range(count):
            assert redirects_to(next(got)) == (302, target(number, pad))
        sender.join(timeout=20)


@pytest.fixture
def quick_deadlines(tmp_path) -> Iterator[ServerProcess]:
    with ServerProcess(
        tmp_path, 8, "--header-timeout", str(DEADLINE), "--body-timeout", str(DEADLINE)
    ) as server:
        yield server


def test_a_connection_pipelining_past_the_bound_is_paused_not_refused(quick_deadlines):
    """6 MB of requests sent unread, their answers twice that: the server answers until
    the sockets' buffers are full (a few MB), then reads no more of them. Silent past
    every deadline, the client still gets each answer, in order."""
    count, pad = 1500, 4000
    with unread_connection(quick_deadlines.port) as sock:
        # sent from a thread: once the server stops reading, what is left waits for it
        sent = b"".join(numbered(n, pad) for n in range(count))
        sender = threading.Thread(target=sock.sendall, args=(sent,), daemon=True)
        sender.start()
        # the client reads nothing for a while: not a request late, a connection paused
        time.sleep(3 * DEADLINE)
        got = answers(sock)
        for number in range(count):
            assert redirects_to(next(got)) == (302, target(number, pad))
        sender.join(timeout=20)


# --- on the protocol itself, served in this process: what waits for a client ------------


@contextmanager
def served(app: Any) -> Iterator[tuple[int, uvicorn.Server]]:
    """`app` served by uvicorn with the server's protocol, on a thread: (its port, the
    uvicorn server, whose connections can be looked at)."""
    protocol = guarded_protocol(
        header_seconds=10, body_seconds=10, per_client=64, max_body=4 * MB, route_bodies={}
    )
    # asyncio's own loop: uvicorn's "auto" tries uvloop first, and importing what is not
    # installed warns (an error here) once pygal's import hook is in place
    config = uvicorn.Config(
        app, http=protocol, loop="asyncio", ws="none", lifespan="off", log_config=None
    )
    server = uvicorn.Server(config)
    sock = listen("127.0.0.1", 0)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_until(lambda: server.started, within=10, what="the server started")
        yield sock.getsockname()[1], server
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def settled(server: uvicorn.Server) -> None:
    """Once what the event loop had to do when this is called is done."""
    [connection] = server.server_state.connections
    for _ in range(3):
        asyncio.run_coroutine_threadsafe(asyncio.sleep(0), connection.loop).result(timeout=10)


def test_no_answer_is_made_while_the_client_leaves_the_last_one_unread():
    """An answer made for a client that does not read waits in memory, whole, until it
    does: the server makes the next one only once the client takes the last."""
    made = []

    async def megabyte_answers(scope: Any, receive: Any, send: Any) -> None:
        made.append(scope["path"])
        body = b"x" * MB
        headers = [(b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    with served(megabyte_answers) as (port, server):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(request("GET", "/") * 64)  # 64 MB of answers: more than buffers hold
            wait_until(
                lambda: any(c.flow.write_paused for c in server.server_state.connections),
                within=10,
                what="the client's socket full",
            )
            settled(server)
            assert len(made) == server.server_state.total_requests  # each answer sent whole
            got = 0
            while got < 64 * MB and (chunk := sock.recv(MB)):
                got += len(chunk)
        assert got >= 64 * MB  # the client reads: every answer comes
