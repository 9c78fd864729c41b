"""Deacon's rules where a comparison decides (webapp/bots/deacon/rules.py): a row filled
on the B side, a score-track mark reached exactly, a tie at the Objectives, columns of
Reef Balls of the same value. Each test is named after the rulebook clause it protects
(shared/rules/reef-project-deacon.md), cited in its comment."""

from __future__ import annotations

from typing import Any

from webapp.bots.deacon.rules import (
    FULL_ROW_VP,
    BallSource,
    hire,
    next_ball,
    score_track_effect,
    who_has_least,
)
from webapp.bots.deacon.state import DEACON, YOU, ReefSupply
from webapp.bots.deacon.steps_player import deacon_lines

from .deacon import COMPONENTS, CREW, board, state

LINE = board([(1, 2, 1), (2, 3, 1)])

# --- Hiring crew, and the B sides of the Ships ------------------------------------------


def end_line(s: Any) -> int | None:
    """What the final scoring gives it for filled Crew rows (None: no such line)."""
    found = [line.points for line in deacon_lines(s) if "Crew rows" in str(line.label)]
    return found[0] if found else None


def test_hiring_crew_a_filled_row_gains_4_vp_at_once_on_the_a_side() -> None:
    # "Hiring crew": "it does gain 4 VP when filling a row."
    s = state(LINE, side="A", crew=[2, 1, 1], components=COMPONENTS)
    assert hire(s, CREW["rows"], 0) == FULL_ROW_VP == 4
    assert s.crew == [3, 1, 1] and s.vp == {"crew": 4}
    assert end_line(s) is None  # scored once, when it was filled


def test_b_sides_of_ships_filled_crew_rows_score_at_the_end_of_the_game() -> None:
    # "B sides of ships": "the filled Crew rows on the Ships score at the end of the game."
    s = state(LINE, side="B", crew=[2, 2, 1], components=COMPONENTS)
    assert hire(s, CREW["rows"], 0) == 0
    assert hire(s, CREW["rows"], 1) == 0
    assert s.crew == [3, 3, 1] and s.total_vp == 0  # nothing while the game is played
    assert end_line(s) == 2 * FULL_ROW_VP


# --- Deacon cards effects: the score track -------------------------------------------------

MARKS = [
    {"at": 5, "effects": [{"effect": "research"}]},
    {"at": 15, "effects": [{"effect": "diver"}]},
]


def test_score_track_a_mark_reached_exactly_has_been_crossed() -> None:
    # Deacon cards effects: "Deacon resolves the furthest effect that its Scoring marker
    # has crossed": its marker on the mark's space has crossed it.
    assert score_track_effect(state(LINE, vp={"x": 5}), MARKS) == MARKS[0]
    assert score_track_effect(state(LINE, vp={"x": 14}), MARKS) == MARKS[0]
    assert score_track_effect(state(LINE, vp={"x": 15}), MARKS) == MARKS[1]


# --- Objectives ----------------------------------------------------------------------------


def test_objectives_who_has_the_least_vp_a_tie_is_not_deacon() -> None:
    # "Objectives": "check who has the least VP. If it is you, draw 3 Objective cards…
    # If it is Deacon, draw only 2": tied, Deacon has not the least, so you draw 3.
    assert who_has_least(state(LINE, vp={"x": 22}, your_vp=22)) == YOU
    assert who_has_least(state(LINE, vp={"x": 21}, your_vp=22)) == DEACON
    assert who_has_least(state(LINE, vp={"x": 22}, your_vp=21)) == YOU


# --- Deploy a Reef Ball: which column ------------------------------------------------------


def columns(*vps: int) -> list[dict[str, int]]:
    return [{"balls": 2, "vp": vp} for vp in vps]


def test_deploy_a_reef_ball_the_highest_column_tied_the_leftmost() -> None:
    # "Deploy a Reef Ball": "Deacon selects a Reef Ball from the column with the highest VP
    # value"; of columns of the same value (the rulebook names no tie-break), the leftmost.
    s = state(LINE, reef=ReefSupply(0, [2, 2, 2]))
    assert next_ball(s, columns(2, 3, 3)) == BallSource(1, 0)
    assert next_ball(s, columns(3, 1, 3)) == BallSource(0, 0)
    emptied = state(LINE, reef=ReefSupply(0, [0, 2, 1]))  # the leftmost of them is empty
    assert next_ball(emptied, columns(3, 1, 3)) == BallSource(2, 3)
