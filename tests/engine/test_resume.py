"""A game resumed from its stored text (after a restart) is the game replayed from its
first action: the same state, deck, checklist and step; it goes on the same, and Undo
works back to the snapshot stored with it. Further back, or an export, it says it needs
its whole history and changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from webapp.engine import Game, HistoryNeeded
from webapp.engine.capabilities import demo_deck
from webapp.engine.game import SNAPSHOT_EVERY

from ..random_play import BOTS, finished_solo_enemy_game, random_answer
from .test_snapshots import played


def now(game: Game, since: int = 0) -> dict[str, Any]:
    """What a resumed game holds of a game: everything but the finished turns and the
    actions before `since` (its snapshot's)."""
    pending = game.pending()
    return json.loads(
        json.dumps(
            {
                "actions": len(game.actions),
                "since": game.actions[since:],
                "open": game.checklist.to_json() if game.checklist else None,
                "state": game.bot.state_to_json(game.state),
                "deck": game.deck,
                "over": game.over,
                "pending": None if pending is None else [pending.index, str(pending.title)],
            },
            default=str,
        )
    )


def resumed(game: Game) -> Game:
    return Game.resume(game.bot.id, game.options, game.seed, game.initial_deck, game.stored())


@pytest.mark.parametrize("bot_id", BOTS)
@pytest.mark.parametrize("length", [0, 5, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 9])
def test_a_resumed_game_is_the_game_replayed_from_its_first_action(bot_id, length):
    game = played(bot_id, length, length)
    again = resumed(game)
    assert again.partial and not game.partial
    since = again.snapshots[0].actions
    assert now(again, since) == now(game, since)


@pytest.mark.parametrize("bot_id", BOTS)
@pytest.mark.parametrize("seed", range(3))
def test_a_resumed_game_goes_on_as_the_game_would(bot_id, seed):
    game = played(bot_id, seed, 3 * SNAPSHOT_EVERY + 5)
    again = resumed(game)
    rng = random.Random(seed)
    for _ in range(2 * SNAPSHOT_EVERY):
        if game.pending() is None:
            break
        answer = random_answer(game, random.Random(rng.random()))
        game.answer(answer)
        again.answer(answer)
        since = again.snapshots[0].actions
        assert now(again, since) == now(game, since)


@pytest.mark.parametrize("bot_id", BOTS)
def test_undo_after_a_resume_goes_back_to_the_snapshot_stored_with_it(bot_id):
    game = played(bot_id, 4, 2 * SNAPSHOT_EVERY + 9)
    again = resumed(game)
    stored_from = again.snapshots[0].actions
    assert stored_from == 2 * SNAPSHOT_EVERY  # the snapshot before the game's last action
    while len(game.actions) > stored_from:
        assert again.undo() == game.undo()
        assert now(again, stored_from) == now(game, stored_from)


@pytest.mark.parametrize("bot_id", BOTS)
def test_going_back_before_the_stored_snapshot_needs_the_whole_history(bot_id):
    game = played(bot_id, 5, SNAPSHOT_EVERY + 3)
    again = resumed(game)
    for _ in range(3):
        again.undo()
    before = now(again, SNAPSHOT_EVERY)
    with pytest.raises(HistoryNeeded, match="this goes back before the stored snapshot"):
        again.undo()
    assert now(again, SNAPSHOT_EVERY) == before
    with pytest.raises(HistoryNeeded, match="^a resumed game does not hold its earlier actions$"):
        again.export()


def test_text_that_is_not_a_stored_game_is_refused():
    game = played("covenant", 1, 3)
    stored = json.loads(game.stored())
    stored["after"] = stored["after"][:-1]  # one action missing
    with pytest.raises(ValueError, match="^the stored game.s snapshots and actions do not add up$"):
        Game.resume("covenant", game.options, game.seed, game.initial_deck, json.dumps(stored))


def test_a_game_resumed_with_a_deck_not_checked_yet_has_it_checked():
    game = played("covenant", 1, 3)
    broken = {**game.initial_deck, "cards": "not a list"}
    with pytest.raises(ValueError, match="^the deck file, field 'cards' must be a list$"):
        Game.resume("covenant", game.options, game.seed, broken, game.stored())


def test_a_finished_game_resumed_is_still_over() -> None:
    game = finished_solo_enemy_game()
    assert game.pending() is None
    again = Game.resume(game.bot.id, game.options, game.seed, game.initial_deck, game.stored())
    assert again.over and again.pending() is None


def test_a_resumed_game_starts_from_the_deck_it_was_given() -> None:
    from .solo_enemy import new_game as solo_game

    game = solo_game("recruit")  # its own deck, every card Recruit: not the demo deck
    assert game.initial_deck != demo_deck(game.bot)
    again = Game.resume(game.bot.id, game.options, game.seed, game.initial_deck, game.stored())
    assert again.initial_deck == game.initial_deck


@pytest.mark.parametrize("bot_id", BOTS)
def test_a_stored_game_writes_its_deck_once_when_play_left_it_as_it_was(bot_id):
    """The stored text holds the snapshot before the game and the game now; a deck the
    actions since did not change is written once, with the snapshot (the Covenant's is
    tens of KB), and the game resumed from it has that deck."""
    game = played(bot_id, 1, SNAPSHOT_EVERY + 8)
    stored = json.loads(game.stored())
    assert stored["base"]["actions"] == SNAPSHOT_EVERY and stored["now"]["actions"] == len(
        game.actions
    )
    assert stored["now"]["deck"] is None and json.loads(stored["base"]["deck"]) == game.deck
    assert resumed(game).deck == game.deck
