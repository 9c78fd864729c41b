"""Request bodies on the served app (uvicorn and the stream layer, as `botdeck` runs
it): each route's limit applies to a body as it arrives, chunked or not, and a body
that stops arriving is dropped. Measured on the real server process.

Found by the issue: 600 MB sent chunked (no Content-Length) were read whole, the
server going from 122 MB to 1.3 GB; a body that stalled kept its connection for good.
"""

from __future__ import annotations

import http.client
import json
import re
import select
import socket
import time
from collections.abc import Iterator
from itertools import chain

import pytest

from webapp.web.body_limits import BODY_BYTES, COLLECTION_BYTES, MB

from .conftest import ServerProcess
from .test_server_limits import rss_mb
from .waiting import wait_until

FORM = "application/x-www-form-urlencoded"
BODY_SECONDS = 1.0  # the body timeout the timing tests are served with (10 s by default)
ALLOWED_GROWTH_MB = 20


@pytest.fixture
def quick_body_timeout(tmp_path) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path, 8, "--body-timeout", str(BODY_SECONDS)) as server:
        yield server


def new_game(port: int) -> tuple[str, str]:
    """(the game's address, the device's cookie) of a new Covenant game."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/games", body="bot=covenant", headers={"Content-Type": FORM})
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.status == 303
    return response.getheader("Location"), response.getheader("Set-Cookie").split(";")[0]


def head(method: str, path: str, *lines: str) -> bytes:
    return "\r\n".join([f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", *lines, "", ""]).encode()


def tap_head(game: str, cookie: str, framing: str, *lines: str) -> bytes:
    """The head of a tap on `game`: its body's `framing` (a Content-Length, or chunks as
    no browser sends them), then `lines`."""
    return head(
        "POST",
        f"{game}/answer",
        f"Content-Type: {FORM}",
        framing,
        "HX-Request: true",
        f"Cookie: {cookie}",
        *lines,
    )


def chunked_tap(game: str, cookie: str, *lines: str) -> bytes:
    return tap_head(game, cookie, "Transfer-Encoding: chunked", *lines)


def chunked_collection() -> bytes:
    """The head of a collection import whose body comes in chunks."""
    return head(
        "POST",
        "/data/import",
        "Content-Type: multipart/form-data; boundary=x",
        "Transfer-Encoding: chunked",
    )


def chunk(data: bytes) -> bytes:
    return b"%x\r\n" % len(data) + data + b"\r\n"


def answer_of(sock: socket.socket, timeout: float = 10) -> bytes:
    """Everything the server sends until it closes the connection (or resets it);
    `timeout`: the seconds it may stay silent, the deadline of a test of a timeout."""
    sock.setblocking(True)
    sock.settimeout(timeout)
    received = b""
    try:
        while data := sock.recv(65536):
            received += data
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"silent for {timeout} s, the connection still open") from None
    return received


def status_of(answer: bytes) -> int:
    match = re.match(rb"HTTP/1\.1 (\d{3}) ", answer)
    assert match, answer[:200]
    return int(match.group(1))


def send_until_closed(sock: socket.socket, body: Iterator[bytes], on_progress) -> int:
    """Send the pieces of `body` until it ends or the server answers or closes;
    the bytes sent. `on_progress(sent)` is called after every piece."""
    sock.setblocking(False)
    sent = 0
    for piece in body:
        view = memoryview(piece)
        while view:
            readable, writable, _ = select.select([sock], [sock], [], 15)
            if readable:
                return sent  # an answer, or the connection closed: no more is read
            assert writable, "the server neither read nor closed for 15 s"
            try:
                written = sock.send(view)
            except (BrokenPipeError, ConnectionResetError):
                return sent
            sent += written
            view = view[written:]
        on_progress(sent)
    return sent


# --- finding 2: a body is bounded as it arrives -----------------------------------------


def test_six_hundred_megabytes_sent_chunked_are_cut_off_at_the_limit(server_process):
    game, cookie = new_game(server_process.port)
    pid = server_process.process.pid
    before = peak = rss_mb(pid)
    total = 600 * MB
    piece = chunk(b"x" * 65536)

    def pieces() -> Iterator[bytes]:  # 600 MB made as they are sent, never held
        for _ in range(total // 65536):
            yield piece
        yield b"0\r\n\r\n"

    def watch(sent: int) -> None:
        nonlocal peak
        if sent % (4 * MB) < len(piece):
            peak = max(peak, rss_mb(pid))

    with socket.create_connection(("127.0.0.1", server_process.port), timeout=15) as sock:
        sock.sendall(chunked_tap(game, cookie))
        sent = send_until_closed(sock, pieces(), watch)
        answer = answer_of(sock)
    connection = http.client.HTTPConnection("127.0.0.1", server_process.port, timeout=10)
    connection.request("GET", game, headers={"Cookie": cookie})
    assert connection.getresponse().status == 200
    connection.close()
    peak = max(peak, rss_mb(pid))  # what the server did after it closed counts too
    print(f"RSS {before:.1f} MB → peak {peak:.1f} MB; {sent / MB:.1f} MB sent before the close")
    assert status_of(answer) == 413
    # closed at the limit: what was sent past it is what the two sockets' buffers held
    assert sent < BODY_BYTES + 32 * MB
    assert peak - before < ALLOWED_GROWTH_MB


def test_a_tap_sent_chunked_under_the_limit_is_answered(server_process):
    game, cookie = new_game(server_process.port)
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(chunked_tap(game, cookie, "Connection: close"))
        for piece in (b"version=", b"0&val", b"ue=H"):
            sock.sendall(chunk(piece))
        sock.sendall(b"0\r\n\r\n")
        answer = answer_of(sock)
    assert status_of(answer) == 200
    connection = http.client.HTTPConnection("127.0.0.1", server_process.port, timeout=10)
    connection.request("GET", game, headers={"Cookie": cookie})
    page = connection.getresponse().read().decode()
    connection.close()
    assert 'name="version" value="1"' in page  # the tap was taken


def collection_file(port: int, cookie: str, size: int) -> bytes:
    """This device's collection file (what *Export all my games* gives), padded with
    JSON whitespace to `size` bytes: still the same collection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/data/export", headers={"Cookie": cookie})
    response = connection.getresponse()
    exported = response.read()
    connection.close()
    assert response.status == 200 and json.loads(exported)["format"] == "botdeck-collection"
    return exported[:-1] + b" " * (size - len(exported)) + exported[-1:]


# a form sending a file as its field "file": what comes before the file, and after
FILE_START = (
    b'--x\r\nContent-Disposition: form-data; name="file"; filename="all.json"\r\n'
    b"Content-Type: application/json\r\n\r\n"
)
FILE_END = b"\r\n--x--\r\n"


@pytest.mark.parametrize("chunked", [False, True], ids=["with-its-length", "chunked"])
def test_a_collection_between_8_and_32_megabytes_is_imported(tmp_path, chunked):
    """The server used to refuse any body declared over 8 MB, a collection's too,
    although the app takes a collection of 32 MB."""
    source = ServerProcess(tmp_path / "here")
    source.start()
    try:
        _, cookie = new_game(source.port)
        content = collection_file(source.port, cookie, 12 * MB)
    finally:
        source.stop()
    server = ServerProcess(tmp_path / "there")  # a fresh Botdeck: the game is new to it
    server.start()
    try:
        length = len(FILE_START) + len(content) + len(FILE_END)
        assert 8 * MB < length < COLLECTION_BYTES
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {length}"
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
            sock.sendall(
                head(
                    "POST",
                    "/data/import",
                    "Content-Type: multipart/form-data; boundary=x",
                    framing,
                    "Connection: close",
                )
            )
            parts = (content[i : i + MB] for i in range(0, len(content), MB))
            pieces = [FILE_START, *parts, FILE_END]
            for piece in pieces:
                sock.sendall(chunk(piece) if chunked else piece)
            if chunked:
                sock.sendall(b"0\r\n\r\n")
            answer = answer_of(sock, timeout=30)
    finally:
        server.stop()
    assert status_of(answer) == 200, answer[:300]
    assert b"1 game brought back" in answer


def test_a_collection_sent_chunked_is_cut_off_at_its_own_limit(server_process):
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=15) as sock:
        sock.sendall(chunked_collection())
        piece = chunk(b" " * 65536)
        sent = send_until_closed(
            sock, (piece for _ in range(2 * COLLECTION_BYTES // 65536)), lambda sent: None
        )
        answer = answer_of(sock)
    assert status_of(answer) == 413
    assert COLLECTION_BYTES < sent < COLLECTION_BYTES + 32 * MB


def test_a_file_declared_over_the_limit_gets_the_apps_clear_page_unread(server_process):
    """What a person sees who picked a far too large file: Botdeck's own page, in
    their language — and the server never reads the file."""
    size = 50 * MB
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(
            head(
                "POST",
                "/games/import",
                "Content-Type: multipart/form-data; boundary=x",
                f"Content-Length: {size}",
                "Accept-Language: fr",
            )
        )
        sent = send_until_closed(sock, iter([b"x" * size]), lambda sent: None)
        answer = answer_of(sock)
    assert status_of(answer) == 413
    assert "Ce fichier est trop gros pour Botdeck (2 Mo au plus)" in answer.decode()
    assert sent < size


# --- finding 3: a body that stops arriving is dropped -----------------------------------


def test_a_body_that_stops_arriving_is_dropped_after_the_body_timeout(quick_body_timeout):
    game, cookie = new_game(quick_body_timeout.port)
    with socket.create_connection(("127.0.0.1", quick_body_timeout.port), timeout=20) as sock:
        sock.sendall(tap_head(game, cookie, "Content-Length: 100") + b"version=0&va")
        # dropped by the body timeout (1 s here), not the default's 10 s; not before it:
        # test_a_body_trickling_in_steadily_is_not_dropped
        answer = answer_of(sock, timeout=BODY_SECONDS + 3)
    assert status_of(answer) == 408


def test_a_chunked_body_that_stops_arriving_is_dropped_too(quick_body_timeout):
    with socket.create_connection(("127.0.0.1", quick_body_timeout.port), timeout=20) as sock:
        sock.sendall(
            head("POST", "/games/import", f"Content-Type: {FORM}", "Transfer-Encoding: chunked")
            + chunk(b"a=1")
        )
        answer = answer_of(sock, timeout=BODY_SECONDS + 3)
    assert status_of(answer) == 408


def test_a_body_trickling_in_steadily_is_not_dropped(quick_body_timeout):
    """A slow but steady upload (a poor Wi-Fi) gets through, however long it takes
    in all: only silence counts, and a silence of half the timeout is not dropped."""
    game, cookie = new_game(quick_body_timeout.port)
    body = b"version=0&value=H"
    pieces = [body[i : i + 3] for i in range(0, len(body), 3)]  # 6 pieces: 3 timeouts long
    with socket.create_connection(("127.0.0.1", quick_body_timeout.port), timeout=20) as sock:
        sock.sendall(tap_head(game, cookie, f"Content-Length: {len(body)}", "Connection: close"))
        for piece in pieces:
            time.sleep(BODY_SECONDS / 2)  # the upload's pace: what is tested, not a wait
            sock.sendall(piece)
        answer = answer_of(sock, timeout=20)
    assert status_of(answer) == 200


# --- large bodies at once ----------------------------------------------------------------


def test_large_bodies_at_once_are_bounded_and_taps_go_on(server_process):
    """Each body may be 32 MB on the collection route; 64 connections of one address
    sending one each would have held 2 GB. Past each request's first MB, what bodies
    hold at once is bounded (64 MB): the body that would pass it gets 503."""
    port = server_process.port
    game, cookie = new_game(port)
    pid = server_process.process.pid
    before = rss_mb(pid)
    piece = chunk(b" " * 65536)
    head_ = chunked_collection()
    arriving = []
    for _ in range(2):  # two collections of 30 MB on their way, not yet whole
        sock = socket.create_connection(("127.0.0.1", port), timeout=15)
        sock.sendall(head_ + chunk(FILE_START))
        for _ in range(30 * MB // 65536):
            sock.sendall(piece)
        arriving.append(sock)
    with socket.create_connection(("127.0.0.1", port), timeout=15) as third:
        third.sendall(head_ + chunk(FILE_START))
        sent = send_until_closed(third, (piece for _ in range(30 * MB // 65536)), lambda _: None)
        answer = answer_of(third)
    assert status_of(answer) == 503
    assert b"retry-after: 5" in answer.lower()
    assert sent < 30 * MB  # closed on the way: 64 MB in all, the two held 58 of them
    held = rss_mb(pid) - before
    # a tap answers meanwhile: a small body never counts
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(
        "POST",
        f"{game}/answer",
        body="version=0&value=H",
        headers={"Content-Type": FORM, "HX-Request": "true", "Cookie": cookie},
    )
    assert connection.getresponse().status == 200
    connection.close()
    for sock in arriving:  # their devices give up: what they held is let go
        sock.close()

    def a_large_body_is_taken() -> int | None:
        """30 MB: more than is left while the closed connections' 58 MB are held."""
        with socket.create_connection(("127.0.0.1", port), timeout=15) as another:
            another.sendall(head_ + chunk(FILE_START))
            body = chain((piece for _ in range(30 * MB // 65536)), [chunk(FILE_END) + b"0\r\n\r\n"])
            send_until_closed(another, body, lambda _: None)
            status = status_of(answer_of(another, timeout=30))
        return None if status == 503 else status

    taken = wait_until(a_large_body_is_taken, within=10, what="what the closed ones held let go")
    assert taken == 422  # read whole (and not a collection)
    print(f"RSS {before:.1f} MB, +{held:.1f} MB while two large bodies were held")
    assert held < 64 + ALLOWED_GROWTH_MB


def test_a_stalled_body_behind_another_request_is_dropped_too(quick_body_timeout):
    """A request sent right behind another on the same connection (pipelined) waits
    for the first one's answer; its body's silence counts from then on."""
    with socket.create_connection(("127.0.0.1", quick_body_timeout.port), timeout=20) as sock:
        sock.sendall(
            head("GET", "/static/botdeck.css")
            + head("POST", "/games", f"Content-Type: {FORM}", "Content-Length: 100")
            + b"bot=cov"
        )
        answer = answer_of(sock, timeout=BODY_SECONDS + 3)
    assert status_of(answer) == 200  # the first one's answer
    assert b"HTTP/1.1 408 " in answer


def test_headers_that_stall_behind_another_request_are_dropped(tmp_path):
    server = ServerProcess(tmp_path, 8, "--header-timeout", "1")
    server.start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
            sock.sendall(head("GET", "/static/botdeck.css") + b"GET / HTTP/1.1\r\nHost: 127")
            answer = answer_of(sock, timeout=1 + 3)  # dropped by the 1 s header deadline
    finally:
        server.stop()
    assert status_of(answer) == 200


def test_a_static_file_on_the_server_carries_one_date(server_process):
    """The server dates every answer; the app's own Date on a static file is dropped, not
    sent a second time."""
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(head("GET", "/static/botdeck.css", "Accept-Encoding: br", "Connection: close"))
        answer = answer_of(sock)
    headers = answer.partition(b"\r\n\r\n")[0].lower()
    assert status_of(answer) == 200 and b"content-encoding: br" in headers
    assert headers.count(b"\r\ndate: ") == 1, headers


def test_an_answer_names_no_server(server_process):
    """No Server header: it tells a browser nothing, and every answer would carry it."""
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(head("GET", "/ping", "Connection: close"))
        answer = answer_of(sock)
    assert status_of(answer) == 204
    assert b"\r\nserver:" not in answer.partition(b"\r\n\r\n")[0].lower()
