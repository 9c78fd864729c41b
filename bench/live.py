"""Live-update figures on a real server process (waitress, loopback).

- how long from a tap on device A until device B's stream has it (p50/p95);
- the server's memory and a page's response time with 20 devices connected.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSION = re.compile(r'data-game-version="(\d+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    def __init__(self, data_dir: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "webapp",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--data-dir",
                data_dir,
                "--threads",
                "64",
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(150):
            try:
                self.request("GET", "/")
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def request(
        self, method: str, path: str, form: dict | None = None, cookie: str = ""
    ) -> tuple[int, str, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Cookie": cookie, "HX-Request": "true"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        set_cookie = response.getheader("Set-Cookie", "")
        connection.close()
        return response.status, response.getheader("Location", "") + text, set_cookie

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class Stream:
    """One device's open live stream; records when each version arrived."""

    def __init__(self, server: Server, path: str) -> None:
        self.arrived: dict[int, float] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                found = VERSION.search(raw.decode(errors="replace"))
                if found:
                    self.arrived.setdefault(int(found.group(1)), time.perf_counter())
        except (OSError, ValueError):
            pass

    def wait_for(self, version: int, timeout: float = 5) -> float:
        deadline = time.perf_counter() + timeout
        while version not in self.arrived:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"version {version} never arrived")
            time.sleep(0.0005)
        return self.arrived[version]

    def close(self) -> None:
        self.connection.close()


def new_game(server: Server) -> tuple[str, str]:
    _, location, cookie = server.request("POST", "/games", {"bot": "covenant"})
    game_id = location.split("/g/", 1)[1].split()[0].split("<")[0]
    return game_id, cookie.split(";", 1)[0]


def measure(percentiles) -> None:  # type: ignore[no-untyped-def]
    with tempfile.TemporaryDirectory() as data_dir:
        server = Server(data_dir)
        try:
            game_id, cookie = new_game(server)
            watcher = Stream(server, f"/g/{game_id}/events")
            watcher.wait_for(0)
            delays = []
            for tap in range(1, 101):
                started = time.perf_counter()
                status, _, _ = server.request(
                    "POST",
                    f"/g/{game_id}/correct",
                    {"version": tap - 1, "field": "coins", "value": tap},
                    cookie,
                )
                assert status == 200, status
                delays.append(watcher.wait_for(tap) - started)
            watcher.close()
            print(f"tap on device A → shown on device B  {percentiles(delays)}   aim: p95 < 150 ms")

            idle = server.rss_mb()
            games = [new_game(server)[0] for _ in range(4)]
            streams = [Stream(server, f"/g/{games[i % 4]}/events") for i in range(20)]
            for stream in streams:
                stream.wait_for(0)
            page_times = []
            for _ in range(20):
                started = time.perf_counter()
                server.request("GET", f"/g/{game_id}", cookie=cookie)
                page_times.append(time.perf_counter() - started)
            busy = server.rss_mb()
            started = time.perf_counter()
            server.request(
                "POST",
                f"/g/{games[0]}/correct",
                {"version": 0, "field": "coins", "value": 3},
                cookie,
            )
            fan_out = max(s.wait_for(1) for s in streams[0::4]) - started
            print(
                f"20 devices connected (4 games): server memory {busy:.0f} MB "
                f"({idle:.0f} MB before them); a page still takes {percentiles(page_times)}"
            )
            print(f"  one tap reached all 5 devices of its game in {fan_out * 1000:.0f} ms")
            for stream in streams:
                stream.close()
        finally:
            server.stop()


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
        server = Server(data_dir)
        try:
            game_id, cookie = new_game(server)
            version = 0

            def taps(count: int) -> list[float]:
                nonlocal version
                times = []
                for _ in range(count):
                    started = time.perf_counter()
                    status, _, _ = server.request(
                        "POST",
                        f"/g/{game_id}/correct",
                        {"version": version, "field": "coins", "value": version % 50},
                        cookie,
                    )
                    times.append(time.perf_counter() - started)
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
