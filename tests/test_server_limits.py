"""The served app (uvicorn and the stream layer, as `botdeck` runs it) within its
limits: memory stays flat while a table plays with devices watching; a huge body is
refused unread; slow sockets cannot lock the table out.

Live streams send a page's fragments on every tap; a server that keeps what it sent
(waitress did, up to 16 MB a connection) grows by hundreds of MB over an evening with
20 open streams. Measured on the real server process.
"""

from __future__ import annotations

import http.client
import re
import socket
import threading
from pathlib import Path

import pytest

from bench.live import slow_socket, still_open

from .conftest import ServerProcess
from .waiting import wait_until

STREAMS = 20
TAPS = 1000
HEADER_SECONDS = 2  # the header deadline the slow-socket tests are served with (10 s by default)
ALLOWED_GROWTH_MB = 30
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
HTMX = {"HX-Request": "true"}


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


class Stream(threading.Thread):
    """A device with the game open: reads its live stream and throws it away."""

    def __init__(self, port: int, path: str) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.received = 0
        self.updates = 0

    def run(self) -> None:
        try:
            while chunk := self.sock.recv(65536):
                self.received += len(chunk)
                self.updates += chunk.count(b"event: update")
        except OSError:
            pass


@pytest.fixture
def big_server(tmp_path):
    with ServerProcess(tmp_path, threads=STREAMS + 8) as server:
        yield server


@pytest.mark.timeout(400)  # ~20 s here: 1,000 taps, each pushed to 20 streams
def test_twenty_open_streams_over_a_thousand_taps_keep_memory_flat(big_server):
    connection = http.client.HTTPConnection("127.0.0.1", big_server.port, timeout=30)

    def request(method: str, path: str, body: str = "", headers: dict | None = None):
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response, response.read()

    response, _ = request(
        "POST",
        "/games",
        "bot=covenant&difficulty=normal",
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status == 303
    cookie = response.getheader("Set-Cookie").split(";")[0]
    game = response.getheader("Location").rsplit("/g/", 1)[1]
    streams = [Stream(big_server.port, f"/g/{game}/events") for _ in range(STREAMS)]
    for stream in streams:
        stream.start()

    version = 0

    def tap(path: str, value: str = "") -> None:
        nonlocal version
        response, _ = request(
            "POST",
            f"/g/{game}/{path}",
            f"version={version}&value={value}",
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "Cookie": cookie,
            },
        )
        assert response.status == 200
        version += 1

    def taps(count: int) -> None:
        for number in range(count):
            if number % 2 == 0:
                tap("answer", "H")  # the Covenant's first question: your Ship is in the Harbor
            else:
                tap("undo")

    pid = big_server.process.pid
    taps(100)  # warm up: every template compiled, every cache filled
    before = rss_mb(pid)
    taps(TAPS)
    after = rss_mb(pid)
    sent = sum(stream.received for stream in streams)
    for stream in streams:
        stream.sock.close()
    connection.close()
    print(f"RSS {before:.1f} MB → {after:.1f} MB after {TAPS} taps; {sent / 1e6:.0f} MB streamed")
    assert all(stream.updates > 10 for stream in streams), "every stream followed the game"
    assert after - before <= ALLOWED_GROWTH_MB


def test_a_fifty_megabyte_body_is_refused_unread_and_the_server_answers_on(server_process):
    size = 50 * 1024 * 1024
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(
            b"POST /games/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/octet-stream\r\n"
            + f"Content-Length: {size}\r\n\r\n".encode()
        )
        sent = 0
        try:
            while sent < size:
                sent += sock.send(b"x" * 65536)
        except OSError:
            pass  # the server answered and closed without reading it all
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413")
    assert sent < size
    connection = http.client.HTTPConnection("127.0.0.1", server_process.port, timeout=10)
    connection.request("GET", "/")
    assert connection.getresponse().status == 200
    connection.close()


def test_headers_that_never_end_are_cut_off_and_memory_stays_flat(server_process):
    """httptools keeps a request's head whole, however long: 400 MB of one header
    line, sent within the header deadline, took the server's memory with them."""
    from .test_server_bodies import answer_of, send_until_closed, status_of

    pid = server_process.process.pid
    before = rss_mb(pid)
    total = 400 * 1024 * 1024
    piece = b"a" * 65536
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
        sent = send_until_closed(sock, (piece for _ in range(total // len(piece))), lambda _: None)
        answer = answer_of(sock)
    after = rss_mb(pid)
    print(f"RSS {before:.1f} MB → {after:.1f} MB; {sent / 1e6:.1f} MB sent before the close")
    assert status_of(answer) == 431
    assert sent < 32 * 1024 * 1024  # the head's limit, and what the sockets' buffers held
    assert after - before < 20
    connection = http.client.HTTPConnection("127.0.0.1", server_process.port, timeout=10)
    connection.request("GET", "/", headers={"X-Fine": "b" * 30_000})  # a large but sane head
    assert connection.getresponse().status == 200
    connection.close()


# --- a few sockets must not lock the table out ------------------------------------------

SLOW_SOCKETS = 300


@pytest.fixture
def quick_deadline(tmp_path):
    """The served app with a 2-second header deadline: the same guard, waited for less."""
    with ServerProcess(tmp_path, 8, "--header-timeout", str(HEADER_SECONDS)) as server:
        yield server


def test_three_hundred_slow_sockets_leave_a_tap_answering_and_are_closed(quick_deadline):
    """The audit: 300 half-open connections (one header line every 10 s) made the
    server unreachable while they stayed. One address now holds at most 64, and a
    request whose headers are not all in by the deadline is closed."""
    port = quick_deadline.port
    attackers = [slow_socket(port) for _ in range(SLOW_SOCKETS)]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("POST", "/games", body="bot=covenant", headers=FORM)
    started = connection.getresponse()
    assert started.status == 303
    started.read()
    game = started.getheader("Location")
    connection.request("GET", game)
    page = connection.getresponse().read().decode()
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    connection.request(
        "POST", f"{game}/answer", body=f"version={version}&value=H", headers={**FORM, **HTMX}
    )
    assert connection.getresponse().status == 200
    connection.close()
    held = [sock for sock in attackers if sock is not None and still_open(sock)]
    assert len(held) <= 64
    wait_until(
        lambda: not any(still_open(sock) for sock in held),
        within=15,
        every=1,  # a header line a second, as they were sending
        what="the slow sockets closed",
    )
    for sock in attackers:
        if sock is not None:
            sock.close()


def test_a_client_that_connects_and_sends_nothing_is_closed(quick_deadline):
    # closed by the header deadline (2 s here), not the default's 10 s: a wait past
    # HEADER_SECONDS + 5 is a socket timeout, and the test fails
    with socket.create_connection(
        ("127.0.0.1", quick_deadline.port), timeout=HEADER_SECONDS + 5
    ) as sock:
        assert sock.recv(1) == b""  # the server closed it
