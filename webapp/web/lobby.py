"""The lobby: start, list, resume, rename, export and import games; what was just
deleted, and what this device deleted lately (web/removal.py takes games away)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from ..bots.deckfile import DeckError
from ..bots.pages import FormFields
from ..engine import BadGameFile, Bot, all_bots, checked_options, get_bot
from ..engine.capabilities import cards_of
from ..engine.json_input import JsonInputError, NumberTooLarge, parse_json
from ..engine.registry import UnknownBot
from ..engine.text import Msg, reason
from ..service import boards, games, library, table_copy
from ..storage import db
from . import play_log
from .devices import current_device, saved_device
from .downloads import json_download
from .errors import error_page, is_htmx
from .forms import form_options, form_text, local_path, uploaded_file
from .i18n import refusal, translate
from .plugins import pages_of
from .refill import FormValues, refilled

bp = Blueprint("lobby", __name__)
bp.add_app_template_filter(refilled)


@bp.get("/ping")
def ping() -> tuple[str, int]:
    """Botdeck is up: an empty answer, for a script or a monitor that checks the server
    (and `make bench`'s floor: a route that does nothing, on the same server)."""
    return "", 204


@bp.get("/")
def index() -> str:
    """The games started or joined on this device, most recent first; the new-game form
    of the bot chosen by its tile (`?bot=`), else of the bot played last."""
    return _lobby(request.args.get("bot", ""))


def _lobby(
    chosen: str,
    *,
    kept: FormValues | None = None,
    errors: dict[str, str] | None = None,
) -> str:
    """The lobby; a refused new game comes back as `kept` (the fields as sent, filled in
    again) with `errors` by field ("" for the form as a whole)."""
    device = current_device()
    now = db.now()
    games_here = db.list_games(device.id)
    deleted = games.recently_deleted(device.id, now)
    bots = [(bot, pages_of(bot.id)) for bot in all_bots()]
    known = [bot.id for bot, _pages in bots]
    if chosen not in known:
        last = next((row.bot for row, role in games_here if role == "play"), "")
        chosen = last if last in known else known[0]
    taken = {row.name for row, _role in games_here}
    decks = {
        bot.id: library.decks(bot.id, device.id) for bot in all_bots() if bot.cards is not None
    }
    return render_template(
        "lobby/index.html",
        games=games_here,
        bots=bots,
        chosen=chosen,
        default_names={bot.id: _default_name(bot, taken) for bot, _pages in bots},
        kept=kept,
        errors=errors or {},
        decks=decks,
        deck_defaults={bot_id: _deck_default(found) for bot_id, found in decks.items()},
        boards={
            bot.id: boards.boards(bot.id, device.id) for bot in all_bots() if bot.board is not None
        },
        table_boards={
            bot.id: table_copy.table_board(bot.id, device.id)
            for bot in all_bots()
            if bot.board is not None
        },
        # a refused form is the request's: what it will use is read from it
        uses=_uses(get_bot(chosen), request.form if kept is not None else None),
        unclaimed=db.unclaimed(),
        deleted=deleted,
        notice=_notice(deleted),
        bot_names={bot.id: bot.name for bot, _pages in bots},
        device_id=device.id,
        can_delete=games.can_delete,
    )


def _deck_default(decks: list[library.LibraryDeck]) -> tuple[str, str]:
    """The cards a new game's form opens with (mode, deck): the table's own deck that
    knows the most cards (Botdeck draws when it is complete, else the table draws the
    printed cards), else a new deck of the printed cards. Never the invented demo deck:
    the table picks it by its name."""
    own = [deck for deck in decks if not deck.demo]
    if not own:
        return "physical", "new"
    best = max(own, key=lambda deck: deck.progress["sections"])  # first of equals: by name
    return ("app" if best.complete else "physical"), best.id


def _notice(deleted: list[tuple[db.GameRow, int]]) -> tuple[str, db.GameRow] | None:
    """What the lobby says of the game just deleted (with *Bring it back*), left or
    brought back: ("deleted" | "left" | "back", the game)."""
    if just_deleted := request.args.get("deleted"):
        found = next((row for row, _days in deleted if row.id == just_deleted), None)
        return None if found is None else ("deleted", found)
    if left := request.args.get("left"):
        row = db.find_game_by_watch_id(left)
        return None if row is None else ("left", row)
    if back := request.args.get("back"):
        row = db.find_game(back)
        return None if row is None else ("back", row)
    return None


def _default_name(bot: Bot[Any], taken: set[str]) -> str:
    """'Deacon game', then 'Deacon game 2'…: never the name of a game already listed
    on this device."""
    base = _("%(bot)s game", bot=translate(bot.name))
    number = 1
    name = base
    while name in taken:
        number += 1
        name = f"{base} {number}"
    return name


@bp.post("/games")
def create() -> BaseResponse | tuple[str, int, dict[str, str]]:
    """Start a game with the chosen bot and options; a refusal answers the form again,
    as it was sent, with the reason next to its field (nothing is created)."""
    bot_id = form_text("bot", max_length=40)
    try:
        bot = get_bot(bot_id)
        options = form_options(bot, pages_of(bot_id))
        if bot.board is not None:
            options = _library_board(bot, options)
        name = form_text("name", max_length=80, required=False) or _default_name(
            bot, db.game_names(current_device().id)
        )
        # a bot without cards has no deck fields: whatever a crafted form sends is ignored
        cards = _chosen_cards(bot, options) if bot.cards is not None else ChosenCards()
        game_id = games.create_game(
            bot_id,
            options,
            name=name,
            deck=cards.deck,
            deck_id=cards.deck_id,
            new_deck=cards.new_deck,
            device=saved_device().id,
        )
    except DeckFileError as error:
        why = _("This deck file cannot be used: %(why)s. Nothing was stored.", why=refusal(error))
        return _refused(bot_id, error.field, why)
    except DeckError as error:  # the bot's setup refused the deck chosen: said next to it
        why = _("This game cannot start: %(why)s", why=refusal(error))
        return _refused(bot_id, "deck_id", why)
    except (UnknownBot, ValueError) as error:
        why = _("This game cannot start: %(why)s", why=refusal(error))
        return _refused(bot_id, getattr(error, "field", ""), why)
    return redirect(url_for("play.page", game_id=game_id), code=303)


def _refused(bot_id: str, field: str, why: str) -> tuple[str, int, dict[str, str]]:
    return _lobby(bot_id, kept=request.form, errors={field: why}), 422, {}


class FieldError(ValueError):
    """A refused field of the start-a-game form: its reason is shown next to it."""

    def __init__(self, field: str, why: Msg | str) -> None:
        super().__init__(why)
        self.field = field


class DeckFileError(FieldError):
    def __init__(self, why: Msg | str) -> None:
        super().__init__("deck", why)


@dataclass(frozen=True)
class ChosenCards:
    """The cards a new game plays with: a deck (None: the demo), the library deck it
    learns into, or the name of a new library deck made once the game can start."""

    deck: dict[str, Any] | None = None
    deck_id: str | None = None
    new_deck: str | None = None


def _chosen_cards(bot: Bot[Any], options: dict[str, Any]) -> ChosenCards:
    """A deck file sent with the form, else the deck chosen from the library."""
    uploaded = _uploaded_deck(bot)
    return ChosenCards(uploaded) if uploaded is not None else _library_deck(bot, options)


def _library_deck(bot: Bot[Any], options: dict[str, Any]) -> ChosenCards:
    """The deck chosen from the library: the demo, a stored deck, or a new one (stored
    only if the game starts: a refused form leaves no empty deck behind)."""
    choice = request.form.get("deck_id") or library.DEMO
    physical = options.get("deck_mode") == "physical"
    if choice == "new":
        name = _("My cards")
        return ChosenCards(cards_of(bot).empty_deck(name), new_deck=name)
    if choice == library.DEMO:
        if physical:
            raise FieldError(
                "deck_id",
                _(
                    "the printed cards need a deck of your own: choose one, or "
                    "“A new deck of my cards”"
                ),
            )
        return ChosenCards()
    found = library.find(bot.id, choice, current_device().id)
    if found is None:
        raise FieldError("deck_id", _("that deck is not in the library"))
    return ChosenCards(found.data, found.id)


NO_BOARD = "none"


def _board_choice(bot: Bot[Any], choice: str | None) -> boards.LibraryBoard | None:
    """The board a new game plays on: the one chosen (`board_id`), the table's board of
    the copy when none is (None: no board entered yet). The demo board only by name."""
    owner = current_device().id
    if choice is None:
        return table_copy.table_board(bot.id, owner)
    if choice in ("", NO_BOARD):
        return None
    found = boards.find(bot.id, choice, owner)
    if found is None:
        raise FieldError("board_id", _("that board is not in the library"))
    return found


def _library_board(bot: Bot[Any], options: dict[str, Any]) -> dict[str, Any]:
    """The board chosen, as the game's option `board`: never the invented demo board
    unless the table chose it by name; with no board entered, the game is refused with
    the way to enter it first."""
    found = _board_choice(bot, request.form.get("board_id"))
    if found is None:
        raise FieldError(
            "board_id",
            _(
                "your board is not entered yet: enter it first in “Your copy of %(game)s”, "
                "or choose “Try it with the invented demo board”",
                game=translate(bot.game_name),
            ),
        )
    return checked_options(bot, {**options, "board": found.data})


@dataclass(frozen=True)
class Uses:
    """What a new game will use of the table's copy, shown next to *Start the game*."""

    board: boards.LibraryBoard | None  # None: none entered (or none chosen)
    board_is_table: bool  # the copy's board, not another one chosen
    parts: list[table_copy.PartState]
    demo: list[Msg]  # what the game plays that is invented, in words
    checked: bool  # the options could be read (else: the copy's parts, all of them)

    @property
    def missing(self) -> int:
        return sum(1 for p in self.parts if not p.usable)


def _uses(bot: Bot[Any], form: FormFields | None) -> Uses | None:
    """What a game with the form's options will use (the form as it opens: its defaults),
    for a bot with a copy to speak of."""
    pages = pages_of(bot.id)
    owner = current_device().id
    if bot.board is None and not bot.copy.parts(None, ()):
        return None
    options: dict[str, Any] | None
    try:
        options = form_options(bot, pages, MultiDict() if form is None else form)
    except ValueError:
        options = None
    board = None
    if bot.board is not None:
        try:
            board = _board_choice(bot, form.get("board_id") if form is not None else None)
        except FieldError:
            board = None
    table = table_copy.table_board(bot.id, owner) if bot.board is not None else None
    demo: list[Msg] = []
    if options is not None:
        # what is invented besides the board (its own line says that)
        demo = bot.copy.demo_labels({**options, "board": {}} if bot.board is not None else options)
    return Uses(
        board=board,
        board_is_table=board is not None and table is not None and board.id == table.id,
        parts=table_copy.parts(bot.id, owner, options),
        demo=demo,
        checked=options is not None,
    )


@bp.post("/games/uses")
def uses() -> str:
    """What the start-a-game form as it now stands will use of the table's copy: the
    summary alone (htmx, on each change of the form), or the lobby with the form as sent
    (the button that asks for it without a script)."""
    bot_id = form_text("bot", max_length=40)
    try:
        bot = get_bot(bot_id)
    except UnknownBot:
        return error_page(404, _("There is no such bot."))  # type: ignore[return-value]
    if is_htmx():
        return render_template(
            "lobby/_uses.html", bot=bot, uses=_uses(bot, request.form), chosen=bot_id, oob=True
        )
    return _lobby(bot_id, kept=request.form)


def _uploaded_deck(bot: Bot[Any]) -> dict[str, Any] | None:
    """The deck file sent with a new game, if any: one of this bot's, checked by it."""
    content = uploaded_file("deck")
    if content is None:
        return None
    try:
        data = parse_json(content)
    except JsonInputError as error:
        raise DeckFileError(translate(error.reason)) from None
    if isinstance(data, dict) and data.get("bot") != bot.id:
        raise DeckFileError(_("it is a deck file for another bot"))
    try:
        return cards_of(bot).validate_deck(data)
    except ValueError as error:
        raise DeckFileError(reason(error)) from None


@bp.post("/claim")
def claim() -> BaseResponse:
    """Add what an earlier Botdeck stored without an owner to this device."""
    target = local_path(request.form.get("next", "")) or url_for("lobby.index")
    db.claim(saved_device().id, db.now())
    return redirect(target, code=303)


@bp.post("/games/import")
def import_file() -> BaseResponse | tuple[str, int, dict[str, str]]:
    """Read an exported game file; refuse it whole if anything is wrong."""
    content = uploaded_file("file")
    if content is None:
        return error_page(400, _("Choose a game file to import."))
    try:
        data = parse_json(content)
        name = games.file_name(data, _("Imported game"))
        game_id = games.import_game(data, name=name, device=saved_device().id)
    except (NumberTooLarge, BadGameFile) as error:  # (JSON: maybe a game file)
        return error_page(
            422,
            _(
                "This game file cannot be imported: %(why)s. Nothing was imported.",
                why=refusal(error),
            ),
        )
    except JsonInputError as error:
        return error_page(
            422,
            _(
                "This file is not a Botdeck game file (%(why)s). Nothing was imported.",
                why=translate(error.reason),
            ),
        )
    return redirect(url_for("play.page", game_id=game_id), code=303)


@bp.post("/g/<game_id>/rename")
def rename(game_id: str) -> BaseResponse:
    name = form_text("name", max_length=80)
    if not db.rename_game(game_id, name):
        return error_page(404, _("There is no such game."))  # type: ignore[return-value]
    return redirect(url_for("lobby.index"), code=303)


@bp.get("/g/<game_id>/export")
def export(game_id: str) -> Response | tuple[str, int, dict[str, str]]:
    try:
        data = games.export_game(game_id)
    except games.GameNotFound:
        return error_page(404, _("There is no such game."))
    return json_download(data, data["name"], prefix="botdeck-")


@bp.get("/g/<game_id>/play.json")
def play_file(game_id: str) -> Any:
    """The finished game's play, as a file for a log of plays (BG Stats, or any)."""
    return play_log.play_file(game_id)


@bp.get("/schemas/<bot_id>-deck.json")
def deck_schema(bot_id: str) -> Response | tuple[str, int, dict[str, str]]:
    """The published JSON Schema of a bot's deck files."""
    try:
        cards = get_bot(bot_id).cards
    except UnknownBot:
        cards = None
    if cards is None:  # no such bot, or one without cards
        return error_page(404, _("There is no such bot."))
    schema = cards.deck_schema()
    return Response(json.dumps(schema, indent=2), mimetype="application/schema+json")
