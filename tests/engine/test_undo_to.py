"""Going back to a point in one step ("Undo back to here"): the game is its first
actions replayed, at the cost of one undo however far back; a count it cannot go back
to, or a resumed game asked to go back before its snapshot, changes nothing."""

from __future__ import annotations

import pytest

from webapp.engine import Game, HistoryNeeded, InvalidAnswer
from webapp.engine.game import SNAPSHOT_EVERY

from ..random_play import BOTS
from .test_resume import now, resumed
from .test_snapshots import played


def replayed(game: Game, count: int) -> Game:
    return Game.replay(
        game.bot.id, game.options, game.seed, game.initial_deck, game.actions[:count]
    )


@pytest.mark.parametrize("bot_id", BOTS)
@pytest.mark.parametrize("back", [1, 7, SNAPSHOT_EVERY + 3])
def test_undo_to_is_the_game_replayed_without_the_actions_after(bot_id, back):
    game = played(bot_id, 5, 3 * SNAPSHOT_EVERY)
    count = len(game.actions) - back
    actions = list(game.actions)
    expected = replayed(game, count)
    assert game.undo_to(count) == actions[count:]
    assert now(game) == now(expected)
    for action in actions[count:]:  # and it goes on as the game would
        game.apply_action(action)
    assert now(game) == now(replayed(game, len(actions)))


@pytest.mark.parametrize("count", [-1, 40, 41, 10_000])
def test_a_count_it_cannot_go_back_to_changes_nothing(count):
    game = played("covenant", 2, 40)
    before = now(game)
    with pytest.raises(InvalidAnswer, match="^there is nothing to undo back to there$"):
        game.undo_to(count)
    assert now(game) == before


def test_a_resumed_game_asked_to_go_back_before_its_snapshot_changes_nothing():
    game = resumed(played("deacon", 3, 2 * SNAPSHOT_EVERY + 9))
    base = game.snapshots[0].actions
    before = now(game, base)
    with pytest.raises(HistoryNeeded, match="this goes back before the stored snapshot"):
        game.undo_to(base - 1)
    assert now(game, base) == before
    game.undo_to(base)  # back to its snapshot: held
    assert len(game.actions) == base


def test_an_undo_before_the_first_action_is_refused_in_words():
    game = Game("covenant", {}, seed=1)
    with pytest.raises(InvalidAnswer, match="^there is nothing to undo$"):
        game.undo()
