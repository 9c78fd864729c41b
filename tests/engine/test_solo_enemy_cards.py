"""Solo Action Cards: deck files, the demo deck, the printed cards named by the table,
quick entry; corrections; a game as data."""

from __future__ import annotations

import copy
import json

import pytest

from webapp.bots.solo_enemy.cards import ACTIONS, CARD_COUNT, demo_deck, empty_deck, validate_deck
from webapp.engine import Game, InvalidAnswer, Kind
from webapp.engine.capabilities import cards_of
from webapp.headless import import_game

from .helpers import default_for
from .solo_enemy import DEFAULTS, card, kinds, new_game, notes, play

FORM = {
    "action": "tax",
    "follow": "yes",
    "compass": "NE",
    "strength": "3",
    "attacking": "__other__",
    "attacking_other": "Ambush",
    "defending": "First Strike",
}


def test_the_demo_deck_is_8_invented_cards_labelled_as_such():
    demo = validate_deck(demo_deck())
    assert demo["demo"] is True and "not the printed cards" in demo["name"]
    assert len(demo["cards"]) == CARD_COUNT
    assert {c["action"] for c in demo["cards"]} == set(ACTIONS)
    # "There are 2 different Build Solo Action Cards"
    assert {"build_track", "build_towers"} <= {c["action"] for c in demo["cards"]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][2].update(action="pillage"), "card 3, field 'action'"),
        (lambda d: d["cards"][0].update(strength=-1), "card 1, field 'strength'"),
        (
            lambda d: d["cards"][4]["tactics"].pop("defending"),
            "card 5, field 'tactics.defending' is missing",
        ),
        (lambda d: d["cards"][1].update(compass="UP"), "card 2, field 'compass'"),
        (lambda d: d["cards"][7].update(id="1"), "card 1 is listed twice"),
        (lambda d: d.update(version=2), "made by a newer Botdeck"),
        (lambda d: d.update(bot="covenant"), "field 'bot'"),
    ],
)
def test_a_bad_deck_file_is_refused_naming_the_card_and_field(change, message):
    data = copy.deepcopy(demo_deck())
    change(data)
    with pytest.raises(ValueError, match=message):
        validate_deck(data)


def test_the_published_schema_describes_the_cards():
    schema = cards_of(Game("solo_enemy", {"you": "humans", "factions": ["orcs"]}).bot).deck_schema()
    assert schema["$defs"]["card"]["required"] == [
        "id",
        "action",
        "follow",
        "compass",
        "strength",
        "tactics",
    ]
    json.dumps(schema)


# --- the printed cards ------------------------------------------------------------------


def test_physical_mode_the_table_names_the_card_it_turned_over():
    game = new_game(physical=True)
    pending = game.pending()
    assert pending.step.kind == "identify_card"
    assert [c.value for c in pending.question.choices] == [str(n) for n in range(1, 9)]


def test_physical_mode_a_new_card_is_entered_once_then_its_action_begins():
    game = new_game(physical=True)
    game.answer("4")
    pending = game.pending()
    assert pending.step.kind == "enter_card" and pending.question.kind is Kind.ENTRY
    assert pending.question.draft == {"kind": "card", "card": "4", "tactics": []}
    game.answer(FORM)
    assert game.deck["cards"] == [
        card(
            "4",
            "tax",
            compass="NE",
            strength=3,
            tactics={"attacking": "Ambush", "defending": "First Strike"},
        )
    ]
    assert game.state.heroes[0].card == "4"
    assert kinds(game)[-1] == "tax"


def test_physical_mode_a_card_botdeck_knows_shows_at_once():
    known = empty_deck("My cards")
    known["cards"].append(card("4", "tax"))
    options = {"you": "humans", "factions": ["orcs"], "deck_mode": "physical"}
    game = Game("solo_enemy", options, 1, known)
    play(game, until="identify_card")
    game.answer("4")
    assert game.pending().step.kind == "tax"
    assert "enter_card" not in kinds(game)


def test_physical_mode_naming_a_card_that_cannot_be_on_top_is_flagged():
    game = new_game(physical=True)
    game.answer("4")
    game.answer(FORM)
    play(game, until="identify_card")
    hints = {c.value: str(c.hint) for c in game.pending().question.choices if c.hint}
    assert hints == {"4": "in Hero Slot 1"}
    game.answer("5")
    assert game.pending().step.kind == "enter_card"


def test_physical_mode_a_single_card_left_is_a_shuffle_for_the_table():
    game = new_game(physical=True, set_up=True)
    for _ in range(7):
        play(game, {"enter_card": FORM}, until="identify_card")
        free = next(c.value for c in game.pending().question.choices if not c.hint)
        game.answer(free)
    play(
        game,
        {"enter_card": FORM},
        until=lambda p: p.step.kind in ("physical_reshuffle", "identify_card"),
    )
    assert game.pending().step.kind == "physical_reshuffle"
    game.answer("done")
    assert game.state.discard == [] and len(game.state.deck) == 8 - len(game.state.slots)


def test_quick_entry_refuses_an_incomplete_card_naming_the_field():
    game = new_game(physical=True)
    game.answer("2")
    with pytest.raises(InvalidAnswer, match="field 'compass'"):
        game.answer({**FORM, "compass": ""})
    with pytest.raises(InvalidAnswer, match="attacking_other"):
        game.answer({**FORM, "attacking_other": ""})
    with pytest.raises(InvalidAnswer, match="field 'strength'"):
        game.answer({**FORM, "strength": "11"})


# --- corrections, undo, a game as data ---------------------------------------------------


def test_every_counter_can_be_corrected_logged_and_undone():
    game = new_game()
    fields = [c.field for c in game.bot.corrections.offered(game.state)]
    assert fields == [
        "ore", "mana", "food", "vp", "track", "towers", "tokens",
        "hero1", "hero2", "hero3", "tax_ore", "tax_mana", "tax_food",
    ]  # fmt: skip
    game.correct("vp", 9)
    game.correct("hero2", 3)
    game.correct("tax_food", 4)
    assert game.state.total_vp == 9 and game.state.heroes[1].place == "sea"
    assert game.state.tax == {"food": 4, "mana": 3, "ore": 2}
    assert [s.kind for s in game.checklist.steps if s.done][-3:] == ["correction"] * 3
    game.undo()
    assert game.state.tax == {"ore": 4, "mana": 3, "food": 2}
    with pytest.raises(InvalidAnswer, match="the number must be between 0 and 10"):
        game.correct("ore", 11)


def test_a_game_is_its_seed_and_answers_and_replays_card_for_card():
    game = new_game("attack")
    play(
        game,
        {"attack": [True, False], "battle_outcome": ["you", "enemy"]},
        until=lambda p: game.state.turns.round == 3,
    )
    data = game.export()
    again = import_game(json.loads(json.dumps(data)))
    assert again.export() == data
    state = game.bot.state_to_json(game.state)
    assert game.bot.state_to_json(game.bot.state_from_json(json.loads(json.dumps(state)))) == state
    assert data["turns"][1]["card"] == game.checklists[1].header["card"]


def test_undo_never_draws_a_different_card():
    game = new_game("recruit")
    play(game, until=lambda p: game.state.acting == 1)
    card_drawn = game.state.heroes[1].card
    undone = game.undo()
    game.apply_action(undone)
    assert game.state.heroes[1].card == card_drawn
    assert notes(game)


def test_the_tax_track_can_be_corrected_only_once_the_table_has_said_where_it_stands():
    game = new_game(set_up=False)
    play(game, until="tax_slot")
    game.answer("food")
    assert not [c for c in game.bot.corrections.offered(game.state) if c.field.startswith("tax_")]


def test_any_correction_in_range_at_any_point_of_the_game_is_accepted():
    game = new_game("build_towers", set_up=False)
    for _ in range(40):
        for correction in game.bot.corrections.offered(game.state):
            for value in (correction.minimum, correction.maximum):
                game.correct(correction.field, value)
                game.undo()
        if game.pending() is None:
            break
        game.answer(default_for(game.pending(), DEFAULTS))
