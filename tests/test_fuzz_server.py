"""10,000 malformed requests across every route of the app, against one real server
process (`botdeck`, as a table runs it): no server error, no crash, no hang, memory
bounded, and a page and a tap still answered at the end.

Every route of `app.url_map` is asked, with its own ids (real games, decks, boards,
backups) or garbage; the requests are broken in every way a device or a script can
break them: odd methods, a broken request line, missing, duplicated, garbage and
oversized headers, wrong or contradictory `Content-Length`, chunked bodies with bad
chunk sizes, bodies over their route's limit, bodies that stop arriving, requests cut
off, pipelined requests and kept-alive connections reused. Sent on many connections at
once (from four loopback addresses: one address holds 64 at most), with a short body
timeout so that the stalled ones do not hold the run up.

Reproduce a run with `BOTDECK_FUZZ_SEED=<seed>` (printed); each failure shows the
bytes that were sent.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import re
import time
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from webapp import create_app
from webapp.web.body_limits import BODY_BYTES

from .conftest import ROOT, ServerProcess
from .test_server_limits import rss_mb

SEED = int(os.environ.get("BOTDECK_FUZZ_SEED", "26"))
REQUESTS = 10_000
SOURCES = ("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4")
WORKERS_PER_SOURCE = 30  # under the 64 connections one address may hold
HEADER_SECONDS = 2
BODY_SECONDS = 1
# An answer (or the connection closed) must come within this: longer is a hang. The
# server may first have to finish the requests queued before it on 8 threads.
PATIENCE = HEADER_SECONDS + BODY_SECONDS + 20
ALLOWED_GROWTH_MB = 60  # games, devices and rendered fragments made by the run, cached

BOTS = ("covenant", "solo_enemy", "deacon", "bandits")
ODD_METHODS = (
    "PUT", "DELETE", "PATCH", "TRACE", "CONNECT", "PROPFIND", "BREW", "M-SEARCH",
    "get", "Post", "GETT", "G\x00T", "X" * 300, "",
)  # fmt: skip
GARBAGE = (
    "", "x" * 300, "%00", "%2e%2e", "..", "%ff%fe", "é", "a/b", "%", "%zz", "🙂", "-1",
    "99999999999999999999", "null", "<script>", "'", '"', "\\", "%0d%0aSet-Cookie:%20x=1",
    ";", "~", "*",
)  # fmt: skip
VALUES = (
    "", "0", "1", "-1", "H", "2147483648", "1e999", "NaN", "x" * 5000, "\x00", "\r\n", "é",
    "🙂", "[" * 200, '{"a":', "true", "on", "demo", "new", "physical", "app", "normal",
    "hard", "coins", "../../etc/passwd", "//elsewhere.example", "%", "\u202e", "\ufeff",
)  # fmt: skip
FIELDS = (
    "version", "value", "field", "name", "bot", "mode", "deck_id", "deck", "deck_mode",
    "difficulty", "next", "backup", "draft", "editing", "data", "keep", "to", "choice",
    "board_id", "reason", "save", "players", "you", "factions", "seed", "saga", "coop",
)  # fmt: skip


@dataclass
class Sent:
    """One request (or two, pipelined) and what the worker expects of it."""

    data: list[bytes]  # written in turn; a pause between two when `pause`
    methods: list[str]  # of each request whose answer is awaited, in order
    route: str
    stall: bool = False  # the body stops short: the server must drop it
    cut: bool = False  # the client hangs up before the request is whole
    reusable: bool = False  # well framed: the connection may carry the next one
    pause: float = 0.0

    def shown(self) -> str:
        return repr(b"".join(self.data)[:400])


@dataclass
class Results:
    statuses: Counter[int] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    routes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


# --- what the server holds: real ids for the routes --------------------------------------


def _request(port: int, method: str, path: str, body: str = "", cookie: str = "", **more: str):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, **more}
    connection.request(method, path, body=body.encode(), headers=headers)
    response = connection.getresponse()
    content = response.read()
    connection.close()
    return response, content


def prepare(server: ServerProcess) -> tuple[dict[str, list[str]], str, dict[str, bytes]]:
    """({converter name: real values}, the device's cookie, {kind: a real file})."""
    port = server.port
    response, _ = _request(port, "POST", "/games", "bot=covenant")
    assert response.status == 303
    cookie = response.getheader("Set-Cookie").split(";")[0]
    for form in (
        "bot=covenant&difficulty=hard",
        "bot=solo_enemy&you=humans",
        "bot=deacon&board_id=demo",
        "bot=bandits",
    ):
        _request(port, "POST", "/games", form, cookie)
    decks = []
    for bot in ("covenant", "solo_enemy", "deacon"):
        response, _ = _request(port, "POST", f"/library/{bot}/new", "name=Fuzz", cookie)
        location = response.getheader("Location") or ""
        decks += re.findall(r"/library/[a-z_]+/([^/?]+)", location)
    response, _ = _request(port, "POST", "/library/deacon/boards/new", "name=Fuzz", cookie)
    boards = re.findall(r"/boards/([^/?]+)", response.getheader("Location") or "")
    _request(port, "POST", "/data/backup", "", cookie)
    _, exported = _request(port, "GET", "/data/export", cookie=cookie)
    collection = json.loads(exported)
    game_ids = [game["id"] for game in collection["games"]]
    _, game_file = _request(port, "GET", f"/g/{game_ids[0]}/export", cookie=cookie)
    deck_file = b"{}"
    if decks:
        _, deck_file = _request(port, "GET", f"/library/covenant/{decks[0]}/export", cookie=cookie)
    backups = [
        path.name.removesuffix(".sqlite3")
        for path in (server.data_dir / "backups").glob("*.sqlite3")
    ]
    static = [
        p.relative_to(ROOT / "static").as_posix()
        for p in (ROOT / "static").rglob("*")
        if p.is_file()
    ]
    ids = {
        "game_id": game_ids,
        "watch_id": [game["watch_id"] for game in collection["games"]],
        "bot_id": list(BOTS),
        "deck_id": [*decks, "demo"],
        "board_id": [*boards, "demo"],
        "card_id": ["07", "01", "S5", "A1"],
        "part": ["normal.0", "hard.0", "0"],
        "name": backups or ["none"],
        "code": ["en", "fr"],
        "choice": ["light", "dark", "system"],
        "filename": static[:20] + ["covenant.css", "deacon.css"],
    }
    files = {"game": game_file, "collection": exported, "deck": deck_file}
    return ids, cookie, files


# --- the requests --------------------------------------------------------------------------


def fill(rule: str, ids: dict[str, list[str]], rng: random.Random) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1).split(":")[-1]
        if rng.random() < 0.75 and ids.get(name):
            return rng.choice(ids[name])
        return (
            urllib.parse.quote(rng.choice(GARBAGE), safe="%/")
            if rng.random() < 0.7
            else rng.choice(GARBAGE)
        )

    path = re.sub(r"<([^>]+)>", value, rule)
    if rng.random() < 0.05:
        path = rng.choice(("/..", "//", "/./", "/%2e%2e/", "/x" * 2000, "/%", "/\t")) + path
    if rng.random() < 0.2:
        path += "?" + rng.choice(
            (
                "version=0",
                "since=-1",
                "restored=x",
                "page=99999999999",
                "%zz=%",
                "a=" + "b" * 3000,
                "&&==",
            )
        )
    return path


def form_body(rng: random.Random) -> bytes:
    pairs = [(rng.choice(FIELDS), rng.choice(VALUES)) for _ in range(rng.randint(0, 6))]
    return urllib.parse.urlencode(pairs).encode()


def multipart_body(rng: random.Random, files: dict[str, bytes]) -> tuple[bytes, str]:
    boundary = rng.choice(("x", "----fuzz", "a" * 70, ""))
    content = rng.choice(
        (*files.values(), b"\x89PNG\r\n\x1a\n", b"[" * 5000, b"\xff\xfe", rng.randbytes(2000), b"")
    )
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{rng.choice(FIELDS + ("file",))}"'
        f'; filename="{rng.choice(("f.json", "", "../x", "é.json"))}"\r\n'
        f"Content-Type: {rng.choice(('application/json', 'text/plain', 'x/y'))}\r\n\r\n".encode()
        + content
        + b"\r\n"
    ]
    if rng.random() < 0.5:
        parts.append(
            f"--{boundary}\r\n".encode()
            + b'Content-Disposition: form-data; name="bot"\r\n\r\ncovenant\r\n'
        )
    ending = f"--{boundary}--\r\n".encode() if rng.random() < 0.9 else b""
    return b"".join(parts) + ending, f"multipart/form-data; boundary={boundary}"


def chunked(body: bytes, rng: random.Random, *, bad: bool) -> bytes:
    pieces = []
    rest = body
    while rest:
        size = rng.randint(1, max(1, len(rest)))
        pieces.append(b"%x\r\n" % size + rest[:size] + b"\r\n")
        rest = rest[size:]
    if bad:
        broken = rng.choice(
            (
                b"zz\r\nabc\r\n",
                b"-5\r\nabcde\r\n",
                b"ffffffffffffffffff\r\nabc\r\n",
                b"5\r\nabc\r\n",  # shorter than it says
                b"3\nabc\n",
                b"3;ext=" + b"e" * 5000 + b"\r\nabc\r\n",
                b"\r\n",
            )
        )
        pieces.insert(rng.randint(0, len(pieces)), broken)
    ending = (
        rng.choice((b"0\r\n\r\n", b"0\r\nX-Trailer: 1\r\n\r\n"))
        if rng.random() < 0.95
        else b"0\r\n"
    )
    return b"".join(pieces) + ending


def one_request(
    rules: list[tuple[str, list[str]]],
    ids: dict[str, list[str]],
    cookie: str,
    files: dict[str, bytes],
    port: int,
    rng: random.Random,
) -> Sent:
    rule, methods = rng.choice(rules)
    roll = rng.random()
    if roll < 0.6:
        method = rng.choice(methods)
    elif roll < 0.85:
        method = rng.choice(("GET", "POST", "HEAD", "OPTIONS"))
    else:
        method = rng.choice(ODD_METHODS)
    path = fill(rule, ids, rng)
    version = (
        "HTTP/1.1"
        if rng.random() < 0.93
        else rng.choice(("HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTTP/1.1x", ""))
    )
    line = (
        f"{method} {path} {version}".rstrip()
        if rng.random() < 0.97
        else rng.choice(
            (
                f"{method} {path}",
                f"{method}  {path}  HTTP/1.1",
                f"{method} http://127.0.0.1:{port}{path} HTTP/1.1",
                "\x16\x03\x01",
            )
        )
    )
    headers: list[tuple[str, str]] = []
    if rng.random() < 0.95:
        headers.append(
            (
                "Host",
                f"127.0.0.1:{port}"
                if rng.random() < 0.93
                else rng.choice(("evil.example", "", "127.0.0.1:0", "[::1", "a" * 300)),
            )
        )
    if rng.random() < 0.6:
        headers.append(
            (
                "Cookie",
                cookie
                if rng.random() < 0.8
                else rng.choice(("device=" + "x" * 100, "=;=;", "device=%ff")),
            )
        )
    if rng.random() < 0.4:
        headers.append(("HX-Request", rng.choice(("true", "false", ""))))
    if rng.random() < 0.15:
        headers.append(
            (
                "X-Botdeck-Have",
                rng.choice(("board:abc,card:def", "x" * 2000, ":,:,:", "board:" + "9" * 40)),
            )
        )
    if rng.random() < 0.15:
        headers.append(
            ("Sec-Fetch-Site", rng.choice(("same-origin", "cross-site", "none", "\x7f")))
        )
    if rng.random() < 0.1:
        headers.append(
            (
                "Origin",
                rng.choice(
                    (f"http://127.0.0.1:{port}", "http://evil.example", "null", "http://[::1")
                ),
            )
        )
    if rng.random() < 0.15:
        headers.append(
            ("Accept-Language", rng.choice(("fr", "fr-CA;q=0.9,en;q=x", "*", "é" * 50, ",,,;;;")))
        )
    if rng.random() < 0.2:
        headers.append(
            (
                "Accept-Encoding",
                rng.choice(("gzip, br", "br;q=0", "identity;q=0, *;q=0", "x" * 200)),
            )
        )
    if rng.random() < 0.05:
        headers.append(("Last-Event-ID", rng.choice(("5", "-1", "x"))))
    if rng.random() < 0.05:
        headers.append(
            ("Range", rng.choice(("bytes=0-10", "bytes=-5", "bytes=9-1,0-0", "lines=1")))
        )
    if rng.random() < 0.05:
        headers.append(("If-None-Match", rng.choice(('"abc"', "*", "W/"))))
    if rng.random() < 0.03:
        headers += [("Connection", "Upgrade"), ("Upgrade", rng.choice(("websocket", "h2c", "x")))]
    if rng.random() < 0.05:
        headers.append(("Expect", rng.choice(("100-continue", "200-ok"))))

    body = b""
    framing = "none"
    if method in ("POST", "PUT", "PATCH") or rng.random() < 0.1:
        kind = rng.random()
        if kind < 0.55:
            body, content_type = form_body(rng), "application/x-www-form-urlencoded"
        elif kind < 0.85:
            body, content_type = multipart_body(rng, files)
        elif kind < 0.997:
            body = rng.choice(
                (json.dumps({"a": 1}).encode(), rng.randbytes(rng.randint(1, 3000)), b"\x00" * 100)
            )
            content_type = rng.choice(
                ("application/json", "text/plain", "", "multipart/form-data", "x" * 300)
            )
        else:
            body = b"a=" + b"x" * (BODY_BYTES + 65536)  # past every route's limit but one
            content_type = "application/x-www-form-urlencoded"
        if content_type:
            headers.append(("Content-Type", content_type))
        framing = rng.choices(
            (
                "length",
                "chunked",
                "bad-chunked",
                "bad-length",
                "short-length",
                "long-length",
                "both",
                "none",
            ),
            weights=(50, 14, 6, 6, 4, 4, 3, 3),
        )[0]
    # well framed: what follows on the connection is the next request
    reusable = framing in ("length", "chunked") or (framing == "none" and not body)
    stall = False
    if framing == "length":
        headers.append(("Content-Length", str(len(body))))
    elif framing == "chunked":
        headers.append(("Transfer-Encoding", "chunked"))
        body = chunked(body, rng, bad=False)
    elif framing == "bad-chunked":
        headers.append(
            (
                "Transfer-Encoding",
                rng.choice(("chunked", "chunked, chunked", "gzip, chunked", "chunked;x")),
            )
        )
        body = chunked(body, rng, bad=True)
    elif framing == "bad-length":
        for value in rng.sample(
            ("-1", "abc", "1e3", "99999999999999999999999", "", " 5", "0x10", "1,2"),
            rng.randint(1, 2),
        ):
            headers.append(("Content-Length", value))
    elif framing == "short-length":  # the rest is read as the next request
        headers.append(("Content-Length", str(max(0, len(body) - rng.randint(1, 20)))))
    elif framing == "long-length":  # a body that stops arriving
        headers.append(("Content-Length", str(len(body) + rng.randint(1, 5000))))
        stall = True
    elif framing == "both":
        headers += [("Content-Length", str(len(body))), ("Transfer-Encoding", "chunked")]
        body = chunked(body, rng, bad=False)

    # the headers themselves, broken
    mess = rng.random()
    if mess < 0.04 and headers:
        headers.append(rng.choice(headers))  # one repeated
    elif mess < 0.07:
        headers.append(
            ("X-" + "a" * rng.choice((10, 3000)), "b" * rng.choice((10, 30_000, 70_000)))
        )
    elif mess < 0.09:
        headers += [(f"X-Many-{n}", "1") for n in range(rng.randint(100, 2000))]
    elif mess < 0.11:
        headers.append((rng.choice(("Bad Name", "Bad:Colon", "", "Tab\tName", "é")), "x"))
    elif mess < 0.13:
        headers.append(("X-Control", rng.choice(("\x00", "a\rb", "\x7f", "\x1b[31m"))))
    raw_head = line + "\r\n"
    for name, value in headers:
        raw_head += f"{name}: {value}\r\n"
    if rng.random() < 0.02:
        raw_head += " folded continuation\r\n"
    if rng.random() < 0.02:
        raw_head += "no colon at all\r\n"
    head = raw_head.encode("utf-8", "surrogateescape") + b"\r\n"
    if rng.random() < 0.01:
        head = head.replace(b"\r\n", b"\n")

    data = [head + body]
    cut = False
    pause = 0.0
    awaited = [method]
    if stall:
        pass
    elif rng.random() < 0.03:  # cut off and the client hangs up
        whole = head + body
        data = [whole[: rng.randint(1, max(1, len(whole) - 1))]]
        cut = True
    elif rng.random() < 0.03:  # headers sent, then the rest of the request slowly
        data = [head, body]
        pause = BODY_SECONDS / 3
    elif rng.random() < 0.04 and framing in ("length", "none") and not body:
        data = [head + body + b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"]  # pipelined
        awaited = [method, "GET"]
    return Sent(
        data=data,
        methods=awaited,
        route=rule,
        stall=stall,
        cut=cut,
        reusable=reusable and not stall and len(awaited) == 1 and version == "HTTP/1.1",
        pause=pause,
    )


# --- sending them ---------------------------------------------------------------------------


class Closed(Exception):
    """The server closed (or reset) the connection before a whole answer."""


class NotHttp(Exception):
    """The server sent something that is not an HTTP answer."""


async def read_answer(reader: asyncio.StreamReader, method: str) -> tuple[int, bool]:
    """(status, whether the connection stays open for another request)."""
    while True:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError) as error:
            raise Closed from error
        match = re.match(rb"HTTP/1\.[01] (\d{3})", head)
        if match is None:
            raise NotHttp(repr(head[:200]))
        status = int(match.group(1))
        if status >= 200:
            break
    fields = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        fields[name.strip().lower()] = value.strip().lower()
    open_after = fields.get(b"connection") != b"close"
    try:
        if fields.get(b"content-type", b"").startswith(b"text/event-stream"):
            return status, False  # a live stream: it goes on; enough is seen
        if method == "HEAD" or status in (204, 304):
            return status, open_after
        if fields.get(b"transfer-encoding") == b"chunked":
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                await reader.readexactly(size + 2)
                if size == 0:
                    break
        elif b"content-length" in fields:
            await reader.readexactly(int(fields[b"content-length"]))
        else:
            await reader.read()
            open_after = False
    except (asyncio.IncompleteReadError, ConnectionError):
        open_after = False  # the answer's status is in; the rest went with the connection
    return status, open_after


async def worker(
    source: str,
    port: int,
    queue: asyncio.Queue[Sent],
    results: Results,
) -> None:
    connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    def drop() -> None:
        nonlocal connection
        if connection is not None:
            connection[1].transport.abort()
            connection = None

    while True:
        try:
            sent = queue.get_nowait()
        except asyncio.QueueEmpty:
            drop()
            return
        results.routes[sent.route] += 1
        try:
            if connection is None:
                connection = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(source, 0)
                )
            else:
                results.outcomes["sent on a kept-alive connection"] += 1
            if len(sent.methods) > 1:
                results.outcomes["pipelined"] += 1
            reader, writer = connection
            for number, piece in enumerate(sent.data):
                if number and sent.pause:
                    await asyncio.sleep(sent.pause)
                writer.write(piece)
                await writer.drain()
            if sent.cut:
                drop()
                results.outcomes["cut off by the client"] += 1
                continue
            open_after = False
            for method in sent.methods:
                status, open_after = await asyncio.wait_for(read_answer(reader, method), PATIENCE)
                results.statuses[status] += 1
                if not open_after:
                    break  # closed, or a live stream that goes on: nothing more comes
                if status >= 500:
                    results.failures.append(f"{status} from {sent.route}: {sent.shown()}")
            results.outcomes["answered"] += 1
            if not (open_after and sent.reusable):
                drop()
        except Closed:
            results.outcomes["closed by the server"] += 1
            drop()
        except (ConnectionError, OSError):
            results.outcomes["reset while sending"] += 1
            drop()
        except TimeoutError:
            results.failures.append(f"no answer and still open after {PATIENCE} s: {sent.shown()}")
            drop()
        except NotHttp as error:
            results.failures.append(f"not an HTTP answer ({error}) to {sent.shown()}")
            drop()


async def send_all(port: int, requests: list[Sent]) -> Results:
    queue: asyncio.Queue[Sent] = asyncio.Queue()
    for sent in requests:
        queue.put_nowait(sent)
    results = Results()
    await asyncio.gather(
        *(
            worker(source, port, queue, results)
            for source in SOURCES
            for _ in range(WORKERS_PER_SOURCE)
        )
    )
    return results


# --- the test -------------------------------------------------------------------------------


@pytest.mark.timeout(300)
def test_ten_thousand_malformed_requests_make_no_server_error(tmp_path: Path):
    log = tmp_path / "server.log"
    server = ServerProcess(
        tmp_path / "data",
        8,
        "--header-timeout",
        str(HEADER_SECONDS),
        "--body-timeout",
        str(BODY_SECONDS),
        log=log,
    )
    server.start()
    try:
        ids, cookie, files = prepare(server)
        app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "routes")})
        rules = [(rule.rule, sorted(rule.methods or ())) for rule in app.url_map.iter_rules()]
        rng = random.Random(SEED)
        requests = [
            one_request(rules, ids, cookie, files, server.port, rng) for _ in range(REQUESTS)
        ]
        pid = server.process.pid
        before = rss_mb(pid)
        started = time.monotonic()
        # on a thread of its own: a browser test run before on this worker may have
        # left its event loop running on this one
        with ThreadPoolExecutor(1) as thread:
            results = thread.submit(asyncio.run, send_all(server.port, requests)).result()
        took = time.monotonic() - started
        after = rss_mb(pid)
        print(
            f"\nseed {SEED}: {REQUESTS} requests in {took:.1f} s; RSS {before:.1f} → {after:.1f} MB"
            f"\n{dict(results.outcomes)}\nstatuses {dict(sorted(results.statuses.items()))}"
        )
        assert server.process.poll() is None, "the server died"
        missed = {rule for rule, _ in rules} - set(results.routes)
        assert not missed, f"routes never asked: {missed}"
        by_route = Counter(failure.split(":", 1)[0] for failure in results.failures)
        assert results.failures == [], f"{dict(by_route)}\n" + "\n".join(results.failures[:10])
        errors = [
            line
            for line in log.read_text(errors="replace").splitlines()
            if "Traceback" in line or "Exception in" in line or "ERROR" in line
        ]
        assert errors == [], log.read_text(errors="replace")[-5000:]
        assert after - before < ALLOWED_GROWTH_MB
        # a table can still play: the lobby, a new game, a tap
        response, _ = _request(server.port, "GET", "/", cookie=cookie)
        assert response.status == 200, (response.status, response.getheader("Location"))
        response, _ = _request(server.port, "POST", "/games", "bot=covenant", cookie)
        assert response.status == 303
        game = response.getheader("Location")
        response, page = _request(server.port, "GET", game, cookie=cookie)
        version = re.search(rb'name="version" value="(\d+)"', page).group(1).decode()
        response, _ = _request(
            server.port,
            "POST",
            f"{game}/answer",
            f"version={version}&value=H",
            cookie,
            **{"HX-Request": "true"},
        )
        assert response.status == 200
    finally:
        server.stop()
