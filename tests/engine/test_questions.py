"""Each kind of question checks its own answers and says them in words; the dice
question rolls with the game's seeded dice or takes the table's own roll."""

from __future__ import annotations

import pytest

from webapp.engine import Dice, Game, InvalidAnswer, Kind, msg
from webapp.engine.questions import Choice, choose, confirm, dice, entry, number, space, yes_no


@pytest.mark.parametrize(
    ("question", "raw", "stored", "said"),
    [
        (confirm(), "done", "done", "Done"),
        (yes_no(msg("?")), "yes", True, "Yes"),
        (number(msg("?"), 1, 5), "3", 3, "3"),
        (choose(msg("?"), Choice("a", msg("Alpha"))), "a", "a", "Alpha"),
        (space(msg("?"), ["2.2"]), "2.2", "2.2", "2.2"),
        (entry(msg("?"), lambda raw: raw, None), '{"x": 1}', {"x": 1}, "entered"),
        (dice(msg("?"), 6, 8), [3, 8], [3, 8], "rolled 3 · 8"),
        (dice(msg("?"), 6, 8), "3, 8", [3, 8], "rolled 3 · 8"),
        (dice(msg("?"), 6, 8), {"0": "3", "1": "8"}, [3, 8], "rolled 3 · 8"),
    ],
)
def test_each_kind_of_question_stores_its_answer_and_says_it(question, raw, stored, said):
    assert question.parse(raw) == stored
    assert str(question.label(stored)) == said
    assert question.template == f"questions/{question.kind}.html"


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ([7, 1], "a d6 shows 1 to 6"),
        ([1], "the roll is 2 dice"),
        ("one two", "whole number"),
        ({"0": "2"}, "whole number"),
        ([0, 3], "a d6 shows 1 to 6"),
        (True, "the roll is 2 dice"),
    ],
)
def test_a_roll_the_dice_cannot_show_is_refused(raw, why):
    with pytest.raises(InvalidAnswer, match=why):
        dice(msg("?"), 6, 6).parse(raw)


@pytest.fixture
def dice_game(monkeypatch) -> Game:
    """A game whose pending step asks two dice (a step type made to ask them)."""
    game = Game("covenant", {}, seed=42)
    kind = game.bot.step_types[game.pending().step.kind]
    monkeypatch.setattr(kind, "question", lambda state, step: dice(msg("Roll"), 6, 6))
    monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
    return game


def test_roll_for_me_stores_the_faces_and_rolls_the_same_after_an_undo(dice_game):
    assert dice_game.pending().question.kind is Kind.DICE
    assert isinstance(dice_game.pending().question, Dice)
    dice_game.answer("roll")
    rolled = dice_game.actions[-1]["answer"]
    assert len(rolled) == 2 and all(1 <= face <= 6 for face in rolled)
    dice_game.undo()
    dice_game.answer("roll")
    assert dice_game.actions[-1]["answer"] == rolled  # the game's own dice, not a new throw
    again = Game.replay("covenant", {}, 42, None, dice_game.actions)
    assert again.actions == dice_game.actions  # a replay reads the faces, never rolls


def test_the_tables_own_roll_is_stored_as_entered(dice_game):
    step = dice_game.answer({"0": "6", "1": "1"})
    assert dice_game.actions[-1] == {"answer": [6, 1]}
    assert str(dice_game.step_answer(step)) == "rolled 6 · 1"
