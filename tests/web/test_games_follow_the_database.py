"""The database is the truth, not this process's memory of a game: a tap stored by
another process on the same file (a second Botdeck, a restore) is seen at the next
page, and a stored snapshot that disagrees with the game's log is not used."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from flask import Flask

from webapp import create_app
from webapp.engine.actions import Answered
from webapp.service import games
from webapp.storage import db

from ..random_play import random_answer
from .conftest import new_game, page, step_title, tap, version_of


def another_process(folder: Path) -> Flask:
    """A second Botdeck on the same database file, reached by another path: its own
    games in memory, its own locks and connections, as another process has."""
    link = folder.parent / f"{folder.name}-same-folder"
    link.symlink_to(folder, target_is_directory=True)
    return create_app({"TESTING": True, "DATA_DIR": str(link)})


def next_tap(app: Flask, game_id: str, rng: random.Random) -> str:
    """A valid answer to the step the game waits at, as its form sends it."""
    with app.app_context():
        value = random_answer(games.open_game(game_id).game, rng)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def test_a_tap_stored_by_another_process_is_seen_and_the_next_tap_taken(
    app: Flask, tmp_path: Path
) -> None:
    """Guards `open_game`'s check of its game in memory against the stored version:
    served as it was, the table would see the old step and have every tap refused as
    "Already resolved on another device"."""
    table = app.test_client()
    game_id = new_game(table, {"bot": "covenant", "name": "Shared"})
    assert step_title(page(table, game_id)) == "Where is your Ship?"  # now held in memory

    phone = another_process(tmp_path).test_client()
    assert tap(phone, game_id, "H").status_code == 200
    on_the_phone = page(phone, game_id)

    shown = page(table, game_id)
    assert version_of(shown) == 1
    assert step_title(shown) == step_title(on_the_phone) != "Where is your Ship?"
    assert "Where is your Ship? — Harbor" in shown  # the phone's tap, ticked

    assert (
        tap(table, game_id, next_tap(app, game_id, random.Random(1)), version=1).status_code == 200
    )
    with app.app_context():
        assert db.find_game(game_id).version == 2
        assert [event.seq for event in db.events(game_id)] == [1, 2]


def test_a_snapshot_that_disagrees_with_the_games_log_is_not_used(app: Flask) -> None:
    """Guards `_resumed`'s check that the game it resumes is at the stored version: a
    snapshot stamped with a version the log never reached (a damaged database) would
    open the game at that version, and every tap would be refused as stale."""
    rng = random.Random(5)
    with app.app_context():
        game_id = games.create_game("covenant", {"difficulty": "normal"}, name="Long", seed=5)
        for _ in range(games.STORE_EVERY):
            opened = games.open_game(game_id)
            answer = random_answer(opened.game, rng)
            games.act(game_id, opened.version, Answered(answer))
        assert db.snapshot_version(game_id) == games.STORE_EVERY
        expected = step_title(page(app.test_client(), game_id))
        db.get_db().execute("UPDATE snapshots SET version = version + 1")
        games.forget_all()  # a restart: the game is read from the database again

    client = app.test_client()
    shown = page(client, game_id)
    assert version_of(shown) == games.STORE_EVERY
    assert step_title(shown) == expected
    with app.app_context():
        assert not games.open_game(game_id).game.partial  # rebuilt from its log
    answer = next_tap(app, game_id, rng)
    assert tap(client, game_id, answer, version=games.STORE_EVERY).status_code == 200
    with app.app_context():
        assert db.find_game(game_id).version == games.STORE_EVERY + 1


def test_a_game_renamed_or_claimed_by_another_process_is_seen_as_it_is_stored(
    app: Flask, tmp_path: Path
) -> None:
    """Guards `open_game`'s refresh of a game held in memory, at the same version, from
    what the database says of it: its name, its owner and when it was last changed, as
    the lobby and the game's page show them, not as this process last read them."""
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Shared", seed=1)
        held = games.open_game(game_id)  # held in memory, owned by no device yet
        assert held.row.owner is None
    other = another_process(tmp_path)
    with other.app_context():
        assert db.rename_game(game_id, "Renamed")
    # a device of the other process adds what no device owns to its own (the lobby's offer)
    assert other.test_client().post("/claim").status_code == 303
    with app.app_context():
        opened = games.open_game(game_id)
        stored = db.find_game(game_id)
    assert opened is held  # the same version: the game in memory, not rebuilt
    assert stored is not None and stored.owner is not None
    assert (opened.row.name, opened.row.owner, opened.row.updated_at) == (
        "Renamed",
        stored.owner,
        stored.updated_at,
    )


def test_a_game_deleted_by_another_process_leaves_this_ones_memory_when_next_opened(
    app: Flask, tmp_path: Path
) -> None:
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Gone", seed=1)
        games.open_game(game_id)
        assert games._cached(games._key(game_id)) is not None
    other = another_process(tmp_path)
    assert other.test_client().post("/claim").status_code == 303  # deleted by its owner
    with other.app_context():
        owner = db.find_game(game_id).owner
        assert owner is not None
        assert db.delete_game(game_id, owner=owner, now="2026-11-26T10:00:00+00:00")
    with app.app_context():
        with pytest.raises(games.GameNotFound, match=game_id):
            games.open_game(game_id)
        assert games._cached(games._key(game_id)) is None
