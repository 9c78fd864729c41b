"""The games `make bench` plays by script still play through the current rules, so that
a change of the rules cannot stop `make bench` half-way unnoticed (the Bandits' six start
tiles asked in one form once did). How fast they play is `make bench`'s, never asserted
here."""

from __future__ import annotations

import json

import pytest

from bench import bandits_night, fragment_caches, tap_floor
from bench.table import bot_taps
from webapp.service import games


def test_the_bandits_night_bench_grows_its_map_through_the_setup_of_a_new_game(app):
    client = app.test_client()
    game_id, version = bandits_night.grown_game(app, client)
    with app.app_context():
        game = games.open_game(game_id).game
    assert version == len(game.actions) > 0
    assert len(game.state.tiles) >= 60 and game.pending().step.kind == "day_map"


@pytest.mark.parametrize(("bot", "options", "seed"), tap_floor.BOTS, ids=lambda v: str(v)[:10])
def test_every_bots_scripted_taps_are_answers_its_game_takes(bot, options, seed):
    taps = bot_taps(bot, json.dumps(options), seed, 40)
    assert len(taps) == 40
    assert {route for route, _ in taps} <= {"answer", "correct"}


def test_the_fragment_caches_bench_plays_and_no_cache_changes_what_pages_get(monkeypatch):
    """With each cache off in turn, the same taps send the same fragments: a cache saves
    work, never changes what a page is sent."""
    monkeypatch.setattr(fragment_caches, "WARM_UP", 1)
    monkeypatch.setattr(fragment_caches, "ROUNDS", 8)
    bot, options, seed = fragment_caches.BOTS[0]
    played = fragment_caches.measure_bot(bot, options, seed)
    assert set(played) == set(fragment_caches.SETTINGS)
    sent = {setting: game.sent for setting, game in played.items()}
    assert len(sent["every cache"]) == 9 and all(
        "checklist" in names for names in sent["every cache"]
    )
    assert all(names == sent["every cache"] for names in sent.values()), sent
    assert all(len(game.taps) == len(game.updates) == 8 for game in played.values())
