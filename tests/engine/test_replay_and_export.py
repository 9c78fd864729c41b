"""A game is its bot, options, seed and answers: replay, undo, export, import."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.engine import BadGameFile, Game, GameOver, InvalidAnswer, Kind

from ..budget import MUTANT_RUN, examples
from ..random_play import finished_solo_enemy_game
from .decks import section
from .helpers import finish_turn, new_game

RICH = section(
    advancements=["1.2", "3.1"],
    influence=[{"space": "2.2", "cubes": 2}, {"space": "1.1", "cubes": 1}],
    end="2.2",
    top=True,
    bottom=True,
    effects=[
        {"type": "coins", "amount": 3},
        {"type": "upgrade", "level": 1, "cannons": 1},
        {"type": "build", "building": "fort"},
        {"type": "produce", "islands": 2},
        {"type": "attack", "bonus": 2, "unless_in_harbor": True},
        {
            "type": "if_cannons",
            "at_least": 3,
            "then": [{"type": "attack"}],
            "otherwise": [{"type": "coins", "amount": 1}],
        },
        {"type": "after_turn", "coins": 2},
    ],
)


def random_answer(game: Game, rng: random.Random):
    question = game.pending().question
    if question.kind is Kind.CONFIRM:
        return "done"
    if question.kind is Kind.YESNO:
        return rng.choice([True, False])
    if question.kind is Kind.NUMBER:
        return rng.randint(question.minimum, min(question.maximum, question.minimum + 4))
    if question.kind is Kind.SPACE:
        return rng.choice(question.spaces)
    values = [c.value for c in question.choices]
    return "end" if "end" in values and rng.random() < 0.6 else rng.choice(values)


def random_game(seed: int, moves: int, difficulty: str = "extreme") -> Game:
    game = Game("covenant", {"difficulty": difficulty, "saga": True}, seed, new_game(RICH).deck)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        if rng.random() < 0.05:
            game.correct(rng.choice(["coins", "damage", "explorer"]), rng.randint(0, 4))
        else:
            game.answer(random_answer(game, rng))
    return game


@settings(max_examples=examples(25), derandomize=MUTANT_RUN, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(1, 150),
    difficulty=st.sampled_from(["normal", "hard", "expert", "extreme"]),
)
def test_replaying_the_answers_gives_the_same_game_card_for_card(seed, moves, difficulty):
    game = random_game(seed, moves, difficulty)
    again = Game.replay("covenant", game.options, game.seed, game.deck, game.actions)
    assert again.export() == game.export()


@settings(max_examples=examples(15), derandomize=MUTANT_RUN, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(2, 120))
def test_undo_then_the_same_answers_never_draw_another_card_or_flip_another_coin(seed, moves):
    game = random_game(seed, moves)
    for back in (1, min(5, len(game.actions))):
        undone = Game.replay("covenant", game.options, game.seed, game.deck, game.actions[:-back])
        for action in game.actions[-back:]:
            undone.apply_action(action)
        assert undone.export() == game.export()


def test_the_state_round_trips_through_json():
    game = random_game(3, 80)
    data = json.loads(json.dumps(game.bot.state_to_json(game.state)))
    assert game.bot.state_to_json(game.bot.state_from_json(data)) == data


def test_export_holds_each_turns_card_and_answers_and_the_bots_state():
    game = new_game(RICH)
    finish_turn(game, {"player_ship": "3.3", "player_mode": True})
    data = json.loads(json.dumps(game.export()))
    first = data["turns"][0]
    assert set(first) >= {"card", "side", "section", "answers"}
    assert first["side"] == "normal" and first["section"] == 1
    assert first["answers"][0] == {
        "step": "player_ship",
        "params": {"player": 0},
        "answer": "3.3",
        "said": "Where is your Ship? — 3.3",
    }
    assert data["state"]["ais"][0]["coins"] == game.state.ai.coins


def test_export_records_a_correction_in_its_turn_with_the_counter_and_the_value_set():
    game = new_game(RICH)
    game.correct("coins", 4)
    data = json.loads(json.dumps(game.export()))
    assert data["turns"][-1]["answers"][-1] == {
        "step": "correction",
        "params": {"field": "coins", "value": 4},
        "answer": 4,
        "said": "Correction: Coins set to 4",
    }


def test_an_exported_game_imports_back_to_the_same_game():
    game = random_game(11, 90)
    copy = Game.from_export(json.loads(json.dumps(game.export())))
    assert copy.export() == game.export()


FILE = {"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": 1, "actions": []}


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ("not a dict", "this is not a Botdeck game file"),
        ({"format": "something else"}, "this is not a Botdeck game file"),
        (
            {"format": "botdeck-game", "version": 99},
            "it was made by a newer Botdeck (update Botdeck to open it)",
        ),
        ({**FILE, "actions": "x"}, "the game file has no list of actions"),
        ({**FILE, "bot": "nobody"}, "the game cannot be set up: unknown bot 'nobody'"),
        ({**FILE, "seed": "1"}, "the game file has no whole-number seed"),
        (
            {**FILE, "actions": [{"answer": "the moon"}]},
            "its action 1 cannot be taken: the answer is not one of the board spaces offered",
        ),
        ({**FILE, "actions": [{}] * 20_001}, "the game file holds more than 20000 actions"),
        ({**FILE, "seed": 2**63}, "the game file's seed is outside -2⁶³ … 2⁶³ − 1"),
        ({**FILE, "options": [1]}, "the game file's options are not a list of named values"),
        ({**FILE, "deck": "cards"}, "the game file's deck is not a deck"),
    ],
)
def test_a_broken_game_file_is_refused(broken, said):
    with pytest.raises(BadGameFile) as refused:
        Game.from_export(broken)
    assert str(refused.value) == said  # in full: a person reads it


def test_an_answer_that_does_not_fit_changes_nothing():
    game = new_game(RICH)
    before = game.export()
    for bad in ("9.9", "", None, 7, "Harbor"):
        with pytest.raises(InvalidAnswer, match="the answer is not one of the board spaces"):
            game.answer(bad)
    assert game.export() == before


def test_a_doubled_tap_on_the_same_step_is_refused():
    """The second tap names the step it was meant for, now answered: refused as such. (It
    used to pass without the guard too: "H" does not answer the next step either.)"""
    game = new_game(RICH)
    index = game.pending().index
    game.answer("H", expected_index=index)
    before = game.export()
    with pytest.raises(InvalidAnswer, match="^that step has already been answered$"):
        game.answer("H", expected_index=index)
    assert game.export() == before


def test_a_game_file_with_an_action_after_the_game_ended_is_refused_in_words() -> None:
    exported = finished_solo_enemy_game().export()
    exported["actions"].append(exported["actions"][-1])
    number = len(exported["actions"])
    with pytest.raises(BadGameFile, match=f"^its action {number} comes after the game ended$"):
        Game.from_export(exported)


def test_an_action_the_bots_code_cannot_read_is_refused_in_words(monkeypatch) -> None:
    def unreadable(self, action):
        raise KeyError("side")  # a bot's own error: no words for a person

    monkeypatch.setattr(Game, "apply_action", unreadable)
    with pytest.raises(BadGameFile) as refused:
        Game.from_export({**FILE, "actions": [{"answer": "3.3"}]})
    assert str(refused.value) == "its action 1 is not one Botdeck can read"


def test_a_finished_game_takes_no_answer_nor_correction_and_says_it_is_over() -> None:
    game = finished_solo_enemy_game()
    before = game.export()
    with pytest.raises(GameOver, match="^the game is over$"):
        game.correct("vp", 3)
    with pytest.raises(GameOver, match="^the game is over$"):
        game.answer("done")
    assert game.export() == before


def test_a_replay_checks_the_deck_it_is_given_unless_told_it_was_checked_when_stored():
    """The engine's replay of a game file's parts refuses a deck that is not one; the
    service, replaying a game from its own database, says the deck was checked then."""
    with pytest.raises(ValueError, match="this is not a Botdeck deck file"):
        Game.replay("covenant", {}, 1, {"cards": []}, [])


def test_an_action_of_no_known_kind_is_refused_in_words():
    game = new_game()
    with pytest.raises(InvalidAnswer, match=r"^an action is either an answer or a correction$"):
        game.apply_action({"shout": "hello"})
    assert game.actions == []


def test_a_game_started_without_a_seed_is_seed_0_and_the_same_game_every_time():
    game = Game("covenant", {"difficulty": "normal"})
    assert game.seed == 0
    assert game.export() == Game("covenant", {"difficulty": "normal"}, 0).export()


def test_a_new_game_checks_the_deck_it_is_given():
    with pytest.raises(ValueError, match="^this is not a Botdeck deck file"):
        Game("covenant", {}, 1, {"cards": []})


def test_a_seed_out_of_range_is_refused_in_words():
    with pytest.raises(
        ValueError, match="^the seed must be a whole number between -2⁶³ and 2⁶³ − 1$"
    ):
        Game("covenant", {}, 2**63)
