"""Actions (`engine/actions.py`): typed in code, stored as the log has always kept them."""

from __future__ import annotations

import pytest

from webapp.bots.solo_enemy.faction import profile_fields, read_profile
from webapp.engine import Game, InvalidAnswer
from webapp.engine.actions import Answered, Corrected, Overturned, Redo, Undo, action_of, kind_of

from .solo_enemy import new_game as solo_enemy_game

# a Solo C.C. Board saved all 0 by an earlier Botdeck (tests/web/test_service_edges.py)
ALL_ZERO = read_profile(
    {**profile_fields(None), **{f"track{n}.level": str(min(n, 3)) for n in range(1, 7)}}
)


@pytest.mark.parametrize(
    ("action", "stored"),
    [
        (Answered(3), {"answer": 3}),
        (Answered({"cargo": 2}), {"answer": {"cargo": 2}}),
        (Corrected("coins", 4), {"correct": "coins", "value": 4}),
        (Overturned("recruit", "an ability"), {"overturn": "recruit", "reason": "an ability"}),
        (Overturned("recruit"), {"overturn": "recruit", "reason": ""}),
    ],
)
def test_an_action_is_stored_in_the_logs_own_shape_and_read_back_as_itself(action, stored):
    assert action.to_json() == stored
    assert action_of(stored) == action


def test_an_overturn_stored_without_a_reason_reads_back_with_none():
    assert action_of({"overturn": "recruit"}) == Overturned("recruit", "")
    assert action_of({"overturn": "recruit", "reason": None}) == Overturned("recruit", "")


def test_a_correction_is_told_apart_before_an_answer():
    """A log line holding both keys (never written by Botdeck) is read as the correction,
    as every earlier version read it."""
    assert action_of({"correct": "coins", "value": 1, "answer": 2}) == Corrected("coins", 1)


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        (["answer", 1], "^an action must be an object$"),
        ({"undo": 1}, "^an action is either an answer or a correction$"),
    ],
)
def test_what_is_no_action_is_refused_in_words(stored, said):
    with pytest.raises(InvalidAnswer, match=said):
        action_of(stored)


def test_a_game_logs_each_action_the_table_takes_in_the_logs_shape():
    game = Game("covenant", {"difficulty": "normal"}, 3)
    pending = game.pending()
    assert pending is not None
    space = pending.question.spaces[0]
    step = game.take(Answered(space))
    assert step.done and game.actions == [{"answer": space}]
    field = game.bot.corrections.offered(game.state)[0]
    game.take(Corrected(field.field, field.minimum))
    assert game.actions[-1] == {"correct": field.field, "value": field.minimum}


def test_an_answer_the_table_takes_now_is_checked_as_strictly_as_a_tap():
    """Only an answer read back from the log passes the check it was stored under: a
    Solo Enemy cost profile of all zeros (saved before costs had to be printed ones) is
    refused when taken now, and read back as it was saved."""
    game = solo_enemy_game(set_up=False)
    game.answer("done")
    with pytest.raises(InvalidAnswer, match="^Every cost is 0, as the form starts: "):
        game.take(Answered(ALL_ZERO))
    assert game.actions == [{"answer": "done"}]
    game.take(Answered(ALL_ZERO), stored=True)
    assert game.state.profile == ALL_ZERO


def test_each_change_is_stored_as_the_event_of_its_kind():
    """An action, an undo (of the next unit or back to a point) and a redo: the log keeps
    each as one event of its kind."""
    assert [
        kind_of(change)
        for change in (
            Answered(3),
            Corrected("coins", 4),
            Overturned("yes"),
            Undo(),
            Undo(2),
            Redo(),
        )
    ] == ["action", "action", "action", "undo", "undo", "redo"]
