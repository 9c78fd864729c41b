"""The game page and every tap on it: answers, corrections, undo and redo."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block

from .. import db, games, live
from ..engine import ConfirmFirst, GameOver, InvalidAnswer
from ..engine.game import REASON_LENGTH
from .devices import saved_device
from .errors import go_to, is_htmx
from .forms import entry_value, form_int, form_text, query_int
from .fragments import PAGE, render_changed, render_page
from .i18n import refusal, translate
from .live_view import game_stream
from .removal import missing_game

bp = Blueprint("play", __name__, url_prefix="/g/<game_id>")


def _open(game_id: str) -> games.OpenGame | None:
    try:
        return games.open_game(game_id)
    except games.GameNotFound:
        return None


def _missing(game_id: str) -> Any:
    return missing_game(game_id=game_id)


def _repair(game_id: str) -> Any:
    """A game Botdeck cannot rebuild: what can still be done with it (Undo, Export)."""
    row = db.find_game(game_id)
    if row is None:
        return _missing(game_id)
    return render_template("game/repair.html", row=row), 500, {"Cache-Control": "no-store"}


@bp.get("")
def page(game_id: str) -> Any:
    """The whole table: board, card, checklist and the bot's state."""
    with games.lock(game_id):
        try:
            opened = _open(game_id)
        except games.GameUnreadable:
            return _repair(game_id)
        if opened is None:
            return _missing(game_id)
        db.join_game(saved_device().id, game_id, "play", db.now())
        response = make_response(
            render_page(opened, events_url=url_for("play.events", game_id=game_id))
        )
    # Never show a cached copy (back button, bfcache): the server's state is the truth.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Vary"] = "HX-Request"
    return response


@bp.get("/events")
def events(game_id: str) -> Any:
    """The game's live stream (Server-Sent Events)."""
    if db.game_head(game_id) is None:
        return _missing(game_id)
    return game_stream(game_id, watch=False)


@bp.post("/answer")
def answer(game_id: str) -> Any:
    """Answer the pending step."""
    return _change(game_id, "action", {"answer": entry_value()})


@bp.post("/correct")
def correct(game_id: str) -> Any:
    """Set one of the bot's counters by hand."""
    field = form_text("field", max_length=40)
    return _change(game_id, "action", {"correct": field, "value": form_text("value", max_length=6)})


@bp.post("/overturn")
def overturn(game_id: str) -> Any:
    """The table overturns what the bot decided at this step (an ability changes it)."""
    to = form_text("to", max_length=20)
    reason = form_text("reason", max_length=REASON_LENGTH, required=False)
    return _change(game_id, "action", {"overturn": to, "reason": reason})


@bp.post("/undo")
def undo(game_id: str) -> Any:
    return _change(game_id, "undo")


@bp.post("/redo")
def redo(game_id: str) -> Any:
    return _change(game_id, "redo")


def _change(game_id: str, kind: str, payload: dict[str, Any] | None = None) -> Any:
    version = form_int("version")
    live.defer()  # the other devices hear of it once this answer is rendered
    with games.lock(game_id):
        return _apply_and_render(game_id, version, kind, payload)


CONFIRMED = "confirmed"  # the field a confirmation's own button sends


def _to_confirm(error: ConfirmFirst) -> dict[str, Any]:
    """A tap the table must confirm, as the confirmation shows it: what it does, and the
    same form sent again, confirmed."""
    sent = [
        (k, v)
        for k, v in request.form.items(multi=True)
        if isinstance(k, str) and k not in ("version", CONFIRMED)  # a bad name is None
    ]
    return {"what": error.what, "then": error.then, "url": request.path, "form": sent}


@bp.teardown_request
def _tell_other_devices(error: BaseException | None = None) -> None:
    live.release()


def _apply_and_render(game_id: str, version: int, kind: str, payload: Any) -> Any:
    notice, status, opened, confirm = None, 200, None, None
    ask_first = kind == "action" and request.form.get(CONFIRMED) != "yes"
    try:
        opened = games.act(
            game_id, version, kind, payload, device=saved_device().name, ask_first=ask_first
        )
    except games.GameNotFound:
        return _missing(game_id)
    except games.GameUnreadable:
        return go_to(url_for("play.page", game_id=game_id))  # which offers Undo and Export
    except db.StaleVersion:
        notice, status = (
            _("Already resolved on another device: here is the game as it is now."),
            409,
        )
    except games.NothingToUndo:
        notice = _("There is nothing to undo or redo.")
    except GameOver:
        notice = _("The game is over.")
    except ConfirmFirst as error:  # nothing changed: asked again, with what it does
        confirm = _to_confirm(error)
    except InvalidAnswer as error:
        notice, status = (
            _(
                "That answer does not fit this step (%(why)s). Nothing was changed.",
                why=refusal(error),
            ),
            422,
        )
    except ValueError as error:
        notice, status = (
            _("That change cannot be made (%(why)s). Nothing was changed.", why=refusal(error)),
            422,
        )
    if opened is not None and kind in ("undo", "redo"):
        notice = translate(games.undone_or_redone(opened, kind))  # in the page's language
    if not is_htmx() and confirm is None:
        return redirect(url_for("play.page", game_id=game_id), code=303)
    opened = opened or _open(game_id)
    if opened is None:
        return _missing(game_id)
    if not is_htmx():  # without scripts: the page, the confirmation open on it
        html = render_page(opened, confirm=confirm, events_url=None)
    else:  # the confirmation, or none (a confirmed tap closes it)
        asked = render_block(PAGE, "confirm", confirm=confirm, version=opened.version, oob=True)
        html = render_changed(opened, notice=notice) + asked
    response = make_response(html, status)
    response.headers["Vary"] = "HX-Request"
    return response


HISTORY = "game/history.html"
HISTORY_PAGE = 50  # events a page of the history shows: its cost never grows with the game


@bp.get("/history")
def history(game_id: str) -> Any:
    """The game's actions in words with their times, newest first, a page at a time."""
    row = db.find_game(game_id)  # from the log alone: it opens even if the game cannot
    if row is None:
        return _missing(game_id)
    before = query_int("before")  # missing or malformed: from the newest
    events = db.events_before(game_id, before, HISTORY_PAGE + 1)  # one more: are there older?
    shown = events[:HISTORY_PAGE]
    older = shown[-1].seq if len(events) > HISTORY_PAGE else None
    context = {"row": row, "events": shown, "before": before, "older": older}
    if is_htmx():  # "Show older": the next rows and button, in place of the button
        html = render_block(HISTORY, "events", **context, loaded_more=True)
    else:  # the same link without JavaScript: the whole page, from there on
        html = render_template(HISTORY, **context)
    response = make_response(html)
    response.headers["Vary"] = "HX-Request"
    return response
