"""Solo rulebook, "Components and Setup Changes", clause by clause."""

from __future__ import annotations

import re

import pytest

from webapp.bots.solo_enemy.faction import check_profile
from webapp.engine import Game, InvalidAnswer, Kind

from .solo_enemy import PROFILE, deck, kinds, new_game, play


def options(**extra):
    return {"you": "humans", "factions": ["orcs", "elves", "dwarves"], **extra}


def test_randomly_select_the_faction_for_the_solo_enemy_from_the_players_factions_never_theirs():
    drawn = {Game("solo_enemy", options(), seed, deck()).state.faction for seed in range(40)}
    assert drawn == {"orcs", "elves", "dwarves"}
    assert Game("solo_enemy", options(), 5, deck()).state.faction == (
        Game("solo_enemy", options(), 5, deck()).state.faction
    )


def test_your_own_faction_is_never_drawn_even_if_ticked():
    game = Game("solo_enemy", {"you": "orcs", "factions": ["orcs", "elves"]}, 1, deck())
    assert game.options["factions"] == ["elves"]
    assert game.state.faction == "elves"


def test_a_faction_named_twice_or_spelled_like_a_base_game_one_is_that_faction_once():
    game = Game("solo_enemy", {"you": "Undead", "factions": ["Daemons", "undead", "Elves"]}, 1)
    assert game.options == {
        "you": "Undead",
        "factions": ["Daemons", "elves"],
        "deck_mode": "app",
        "setup": "each",
    }


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ({"you": "humans"}, "option 'factions': name at least one faction"),
        ({"you": "humans", "factions": ["humans"]}, "at least one faction"),
        (
            {"you": "humans", "factions": ["x" * 31]},
            "option 'factions[0]' has at most 30 characters",
        ),
        ({"you": "", "factions": ["orcs"]}, "option 'you' must not be empty"),
        ({"factions": ["orcs"], "deck_mode": "telepathy"}, "option 'deck_mode' must be one of"),
        ({"factions": ["orcs"], "difficulty": "hard"}, "unknown option 'difficulty'"),
        ({"factions": [f"F{n}" for n in range(13)]}, "option 'factions' must hold at most 12"),
    ],
)
def test_options_that_cannot_start_a_game_are_refused_with_a_reason(raw, why):
    with pytest.raises(ValueError, match=re.escape(why)):
        Game("solo_enemy", raw, 1, deck())


def test_setup_is_the_rulebooks_list_for_the_table_in_order():
    game = new_game(set_up=False)
    assert kinds(game) == [
        "faction_drawn",
        "faction_costs",
        *["setup_table"] * 7,
        "tax_slot",
        "tax_slot",
    ]
    items = [s.params["item"] for s in game.checklist.steps if s.kind == "setup_table"]
    assert items == ["components", "heroes", "resources", "track", "cards", "spells", "capital"]


def test_place_the_3_heroes_in_the_courtyard_and_the_resource_tokens_on_3():
    state = new_game().state
    assert [hero.place for hero in state.heroes] == ["courtyard"] * 3
    assert state.resources == {"ore": 3, "mana": 3, "food": 3}
    assert state.track == 0 and state.towers == 0 and state.total_vp == 0


def test_shuffle_the_8_solo_action_cards_into_a_deck():
    decks = {tuple(game.state.slots + game.state.deck) for game in map(new_game_seeded, range(6))}
    assert all(sorted(d, key=int) == [str(n) for n in range(1, 9)] for d in decks)
    assert len(decks) > 1  # shuffled, by the seed


def new_game_seeded(seed):
    return new_game(seed=seed)


def test_the_app_deck_needs_all_8_cards():
    short = deck()
    short["cards"] = short["cards"][:5]
    with pytest.raises(ValueError, match="5 of its 8 cards"):
        Game("solo_enemy", options(), 1, short)


def test_the_faction_costs_are_entered_as_form_fields_and_checked():
    game = new_game(set_up=False)
    game.answer("done")
    pending = game.pending()
    assert pending.question.kind is Kind.ENTRY
    assert pending.question.draft == {"kind": "faction", "faction": game.state.faction}
    form = {"air_vessel.ore": "3", "warrior.food": "1", "spell1.mana": "2", "spell1.vp": "2"}
    form.update({"sea_vessel.ore": "2", "serf.food": "1", "spell2.mana": "3", "spell3.ore": "1"})
    form.update({f"track{n}.level": str(min(3, n)) for n in range(1, 7)})
    form.update({f"track{n}.ore": str(n + 1) for n in range(1, 7)})
    game.answer(form)
    profile = game.state.profile
    assert profile["units"]["air_vessel"] == {"ore": 3, "mana": 0, "food": 0}
    assert profile["spells"][0] == {"name": "", "cost": {"ore": 0, "mana": 2, "food": 0}, "vp": 2}
    assert [space["ore"] for space in profile["track"]] == [2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"warrior.food": "11"}, "warrior.food"),
        ({"warrior.food": "lots"}, "warrior.food"),
        ({"track3.level": ""}, "track3.level"),
        ({"track4.level": "1"}, "track4.level"),  # a level never goes down the track
        ({"dragon.ore": "1"}, "dragon.ore"),
        ({"spell2.name": "x" * 41}, "spell2.name"),
    ],
)
def test_wrong_costs_are_refused_naming_the_field(change, field):
    form = {f"track{n}.level": str(min(3, n)) for n in range(1, 7)}
    form.update(change)
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        check_profile(form)


def test_a_nested_profile_is_accepted_as_it_is_stored():
    assert check_profile(PROFILE) == PROFILE


def test_tax_track_the_third_token_goes_on_the_2():
    game = new_game(set_up=False)
    play(game, until="tax_slot")
    game.answer("food")
    choices = [c.value for c in game.pending().question.choices]
    assert choices == ["ore", "mana"]
    game.answer("ore")
    assert game.state.tax == {"food": 4, "ore": 3, "mana": 2}


def test_a_bad_answer_changes_nothing():
    game = new_game(set_up=False)
    play(game, until="tax_slot")
    before = game.export()
    with pytest.raises(InvalidAnswer, match="the answer is not one of the listed choices"):
        game.answer("gold")
    assert game.export() == before
