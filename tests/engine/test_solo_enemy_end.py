"""Solo rulebook, "End of the Game": the triggers, one more round, the score sheet."""

from __future__ import annotations

from .solo_enemy import kinds, new_game, play, titles


def test_an_x_objective_finishes_the_round_then_one_more_round_is_played():
    game = new_game()
    play(game, {"x_objective": True}, until=lambda p: game.state.turns.round == 2)
    assert game.state.turns.end_round == 2 and game.state.end_reason == "objective"
    assert titles(game)[-1] == "Last round 2 · Enemy Hero 1"
    play(game, until="score_enemy")
    assert titles(game)[-2:] == ["Last round 2 · Collection", "Final scoring"]
    assert "x_objective" not in [s.kind for s in game.checklists[-2].steps]


def test_the_last_round_heading_comes_with_the_last_round_not_with_the_trigger():
    """Solo rulebook, "End of the Game": once triggered, "The current round is then
    completed, and then one more round is played": the end reached by Hero 1 in round 1
    leaves the rest of round 1 a plain round; only round 2 is headed "Last round"."""
    game = new_game("build_track", corrections={"ore": 10, "track": 5})
    assert game.state.turns.end_round == 2  # triggered by Hero 1's first action
    play(game, until="score_enemy")
    rounds = [t for t in titles(game) if t.startswith(("Round", "Last round"))]
    assert rounds == [
        "Round 1 · Enemy Hero 1",
        "Round 1 · Your action 1",
        "Round 1 · Enemy Hero 2",
        "Round 1 · Your action 2",
        "Round 1 · Enemy Hero 3",
        "Round 1 · Collection",
        "Last round 2 · Enemy Hero 1",
        "Last round 2 · Your action 1",
        "Last round 2 · Enemy Hero 2",
        "Last round 2 · Your action 2",
        "Last round 2 · Enemy Hero 3",
        "Last round 2 · Collection",
    ]


def test_an_end_triggered_at_the_collection_heads_only_the_next_round_last():
    """An X-Objective said at round 2's Collection: round 3 is the last."""
    game = new_game()
    play(game, {"x_objective": [False, True]}, until="score_enemy")
    headings = [t.split(" · ")[0] for t in titles(game) if " · " in t]
    assert headings == ["Round 1"] * 6 + ["Round 2"] * 6 + ["Last round 3"] * 6


def test_the_x_objective_question_is_asked_at_each_collection_until_the_end_is_triggered():
    game = new_game()
    play(game, until=lambda p: game.state.turns.round == 3)
    collections = [c for c in game.checklists if c.header["kind"] == "collection"]
    assert all(c.steps[-1].kind == "x_objective" for c in collections)


def test_the_end_of_its_capital_city_track_triggers_the_end_too():
    game = new_game("build_track", corrections={"ore": 10, "track": 5})
    assert game.state.end_reason == "track" and game.state.turns.end_round == 2
    play(game, until="score_enemy")
    assert game.state.turns.round == 2


def test_once_triggered_the_end_cannot_be_moved():
    game = new_game("build_track", corrections={"ore": 10, "track": 5})
    game.correct("track", 4)
    game.correct("ore", 10)
    assert game.state.turns.end_round == 2


def test_a_destroyed_capital_city_ends_the_game_at_once():
    game = new_game()
    play(game, until="your_action")
    game.answer("capital")
    game.answer("enemy")
    assert game.checklist.title.text == "Final scoring"
    assert kinds(game) == ["score_player", "score_sheet"]  # its owner scores 0


def test_the_enemy_heroes_give_no_points_its_vp_are_what_it_gained_and_its_end_scoring():
    game = new_game("research")  # each Research: +2, +1 or +3 VP by Hero
    play(game, {"x_objective": True}, until="score_enemy")
    gained = game.state.total_vp
    assert gained > 0
    assert "Its Heroes give no points." in str(game.pending().detail)
    game.answer(7)
    game.answer(gained + 6)
    sheet = game.pending()
    assert sheet.step.kind == "score_sheet"
    game.answer("done")
    assert game.over
    assert game.state.score == {
        "enemy_end": 7,
        "you": gained + 6,
        "enemy": gained + 7,
        "total_you": gained + 6,
    }


def test_a_player_whose_capital_city_is_destroyed_scores_0():
    game = new_game()
    play(game, until="your_action")
    game.answer("capital")
    game.answer("you")
    assert "capital" in game.state.vp
    play(game)
    assert game.over and game.state.score["total_you"] == 0
    assert game.state.score["enemy"] == game.state.total_vp
