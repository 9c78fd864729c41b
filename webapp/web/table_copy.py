"""The library's front page (a tile per game) and "Your copy of <game>": every printed
part Botdeck needs, each with its state, entered in the form a game asks it with; the
table's board; Undo; the copy as one file."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..engine import Bot, all_bots, get_bot
from ..engine.json_input import JsonInputError, NumberTooLarge, parse_json
from ..engine.registry import UnknownBot
from ..service import boards, library, table_copy
from .devices import current_device, saved_device
from .downloads import json_download
from .errors import error_page, go_to
from .forms import entry_value, form_text, uploaded_file
from .i18n import refusal, translate
from .plugins import pages_of

bp = Blueprint("table_copy", __name__)
AT = "/library/<bot_id>/copy"


def _bot(bot_id: str) -> Bot[Any]:
    try:
        return get_bot(bot_id)
    except UnknownBot:
        abort(404)


def _page(template: str, bot: Bot[Any], **context: Any) -> str:
    return render_template(template, bot=bot, pages=pages_of(bot.id), **context)


def _part(bot_id: str, key: str) -> table_copy.PartState:
    found = table_copy.find_part(bot_id, key, current_device().id)
    if found is None:
        abort(404)
    return found


@bp.get("/library")
def library_index() -> str:
    """A tile per game: its copy, its cards, its boards."""
    owner = current_device().id
    tiles = []
    for bot in all_bots():
        found = table_copy.parts(bot.id, owner)
        tiles.append(
            {
                "bot": bot,
                "pages": pages_of(bot.id),
                "parts": len(found),
                "entered": table_copy.entered_count(found),
                "board": table_copy.table_board(bot.id, owner) if bot.board is not None else None,
                "decks": library.decks(bot.id, owner) if pages_of(bot.id).templates.cards else [],
            }
        )
    return render_template("library/games.html", tiles=tiles)


@bp.get(AT)
def page(bot_id: str) -> str:
    """Everything of the printed game Botdeck needs, in the rulebook's setup order."""
    bot = _bot(bot_id)
    owner = current_device().id
    pages = pages_of(bot_id)
    return _page(
        "library/copy.html",
        bot,
        parts=table_copy.parts(bot_id, owner),
        board=table_copy.table_board(bot_id, owner),
        own_boards=boards.boards(bot_id, owner) if bot.board is not None else [],
        decks=library.decks(bot_id, owner) if pages.templates.cards else [],
        can_undo=table_copy.can_undo(bot_id, owner),
    )


@bp.get(AT + "/part/<key>")
def part(bot_id: str, key: str) -> str:
    """A part's form, as a game asks it, filled in with what the copy holds."""
    bot = _bot(bot_id)
    found = _part(bot_id, key)
    return _part_page(bot, found)


def _part_page(bot: Bot[Any], found: table_copy.PartState, error: str | None = None) -> str:
    return _page(
        "library/copy_part.html",
        bot,
        found=found,
        q=found.part.question,
        kept=None if found.state == table_copy.DEMO else found.value,
        answer_url=url_for("table_copy.save_part", bot_id=bot.id, key=found.part.key),
        error=error,
        copy_part=True,  # the form without a game's buttons (templates/questions/fields.html)
    )


@bp.post(AT + "/part/<key>")
def save_part(bot_id: str, key: str) -> Any:
    """Store a part entered as a game checks it; a refusal changes nothing."""
    bot = _bot(bot_id)
    found = _part(bot_id, key)
    raw = entry_value()
    try:
        table_copy.save_part(bot_id, found.part, raw, saved_device().id)
    except ValueError as error:
        why = _("This part cannot be saved: %(why)s. Nothing was changed.", why=refusal(error))
        return error_page(422, why)
    target = url_for("table_copy.page", bot_id=bot.id, saved=key) + "#part-" + _anchor(key)
    return go_to(target)


def _anchor(key: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in key)


@bp.post(AT + "/extra")
def extra(bot_id: str) -> Any:
    """A part of a kind the bot lists once entered (another faction): its form."""
    bot = _bot(bot_id)
    if bot.copy.extra is None:
        abort(404)
    try:
        added = bot.copy.extra_part(form_text("name", max_length=80))
    except ValueError as error:
        return error_page(422, refusal(error))
    return redirect(url_for("table_copy.part", bot_id=bot_id, key=added.key), code=303)


@bp.post(AT + "/board")
def choose_board(bot_id: str) -> BaseResponse | tuple[str, int, dict[str, str]]:
    """Which board of the library is the table's."""
    bot = _bot(bot_id)
    if bot.board is None:
        abort(404)
    try:
        table_copy.choose_board(bot_id, form_text("board_id", max_length=40), saved_device().id)
    except KeyError:
        return error_page(404, _("That board is not in the library."))
    return redirect(url_for("table_copy.page", bot_id=bot_id) + "#board", code=303)


@bp.post(AT + "/undo")
def undo(bot_id: str) -> BaseResponse:
    """The copy as it was before its last change (a part saved, a board chosen, a file
    imported, a part entered in a game)."""
    _bot(bot_id)
    undone = table_copy.undo(bot_id, saved_device().id)
    return redirect(url_for("table_copy.page", bot_id=bot_id, undone=int(undone)), code=303)


@bp.get(AT + "/export")
def export(bot_id: str) -> Response:
    """The whole copy as one file (its parts and the table's board)."""
    bot = _bot(bot_id)
    data = table_copy.export(bot_id, current_device().id)
    return json_download(data, _("Copy of %(game)s", game=translate(bot.game_name)), prefix="")


@bp.post(AT + "/import")
def import_file(bot_id: str) -> Any:
    """Check a copy file in full; refuse it whole with the part and field, or store it."""
    _bot(bot_id)
    content = uploaded_file("file")
    if content is None:
        return error_page(400, _("Choose a copy file to import."))
    try:
        checked = table_copy.check_file(bot_id, parse_json(content))
    except NumberTooLarge as error:  # JSON, and maybe a copy file: refused as one
        return _refused_copy_file(error)
    except JsonInputError as error:
        return error_page(
            422,
            _(
                "This file is not a Botdeck copy file (%(why)s). Nothing was imported.",
                why=translate(error.reason),
            ),
        )
    except ValueError as error:
        return _refused_copy_file(error)
    table_copy.store_file(checked, saved_device().id)
    return redirect(url_for("table_copy.page", bot_id=bot_id, imported=1), code=303)


def _refused_copy_file(error: ValueError) -> tuple[str, int, dict[str, str]]:
    return error_page(
        422,
        _("This copy file cannot be imported: %(why)s. Nothing was imported.", why=refusal(error)),
    )


@bp.get("/schemas/<bot_id>-copy.json")
def schema(bot_id: str) -> Response | tuple[str, int, dict[str, str]]:
    """The published JSON Schema of a game's copy files."""
    try:
        get_bot(bot_id)
    except UnknownBot:
        return error_page(404, _("There is no such bot."))
    return Response(
        json.dumps(table_copy.schema(bot_id), indent=2), mimetype="application/schema+json"
    )
