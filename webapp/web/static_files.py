"""Static files (CSS, JavaScript, the icons) go out compressed, each compressed once.

Flask streams static files straight from disk, which Flask-Compress skips, and it would
compress them again at every request (about 5 ms for the stylesheet): here each file is
compressed once per version of it (its ETag) and encoding, at the best ratio, and kept.
Our own stylesheets and scripts are minified first (rcssmin, rjsmin): their comments
explain them to the next engineer and are no use to a tablet — a quarter of a first
visit's bytes less. The files themselves stay as written.
"""

from __future__ import annotations

import gzip
import threading

import brotli
import rcssmin
import rjsmin
from flask import Flask, request
from werkzeug.wrappers import Response

from .static_urls import content_hash

ENCODINGS = ("br", "gzip")
# formats compressed already: a second compression only adds bytes and time
PACKED = frozenset({"image/png", "image/jpeg", "image/webp", "font/woff2"})
KEPT = 256  # files × encodings: every static file the app has, many times over

# Headers a compressed static file goes out without: the ETag is enough to ask again; no
# range of a compressed body is ever asked; a stylesheet is shown, never saved; and the
# server writes the Date of every answer itself (Werkzeug's second one only doubled it).
NEEDLESS = ("Last-Modified", "Accept-Ranges", "Content-Disposition", "Date")

_compressed: dict[tuple[str, str, str], bytes] = {}
_guard = threading.Lock()


def _encoding() -> str | None:
    accepted = {
        part.split(";")[0].strip().lower()
        for part in request.headers.get("Accept-Encoding", "").split(",")
    }
    return next((encoding for encoding in ENCODINGS if encoding in accepted), None)


def _minified(data: bytes, mimetype: str | None, path: str) -> bytes:
    """Our own CSS or JavaScript without its comments and spaces (a vendored file is
    minified already, with its licence kept beside it)."""
    if "/vendor/" in path:
        return data
    if mimetype == "text/css":
        return bytes(rcssmin.cssmin(data))
    if mimetype == "text/javascript":
        return bytes(rjsmin.jsmin(data))
    return data


def _compress(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return bytes(brotli.compress(data, quality=11))
    return gzip.compress(data, compresslevel=9, mtime=0)


def compressed_static(response: Response) -> Response:
    """A static file's answer, compressed if the browser accepts it."""
    endpoint = request.endpoint or ""
    if not (endpoint == "static" or endpoint.endswith(".static")) or response.status_code != 200:
        return response
    if response.mimetype in PACKED:
        return response
    encoding = _encoding()
    etag, _ = response.get_etag()
    if encoding is None or etag is None:
        return response
    # its ETag: the hash of its bytes, as its URL carries it, and the encoding
    filename = (request.view_args or {}).get("filename")
    digest = content_hash(endpoint, filename) if isinstance(filename, str) else None
    tag = f"{digest or etag}:{encoding}"
    if request.if_none_match.contains(tag):  # the browser holds this very file
        return _not_modified(response, tag)
    key = (request.path, etag, encoding)
    with _guard:
        body = _compressed.get(key)
    response.direct_passthrough = False
    if body is None:
        body = _compress(_minified(response.get_data(), response.mimetype, request.path), encoding)
        with _guard:
            if len(_compressed) >= KEPT:
                _compressed.clear()
            _compressed[key] = body
    response.close()  # the file Flask opened: its bytes are not sent as they are
    response.set_data(body)
    response.headers["Content-Encoding"] = encoding  # Flask-Compress leaves it alone
    response.headers["Vary"] = "Accept-Encoding"
    response.set_etag(tag)
    for needless in NEEDLESS:
        response.headers.pop(needless, None)
    return response


def _not_modified(response: Response, tag: str) -> Response:
    """304 Not Modified for a file the browser holds compressed (Flask's own check
    compares its ETag, of the file on disk, and never matches a compressed one)."""
    response.close()
    response.status_code = 304
    response.response = []
    for sent in ("Content-Length", "Content-Type", *NEEDLESS):  # no body: none of its own
        response.headers.pop(sent, None)
    response.headers["Vary"] = "Accept-Encoding"
    response.set_etag(tag)
    return response


# A whole page (a first visit, a reload) is worth a little more time than a tap's
# fragments, which Flask-Compress sends at Brotli's fastest: Deacon's page at its start is
# 12.0 KB at quality 1 and 9.8 KB at 5, for about 0.5 ms more. Quality 6 saves 53 bytes
# more, but its encoder's tables take a megabyte more, which the server then keeps
# (bench/first_visit.py, and RSS with 500 pages open in bench/server_load.py).
PAGE_QUALITY = 5


def compressed_page(response: Response) -> Response:
    """A whole HTML page in Brotli at PAGE_QUALITY, when the browser takes Brotli (the
    rest, htmx's answers included, is Flask-Compress's)."""
    if (
        response.mimetype != "text/html"
        or response.status_code != 200
        or response.is_streamed
        or "Content-Encoding" in response.headers
        or request.headers.get("HX-Request")
        or _encoding() != "br"
    ):
        return response
    response.set_data(brotli.compress(response.get_data(), quality=PAGE_QUALITY))
    response.headers["Content-Encoding"] = "br"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app: Flask) -> None:
    app.after_request(compressed_static)
    app.after_request(compressed_page)
