"""The map as the rules grow and shrink it: setup's start, tiles revealed, the pile
running out, tiles far east removed, railways."""

from __future__ import annotations

import pytest

from webapp.bots.bandits.land import (
    MEEPLE_START,
    START_DOWN,
    START_UP,
    add_bandits,
    nearest_west,
    pile_runs_out,
    reveal,
    start_map,
    too_far_east,
    westmost_railway,
)
from webapp.bots.bandits.state import BanditsState, Tile

from .bandits import state


def test_setup_deals_a_two_by_three_start_face_up_and_seven_face_down_around_it() -> None:
    s = BanditsState(mode="coop", names=["A", "B"], die=20)
    start_map(s)
    up = [c for c, t in s.tiles.items() if t.up]
    down = [c for c, t in s.tiles.items() if not t.up]
    assert sorted(up) == sorted(START_UP) and len(up) == 6
    assert {c for c, _ in up} == {-1, 0} and {r for _, r in up} == {-1, 0, 1}
    assert sorted(down) == sorted(START_DOWN) and len(down) == 7
    assert all(c[0] <= 0 for c in down)  # north, west and south: nothing east
    assert s.pile == 48 - 13
    s = BanditsState(mode="coop", names=["A", "B"], die=20, land_tiles=13)  # the fewest
    start_map(s)
    assert len(s.tiles) == 13 and s.pile == 0  # every tile is on the table


def test_the_meeples_start_on_the_eastmost_central_tile() -> None:
    assert (max(c for c, _ in START_UP), 0) == MEEPLE_START


def test_revealing_a_camp_adds_a_bandit_even_if_bandits_are_there() -> None:
    s = state("##o_", bandits={(0, 0): 2})
    done = reveal(s, (0, 0), "other", 4, True)
    assert s.bandits[(0, 0)] == 3 and done.camp
    assert s.tiles[(0, 0)] == Tile(up=True, type="other", star=4, camp=True)


def test_revealing_puts_face_down_tiles_on_its_empty_sides_but_not_east_of_the_eastmost() -> None:
    s = state(".. ##o_ ..", north=-1)  # (0,0) face down; (1,0) the eastmost tile
    done = reveal(s, (0, 0), "river", None, False)
    assert sorted(done.new) == [(-1, 0), (0, -1), (0, 1)]
    s = state("o_##", north=0)  # revealing the eastmost tile itself: nothing east of it
    done = reveal(s, (1, 0), "other", 2, False)
    assert (2, 0) not in s.tiles and sorted(done.new) == [(1, -1), (1, 1)]


def test_each_face_down_tile_put_down_comes_from_the_pile() -> None:
    s = state("##o_", pile=5)
    reveal(s, (0, 0), "other", None, False)
    assert s.pile == 2


def test_when_the_pile_runs_out_the_eastmost_row_is_removed_and_becomes_the_pile() -> None:
    s = state(
        "o_o_o_ ##o_o_ o_o_o_", north=-1, pile=0, bandits={(2, 0): 2}, meeples=[(2, 0), (1, 1)]
    )
    done = reveal(s, (0, 0), "other", None, False)
    out = done.pile_out[0]
    assert out.cells == [(2, -1), (2, 0), (2, 1)] and out.bandits == 2
    assert (2, 0) not in s.tiles and (2, 0) not in s.bandits
    # the player on a removed tile moves west to the nearest tile
    assert s.meeples == [(1, 0), (1, 1)] and out.moved == {0: (1, 0)}
    # its three tiles made the new pile; the one put down west came from it
    assert done.new == [(-1, 0)] and s.pile == 2


@pytest.mark.parametrize("north", [-3, 3])  # rows on either side of the columns' numbers
def test_a_player_on_a_removed_tile_moves_west_along_their_row_first(north: int) -> None:
    # "take an Exhaustion Card and move West to the nearest tile": along the row, past a
    # tile as close by another way; with no tile west in the row, the closest tile west,
    # the northern one of two as close
    s = state(
        "..o_o_o_ o_....o_ ......o_ ......o_ ..o_o_o_",
        north=north,
        pile=0,
        meeples=[(3, north + 1), (3, north + 2)],
    )
    out = pile_runs_out(s)
    assert out is not None and out.cells == [(3, north + row) for row in range(5)]
    assert s.meeples == [(0, north + 1), (2, north)]
    assert out.moved == {0: (0, north + 1), 1: (2, north)}


def test_the_nearest_tile_is_the_fewest_steps_away_across_and_down() -> None:
    # (3, 0) removed, nothing west in its row: (1, 1) is 2 + 1 steps away, (2, 3) 1 + 3
    s = state("......o_ ..o_.... ........ ....o_.. ........ o_......", pile=0, meeples=[(3, 0)])
    out = pile_runs_out(s)
    assert out is not None and out.moved == {0: (1, 1)}


def test_the_nearest_tile_west_is_never_one_to_the_east() -> None:
    s = state("..o_..  ......o_")  # (1, 0) west of (2, 1); (3, 1) closer, but east
    assert nearest_west(s, (2, 1)) == (1, 0)


def test_tiles_more_than_three_spaces_east_of_the_eastmost_player_are_removed() -> None:
    s = state("o_o_o_o_o_o_", meeples=[(0, 0), (1, 0)])
    assert too_far_east(s) == [(5, 0)]  # 1 + 3 complete spaces: columns 2, 3, 4 stay


def test_a_dead_character_does_not_hold_tiles_in_the_east() -> None:
    s = state("o_o_o_o_o_o_", meeples=[(0, 0), (5, 0)])
    s.dead[1] = True
    assert too_far_east(s) == [(4, 0), (5, 0)]


def test_the_most_west_railway_yet_scores_three() -> None:
    s = state("o_o_o_")
    assert westmost_railway(s, (1, 0))
    s.tiles[(1, 0)].railway = True
    assert not westmost_railway(s, (2, 0))
    assert westmost_railway(s, (0, 0))
    s = state("o_o_ o_o_")
    s.tiles[(1, 0)].railway = True
    assert not westmost_railway(s, (1, 1))  # as far west as one already built: not "most"


def test_a_group_brought_down_to_no_bandit_leaves_the_map() -> None:
    s = state("o_o_", bandits={(0, 0): 2, (1, 0): 1})
    add_bandits(s, (0, 0), -2)
    assert s.bandits == {(1, 0): 1}  # no group of 0 left behind


def test_no_tile_left_and_the_eastmost_row_holding_the_tile_revealed_leaves_spaces_empty() -> None:
    # the pile is out, and the row to take back holds the tile being revealed: it stays,
    # and the empty space beside it is left without a tile
    s = state("o_## o_o_", pile=0)
    done = reveal(s, (1, 0), "other", None, False)
    assert done.unfilled == [(1, -1)] and done.new == [] and done.pile_out == []
    assert (1, 0) in s.tiles and s.pile == 0


def test_every_empty_space_around_a_tile_is_left_empty_when_no_row_can_go_back() -> None:
    # one row of tiles: the pile is out, the eastmost column holds the tile revealed; the
    # spaces north and south of it both stay empty (and east of it is off the map)
    s = state("o_##", pile=0)
    done = reveal(s, (1, 0), "other", None, False)
    assert done.unfilled == [(1, -1), (1, 1)] and done.new == [] and s.pile == 0


def test_a_space_in_the_new_eastmost_column_gets_a_tile_from_the_row_that_went_back() -> None:
    # revealing (1, 0) with the pile out: the space north of it sends column 2 back into
    # the pile; column 1 is then the eastmost, and the space north gets a tile from it
    s = state("o_##o_ o_o_o_", pile=0)
    done = reveal(s, (1, 0), "other", None, False)
    assert [out.cells for out in done.pile_out] == [[(2, 0), (2, 1)]]
    assert done.new == [(1, -1)] and s.pile == 1


def test_a_space_east_of_the_map_once_its_eastmost_row_went_back_gets_no_tile() -> None:
    # revealing (1, 0): east of it the pile runs out and column 2 goes back into the pile;
    # that space is now east of the eastmost tile (no tile), the one west of it gets one
    s = state("o_o_o_ ..##.. o_o_o_", north=-1, pile=0)
    done = reveal(s, (1, 0), "other", None, False)
    assert [out.cells for out in done.pile_out] == [[(2, -1), (2, 1)]]
    assert done.new == [(0, 0)] and (2, 0) not in s.tiles and s.pile == 1
