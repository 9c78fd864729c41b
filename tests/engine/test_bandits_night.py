"""The night phase's own rules, clause by clause, on maps drawn as pictures."""

from __future__ import annotations

import random

from webapp.bots.bandits.night import (
    appear,
    appear_rolls,
    attack_order,
    d6_successes,
    move_bandits,
    roll_compass,
    roll_job_dice,
    split_groups,
)
from webapp.bots.bandits.state import Tile
from webapp.bots.bandits.steps_night import move_said

from .bandits import rolls, state


def test_bandits_attack_west_to_east_then_north_to_south() -> None:
    s = state(
        "o_o_o_ o_o_o_",
        bandits={(2, 0): 1, (0, 1): 2, (0, 0): 1, (1, 1): 4},
        meeples=[(2, 0), (0, 1), (0, 0)],
    )
    assert attack_order(s) == [(0, 0), (0, 1), (2, 0)]


def test_only_groups_on_a_players_tile_attack() -> None:
    s = state("o_o_", bandits={(0, 0): 3, (1, 0): 2}, meeples=[(1, 0)])
    assert attack_order(s) == [(1, 0)]


def test_bandits_move_one_tile_the_way_the_compass_die_shows() -> None:
    s = state("o_o_o_ o_o_o_ o_o_o_", bandits={(1, 1): 2})
    moves = move_bandits(s, rolls("W"))
    assert s.bandits == {(0, 1): 2}
    assert [(m.start, m.end, m.how) for m in moves] == [((1, 1), (0, 1), "moved")]
    assert moves[0].to_json() == {
        "start": [1, 1], "roll": "W", "end": [0, 1], "how": "moved", "size": 2,
        "chained": False, "merged": False,
    }  # fmt: skip


def test_a_group_that_stays_is_written_down_with_its_roll_and_its_bandit_more() -> None:
    # "If they still cannot move, add a bandit"; a "+" adds one bandit
    s = state("o_", bandits={(0, 0): 2})
    moves = move_bandits(s, rolls("+"))
    assert [(m.roll, m.end, m.how, m.size) for m in moves] == [("+", (0, 0), "plus", 3)]
    moves = move_bandits(s, rolls("N"))
    assert [(m.roll, m.end, m.how, m.size) for m in moves] == [("N", (0, 0), "blocked", 4)]
    assert s.bandits == {(0, 0): 4}


def test_bandits_move_onto_face_down_tiles_but_never_off_the_tiles() -> None:
    s = state("##o_", bandits={(1, 0): 1})
    move_bandits(s, rolls("W"))
    assert s.bandits == {(0, 0): 1}


def test_a_group_that_cannot_go_the_rolled_way_goes_the_opposite_way() -> None:
    s = state("o_ o_", bandits={(0, 0): 2})  # nothing north of (0, 0)
    moves = move_bandits(s, rolls("N"))
    assert s.bandits == {(0, 1): 2}
    assert moves[0].how == "opposite"


def test_west_blocked_goes_east() -> None:
    s = state("o_o_", bandits={(0, 0): 1})
    move_bandits(s, rolls("W"))
    assert s.bandits == {(1, 0): 1}


def test_a_group_that_cannot_move_either_way_gains_a_bandit() -> None:
    s = state("o_o_", bandits={(0, 0): 3})  # one row: no tile north or south
    moves = move_bandits(s, rolls("S"))
    assert s.bandits == {(0, 0): 4}
    assert moves[0].how == "blocked"


def test_a_plus_adds_one_bandit_to_the_group() -> None:
    s = state("o_o_", bandits={(0, 0): 3})
    moves = move_bandits(s, rolls("+"))
    assert s.bandits == {(0, 0): 4} and moves[0].how == "plus"


def test_groups_on_a_camp_or_a_players_tile_do_not_move() -> None:
    s = state("oco_o_", bandits={(0, 0): 2, (1, 0): 1, (2, 0): 1}, meeples=[(1, 0)])
    moves = move_bandits(s, rolls("W"))
    assert [m.start for m in moves] == [(2, 0)]
    assert s.bandits == {(0, 0): 2, (1, 0): 2}  # it joined the group on the player's tile


def test_groups_move_starting_from_the_west_then_the_north() -> None:
    s = state("o_o_o_ o_o_o_", bandits={(2, 0): 1, (1, 1): 1, (1, 0): 1})
    moves = move_bandits(s, rolls("+", "+", "+"))
    assert [m.start for m in moves] == [(1, 0), (1, 1), (2, 0)]


def test_a_group_moving_onto_a_tile_left_empty_does_not_meet_anyone() -> None:
    s = state("o_o_o_ o_o_o_ o_o_o_", bandits={(1, 1): 2, (2, 1): 3})
    # (1,1) rolls first and goes west; (2,1) then rolls W onto the now empty (1,1)
    moves = move_bandits(s, rolls("W", "W"))
    assert s.bandits == {(0, 1): 2, (1, 1): 3}
    assert not any(m.chained or m.merged for m in moves)


def test_the_met_group_rolls_immediately_and_moves_away() -> None:
    # (0,1) rolls S onto (0,2) where a group waits (it is further south, so later in
    # the order): that group rolls at once, W is blocked so it goes E; then they part.
    s = state("o_o_ o_o_ o_o_", bandits={(0, 1): 2, (0, 2): 4})
    moves = move_bandits(s, rolls("S", "W"))
    assert s.bandits == {(0, 2): 2, (1, 2): 4}
    assert moves[1].chained and moves[1].start == (0, 2) and not moves[0].merged


def test_the_met_group_that_does_not_move_merges_with_the_newcomer() -> None:
    s = state("o_o_ o_o_ o_o_", bandits={(0, 1): 2, (0, 2): 4})
    moves = move_bandits(s, rolls("S", "+"))
    assert s.bandits == {(0, 2): 7}  # 4 + 1 for the "+", then 2 arrive
    assert moves[1].chained and moves[0].merged
    assert len(moves) == 2  # the merged group does not roll again


def test_chained_rolls_go_on_from_group_to_group() -> None:
    s = state("o_ o_ o_ o_", bandits={(0, 0): 1, (0, 1): 1, (0, 2): 1})
    moves = move_bandits(s, rolls("S", "S", "S"))
    assert [m.start for m in moves] == [(0, 0), (0, 1), (0, 2)]
    assert [m.chained for m in moves] == [False, True, True]
    assert s.bandits == {(0, 1): 1, (0, 2): 1, (0, 3): 1}


def test_a_group_moved_onto_another_then_onto_a_third_that_stays_is_merged() -> None:
    """Night phase 5: "If a group of bandits meets group that have not yet moved, roll
    movement for the other group immediately. If the second group do not move, the two
    groups merge." (0,0) moves onto (0,1), which rolls at once and moves onto (0,2),
    which rolls at once and stays: (0,1)'s group and (0,2)'s merge there; (0,0)'s group
    stands alone on the tile (0,1)'s group left."""
    s = state("o_ o_ o_", bandits={(0, 0): 1, (0, 1): 2, (0, 2): 4})
    moves = move_bandits(s, rolls("S", "S", "+"))
    assert s.bandits == {(0, 1): 1, (0, 2): 2 + 4 + 1}
    assert [(m.start, m.end, m.chained, m.merged) for m in moves] == [
        ((0, 0), (0, 1), False, False),
        ((0, 1), (0, 2), True, True),
        ((0, 2), (0, 2), True, False),
    ]
    assert str(move_said(moves[1])) == (
        "tile 0·1S rolled S: 2 move to tile 0·2S (rolled at once: a group came onto it), "
        "and the groups merge"
    )


def test_a_group_moved_onto_another_then_a_third_moved_onto_its_tile_is_merged() -> None:
    """The same chain, the third group rolling N back onto the tile the second left: the
    first group arrives where it has moved, and joins it."""
    s = state("o_ o_ o_", bandits={(0, 0): 1, (0, 1): 2, (0, 2): 4})
    moves = move_bandits(s, rolls("S", "S", "N"))
    assert s.bandits == {(0, 1): 4 + 1, (0, 2): 2}
    assert [(m.chained, m.merged) for m in moves] == [(False, True), (True, False), (True, False)]
    assert len(moves) == 3  # every group rolled once


def test_a_group_joins_one_that_has_already_moved() -> None:
    s = state("o_o_o_", bandits={(0, 0): 1, (2, 0): 2})
    # (0,0): W blocked → E to (1,0). (2,0): W onto (1,0), which has moved: they merge.
    moves = move_bandits(s, rolls("W", "W"))
    assert s.bandits == {(1, 0): 3} and moves[1].merged and not moves[1].chained


def test_appear_adds_a_bandit_to_every_tile_with_the_rolled_red_star() -> None:
    s = state("o5o5o3 w5##o1")
    added = appear(s, [5, 1, 7])
    assert added == {(0, 0): 1, (0, 1): 1, (1, 0): 1, (2, 1): 1}
    assert s.bandits == added


def test_a_face_down_tile_shows_no_number_even_if_its_face_prints_the_one_rolled() -> None:
    """ "every tile with the same number in its red star *on the map*": a tile not yet
    revealed shows none. Guards Appear reading a face-down tile's number."""
    s = state("o5## o5o5")
    s.tiles[(1, 0)] = Tile(up=False, type="other", star=5)  # its face, not yet seen
    assert appear(s, [5]) == {(0, 0): 1, (0, 1): 1, (1, 1): 1}
    assert (1, 0) not in s.bandits


def test_the_same_number_rolled_twice_adds_two() -> None:
    s = state("o5")
    assert appear(s, [5, 5]) == {(0, 0): 2}


def test_appear_rolls_are_the_red_star_of_the_furthest_forward_section() -> None:
    s = state("o_", sections=[[0, 1], [10, 2], [20, 3]])
    assert appear_rolls(s) == 1
    s.tracker = 10
    assert appear_rolls(s) == 2
    s.scores = [21]
    assert appear_rolls(s) == 3


def test_no_bandit_die_is_rolled_while_the_score_board_is_not_entered_yet() -> None:
    # the red stars are printed on the Score Board: before it is entered, no section
    # holds a star, and the panel's "Bandit die tonight" reads 0 rolls
    s = state("o_")
    s.board = None
    assert appear_rolls(s) == 0


def test_a_group_of_six_splits_one_bandit_to_each_of_the_four_directions() -> None:
    s = state("o_o_o_ o_o_o_ o_o_o_", bandits={(1, 1): 6})
    splits, left = split_groups(s)
    assert s.bandits == {(1, 1): 2, (1, 0): 1, (2, 1): 1, (1, 2): 1, (0, 1): 1}
    assert len(splits) == 1 and not left


def test_at_the_maps_edge_a_bandit_with_no_tile_to_go_to_stays() -> None:
    s = state("o_o_ o_o_", bandits={(0, 0): 7})
    split_groups(s)
    assert s.bandits == {(0, 0): 5, (1, 0): 1, (0, 1): 1}


def test_a_split_that_makes_another_group_of_six_splits_again() -> None:
    s = state("o_o_o_", bandits={(0, 0): 6, (1, 0): 5})
    splits, left = split_groups(s)
    # (0,0) sends one east: (1,0) has 6 and splits west and east; (0,0) has 6 again.
    assert [sp.cell for sp in splits] == [(0, 0), (1, 0), (0, 0)]
    assert s.bandits == {(0, 0): 5, (1, 0): 5, (2, 0): 1} and not left


def test_splits_stop_on_a_map_too_small_for_its_bandits() -> None:
    s = state("o_", bandits={(0, 0): 9})
    splits, left = split_groups(s)
    assert not splits and left == [(0, 0)] and s.bandits == {(0, 0): 9}


def test_standard_d6_reads_three_to_five_as_one_and_six_as_two() -> None:
    assert [d6_successes(f) for f in range(1, 7)] == [0, 0, 1, 1, 1, 2]


def test_the_job_dice_show_their_printed_faces_as_often_as_they_are_printed() -> None:
    # the Job die's six faces: 0, 0, 1, 1, 1, 2
    thrown = roll_job_dice(random.Random(7), 6000)
    shares = {face: thrown.count(face) / len(thrown) for face in (0, 1, 2)}
    assert set(thrown) == {0, 1, 2}
    assert abs(shares[0] - 2 / 6) < 0.03 and abs(shares[1] - 3 / 6) < 0.03
    assert abs(shares[2] - 1 / 6) < 0.03


def test_splits_on_a_map_too_small_stop_after_a_round_per_bandit_on_every_tile() -> None:
    # two tiles and 12 bandits: 6 and more keep passing one bandit across, for ever; the
    # splitting stops after (bandits + 1) splits a tile, and no bandit is lost
    s = state("o_o_", bandits={(0, 0): 12})
    splits, left = split_groups(s)
    assert len(splits) == 2 * (12 + 1)
    assert (splits[0].cell, splits[0].size, splits[0].to) == ((0, 0), 12, [(1, 0)])
    assert sum(s.bandits.values()) == 12 and left


def test_the_compass_die_rolls_each_of_its_faces() -> None:
    """Rules, "Contents": "Compass Dice * 1: Dice with faces [N, S, W, W , W , + ]" —
    each of them comes up."""
    roll = roll_compass(random.Random(3))
    assert {roll() for _ in range(300)} == {"N", "S", "W", "+"}


def test_a_saved_games_compass_rolls_come_out_as_they_did() -> None:
    """Botdeck's own rolls follow the game's seed: the same seed, the same faces, as in
    the game files saved by every earlier Botdeck."""
    roll = roll_compass(random.Random(7))
    assert [roll() for _ in range(12)] == [
        "W", "S", "W", "+", "N", "N", "W", "N", "W", "W", "N", "W"
    ]  # fmt: skip
