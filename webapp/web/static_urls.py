"""Static files under content-hashed URLs, kept by the browser for a year.

Every `url_for` of a static file (the app's and each bot's) carries the hash of the
file's bytes (`/static/botdeck.css?v=3f2a…`): a changed file gets a new URL, so the
browser can keep the one it has without asking again (`immutable`). A request whose
`v` is not the file's current hash (an old page, a hand-typed URL) keeps Flask's
`no-cache`: the browser revalidates it with its ETag.

Each file is hashed once, when its first URL is built, and the hash kept for as long
as the app runs (a new Botdeck, a new start: new hashes). In debug mode a file's size
and modification time are checked at each URL, so an edited file gets its new URL at
once.
"""

from __future__ import annotations

import hashlib
import os

from flask import Flask, current_app, request
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

PARAMETER = "v"
IMMUTABLE = "public, max-age=31536000, immutable"

EXTENSION = "botdeck.static_hashes"  # the app's {(folder, file name): Hashed}
Hashed = tuple[tuple[int, int], str]  # (the file's (mtime, size), its hash)


def is_static(endpoint: str | None) -> bool:
    return endpoint is not None and (endpoint == "static" or endpoint.endswith(".static"))


def _folder(endpoint: str) -> str | None:
    if endpoint == "static":
        return current_app.static_folder
    blueprint = current_app.blueprints.get(endpoint.removesuffix(".static"))
    return blueprint.static_folder if blueprint is not None else None


def _hash_file(path: str) -> str:
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()[:16]


def content_hash(endpoint: str, filename: str) -> str | None:
    """The hash of a static file's bytes (None: no such file)."""
    folder = _folder(endpoint)
    known: dict[tuple[str, str], Hashed] = current_app.extensions[EXTENSION]
    found = known.get((folder or "", filename))
    if found is not None and not current_app.debug:
        return found[1]
    path = safe_join(folder, filename) if folder else None
    try:
        stat = os.stat(path) if path else None
    except OSError:
        stat = None
    if path is None or stat is None:
        return None
    version = (stat.st_mtime_ns, stat.st_size)
    if found is None or found[0] != version:
        found = known[(folder or "", filename)] = (version, _hash_file(path))
    return found[1]


def hashed_url(endpoint: str, values: dict[str, object]) -> None:
    """`url_for` of a static file: its content hash added."""
    filename = values.get("filename")
    if not is_static(endpoint) or not isinstance(filename, str) or PARAMETER in values:
        return
    digest = content_hash(endpoint, filename)
    if digest is not None:
        values[PARAMETER] = digest


def long_cache(response: Response) -> Response:
    """A static file asked for under its current hash is kept for a year."""
    if (
        is_static(request.endpoint)
        and response.status_code in (200, 304)
        and request.view_args is not None
    ):
        asked = request.args.get(PARAMETER)
        filename = request.view_args.get("filename", "")
        if asked and asked == content_hash(request.endpoint or "", filename):
            response.headers["Cache-Control"] = IMMUTABLE
    return response


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = {}
    app.url_defaults(hashed_url)
    app.after_request(long_cache)
