"""The bytes of a first visit, as a browser fetches them from the real server
(`python -m webapp`, loopback): the page, each stylesheet and script it links, its
icon, and for a game's page its live stream up to the first message — every response
counted whole on the wire (status line, headers, compressed body, chunking).

A browser fetches the Home Screen icon and the web manifest only when the page is
added to the Home Screen: they are not counted.
"""

from __future__ import annotations

import re
import socket
import tempfile
import zlib

import brotli

from webapp import create_app
from webapp.service import games

from .live import HOST, Server

AIM_BYTES = 40 * 1024
ACCEPT = "gzip, deflate, br"
ASSET = re.compile(r'<link rel="(?:stylesheet|icon)" href="([^"]+)"|<script src="([^"]+)"')
STREAM = re.compile(r'sse-connect="([^"]+)"')
BOTS = (
    ("covenant", {"difficulty": "normal"}),
    ("deacon", {}),
    ("solo_enemy", {"you": "humans", "factions": ["orcs"]}),
    ("bandits", {"mode": "coop", "players": ["Ann", "Ben"]}),
)


def _request(port: int, path: str, cookie: str, *, accept: str = "*/*") -> bytes:
    head = (
        f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: {accept}\r\n"
        f"Accept-Encoding: {ACCEPT}\r\nConnection: close\r\n"
    )
    if cookie:
        head += f"Cookie: {cookie}\r\n"
    return (head + "\r\n").encode()


def fetch(port: int, path: str, cookie: str = "") -> bytes:
    """The whole response to a GET, as it came over the socket."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(_request(port, path, cookie))
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


def body_of(response: bytes) -> bytes:
    """A response's body as the page reads it (chunks joined, gzip or brotli undone)."""
    head, _, body = response.partition(b"\r\n\r\n")
    headers = head.decode("latin-1").lower()
    if "transfer-encoding: chunked" in headers:
        body = _dechunked(body)
    if "content-encoding: br" in headers:
        return bytes(brotli.decompress(body))
    if "content-encoding: gzip" in headers:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(body)
    return body


def _dechunked(body: bytes) -> bytes:
    joined = b""
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        joined += rest[:size]
        body = rest[size + 2 :]
    return joined


def first_message(port: int, path: str, cookie: str) -> bytes:
    """A live stream's response up to the end of its first message (the retry line, and
    an update if one comes first), as the bytes that came over the socket."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(_request(port, path, cookie, accept="text/event-stream"))
        received = b""
        while True:
            received += sock.recv(65536)
            head, _, rest = received.partition(b"\r\n\r\n")
            if not rest:
                continue
            text = body_of(received) if b"content-encoding: gzip" in head.lower() else rest
            messages = [m for m in text.split(b"\n\n") if m.strip()]
            if messages and text.endswith(b"\n\n") and not messages[-1].startswith(b"retry"):
                return received
            if messages == [b"retry: 1000"]:
                try:  # the whole opening when it is only the retry line: nothing follows
                    sock.settimeout(0.5)
                    more = sock.recv(65536)
                except TimeoutError:
                    return received
                finally:
                    sock.settimeout(10)
                received += more


def visit(port: int, path: str) -> tuple[int, list[str]]:
    """The bytes of a first visit to `path` and a line per response."""
    page = fetch(port, path)
    cookie = re.search(rb"set-cookie: ([^;\r\n]+)", page, re.I)
    jar = cookie.group(1).decode() if cookie else ""
    html = body_of(page).decode()
    lines = [f"    {'the page':<44} {len(page):7,d} B"]
    total = len(page)
    for found in ASSET.finditer(html):
        asset = found.group(1) or found.group(2)
        if asset.startswith("data:"):  # drawn with the page
            continue
        size = len(fetch(port, asset.replace("&amp;", "&"), jar))
        total += size
        lines.append(f"    {asset.split('?')[0]:<44} {size:7,d} B")
    stream = STREAM.search(html)
    if stream:
        url = stream.group(1).replace("&amp;", "&")
        size = len(first_message(port, url, jar))
        total += size
        lines.append(f"    {'its live stream, to the first message':<44} {size:7,d} B")
    return total, lines


def measure() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        with app.app_context():
            made = [
                (bot, games.create_game(bot, options, name=f"First {bot}", seed=7))
                for bot, options in BOTS
            ]
            games.forget_all()
        print("A first visit, on the wire (the page, what it loads, its live stream's first")
        print(f"message; a browser's cache empty)   aim: each ≤ {AIM_BYTES // 1024} KB")
        with Server(data_dir) as server:
            for label, path in [("the lobby", "/")] + [
                (f"a {bot} game's page", f"/g/{game_id}") for bot, game_id in made
            ]:
                total, lines = visit(server.port, path)
                over = "" if total <= AIM_BYTES else f"   OVER THE AIM by {total - AIM_BYTES:,} B"
                print(f"  {label:<46} {total / 1024:6.1f} KB{over}")
                for line in lines:
                    print(line)
