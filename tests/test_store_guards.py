"""What the store (webapp/storage/db.py) promises that only its own SQL keeps: a watcher stays a
watcher, the lobby lists the game played last first, a write from another connection
makes an older version stale, the board editor's undo list is capped and never brings
back what is not there."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask

from webapp.engine import msg
from webapp.service import boards, games
from webapp.storage import db

from .web.conftest import HTMX, open_link, tap

# --- a watcher stays a watcher ------------------------------------------------------------


def shared_game(app: Flask, name: str) -> tuple[str, str]:
    """A Covenant game started on the owner's device: its play id and watch id."""
    response = app.test_client().post("/games", data={"bot": "covenant", "name": name})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        return game_id, db.find_game(game_id).watch_id


def test_a_watcher_who_opens_the_watch_link_twice_still_only_watches(app: Flask) -> None:
    """Guards `join_game`'s upsert: only a play link turns a watcher into a player (its
    `WHERE excluded.role = 'play'`); a second visit to the watch link must not give the
    watcher the game's play link, in its lobby or in its collection file."""
    game_id, watch_id = shared_game(app, "Watched game")
    watcher = app.test_client()
    page = open_link(watcher, f"/w/{watch_id}").get_data(as_text=True)
    assert "Where is your Ship?" in page
    # its page asks once; the same request sent again (a second tab) changes nothing
    assert watcher.post(f"/w/{watch_id}/join", headers=HTMX).status_code == 200

    lobby = watcher.get("/").get_data(as_text=True)
    games_listed = lobby.split('class="game-list"', 1)[1]
    # the game's name and its Watch button: both the watch link
    assert re.findall(r'href="(/[gw]/[^"/]+)"', games_listed) == [f"/w/{watch_id}"] * 2
    assert "Watching" in games_listed
    assert game_id not in lobby  # neither its play link nor its Export
    exported = json.loads(watcher.get("/data/export").data)
    assert exported["games"] == []
    device = watcher.get_cookie("botdeck_device").value
    with app.app_context():
        assert [(row.id, role) for row, role in db.list_games(device)] == [(game_id, "watch")]


def test_a_watcher_who_then_opens_the_play_link_becomes_a_player(app: Flask) -> None:
    """The other half of the upsert: a play link given later makes the watcher a player,
    listed with the play link."""
    game_id, watch_id = shared_game(app, "Shared game")
    partner = app.test_client()
    assert open_link(partner, f"/w/{watch_id}").status_code == 200
    assert open_link(partner, f"/g/{game_id}").status_code == 200
    device = partner.get_cookie("botdeck_device").value
    with app.app_context():
        assert [(row.id, role) for row, role in db.list_games(device)] == [(game_id, "play")]


# --- the lobby, most recent first ---------------------------------------------------------


def minutes_apart() -> Callable[[], str]:
    """A clock a minute further at each reading: every stored time differs."""
    moment = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)

    def now() -> str:
        nonlocal moment
        moment += timedelta(minutes=1)
        return moment.isoformat(timespec="milliseconds")

    return now


def listed(lobby: str) -> list[str]:
    return re.findall(r'<strong class="game-name">([^<]+)', lobby)


def test_the_lobby_lists_the_game_played_last_first(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Guards `list_games`'s ORDER BY (updated_at, then created_at, newest first)."""
    monkeypatch.setattr(db, "now", minutes_apart())
    client = app.test_client()
    ids = {}
    for name in ("Alpha", "Bravo", "Charlie"):
        response = client.post("/games", data={"bot": "covenant", "name": name})
        ids[name] = response.headers["Location"].rsplit("/", 1)[1]
    assert listed(client.get("/").get_data(as_text=True)) == ["Charlie", "Bravo", "Alpha"]

    assert tap(client, ids["Alpha"], "H").status_code == 200
    assert listed(client.get("/").get_data(as_text=True)) == ["Alpha", "Charlie", "Bravo"]


def test_games_last_played_at_the_same_moment_are_listed_the_newest_first(app: Flask) -> None:
    """A restored collection keeps each game's dates: two last played at the same moment
    are listed the one started last first (`list_games`'s second key)."""
    played = "2024-05-01T10:00:00.000+00:00"
    with app.app_context():
        db.insert_device("restorer", "Tablet", db.now())
        for game_id, started in (
            ("started-first-0000", "2024-04-01T09:00:00.000+00:00"),
            ("started-last-00000", "2024-04-20T09:00:00.000+00:00"),
            ("started-between-00", "2024-04-10T09:00:00.000+00:00"),
        ):
            db.insert_game(
                game_id,
                watch_id=f"watch-{game_id}",
                name=game_id,
                bot="covenant",
                options={},
                seed=1,
                deck={},
                summary={},
                now=played,
                device="restorer",
                dates=(started, played),
            )
        assert [row.id for row, _role in db.list_games("restorer")] == [
            "started-last-00000",
            "started-between-00",
            "started-first-0000",
        ]


# --- another connection wrote first -------------------------------------------------------


def harbor() -> db.NewEvent:
    said = msg("{step} — {answer}", step=msg("Where is your Ship?"), answer=msg("Harbor"))
    return db.NewEvent("action", {"answer": "H"}, said.to_json(), 1)


def appended(game_id: str, device: str, expected: int) -> int:
    return db.append_event(
        game_id,
        expected_version=expected,
        event=harbor(),
        game_summary={"over": False, "title": None, "actions": 1},
        device=device,
        now=db.now(),
    )


def from_another_connection(app: Flask, write: Callable[[], Any]) -> None:
    """`write` run on a thread of its own: its own SQLite connection, as another process
    on the same file has (this process's game cache and checks never see it)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            with app.app_context():
                write()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert not failed, failed


def test_a_version_another_connection_moved_past_is_refused_and_nothing_written(
    app: Flask,
) -> None:
    """Guards `append_event`'s own version check, inside its transaction: the service
    checks its cached version first, but another process may write between that check
    and this one."""
    with app.app_context():
        game_id = games.create_game("covenant", {"difficulty": "normal"}, name="Race", seed=3)
    from_another_connection(app, lambda: appended(game_id, "Phone", expected=0))
    with app.app_context():
        with pytest.raises(db.StaleVersion, match=game_id):
            appended(game_id, "Tablet", expected=0)
        assert [(event.seq, event.device) for event in db.events(game_id)] == [(1, "Phone")]
        assert db.find_game(game_id).version == 1
        # nor a version it never reached (a page from before a backup was restored)
        with pytest.raises(db.StaleVersion, match=game_id):
            appended(game_id, "Tablet", expected=4)
        assert db.find_game(game_id).version == 1
        assert appended(game_id, "Tablet", expected=1) == 2  # at the version it is


def test_a_game_deleted_from_another_connection_takes_no_more_events(app: Flask) -> None:
    """Guards `append_event`'s check that the game is still there (not deleted)."""
    with app.app_context():
        db.insert_device("owner", "Tablet", db.now())
        game_id = games.create_game(
            "covenant", {"difficulty": "normal"}, name="Gone", seed=3, device="owner"
        )
    from_another_connection(app, lambda: db.delete_game(game_id, owner="owner", now=db.now()))
    with app.app_context():
        with pytest.raises(db.StaleVersion, match=game_id):
            appended(game_id, "Tablet", expected=0)
        assert db.events(game_id) == []
        assert db.find_game(game_id, deleted=True).version == 0


# --- the board editor's undo list ---------------------------------------------------------

OWNER = "board-owner-device"


def board_name(board_id: str) -> str:
    found = boards.find("deacon", board_id, OWNER)
    assert found is not None
    return found.name


def renamed(board_id: str, name: str) -> None:
    found = boards.find("deacon", board_id, OWNER)
    assert found is not None
    boards.save("deacon", board_id, {**found.data, "name": name}, OWNER)


def test_the_board_editor_undoes_its_last_twelve_taps_and_no_more(app: Flask) -> None:
    """README, the board editor: "Every tap is saved at once and can be undone (the last
    12)". Guards `replace_kept`'s cap on the undo list (it would grow without bound)."""
    with app.app_context():
        board_id = boards.create("deacon", "Board 0", OWNER)
        for number in range(1, 16):
            renamed(board_id, f"Board {number}")
        undone = []
        while boards.undo("deacon", board_id, OWNER):
            undone.append(board_name(board_id))
        assert undone == [f"Board {number}" for number in range(14, 2, -1)]
        assert not boards.can_undo("deacon", board_id, OWNER)
        assert board_name(board_id) == "Board 3"


def test_undo_with_nothing_to_undo_changes_nothing(app: Flask) -> None:
    """Guards `restore_kept`'s check that its undo list holds something."""
    with app.app_context():
        board_id = boards.create("deacon", "Fresh board", OWNER)
        before = boards.find("deacon", board_id, OWNER)
        assert boards.undo("deacon", board_id, OWNER) is False
        assert boards.find("deacon", board_id, OWNER) == before
        assert not boards.can_undo("deacon", board_id, OWNER)


def test_undo_never_brings_back_a_board_that_is_gone(app: Flask) -> None:
    """Guards `restore_kept`'s check that the board itself is still kept: a delete cut
    short between the board and its undo list (two rows) leaves the list behind, and an
    Undo must not make the deleted board reappear from it."""
    with app.app_context():
        board_id = boards.create("deacon", "Short-lived", OWNER)
        renamed(board_id, "Short-lived, renamed")
        db.delete_kept(OWNER, "deacon", boards.BOARD + board_id)  # its undo list stays
        assert boards.can_undo("deacon", board_id, OWNER)
        assert boards.undo("deacon", board_id, OWNER) is False
        assert boards.find("deacon", board_id, OWNER) is None
        assert board_id not in [board.id for board in boards.boards("deacon", OWNER)]
