"""The served app (waitress, as `botdeck` runs it) within its limits: memory stays
flat while a table plays with devices watching; a huge body is refused unread.

waitress keeps what a connection has sent in that connection's buffer until the
buffer reaches `outbuf_high_watermark`; live streams send a page's fragments on
every tap, so without Botdeck's cap (webapp/cli.py) 20 open streams grow the
process by hundreds of MB over an evening. Measured on the real server process.
"""

from __future__ import annotations

import http.client
import re
import socket
import threading
from pathlib import Path

import pytest

from .conftest import ServerProcess

STREAMS = 20
TAPS = 2000
ALLOWED_GROWTH_MB = 30


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
    server = ServerProcess(tmp_path, threads=STREAMS + 8)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.timeout(400)  # ~1 minute here: 2,000 taps, each pushed to 20 streams
def test_twenty_open_streams_over_two_thousand_taps_keep_memory_flat(big_server):
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
