"""Open games in memory and the snapshot stored with each: a restart resumes a game
from its stored snapshot (the same game as its whole log replayed), a refused answer
keeps the open game, and memory holds a bounded number of games."""

from __future__ import annotations

import json
import random
import sqlite3
import sys

import pytest

from webapp.engine import Game
from webapp.engine.actions import Answered, Corrected, Redo, Undo, action_of
from webapp.engine.history import STORED_TAIL
from webapp.service import games
from webapp.storage import db

from ..random_play import random_answer
from .conftest import HTMX, seen


def played(app, bot: str, options: dict, taps: int, seed: int = 1) -> str:
    """A game with `taps` changes: answers, and an undo now and then."""
    rng = random.Random(seed)
    with app.app_context():
        game_id = games.create_game(bot, options, name="Long", seed=seed)
        for _ in range(taps):
            opened = games.open_game(game_id)
            if opened.can_undo and rng.random() < 0.15:
                games.act(game_id, opened.version, Undo())
            elif opened.game.pending() is not None:
                answer = random_answer(opened.game, rng)
                games.act(game_id, opened.version, Answered(answer))
    return game_id


def restart(app) -> None:
    """Memory lost, as when the server restarts."""
    with app.app_context():
        games.forget_all()


@pytest.mark.parametrize(
    "bot, options",
    [
        ("covenant", {"difficulty": "hard"}),
        ("solo_enemy", {"you": "humans", "factions": ["orcs"]}),
        ("deacon", {}),
        ("bandits", {"mode": "coop", "players": ["Ann", "Ben"]}),
    ],
)
def test_a_restart_loads_the_stored_snapshot_and_equals_the_replay(app, bot, options):
    game_id = played(app, bot, options, 90)
    with app.app_context():
        before = seen(games.open_game(game_id))
        stored = db.snapshot_version(game_id)
        version = games.open_game(game_id).version
        assert stored is not None and version - stored < games.STORE_EVERY
    restart(app)
    with app.app_context():
        resumed = games.open_game(game_id)
        assert resumed.game.partial  # from the snapshot, not the whole log
        assert seen(resumed) == before
        replayed = games._rebuild(db.find_game(game_id))
        assert not replayed.game.partial and seen(replayed) == before


def test_undo_after_a_restart_goes_back_as_far_as_the_table_likes(app):
    game_id = played(app, "covenant", {"difficulty": "normal"}, 70, seed=4)
    restart(app)
    with app.app_context():
        version = games.open_game(game_id).version
        while games.open_game(game_id).can_undo:  # past the snapshot: the whole log is read
            version = games.act(game_id, version, Undo()).version
        assert games.open_game(game_id).game.actions == []
        restart(app)
        again = games.open_game(game_id)
        assert again.version == version and again.game.actions == []
        assert seen(again) == seen(games._rebuild(db.find_game(game_id)))


def test_a_resumed_game_exports_every_action(app):
    game_id = played(app, "covenant", {"difficulty": "normal"}, 50, seed=2)
    with app.app_context():
        exported = games.export_game(game_id)
    restart(app)
    with app.app_context():
        assert games.open_game(game_id).game.partial
        assert games.export_game(game_id) == exported


def test_a_stored_snapshot_that_cannot_be_read_is_left_aside_for_the_log(app):
    game_id = played(app, "covenant", {"difficulty": "normal"}, 40, seed=3)
    with app.app_context():
        before = seen(games.open_game(game_id))
    with sqlite3.connect(app.config["DATABASE"]) as connection:
        connection.execute('UPDATE snapshots SET data = \'{"format": 1, "bot": "covenant"}\'')
    restart(app)
    with app.app_context():
        opened = games.open_game(game_id)
        assert not opened.game.partial and seen(opened) == before


def test_a_refused_answer_leaves_the_open_game_in_place(app, client, game_id):
    with app.app_context():
        opened = games.open_game(game_id)
    response = client.post(
        f"/g/{game_id}/answer", data={"version": opened.version, "value": "9.9"}, headers=HTMX
    )
    assert response.status_code == 422
    with app.app_context():
        assert games.open_game(game_id) is opened  # not read again from the database
    response = client.post(
        f"/g/{game_id}/correct",
        data={"version": opened.version, "field": "coins", "value": "lots"},
        headers=HTMX,
    )
    assert response.status_code == 422
    with app.app_context():
        assert games.open_game(game_id) is opened


def test_memory_holds_the_games_opened_last_and_no_more(app):
    with app.app_context():
        ids = [
            games.create_game("covenant", {}, name=f"Game {n}", seed=n)
            for n in range(games.CACHED_GAMES + 8)
        ]
        for game_id in ids:
            games.open_game(game_id)
        # the memory is one for the process: a game another app of this worker's process
        # opened meanwhile (a live server an earlier test left) takes a place too
        ours = held(app)
        others = len(games._cache) - len(ours)
        assert len(games._cache) == games.CACHED_GAMES and others <= 2
        assert ours == ids[len(ids) - len(ours) :] and len(ours) == games.CACHED_GAMES - others
        first = games.open_game(ids[0])  # read again, and the least recent goes out
        assert first.version == 0 and held(app)[-1] == ids[0] and ids[8] not in held(app)


def test_a_game_read_from_storage_is_kept_and_the_next_page_takes_it_from_memory(app):
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Kept", seed=1)
        games.forget_all()
        read = games.open_game(game_id)  # read from storage: not in memory any more
        assert games.open_game(game_id) is read


def held(app) -> list[str]:
    """The games of `app`'s database in memory, the least recently opened first."""
    return [key[1] for key in games._cache if key[0] == str(app.config["DATABASE"])]


def test_rendered_fragments_stay_within_their_budget(app, client, game_id, monkeypatch):
    from webapp.web import fragments

    monkeypatch.setattr(fragments, "RENDERED_BUDGET", 150_000)
    fragments.forget_rendered()
    for version in range(60):  # a correction at every tap: a new checklist each time
        response = client.post(
            f"/g/{game_id}/correct",
            data={"version": version, "field": "coins", "value": version % 40},
            headers=HTMX,
        )
        assert response.status_code == 200
        assert 0 < fragments._rendered_size <= fragments.RENDERED_BUDGET
    kept = sum(sys.getsizeof(html) for _, html in fragments._rendered.values())
    assert fragments._rendered_size == kept


def test_a_long_game_holds_its_latest_summaries_and_undo_still_goes_all_the_way(app):
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Long", seed=8)
        for version in range(3 * STORED_TAIL + 10):
            games.act(game_id, version, Corrected("coins", version % 40))
        opened = games.open_game(game_id)
        held = [summary for summary in opened.summaries if summary is not None]
        assert STORED_TAIL <= len(held) <= 2 * STORED_TAIL
        version = opened.version
        for _ in range(2 * STORED_TAIL + 5):  # past what memory holds: the log is read
            version = games.act(game_id, version, Undo()).version
        again = games.open_game(game_id)
        assert str(again.last_summary()).startswith("Correction")
        assert seen(again) == seen(games._rebuild(again.row))


def seen_by_the_table(opened: games.OpenGame) -> tuple[object, ...]:
    """All a game shows and offers: its state, its actions, the words of each action in
    effect, and what Undo and Redo would take (their sizes, as its buttons say them)."""
    stacks = opened.game.history
    undo = stacks.undo_size()
    return (
        json.dumps(opened.game.bot.state_to_json(opened.game.state), sort_keys=True),
        opened.game.actions,
        undo,
        opened.summaries[-undo:] if undo else [],  # the words of what Undo takes
        len(stacks.redo),
        stacks.redo[-2:],  # what the next two Redos bring back, with their words
        opened.can_undo,
    )


BACK_AND_FORTH = {"undo": Undo(), "redo": Redo()}


def test_a_game_read_again_from_storage_undoes_and_redoes_as_it_did_in_memory(app, game_id):
    """Across stored snapshots (every STORE_EVERY events) and the events replayed since:
    undos, redos, undo back to here and its redo as one unit, each read again after a
    restart, is the game the table had before it."""
    changes = [("correct", n) for n in range(1, 15)] + [
        ("undo", None), ("undo", None), ("redo", None),  # single steps back and forth
        ("undo_to", 4), ("redo", None), ("undo", None),  # a unit of several actions
        ("redo", None), ("correct", 40), ("undo", None), ("undo", None), ("redo", None),
        ("undo_to", 9), ("redo", None), ("redo", None), ("undo", None), ("correct", 41),
        ("undo_to", 6), ("redo", None),  # a unit in effect when the next snapshot is stored
        *(("correct", n) for n in range(50, 58)),
        *(("undo", None) for _ in range(11)), ("redo", None), ("redo", None),
    ]  # fmt: skip
    for kind, value in changes:
        with app.app_context():
            opened = games.open_game(game_id)
            if kind == "correct":
                payload = {"correct": "coins", "value": value}
                opened = games.act(game_id, opened.version, action_of(payload))
            elif kind == "undo_to":
                opened = games.act(game_id, opened.version, Undo(value))
            else:
                opened = games.act(game_id, opened.version, BACK_AND_FORTH[kind])
            before = seen_by_the_table(opened)
        restart(app)
        with app.app_context():
            assert seen_by_the_table(games.open_game(game_id)) == before, (kind, value)


@pytest.mark.parametrize(("corrections", "stored_after"), [(9, "undo"), (10, "redo")])
def test_a_game_resumes_from_its_snapshot_with_a_unit_and_a_redo_since(
    app, game_id, monkeypatch, corrections, stored_after
):
    """A unit of several actions, its snapshot stored just after it was undone (its Redo
    entry stored) or redone (a unit in effect stored), then undone and redone since: the
    game opens from the snapshot and those events, never from its whole log (what a
    restart costs stays flat, whatever the game's length)."""
    with app.app_context():
        for n in range(1, corrections + 1):
            opened = games.open_game(game_id)
            games.act(game_id, opened.version, Corrected("coins", n))
        opened = games.act(game_id, games.open_game(game_id).version, Undo(4))
        opened = games.act(game_id, opened.version, Redo())  # a unit, in effect
        last = "redo"
        while opened.stored_at != opened.version:  # undone and redone up to the snapshot
            last = "undo" if last == "redo" else "redo"
            opened = games.act(game_id, opened.version, BACK_AND_FORTH[last])
        assert last == stored_after
        for kind in ["redo"] * (last == "undo") + ["undo", "redo"]:  # and since
            opened = games.act(game_id, opened.version, BACK_AND_FORTH[kind])
        before = seen_by_the_table(opened)
    restart(app)

    def whole_log(row):
        raise AssertionError("the game was read from its whole log")

    monkeypatch.setattr(games, "_rebuild", whole_log)
    with app.app_context():
        again = games.open_game(game_id)
        assert seen_by_the_table(again) == before
        assert again.game.history.undo_size() == corrections - 4


def test_a_new_game_is_played_as_built_not_replayed(app, monkeypatch):
    """Starting a game keeps the game it built open: a new game's first page is not a
    second setup (the start of a game was three times its floor)."""

    def whole_log(row):
        raise AssertionError("a new game was replayed")

    monkeypatch.setattr(games, "_rebuild", whole_log)
    with app.app_context():
        game_id = games.create_game("covenant", {"difficulty": "normal"}, name="New", seed=4)
        opened = games.open_game(game_id)
    assert opened.version == 0 and opened.game.actions == []
    replayed = Game.replay("covenant", opened.row.options, 4, opened.row.deck, [])
    built = opened.game
    assert json.dumps(built.bot.state_to_json(built.state), sort_keys=True) == json.dumps(
        replayed.bot.state_to_json(replayed.state), sort_keys=True
    )
    assert built.deck == replayed.deck and built.initial_deck == opened.row.deck
    assert built.checklist.to_json() == replayed.checklist.to_json()
