"""Light or dark: the system's choice ("auto") unless this device chose one.

The choice is a cookie the server reads, like the language: the page arrives with
`<html data-theme="…">` and its `<meta name="color-scheme">` already right, so the first
paint has the right colours (no flash of light in a dim room), and the switch is a plain
link that works without JavaScript. The colours themselves are CSS custom properties
(static/botdeck.css and each bot's stylesheet): a fragment swapped in by htmx or the
live stream carries no colour and takes the page's.
"""

from __future__ import annotations

from flask import Blueprint, Flask, make_response, redirect, request, url_for
from werkzeug.wrappers import Response

from .forms import local_path

bp = Blueprint("theme", __name__)
COOKIE = "botdeck_theme"
THEMES = ("auto", "light", "dark")
# what `<meta name="color-scheme">` says for each choice: the browser's own parts
# (scroll bars, form controls) and its first blank frame follow it
COLOR_SCHEMES = {"auto": "light dark", "light": "light", "dark": "dark"}


def current_theme() -> str:
    """This device's choice: "auto" (follow the system), "light" or "dark"."""
    chosen = request.cookies.get(COOKIE, "auto")
    return chosen if chosen in THEMES else "auto"


@bp.get("/theme/<choice>")
def switch(choice: str) -> Response:
    """Remember this device's theme in a cookie and go back where it was."""
    target = local_path(request.args.get("next", "")) or url_for("lobby.index")
    response = make_response(redirect(target))
    if choice in THEMES:
        response.set_cookie(COOKIE, choice, max_age=3600 * 24 * 365 * 5, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    app.jinja_env.globals["current_theme"] = current_theme
    app.jinja_env.globals["color_scheme"] = lambda: COLOR_SCHEMES[current_theme()]
    app.jinja_env.globals["themes"] = THEMES
    app.register_blueprint(bp)
