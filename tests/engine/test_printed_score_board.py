"""The Bandits' Score Board checked like printed cardboard (Rules, "Night Phase" 7: a
section's red star; "Winning": the tracks' ends): sections one after the other up the
track, each whole, reached before the game ends, and some red star above 0. Every
problem is named by its field; a board saved before these checks still replays."""

from __future__ import annotations

import pytest

from bench.table import LONG_SCORE_BOARD
from tests.random_play import SCORE_BOARD
from webapp.bots.bandits.steps_setup import check_score_board
from webapp.engine import Game, InvalidAnswer
from webapp.engine.refusals import FieldsRefused

from .bandits import BOARD, new_game, play

ENDS = {"score_end": 40, "bandit_end": 25}


def form(**sections: int | None) -> dict[str, int | None]:
    """The Score Board as the form reads it: both ends, then the sections given."""
    board: dict[str, int | None] = {**ENDS, "stars_1": 1}
    board.update({f"{k}_{n}": None for n in range(2, 7) for k in ("start", "stars")})
    board.update(sections)
    return board


def refused(board) -> list[tuple[str | None, str]]:
    with pytest.raises(FieldsRefused) as error:
        check_score_board(board)
    return [(p.field, str(p.why)) for p in error.value.problems]


@pytest.mark.parametrize(
    ("name", "board"),
    [
        ("tests/random_play.py SCORE_BOARD", SCORE_BOARD),
        ("tests/engine/bandits.py BOARD", BOARD),
        ("bench/table.py LONG_SCORE_BOARD", LONG_SCORE_BOARD),
    ],
)
def test_the_score_boards_the_tests_and_the_bench_play_are_plausible(name, board):
    game = new_game()
    question = play(game, until="score_board").question
    assert question.parse(board)["score_end"] == board["score_end"], name


def test_a_section_starts_after_the_one_before():
    assert refused(form(start_2=10, stars_2=2, start_3=8, stars_3=3)) == [
        ("start_3", "After section 2, which starts at space 10.")
    ]


def test_a_section_after_a_blank_one_is_refused():
    assert refused(form(start_3=8, stars_3=3)) == [
        ("start_3", "Section 2 is blank: fill the sections in order, first to last.")
    ]


def test_half_a_section_is_refused_naming_the_missing_field():
    assert refused(form(start_2=10)) == [
        ("stars_2", "Section 2 needs its first space and its red star.")
    ]
    assert refused(form(stars_2=3)) == [
        ("start_2", "Section 2 needs its first space and its red star.")
    ]


def test_a_section_past_both_tracks_ends_is_never_reached():
    assert refused(form(start_2=41, stars_2=2)) == [
        ("start_2", "Past both tracks' last spaces (40): never reached.")
    ]
    assert check_score_board(form(start_2=40, stars_2=2))


def test_a_board_whose_every_red_star_is_0_is_refused():
    assert refused(form(stars_1=0, start_2=10, stars_2=0)) == [
        ("stars_1", "Every red star is 0: no bandit would ever appear. Type each section's star.")
    ]
    assert check_score_board(form(stars_1=0, start_2=10, stars_2=3))  # an early quiet section


def test_every_problem_is_named_at_once():
    board = form(stars_1=0, start_2=10, stars_2=0, start_3=5, stars_3=0, start_5=50, stars_5=0)
    assert [field for field, _ in refused(board)] == ["start_3", "start_5", "stars_1"]


def test_the_form_refuses_each_field_out_of_range_at_once_before_the_board_is_checked():
    game = new_game()
    question = play(game, until="score_board").question
    with pytest.raises(InvalidAnswer) as error:
        question.parse({"score_end": "0", "bandit_end": "", "stars_1": "2"})
    assert [(p.field, str(p.why)) for p in error.value.problems] == [
        ("score_end", "From 1 to 200."),
        ("bandit_end", "An answer is needed."),
    ]


def test_a_board_saved_before_these_checks_replays_as_it_was_played():
    """An earlier Botdeck skipped a blank section and let every star be 0: a game that
    holds such a board reads it as it was then; the same board given now is refused."""
    old = form(stars_1=0, start_3=8, stars_3=0)
    game = new_game()
    play(game, until="score_board")
    with pytest.raises(InvalidAnswer, match="start_3"):
        game.answer(old)
    logged = [*game.actions, {"answer": old}]
    replayed = Game.replay("bandits", game.options, game.seed, None, logged)
    assert replayed.state.board.sections == [[0, 0], [8, 0]]
