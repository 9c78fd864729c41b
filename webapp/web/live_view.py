"""Server-Sent Events: every device with a game open gets each change pushed.

A stream starts with a `retry:` line and a snapshot of the whole game, so a
device that slept or lost the server catches up with the current state as soon
as it reconnects; then it waits for the game's version to move, and pushes the
page's fragments (htmx's SSE extension swaps them out of band).

Served by `botdeck`, the async stream layer in front of the app (webapp/streams.py)
holds the connection: this view then answers one part of the stream — the opening
(`retry:` and the snapshot) or, asked by the layer with `X-Botdeck-Since`, the update
since a version — and says in headers what the layer needs to follow the game. Under
a plain WSGI server the view streams by itself, one thread per open stream.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator

from flask import Response, request, stream_with_context
from flask_babel import get_locale

from .. import games, live
from .fragments import render_all

HEARTBEAT_SECONDS = 15
RECONNECT_MS = 1000

# Between this view and the stream layer (webapp/streams.py): the layer marks the
# requests it forwards, asks for the update since a version, and reads back the
# game's topic, the stream's group (game, view, language), the version sent and
# whether the stream ends there. The layer strips these before the browser sees them.
LAYER = "botdeck.stream_layer"
SINCE_HEADER = "X-Botdeck-Since"
STREAM_HEADER = "X-Botdeck-Stream"
VERSION_HEADER = "X-Botdeck-Version"
END_HEADER = "X-Botdeck-End"

# The update every open stream of a game sends is the same for all devices that read
# the same language and view (play or watch): rendered once per version, not once per
# stream. The newest update of each (game, view, language), for the last games played.
_updates: OrderedDict[tuple[Hashable, bool, str], tuple[int, str]] = OrderedDict()
_updates_guard = threading.Lock()
SHARED_UPDATES = 64


def shared_update(opened: games.OpenGame, *, watch: bool) -> str:
    """The game's update message at its version (call with the game's lock held)."""
    key = (games.watch_key(opened.id), watch, str(get_locale()))
    with _updates_guard:
        cached = _updates.get(key)
    if cached is not None and cached[0] == opened.version:
        return cached[1]
    payload = sse("update", render_all(opened, watch=watch))
    with _updates_guard:
        _updates[key] = (opened.version, payload)
        _updates.move_to_end(key)
        while len(_updates) > SHARED_UPDATES:
            _updates.popitem(last=False)
    return payload


def forget_all() -> None:
    """Drop every shared update (the database was restored: versions mean other games)."""
    with _updates_guard:
        _updates.clear()


def sse(event: str, data: str) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {event}\n{lines}\n"


def _since() -> int | None:
    raw = request.headers.get(SINCE_HEADER, "")
    return int(raw) if raw.lstrip("-").isdigit() and len(raw) < 19 else None


def stream_part(game_id: str, *, watch: bool) -> Response:
    """One part of a stream the layer holds: its opening, or the update since the
    version in `X-Botdeck-Since` (nothing when the game is still there)."""
    since = _since()
    key = games.watch_key(game_id)
    end, version, payload = False, since, ""
    with games.lock(game_id):
        try:
            opened = games.open_game(game_id)
        except games.GameNotFound:
            end, payload = True, sse("gone", "")
        except games.GameUnreadable:
            end, payload = True, sse("reload", "")  # the page then offers Undo and Export
        else:
            version = opened.version
            if version != since:
                payload = shared_update(opened, watch=watch)
    if since is None:
        payload = f"retry: {RECONNECT_MS}\n\n" + payload
    response = Response(payload, mimetype="text/event-stream")
    name = live.topic(key)
    response.headers[STREAM_HEADER] = f"{name} {name}/{'watch' if watch else 'play'}/{get_locale()}"
    response.headers[VERSION_HEADER] = str(-1 if version is None else version)
    if end:
        response.headers[END_HEADER] = "1"
    response.headers["Cache-Control"] = "no-store"
    return response


def game_stream(game_id: str, *, watch: bool) -> Response:
    if request.environ.get(LAYER):
        return stream_part(game_id, watch=watch)
    disconnected = request.environ.get("waitress.client_disconnected", lambda: False)

    def updates() -> Iterator[str]:
        yield f"retry: {RECONNECT_MS}\n\n"
        seen: int | None = None
        key = games.watch_key(game_id)
        started = live.epoch()
        while not disconnected():
            if live.epoch() != started:
                yield sse("reload", "")  # the database was restored: build the page again
                return
            with games.lock(game_id):
                try:
                    opened = games.open_game(game_id)
                except games.GameNotFound:
                    yield sse("gone", "")
                    return
                except games.GameUnreadable:
                    yield sse("reload", "")  # the page then offers Undo and Export
                    return
                if opened.version != seen:
                    seen = opened.version
                    payload = shared_update(opened, watch=watch)
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
