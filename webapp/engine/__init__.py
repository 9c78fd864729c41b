"""The rules core: checklists, questions, replayable games. No I/O here.

Nothing in this package imports Flask, sqlite3 or the storage layer, or reads
the clock; randomness comes from generators seeded by the game.
"""

from .bot import (
    Bot,
    Context,
    Correction,
    Corrections,
    Overturn,
    Overturns,
    StepType,
    StepTypes,
    TypedParams,
)
from .capabilities import BoardRules, CopyPart, CopyParts, DeckRules
from .game import BadGameFile, ConfirmFirst, Game, GameOver, Pending
from .history import History, HistoryNeeded
from .options import OptionsError, checked_options
from .questions import Choice, Dice, Field, Fields, InvalidAnswer, Kind, Question
from .registry import UnknownBot, all_bots, get_bot, register
from .scoring import (
    SCORE_SHEET,
    Against,
    ScoreGroup,
    ScoreLine,
    ScoreSheet,
    ScoreSheetStep,
    ScoreSide,
    Standing,
)
from .steps import SETUP_OPTION, Checklist, Step, together
from .text import Msg, msg, nmsg, reason
from .turns import EndRule, Seat, TurnCycle

__all__ = [
    "Against",
    "SETUP_OPTION",
    "SCORE_SHEET",
    "BadGameFile",
    "BoardRules",
    "Bot",
    "Checklist",
    "Choice",
    "ConfirmFirst",
    "Context",
    "CopyPart",
    "CopyParts",
    "Correction",
    "Corrections",
    "DeckRules",
    "Dice",
    "EndRule",
    "Field",
    "Fields",
    "Game",
    "GameOver",
    "History",
    "HistoryNeeded",
    "InvalidAnswer",
    "Kind",
    "Msg",
    "OptionsError",
    "Overturn",
    "Overturns",
    "Pending",
    "Question",
    "ScoreGroup",
    "ScoreLine",
    "ScoreSheet",
    "ScoreSheetStep",
    "ScoreSide",
    "Standing",
    "Seat",
    "Step",
    "StepType",
    "StepTypes",
    "TurnCycle",
    "TypedParams",
    "UnknownBot",
    "all_bots",
    "checked_options",
    "get_bot",
    "msg",
    "nmsg",
    "reason",
    "register",
    "together",
]
