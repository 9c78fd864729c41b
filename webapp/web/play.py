"""The game page and every tap on it: answers, corrections, undo and redo; the History
and "Undo back to here"."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block

from ..engine import ConfirmFirst, GameOver, InvalidAnswer, msg
from ..engine.actions import Answered, Change, Corrected, Overturned, Redo, Undo, kind_of
from ..engine.game import REASON_LENGTH
from ..service import games, history, live
from ..storage import db
from .devices import join_game, join_url, saved_device
from .errors import go_to, is_htmx
from .forms import entry_value, form_int, form_text, query_int
from .fragments import PAGE, page_context, render_changed, render_page
from .i18n import refusal, translate, translate_json
from .live_view import game_stream
from .refused_forms import refused_form, sent_fields
from .removal import missing_game

bp = Blueprint("play", __name__, url_prefix="/g/<game_id>")


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
    try:
        response = games.read(game_id, _whole_page)
    except games.GameUnreadable:
        return _repair(game_id)
    except games.GameNotFound:
        return _missing(game_id)
    # Never show a cached copy (back button, bfcache): the server's state is the truth.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Vary"] = "HX-Request"
    return response


def _whole_page(opened: games.OpenGame) -> Any:
    return make_response(
        render_page(
            opened,
            events_url=url_for("play.events", game_id=opened.id, since=opened.version),
            notice=_said(opened.id, opened.version),
            join_url=join_url(opened.id, "play", url_for("play.join", game_id=opened.id)),
        )
    )


@bp.post("/join")
def join(game_id: str) -> Any:
    """The game put in this device's list, asked by its page once loaded."""
    if db.game_head(game_id) is None:
        return _missing(game_id)
    return join_game(game_id, "play")


def _said(game_id: str, version: int) -> str | None:
    """The words of the change `?said=` names (an undo back to a History entry, sent
    here from the History) while it is the game's latest (or the library answered the
    step it went back to at once): after a reload once the game moved on, it would tell
    of something past."""
    seq = query_int("said")
    if seq is None or not 0 <= version - seq <= 1:
        return None
    event = db.find_event(game_id, seq)
    return None if event is None or event.kind == "action" else translate_json(event.summary)


@bp.get("/events")
def events(game_id: str) -> Any:
    """The game's live stream (Server-Sent Events)."""
    if db.game_head(game_id) is None:
        return _missing(game_id)
    return game_stream(game_id, watch=False)


@bp.post("/answer")
def answer(game_id: str) -> Any:
    """Answer the pending step."""
    return _change(game_id, Answered(entry_value()))


@bp.post("/correct")
def correct(game_id: str) -> Any:
    """Set one of the bot's counters by hand."""
    field = form_text("field", max_length=40)
    return _change(game_id, Corrected(field, form_text("value", max_length=6)))


@bp.post("/overturn")
def overturn(game_id: str) -> Any:
    """The table overturns what the bot decided at this step (an ability changes it)."""
    to = form_text("to", max_length=20)
    reason = form_text("reason", max_length=REASON_LENGTH, required=False)
    return _change(game_id, Overturned(to, reason))


@bp.post("/undo")
def undo(game_id: str) -> Any:
    return _change(game_id, Undo())


@bp.post("/redo")
def redo(game_id: str) -> Any:
    return _change(game_id, Redo())


def _change(game_id: str, change: Change) -> Any:
    version = form_int("version")
    kind = kind_of(change)
    ask_first = kind == "action" and request.form.get(CONFIRMED) != "yes"
    with live.held():  # the other devices hear of it once rendered
        try:
            return games.change(
                game_id,
                version,
                change,
                device=saved_device().name,
                ask_first=ask_first,
                then=lambda opened, refused: _answer(opened, kind, refused),
            )
        except games.GameNotFound:
            return _missing(game_id)
        except games.GameUnreadable:
            return go_to(url_for("play.page", game_id=game_id))  # which offers Undo and Export


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


def _answer(opened: games.OpenGame, kind: str, refused: Exception | None) -> Any:
    """A tap's answer, the game held still: as the change left it, or (`refused`) as it
    is, saying why nothing changed."""
    notice, status, confirm = None, 200, None
    if isinstance(refused, db.StaleVersion):
        notice, status = (
            _("Already resolved on another device: here is the game as it is now."),
            409,
        )
    elif isinstance(refused, games.NothingToUndo):
        notice = _("There is nothing to undo or redo.")
    elif isinstance(refused, GameOver):
        notice = _("The game is over.")
    elif isinstance(refused, ConfirmFirst):  # nothing changed: asked again, with what it does
        confirm = _to_confirm(refused)
    elif isinstance(refused, InvalidAnswer):
        if refused.problems and kind == "action":
            return _refused_form(opened, refused)
        notice, status = (
            _(
                "That answer does not fit this step (%(why)s). Nothing was changed.",
                why=refusal(refused),
            ),
            422,
        )
    elif refused is not None:
        notice, status = (
            _("That change cannot be made (%(why)s). Nothing was changed.", why=refusal(refused)),
            422,
        )
    elif kind in ("undo", "redo"):
        notice = translate(games.undone_or_redone(opened, kind))  # in the page's language
    if not is_htmx() and confirm is None:
        return redirect(url_for("play.page", game_id=opened.id), code=303)
    if not is_htmx():  # without scripts: the page, the confirmation open on it
        html = render_page(opened, confirm=confirm, events_url=None)
    else:  # the confirmation, or none (a confirmed tap closes it)
        asked = render_block(PAGE, "confirm", confirm=confirm, version=opened.version, oob=True)
        html = render_changed(opened, notice=notice) + asked
    response = make_response(html, status)
    response.headers["Vary"] = "HX-Request"
    return response


def _refused_form(opened: games.OpenGame, error: InvalidAnswer) -> Any:
    """A form refused field by field: the question shown again as it was typed, each
    refusal next to its field, the first focused; nothing stored (422). With htmx only
    the question is sent, in place of the one on the page."""
    refused, sent = refused_form(error.problems), sent_fields()
    if not is_htmx():
        html = render_page(opened, refused=refused, sent=sent, notice=refused.notice())
        return make_response(html, 422, {"Cache-Control": "no-store"})
    context = page_context(opened, refused=refused, sent=sent)
    html = render_template("game/_question.html", **context)
    html += render_block(PAGE, "notice", notice=refused.notice(), oob=True)
    headers = {"HX-Retarget": "#question", "HX-Reswap": "outerHTML", "Vary": "HX-Request"}
    return make_response(html, 422, headers)


HISTORY = "game/history.html"
HISTORY_PAGE = 50  # events a page of the history shows: its cost never grows with the game


@bp.get("/history", endpoint="history")
def history_page(game_id: str) -> Any:
    """The game's actions in words with their times, newest first, a page at a time,
    under the turn each was taken at; "Undo back to here" on those still in effect."""
    return _history(game_id, query_int("before"))  # missing or malformed: from the newest


def _history(game_id: str, before: int | None, notice: str | None = None, status: int = 200) -> Any:
    row = db.find_game(game_id)  # from the log alone: it opens even if the game cannot
    if row is None:
        return _missing(game_id)
    found = history.page(game_id, before, HISTORY_PAGE)
    context = {
        "row": row,
        "entries": found.entries,
        "before": before,
        "older": found.older,
        "version": row.version,  # what an "Undo back to here" saw (read before the events)
        "by_turn": history.by_turn,
        "notice": notice,
    }
    if is_htmx() and notice is None:  # "Show older": the next rows and button, in its place
        html = render_block(HISTORY, "events", **context, loaded_more=True)
    else:  # the same link without JavaScript: the whole page, from there on
        html = render_template(HISTORY, **context)
    response = make_response(html, status)
    response.headers["Vary"] = "HX-Request"
    if status != 200:
        response.headers["Cache-Control"] = "no-store"
    return response


def _moved_on(game_id: str) -> Any:
    """The History as it is now: the game changed since the device saw it (409)."""
    said = _(
        "The game changed on another device since: here is its history as it is now."
        " Nothing was undone."
    )
    return _history(game_id, None, said, 409)


def _refused(game_id: str, error: BaseException) -> Any:
    """The History as it is now, saying why "Undo back to here" changed nothing (422)."""
    said = _(
        "Botdeck cannot go back to that entry: %(why)s. Nothing was changed.", why=refusal(error)
    )
    return _history(game_id, None, said, 422)


@bp.get("/undo-to", endpoint="undo_to_confirm")
def undo_to_confirm(game_id: str) -> Any:
    """ "Undo back to here" of several actions, asked first: how many, back to what."""
    row = db.find_game(game_id)
    if row is None:
        return _missing(game_id)
    seq, version = query_int("to"), query_int("version")
    if version != row.version:
        return _moved_on(game_id)
    entry = None if seq is None else history.entry(game_id, seq)
    if entry is None or not entry.in_effect:
        return _refused(game_id, games.NotInEffect(msg("it is no longer in effect")))
    if not entry.undoes:
        return _refused(game_id, games.NothingToUndo(msg("nothing came after it")))
    taken = _taken_back(game_id, entry.undoes)
    html = render_template("game/undo_to.html", row=row, entry=entry, version=version, taken=taken)
    return html, 200, {"Cache-Control": "no-store"}


TAKEN_BACK_SHOWN = 8  # the confirmation lists the newest of what goes; "and 12 more"


def _taken_back(game_id: str, count: int) -> list[dict[str, Any]]:
    """The words of the newest of the `count` last actions, newest first (none for a
    game Botdeck cannot rebuild: the confirmation then says only how many)."""

    def newest(opened: games.OpenGame) -> list[dict[str, Any]]:
        said = opened.summaries[-count:][-TAKEN_BACK_SHOWN:]
        return [words for words in reversed(said) if words is not None]

    try:
        return games.read(game_id, newest)
    except games.GameUnreadable:
        return []


@bp.post("/undo-to")
def undo_to(game_id: str) -> Any:
    """Undo back to a History entry: every action after it taken back, as one change
    (confirmed on the History when it is more than one)."""
    version, seq = form_int("version"), form_int("to")
    with live.held():  # the other devices hear of it once answered
        try:
            games.undo_back_to(game_id, version, seq, device=saved_device().name)
        except games.GameNotFound:
            return _missing(game_id)
        except db.StaleVersion:
            return _moved_on(game_id)
        except (games.NotInEffect, games.NothingToUndo, ValueError) as error:
            return _refused(game_id, error)
        except games.GameUnreadable:  # undone from its log: the page offers Undo and Export
            return go_to(url_for("play.page", game_id=game_id))
    return go_to(url_for("play.page", game_id=game_id, said=version + 1))
