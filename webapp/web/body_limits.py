"""How large a request's body may be, route by route: the one place both the app and
the server read.

The app declares the limits in its config — `MAX_CONTENT_LENGTH` for every route,
`BODY_LIMITS` (endpoint → bytes) for the routes that take more — and refuses a
declared body over its route's limit with its clear 413 page before any view runs.
The server (webapp/serving/server.py) reads the same limits through `route_limits` and
applies them to every body as it arrives, chunked or not, so that no body is read
past its limit even when it does not declare its length.
"""

from __future__ import annotations

from flask import Flask, abort, current_app, request

from ..engine.json_input import MAX_CHARS

MB = 1024 * 1024
# A game, deck or board file is 2 MB at most (engine/json_input.py): sent in a form,
# with the form's other fields and its multipart framing, it fits in 4 MB.
BODY_BYTES = 4 * MB
COLLECTION_BYTES = 32 * MB  # a collection holds every game of a device: more than one file
ROUTE_BODY_BYTES = {"data.import_all": COLLECTION_BYTES}


def body_limit() -> int | None:
    """This request's limit: its route's own, or the app's for every route."""
    own: int | None = current_app.config["BODY_LIMITS"].get(request.endpoint)
    return own if own is not None else current_app.config["MAX_CONTENT_LENGTH"]


def largest_file() -> int:
    """The largest file this request's route takes, as its refusal names it: the route's
    own body limit, or the largest game, deck or board file."""
    own: int | None = current_app.config["BODY_LIMITS"].get(request.endpoint)
    return own if own is not None else MAX_CHARS


def limit_body() -> None:
    """Every body declared over its route's limit is refused before any view runs,
    even a view that does not read it. (The server lets such a request through
    without its body, so that this clear page is what the device shows.)"""
    limit = body_limit()
    request.max_content_length = limit  # a body without a declared length: as it is read
    if limit is not None and (request.content_length or 0) > limit:
        abort(413)


def route_limits(app: Flask) -> tuple[int, dict[str, int]]:
    """(the limit of every route, {path: limit} of the routes with their own), for the
    server, which knows a request's path but not its endpoint."""
    paths: dict[str, int] = {}
    for rule in app.url_map.iter_rules():
        limit = app.config["BODY_LIMITS"].get(rule.endpoint)
        if limit is None:
            continue
        if rule.arguments:
            # internal: the server matches a path exactly, before the app routes it
            raise ValueError(f"{rule.endpoint}: a route with its own body limit needs a fixed path")
        paths[rule.rule] = limit
    return int(app.config["MAX_CONTENT_LENGTH"]), paths


def init_app(app: Flask) -> None:
    app.before_request(limit_body)
