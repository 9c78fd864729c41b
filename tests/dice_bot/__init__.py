"""A tiny bot of the tests' own: no cards, only dice. It proves the plug-in shape: its
package (rules here, its pages declared in `pages.py`, its templates) and one
registration line are all a bot needs.

Each turn: roll two dice (Botdeck rolls, or the table enters its roll), the bot moves
that many spaces, and the table confirms it; after three turns the game is over.
"""

from __future__ import annotations

import random
from typing import Any

from webapp.engine import Bot, Checklist, Context, Step, StepType, StepTypes, msg
from webapp.engine.bot import Correction, Corrections
from webapp.engine.questions import Question, confirm, dice
from webapp.engine.scoring import ScoreGroup, ScoreLine, ScoreSheet, ScoreSide

TURNS = 3
STEPS: StepTypes = StepTypes()


@STEPS.register("roll")
class Roll(StepType[dict]):
    def title(self, state: dict, step: Step) -> Any:
        return msg("Roll for the bot's move")

    def question(self, state: dict, step: Step) -> Question:
        return dice(msg("Two six-sided dice"), 6, 6)

    def resolve(self, state: dict, step: Step, value: Any, ctx: Context) -> None:
        state["position"] += sum(value)
        state["rolls"].append(value)


@STEPS.register("move")
class Move(StepType[dict]):
    def title(self, state: dict, step: Step) -> Any:
        return msg("Move the bot to space {space}", space=state["position"])

    def question(self, state: dict, step: Step) -> Question:
        return confirm()

    def resolve(self, state: dict, step: Step, value: Any, ctx: Context) -> None:
        state["turn"] += 1


class Position(Corrections[dict]):
    """The bot's space, set by hand."""

    def offered(self, state: dict) -> list[Correction]:
        return [Correction("position", msg("Position"), 0, 99)]

    def correct(self, state: dict, field: str, value: int) -> None:
        state[field] = value


class DiceBot(Bot[dict]):
    id = "dice_test"
    name = msg("Dice test bot")
    game_name = msg("Botdeck's tests")
    step_types = STEPS
    corrections = Position()

    def setup(self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random) -> dict:
        return {"turn": 0, "position": 0, "rolls": []}

    def score_sheet(self, state: dict) -> ScoreSheet | None:
        """Once over: the spaces it moved, one line per roll."""
        if state["turn"] < TURNS:
            return None
        lines = tuple(
            ScoreLine(msg("Roll {n}", n=n), sum(roll)) for n, roll in enumerate(state["rolls"], 1)
        )
        return ScoreSheet(
            headline=msg("The bot's final space"),
            sides=(ScoreSide(msg("The bot"), state["position"], (ScoreGroup(None, lines),)),),
            winner=msg("Game over: the bot reached space {space}.", space=state["position"]),
            close=msg("Close the game"),
        )

    def next_checklist(self, state: dict, ctx: Context) -> Checklist | None:
        if state["turn"] >= TURNS:
            return None
        title = msg("The bot's turn {turn}", turn=state["turn"] + 1)
        return Checklist(title, {"kind": "bot"}, [Step("roll"), Step("move")])

    def state_to_json(self, state: dict) -> dict[str, Any]:
        return {**state, "rolls": [list(roll) for roll in state["rolls"]]}

    def state_from_json(self, data: dict[str, Any]) -> dict:
        return {**data, "rolls": [list(roll) for roll in data["rolls"]]}
