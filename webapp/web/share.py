"""The Share panel: the game's links on this network, each with a QR code."""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, render_template, request, url_for
from markupsafe import Markup

from ..network.addresses import share_urls
from ..storage import db
from .errors import error_page
from .security import announced

bp = Blueprint("share", __name__)


def qr_svg(url: str) -> Markup:
    """An inline SVG QR code that scales with its box (no fixed size)."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=2, omitsize=True, dark="#15202b", light="#fff"))


def _by_name_first(path: str) -> list[str]:
    """The links of `path` for the other devices: by the name Botdeck is announced
    under first (it outlives the computer's address), then by address (some Android
    versions cannot open a `.local` name)."""
    urls = share_urls(request.host_url, path)
    name = announced()
    if name is None:
        return urls
    by_name = f"http://{name.host}:{name.port}{path}"
    return [by_name, *(url for url in urls if url != by_name)]


@bp.get("/g/<game_id>/share")
def panel(game_id: str) -> Any:
    """Links to play and to watch this game, for the devices around the table."""
    row = db.find_game(game_id)
    if row is None:
        return error_page(404, "")
    play = _by_name_first(url_for("play.page", game_id=row.id))
    watch = _by_name_first(url_for("watch.page", watch_id=row.watch_id))
    return render_template(
        "game/_share.html",
        play=[(url, qr_svg(url)) for url in play],
        watch=[(url, qr_svg(url)) for url in watch],
    )
