"""What the rules core (webapp/engine/game.py) refuses or cuts, at its exact edge: a tap
sent twice for one step, the table's reason for an overturn, the longest game file."""

from __future__ import annotations

from typing import Any

import pytest

from webapp.engine import BadGameFile, Game, InvalidAnswer

from ..random_play import finished_solo_enemy_game
from . import solo_enemy
from .decks import section
from .helpers import new_game, play

# Covenant cards whose Attack is won: the Plunder asks the coins the Covenant took, then
# the cargo, two numbers in a row (0 answers both).
PLUNDERING = section(effects=[{"type": "coins", "amount": 3}, {"type": "attack", "bonus": 1}])


def test_a_doubled_tap_is_refused_even_when_it_would_answer_the_next_step() -> None:
    """Guards `expected_index`: the step a tap was made for is checked, not only whether
    its value fits the step now waiting (0 fits the cargo step after the coins step)."""
    game = new_game(PLUNDERING)
    coins = play(game, until="plunder")
    assert coins is not None and str(coins.title) == "Plunder: coins the Covenant took"
    game.answer("0", expected_index=coins.index)
    cargo = game.pending()
    assert cargo is not None and str(cargo.title) == "Plunder: cargo the Covenant took"
    assert cargo.question.parse("0") == 0  # the doubled tap would fit it

    before = game.export()
    with pytest.raises(InvalidAnswer, match="^that step has already been answered$"):
        game.answer("0", expected_index=coins.index)
    assert game.export() == before
    assert game.pending().index == cargo.index
    game.answer("0", expected_index=cargo.index)  # the tap made for it is taken
    assert len(game.actions) == cargo.index + 1


# --- the table's reason for an overturn ----------------------------------------------------

# Longer than any reason kept: a game file (edited by hand) may hold one of any length.
LONG_REASON = "The Capital City ability of the Dwarves lets it build for one Ore less. " * 4


def test_the_tables_reason_for_an_overturn_is_kept_to_80_characters() -> None:
    """Guards REASON_LENGTH's cut: "a few words" in the log and the History."""
    game = solo_enemy.new_game("build_track")
    step = game.overturn("fail", LONG_REASON)
    kept = game.actions[-1]["reason"]
    assert len(kept) == 80 and LONG_REASON.startswith(kept)
    assert game.actions[-1] == {"overturn": "fail", "reason": kept}
    assert str(step.shown_answer) == kept


def test_a_game_file_with_a_longer_reason_is_read_with_it_cut_to_80_characters() -> None:
    game = solo_enemy.new_game("build_track")
    game.overturn("fail", "Capital City ability")
    data = game.export()
    assert data["actions"][-1] == {"overturn": "fail", "reason": "Capital City ability"}
    data["actions"][-1]["reason"] = LONG_REASON

    read = Game.from_export(data)
    assert read.actions[-1] == {"overturn": "fail", "reason": LONG_REASON[:80]}
    assert read.export()["actions"][-1]["reason"] == LONG_REASON[:80]


# --- the longest game file -------------------------------------------------------------------

# README: "20,000 actions per game".
LONGEST = 20_000


def game_file(actions: int) -> dict[str, Any]:
    """A Covenant game file holding `actions` actions, the first of which cannot be
    taken: reading it stops there, once its length is accepted."""
    data = Game("covenant", {"difficulty": "normal"}, 1).export()
    data["actions"] = [{"answer": "the moon"}] * actions
    return data


def test_a_game_file_of_20000_actions_is_read() -> None:
    """Guards MAX_ACTIONS's edge: exactly that many is not refused for its length (it is
    refused here for its first action, which is read: its length was accepted)."""
    with pytest.raises(BadGameFile, match="its action 1 cannot be taken") as refused:
        Game.from_export(game_file(LONGEST))
    assert "more than" not in str(refused.value)


def test_a_game_file_of_20001_actions_is_refused_before_it_is_read() -> None:
    with pytest.raises(BadGameFile, match="the game file holds more than 20000 actions"):
        Game.from_export(game_file(LONGEST + 1))


def test_undo_before_the_first_action_is_refused_in_words() -> None:
    game = new_game(section())
    with pytest.raises(InvalidAnswer, match="^there is nothing to undo$"):
        game.undo()
    assert game.actions == [] and game.pending() is not None


def test_a_game_file_names_each_turn_as_its_checklist_does() -> None:
    """A game file is readable as well as replayable: each turn under its title, each
    step answered with its own values and what it said."""
    game = new_game()
    play(game, until=lambda pending: len(game.checklists) > 2, limit=200)
    turns = game.export()["turns"]
    assert [turn["title"] for turn in turns] == [str(c.title) for c in game.checklists]
    assert turns[0]["title"] == "The Covenant's turn 1" and len(turns) > 1
    answered = [step for turn in turns for step in turn["answers"]]
    assert answered and all(isinstance(step["params"], dict) for step in answered)
    assert all(step["said"] and step["said"] != "None" for step in answered)


def test_a_game_file_says_whether_the_game_is_over() -> None:
    """A game file says plainly whether its game has ended, and its game read back says
    the same."""
    running = new_game()
    assert running.export()["over"] is False
    finished = finished_solo_enemy_game()
    exported = finished.export()
    assert exported["over"] is True
    assert Game.from_export(exported).over is True
