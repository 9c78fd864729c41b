"""The card library: decks of the players' own cards, their editor, deck files."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..bots.whole_cards import WholeCards
from ..engine import Bot, get_bot
from ..engine.capabilities import cards_of
from ..engine.file_versions import as_written
from ..engine.json_input import JsonInputError, NumberTooLarge, parse_json
from ..engine.registry import UnknownBot
from ..service import library
from ..storage import db
from .devices import current_device, saved_device
from .downloads import json_download
from .errors import error_page, go_to
from .forms import entry_value, form_text, uploaded_file
from .i18n import refusal, translate
from .plugins import pages_of

bp = Blueprint("library", __name__, url_prefix="/library/<bot_id>")


def _bot(bot_id: str) -> Bot[Any]:
    """A bot whose pages show cards: it has a library (404 for any other)."""
    try:
        bot = get_bot(bot_id)
    except UnknownBot:
        abort(404)
    if not pages_of(bot_id).templates.cards:
        abort(404)
    return bot


def _page(template: str, bot: Bot[Any], **context: Any) -> str:
    """A library page: the bot, its declared pages (their templates draw its cards)."""
    return render_template(template, bot=bot, pages=pages_of(bot.id), **context)


def _deck(bot_id: str, deck_id: str) -> library.LibraryDeck:
    found = library.find(bot_id, deck_id, current_device().id)
    if found is None:
        abort(404)
    return found


def _editable(bot_id: str, deck_id: str) -> library.LibraryDeck:
    found = _deck(bot_id, deck_id)
    if found.demo:
        abort(405)  # the demo deck is read-only
    return found


@bp.get("")
def index(bot_id: str) -> str:
    """Every deck of this bot: the demo, the players' own, imported ones."""
    return _page(
        "library/index.html",
        _bot(bot_id),
        decks=library.decks(bot_id, current_device().id),
        unclaimed=db.unclaimed(),
    )


@bp.post("/new")
def new(bot_id: str) -> BaseResponse:
    _bot(bot_id)
    deck_id = library.create(bot_id, form_text("name", max_length=80), saved_device().id)
    return redirect(url_for("library.deck", bot_id=bot_id, deck_id=deck_id), code=303)


@bp.get("/<deck_id>")
def deck(bot_id: str, deck_id: str) -> str:
    """A deck's cards and how complete each is."""
    return _page("library/deck.html", _bot(bot_id), deck=_deck(bot_id, deck_id))


@bp.get("/<deck_id>/card/<card_id>")
def card(bot_id: str, deck_id: str, card_id: str) -> str:
    """Everything entered of one card, each part with its editor link."""
    bot = _bot(bot_id)
    found = _deck(bot_id, deck_id)
    entered = next((c for c in found.data["cards"] if c["id"] == card_id), None)
    whole = bot.cards if isinstance(bot.cards, WholeCards) else None
    if entered is None and whole is not None and card_id not in whole.card_ids():
        abort(404)  # no such card in this game's box: nothing to show or enter
    return _page("library/card.html", bot, deck=found, card_id=card_id, card=entered)


@bp.get("/<deck_id>/card/<card_id>/<part>")
def edit(bot_id: str, deck_id: str, card_id: str, part: str) -> Any:
    """The quick-entry editor for one part of a card (one section of one side)."""
    bot = _bot(bot_id)
    found = _editable(bot_id, deck_id)
    try:
        start = cards_of(bot).deck_entry(found.data, card_id, part)
    except ValueError as error:
        return error_page(404, refusal(error))
    editor = pages_of(bot_id).entry
    assert editor is not None  # a bot with cards has its editor (BotPages)
    save = url_for("library.save", bot_id=bot_id, deck_id=deck_id, card_id=card_id, part=part)
    return _page(
        "library/entry.html",
        bot,
        deck=found,
        card_id=card_id,
        draft=editor.start(start, None),
        save_url=save,
    )


@bp.post("/<deck_id>/card/<card_id>/<part>")
def save(bot_id: str, deck_id: str, card_id: str, part: str) -> Any:
    """Store an entered part of a card in the deck; games already played keep theirs."""
    bot = _bot(bot_id)
    found = _editable(bot_id, deck_id)
    data = found.data
    try:
        cards = cards_of(bot)
        entry = cards.deck_entry(data, card_id, part)
        raw = entry_value()
        answer = cards.check_entry(data, entry, parse_json(raw) if isinstance(raw, str) else raw)
        cards.learn(data, entry, answer)
        library.save(deck_id, data)
    except ValueError as error:
        return error_page(
            422, _("This card cannot be saved: %(why)s. Nothing was changed.", why=refusal(error))
        )
    return go_to(url_for("library.card", bot_id=bot_id, deck_id=deck_id, card_id=card_id))


@bp.post("/<deck_id>/card/<card_id>/delete")
def delete_card(bot_id: str, deck_id: str, card_id: str) -> BaseResponse:
    _bot(bot_id)
    found = _editable(bot_id, deck_id)
    data = found.data
    data["cards"] = [c for c in data["cards"] if c["id"] != card_id]
    library.save(deck_id, data)
    return redirect(url_for("library.deck", bot_id=bot_id, deck_id=deck_id), code=303)


@bp.post("/<deck_id>/rename")
def rename(bot_id: str, deck_id: str) -> BaseResponse:
    _bot(bot_id)
    data = _editable(bot_id, deck_id).data
    data["name"] = form_text("name", max_length=80)
    library.save(deck_id, data)
    return redirect(url_for("library.deck", bot_id=bot_id, deck_id=deck_id), code=303)


@bp.get("/<deck_id>/delete")
def confirm_delete(bot_id: str, deck_id: str) -> str:
    return _page("library/delete.html", _bot(bot_id), deck=_editable(bot_id, deck_id))


@bp.post("/<deck_id>/delete")
def delete(bot_id: str, deck_id: str) -> BaseResponse:
    _bot(bot_id)
    _editable(bot_id, deck_id)
    library.delete(deck_id)
    return redirect(url_for("library.index", bot_id=bot_id), code=303)


@bp.get("/<deck_id>/export")
def export(bot_id: str, deck_id: str) -> Response:
    """The deck as one JSON file in the published, versioned format."""
    _bot(bot_id)
    found = _deck(bot_id, deck_id)
    return json_download(as_written(found.data), found.name)


@bp.post("/import")
def import_file(bot_id: str) -> Any:
    """Check a deck file in full before anything is stored; ask on a name clash."""
    bot = _bot(bot_id)
    content = uploaded_file("file")
    if content is None:
        return error_page(400, _("Choose a deck file to import."))
    try:
        data = cards_of(bot).validate_deck(parse_json(content))
    except NumberTooLarge as error:  # JSON, and maybe a deck file: refused as one
        return _refused_deck_file(error)
    except JsonInputError as error:
        return error_page(
            422,
            _(
                "This file is not a Botdeck deck file (%(why)s). Nothing was imported.",
                why=translate(error.reason),
            ),
        )
    except ValueError as error:
        return _refused_deck_file(error)
    if data["bot"] != bot_id:
        return error_page(422, _("This deck file is for another bot. Nothing was imported."))
    owner = saved_device().id
    clash = library.named(bot_id, data["name"], owner)
    if clash is not None:
        return _page("library/import_clash.html", bot, clash=clash, data=json.dumps(data))
    deck_id = library.store(bot_id, data, owner)
    return redirect(url_for("library.deck", bot_id=bot_id, deck_id=deck_id), code=303)


def _refused_deck_file(error: ValueError) -> tuple[str, int, dict[str, str]]:
    return error_page(
        422,
        _("This deck file cannot be imported: %(why)s. Nothing was imported.", why=refusal(error)),
    )


@bp.post("/import/resolve")
def resolve_import(bot_id: str) -> Any:
    """Keep both decks (the new one renamed) or replace the one with the same name."""
    bot = _bot(bot_id)
    choice = form_text("choice", max_length=10)
    try:
        data = cards_of(bot).validate_deck(parse_json(request.form.get("data", "")))
    except ValueError as error:
        return _refused_deck_file(error)
    owner = saved_device().id
    clash = library.named(bot_id, data["name"], owner)
    if choice == "replace" and clash is not None:
        deck_id = library.store(bot_id, data, owner, replace=clash.id)
    elif choice in ("both", "replace"):
        data["name"] = library.free_name(bot_id, data["name"], owner)
        deck_id = library.store(bot_id, data, owner)
    else:
        return error_page(400, _("Choose to keep both decks or to replace the old one."))
    return redirect(url_for("library.deck", bot_id=bot_id, deck_id=deck_id), code=303)
