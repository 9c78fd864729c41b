"""The bridge from the event loop to the Flask app: a request's body read whole, the
app's answer collected whole on a worker thread, then sent in one piece."""

from __future__ import annotations

import sys
import threading
from typing import Any

from flask import Flask, request

from webapp.serving.wsgi_bridge import WholeAnswers

from .test_live_streams import on_a_loop_of_its_own

SCOPE = {
    "type": "http",
    "http_version": "1.1",
    "method": "POST",
    "path": "/echo",
    "raw_path": b"/echo",
    "root_path": "",
    "scheme": "http",
    "query_string": b"x=1",
    "headers": [(b"content-type", b"application/x-www-form-urlencoded")],
    "client": ("127.0.0.1", 5000),
    "server": ("127.0.0.1", 8000),
}


def served(app: Any, body_parts: list[bytes], scope: dict[str, Any] = SCOPE) -> list[dict]:
    """What the bridge sends for a request whose body comes in these parts."""

    async def scenario() -> list[dict]:
        parts = list(body_parts)
        sent: list[dict] = []

        async def receive() -> dict:
            if not parts:
                return {"type": "http.disconnect"}
            body = parts.pop(0)
            return {"type": "http.request", "body": body, "more_body": bool(parts)}

        async def send(message: dict) -> None:
            sent.append(message)

        await WholeAnswers(app, workers=2)(scope, receive, send)
        return sent

    return on_a_loop_of_its_own(scenario)


def echo_app() -> Flask:
    app = Flask(__name__)

    @app.post("/echo")
    def echo() -> Any:
        names = ",".join(sorted(request.form))
        return f"{names} {request.args['x']} {threading.current_thread().name}"

    return app


def test_a_body_sent_in_parts_reaches_the_app_whole_and_the_answer_is_sent_once():
    sent = served(echo_app(), [b"a=1&", b"b=2", b"&c=3"])
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 200
    assert (b"content-type", b"text/html; charset=utf-8") in sent[0]["headers"]
    assert sent[1]["body"].startswith(b"a,b,c 1 botdeck")  # on a worker thread
    assert not sent[1].get("more_body", False)


def test_a_body_without_a_length_is_read_to_its_end():
    sent = served(echo_app(), [b"a=1", b"&b=2"])  # chunked: no content-length header
    assert sent[1]["body"].startswith(b"a,b 1")


def test_a_device_gone_before_its_body_came_gets_no_answer_and_costs_no_thread():
    called = []

    def app(environ: dict, start_response: Any) -> list[bytes]:
        called.append(environ)
        start_response("200 OK", [])
        return [b""]

    assert served(app, []) == []
    assert called == []


def test_an_answer_in_chunks_is_joined_and_its_iterable_closed():
    closed = []

    class Chunks:
        def __iter__(self):  # type: ignore[no-untyped-def]
            yield b"one "
            yield b"two"

        def close(self) -> None:
            closed.append(True)

    def app(environ: dict, start_response: Any) -> Chunks:
        write = start_response("201 Created", [("X-Test", "yes")])
        write(b"")
        return Chunks()

    sent = served(app, [b""])
    assert sent[0]["status"] == 201 and (b"x-test", b"yes") in sent[0]["headers"]
    assert sent[1]["body"] == b"one two"
    assert closed == [True]


def test_an_error_page_may_replace_the_answer_before_anything_was_sent():
    def app(environ: dict, start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain")])
        try:
            raise ValueError("broken")
        except ValueError:
            start_response("500 Internal Server Error", [("X-Error", "1")], sys.exc_info())
        return [b"sorry"]

    sent = served(app, [b""])
    assert sent[0]["status"] == 500 and sent[0]["headers"] == [(b"x-error", b"1")]
    assert sent[1]["body"] == b"sorry"
