"""Requests from other web sites or under other names, refused before any view runs;
the standard security headers on every response.

Botdeck is served on a home or café Wi-Fi, to browsers that also visit other sites:

- **Another site's page** must not change a game or a deck through the player's
  browser (cross-site request forgery). Every browser Botdeck supports says where a
  request comes from in `Sec-Fetch-Site`, older ones at least in `Origin`; a
  state-changing request that another site started is refused. (The check of Go's
  `http.CrossOriginProtection`; no token to carry in every form and fragment.)
- **Another name for this computer** (`Host`) is refused, so that a site whose
  name is made to point at the computer (DNS rebinding) is not "same-origin", and
  Share links are only ever built from the computer's own addresses.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from flask_babel import gettext as _

from ..network.addresses import interface_addresses
from ..network.announce import Announcement
from .errors import error_page

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Sec-Fetch-Site values of a request this site's own page made, or the user typed
FROM_HERE = frozenset({"same-origin", "none"})

# Scripts and styles from this server only (htmx needs no eval here; templates use
# style attributes and htmx adds its indicator style, hence 'unsafe-inline' for
# styles only); no framing (clickjacking a tap); forms post here only.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        # NoSleep's silent looping video (static/vendor/nosleep.min.js) is a data: URI
        "media-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # a game's address is its secret: never sent to another site (there are no
    # links out, but a pasted one must not leak it); same-origin keeps `Origin`
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def _site(url: str) -> tuple[str, int | None] | None:
    """(host, port) of a URL, the scheme's default port filled in; None if it is not
    one ("http://[::1" with its bracket open, a port that is not a number)."""
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None
    return ((parts.hostname or "").lower(), port)


def cross_site() -> bool:
    """Whether this state-changing request was started by another site's page."""
    if request.method in SAFE_METHODS:
        return False
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in FROM_HERE
    origin = request.headers.get("Origin")
    if origin is None:
        return False  # not a browser (or one too old to tell): no victim's cookies
    if origin == "null":
        return True
    where = _site(origin)
    return where is None or where != _site(f"{request.scheme}://{request.host}")


class OwnNames:
    """This computer's names and addresses, read again (at most every few seconds)
    when a request uses one not seen yet: the Wi-Fi may give it a new address; and the
    name it is announced under on the network, while it is (`announced`)."""

    REFRESH_SECONDS = 5.0

    def __init__(
        self, extra: tuple[str, ...] = (), announced: Callable[[], str | None] = lambda: None
    ) -> None:
        self.extra = {name.lower().strip("[]") for name in extra}
        self.announced = announced
        self._names: set[str] = set()
        self._read_at = -self.REFRESH_SECONDS
        self._lock = threading.Lock()

    def _read(self) -> set[str]:
        hostname = socket.gethostname().lower()
        names = {"localhost", "127.0.0.1", "::1", hostname, f"{hostname}.local"}
        names.add(socket.getfqdn().lower())
        names.update(address.lower() for address in interface_addresses())
        return names | self.extra

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        name = name.lower().strip("[]")
        if name == self.announced():
            return True
        with self._lock:
            if name in self._names:
                return True
            if time.monotonic() - self._read_at >= self.REFRESH_SECONDS:
                self._names = self._read()
                self._read_at = time.monotonic()
            return name in self._names


def host_name() -> str:
    """The name or address the browser used, without the port."""
    return urlsplit("//" + request.host).hostname or ""


def announced() -> Announcement | None:
    """The name Botdeck is announced under on the network, while it is (`botdeck.local`)."""
    found: Announcement | None = current_app.extensions.get("botdeck_announcement")
    return found if found is not None and found.host is not None else None


def announced_host() -> str | None:
    found = announced()
    return None if found is None else found.host


def check_request() -> Response | tuple[str, int, dict[str, str]] | None:
    names: OwnNames | None = current_app.extensions.get("botdeck_own_names")
    if names is not None and host_name() not in names:
        return error_page(
            421,
            _(
                "Botdeck does not answer to the name “%(name)s”. Open it at one of this "
                "computer's addresses (they are printed when Botdeck starts), or start it "
                "with --allow-host %(name)s.",
                name=host_name(),
            ),
        )
    if cross_site():
        return error_page(
            403,
            _("This request came from another web site, so it was refused. Nothing was changed."),
        )
    return None


# What a page's stylesheet, script, picture or live stream needs of them: the others act on a
# document only (an SVG is one, opened alone); sent with each of those files, they were a
# fifth of a first visit's headers.
SUBRESOURCES = frozenset({"text/css", "text/javascript", "image/png", "text/event-stream"})
SUBRESOURCE_HEADERS = {"X-Content-Type-Options": "nosniff"}


def add_headers(response: Response) -> Response:
    wanted = SUBRESOURCE_HEADERS if response.mimetype in SUBRESOURCES else HEADERS
    for name, value in wanted.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    """`ALLOWED_HOSTS`: None answers any name (tests); else the extra names to answer
    besides the computer's own addresses (`--allow-host`)."""
    allowed = app.config.get("ALLOWED_HOSTS")
    if allowed is not None:
        app.extensions["botdeck_own_names"] = OwnNames(tuple(allowed), announced_host)
    app.before_request(check_request)
    app.after_request(add_headers)
