"""A finished game handed on to a log of plays: BG Stats opens it prefilled from a link,
and the same play downloads as a file for a player without the app.

BG Stats takes a play as URL-encoded JSON on `bgstats://app.bgstatsapp.com/
createPlay.html?data=`: `sourceName`, `sourcePlayId` (the same play logged twice is
one play), `playDate` (UTC, "YYYY-MM-DD HH:MM:SS"), `durationMin`, `game` and
`players` — each with `winner` said outright, which its Android app needs.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from flask import current_app
from flask_babel import gettext as _

from ..engine import Game, Msg, Pending, ScoreSheet, ScoreSheetStep, Standing, msg
from ..service import games
from ..service.games import OpenGame
from ..storage import db
from .downloads import json_download
from .errors import error_page
from .i18n import translate

BGSTATS_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Botdeck"


def _english(message: Msg) -> str:
    """A message in its own words (English): what names a player the same way in
    every language, so BG Stats matches them once."""
    return message.render(lambda text: text, lambda one, many, n: one if n == 1 else many)


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "player"


def play_id(game_id: str) -> str:
    """The play's id for a log of plays: the same for a game every time, and not the
    game's id itself (that is the secret of its play link)."""
    return "botdeck-" + hashlib.blake2s(game_id.encode(), digest_size=12).hexdigest()


def _utc(iso: str) -> datetime:
    moment = datetime.fromisoformat(iso)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _player(standing: Standing) -> dict[str, Any]:
    name = msg("{name} (bot)", name=standing.name) if standing.bot else standing.name
    kind = "bot-" if standing.bot else ""
    player: dict[str, Any] = {
        "name": translate(name),
        "sourcePlayerId": f"botdeck-{kind}{_key(_english(standing.name))}",
        "score": standing.score,
        "winner": standing.won,
        "startPlayer": standing.first,
    }
    if standing.role is not None:
        player["role"] = translate(standing.role)
    return player


def play(opened: OpenGame, sheet: ScoreSheet, span: tuple[str, str]) -> dict[str, Any]:
    """The play as BG Stats reads it: the game by name, the date of its last tap, the
    minutes from its first tap to its last, and each player and the bot with their
    score and whether they won, as the score sheet has them (in the page's language)."""
    first, last = (_utc(moment) for moment in span)
    minutes = round((last - first).total_seconds() / 60)
    bot = opened.game.bot
    players, ids = [], set[str]()
    for standing in sheet.standings:
        player = _player(standing)
        base, n = player["sourcePlayerId"], 1
        while player["sourcePlayerId"] in ids:  # two characters of the same name
            n += 1
            player["sourcePlayerId"] = f"{base}-{n}"
        ids.add(player["sourcePlayerId"])
        players.append(player)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(opened.id),
        "playDate": last.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(minutes, 1),
        "game": {
            "name": translate(bot.game_name),
            "sourceGameId": f"botdeck-{bot.id}",
            "highestWins": True,
            "noPoints": False,
        },
        "players": players,
    }


def play_link(opened: OpenGame, sheet: ScoreSheet | None) -> str | None:
    """The link that opens BG Stats with the play filled in, once the score sheet is
    shown (None: not yet)."""
    logged = logged_play(opened, sheet)
    if logged is None:
        return None
    return BGSTATS_LINK + quote(json.dumps(logged, ensure_ascii=False, separators=(",", ":")))


def final_sheet(game: Game, pending: Pending | None) -> ScoreSheet | None:
    """The bot's final score sheet, once the game has reached it: its score-sheet step
    is waiting, or the game is over (None: not yet, or the bot has no sheet)."""
    at_sheet = pending is not None and isinstance(
        game.bot.step_types.get(pending.step.kind), ScoreSheetStep
    )
    if not (at_sheet or game.over):
        return None
    return game.bot.score_sheet(game.state)


def logged_play(opened: OpenGame, sheet: ScoreSheet | None) -> dict[str, Any] | None:
    """The play to log once the score sheet is shown (None: not yet, or the bot's sheet
    names no players)."""
    if sheet is None or not sheet.standings:
        return None
    span = db.play_span(opened.id)
    return None if span is None else play(opened, sheet, span)


def play_file(game_id: str | None) -> Any:
    """The play of a finished game as a file (the score sheet's "Download this play")."""
    if game_id is None:
        return error_page(404, _("There is no such game."))
    try:
        logged, name = games.read(game_id, _logged_play)
    except games.GameNotFound:
        return error_page(404, _("There is no such game."))
    except Exception:  # a game that cannot be rebuilt, a sheet that cannot be drawn
        current_app.logger.exception("game %s: its play cannot be logged", game_id)
        return error_page(500, _("Botdeck cannot read this game right now."))
    if logged is None:
        return error_page(404, _("This game is not over yet: there is no play to log."))
    return json_download(logged, f"{name} play", prefix="botdeck-")


def _logged_play(opened: OpenGame) -> tuple[dict[str, Any] | None, str]:
    """The play to log of a game held still, and the game's name."""
    game = opened.game
    return logged_play(opened, final_sheet(game, game.pending())), opened.row.name
