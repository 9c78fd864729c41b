"""Play a bot from Python, with no web server: the headless API.

    from webapp.headless import new_game
    game = new_game("covenant", {"difficulty": "hard"}, seed=42)
    step = game.pending()          # the step waiting, with its question
    game.answer("H")               # answer it (validated: InvalidAnswer if it does not fit)
    game.undo()                    # take it back; the same answer redoes the same game
    data = game.export()           # JSON-ready: options, seed, deck, actions, turns, state
    again = import_game(data)      # replayed from the seed and the actions

Importing this module registers every bot plug-in.
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # noqa: F401  (registers every bot)
from .engine import BadGameFile, Game, GameOver, InvalidAnswer, Kind, Msg, Pending, all_bots

__all__ = [
    "BadGameFile",
    "Game",
    "GameOver",
    "InvalidAnswer",
    "Kind",
    "Msg",
    "Pending",
    "all_bots",
    "import_game",
    "new_game",
]


def new_game(
    bot_id: str,
    options: dict[str, Any] | None = None,
    *,
    seed: int = 0,
    deck: dict[str, Any] | None = None,
) -> Game:
    """A new game of that bot; `deck=None` plays its demo deck."""
    return Game(bot_id, options, seed, deck)


def import_game(data: Any) -> Game:
    """A game rebuilt from `Game.export()` output (BadGameFile if it cannot be)."""
    return Game.from_export(data)
