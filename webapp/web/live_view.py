"""Server-Sent Events: every device with a game open gets each change pushed.

A stream starts with a `retry:` line and a snapshot of the whole game, so a
device that slept or lost the server catches up with the current state as soon
as it reconnects; then it waits for the game's version to move, and pushes the
page's fragments that changed (htmx's SSE extension swaps them out of band).

Served by `botdeck`, the async stream layer in front of the app (webapp/serving/streams.py)
holds the connection: this view then answers only the stream's opening (`retry:` and
the snapshot) and says in headers what the layer needs to follow the game; the layer
renders each update since with `render_part`, on a worker thread, without a request.
Under a plain WSGI server the view streams by itself, one thread per open stream.
"""

from __future__ import annotations

from collections.abc import Iterator

from flask import Flask, Response, request, stream_with_context
from flask_babel import force_locale, get_locale
from jinja2_fragments.flask import render_block

from ..service import games, live
from .fragments import PAGE, held_header, render_update
from .i18n import translate_json

HEARTBEAT_SECONDS = 15
RECONNECT_MS = 1000

# Between this view and the stream layer (webapp/serving/streams.py): the layer marks the
# requests it forwards; at a stream's opening the view says the game's topic, the
# stream's group (game, view, language), the game, the version sent, the digests every
# fragment has now, and whether the stream ends there. The layer strips these before
# the browser sees them.
LAYER = "botdeck.stream_layer"
STREAM_HEADER = "X-Botdeck-Stream"
GAME_HEADER = "X-Botdeck-Game"
VERSION_HEADER = "X-Botdeck-Version"
HELD_HEADER = "X-Botdeck-Held"
END_HEADER = "X-Botdeck-End"


def sse(event: str, data: str) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {event}\n{lines}\n"


def _version(raw: str) -> int | None:
    return int(raw) if raw.lstrip("-").isdigit() and len(raw) < 19 else None


def _opening() -> int | None:
    """The version a stream's page was drawn at (`?since=`, in the page's `events_url`):
    a page that opens its stream at once is sent nothing it has. A page that reconnects
    later gets the whole game, as before."""
    return _version(request.args.get("since", ""))


def update(
    game_id: str, held: dict[str, str], seen: int | None, *, watch: bool
) -> tuple[str, int | None, dict[str, str], bool]:
    """The game's update for a page holding `held` at version `seen`: (the message, the
    version now, every fragment's digest now, whether the stream ends there). The
    message is empty when the game is still at `seen`."""
    try:
        return games.read(game_id, lambda opened: _since_seen(opened, held, seen, watch=watch))
    except games.GameNotFound:
        return sse("gone", ""), seen, held, True
    except games.GameUnreadable:
        return sse("reload", ""), seen, held, True  # the page then offers Undo and Export


def _since_seen(
    opened: games.OpenGame, held: dict[str, str], seen: int | None, *, watch: bool
) -> tuple[str, int | None, dict[str, str], bool]:
    if opened.version == seen:
        if not held:  # a page drawn at this version: it holds every fragment as it is now
            held = render_update(opened, {}, watch=watch)[1]
        return "", seen, held, False
    html, digests = render_update(opened, held, watch=watch)
    if seen is not None and opened.made_by is not None and opened.made_by[0] != "action":
        # an undo or a redo another device made ("Undone: 7 actions, back to …"): a
        # page that goes back several steps at once says why
        said = translate_json(opened.made_by[1])
        html += render_block(PAGE, "notice", notice=said, oob=True)
    return sse("update", html), opened.version, digests, False


def stream_part(game_id: str, *, watch: bool) -> Response:
    """A stream's opening, for the layer to hold: `retry:` and the game since the
    version its page was drawn at."""
    payload, version, digests, end = update(game_id, {}, _opening(), watch=watch)
    response = Response(f"retry: {RECONNECT_MS}\n\n" + payload, mimetype="text/event-stream")
    name = live.topic(games.watch_key(game_id))
    response.headers[STREAM_HEADER] = f"{name} {name}/{'watch' if watch else 'play'}/{get_locale()}"
    response.headers[GAME_HEADER] = game_id
    response.headers[VERSION_HEADER] = str(-1 if version is None else version)
    response.headers[HELD_HEADER] = held_header(digests)
    if end:
        response.headers[END_HEADER] = "1"
    response.headers["Cache-Control"] = "no-store"
    return response


def render_part(
    app: Flask,
    path: str,
    game_id: str,
    *,
    watch: bool,
    locale: str,
    since: int,
    held: dict[str, str],
) -> tuple[bytes, int, dict[str, str], bool]:
    """The update of a group of streams (webapp/serving/streams.py) since version
    `since`, for pages holding the fragments `held`, in `locale`: (the message, the
    version now (-1: none), every fragment's digest now, whether the streams end there).

    Called by the stream layer on a worker thread: rendered within the app as for a
    request of the stream's `path` (its links, its language), without the HTTP stack.
    A render that fails is logged and ends the streams (their pages reload)."""
    with app.test_request_context(path), force_locale(locale):
        try:
            payload, version, digests, end = update(game_id, held, since, watch=watch)
        except Exception:
            app.logger.exception("game %s: its live update cannot be rendered", game_id)
            return b"", since, held, True
    return payload.encode(), -1 if version is None else version, digests, end


def game_stream(game_id: str, *, watch: bool) -> Response:
    if request.environ.get(LAYER):
        return stream_part(game_id, watch=watch)

    def updates() -> Iterator[str]:
        yield f"retry: {RECONNECT_MS}\n\n"
        seen = _opening()
        held: dict[str, str] = {}  # what this stream's page shows: sent again only if changed
        key = games.watch_key(game_id)
        started = live.epoch()
        while True:  # until the server stops writing to a closed page (at a heartbeat)
            if live.epoch() != started:
                yield sse("reload", "")  # the database was restored: build the page again
                return
            payload, seen, held, end = update(game_id, held, seen, watch=watch)
            if payload:
                yield payload
            if end:
                return
            if not live.wait(key, -1 if seen is None else seen, HEARTBEAT_SECONDS):
                yield ": still here\n\n"  # a heartbeat: a closed tab frees its thread

    response = Response(stream_with_context(updates()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
