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
from .i18n import refusal
from .plugins import pages_of

bp = Blueprint("entry", __name__, url_prefix="/entry")
SAVE_ENDPOINTS = ("play.answer", "library.save", "table_copy.save_part")
FIELDS = ("draft", "save")  # the editor's own fields; the others are the tap's


@bp.post("/<bot_id>")
def edit(bot_id: str) -> Any:
    """Apply one tap to the card being entered (nothing is stored here)."""
    try:
        bot, pages = get_bot(bot_id), pages_of(bot_id)
    except UnknownBot:
        return error_page(404, _("There is no such bot."))
    if pages.entry is None:
        return error_page(404, _("This bot has no cards to enter."))
    draft, save_url = _posted_draft()
    # where the editor's finished entry goes: only ever a game's answer or a library card
    if draft is None or not posts_to(save_url, *SAVE_ENDPOINTS) or pages.entry.edit is None:
        return error_page(400, _("The card being entered was lost: start its entry again."))
    context: dict[str, Any] = {"bot": bot, "pages": pages, "save_url": save_url}
    if "version" in request.form:  # the editor of a game's question: the game's version
        context["version"] = request.form["version"]
    try:
        draft = pages.entry.edit(draft, {k: v for k, v in request.form.items() if k not in FIELDS})
    except ValueError as error:
        try:
            (pages.entry.view or dict)(draft)
        except (ValueError, KeyError, TypeError, AttributeError):
            return error_page(400, _("The card being entered was lost: start its entry again."))
        context["entry_error"] = refusal(error)
    status = 422 if "entry_error" in context else 200
    return render_template(pages.templates.entry or "", draft=draft, **context), status


def _posted_draft() -> tuple[dict[str, Any] | None, str | None]:
    """The draft the editor posted back (None if it is not one) and its save address."""
    try:
        draft = parse_json(request.form.get("draft", ""))
    except ValueError:
        return None, None
    return (draft if isinstance(draft, dict) else None), request.form.get("save")
