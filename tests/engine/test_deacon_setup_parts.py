"""Deacon's printed parts asked before play: a game started now asks every one it needs
in its setup, in the rulebook's order, never in the middle of a bot turn; a game of an
earlier Botdeck (its options without `parts`) asks as it did then, so its log replays."""

from __future__ import annotations

import random

import pytest

from webapp.bots.deacon import DEACON_BOT
from webapp.bots.deacon.components import DEMO_COMPONENTS, PARTS, kept_key
from webapp.engine import Game
from webapp.engine.capabilities import board_of

from ..random_play import candidates

NOW = {"parts": "setup"}
# Deacon rulebook, "Setup": 1 the core game (its board's score track, the Pollution
# tiles), 5 its player components (Research track, Seafloor track, Reef Balls, Ship
# board), 6 the Mission cards.
SETUP_ORDER = [
    "setup_core",
    "components:score_track",
    "components:pollution",
    "first_player",
    "ship_choice",
    "build_deck",
    "deacon_components",
    "components:research",
    "components:seafloor",
    "components:reef_balls",
    "components:crew",
    "missions_deal",
    "components:missions",
    "deacon_mission",
    "deacon_mission",
    "second_mission",
    "ship_sides",
    "start_island",
    "start_island",
]


def kinds(game: Game, index: int = 0) -> list[str]:
    return [
        f"components:{step.params['part']}" if step.kind == "components" else step.kind
        for step in game.checklists[index].steps
    ]


def test_a_game_started_now_asks_every_printed_part_at_setup_in_the_rulebooks_order():
    game = Game("deacon", {**NOW, "board": board_of(DEACON_BOT).demo()}, 1)
    assert kinds(game) == SETUP_ORDER
    assert sorted(k for k in SETUP_ORDER if k.startswith("components:")) == sorted(
        kept_key(part) for part in PARTS
    )


@pytest.mark.parametrize("seed", range(6))
def test_no_printed_part_is_asked_after_the_setup(seed):
    game = Game("deacon", {**NOW, "advanced": seed % 5, "side": "AB"[seed % 2]}, seed)
    rng = random.Random(seed)
    for _ in range(400):
        if game.pending() is None:
            break
        game.answer(rng.choice(candidates(game)))
    assert any(c.header.get("kind") == "deacon" for c in game.checklists), "no Deacon turn"
    for checklist in game.checklists[1:]:
        assert "components" not in [step.kind for step in checklist.steps], checklist.title


def test_a_game_of_an_earlier_botdeck_asks_as_it_did_and_replays_the_same():
    """Its stored options lack `parts`: the schema's default is the older order."""
    old = Game("deacon", {}, 3)
    assert old.options["parts"] == "first_use"
    assert [k for k in kinds(old) if k.startswith("components:")] == ["components:missions"]
    rng = random.Random(3)
    for _ in range(120):
        if old.pending() is None:
            break
        old.answer(rng.choice(candidates(old)))
    asked_later = [
        step.params["part"]
        for checklist in old.checklists[1:]
        for step in checklist.steps
        if step.kind == "components"
    ]
    assert asked_later, "an older game asks its parts the first time they matter"
    options = {k: v for k, v in old.options.items() if k not in ("parts", "demo_components")}
    again = Game.replay("deacon", options, 3, old.initial_deck, old.actions)
    assert again.export() == old.export()


def test_demo_values_are_offered_only_in_a_game_that_chose_them():
    real = Game("deacon", {**NOW, "board": board_of(DEACON_BOT).demo()}, 1)
    real.answer("done")
    assert "demo" not in real.pending().question.draft
    demo = Game("deacon", {**NOW, "demo_components": True}, 1)
    demo.answer("done")
    assert demo.pending().question.draft["demo"] is True
    assert [str(m) for m in DEACON_BOT.copy.demo_labels(demo.options)] == [
        "Demo board — not the printed board",
        "Demo values — not the printed boards",
    ]
    labels = DEACON_BOT.copy.demo_labels
    assert labels(real.options) == [labels(demo.options)[0]]


def test_every_part_of_the_copy_is_declared_with_its_form_and_demo_values():
    parts = DEACON_BOT.copy.parts()
    assert [p.key for p in parts] == [k for k in SETUP_ORDER if k.startswith("components:")]
    for part in parts:
        name = part.key.split(":")[1]
        assert part.demo == DEMO_COMPONENTS[name]
        assert part.parse(part.demo) == DEMO_COMPONENTS[name]
        assert DEACON_BOT.copy.kept_key(part.question.draft) == part.key
