"""Live streams as `botdeck` serves them (webapp/serving/streams.py): held on the event loop, not
a worker thread each, so open pages never take the server's threads; a closed page is
forgotten at once; a change is rendered once and fanned out, only what changed, and a
page that reads slowly holds one message at most."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import os
import re
import socket
import threading
import time
import zlib
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import flask
import pytest

from webapp import create_app
from webapp.service import games, live
from webapp.serving.streams import HEARTBEAT, Part, Stream, StreamLayer

from .conftest import ServerProcess
from .waiting import wait_until

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
HTMX = {"HX-Request": "true"}
THREADS = 2
PAGES = 40  # open pages, many more than the server's worker threads
FRAGMENT = re.compile(rb'id="(checklist|board|card|state)"')
T = TypeVar("T")


class OpenPage(threading.Thread):
    """A device with a game open: its live stream, read as it comes."""

    def __init__(self, port: int, path: str, *, gzip: bool = False) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        accept = "Accept-Encoding: gzip\r\n" if gzip else ""
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{accept}\r\n".encode())
        self.received = b""
        self.start()

    def run(self) -> None:
        try:
            while chunk := self.sock.recv(65536):
                self.received += chunk
        except OSError:
            pass

    def wait_for(self, text: bytes, timeout: float = 10) -> None:
        wait_until(lambda: text in self.received, within=timeout, what=f"{text!r}")

    def close(self) -> None:
        """Gone as a closed tab goes (a shutdown: a bare close would wait for the reader
        thread blocked in recv)."""
        with contextlib.suppress(OSError):  # already gone
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


@pytest.fixture
def few_threads(tmp_path) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path, threads=THREADS) as server:
        yield server


def start_game(port: int) -> tuple[http.client.HTTPConnection, str, str]:
    """A Covenant game started over HTTP: the connection, its path and the device cookie."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/games", body="bot=covenant", headers=FORM)
    response = connection.getresponse()
    response.read()
    assert response.status == 303
    return connection, response.getheader("Location"), response.getheader("Set-Cookie")


def request(connection, method: str, path: str, body: str = "", **headers: str) -> int:
    """The status of a request on a connection whose timeout (10 s) is the deadline: a
    server with every thread taken never answers. How fast it answers is `make bench`'s
    (bench/server_load.py, "Open live streams": a tap at each number of open streams)."""
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    return response.status


def open_sockets(pid: int) -> int:
    """The server's open sockets: its connections (and its listening socket)."""
    fds = f"/proc/{pid}/fd"
    links = []
    for fd in os.listdir(fds):
        with contextlib.suppress(OSError):  # closed while listed
            links.append(os.readlink(f"{fds}/{fd}"))
    return sum(link.startswith("socket:") for link in links)


def test_more_open_pages_than_worker_threads_leave_a_tap_a_page_and_the_css_answering(
    few_threads,
):
    connection, game, cookie = start_game(few_threads.port)
    pages = [OpenPage(few_threads.port, f"{game}/events") for _ in range(PAGES)]
    for page in pages:
        page.wait_for(b'data-game-version="0"')
    headers = {**FORM, **HTMX, "Cookie": cookie.split(";")[0]}
    assert request(connection, "POST", f"{game}/answer", "version=0&value=H", **headers) == 200
    assert request(connection, "GET", game) == 200
    assert request(connection, "GET", "/static/botdeck.css") == 200
    for page in pages:  # and every open page got the tap
        page.wait_for(b'data-game-version="1"')
        page.close()
    connection.close()


def test_a_page_that_opens_its_stream_at_its_version_is_sent_only_what_changes(few_threads):
    """Through the stream layer too: the opening repeats none of the page drawn at
    version 0, and a tap's update brings the fragments that changed."""
    connection, game, cookie = start_game(few_threads.port)
    page = OpenPage(few_threads.port, f"{game}/events?since=0")
    page.wait_for(b"retry: 1000")
    headers = {**FORM, **HTMX, "Cookie": cookie.split(";")[0]}
    assert (
        request(connection, "POST", f"{game}/correct", "version=0&field=coins&value=7", **headers)
        == 200
    )
    page.wait_for(b'data-game-version="1"')
    assert b'data-game-version="0"' not in page.received
    assert set(FRAGMENT.findall(page.received)) == {b"checklist", b"state"}
    page.close()
    connection.close()


def test_a_closed_page_is_forgotten_within_two_seconds(few_threads):
    connection, game, _ = start_game(few_threads.port)
    pid = few_threads.process.pid
    before = open_sockets(pid)
    pages = [OpenPage(few_threads.port, f"{game}/events") for _ in range(PAGES)]
    for page in pages:
        page.wait_for(b'data-game-version="0"')
    assert open_sockets(pid) >= before + PAGES
    for page in pages:
        page.close()
    wait_until(
        lambda: open_sockets(pid) <= before, within=2, what="closed pages let go of their sockets"
    )
    connection.close()


def test_a_stream_sends_only_the_fragments_a_tap_changed_and_gzip_when_asked(few_threads):
    connection, game, cookie = start_game(few_threads.port)
    plain = OpenPage(few_threads.port, f"{game}/events")
    packed = OpenPage(few_threads.port, f"{game}/events", gzip=True)
    plain.wait_for(b'data-game-version="0"')
    opening = plain.received

    def inflated(version: bytes) -> bytes:  # the gzip stream's bytes say the same, once inflated
        if b"\r\n\r\n" not in packed.received:
            return b""
        body = packed.received.split(b"\r\n\r\n", 1)[1]
        text = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(_dechunk(body))
        return text if b'data-game-version="' + version + b'"' in text else b""

    # both streams have their opening before the tap (under load the second may be late)
    wait_until(lambda: inflated(b"0"), within=5, what="version 0 on the gzip stream")
    head = packed.received.partition(b"\r\n\r\n")[0].lower()  # it varies so, said once
    assert b"content-encoding: gzip" in head and head.count(b"\r\nvary: ") == 1, head
    assert b"accept-encoding" in head.partition(b"\r\nvary: ")[2].split(b"\r\n")[0]
    assert set(FRAGMENT.findall(opening)) == {b"checklist", b"board", b"card", b"state"}
    headers = {**FORM, **HTMX, "Cookie": cookie.split(";")[0]}
    # a correction of its coins changes the checklist and the state panel, not the board
    # or the card: those are neither rendered again nor sent
    assert (
        request(connection, "POST", f"{game}/correct", "version=0&field=coins&value=7", **headers)
        == 200
    )
    plain.wait_for(b'data-game-version="1"')
    update = plain.received[len(opening) :]
    assert set(FRAGMENT.findall(update)) == {b"checklist", b"state"}

    text = wait_until(lambda: inflated(b"1"), within=5, what="version 1 on the gzip stream")
    assert b"Content-Encoding: gzip" in packed.received.split(b"\r\n\r\n", 1)[0].replace(
        b"content-encoding", b"Content-Encoding"
    )
    assert set(FRAGMENT.findall(text.split(b'data-game-version="0"', 1)[1])) >= {b"state"}
    plain.close()
    packed.close()
    connection.close()


def _dechunk(body: bytes) -> bytes:
    """The bytes of an HTTP/1.1 chunked body received so far."""
    out = b""
    while b"\r\n" in body:
        size_line, rest = body.split(b"\r\n", 1)
        size = int(size_line, 16)
        if size == 0 or len(rest) < size + 2:
            break
        out, body = out + rest[:size], rest[size + 2 :]
    return out


# --- the layer itself, on an event loop of the test's own ----------------------------


def on_a_loop_of_its_own(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`asyncio.run(scenario())` on a thread of its own: the browser tests' Playwright
    keeps an event loop running on the main thread."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(lambda: asyncio.run(scenario())).result(timeout=60)


def test_a_page_that_reads_slowly_holds_one_message_at_most():
    async def scenario() -> Stream:
        blocked = asyncio.Event()

        async def send(message):  # type: ignore[no-untyped-def]
            await blocked.wait()  # the device reads nothing

        stream = Stream({}, send, gzip=False, version=0)
        stream.give(Part(b"first", since=0, version=1))
        running = asyncio.ensure_future(stream.run(_never_disconnects))
        await asyncio.sleep(0)  # the first message is being written
        for version in range(2, 200):
            stream.give(Part(b"x" * 10_000, since=version - 1, version=version))
            stream.give(HEARTBEAT)  # never replaces an update
        assert stream._next is not None and stream._next.version == 199
        stream.close()
        blocked.set()
        await running
        return stream

    on_a_loop_of_its_own(scenario)


async def _never_disconnects():  # type: ignore[no-untyped-def]
    await asyncio.Event().wait()


def test_a_stream_not_where_an_update_starts_gets_the_whole_page(tmp_path):
    """Two pages on one game: one reads every message, the other is stuck on a write.
    The first gets each tap's few changed fragments; the second, once it reads again,
    gets the whole page at the newest version (what it waited for is replaced)."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Two pages", seed=5)
    layer = StreamLayer(app, threads=2)

    async def scenario() -> tuple[list[bytes], list[bytes]]:
        reading, stuck = _Page(), _Page()
        stuck.reading.clear()
        tasks = [
            asyncio.ensure_future(layer(_scope(f"/g/{game_id}/events"), page.receive, page.send))
            for page in (reading, stuck)
        ]
        await reading.wait_for(b'data-game-version="0"')
        await stuck.wait_for(b'data-game-version="0"')
        client = app.test_client()
        for version, coins in enumerate((4, 5, 6)):
            await asyncio.to_thread(
                client.post,
                f"/g/{game_id}/correct",
                data={"version": version, "field": "coins", "value": coins},
                headers=HTMX,
            )
            await reading.wait_for(f'data-game-version="{version + 1}"'.encode())
        # the reading page has its update before the stuck one is given the whole page
        # (rendered after): it reads again only once that is waiting for it
        deadline = time.monotonic() + 10
        while not any(
            group.whole is not None and group.whole.version == 3 for group in layer.groups.values()
        ):
            assert time.monotonic() < deadline, "the whole page at version 3 never came"
            await asyncio.sleep(0.01)
        stuck.reading.set()
        await stuck.wait_for(b'data-game-version="3"')
        for page in (reading, stuck):
            page.gone.set()
        await asyncio.gather(*tasks)
        layer.close()
        return reading.bodies, stuck.bodies

    reading, stuck = on_a_loop_of_its_own(scenario)
    updates = [body for body in reading if b"event: update" in body]
    assert [set(FRAGMENT.findall(body)) for body in updates[1:]] == [{b"checklist", b"state"}] * 3
    last = next(body for body in reversed(stuck) if b"event: update" in body)
    assert set(FRAGMENT.findall(last)) == {b"checklist", b"board", b"card", b"state"}
    assert b'data-game-version="3"' in last
    assert not any(b'data-game-version="2"' in body for body in stuck)  # replaced, unsent


class _Page:
    """One page's side of an ASGI connection."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.reading = asyncio.Event()
        self.reading.set()
        self.gone = asyncio.Event()
        self.asked = False

    async def receive(self):  # type: ignore[no-untyped-def]
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message):  # type: ignore[no-untyped-def]
        if message["type"] == "http.response.body":
            if self.bodies:  # the opening is written before the page can be stuck
                await self.reading.wait()
            self.bodies.append(message.get("body", b""))

    async def wait_for(self, text: bytes, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in body for body in self.bodies):
            assert time.monotonic() < deadline, f"{text!r} never came"
            await asyncio.sleep(0.01)


def _scope(path: str, language: bytes = b"en") -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [
            (b"host", b"127.0.0.1"),
            (b"accept", b"text/event-stream"),
            (b"accept-language", language),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
    }


def test_the_layer_hears_every_change_and_stops_listening_when_closed(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    layer = StreamLayer(app, threads=1)

    async def scenario() -> None:
        layer._start()
        assert len(live._listeners) >= 1
        layer.close()

    before = len(live._listeners)
    on_a_loop_of_its_own(scenario)
    assert len(live._listeners) == before


def _layer_game(tmp_path, asked: list[str] | None = None) -> tuple[Any, str, Any]:
    """An app with a Covenant game started by its test client's device (which can delete
    it): the app, the game's id and the client. `asked`: the path of every request the
    app handles."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    if asked is not None:
        app.before_request(lambda: asked.append(flask.request.path) and None)
    client = app.test_client()
    started = client.post("/games", data={"bot": "covenant"})
    assert started.status_code == 303
    return app, started.headers["Location"].rsplit("/", 1)[1], client


def test_the_layer_renders_updates_itself_in_each_stream_s_language(tmp_path):
    """An update is rendered once per group by the app's renderer, not asked of the app
    as a request (only the streams' openings are requests), and in the group's language
    whatever the language of the device that tapped."""
    asked: list[str] = []
    app, game_id, client = _layer_game(tmp_path, asked)
    layer = StreamLayer(app, threads=2)

    async def scenario() -> tuple[list[bytes], list[bytes]]:
        french, english = _Page(), _Page()
        tasks = [
            asyncio.ensure_future(
                layer(_scope(f"/g/{game_id}/events", language), page.receive, page.send)
            )
            for page, language in ((french, b"fr"), (english, b"en"))
        ]
        for page in (french, english):
            await page.wait_for(b'data-game-version="0"')
        for version, coins in enumerate((4, 5)):
            answered = await asyncio.to_thread(
                client.post,
                f"/g/{game_id}/correct",
                data={"version": version, "field": "coins", "value": coins},
                headers={**HTMX, "Accept-Language": "en"},
            )
            assert answered.status_code == 200
            for page in (french, english):
                await page.wait_for(f'data-game-version="{version + 1}"'.encode())
        for page in (french, english):
            page.gone.set()
        await asyncio.gather(*tasks)
        layer.close()
        return french.bodies, english.bodies

    french, english = on_a_loop_of_its_own(scenario)
    assert asked.count(f"/g/{game_id}/events") == 2  # the two openings: no update
    for bodies, said, not_said in ((french, "navire", "Ship"), (english, "Ship", "navire")):
        updates = [body.decode() for body in bodies if b"event: update" in body]
        assert len(updates) == 3
        assert all(said in update and not_said not in update for update in updates)


def test_the_layer_tells_a_deleted_game_s_streams_it_is_gone(tmp_path):
    app, game_id, client = _layer_game(tmp_path)
    layer = StreamLayer(app, threads=2)

    async def scenario() -> list[bytes]:
        page = _Page()
        task = asyncio.ensure_future(layer(_scope(f"/g/{game_id}/events"), page.receive, page.send))
        await page.wait_for(b'data-game-version="0"')
        assert (await asyncio.to_thread(client.post, f"/g/{game_id}/delete")).status_code == 303
        await page.wait_for(b"event: gone")
        await task  # the stream ended
        layer.close()
        return page.bodies

    bodies = on_a_loop_of_its_own(scenario)
    assert bodies[-1] == b"event: gone\ndata: \n\n"


def test_an_update_that_cannot_be_rendered_reloads_the_streams_pages(tmp_path, monkeypatch):
    """Logged, and the pages build themselves afresh (the game page then says what it can)."""
    from webapp.web import live_view

    app, game_id, client = _layer_game(tmp_path)
    layer = StreamLayer(app, threads=2)

    def broken(*args: Any, **kwargs: Any) -> Any:
        # internal: the failure this test stands for
        raise RuntimeError("a bug in a template")

    async def scenario() -> list[bytes]:
        page = _Page()
        task = asyncio.ensure_future(layer(_scope(f"/g/{game_id}/events"), page.receive, page.send))
        await page.wait_for(b'data-game-version="0"')
        monkeypatch.setattr(live_view, "update", broken)
        tapped = await asyncio.to_thread(
            client.post,
            f"/g/{game_id}/correct",
            data={"version": 0, "field": "coins", "value": 4},
            headers=HTMX,
        )
        assert tapped.status_code == 200
        await task  # the stream ended
        layer.close()
        return page.bodies

    assert on_a_loop_of_its_own(scenario)[-1] == b"event: reload\ndata: \n\n"
