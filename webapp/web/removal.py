"""Taking a game away: its starting device deletes it for everyone (kept 30 days, then
gone for good; *Bring it back* until then), any other device leaves it (off its own
list, the game untouched). The server decides which a device may do, not the page."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from flask import Blueprint, make_response, redirect, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..service import games
from ..storage import db
from .devices import current_device
from .errors import error_page, is_htmx

bp = Blueprint("removal", __name__)


def _no_such_game() -> tuple[str, int, dict[str, str]]:
    return error_page(404, _("There is no such game."))


def _confirm(row: db.GameRow, *, watch: bool = False) -> str:
    """Delete (its owner) or Leave (any other device), each saying what happens to the
    other devices that have the game."""
    device = current_device().id
    having = db.game_devices(row.id)
    others = [name for found, name, _role in having if found != device]
    if games.can_delete(row, device):
        return render_template(
            "lobby/delete.html",
            game=row,
            others=others,
            others_text=format_list(others, locale=get_locale()) if others else "",
        )
    owner = next((name for found, name, _role in having if found == row.owner), "")
    return render_template("lobby/leave.html", game=row, watch=watch, owner=owner)


@bp.get("/g/<game_id>/delete")
def confirm_delete(game_id: str) -> str | tuple[str, int, dict[str, str]]:
    """Ask before deleting the game (on any other device than its owner: before leaving
    it, which is all that device can do)."""
    row = db.find_game(game_id)
    return _no_such_game() if row is None else _confirm(row)


@bp.get("/g/<game_id>/leave")
def confirm_leave(game_id: str) -> str | tuple[str, int, dict[str, str]]:
    """Ask before leaving the game (its owner is asked about deleting it instead)."""
    return confirm_delete(game_id)


@bp.post("/g/<game_id>/delete")
def delete(game_id: str) -> BaseResponse | tuple[str, int, dict[str, str]]:
    """Delete the game for every device: only from the device that started it."""
    try:
        games.delete_game(game_id, current_device().id)
    except games.GameNotFound:
        return _no_such_game()
    except games.NotYours:
        return error_page(
            403,
            _(
                "Only the device that started this game can delete it: it is still there, "
                "for every device. To take it off this device's list, leave it instead."
            ),
        )
    return redirect(url_for("lobby.index", deleted=game_id), code=303)


@bp.post("/g/<game_id>/leave")
def leave(game_id: str) -> BaseResponse | tuple[str, int, dict[str, str]]:
    """Take the game off this device's list; it stays as it is for the others."""
    try:
        row = games.leave_game(game_id, current_device().id)
    except games.GameNotFound:
        return _no_such_game()
    except games.StartedHere:
        return error_page(
            403,
            _(
                "This game was started on this device, so it cannot leave it: delete it "
                "instead (for every device), or keep it. Nothing was changed."
            ),
        )
    return redirect(url_for("lobby.index", left=row.watch_id), code=303)


@bp.get("/w/<watch_id>/leave")
def confirm_leave_watched(watch_id: str) -> str | tuple[str, int, dict[str, str]]:
    """Ask before leaving a game this device only watches (it knows only the watch link)."""
    row = db.find_game_by_watch_id(watch_id)
    return _no_such_game() if row is None else _confirm(row, watch=True)


@bp.post("/w/<watch_id>/leave")
def leave_watched(watch_id: str) -> BaseResponse | tuple[str, int, dict[str, str]]:
    row = db.find_game_by_watch_id(watch_id)
    if row is None:
        return _no_such_game()
    return leave(row.id)


@bp.post("/g/<game_id>/bring-back")
def bring_back(game_id: str) -> BaseResponse | tuple[str, int, dict[str, str]]:
    """Undo a delete: the game back for every device that had it, as it was."""
    try:
        games.bring_back(game_id, current_device().id, db.now())
    except games.GameNotFound:
        return error_page(
            404,
            _(
                "This game cannot be brought back: only the device that deleted it can, "
                "for 30 days."
            ),
        )
    return redirect(url_for("lobby.index", back=game_id), code=303)


def missing_game(*, game_id: str = "", watch_id: str = "") -> Any:
    """The answer for a game link that finds no game: one deleted by its starting device
    says so (and offers that device to bring it back), others are not found."""
    if game_id:
        row = db.find_game(game_id, deleted=True)
    else:
        row = db.find_game_by_watch_id(watch_id, deleted=True)
    if row is None:
        return error_page(404, _("There is no such game: it may have been deleted."))
    if is_htmx():  # a tap on its open page: refused, with the reason
        return error_page(404, _("This game was deleted on the device that started it."))
    mine = games.can_delete(row, current_device().id)
    response = make_response(render_template("lobby/deleted.html", game=row, mine=mine), 404)
    response.headers["Cache-Control"] = "no-store"
    return response
