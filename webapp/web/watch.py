"""The watch-only link: the live game on another screen, with no buttons."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, url_for
from flask_babel import gettext as _

from ..service import games
from ..storage import db
from . import play_log
from .devices import join_game, join_url
from .errors import error_page
from .fragments import render_page
from .live_view import game_stream
from .removal import missing_game

bp = Blueprint("watch", __name__, url_prefix="/w/<watch_id>")


def _game_id(watch_id: str) -> str | None:
    row = db.find_game_by_watch_id(watch_id)
    return None if row is None else row.id


@bp.get("")
def page(watch_id: str) -> Any:
    """The game as it is, updated live, without a single button that changes it."""
    game_id = _game_id(watch_id)
    if game_id is None:
        return missing_game(watch_id=watch_id)
    try:
        html = games.read(game_id, lambda opened: _whole_page(watch_id, opened))
    except games.GameNotFound:  # deleted since it was looked up
        return missing_game(watch_id=watch_id)
    except games.GameUnreadable:
        return error_page(
            500,
            _(
                "Botdeck cannot show this game right now. Nothing is lost: on the "
                "players' device, it can undo the last tap or export the game."
            ),
        )
    response = make_response(html)
    response.headers["Cache-Control"] = "no-store"
    return response


def _whole_page(watch_id: str, opened: games.OpenGame) -> str:
    return render_page(
        opened,
        watch=True,
        events_url=url_for("watch.events", watch_id=watch_id, since=opened.version),
        join_url=join_url(opened.id, "watch", url_for("watch.join", watch_id=watch_id)),
    )


@bp.post("/join")
def join(watch_id: str) -> Any:
    """The game put in this device's list as one it watches, asked by its page once
    loaded: the device's own list, nothing of the game."""
    game_id = _game_id(watch_id)
    if game_id is None:
        return missing_game(watch_id=watch_id)
    return join_game(game_id, "watch")


@bp.get("/events")
def events(watch_id: str) -> Any:
    game_id = _game_id(watch_id)
    if game_id is None:
        return missing_game(watch_id=watch_id)
    return game_stream(game_id, watch=True)


@bp.get("/play.json")
def play_file(watch_id: str) -> Any:
    """The finished game's play, as a file for a log of plays (a partner logs it too)."""
    return play_log.play_file(_game_id(watch_id))
