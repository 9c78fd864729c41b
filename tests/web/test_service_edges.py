"""The service's answers where a mutation test found no test looking (make mutate): a
deleted game's open pages are told it is gone, and each refusal names the game."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from webapp import db, games, live


def started(app: Flask) -> str:
    """A game started by the device "owner" (another device, "someone else", exists too)."""
    with app.app_context():
        for device in ("owner", "someone else"):
            db.insert_device(device, device.title(), db.now())
        return games.create_game("covenant", {"difficulty": "normal"}, name="Kept", device="owner")


def test_deleting_a_game_tells_its_open_pages_it_is_gone(app: Flask) -> None:
    game_id = started(app)
    heard: list[tuple[Any, int]] = []
    stop = live.listen(lambda name, version: heard.append((name, version)))
    try:
        with app.app_context():
            games.delete_game(game_id, "owner")
            gone = live.topic(games._key(game_id))
    finally:
        stop()
    assert heard == [(gone, -1)]  # -1: deleted (a page then says so and offers the lobby)


def test_a_deleted_game_is_not_served_from_memory(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        games.open_game(game_id)  # in memory
        games.delete_game(game_id, "owner")
        assert games._key(game_id) not in games._cache
        with pytest.raises(games.GameNotFound) as refused:
            games.open_game(game_id)
    assert refused.value.args == (game_id,)


def test_each_refusal_of_a_game_names_the_game(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        with pytest.raises(games.GameNotFound) as missing:
            games.delete_game("nosuchgame", "owner")
        assert missing.value.args == ("nosuchgame",)
        with pytest.raises(games.NotYours) as not_yours:
            games.delete_game(game_id, "someone else")
        assert not_yours.value.args == (game_id,)
        with pytest.raises(games.StartedHere) as started_here:
            games.leave_game(game_id, "owner")
        assert started_here.value.args == (game_id,)
        with pytest.raises(games.GameNotFound) as never_deleted:
            games.bring_back("nosuchgame", "owner", "2026-01-01T00:00:00")
        assert never_deleted.value.args == ("nosuchgame",)
        with pytest.raises(games.GameNotFound) as to_leave:
            games.leave_game("nosuchgame", "owner")
        assert to_leave.value.args == ("nosuchgame",)


def test_a_game_brought_back_is_read_again_from_the_database(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        games.open_game(game_id)
        games.delete_game(game_id, "owner")
        games.bring_back(game_id, "owner", db.now())
        assert games._key(game_id) not in games._cache
        assert games.open_game(game_id).game.pending() is not None


def test_an_imported_game_is_stored_with_its_summary_and_each_action_numbered(app: Flask) -> None:
    """The lobby lists an imported game where it stands; the History numbers its actions
    from 1 (the actions in effect once each is taken)."""
    game_id = started(app)
    with app.app_context():
        for value in (3, 4, 5):
            opened = games.open_game(game_id)
            games.act(game_id, opened.version, "action", {"correct": "coins", "value": value})
        exported = games.export_game(game_id)
        copy = games.import_game(exported, name="Copy")
        row = db.find_game(copy)
        assert row is not None
        assert row.summary == games.lobby_summary(games.open_game(game_id).game)
        assert [event.in_effect for event in db.events(copy)] == [1, 2, 3]


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"name": "Sunday night"}, "Sunday night"),
        ({"name": "a\nb"}, "a b"),
        ({"name": "x" * 90}, "x" * 80),
        ({"name": 5}, "game.json"),
        ({"name": ""}, "game.json"),
        ({}, "game.json"),
        (["a list"], "game.json"),
    ],
)
def test_a_game_file_names_its_game_in_one_line_of_80_or_leaves_the_file_name(
    data: Any, named: str
) -> None:
    assert games.file_name(data, "game.json") == named


def test_a_game_deleted_while_its_file_is_read_from_its_log_is_not_found(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that cannot be rebuilt is exported from its log: gone meanwhile (deleted
    on another device), it is not found, by its id."""
    game_id = started(app)

    def unreadable(found: str) -> Any:
        raise games.GameUnreadable(found)

    monkeypatch.setattr(games, "open_game", unreadable)
    monkeypatch.setattr(db, "find_game", lambda found, **_: None)
    with app.app_context(), pytest.raises(games.GameNotFound) as missing:
        games.export_game(game_id)
    assert missing.value.args == (game_id,)


@pytest.mark.parametrize("to", ["3", 2.0, True])
def test_an_undo_back_to_anything_but_a_whole_number_is_refused(app: Flask, to: Any) -> None:
    game_id = started(app)
    with app.app_context():
        opened = games.act(game_id, 0, "action", {"correct": "coins", "value": 4})
        with pytest.raises(ValueError, match="^an undo goes back to a whole number of actions$"):
            games.act(game_id, opened.version, "undo", {"to": to})
        assert games.open_game(game_id).version == opened.version  # nothing stored
