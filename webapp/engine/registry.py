"""Which bots exist. A bot package registers itself here when imported."""

from __future__ import annotations

from typing import Any

from .bot import Bot
from .text import msg

_BOTS: dict[str, Bot[Any]] = {}


class UnknownBot(ValueError):
    pass


def register(bot: Bot[Any]) -> Bot[Any]:
    _BOTS[bot.id] = bot
    return bot


def unregister(bot_id: str) -> None:
    """Forget a bot (a test's own bot, once the test is done)."""
    _BOTS.pop(bot_id, None)


def get_bot(bot_id: str) -> Bot[Any]:
    try:
        return _BOTS[bot_id]
    except KeyError:
        raise UnknownBot(msg("unknown bot {bot_id}", bot_id=repr(bot_id))) from None


def all_bots() -> list[Bot[Any]]:
    return list(_BOTS.values())
