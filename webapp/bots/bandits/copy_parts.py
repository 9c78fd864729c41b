"""The printed part of the table's copy of Deck Goes West that the Bandits' games use
(`Bot.copy`): "Board Setup" 1, the Score Board, its tracks' ends and its sections.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...engine import msg
from ...engine.capabilities import CopyPart, CopyParts
from .steps_setup import SCORE_BOARD, read_score_board, score_board_question

SCORE_BOARD_KEY = "score-board"


class BanditsParts(CopyParts):
    def parts(
        self, options: dict[str, Any] | None = None, entered: Collection[str] = ()
    ) -> list[CopyPart]:
        """ "Board Setup" 1: the Score Board, its tracks' ends and its sections."""
        return [
            CopyPart(
                SCORE_BOARD_KEY,
                msg("Score Board"),
                score_board_question(),
                check=read_score_board,
            )
        ]

    def kept_key(self, draft: Any) -> str | None:
        if draft == SCORE_BOARD:
            return SCORE_BOARD_KEY
        return None
