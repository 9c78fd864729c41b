"""A device's record against each bot: its finished games (those it started, and those
it joined), won and lost per difficulty or mode, the score gap game after game, its
best and its streaks.

Each finished game's lobby summary holds how the table fared (`games.lobby_summary`);
a game finished before it did is read once and its summary completed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Against, Bot, Msg, all_bots
from ..storage import db
from . import games


@dataclass(frozen=True)
class Played:
    """One finished game: its name, when it was last played, how the table fared."""

    name: str
    when: str
    against: Against

    @property
    def gap(self) -> int:
        """The table's score minus the bot's."""
        return self.against.yours - self.against.bots


@dataclass(frozen=True)
class ModeRecord:
    mode: Msg | None
    won: int
    lost: int


@dataclass
class BotRecord:
    """The finished games against one bot, oldest first."""

    bot: Bot
    played: list[Played] = field(default_factory=list)

    @property
    def won(self) -> int:
        return sum(game.against.won for game in self.played)

    @property
    def lost(self) -> int:
        return len(self.played) - self.won

    def by_mode(self) -> list[ModeRecord]:
        """Won and lost per difficulty or mode, in the order first played."""
        counts: dict[Msg | None, list[int]] = {}
        for game in self.played:
            tally = counts.setdefault(game.against.mode, [0, 0])
            tally[0 if game.against.won else 1] += 1
        return [ModeRecord(mode, won, lost) for mode, (won, lost) in counts.items()]

    def best(self) -> Played | None:
        """The game of the table's highest score (the latest of equals)."""
        return max(reversed(self.played), key=lambda game: game.against.yours, default=None)

    def streak(self) -> tuple[bool, int]:
        """The run the latest games make: (won, how many in a row)."""
        if not self.played:
            return False, 0
        won, run = self.played[-1].against.won, 0
        for game in reversed(self.played):
            if game.against.won != won:
                break
            run += 1
        return won, run

    def longest_winning_streak(self) -> int:
        longest = run = 0
        for game in self.played:
            run = run + 1 if game.against.won else 0
            longest = max(longest, run)
        return longest


def _against(row: db.GameRow) -> Against | None:
    """How the table fared in a finished game: from its summary, or (a game finished
    before summaries said) read once from the game and kept in its summary."""
    stored = row.summary.get("result")
    if isinstance(stored, dict):
        return Against.from_json(stored)
    try:
        opened = games.open_game(row.id)
    except (games.GameNotFound, games.GameUnreadable):
        return None
    against = games.against_the_bot(opened.game)
    if against is not None:
        db.save_summary(row.id, {**row.summary, "result": against.to_json()})
    return against


def records(device: str) -> list[BotRecord]:
    """This device's record against every bot, in the lobby's order of the bots."""
    found = {bot.id: BotRecord(bot) for bot in all_bots()}
    for row, _role in reversed(db.list_games(device)):  # oldest first
        record = found.get(row.bot)
        if record is None or not row.summary.get("over"):
            continue
        against = _against(row)
        if against is not None:
            record.played.append(Played(row.name, row.updated_at, against))
    return list(found.values())
