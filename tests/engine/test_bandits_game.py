"""A Deck Goes West game through the engine: setup, days and nights in the rulebook's
order, battles, the end, undo and replay."""

from __future__ import annotations

import pytest

from webapp.bots.bandits.night import appear
from webapp.engine import Game, InvalidAnswer

from .bandits import BOARD, new_game, play, to_day


def kinds(game: Game) -> list[str]:
    assert game.checklist is not None
    return [s.kind for s in game.checklist.steps]


def test_setup_follows_the_board_setup_list_in_order() -> None:
    game = new_game()
    play(game, until="day_map")
    setup = game.checklists[0]
    assert [s.kind for s in setup.steps] == [
        "mission",
        "score_board",
        "place_board",
        "cards_setup",
        *["start_tile"] * 6,
        "face_down",
        "meeples",
        "dice_setup",
        "players_setup",
    ]
    assert game.state.meeples == [(0, 0), (0, 0)] and game.state.tracker == 0
    assert len(game.state.tiles) == 13 and game.state.pile == 35


def test_a_start_tile_dealt_face_up_is_entered_and_its_camp_adds_no_bandit() -> None:
    game = new_game()
    play(game, {"start_tile": {"type": "river", "star": 4, "camp": True}}, until="day_map")
    assert game.state.tiles[(0, 0)].type == "river" and game.state.tiles[(0, 0)].camp
    assert game.state.bandits == {}


def test_the_night_phase_runs_its_steps_in_the_rulebooks_order() -> None:
    game = new_game()
    to_day(game)
    game.answer("night")
    assert kinds(game) == [
        "tracker",
        "trade_row",
        "exhaustion",
        "attacks",
        "moves",
        "far_east",
        "appear_roll",
        "night_end",
    ]


def test_move_the_bandit_tracker_one_space_each_night() -> None:
    game = new_game()
    to_day(game)
    game.answer("night")
    play(game, until="trade_row")
    assert game.state.tracker == 1


def test_the_bandit_tracker_at_the_end_of_its_track_and_the_players_lose() -> None:
    game = new_game()
    to_day(game)
    game.correct("tracker", 14)
    game.answer("night")
    game.answer("done")  # the tracker moves to 15, the end
    assert game.state.outcome == {"result": "lost", "why": "bandits", "who": None}
    play(game)
    assert game.over
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None and "Bandits win" in str(sheet.winner)


def test_reaching_the_end_of_the_score_track_wins_at_once() -> None:
    game = new_game()
    to_day(game)
    game.answer("score")
    game.answer({"points": 30})
    assert game.state.outcome == {"result": "won", "why": "score", "who": None}
    assert game.pending() is not None and game.pending().step.kind == "score_sheet"


def test_a_character_who_dies_at_the_end_of_the_night_loses_the_coop_game() -> None:
    game = new_game()
    to_day(game)
    game.answer("night")
    play(game, {"night_end": "1"}, until=lambda p: p.step.kind == "score_sheet")
    assert game.state.outcome == {"result": "lost", "why": "death", "who": 1}


def test_in_versus_a_dead_character_is_out_and_the_last_one_standing_wins() -> None:
    game = new_game("versus", players=["A", "B", "C"])
    to_day(game)
    game.answer("night")
    play(game, {"night_end": "2"}, until="day_map")
    assert game.state.dead == [False, False, True] and game.state.outcome is None
    game.answer("night")
    play(game, {"night_end": "0"}, until=lambda p: p.step.kind == "score_sheet")
    assert game.state.outcome == {"result": "won", "why": "last", "who": 1}


def test_in_versus_the_bandits_at_their_end_give_the_game_to_the_most_points() -> None:
    game = new_game("versus")
    to_day(game)
    game.correct("score_1", 5)
    game.correct("tracker", 14)
    game.answer("night")
    game.answer("done")
    assert game.state.outcome == {"result": "won", "why": "bandits", "who": 1}


def test_versus_ties_are_broken_by_distance_west() -> None:
    game = new_game("versus")
    to_day(game)
    game.answer("-1,0")
    game.answer("move:0")  # A goes one tile west
    game.correct("tracker", 14)
    game.answer("night")
    game.answer("done")
    assert game.state.outcome is not None and game.state.outcome["who"] == 0


def test_revealing_a_tile_by_tapping_it_on_the_map() -> None:
    game = new_game()
    to_day(game)
    game.answer("-2,0")
    assert game.pending().step.kind == "tile"
    step = game.answer({"type": "mountain", "star": 9, "camp": True})
    assert game.state.tiles[(-2, 0)].type == "mountain" and game.state.bandits == {(-2, 0): 1}
    assert (-3, 0) in game.state.tiles and game.state.revealed == 1
    assert "A Bandit Camp: a bandit is added to tile 2W·0." in [str(n) for n in step.notes]
    assert game.pending().step.kind == "day_map"  # back to the map


def test_a_railway_scores_three_when_it_is_the_most_west_yet_then_two() -> None:
    game = new_game()
    to_day(game)
    game.answer("0,0")
    game.answer("railway")  # both are on the tile: who built it?
    game.answer("0")
    assert game.state.scores == [3]
    game.answer("-1,0")
    game.answer("move:1")
    game.answer("-1,0")
    game.answer("railway")
    assert game.state.scores == [6]  # further west than any railway: 3 again
    game.answer("0,1")
    game.answer("move:1")
    game.answer("0,1")
    game.answer("railway")
    assert game.state.scores == [8]


def test_correct_any_tile() -> None:
    game = new_game()
    to_day(game)
    game.answer("-2,0")
    game.answer("correct")
    game.answer(
        {"up": True, "type": "water", "star": 3, "camp": False, "railway": False, "bandits": 4}
    )
    assert game.state.tiles[(-2, 0)].type == "water" and game.state.bandits[(-2, 0)] == 4


def test_a_tile_corrected_face_down_forgets_what_its_face_showed() -> None:
    """A tile turned back face down (a mistaken reveal) keeps no type, red star or camp:
    the night's Appear roll of its number adds no bandit to it."""
    game = new_game()
    to_day(game)
    game.answer("-2,0")
    game.answer("correct")
    game.answer(
        {"up": True, "type": "water", "star": 3, "camp": True, "railway": False, "bandits": 0}
    )
    game.answer("-2,0")
    game.answer("correct")
    game.answer(  # the form sends the fields as they were
        {"up": False, "type": "water", "star": 3, "camp": True, "railway": False, "bandits": 0}
    )
    tile = game.state.tiles[(-2, 0)]
    assert (tile.up, tile.type, tile.star, tile.camp) == (False, None, None, False)
    assert (-2, 0) not in appear(game.state, [3])


def test_a_bad_tile_correction_is_refused_and_changes_nothing() -> None:
    game = new_game()
    to_day(game)
    game.answer("-2,0")
    game.answer("correct")
    before = game.state.to_json()
    with pytest.raises(InvalidAnswer, match="a face-up tile needs its type"):
        game.answer({"up": True, "star": 3, "camp": False, "railway": False, "bandits": 1})
    assert game.state.to_json() == before


def test_bandits_attack_a_player_and_the_battle_runs_in_the_rules_order() -> None:
    game = new_game(seed=4)
    to_day(game)
    game.answer("0,0")
    game.answer("correct")
    game.answer(
        {"up": True, "type": "other", "star": None, "camp": False, "railway": False, "bandits": 3}
    )
    game.answer("night")
    play(game, {"battle_jobs": {"attack": 2, "defence": 2}}, until="moves_shown")
    assert game.checklist is not None
    rolls = [
        (s.kind, s.params["role"])
        for s in game.checklist.steps
        if s.kind in ("bandit_roll", "player_roll", "no_roll")
    ]
    # 1. jobs chosen and paid (before any roll); primary attack: 2. the attackers'
    # hits, 3. the defenders' saves; counter attack: 5. the defenders' hits, 6. the
    # attackers' saves
    assert [s.kind for s in game.checklist.steps][3:6] == ["attacks", "battle_jobs", "bandit_roll"]
    assert rolls == [
        ("bandit_roll", "attack"),
        ("player_roll", "defence"),
        ("player_roll", "attack"),
        ("bandit_roll", "defence"),
    ]
    assert game.state.battle is None


def test_players_attack_bandits_by_day_and_the_bandits_counter_attack() -> None:
    game = new_game(seed=2)
    to_day(game)
    game.answer("0,0")
    game.answer("correct")
    game.answer(
        {"up": True, "type": "other", "star": None, "camp": False, "railway": False, "bandits": 2}
    )
    game.answer("0,0")
    game.answer("fight")
    game.answer({"attack": 3, "defence": 0})
    pending = play(game, until=lambda p: p.step.kind in ("day_map", "pain"))
    rolls = [(s.kind, s.params["role"]) for s in game.checklist.steps if "roll" in s.kind]
    assert rolls == [
        ("player_roll", "attack"),
        ("bandit_roll", "defence"),
        ("bandit_roll", "attack"),
        ("no_roll", "defence"),
    ]
    assert pending is not None


def test_undo_and_redo_roll_the_same_dice() -> None:
    game = new_game(seed=9)
    to_day(game)
    game.answer("night")
    play(game, until="appear_roll")
    bandits = dict(game.state.bandits)
    game.answer("roll")
    after = dict(game.state.bandits)
    game.undo()
    assert game.state.bandits == bandits
    game.answer("roll")
    assert game.state.bandits == after


def test_the_game_replays_to_the_same_state_and_its_state_round_trips() -> None:
    game = new_game(seed=5)
    to_day(game)
    for west in range(2, 6):
        game.answer(f"-{west},0")  # a tile revealed each day, further west
        play(game, until="day_map")
        game.answer("night")
        play(game, until="day_map")
    assert game.state.revealed == 4 and game.state.day == 5
    copy = Game.from_export(game.export())
    assert copy.state.to_json() == game.state.to_json()
    assert game.bot.state_from_json(game.state.to_json()).to_json() == game.state.to_json()


@pytest.mark.parametrize("mode", ["coop", "solo"])
def test_several_days_and_nights_on_a_map_that_grows_west(mode: str) -> None:
    game = new_game(mode, seed=8, players=[])
    to_day(game)
    for day in range(1, 7):
        west = min(c for c, _ in game.state.tiles)
        down = next(c for c, t in sorted(game.state.tiles.items()) if c[0] == west and not t.up)
        game.answer(f"{down[0]},{down[1]}")
        game.answer({"type": "other", "star": 1 + day, "camp": False})
        game.answer("night")
        play(game, until="day_map")
    assert game.state.day == 7 and game.state.outcome is None
    assert min(c for c, _ in game.state.tiles) <= -7  # six reveals, each one further west
    if mode == "solo":
        assert game.state.names == ["Character 1", "Character 2"] and len(game.state.scores) == 1


def test_a_section_whose_red_star_is_0_rolls_no_bandit_die() -> None:
    """Night phase 7: the Bandit die is rolled "as many times as are indicated in the red
    star" — none at all for a 0, and the night says so."""
    game = new_game()
    play(game, {"score_board": {**BOARD, "stars_1": 0}}, until="day_map")
    game.answer("night")
    pending = play(game, until="appear_roll")
    assert pending is not None and pending.question.kind == "choice"
    bandits = dict(game.state.bandits)
    game.answer("fine")
    step = next(s for s in game.checklist.steps if s.kind == "appear_roll")
    assert [str(n) for n in step.notes] == ["The section's red star is 0: no bandit appears."]
    assert game.state.bandits == bandits
