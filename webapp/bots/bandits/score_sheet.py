"""The score sheet at the end: who won and why, each score, what the table did."""

from __future__ import annotations

from ...engine import Msg, msg, nmsg
from ...engine.scoring import ScoreGroup, ScoreLine, ScoreSheet, ScoreSide, Standing
from .state import COOP, SOLO, VERSUS, BanditsState
from .stepkit import names


def outcome_said(state: BanditsState) -> Msg:
    outcome = state.outcome or {}
    why, who = outcome.get("why"), outcome.get("who")
    name = state.names[who] if isinstance(who, int) else ""
    if state.mode != VERSUS:
        if why == "score":
            return msg("The players win: the score track's end is reached.")
        if why == "death":
            return msg("The Bandits win: {name} died.", name=name)
        return msg("The Bandits win: their tracker reached the end of its track.")
    if why == "score":
        return msg("{name} wins: first to the end of the score track.", name=name)
    if why == "last":
        return msg("{name} wins: the last character standing.", name=name)
    if why == "bandits":
        return msg(
            "The Bandits reached the end of their track: {name} wins with the most "
            "points (ties: the furthest west, then the most resources).",
            name=name,
        )
    return msg("The Bandits win: no character is left.")


def score_sheet(state: BanditsState) -> ScoreSheet:
    played = (
        ScoreLine(msg("Days played"), state.day),
        ScoreLine(msg("Tiles revealed"), state.revealed),
        ScoreLine(msg("Bandits removed"), state.removed),
    )
    if state.mode == VERSUS:
        sides = tuple(
            ScoreSide(
                msg("{name}", name=state.names[i]),
                state.scores[i],
                (ScoreGroup(None, (ScoreLine(msg("Score track"), state.scores[i]),)),),
            )
            for i in range(len(state.names))
        )
    else:
        sides = (
            ScoreSide(
                names(state, list(range(len(state.names)))),
                state.scores[0],
                (ScoreGroup(None, (ScoreLine(msg("Score track"), state.scores[0]),)),),
            ),
        )
    bandits = ScoreSide(
        msg("The Bandits"),
        state.tracker,
        (
            ScoreGroup(
                None,
                (
                    ScoreLine(msg("Bandit Tracker"), state.tracker),
                    ScoreLine(msg("Bandits on the map"), sum(state.bandits.values())),
                ),
            ),
            ScoreGroup(msg("The game"), played),
        ),
        bot=True,
    )
    return ScoreSheet(
        headline=msg("The game is over"),
        sides=(*sides, bandits),
        winner=outcome_said(state),
        close=nmsg("Close the game after {n} day", "Close the game after {n} days", state.day),
        standings=standings(state),
    )


# The mission modes in words (the lobby's start-a-game form says the same).
MODE_NAMES = {COOP: msg("Co-op"), SOLO: msg("Solo"), VERSUS: msg("Versus")}


def standings(state: BanditsState) -> tuple[Standing, ...]:
    """Each character (solo: you, playing both) and the Bandits, as the sheet scores
    them: the Bandits' score is their tracker. Co-op: "If any player dies, or the bandits
    reach the end of their track, the whole team lose"; versus: the one character who won,
    or the Bandits when no character is left."""
    outcome = state.outcome or {}
    won, who = outcome.get("result") == "won", outcome.get("who")
    everyone = list(range(len(state.names)))
    if state.mode == VERSUS:
        players = tuple(
            Standing(msg("{name}", name=name), state.scores[i], won and who == i)
            for i, name in enumerate(state.names)
        )
    elif state.mode == SOLO:
        players = (Standing(msg("You"), state.scores[0], won, role=names(state, everyone)),)
    else:
        players = tuple(
            Standing(msg("{name}", name=name), state.scores[0], won) for name in state.names
        )
    bandits = Standing(
        msg("The Bandits"), state.tracker, not won, bot=True, role=MODE_NAMES[state.mode]
    )
    return (*players, bandits)
