"""The quick-entry editor's taps: the draft comes in, the redrawn editor goes out."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext as _

from ..engine import get_bot
from ..engine.json_input import parse_json
from ..engine.registry import UnknownBot
from .errors import error_page
from .forms import posts_to

bp = Blueprint("entry", __name__, url_prefix="/entry")
SAVE_ENDPOINTS = ("play.answer", "library.save")


@bp.post("/<bot_id>")
def edit(bot_id: str) -> Any:
    """Apply one tap to the card being entered (nothing is stored here)."""
    try:
        bot = get_bot(bot_id)
    except UnknownBot:
        return error_page(404, _("There is no such bot."))
    if bot.entry_template is None:
        return error_page(404, _("This bot has no cards to enter."))
    try:
        draft = parse_json(request.form.get("draft", ""))
    except ValueError:
        return error_page(400, _("The card being entered was lost: start its entry again."))
    # where the editor's finished entry goes: only ever a game's answer or a library card
    if not isinstance(draft, dict) or not posts_to(draft.get("save"), *SAVE_ENDPOINTS):
        return error_page(400, _("The card being entered was lost: start its entry again."))
    form = {k: v for k, v in request.form.items() if k != "draft"}
    extra: dict[str, Any] = {}
    status = 200
    try:
        draft = bot.edit_entry(draft, form)
    except ValueError as error:
        try:
            bot.entry_view(draft)
        except (ValueError, KeyError, TypeError, AttributeError):
            return error_page(400, _("The card being entered was lost: start its entry again."))
        extra["entry_error"] = str(error)
        status = 422
    if "version" in request.form:
        extra["version"] = request.form["version"]
    return render_template(bot.entry_template, bot=bot, draft=draft, **extra), status
