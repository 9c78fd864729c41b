"""Deacon's decisions on boards built for the purpose: deployment, movement, its supply of
Reef Balls, its tracks, Missions and Crew. Each test is named after the rulebook clause."""

from __future__ import annotations

import pytest

from webapp.bots.deacon.rules import (
    BallSource,
    adjacent_deploy,
    anywhere_deploy,
    cheapest_wanted,
    choose_move,
    diver_step,
    intern_row,
    lacking_types,
    mission_sets,
    most_wanted,
    next_ball,
    path_routes,
    research_step,
    score_track_effect,
    sectors_closed_by,
    smallest_row,
    take_ball,
    take_mission,
)
from webapp.bots.deacon.state import DEACON, YOU, ReefSupply

from .deacon import CREW, REEF, RESEARCH, SEAFLOOR, balls, board, state

# 1 — 2 — 3 in a line, 1 — 4 cheap, 4 — 5 costly.
LINE = board([(1, 2, 1), (2, 3, 1), (1, 4, 0), (4, 5, 2), (3, 5, 2)])


# --- A. Deploy a Reef Ball ----------------------------------------------------------


def test_deploy_goes_on_the_cheapest_adjacent_route() -> None:
    assert adjacent_deploy(state(LINE, at=1)) == "1-4"


def test_deploy_skips_a_route_that_already_holds_one_of_its_reef_balls() -> None:
    assert adjacent_deploy(balls(state(LINE, at=1), DEACON, "1-4")) == "1-2"


def test_deploy_may_use_a_route_holding_only_your_reef_ball() -> None:
    assert adjacent_deploy(balls(state(LINE, at=1), YOU, "1-4")) == "1-4"


def test_deploy_tie_goes_to_the_route_leading_to_the_lowest_numbered_island() -> None:
    tied = board([(5, 9, 1), (5, 2, 1), (5, 7, 1)])
    assert adjacent_deploy(state(tied, at=5)) == "2-5"


@pytest.mark.parametrize(
    ("routes", "chosen"),
    [([(5, 8, 1), (5, 6, 1)], "5-6"), ([(5, 4, 1), (5, 3, 1)], "3-5")],
)
def test_deploy_tie_is_decided_by_the_island_at_the_routes_other_end(routes, chosen) -> None:
    # whichever end of the route its own island is written at
    assert adjacent_deploy(state(board(routes), at=5)) == chosen


def test_deploy_is_ignored_when_every_adjacent_route_has_its_reef_ball() -> None:
    assert adjacent_deploy(balls(state(LINE, at=4), DEACON, "1-4", "4-5")) is None


# --- Deploy anywhere (card effect) --------------------------------------------------

SQUARE = board(
    [(1, 2, 2), (2, 3, 1), (3, 4, 1), (4, 1, 0), (4, 5, 0), (5, 6, 0)],
    [("A", [(1, 2), (2, 3), (3, 4), (4, 1)], 2)],
)


def test_deploy_anywhere_first_closes_an_ocean_sector_even_on_a_dearer_route() -> None:
    s = balls(state(SQUARE), YOU, "2-3", "3-4", "1-4")
    assert anywhere_deploy(s) == ("1-2", ["A"])


def test_deploy_anywhere_else_takes_the_cheapest_route_without_its_reef_ball() -> None:
    s = balls(state(SQUARE), DEACON, "1-4")
    assert anywhere_deploy(s) == ("4-5", [])


def test_deploy_anywhere_closing_takes_the_cheapest_of_the_closing_routes() -> None:
    # two sectors, each one route short: the dearer route's name comes first
    two = board(
        [(1, 2, 2), (2, 3, 0), (3, 1, 0), (3, 4, 1), (4, 5, 0), (5, 3, 0)],
        [("A", [(1, 2), (2, 3), (3, 1)], 1), ("B", [(3, 4), (4, 5), (5, 3)], 1)],
    )
    s = balls(state(two), YOU, "2-3", "1-3", "4-5", "3-5")
    assert anywhere_deploy(s) == ("3-4", ["B"])


def test_a_route_already_holding_a_reef_ball_closes_no_sector_again() -> None:
    s = balls(state(SQUARE), YOU, "1-2", "2-3", "3-4", "1-4")
    assert sectors_closed_by(s, "1-2") == []


def test_deploy_anywhere_tiebreaker_is_the_lowest_number_island() -> None:
    assert anywhere_deploy(state(SQUARE)) == ("1-4", [])


# --- its supply of Reef Balls ----------------------------------------------------------


def test_initial_reef_balls_are_used_first() -> None:
    s = state(LINE, reef=ReefSupply(1, [2, 2, 2]))
    assert next_ball(s, REEF["columns"]) == BallSource(None, 0)


def test_then_the_column_with_the_highest_vp_value_until_it_is_empty_and_its_bonus() -> None:
    s = state(LINE, reef=ReefSupply(0, [2, 2, 2]))
    first = next_ball(s, REEF["columns"])
    assert first == BallSource(1, 0)
    take_ball(s, first)
    last = next_ball(s, REEF["columns"])
    assert last == BallSource(1, 3)
    take_ball(s, last)
    assert s.total_vp == 3 and s.vp == {"reef_columns": 3}
    assert (s.reef.columns, s.reef.column) == ([2, 0, 2], 1)


def test_an_initial_reef_ball_taken_leaves_one_fewer() -> None:
    s = state(LINE, reef=ReefSupply(2, [2, 2, 2]))
    take_ball(s, next_ball(s, REEF["columns"]))
    assert s.reef.initial == 1 and s.reef.columns == [2, 2, 2]
    take_ball(s, next_ball(s, REEF["columns"]))
    assert s.reef.initial == 0


def test_it_keeps_to_its_column_until_empty_even_past_a_higher_value() -> None:
    s = state(LINE, reef=ReefSupply(0, [0, 1, 2], column=2))
    assert next_ball(s, REEF["columns"]) == BallSource(2, 0)


def test_once_empty_the_next_column_to_the_right_wrapping_to_the_leftmost() -> None:
    s = state(LINE, reef=ReefSupply(0, [2, 0, 0], column=2))
    assert next_ball(s, REEF["columns"]) == BallSource(0, 0)
    s = state(LINE, reef=ReefSupply(0, [1, 0, 2], column=1))
    assert next_ball(s, REEF["columns"]) == BallSource(2, 0)


def test_no_reef_ball_left_means_no_deployment() -> None:
    assert next_ball(state(LINE, reef=ReefSupply(0, [0, 0, 0], column=0)), REEF["columns"]) is None


# --- B. Move its Ship ------------------------------------------------------------------


def test_it_moves_to_the_leftmost_listed_island_it_can_reach() -> None:
    move = choose_move(state(LINE, at=1), [3, 2, 4])
    assert (move.island, move.path, move.listed) == (3, [1, 2, 3], 0)


def test_it_cannot_move_to_the_island_your_ship_is_on() -> None:
    move = choose_move(state(LINE, at=1, you_at=3), [3, 2, 4])
    assert move.island == 2


def test_it_has_to_move_to_another_island() -> None:
    move = choose_move(state(LINE, at=1), [1, 4, 2])
    assert move.island == 4


def test_it_can_use_at_most_one_route_that_costs_two() -> None:
    # 1 —0— 4 —2— 5 —2— 3: island 3 only by two routes of 2 that way, but 1-2-3 is cheap.
    far = board([(1, 4, 0), (4, 5, 2), (5, 6, 2)])
    assert choose_move(state(far, at=1), [6, 5, 4]).island == 5


def test_routes_with_its_reef_ball_open_the_way_whatever_they_cost() -> None:
    far = board([(1, 4, 0), (4, 5, 2), (5, 6, 2)])
    s = balls(state(far, at=1), DEACON, "4-5")
    move = choose_move(s, [6, 5, 4])
    assert (move.island, move.path) == (6, [1, 4, 5, 6])


def test_a_second_route_of_two_needs_its_reef_ball() -> None:
    two_twos = board([(1, 2, 2), (2, 3, 2)])
    assert choose_move(state(two_twos, at=1), [3, 2, 2]).island == 2
    opened = balls(state(two_twos, at=1), DEACON, "1-2")
    assert choose_move(opened, [3, 2, 2]).island == 3


def test_of_two_ways_as_short_the_one_by_the_lowest_numbered_island_is_shown() -> None:
    # by number, not by name: island 2 comes before island 10
    square = board([(1, 2, 1), (1, 10, 1), (2, 5, 1), (10, 5, 1)])
    move = choose_move(state(square, at=1), [5, 5, 5])
    assert (move.island, move.path) == (5, [1, 2, 5])


def test_no_listed_island_it_moves_by_the_cheapest_adjacent_route() -> None:
    cut = board([(1, 2, 2), (1, 3, 1), (1, 4, 1), (2, 9, 2)], islands=[1, 2, 3, 4, 9])
    move = choose_move(state(cut, at=1, you_at=3), [9, 9, 9])
    # 9 is two routes of 2 away; adjacent by the least energy: 3 (yours) is out, then 4.
    assert (move.island, move.path, move.listed) == (4, [1, 4], None)


def test_no_island_it_can_move_to_its_ship_stays_where_it_is() -> None:
    alone = board([(1, 3, 1)], islands=[1, 3])  # its one neighbour holds your Ship
    move = choose_move(state(alone, at=1, you_at=3), [3, 3, 3])
    assert (move.island, move.path, move.listed) == (None, [1], None)


def test_adjacent_fallback_counts_printed_energy_regardless_of_reef_balls() -> None:
    near = board([(1, 2, 2), (1, 3, 1)])
    s = balls(state(near, at=1), DEACON, "1-2")
    # Every listed island is its own: none is legal; by printed energy 3 (1) beats 2 (2).
    move = choose_move(s, [1, 1, 1])
    assert (move.island, move.listed) == (3, None)


def test_adjacent_fallback_tie_goes_to_the_lowest_numbered_island() -> None:
    near = board([(1, 7, 1), (1, 3, 1)])
    assert choose_move(state(near, at=1), [1, 1, 1]).island == 3


# --- C. its tracks --------------------------------------------------------------------


def test_research_reaching_a_milestone_skips_the_extra_step_and_discards_a_tile() -> None:
    s = state(LINE, research=5, milestones=1)
    said = research_step(s, RESEARCH["spaces"])
    assert (s.research, s.milestones) == (6, 2)
    assert str(said) == (
        "Its Scientist reaches the Milestone space 6: no extra step, no reward; "
        "take the top Milestone tile and put it face down by its Ship board."
    )


def test_research_moves_its_scientist_one_space_and_says_where() -> None:
    s = state(LINE, research=3, milestones=1)
    said = research_step(s, RESEARCH["spaces"])
    assert (s.research, s.milestones) == (4, 1)
    assert str(said) == "Its Scientist moves to space 4."


def test_research_stays_on_the_last_space() -> None:
    s = state(LINE, research=10)
    said = research_step(s, RESEARCH["spaces"])
    assert s.research == 10
    assert str(said) == "Its Scientist is on the last space of the Research track: it stays."


def test_diver_reaching_an_oxygen_tank_gains_its_rewards() -> None:
    s = state(LINE, diver=2)
    assert diver_step(s, SEAFLOOR["spaces"]) == [{"effect": "vp", "n": 2}]


def test_diver_on_the_final_step_gains_one_vp_instead() -> None:
    s = state(LINE, diver=6)
    assert diver_step(s, SEAFLOOR["spaces"]) == [] and s.total_vp == 1 and s.diver == 6
    assert s.vp == {"seafloor": 1}  # its VP kept by where they came from


def test_a_set_of_missions_scores_four_vp_and_three_on_the_b_side() -> None:
    for side, vp in (("A", 4), ("B", 3)):
        s = state(LINE, side=side)
        for colour in ("red", "blue"):
            assert take_mission(s, colour, ["red", "blue", "green"]) == 0
        assert take_mission(s, "green", ["red", "blue", "green"]) == vp


def test_a_completed_set_of_missions_is_kept_as_the_missions_vp() -> None:
    s = state(LINE, missions=["red", "blue"])
    assert take_mission(s, "green", ["red", "blue", "green"]) == 4
    assert s.vp == {"missions": 4}


def test_no_mission_type_known_makes_no_set() -> None:
    assert mission_sets(["red", "blue"], []) == 0
    assert mission_sets(["red", "blue", "red"], ["red", "blue"]) == 1


def test_mission_of_a_type_it_does_not_already_have() -> None:
    s = state(LINE, missions=["red", "blue", "green", "red"])
    assert lacking_types(s, ["red", "blue", "green"]) == ["blue", "green"]


# --- Crew -------------------------------------------------------------------------------


def test_hire_cheapest_row_full_takes_the_colour_it_has_least_of_topmost_if_tied() -> None:
    s = state(LINE, crew=[3, 2, 2])
    assert cheapest_wanted(s, CREW["rows"], 0) == [1, 2]
    assert cheapest_wanted(s, CREW["rows"], 2) == [2]
    s = state(LINE, crew=[3, 2, 1])  # the least first, whatever its place
    assert cheapest_wanted(s, CREW["rows"], 0) == [2, 1]


def test_hire_most_full_row_goes_to_the_next_colour_below_wrapping_to_top() -> None:
    s = state(LINE, crew=[1, 1, 3])
    assert most_wanted(s, CREW["rows"]) == [0, 1]
    s = state(LINE, crew=[2, 1, 1])
    assert most_wanted(s, CREW["rows"]) == [0, 1, 2]


def test_hire_most_tied_takes_the_topmost_of_the_colours_it_has_most_of() -> None:
    # the card's clause names no tie-break: the one of "hire the cheapest" (topmost if
    # tied) is taken, the same on both cards
    s = state(LINE, crew=[1, 2, 2])
    assert most_wanted(s, CREW["rows"]) == [1, 2, 0]


def test_two_rows_filled_and_no_match_it_takes_an_intern() -> None:
    assert intern_row(state(LINE, crew=[3, 3, 1]), CREW["rows"]) == 2
    assert intern_row(state(LINE, crew=[3, 2, 1]), CREW["rows"]) is None


def test_crew_score_is_the_smallest_row_minimum_one() -> None:
    assert smallest_row(state(LINE, crew=[3, 2, 2])) == 2
    assert smallest_row(state(LINE, crew=[])) == 1


def test_score_track_effect_is_the_furthest_crossed() -> None:
    marks = [
        {"at": 5, "effects": [{"effect": "research"}]},
        {"at": 15, "effects": [{"effect": "diver"}]},
    ]
    s = state(LINE, vp={"x": 16})
    assert score_track_effect(s, marks) == marks[1]
    s = state(LINE, vp={"x": 4})
    assert score_track_effect(s, marks) is None


def test_a_path_crosses_the_route_between_each_island_and_the_next() -> None:
    assert path_routes([5, 1, 3]) == ["1-5", "1-3"]
    assert path_routes([4]) == []
