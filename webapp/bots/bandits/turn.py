"""The checklists of a Deck Goes West game, in the order they come: setup, then day and
night until the game is won or lost ("Order of Play"), then the score sheet."""

from __future__ import annotations

from typing import Any

from ...engine import SCORE_SHEET, Checklist, Context, msg
from .state import VERSUS, BanditsState
from .stepkit import new
from .steps_day import day_steps
from .steps_night import night_steps
from .steps_setup import setup_steps


def next_checklist(state: BanditsState, ctx: Context) -> Checklist | None:
    if state.last == "end":
        return None
    if state.outcome is not None:
        state.last = "end"
        return Checklist(msg("The end of the game"), {"kind": "end"}, [new(SCORE_SHEET)])
    if state.last is None:
        state.last = "setup"
        return Checklist(msg("Setting up Deck Goes West"), {"kind": "setup"}, setup_steps(state))
    if state.last in ("setup", "night"):
        state.last = "day"
        state.day += 1
        return Checklist(
            msg("Day {n}", n=state.day), {"kind": "day", "day": state.day}, day_steps()
        )
    state.last = "night"
    return Checklist(
        msg("Night {n}", n=state.day), {"kind": "night", "day": state.day}, night_steps()
    )


def decided(state: BanditsState) -> dict[str, Any] | None:
    """Rules, "Winning, Losing and Scoring": "The game is won by reaching the end of the
    score track first"; "Players lose the game when the bandits reach the end of their
    score track, or when a character dies". Co-op: "If any player dies, or the bandits
    reach the end of their track, the whole team lose." Versus: "If the Bandits reach the
    end of their track, the game ends immediately, and the player with the most points
    wins"; a character who dies "is out"."""
    board = state.board
    if board is None:
        return None
    dead = [i for i, out in enumerate(state.dead) if out]
    if state.mode != VERSUS:
        if dead:
            return {"result": "lost", "why": "death", "who": dead[0]}
        if state.scores[0] >= board.score_end:
            return {"result": "won", "why": "score", "who": None}
        if state.tracker >= board.bandit_end:
            return {"result": "lost", "why": "bandits", "who": None}
        return None
    living = state.living
    reached = [i for i in living if state.scores[i] >= board.score_end]
    if reached:
        return {"result": "won", "why": "score", "who": reached[0]}
    if len(living) == 1 and len(state.names) > 1:
        return {"result": "won", "why": "last", "who": living[0]}
    if not living:
        return {"result": "lost", "why": "death", "who": dead[-1]}
    if state.tracker >= board.bandit_end:
        return {"result": "won", "why": "bandits", "who": versus_leader(state)}
    return None


def versus_leader(state: BanditsState) -> int:
    """The most points; "(Ties are broken by distance west, followed by resource count)"
    — the westmost meeple; a tie on both is left to the table's resources."""

    def west(i: int) -> int:
        return state.meeples[i][0] if state.meeples else 0

    return min(state.living, key=lambda i: (-state.scores[i], west(i)))


def end_if_decided(state: BanditsState, ctx: Context) -> None:
    """Once the game is decided, what the turn still had to do is not done."""
    if state.outcome is not None:
        return
    state.outcome = decided(state)
    checklist = ctx.checklist
    if state.outcome is not None and checklist is not None:
        del checklist.steps[checklist.cursor :]
