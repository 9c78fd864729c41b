"""Snapshots: undo goes back to the nearest snapshot and replays the few actions after
it. Whatever the game and wherever it goes back to, it is the game replayed from the
start; an answer the bot refuses half-way leaves the game exactly as it was."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from webapp.engine import Game, InvalidAnswer
from webapp.engine.game import SNAPSHOT_EVERY

from ..random_play import BOTS, OPTIONS, new_game, random_answer


def everything(game: Game) -> dict[str, Any]:
    """All a game is: its file, its checklists as data, its state, its working deck (a
    copy: `to_json` shares the steps' own params)."""
    return json.loads(
        json.dumps(
            {
                "export": game.export(),
                "checklists": [checklist.to_json() for checklist in game.checklists],
                "state": game.bot.state_to_json(game.state),
                "deck": game.deck,
                "pending": None if game.pending() is None else game.pending().index,
            },
            default=str,
        )
    )


# counters a correction may set without ending the game (victory points could)
RESOURCES = {"coins", "cargo", "damage", "ore", "mana", "food"}


def played(bot_id: str, seed: int, actions: int) -> Game:
    """A random game, corrections among the answers (a Solo Enemy game played at random
    ends within a few dozen answers: corrections make it long)."""
    sets = OPTIONS[bot_id]
    game = new_game(bot_id, sets[seed % len(sets)], seed)
    rng = random.Random(seed)
    while len(game.actions) < actions:
        if game.pending() is None:
            break
        counters = [c for c in game.bot.corrections.offered(game.state) if c.field in RESOURCES]
        if counters and rng.random() < 0.7:
            counter = rng.choice(counters)
            game.correct(counter.field, rng.randint(counter.minimum, counter.maximum))
        else:
            game.answer(random_answer(game, rng))
    return game


@pytest.mark.parametrize("bot_id", BOTS)
@pytest.mark.parametrize("seed", range(6))
def test_any_game_gone_back_to_by_undo_is_the_game_replayed_from_the_start(bot_id, seed):
    game = played(bot_id, seed, 4 * SNAPSHOT_EVERY + 7)
    assert len(game.snapshots) == 1 + len(game.actions) // SNAPSHOT_EVERY >= 3
    rng = random.Random(seed)
    while game.actions:
        for _ in range(rng.randint(1, SNAPSHOT_EVERY + 3)):
            if game.actions:
                game.undo()
        again = Game.replay(bot_id, game.options, game.seed, game.initial_deck, game.actions)
        assert everything(game) == everything(again)
        assert all(s.actions <= len(game.actions) for s in game.snapshots)


@pytest.mark.parametrize("bot_id", BOTS)
def test_undo_then_redo_gives_back_the_same_game(bot_id):
    game = played(bot_id, 11, 3 * SNAPSHOT_EVERY)
    before = everything(game)
    undone = [game.undo() for _ in range(SNAPSHOT_EVERY + 5)]
    for action in reversed(undone):
        game.apply_action(action)
    assert everything(game) == before


@pytest.mark.parametrize("bot_id", BOTS)
def test_an_answer_refused_half_way_changes_nothing(bot_id, monkeypatch):
    """A bot that changes its state and then refuses (or trips on a bug)."""
    game = played(bot_id, 3, SNAPSHOT_EVERY + 5)
    pending = game.pending()
    assert pending is not None
    before = everything(game)
    kind = game.bot.step_types[pending.step.kind]
    real_resolve = kind.resolve

    refused = []

    def resolve_then_refuse(state, step, value, ctx):  # type: ignore[no-untyped-def]
        real_resolve(state, step, value, ctx)
        if not refused:  # this answer only: the actions replayed to go back pass
            refused.append(step)
            step.params["scribbled"] = True
            raise InvalidAnswer("refused after changing things")

    monkeypatch.setattr(kind, "resolve", resolve_then_refuse)
    with pytest.raises(InvalidAnswer, match="refused after changing things"):
        game.answer(random_answer(game, random.Random(1)))
    monkeypatch.undo()
    assert refused and everything(game) == before
    game.answer(random_answer(game, random.Random(1)))  # and the game goes on


@pytest.mark.parametrize("bot_id", BOTS)
def test_the_snapshots_of_a_game_share_one_deck_while_it_does_not_change(bot_id):
    game = played(bot_id, 2, 4 * SNAPSHOT_EVERY)
    decks = {json.dumps(game.deck)}
    if game.options.get("deck_mode") != "physical":  # no card entered: the one deck
        assert len({id(snapshot.deck) for snapshot in game.snapshots}) == len(decks) == 1
