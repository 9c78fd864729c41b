"""The board library: the players' own boards, their tap editor, board files."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..bots.pages import BoardEditor
from ..engine import Bot, get_bot
from ..engine.capabilities import board_of
from ..engine.file_versions import as_written
from ..engine.json_input import JsonInputError, NumberTooLarge, parse_json
from ..engine.registry import UnknownBot
from ..service import boards
from .devices import current_device, saved_device
from .downloads import json_download
from .errors import error_page, is_htmx
from .forms import form_text, uploaded_file
from .i18n import refusal, translate
from .plugins import pages_of

bp = Blueprint("boards", __name__)
AT = "/library/<bot_id>/boards"
# What another kind of Botdeck file says it is, for a refusal in words.
OTHER_FILES = {"botdeck-deck": "deck", "botdeck-game": "game", "botdeck-collection": "collection"}


def _bot(bot_id: str) -> Bot[Any]:
    """A bot that plays on a board of the players' own (404 for any other)."""
    try:
        bot = get_bot(bot_id)
    except UnknownBot:
        abort(404)
    if bot.board is None:
        abort(404)
    return bot


def _editor(bot_id: str) -> BoardEditor | None:
    return pages_of(bot_id).board_editor


def _board(bot_id: str, board_id: str) -> boards.LibraryBoard:
    found = boards.find(bot_id, board_id, current_device().id)
    if found is None:
        abort(404)
    return found


def _own(bot_id: str, board_id: str) -> boards.LibraryBoard:
    found = _board(bot_id, board_id)
    if found.demo:
        abort(405)  # the demo board is read-only
    return found


def _page(template: str, bot: Bot[Any], **context: Any) -> str:
    return render_template(
        template, bot=bot, pages=pages_of(bot.id), editor=_editor(bot.id), **context
    )


@bp.get(AT)
def index(bot_id: str) -> str:
    """The demo board and the players' own, each with what it lacks."""
    bot = _bot(bot_id)
    return _page(
        "library/boards.html",
        bot,
        demo=boards.demo(bot_id),
        boards=boards.boards(bot_id, current_device().id),
    )


@bp.post(AT + "/new")
def new(bot_id: str) -> BaseResponse:
    _bot(bot_id)
    board_id = boards.create(bot_id, form_text("name", max_length=80), saved_device().id)
    return redirect(url_for("boards.board", bot_id=bot_id, board_id=board_id), code=303)


@bp.get(AT + "/<board_id>")
def board(bot_id: str, board_id: str) -> str:
    """The board drawn: the tap editor for the players' own, a drawing for the demo."""
    bot = _bot(bot_id)
    found = _board(bot_id, board_id)
    return _page("library/board.html", bot, board=found, **_editor_context(bot_id, found))


def _editor_context(
    bot_id: str, found: boards.LibraryBoard, editing: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the bot's editor template is given (see `BoardEditor.template`)."""
    editor = _editor(bot_id)
    if editor is None:
        return {}
    editing = editor.start(found.data) if editing is None else editing
    owner = current_device().id
    return {
        "board_file": found.data,
        "editing": editing,
        "view": editor.view(found.data, editing),
        "readonly": found.demo,
        "tap_url": url_for("boards.tap", bot_id=bot_id, board_id=found.id),
        "undo_url": (
            url_for("boards.undo", bot_id=bot_id, board_id=found.id)
            if not found.demo and boards.can_undo(bot_id, found.id, owner)
            else None
        ),
    }


@bp.post(AT + "/<board_id>/tap")
def tap(bot_id: str, board_id: str) -> Any:
    """One tap of the editor: the board is saved, the editor drawn again."""
    bot = _bot(bot_id)
    editor = _editor(bot_id)
    found = _own(bot_id, board_id)
    if editor is None:
        abort(404)
    editing = _posted_editing(editor, found.data)
    fields = {key: value for key, value in request.form.items() if key != "editing"}
    status, error = 200, None
    try:
        data, editing = editor.edit(found.data, editing, fields)
        if data != found.data:
            boards.save(bot_id, board_id, data, saved_device().id)
            found = _board(bot_id, board_id)
    except ValueError as refused:
        status, error = 422, refusal(refused)
    if not is_htmx():
        if error is not None:
            return error_page(status, error)
        return redirect(url_for("boards.board", bot_id=bot_id, board_id=board_id), code=303)
    context = _editor_context(bot_id, found, editing)
    return (
        render_template(editor.template, bot=bot, tap_error=error, answering_tap=True, **context),
        status,
    )


def _posted_editing(editor: BoardEditor, board: dict[str, Any]) -> dict[str, Any]:
    """The editor's state sent back with the tap (its start if it is not one)."""
    try:
        editing = parse_json(request.form.get("editing", ""))
    except ValueError:
        return editor.start(board)
    return editing if isinstance(editing, dict) else editor.start(board)


@bp.post(AT + "/<board_id>/undo")
def undo(bot_id: str, board_id: str) -> Any:
    """The board as it was before the editor's last change."""
    bot = _bot(bot_id)
    _own(bot_id, board_id)
    boards.undo(bot_id, board_id, saved_device().id)
    editor = _editor(bot_id)
    if editor is None or not is_htmx():
        return redirect(url_for("boards.board", bot_id=bot_id, board_id=board_id), code=303)
    found = _board(bot_id, board_id)
    editing = _posted_editing(editor, found.data)
    context = _editor_context(bot_id, found, {**editing, "picked": []})
    return render_template(editor.template, bot=bot, answering_tap=True, **context)


@bp.post(AT + "/<board_id>/rename")
def rename(bot_id: str, board_id: str) -> Any:
    _bot(bot_id)
    _own(bot_id, board_id)
    try:
        boards.rename(bot_id, board_id, form_text("name", max_length=80), saved_device().id)
    except ValueError as error:
        return error_page(422, _("This name cannot be used: %(why)s.", why=refusal(error)))
    return redirect(url_for("boards.board", bot_id=bot_id, board_id=board_id), code=303)


@bp.get(AT + "/<board_id>/delete")
def confirm_delete(bot_id: str, board_id: str) -> str:
    return _page("library/delete_board.html", _bot(bot_id), board=_own(bot_id, board_id))


@bp.post(AT + "/<board_id>/delete")
def delete(bot_id: str, board_id: str) -> BaseResponse:
    _bot(bot_id)
    _own(bot_id, board_id)
    boards.delete(bot_id, board_id, saved_device().id)
    return redirect(url_for("boards.index", bot_id=bot_id), code=303)


@bp.get(AT + "/<board_id>/export")
def export(bot_id: str, board_id: str) -> Response:
    """The board as one JSON file in the published, versioned format."""
    _bot(bot_id)
    found = _board(bot_id, board_id)
    return json_download(as_written(found.data), found.name, prefix="board-")


@bp.post(AT + "/import")
def import_file(bot_id: str) -> Any:
    """Check a board file in full before anything is stored."""
    bot = _bot(bot_id)
    content = uploaded_file("file")
    if content is None:
        return error_page(400, _("Choose a board file to import."))
    try:
        data = parse_json(content)
    except NumberTooLarge as error:  # JSON, and maybe a board file: refused as one
        return _refused_board_file(error)
    except JsonInputError as error:
        return error_page(
            422,
            _(
                "This file is not a Botdeck board file (%(why)s). Nothing was imported.",
                why=translate(error.reason),
            ),
        )
    wrong_kind = _wrong_kind(bot_id, data)
    if wrong_kind is not None:
        return error_page(422, wrong_kind)
    try:
        data = board_of(bot).validate(data)
    except ValueError as error:
        return _refused_board_file(error)
    data.pop("photo", None)  # a photo stays on the Botdeck that took it, never in the file
    owner = saved_device().id
    data["name"] = boards.free_name(bot_id, data["name"], owner)
    board_id = boards.store(bot_id, data, owner)
    return redirect(url_for("boards.board", bot_id=bot_id, board_id=board_id), code=303)


def _refused_board_file(error: ValueError) -> tuple[str, int, dict[str, str]]:
    return error_page(
        422,
        _("This board file cannot be imported: %(why)s. Nothing was imported.", why=refusal(error)),
    )


def _wrong_kind(bot_id: str, data: Any) -> str | None:
    """A refusal in words for a Botdeck file that is not a board, or for another bot."""
    if not isinstance(data, dict):
        return None
    kind = OTHER_FILES.get(str(data.get("format")))
    if kind == "deck":
        return _("This is a deck file, not a board file: import it in the card library.")
    if kind is not None:
        return _("This is a game or collection file, not a board file. Nothing was imported.")
    if data.get("format") == "botdeck-board" and data.get("bot") != bot_id:
        return _("This board file is for another bot. Nothing was imported.")
    return None


@bp.get("/schemas/<bot_id>-board.json")
def schema(bot_id: str) -> Response | tuple[str, int, dict[str, str]]:
    """The published JSON Schema of a bot's board files."""
    try:
        bot = get_bot(bot_id)
    except UnknownBot:
        return error_page(404, _("There is no such bot."))
    if bot.board is None:
        return error_page(404, _("There is no such bot."))
    return Response(json.dumps(bot.board.schema(), indent=2), mimetype="application/schema+json")
