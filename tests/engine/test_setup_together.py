"""A new game's setup in fewer taps: the table's runs of Done steps listed as one step
(the engine's `together`), the Bandits' six start tiles in one form, Deacon's missing
printed parts asked first — while a game of an earlier Botdeck replays step by step."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from webapp.bots.bandits.land import START_UP
from webapp.bots.solo_enemy.turn import SETUP_ITEMS
from webapp.engine import Game, InvalidAnswer, Kind, Step, get_bot, msg, together
from webapp.engine.bot import Context, StepTypes, Together
from webapp.engine.questions import choice, choose

from . import bandits, deacon, solo_enemy

SOLO = {"you": "humans", "factions": ["orcs"]}
SIX_TILES = {
    f"s{n}_{field}": value
    for n in range(1, 7)
    for field, value in (("type", "other"), ("star", n + 2), ("camp", n == 2))
}


def solo(setup: str) -> Game:
    game = Game("solo_enemy", {**SOLO, "setup": setup}, 1, solo_enemy.deck())
    solo_enemy.play(game, until=lambda p: p.step.kind in ("together", "setup_table"))
    return game


# --- the engine's `together` --------------------------------------------------------


def test_a_run_of_one_stays_the_step_it_is():
    step = Step("setup_table", {"item": "cards"})
    assert together(step) == [step]
    assert together() == []


def test_a_run_lists_each_step_in_order_and_asks_one_done():
    # Solo rulebook, "Components and Setup Changes": the table's setup, in its order
    game = solo("together")
    pending = game.pending()
    assert pending is not None and pending.step.kind == "together"
    assert pending.question.kind is Kind.CONFIRM
    assert str(pending.title) == "At the table: 7 things, in order"
    older = solo("each")
    each = []
    for _ in SETUP_ITEMS:
        asked = older.pending()
        assert asked is not None and asked.step.kind == "setup_table"
        each.append((str(asked.title), None if asked.detail is None else str(asked.detail)))
        older.answer("done")
    listed = [(str(line), None if more is None else str(more)) for line, more in pending.items]
    assert listed == each


def test_all_done_does_what_each_done_did_one_by_one():
    together_game, each_game = solo("together"), solo("each")
    together_game.answer("done")
    for _ in SETUP_ITEMS:
        each_game.answer("done")
    state = get_bot("solo_enemy").state_to_json
    assert {**state(together_game.state), "setup_together": False} == state(each_game.state)
    assert together_game.pending().step.kind == each_game.pending().step.kind == "tax_slot"
    assert len(together_game.actions) == len(each_game.actions) - (len(SETUP_ITEMS) - 1)


def test_an_older_game_asks_each_step_on_its_own_and_replays_so():
    older = Game("solo_enemy", SOLO, 1, solo_enemy.deck())  # no "setup": an older game
    assert older.options["setup"] == "each"
    solo_enemy.play(older, until="tax_slot")
    kinds = [step.kind for step in older.checklist.steps]
    assert kinds.count("setup_table") == len(SETUP_ITEMS) and "together" not in kinds
    again = Game.replay("solo_enemy", older.options, 1, older.initial_deck, older.actions)
    assert again.bot.state_to_json(again.state) == older.bot.state_to_json(older.state)


def test_a_game_with_runs_exports_and_imports_the_same():
    game = solo("together")
    game.answer("done")
    solo_enemy.play(game, until=lambda _: len(game.actions) >= 30)
    back = Game.from_export(copy.deepcopy(game.export()))
    assert back.export() == game.export()


def test_undo_takes_the_whole_run_back_as_one_tap():
    game = solo("together")
    before = game.bot.state_to_json(game.state)
    game.answer("done")
    game.undo()
    assert game.pending().step.kind == "together"
    assert game.bot.state_to_json(game.state) == before


def test_a_step_that_asks_more_than_done_is_never_in_a_run():
    kinds = StepTypes()

    class Asks(Together):  # a step type asking a choice, for the test
        def __init__(self) -> None:
            pass

        def question(self, state: Any, step: Step) -> Any:
            return choose(msg("Which?"), choice("a", msg("A")))

    kinds["asks"] = Asks()
    run = together(Step("asks"), Step("asks"))[0]
    with pytest.raises(ValueError, match="asks more than Done"):
        kinds["together"].resolve(None, run, "done", Context(1, 0, None))


# --- the Bandits: "Board Setup" 6 in one form ----------------------------------------


def bandits_game(setup: str) -> Game:
    game = bandits.new_game(setup=setup)
    bandits.play(game, until=lambda p: p.step.kind in ("start_tiles", "start_tile"))
    return game


def test_board_setup_6_the_six_start_tiles_are_one_form():
    # "Board Setup" 6: six tiles dealt face up in a 2×3 grid; what each shows
    game = bandits_game("together")
    pending = game.pending()
    assert pending is not None and pending.step.kind == "start_tiles"
    names = [field.name for field in pending.question.fields]
    assert names == [f"s{n}_{f}" for n in range(1, 7) for f in ("type", "star", "camp")]
    game.answer(SIX_TILES)
    for n, cell in enumerate(START_UP, start=1):
        tile = game.state.tiles[cell]
        assert tile.up and tile.type == "other" and tile.star == n + 2 and tile.camp == (n == 2)
    # dealt face up, not revealed: a camp on one adds no bandit
    assert game.state.bandits == {}


def test_board_setup_6_a_start_tile_without_its_type_is_refused_naming_it():
    game = bandits_game("together")
    with pytest.raises(InvalidAnswer, match="tile 0·0: Type: an answer is needed"):
        game.answer({**SIX_TILES, "s4_type": ""})
    assert game.pending().step.kind == "start_tiles"
    assert all(not game.state.tiles[cell].type for cell in START_UP)


def test_board_setup_the_bandits_table_lines_are_listed_in_two_runs():
    game = bandits.new_game(setup="together")
    kinds = [step.kind for step in game.checklist.steps]
    assert kinds == ["mission", "score_board", "together", "start_tiles", "together"]
    runs = [step.params["steps"] for step in game.checklist.steps if step.kind == "together"]
    assert [[s["kind"] for s in run] for run in runs] == [
        ["place_board", "cards_setup"],
        ["face_down", "meeples", "dice_setup", "players_setup"],
    ]


def test_the_bandits_older_games_ask_each_start_tile():
    game = bandits_game("each")
    assert game.pending().step.kind == "start_tile"


# --- Deacon: the parts first, then the setup's lines --------------------------------


def test_deacon_setup_asks_the_missing_parts_first_then_the_lines_in_order():
    # Deacon rulebook, "Setup" 1–6, the parts each line sets out entered before it
    game = deacon.new_game(parts="setup", setup="together")
    steps = game.checklist.steps
    parts = [s.params["part"] for s in steps if s.kind == "components"]
    assert parts == [
        "score_track",
        "pollution",
        "research",
        "seafloor",
        "reef_balls",
        "crew",
        "missions",
    ]
    kinds = [s.kind for s in steps if s.kind != "components"]
    assert kinds == [
        "together",
        "ship_choice",
        "together",
        "deacon_mission",
        "deacon_mission",
        "together",
        "start_island",
        "start_island",
    ]
    assert [s.kind for s in steps[: len(parts)]] == ["components"] * len(parts)
    runs = [[s["kind"] for s in step.params["steps"]] for step in steps if step.kind == "together"]
    assert runs == [
        ["setup_core", "first_player"],
        ["build_deck", "deacon_components", "missions_deal"],
        ["second_mission", "ship_sides"],
    ]


def test_deacon_setup_4_its_deck_is_built_in_the_run_as_it_was_alone():
    # "Setup" 4: its Ship card shuffled with the 8 Basic cards (shuffled with the
    # game's seed at its own tap: another order than the older game's, the same cards)
    together_game = deacon.new_game(parts="setup", setup="together")
    each_game = deacon.new_game(parts="setup")
    for game in (together_game, each_game):
        deacon.play(game, until="deacon_mission")
    built = together_game.state.cards.cards
    assert len(built) == 9 and sorted(built) == sorted(each_game.state.cards.cards)
    assert together_game.state.ship == each_game.state.ship
