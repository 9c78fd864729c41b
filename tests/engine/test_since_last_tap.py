"""What the last tap resolved (the step answered and the automatic steps after it, up to
the step waiting) and the places of the board its notes name: what "Now on the board"
shows. Places round-trip with the step, a step stored without them still loads, and a
game resumed from its snapshot still knows what its last tap did."""

from __future__ import annotations

import random

import pytest

from webapp.engine import Game, Step
from webapp.engine.steps import Checklist

from ..random_play import BOTS, OPTIONS, new_game, random_answer
from .decks import section
from .helpers import new_game as covenant_game
from .helpers import play


def test_a_step_keeps_the_places_its_notes_name_through_json():
    step = Step("claim", {"space": "2.2"}, done=True, answer="mercantile", places=["2.2", "H"])
    assert Step.from_json(step.to_json()).places == ["2.2", "H"]
    assert "places" not in Step("claim", {"space": "2.2"}).to_json()  # none: not written


def test_a_step_stored_before_notes_named_places_loads_with_none():
    stored = {
        "kind": "explore_check",
        "params": {"space": "2.2"},
        "done": True,
        "answer": True,
        "notes": [{"text": "Reveal that Ocean board as normal."}],
    }
    step = Step.from_json(stored)
    assert step.places == [] and str(step.notes[0]) == "Reveal that Ocean board as normal."
    checklist = Checklist.from_json(
        {"title": {"text": "Turn"}, "header": {}, "steps": [stored], "cursor": 1}
    )
    assert checklist.steps[0].places == []


def test_the_last_tap_is_the_step_answered_and_the_automatic_steps_after_it():
    game = covenant_game(section(advancements=["2.2"], end="2.2"))
    play(game, until="explore_check")
    game.answer(True)
    tapped = game.since_last_tap()
    assert tapped[0].kind == "explore_check" and tapped[0].places == ["2.2"]
    assert "Reveal the Ocean board at 2.2 as normal" in str(tapped[0].notes[0])
    assert all(game.bot_step_is_automatic(step) for step in tapped[1:])
    game.answer("mercantile")
    assert [step.kind for step in game.since_last_tap()][0] == "claim"
    game.undo()  # back: the tap before is the last one again
    assert game.since_last_tap()[0].kind == "explore_check"


def test_at_the_start_the_setup_botdeck_did_by_itself_is_the_last_tap():
    game = Game("covenant", {"difficulty": "normal"}, 1)
    assert game.since_last_tap() and all(
        game.bot_step_is_automatic(step) for step in game.since_last_tap()
    )


def spans_checklists(game: Game) -> bool:
    assert game.checklist is not None
    return any(step not in game.checklist.steps for step in game.since_last_tap())


@pytest.mark.parametrize("bot_id", BOTS)
def test_a_game_resumed_at_a_new_turn_still_knows_what_its_last_tap_did(bot_id):
    """The tap that ended a turn is in the turn before the open one: the snapshot keeps
    that turn open too, so a restart does not lose what the table must do."""
    game = new_game(bot_id, OPTIONS[bot_id][0], 2)
    rng = random.Random(2)
    found = 0
    for _ in range(400):
        if game.pending() is None or found == 3:
            break
        game.answer(random_answer(game, rng))
        if not spans_checklists(game):
            continue
        found += 1
        again = Game.resume(game.bot.id, game.options, game.seed, game.initial_deck, game.stored())
        assert [s.to_json() for s in again.since_last_tap()] == [
            s.to_json() for s in game.since_last_tap()
        ]
        assert again.checklist is not None and game.checklist is not None
        assert again.checklist.to_json() == game.checklist.to_json()
    assert found, "no tap ended a checklist"


def test_after_its_turn_with_one_island_the_covenant_names_it_and_lights_it():
    game = covenant_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "after_turn", "cargo": 2}]
        )
    )
    pending = play(game, {"place": True}, until="after_turn_place")
    assert str(pending.title) == "After its turn: 2 cargo on 2.2"
    kind = game.bot.step_types["after_turn_place"]
    assert kind.view(game.state, pending.step) == {"lit": ["2.2"]}
    game.answer("done")
    assert game.state.ai.placed_last_turn == [{"coins": 0, "cargo": 2, "space": "2.2"}]


def test_after_its_turn_with_several_islands_the_table_taps_the_highest_and_it_is_named():
    game = covenant_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}, {"space": "1.1", "cubes": 2}],
            effects=[{"type": "after_turn", "coins": 2, "cargo": 1}],
        )
    )
    pending = play(game, {"place": True}, until="after_turn_place")
    assert sorted(pending.question.spaces) == ["1.1", "2.2"]  # its islands, lit and tapped
    assert "highest value" in str(pending.detail)
    game.answer("1.1")
    step = game.since_last_tap()[0]
    assert [str(n) for n in step.notes] == ["2 coins and 1 cargo on 1.1, from the supply."]
    assert step.places == ["1.1"]
    assert game.state.ai.placed_last_turn[-1]["space"] == "1.1"


@pytest.mark.parametrize("bot_id", BOTS)
def test_the_last_tap_lists_its_steps_in_the_order_they_were_resolved(bot_id):
    """The order "Now on the board" reads them in: the step answered first (at the
    start, the setup Botdeck did by itself), then each automatic step after it as it
    came, none left out."""
    game = new_game(bot_id, OPTIONS[bot_id][0], 3)
    rng, several = random.Random(3), in_order(game) >= 2
    for _ in range(80):
        if game.pending() is None:
            break
        game.answer(random_answer(game, rng))
        several += in_order(game) >= 2
    assert several > 0


def in_order(game: Game) -> int:
    """Checks the last tap's steps are the steps resolved since it, in their order; how
    many there are."""
    place = {
        id(step): (back, at)
        for back, checklist in enumerate(game.checklists)
        for at, step in enumerate(checklist.steps[: checklist.cursor])
    }
    tapped = [place[id(step)] for step in game.since_last_tap()]
    resolved = [
        (back, at)
        for back, checklist in enumerate(game.checklists)
        for at, step in enumerate(checklist.steps[: checklist.cursor])
        if (back, at) >= tapped[0] and step.done
    ]
    assert tapped == resolved
    return len(tapped)
