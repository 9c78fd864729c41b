"""Everything of one device in one file: its games (those it plays) and its decks.

A collection file is for keeping a copy outside Botdeck and for bringing it back:
importing one stores each game under the ids it had (so its play and watch links work
again) unless that game is already here (a recently deleted game's ids stay its own: the
file's copy gets new ones), and each deck unless the same one is. The
whole file is checked before anything is stored, then stored in one transaction: a
failure or the server killed half-way leaves nothing of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..engine import BadGameFile, all_bots, get_bot
from ..engine.capabilities import validate_deck
from ..engine.file_versions import (
    NEWER,
    as_written,
    refused_as_newer,
    unknown_fields,
    version_refusal,
    written_by,
)
from ..engine.registry import UnknownBot
from ..engine.text import msg, reason
from ..storage import db
from . import games, library

FORMAT = "botdeck-collection"
VERSION = 1
# what a collection file holds; in one from a newer Botdeck, another field is something
# this Botdeck does not know (webapp/engine/file_versions.py)
FILE_FIELDS = frozenset(("format", "version", "revision", "exported_at", "games", "decks"))
# each game's ids and dates, beside its game file
ENTRY = frozenset(("id", "watch_id", "created_at", "updated_at"))
# a game to store: the play and watch ids it had (None: new ones), and its rows
Restoring = tuple[str | None, str | None, db.NewGame]
MAX_GAMES = 1000
MAX_DECKS = 200
GAME_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


class BadCollection(ValueError):
    """The file cannot be restored; nothing was stored."""


@dataclass(frozen=True)
class Restored:
    games: int
    games_here: int  # already in this database: left as they are
    decks: int
    decks_here: int


def _exported(row: db.GameRow) -> dict[str, Any] | None:
    """The game's file with its ids; None if it was deleted since it was listed (by
    another device, a moment ago): the collection is then as if made a moment later."""
    try:
        return {
            **games.export_game(row.id),
            "id": row.id,
            "watch_id": row.watch_id,
            "created_at": row.created_at,
            "updated_at": row.updated_at,
        }
    except games.GameNotFound:
        return None


def export_all(device: str) -> dict[str, Any]:
    """The device's games (not those it only watches: their play link is not its to
    give) and its decks."""
    return {
        "format": FORMAT,
        "version": VERSION,
        **written_by(),
        "exported_at": db.now(),
        "games": [
            exported
            for row, role in db.list_games(device)
            if role == "play" and (exported := _exported(row)) is not None
        ],
        "decks": [
            as_written(deck.data)
            for bot in all_bots()
            if bot.cards is not None
            for deck in library.decks(bot.id, device)
            if not deck.demo
        ],
    }


def _list(data: dict[str, Any], field: str, limit: int) -> list[Any]:
    found = data.get(field, [])
    games_list = field == "games"
    if not isinstance(found, list):
        raise BadCollection(
            msg("its games are not a list") if games_list else msg("its decks are not a list")
        )
    if len(found) > limit:
        raise BadCollection(
            msg("it holds more than {limit} games", limit=limit)
            if games_list
            else msg("it holds more than {limit} decks", limit=limit)
        )
    return found


def _ids(entry: dict[str, Any]) -> tuple[str, str] | tuple[None, None]:
    """The play and watch ids a game had, if both are ids Botdeck could have made."""
    game_id, watch_id = entry.get("id"), entry.get("watch_id")
    if (
        isinstance(game_id, str)
        and isinstance(watch_id, str)
        and GAME_ID.fullmatch(game_id)
        and GAME_ID.fullmatch(watch_id)
    ):
        return game_id, watch_id
    return None, None


def _dates(entry: dict[str, Any]) -> tuple[str, str] | None:
    """When a game was created and last played, if the file says so in Botdeck's own
    form (an earlier file does not): the lobby lists restored games as they were."""
    dates = entry.get("created_at"), entry.get("updated_at")
    for date in dates:
        if not isinstance(date, str) or len(date) > 40:
            return None
        try:
            datetime.fromisoformat(date)
        except ValueError:
            return None
    return dates  # type: ignore[return-value]


def import_all(data: Any, device: str, *, default_name: str) -> Restored:
    """Check the whole file, then store what is not here yet for `device`, all in one
    transaction: all or nothing, even if the process is killed half-way."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadCollection(msg("this is not a Botdeck collection file"))
    refused = version_refusal(data, VERSION)
    if refused is not None:
        raise BadCollection(refused)
    if unknown_fields(data, FILE_FIELDS):
        raise BadCollection(NEWER)
    with refused_as_newer(data, BadCollection):
        games_rows, decks = _checked(data, device, default_name)
    with db.all_or_nothing():  # killed or failing half-way: nothing stored
        restored, here = _store_games(games_rows, device)
        decks_restored, decks_here = _store_decks(decks, device)
    return Restored(restored, here, decks_restored, decks_here)


def _checked(
    data: dict[str, Any], device: str, default_name: str
) -> tuple[list[Restoring], list[tuple[str, dict[str, Any]]]]:
    """Every game of the file replayed and worked out as the rows it is stored as, with
    the ids it had; every deck checked. BadCollection naming the first that cannot be."""
    game_entries = _list(data, "games", MAX_GAMES)
    deck_entries = _list(data, "decks", MAX_DECKS)
    prepared: list[Restoring] = []
    for number, entry in enumerate(game_entries, start=1):
        if not isinstance(entry, dict):
            raise BadCollection(msg("its game {number} is not a game", number=number))
        name = games.file_name(entry, default_name)
        try:
            # the collection's own fields are not the game file's
            ready = games.prepare_import({k: v for k, v in entry.items() if k not in ENTRY})
        except BadGameFile as error:
            raise BadCollection(
                msg(
                    "its game {number} (“{name}”): {why}",
                    number=number,
                    name=name,
                    why=reason(error),
                )
            ) from error
        rows = games.import_rows(ready, name=name, device=device, dates=_dates(entry))
        prepared.append((*_ids(entry), rows))
    decks = []
    for number, entry in enumerate(deck_entries, start=1):
        bot_id = entry.get("bot") if isinstance(entry, dict) else None
        try:
            decks.append((str(bot_id), validate_deck(get_bot(str(bot_id)), entry)))
        except (UnknownBot, ValueError) as error:
            raise BadCollection(
                msg("its deck {number}: {why}", number=number, why=reason(error))
            ) from error
    return prepared, decks


def _store_games(prepared: list[Restoring], device: str) -> tuple[int, int]:
    """Store the games not here yet; (how many stored, how many were here)."""
    restored = here = 0
    for game_id, watch_id, rows in prepared:
        if game_id is not None and db.game_head(game_id) is not None:
            db.join_game(device, game_id, "play", db.now())
            here += 1
            continue
        # its ids are another game's, or a deleted one's its owner may still bring back:
        # a copy, with links of its own
        if (game_id is not None and db.game_id_taken(game_id)) or (
            watch_id is not None and db.watch_id_taken(watch_id)
        ):
            game_id = watch_id = None
        games.store_import(rows, game_id=game_id, watch_id=watch_id)
        restored += 1
    return restored, here


def _store_decks(decks: list[tuple[str, dict[str, Any]]], device: str) -> tuple[int, int]:
    """Store the decks not here yet (under a free name); (how many stored, how many
    were here)."""
    restored = here = 0
    for bot_id, deck in decks:
        existing = library.named(bot_id, deck["name"], device)
        if existing is not None and existing.data == deck:
            here += 1
            continue
        deck["name"] = library.free_name(bot_id, deck["name"], device)
        library.store(bot_id, deck, device)
        restored += 1
    return restored, here
