"""The Share panel: the game's links on this network, each with a QR code."""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, render_template, request, url_for
from markupsafe import Markup

from .. import db
from ..network import share_urls
from .errors import error_page

bp = Blueprint("share", __name__)


def qr_svg(url: str) -> Markup:
    """An inline SVG QR code that scales with its box (no fixed size)."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=2, omitsize=True, dark="#15202b", light="#fff"))


@bp.get("/g/<game_id>/share")
def panel(game_id: str) -> Any:
    """Links to play and to watch this game, for the devices around the table."""
    row = db.find_game(game_id)
    if row is None:
        return error_page(404, "")
    play = share_urls(request.host_url, url_for("play.page", game_id=row.id))
    watch = share_urls(request.host_url, url_for("watch.page", watch_id=row.watch_id))
    return render_template(
        "game/_share.html",
        play=[(url, qr_svg(url)) for url in play],
        watch=[(url, qr_svg(url)) for url in watch],
    )
