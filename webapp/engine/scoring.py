"""The final score sheet: what each side scored, line by line, and who won.

Every bot builds its sheet from its own state (`Bot.score_sheet`); one template of
the web layer draws any bot's sheet, and one step type (`ScoreSheetStep`) shows it as
the last step of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from .bot import Context, StepType
from .questions import Question, confirm
from .steps import Step
from .text import Msg, msg

State = TypeVar("State")

#: the kind of the step that shows the score sheet and closes the game
SCORE_SHEET = "score_sheet"


class ScoreLine(NamedTuple):
    label: Msg
    points: int


@dataclass(frozen=True)
class ScoreGroup:
    """Lines under one heading (`name` None: lines with no heading of their own)."""

    name: Msg | None
    lines: tuple[ScoreLine, ...]


@dataclass(frozen=True)
class ScoreSide:
    """One side of the table — the bot, you, a team — its lines and its total (`bot`:
    the bot's side)."""

    total_label: Msg
    total: int
    groups: tuple[ScoreGroup, ...] = ()
    bot: bool = False


@dataclass(frozen=True)
class Standing:
    """One player of the game as a log of plays records it (BG Stats): a person at the
    table, or the bot as a player of its own.

    `score` as the sheet shows it; `won`: every member of the winning side won; `bot`:
    one the bot plays; `first`: took the game's first turn, as its rules say; `role`:
    what it played as (a difficulty, a mode, a faction), if anything."""

    name: Msg
    score: int
    won: bool
    bot: bool = False
    first: bool = False
    role: Msg | None = None


@dataclass(frozen=True)
class ScoreSheet:
    """The sheet as the table reads it.

    `headline` is the score-sheet step's title, `winner` who won in words (or that it
    is a tie), `close` the label of the tap that ends the game; `standings` each player
    and the bot, their score and whether they won, for a log of plays (none: the play
    cannot be logged).
    """

    headline: Msg
    sides: tuple[ScoreSide, ...]
    winner: Msg
    close: Msg
    standings: tuple[Standing, ...] = ()

    def against_the_bot(self) -> Against | None:
        """The game from the table's side, for its record against the bot: whether the
        table won (any of its players), its best side's total and the bot's, and what
        the bot played as (None: the sheet names no players)."""
        tables = [side.total for side in self.sides if not side.bot]
        bots = [side.total for side in self.sides if side.bot]
        roles = [standing.role for standing in self.standings if standing.bot]
        if not (tables and bots and roles):
            return None
        won = any(standing.won for standing in self.standings if not standing.bot)
        return Against(won, max(tables), max(bots), roles[0])


@dataclass(frozen=True)
class Against:
    """One finished game against the bot, from the table's side."""

    won: bool
    yours: int
    bots: int
    mode: Msg | None  # what the bot played as: a difficulty, a mode, a faction

    def to_json(self) -> dict[str, Any]:
        return {
            "won": self.won,
            "yours": self.yours,
            "bots": self.bots,
            "mode": None if self.mode is None else self.mode.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Against:
        mode = data.get("mode")
        return cls(
            bool(data["won"]),
            int(data["yours"]),
            int(data["bots"]),
            None if mode is None else Msg.from_json(mode),
        )


class ScoreSheetStep(StepType[State]):
    """The last step of a game: the sheet on show, one tap to close the game.

    `sheet` builds the bot's sheet from its state; `close`, if given, is what closing
    it does to the state (a bot that keeps the final totals in its state).
    """

    def __init__(
        self,
        sheet: Callable[[State], ScoreSheet],
        close: Callable[[State, ScoreSheet], None] | None = None,
    ) -> None:
        self.sheet = sheet
        self.close = close

    def title(self, state: State, step: Step) -> Msg:
        return self.sheet(state).headline

    def upcoming(self, state: State, step: Step) -> Msg:
        # the final scores are still being asked: no winner named before they are in
        return msg("Final score")

    def question(self, state: State, step: Step) -> Question:
        return confirm(self.sheet(state).close)

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        if self.close is not None:
            self.close(state, self.sheet(state))
