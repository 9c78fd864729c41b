"""The checklists of a game against Deacon, in the order they come.

Deacon rulebook, "Turn overview": you play your turns as the core rules say; on its
turn Deacon A. deploys a Reef Ball, B. draws a card and moves its Ship, C. performs the
card's actions. "End of the game": at 45 VP the round is completed, then one last round
is played.
"""

from __future__ import annotations

from ...engine import SCORE_SHEET, Checklist, Context, EndRule, Seat, Step, TurnCycle, msg, together
from ...engine.turns import round_title
from . import kinds
from .state import DEACON, YOU, DeaconState
from .stepkit import needing, new
from .steps_player import scoring_steps


def turn_cycle(deacon_first: bool) -> TurnCycle:
    """ "Setup" 2: "You are the first player" (Difficulty modifiers: "Deacon is the
    first player"); the end: "complete the round so that all players have played the
    same amount of turns and then play 1 last round"."""
    order = [Seat(DEACON), Seat(YOU)] if deacon_first else [Seat(YOU), Seat(DEACON)]
    return TurnCycle(order, EndRule.FINISH_THE_ROUND_AND_ONE_MORE)


def next_checklist(state: DeaconState, ctx: Context) -> Checklist | None:
    if state.turns.over:
        return None
    if state.last is None:
        return setup(state)
    seat = state.turns.advance()
    if seat is None:
        return scoring(state)
    if seat.kind == DEACON:
        return deacon_turn(state)
    return your_turn(state)


# Deacon rulebook, "Setup": the printed parts each line sets out, asked right after it
# (a game of an earlier Botdeck asked only the Mission colours there, the others the
# first time they mattered).
CORE_PARTS = ("score_track", "pollution")  # 1: the core game's board and supply
PLAYER_PARTS = ("research", "seafloor", "reef_balls", "crew")  # 5: its player components
SETUP_PARTS = (*CORE_PARTS, *PLAYER_PARTS, "missions")  # 6: the Mission cards


def setup(state: DeaconState) -> Checklist:
    """Deacon rulebook, "Setup", in its order; then where both Ships start."""
    state.last = "setup"
    if state.setup_together:
        return Checklist(msg("Setting up Deacon"), {"kind": "setup"}, setup_together(state))
    at_setup = state.parts_at_setup
    steps = [
        new(kinds.SETUP_CORE),
        *(needing(state, CORE_PARTS) if at_setup else []),
        new(kinds.FIRST_PLAYER),
        new(kinds.SHIP_CHOICE),
        new(kinds.BUILD_DECK),
        new(kinds.DEACON_COMPONENTS),
        *(needing(state, PLAYER_PARTS) if at_setup else []),
        new(kinds.MISSIONS_DEAL),
        *needing(state, ("missions",)),
        new(kinds.DEACON_MISSION, n=1),
        new(kinds.DEACON_MISSION, n=2),
        new(kinds.SECOND_MISSION),
        new(kinds.SHIP_SIDES),
        new(kinds.START_ISLAND, who=DEACON),
        new(kinds.START_ISLAND, who=YOU),
    ]
    return Checklist(msg("Setting up Deacon"), {"kind": "setup"}, steps)


def setup_together(state: DeaconState) -> list[Step]:
    """A new game's setup: the printed parts the copy lacks first, one a step in the
    setup's order (entered before anything is set out), then the setup's lines in order,
    those the table does with nothing to tell Botdeck listed together, one tap each run,
    and the questions in between where they fall."""
    return [
        *needing(state, SETUP_PARTS),
        *together(new(kinds.SETUP_CORE), new(kinds.FIRST_PLAYER)),
        new(kinds.SHIP_CHOICE),
        *together(new(kinds.BUILD_DECK), new(kinds.DEACON_COMPONENTS), new(kinds.MISSIONS_DEAL)),
        new(kinds.DEACON_MISSION, n=1),
        new(kinds.DEACON_MISSION, n=2),
        *together(new(kinds.SECOND_MISSION), new(kinds.SHIP_SIDES)),
        new(kinds.START_ISLAND, who=DEACON),
        new(kinds.START_ISLAND, who=YOU),
    ]


def deacon_turn(state: DeaconState) -> Checklist:
    state.last = DEACON
    state.shown = None
    draw = new(kinds.IDENTIFY_CARD if state.physical else kinds.DRAW, purpose="turn")
    steps = [*needing(state, ("reef_balls",)), new(kinds.DEPLOY_ADJACENT), draw]
    header = {"kind": DEACON, "round": state.turns.round, "card": None}
    return Checklist(round_title(state.turns, msg("Deacon's turn")), header, steps)


def your_turn(state: DeaconState) -> Checklist:
    state.last = YOU
    steps = [new(kinds.YOUR_SHIP), new(kinds.YOUR_BALL), new(kinds.YOUR_VP)]
    header = {"kind": YOU, "round": state.turns.round}
    return Checklist(round_title(state.turns, msg("Your turn")), header, steps)


def scoring(state: DeaconState) -> Checklist:
    """ "End of the game": Ship tokens off, then the final scoring."""
    state.last = "scoring"
    state.shown = None
    steps = [*needing(state, ("research", "pollution")), *scoring_steps(), new(SCORE_SHEET)]
    return Checklist(msg("Final scoring"), {"kind": "scoring"}, steps)
