"""The web app manifest: "Add to Home Screen" makes Botdeck an app that opens full screen.

Served over plain http too (a service worker would need a secure context; a manifest
does not). It is written in the page's language (its URL says which: the browser
fetches a manifest without cookies) and carries its own content hash in its URL, so
it is kept for a year like every static file and a new Botdeck gets a new URL.
"""

from __future__ import annotations

import hashlib
import json
import threading
import urllib.parse
from typing import Any

from flask import Blueprint, current_app, request, url_for
from flask.blueprints import BlueprintSetupState
from flask_babel import force_locale, get_locale
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from .i18n import select_locale
from .static_urls import IMMUTABLE, PARAMETER, content_hash

bp = Blueprint("manifest", __name__)
MEDIA_TYPE = "application/manifest+json"
# the top bar's colour (--ink) and the page's (--paper) in botdeck.css; the dark
# theme's page colour for browsers in dark mode (base.html's theme-color)
THEME_COLOR = "#15202b"
BACKGROUND_COLOR = "#f4f0e4"
DARK_THEME_COLOR = "#15191e"
# (file under static/icons/, its size in pixels, its purpose); bin/make_icons.py draws them
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
APPLE_TOUCH_ICON = "icons/apple-touch-icon.png"  # 180 × 180, opaque: iOS rounds it

# (language, the icons' hashes): (the manifest, its hash)
_written: dict[tuple[str, tuple[str | None, ...]], tuple[str, str]] = {}
_guard = threading.Lock()


def _manifest(language: str) -> dict[str, Any]:
    with force_locale(language):
        description = _("Runs board games' solo bots on a tablet next to the board.")
    start = url_for("lobby.index")
    return {
        "id": start,
        "name": "Botdeck",
        "short_name": "Botdeck",
        "description": description,
        "lang": language,
        "dir": "ltr",
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {
                "src": url_for("static", filename=f"icons/{name}"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, purpose in ICONS
        ],
    }


def written(language: str) -> tuple[str, str]:
    """The manifest in a language and its hash, written once per language and icons."""
    key = (
        language,
        tuple(content_hash("static", f"icons/{name}") for name, _size, _purpose in ICONS),
    )
    with _guard:
        found = _written.get(key)
    if found is None:
        text = json.dumps(_manifest(language), ensure_ascii=False, indent=1)
        found = (text, hashlib.sha256(text.encode()).hexdigest()[:16])
        with _guard:
            _written[key] = found
    return found


def manifest_url() -> str:
    """The manifest's URL for the page's language (for base.html's <head>)."""
    language = str(get_locale())
    return url_for("manifest.manifest", lang=language, v=written(language)[1])


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, in the language its URL names."""
    language = request.args.get("lang", "")
    if language not in current_app.config["LANGUAGES"]:
        language = select_locale()
    text, digest = written(language)
    response = current_app.response_class(text, mimetype=MEDIA_TYPE)
    response.headers["Cache-Control"] = (
        IMMUTABLE if request.args.get(PARAMETER) == digest else "no-cache"
    )
    response.set_etag(digest)
    return response.make_conditional(request)


@bp.record_once
def _in_templates(state: BlueprintSetupState) -> None:
    state.app.jinja_env.globals["manifest_url"] = manifest_url
    state.app.jinja_env.globals["apple_touch_icon"] = APPLE_TOUCH_ICON
    state.app.jinja_env.globals["theme_colors"] = (THEME_COLOR, DARK_THEME_COLOR)
    state.app.jinja_env.globals["favicon"] = favicon(state.app.static_folder or "")


def favicon(static_folder: str) -> Markup:
    """The tab's icon as a `data:` address, drawn with the page: on a first visit it
    was a request of its own, its headers four times its 275 bytes."""
    with open(f"{static_folder}/favicon.svg", encoding="utf-8") as file:
        svg = file.read().strip().replace('"', "'")  # no quote to escape in the attribute
    # safe in a double-quoted attribute: quote() leaves no <, >, & or " in it
    return Markup("data:image/svg+xml," + urllib.parse.quote(svg, safe=" ='/:,."))
