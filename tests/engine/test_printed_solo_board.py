"""The Solo C.C. Board checked like printed cardboard: the form as it starts (every cost
0) is refused; a Unit, Spell or Capital City Track space costing nothing is asked "Is
this printed as free?" (its row's Free box) first; a game saved before these checks
still replays as it was played."""

from __future__ import annotations

import copy

import pytest

from bench.table import SOLO_COSTS
from tests.e2e.random_taps import COSTS, TRACK
from webapp.bots.solo_enemy.faction import (
    ProfileError,
    blank_profile,
    check_profile,
    profile_fields,
    read_profile,
)
from webapp.engine import Game, InvalidAnswer

from .solo_enemy import PROFILE, deck, new_game, play

LEVELS = {f"track{n}.level": str(min(n, 3)) for n in range(1, 7)}
# A board as a table types it, every row costing something.
TYPED = {
    **LEVELS,
    "air_vessel.ore": "3",
    "sea_vessel.ore": "2",
    "warrior.food": "1",
    "serf.food": "1",
    "spell1.mana": "2",
    "spell2.mana": "3",
    "spell3.ore": "1",
    **{f"track{n}.ore": str(n + 1) for n in range(1, 7)},
}


def refused_fields(raw) -> list[str | None]:
    with pytest.raises(ProfileError) as refused:
        check_profile(raw)
    return [problem.field for problem in refused.value.problems]


def test_a_solo_board_saved_all_zero_is_refused():
    """The form as it starts, saved unchanged: the Enemy would pay for everything."""
    unchanged = {**profile_fields(None), **LEVELS}
    with pytest.raises(ProfileError, match="Every cost is 0") as refused:
        check_profile(unchanged)
    assert [p.field for p in refused.value.problems] == [None]  # the board as a whole


def test_a_board_of_zero_costs_is_refused_even_with_every_row_ticked_free():
    every_row_free = {**profile_fields(None), **LEVELS}
    every_row_free.update({name: "on" for name in every_row_free if name.endswith(".free")})
    assert refused_fields(every_row_free) == [None]


def test_a_free_unit_is_asked_whether_it_is_printed_free():
    assert refused_fields({**TYPED, "serf.food": "0"}) == ["serf.free"]
    with pytest.raises(ProfileError, match=r"field 'serf\.free': Is this printed as free\?"):
        check_profile({**TYPED, "serf.food": ""})


def test_a_free_unit_is_accepted_once_it_is_said_free():
    profile = check_profile({**TYPED, "serf.food": "0", "serf.free": "on"})
    assert profile["units"]["serf"] == {"ore": 0, "mana": 0, "food": 0}
    assert profile["free"] == ["serf"]


def test_a_free_spell_and_a_free_track_space_are_accepted_once_said_free():
    board = {**TYPED, "spell2.mana": "0", "track1.ore": "0"}
    assert refused_fields(board) == ["spell2.free", "track1.free"]
    profile = check_profile({**board, "spell2.free": "on", "track1.free": "on"})
    assert profile["free"] == ["spell2", "track1"]
    assert profile["track"][0] == {"ore": 0, "level": 1}


def test_every_row_costing_nothing_is_asked_at_once_not_one_a_save():
    board = {**TYPED, "warrior.food": "0", "serf.food": "0", "spell3.ore": "0"}
    board.update({"track5.ore": "0", "track6.ore": "0"})
    assert refused_fields(board) == [
        "warrior.free",
        "serf.free",
        "spell3.free",
        "track5.free",
        "track6.free",
    ]


def test_a_row_ticked_free_that_has_a_cost_is_refused():
    with pytest.raises(ProfileError, match=r"field 'warrior\.free': Ticked as free, yet"):
        check_profile({**TYPED, "warrior.free": "on"})


def test_a_spell_free_of_cost_may_still_score_vp():
    profile = check_profile({**TYPED, "spell1.mana": "0", "spell1.vp": "2", "spell1.free": "on"})
    assert profile["spells"][0] == {"name": "", "cost": {"ore": 0, "mana": 0, "food": 0}, "vp": 2}


def test_the_free_rows_come_back_ticked_in_the_form_and_check_the_same():
    profile = check_profile({**TYPED, "serf.food": "0", "serf.free": "on"})
    fields = profile_fields(profile)
    assert fields["serf.free"] is True and fields["warrior.free"] is False
    assert check_profile(fields) == profile
    assert check_profile(copy.deepcopy(profile)) == profile  # as JSON, as it is kept


def test_a_nested_board_must_say_its_free_rows_by_name():
    with pytest.raises(ProfileError, match="field 'free'"):
        check_profile({**PROFILE, "free": ["dragon"]})


UNITS_SAID = "field 'units': the 4 Units, each with its costs"
SPELLS_SAID = "field 'spells': one Spell for each of the 3 Heroes"
TRACK_SAID = "field 'track': the 6 spaces of the Capital City Track"


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ({"units": [], "spells": [], "track": []}, UNITS_SAID),
        ({"units": {}, "spells": "three", "track": []}, SPELLS_SAID),
        ({**blank_profile(), "track": [{"ore": 1, "level": 1}]}, TRACK_SAID),
        ({"units": {"serf": {"food": 1}}}, SPELLS_SAID),
    ],
)
def test_a_malformed_nested_board_is_refused_not_a_crash(broken, said):
    with pytest.raises(ProfileError, match=said):
        check_profile(broken)


@pytest.mark.parametrize(
    ("name", "board"),
    [
        ("tests/engine/solo_enemy.py PROFILE", PROFILE),
        ("bench/table.py SOLO_COSTS", SOLO_COSTS),
        (
            "tests/e2e/random_taps.py COSTS",
            {
                **{k: str(v) for k, v in COSTS.items()},
                **{f"track{n}.ore": str(ore) for n, (ore, _) in enumerate(TRACK, start=1)},
                **{f"track{n}.level": str(level) for n, (_, level) in enumerate(TRACK, start=1)},
            },
        ),
    ],
)
def test_the_boards_the_tests_and_the_bench_play_are_plausible_printed_boards(name, board):
    assert check_profile(board)["units"]["serf"]["food"] == 1, name


def test_an_answer_saved_before_these_checks_replays_as_it_was_played():
    """A game's log is its truth: an all-0 board saved by an earlier Botdeck is read as
    it was then (`read_profile`), while the same answer given now is refused."""
    all_zero = read_profile({**profile_fields(None), **LEVELS})
    game = new_game(set_up=False)
    game.answer("done")
    with pytest.raises(InvalidAnswer, match="Every cost is 0") as refused:
        game.answer(all_zero)
    assert refused.value.problems[0].field is None and len(game.actions) == 1
    logged = [*game.actions, {"answer": all_zero}]
    replayed = Game.replay("solo_enemy", game.options, game.seed, deck(), logged)
    assert replayed.state.profile == all_zero
    play(replayed, until="tax_slot")  # and the game goes on
