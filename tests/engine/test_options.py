"""A game's options: each bot declares them as a JSON Schema, the engine checks them with
jsonschema and fills the defaults, the bot says what a schema cannot."""

from __future__ import annotations

import json
import re

import pytest

from webapp.engine import Game, OptionsError, checked_options, get_bot

from ..dice_bot import DiceBot
from ..random_play import OPTIONS, new_game


def refusal(bot_id: str, options: object) -> str:
    with pytest.raises(OptionsError) as refused:
        checked_options(get_bot(bot_id), options)
    return str(refused.value)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"difficulty": "impossible"}, "option 'difficulty' must be one of normal, hard, expert"),
        ({"saga": "maybe"}, "option 'saga' must be on or off"),
        ({"coop": 1}, "option 'coop' must be on or off"),
        ({"deck_mode": "telepathy"}, "option 'deck_mode' must be one of app, physical"),
        ({"players": ["Ann", "B" * 31]}, "option 'players[1]' has at most 30 characters"),
        ({"players": ["Ann"]}, "option 'players' must hold exactly 2 values"),
        ({"players": "Ann and Ben"}, "option 'players' must be a list"),
        ({"player1": "Ann"}, "unknown option 'player1'"),
    ],
)
def test_options_outside_the_schema_are_refused_naming_the_field(options, said):
    assert refusal("covenant", options).startswith(said)


def test_a_refusal_quotes_a_long_value_only_in_part():
    said = refusal("covenant", {"difficulty": "x" * 100_000})
    assert said.startswith("option 'difficulty'") and len(said) < 200


def test_options_that_are_not_named_values_are_refused():
    assert refusal("covenant", ["hard"]) == "the options are not a set of named values"


def test_options_left_out_take_the_defaults_the_schema_declares():
    assert Game("covenant").options == {
        "difficulty": "normal",
        "saga": False,
        "coop": False,
        "deck_mode": "app",
    }
    assert Game("solo_enemy", {"factions": ["orcs"]}).options == {
        "you": "humans",
        "factions": ["orcs"],
        "deck_mode": "app",
        "setup": "each",  # an older game's: every game started now says "together"
    }


@pytest.mark.parametrize(
    ("bot_id", "options"), [(bot_id, o) for bot_id, sets in OPTIONS.items() for o in sets]
)
def test_stored_options_load_again(bot_id, options):
    """What a game stores (and a game file carries) is checked again, unchanged, each time
    the game is reopened or imported."""
    stored = json.loads(json.dumps(new_game(bot_id, options, 1).options))
    assert checked_options(get_bot(bot_id), stored) == stored


def test_options_stored_before_physical_decks_existed_load_with_the_app_drawing():
    stored = {"difficulty": "hard", "saga": True, "coop": False}
    assert Game("covenant", stored).options == {**stored, "deck_mode": "app"}


def test_two_players_with_the_same_name_are_refused():
    options = {"coop": True, "players": ["Ann", " Ann "]}
    with pytest.raises(ValueError, match=re.escape("option 'players': the two players need")):
        Game("covenant", options)


def test_a_blank_name_is_player_1_or_player_2():
    game = Game("covenant", {"coop": True, "players": ["", "Ben"]})
    assert game.options["players"] == ["Player 1", "Ben"]
    assert Game("covenant", {"coop": True}).options["players"] == ["Player 1", "Player 2"]


def test_the_players_names_are_kept_only_in_a_co_op_game():
    assert "players" not in Game("covenant", {"players": ["Ann", "Ben"]}).options


def test_a_bot_without_options_takes_none():
    assert checked_options(DiceBot(), {}) == {}
    with pytest.raises(OptionsError, match="unknown option 'difficulty'"):
        checked_options(DiceBot(), {"difficulty": "hard"})


EARLIER = {"earlier_release": {"date": "2026-11-24", "actions": 12}}


@pytest.mark.parametrize("bot_id", sorted(OPTIONS))
def test_any_game_may_say_which_earlier_release_played_its_first_actions(bot_id):
    """The engine's own option (webapp/engine/earlier.py), beside each bot's: kept as it
    is, every time the game is reopened or imported."""
    options = {**new_game(bot_id, OPTIONS[bot_id][0], 1).options, **EARLIER}
    assert checked_options(get_bot(bot_id), options) == options
    assert checked_options(DiceBot(), EARLIER) == EARLIER


@pytest.mark.parametrize(
    ("earlier", "said"),
    [
        ({"date": "2026-11-30", "actions": 3}, "option 'earlier_release.date' must be one of"),
        ({"date": "2026-11-24", "actions": -1}, "option 'earlier_release.actions' must be at"),
        ({"date": "2026-11-24"}, "option 'earlier_release.actions' is missing"),
        ("2026-11-24", "option 'earlier_release' must be a set of named values"),
    ],
)
def test_an_earlier_release_botdeck_does_not_know_is_refused_naming_the_field(earlier, said):
    assert refusal("covenant", {"earlier_release": earlier}).startswith(said)
