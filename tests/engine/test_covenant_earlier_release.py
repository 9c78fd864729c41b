"""A Covenant game the releases of 2026-11-23 and 2026-11-24 played replays as they played
it (webapp/bots/covenant/earlier.py), and plays on by today's rules.

Each log below is what the release of 2026-11-23 (commit 3e09cea) logged, tap by tap as
its forms sent them, for the deck and seed of `new_game` and the section given; the
Covenant's figures asserted are what that release made of it.
"""

from __future__ import annotations

from typing import Any

import pytest

from webapp.engine import Game, InvalidAnswer

from .decks import section
from .helpers import new_game

ISLAND = section(influence=[{"space": "2.2", "cubes": 2}])
AFTER_TURN = section(effects=[{"type": "after_turn", "coins": 2}])


def logged(*answers: str) -> list[dict[str, Any]]:
    return [{"answer": answer} for answer in answers]


def replayed(sec: dict[str, Any], log: list[dict[str, Any]], played: int | None) -> Game:
    """The game of `new_game(sec)` replayed from `log`, its first `played` actions taken
    by the release of 2026-11-24 (None: by today's)."""
    fresh = new_game(sec)
    options = dict(fresh.options)
    if played is not None:
        options["earlier_release"] = {"date": "2026-11-24", "actions": played}
    return Game.replay("covenant", options, fresh.seed, fresh.initial_deck, log)


def answered(game: Game) -> list[str]:
    """The kinds of the steps the table answered, in order."""
    return [
        step.kind
        for checklist in game.checklists
        for step in checklist.steps
        if step.done and not game.bot_step_is_automatic(step)
    ]


# Turn 1: "What is at 2.2?" — an island without your buildings; no control. Turn 2: asked
# again, "a Garrison of yours" now: a building battle (and its Garrison damage), won.
ISLAND_ASKED_AGAIN = logged(
    *("H", "no", "none", "no", "done", "end"),
    *("H", "garrison", "covenant_won", "yes", "done", "0", "0", "end"),
)


def test_what_is_at_an_island_asked_every_turn_by_an_earlier_release_replays_as_answered():
    """Until the release of 2026-11-25 the table was asked what is at an island every
    turn; its second answer is read as the answer it was (today the island is known from
    the first turn and is not asked again)."""
    with pytest.raises(InvalidAnswer, match="the answer must be yes or no"):
        replayed(ISLAND, ISLAND_ASKED_AGAIN, None)
    game = replayed(ISLAND, ISLAND_ASKED_AGAIN, len(ISLAND_ASKED_AGAIN))
    assert answered(game).count("island_check") == 2 and "island_known" not in answered(game)
    ai = game.state.ai
    assert (ai.damage, ai.islands, ai.coins) == (1, {"2.2": []}, 17)  # as that release had it


# Two turns of a card whose only effect is "After its turn: 2 coins", with no island.
AFTER_TURN_MARKED_DONE = logged("H", "done", "done", "end", "H", "done", "done", "end")


def test_after_its_turn_with_no_island_marked_done_by_an_earlier_release_replays():
    """It asked a tap then ("It controls no island: nothing is placed"); today its line
    passes without one."""
    with pytest.raises(InvalidAnswer, match="the answer is not one of the listed choices"):
        replayed(AFTER_TURN, AFTER_TURN_MARKED_DONE, None)
    game = replayed(AFTER_TURN, AFTER_TURN_MARKED_DONE, len(AFTER_TURN_MARKED_DONE))
    assert answered(game).count("after_turn_place") == 2
    assert game.state.ai.placed_last_turn == [] and game.state.ai.coins == 15
    assert game.pending().step.kind == "player_ship"


# Your Ship in Pirate mode on 2.2, where your Fort is; 2 cubes placed there: that release
# fought the Fort only, with all its cannons, won, and took the island.
PIRATE_ON_THE_FORT_ISLAND = logged(
    "2.2", "yes", "fort", "covenant_won", "yes", "done", "0", "0", "end"
)


def test_a_battle_an_earlier_release_fought_with_the_fort_alone_replays_as_fought():
    """Solo rulebook, "The Covenant getting into multiple battles": your Ship in Pirate
    mode and your Fort "on that island or another island" — your Ship first, with half
    its cannons. That release battled the Fort alone there (a rule it played wrongly):
    what it fought is what was played, and its log is read so."""
    with pytest.raises(InvalidAnswer, match="the answer must be a whole number"):
        replayed(ISLAND, PIRATE_ON_THE_FORT_ISLAND, None)  # its "yes" read as plunder
    game = replayed(ISLAND, PIRATE_ON_THE_FORT_ISLAND, len(PIRATE_ON_THE_FORT_ISLAND))
    battles = [s for s in game.checklists[0].steps if s.kind == "battle"]
    assert [(b.params["target"], b.params["halved"]) for b in battles] == [("building", False)]
    ai = game.state.ai
    assert (ai.islands, ai.cubes["legendary"], ai.coins) == ({"2.2": []}, 0, 16)


def test_the_steps_run_after_an_earlier_releases_last_tap_are_as_it_ran_them():
    """That release laid out the turn's battles right after "fort", its last tap here:
    the battle waiting is its own, and the table's next tap answers it."""
    game = replayed(ISLAND, PIRATE_ON_THE_FORT_ISLAND[:3], 3)
    assert game.pending().step.params["target"] == "building"
    game.answer("covenant_won")
    assert game.pending().step.kind == "place"
    # the same three taps, the last one taken today: today's battles
    today = replayed(ISLAND, PIRATE_ON_THE_FORT_ISLAND[:3], 2)
    assert today.pending().step.params["target"] == "ship"
    assert today.pending().step.params["halved"] is True


def test_a_game_an_earlier_release_began_plays_on_by_todays_rules():
    """What the table taps after the part that release played is played as today: the
    island told on turn 1 is known on turn 2, After its turn with no island needs no tap.
    (That release left the first game at your turn, the second once turn 2 was laid out.)"""
    game = replayed(ISLAND, ISLAND_ASKED_AGAIN[:5], 5)
    game.answer("end")
    game.answer("H")
    assert "island_known" in [s.kind for s in game.checklist.steps]
    assert game.pending().step.kind == "place"
    game = replayed(AFTER_TURN, AFTER_TURN_MARKED_DONE[:4], 4)
    game.answer("H")
    game.answer("done")
    assert game.pending().step.kind == "your_turn"
    assert "after_turn_nothing" in [s.kind for s in game.checklists[-2].steps]


def test_a_game_file_an_earlier_release_wrote_is_read_as_it_played():
    """Its file names the step each answer was for (its `turns`): today's rules would take
    the second "garrison" for another step, so it is read as that release played it."""
    written = replayed(ISLAND, ISLAND_ASKED_AGAIN, len(ISLAND_ASKED_AGAIN)).export()
    del written["options"]["earlier_release"]  # as that release wrote it: no such option
    game = Game.from_export(written)
    assert game.options["earlier_release"] == {"date": "2026-11-24", "actions": 14}
    assert game.actions == written["actions"] and game.state.ai.damage == 1
    # a file of today's game says nothing of an earlier release
    today = new_game(ISLAND)
    for answer in ("H", "no", "none", "no", "done", "end", "H"):
        today.answer(answer)
    assert "earlier_release" not in Game.from_export(today.export()).options
