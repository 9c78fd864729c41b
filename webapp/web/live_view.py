"""Server-Sent Events: every device with a game open gets each change pushed.

A stream starts with a `retry:` line and a snapshot of the whole game, so a
device that slept or lost the server catches up with the current state as soon
as it reconnects; then it waits for the game's version to move, and pushes the
page's fragments (htmx's SSE extension swaps them out of band).
"""

from __future__ import annotations

from collections.abc import Iterator

from flask import Response, request, stream_with_context

from .. import games, live
from .fragments import render_all

HEARTBEAT_SECONDS = 15
RECONNECT_MS = 1000


def sse(event: str, data: str) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {event}\n{lines}\n"


def game_stream(game_id: str, *, watch: bool) -> Response:
    disconnected = request.environ.get("waitress.client_disconnected", lambda: False)

    def updates() -> Iterator[str]:
        yield f"retry: {RECONNECT_MS}\n\n"
        seen: int | None = None
        key = games.watch_key(game_id)
        while not disconnected():
            with games.lock(game_id):
                try:
                    opened = games.open_game(game_id)
                except games.GameNotFound:
                    yield sse("gone", "")
                    return
                if opened.version != seen:
                    seen = opened.version
                    payload = sse("update", render_all(opened, watch=watch))
                else:
                    payload = ""
            if payload:
                yield payload
            if not live.wait(key, seen, HEARTBEAT_SECONDS):
                yield ": still here\n\n"  # a heartbeat: a closed tab frees its thread

    response = Response(stream_with_context(updates()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
