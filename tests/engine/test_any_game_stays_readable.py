"""No sequence of valid taps can break a game (headless API, every bot).

A stateful property test: random valid answers, undos, redos, corrections and
overturned decisions, and after each one every step of the current checklist still
says what it is (`step_title`), the pending step can be shown, the bot's state as stored
is plain JSON, and the game replays to itself.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from webapp.engine import Game

from ..random_play import (
    BOTS,
    OPTIONS,
    candidates,
    check_every_title,
    new_game,
    play_randomly,
    run_table,
)


class RandomTable(RuleBasedStateMachine):
    """A table tapping through a game of one bot, with undo, redo and corrections."""

    bot_id = "covenant"

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.undone: list[dict[str, Any]] = []

    @initialize(
        options=st.integers(0, 9), seed=st.integers(0, 2**31 - 1), warmup=st.integers(0, 80)
    )
    def start(self, options: int, seed: int, warmup: int) -> None:
        """A game `warmup` random answers in, so that later turns are reached too."""
        sets = OPTIONS[self.bot_id]
        self.game = new_game(self.bot_id, sets[options % len(sets)], seed)
        play_randomly(self.game, random.Random(seed), warmup)

    @precondition(lambda self: self.game is not None and self.game.pending() is not None)
    @rule(data=st.data())
    def answer(self, data: st.DataObject) -> None:
        assert self.game is not None
        self.game.answer(data.draw(st.sampled_from(candidates(self.game)), label="answer"))
        self.undone.clear()

    @precondition(lambda self: self.game is not None and bool(self.game.actions))
    @rule()
    def undo(self) -> None:
        assert self.game is not None
        self.undone.append(self.game.undo())

    @precondition(lambda self: bool(self.undone))
    @rule()
    def redo(self) -> None:
        assert self.game is not None
        self.game.apply_action(self.undone.pop())

    @precondition(lambda self: self.game is not None and not self.game.over)
    @rule(data=st.data())
    def correct(self, data: st.DataObject) -> None:
        assert self.game is not None
        counters = self.game.bot.corrections.offered(self.game.state)
        if counters:
            counter = data.draw(st.sampled_from(counters), label="counter")
            value = data.draw(st.integers(counter.minimum, counter.maximum), label="value")
            self.game.correct(counter.field, value)
            self.undone.clear()

    @precondition(lambda self: self.game is not None and overturn_offered(self.game))
    @rule()
    def overturn(self) -> None:
        """The table overturns what the bot decided (the Solo Enemy's actions)."""
        assert self.game is not None
        pending = self.game.pending()
        assert pending is not None and pending.overturn is not None
        self.game.overturn(pending.overturn.to, "an ability")
        self.undone.clear()

    @invariant()
    def every_step_says_what_it_is(self) -> None:
        if self.game is not None:
            check_every_title(self.game)

    @invariant()
    def the_state_as_stored_is_plain_json(self) -> None:
        """What a game stores of its bot is what reading it back gives, type for type: a
        game resumed from storage holds the same state as the game that stored it."""
        if self.game is not None:
            stored = self.game.bot.state_to_json(self.game.state)
            assert_plain_json(stored)
            assert json.loads(json.dumps(stored)) == stored


def assert_plain_json(value: Any, where: str = "state") -> None:
    """Only what JSON reads back: dicts with string keys, lists, strings, numbers,
    booleans and None (not an enum, tuple or object that JSON writes as something else)."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert type(key) is str, f"{where}: key {key!r}"
            assert_plain_json(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            assert_plain_json(item, f"{where}[{index}]")
    else:
        assert value is None or type(value) in (str, int, float, bool), f"{where}: {value!r}"


def overturn_offered(game: Game) -> bool:
    pending = game.pending()
    return pending is not None and pending.overturn is not None


def machine_for(bot_id: str) -> type[RandomTable]:
    return type(f"RandomTable_{bot_id}", (RandomTable,), {"bot_id": bot_id})


@pytest.mark.parametrize("bot_id", BOTS)
def test_random_taps_undos_redos_and_corrections_never_break_a_game(bot_id):
    run_table(machine_for(bot_id), examples=100, steps=40, suppress=(HealthCheck.filter_too_much,))


@pytest.mark.parametrize("bot_id", BOTS)
@pytest.mark.parametrize("seed", range(30))
def test_seeded_random_games_say_every_step_after_every_answer(bot_id, seed):
    """The headless check of the report: seeds 0–29, `step_title` of every step."""
    sets = OPTIONS[bot_id]
    game = new_game(bot_id, sets[seed % len(sets)], seed)
    rng = random.Random(seed)
    for _ in range(250):
        if game.pending() is None:
            break
        play_randomly(game, rng, 1)
        check_every_title(game)
    again = Game.replay(bot_id, game.options, game.seed, game.initial_deck, game.actions)
    assert again.export() == game.export()
