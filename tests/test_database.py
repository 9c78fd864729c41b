"""The games database kept safe: upgrades in transactions, a newer or damaged file never
written to, rolling backups, restoring one, everything of a device as one file."""

from __future__ import annotations

import html
import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from webapp import create_app
from webapp.bots.deacon.board import demo_board
from webapp.engine.actions import Corrected, Redo, Undo
from webapp.service import games, live
from webapp.storage import db, safety

from .conftest import ROOT
from .waiting import wait_until
from .web.conftest import HTMX, seen
from .web.test_ownership import deck_file, old_database


def make_app(folder: Path, **config):
    return create_app({"TESTING": True, "DATA_DIR": str(folder), **config})


def start_game(client, name: str) -> str:
    response = client.post("/games", data={"bot": "covenant", "name": name})
    response.close()  # as a server does once the answer is sent: what waits for it runs
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def tap(client, game_id: str, value: str) -> int:
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    version = int(page.split('name="version" value="', 1)[1].split('"', 1)[0])
    assert (
        client.post(
            f"/g/{game_id}/answer", data={"version": version, "value": value}, headers=HTMX
        ).status_code
        == 200
    )
    return version + 1


def version(app, game_id: str) -> int | None:
    with app.app_context():
        row = db.find_game(game_id)
    return None if row is None else row.version


@pytest.fixture
def played(tmp_path):
    """A data folder with three games and a backup of them; the app and its client."""
    app = make_app(tmp_path)
    client = app.test_client()
    ids = [start_game(client, f"Game {n}") for n in range(3)]
    tap(client, ids[0], "H")
    safety.make_backup(Path(app.config["DATABASE"]), keep=10)
    db.release(database_of(app))  # the server stops: its connections close
    return app, client, ids


def database_of(app) -> Path:
    return Path(app.config["DATABASE"])


# --- migrations ----------------------------------------------------------------------


def test_an_upgrade_killed_half_way_by_an_earlier_botdeck_runs_again(tmp_path):
    """The audit's database: a column added, the version number not (`duplicate column
    name: watch_id` at every start after)."""
    old_database(tmp_path / "botdeck.sqlite3", version=0)
    con = sqlite3.connect(tmp_path / "botdeck.sqlite3")
    con.execute("ALTER TABLE games ADD COLUMN watch_id TEXT")
    con.commit()
    con.close()
    app = make_app(tmp_path)
    client = app.test_client()
    assert client.get("/").status_code == 200
    client.post("/claim", data={"next": "/"})
    assert "Before the update" in client.get("/").get_data(as_text=True)


def shape(path: Path) -> dict[str, dict[str, tuple[object, ...]]]:
    """Each table's columns: name -> (type, not null, default, place in the key)."""
    con = sqlite3.connect(path)
    tables = [row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    found = {
        table: {row[1]: row[2:] for row in con.execute(f"PRAGMA table_info({table})")}
        for table in tables
    }
    con.close()
    return found


@pytest.mark.parametrize("version", [0, 1, 2])
def test_an_upgraded_database_has_the_shape_of_a_new_one(tmp_path, version):
    """Every column an upgrade adds is declared as schema.sql declares it for a new
    database: its name, type, NOT NULL and default, its place in the key."""
    new = tmp_path / "new.sqlite3"
    db.upgrade(new)
    old = tmp_path / "old.sqlite3"
    old_database(old, version=version)
    db.upgrade(old)
    assert shape(old) == shape(new)


MADE_WITH_ASCII = """
import codecs, locale, sys
from webapp.storage import db
print(codecs.lookup(locale.getpreferredencoding(False)).name, flush=True)
db.upgrade(sys.argv[1])
"""


def test_a_database_made_where_the_system_encoding_is_ascii_has_the_whole_schema(tmp_path):
    """schema.sql is read as UTF-8 whatever the system's encoding (a plain C locale too)."""
    here = tmp_path / "here.sqlite3"
    db.upgrade(here)
    there = tmp_path / "there.sqlite3"
    made = subprocess.run(
        [sys.executable, "-c", MADE_WITH_ASCII, str(there)],
        cwd=ROOT,
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "LC_ALL": "C",
            "PYTHONUTF8": "0",
            "PYTHONCOERCECLOCALE": "0",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.stdout == "ascii\n"  # the system's encoding there, as the test means it
    assert shape(there) == shape(here), made.stderr


def test_each_migration_run_again_on_a_database_it_changed_changes_nothing(tmp_path):
    """A migration may run again on a database it half-changed before transactions: an
    added column, or the kept entries' new table, is made once."""
    path = tmp_path / "old.sqlite3"
    old_database(path, version=2)
    con = sqlite3.connect(path)
    for migration in db.MIGRATIONS:
        migration(con)
    assert con.execute("SELECT owner, bot, key, data FROM kept").fetchall() == [
        ("", "solo_enemy", "orcs", "{}")  # from before owners: no device's yet
    ]
    con.execute("UPDATE kept SET owner = 'tablet-device-00000001'")  # claimed
    for migration in db.MIGRATIONS:
        migration(con)
    assert con.execute("SELECT owner, bot, key, data FROM kept").fetchall() == [
        ("tablet-device-00000001", "solo_enemy", "orcs", "{}")
    ]
    con.close()


def test_claiming_gives_a_device_what_no_device_owns_and_says_how_much(tmp_path):
    old_database(tmp_path / "botdeck.sqlite3", version=2)  # one game of no device's
    app = make_app(tmp_path)
    with app.app_context():
        con = db.get_db()
        con.execute(
            "INSERT INTO decks (id, bot, name, data, created_at, updated_at, owner)"
            " VALUES ('olddeck00001', 'covenant', 'Old', '{}', '2026-01-01', '2026-01-01', NULL)"
        )
        con.commit()
        assert db.unclaimed() == db.Unclaimed(games=1, decks=1, kept=1)
        assert db.claim("tablet-device-00000002", db.now()) == db.Unclaimed(1, 1, kept=1)
        assert db.unclaimed() == db.Unclaimed(games=0, decks=0, kept=0)
        assert db.claim("tablet-device-00000002", db.now()) == db.Unclaimed(0, 0, kept=0)


def test_an_undo_of_kept_entries_puts_back_the_last_change_and_names_its_keys(tmp_path):
    app = make_app(tmp_path)
    with app.app_context():
        owner, now = "tablet-device-00000003", db.now()
        for n, keys in enumerate((["a"], ["b", "c"], ["d"])):
            changes = [(key, {"n": n}) for key in keys]
            db.change_kept(owner, "covenant", changes, history="h", now=now)
        assert db.undo_kept(owner, "covenant", history="h", now=now) == ["d"]
        assert db.undo_kept(owner, "covenant", history="h", now=now) == ["b", "c"]
        assert db.find_kept(owner, "covenant", "c") is None
        assert db.find_kept(owner, "covenant", "a") == {"n": 0}
        db.change_kept(owner, "covenant", [("a", None)], history="h", now=now)
        assert db.find_kept(owner, "covenant", "a") is None  # taken away
        assert db.undo_kept(owner, "covenant", history="h", now=now) == ["a"]
        assert db.find_kept(owner, "covenant", "a") == {"n": 0}  # and put back


def test_an_upgrade_works_out_the_actions_each_stored_event_leaves_in_effect(tmp_path):
    """Migration 6 (events in effect): each event says how many actions are in effect
    once it is applied, as the log replays: an action adds one, an undo takes one back,
    a redo brings one back; an undo with nothing to undo, or a redo with nothing to redo,
    changes nothing; each game counts from nothing."""
    con = sqlite3.connect(tmp_path / "old.sqlite3")
    con.execute("CREATE TABLE events (game_id TEXT, seq INTEGER, kind TEXT)")
    logs = {
        "a": "undo redo action action undo undo undo redo redo redo action redo",
        "b": "redo action undo redo",
    }
    for game_id, kinds in logs.items():
        for seq, kind in enumerate(kinds.split(), start=1):
            con.execute("INSERT INTO events VALUES (?, ?, ?)", (game_id, seq, kind))
    db._events_in_effect(con)
    counted = con.execute("SELECT game_id, in_effect FROM events ORDER BY game_id, seq")
    assert [(game_id, n) for game_id, n in counted] == [
        *(("a", n) for n in (0, 0, 1, 2, 1, 0, 0, 1, 2, 2, 3, 3)),
        *(("b", n) for n in (0, 1, 0, 1)),
    ]
    con.close()


def test_a_migration_that_fails_half_way_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "botdeck.sqlite3"
    old_database(path, version=2)

    def owners_then_power_cut(con):
        db._owners(con)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(db, "MIGRATIONS", [*db.MIGRATIONS[:2], owners_then_power_cut])
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):  # the cut, no other
        db.upgrade(path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    assert "owner" not in {row[1] for row in con.execute("PRAGMA table_info(games)")}
    assert "owner" not in {row[1] for row in con.execute("PRAGMA table_info(kept)")}
    con.close()
    monkeypatch.undo()
    db.upgrade(path)
    db.upgrade(path)  # and once more: nothing left to do
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    con.close()


def test_a_power_cut_in_one_upgrade_step_keeps_the_steps_before_it(tmp_path, monkeypatch):
    """Each step stores the version it brought the database to: after a cut the next start
    goes on from the step that was cut, and ends with the shape of a new database."""
    new = tmp_path / "new.sqlite3"
    db.upgrade(new)
    path = tmp_path / "botdeck.sqlite3"
    old_database(path, version=2)
    steps = list(db.MIGRATIONS)

    def deleted_at_then_power_cut(con):
        steps[4](con)  # 5: deleted games kept
        raise sqlite3.OperationalError("disk I/O error")

    cut = [*steps[:4], deleted_at_then_power_cut, *steps[5:]]
    monkeypatch.setattr(db, "MIGRATIONS", cut)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        db.upgrade(path)
    monkeypatch.undo()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 4  # steps 3 and 4 kept
    assert "owner" in {row[1] for row in con.execute("PRAGMA table_info(games)")}
    assert "deleted_at" not in {row[1] for row in con.execute("PRAGMA table_info(games)")}
    con.close()
    db.upgrade(path)
    assert shape(path) == shape(new)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    con.close()


def test_a_database_from_before_deleted_games_were_kept_upgrades_and_deletes_softly(tmp_path):
    """Version 4 (the one before): no `deleted_at`. Its games come through as they were,
    and can then be deleted and brought back."""
    app = make_app(tmp_path)
    client = app.test_client()
    game_id = start_game(client, "Before the update")
    tap(client, game_id, "H")
    path = database_of(app)
    db.release(path)  # the earlier Botdeck stops
    con = sqlite3.connect(path)
    con.execute("DROP INDEX games_deleted")
    con.execute("ALTER TABLE games DROP COLUMN deleted_at")
    con.execute("PRAGMA user_version = 4")
    con.commit()
    con.close()
    device = client.get_cookie("botdeck_device").value
    app = make_app(tmp_path)
    client = app.test_client()
    client.set_cookie("botdeck_device", device)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    assert "deleted_at" in {row[1] for row in con.execute("PRAGMA table_info(games)")}
    con.close()
    assert "Before the update" in client.get("/").get_data(as_text=True)
    assert client.post(f"/g/{game_id}/delete").status_code == 303
    assert client.get(f"/g/{game_id}").status_code == 404
    assert client.post(f"/g/{game_id}/bring-back").status_code == 303
    assert version(app, game_id) == 1


def test_a_database_from_before_undo_back_to_here_upgrades_and_its_logs_read_as_before(tmp_path):
    """Version 5 (the one before): events without `in_effect` nor `turn`. Each event gets
    the actions it left in effect, worked out as its log replays (an undo with nothing
    to undo changed nothing); its games open as they were, Redo still brings back what
    was undone, and any entry still in effect can be gone back to."""
    app = make_app(tmp_path)
    client = app.test_client()
    game_id = start_game(client, "Before the update")
    with app.app_context():
        for kind, value in [
            ("action", 1),
            ("action", 2),
            ("undo", 0),
            ("action", 3),
            ("action", 4),
            ("action", 5),
            ("undo", 0),
            ("undo", 0),
            ("redo", 0),
            ("action", 6),
            ("undo", 0),
        ]:
            version = db.find_game(game_id).version
            change = {"action": Corrected("coins", value), "undo": Undo(), "redo": Redo()}[kind]
            games.act(game_id, version, change)
        expected = [event.in_effect for event in db.events(game_id)]
        before = seen(games._rebuild(db.find_game(game_id)))
    assert expected == [1, 2, 1, 2, 3, 4, 3, 2, 3, 4, 3]
    path = database_of(app)
    db.release(path)  # the earlier Botdeck stops
    con = sqlite3.connect(path)
    con.execute("ALTER TABLE events DROP COLUMN in_effect")
    con.execute("ALTER TABLE events DROP COLUMN turn")
    con.execute("DELETE FROM snapshots")  # a snapshot this Botdeck wrote: not the earlier's
    con.execute("PRAGMA user_version = 5")
    con.commit()
    con.close()
    app = make_app(tmp_path)
    client = app.test_client()
    client.get("/")  # started: upgraded
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION == 7
    stored = con.execute("SELECT in_effect, turn FROM events ORDER BY seq").fetchall()
    con.close()
    assert [in_effect for in_effect, _ in stored] == expected
    assert {turn for _, turn in stored} == {None}  # not known: no turn heading
    with app.app_context():
        opened = games.open_game(game_id)
        assert seen(opened) == before
        assert str(opened.next_redo()) == "Correction: Coins set to 6"
    history = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert "history-turn" not in history and "Coins set to 6" in history
    assert f"/g/{game_id}/undo-to?to=1&amp;version=11" in history  # two actions after it
    assert '<input type="hidden" name="to" value="4">' in history  # one: no confirmation
    response = client.post(f"/g/{game_id}/undo-to", data={"version": 11, "to": 4})
    assert response.status_code == 303
    with app.app_context():
        assert games.open_game(game_id).game.state.ais[0].coins == 3  # actions 1, 3
        assert db.events(game_id)[-1].in_effect == 2


def test_the_upgrade_counts_an_undo_with_nothing_to_undo_as_nothing(tmp_path):
    """A log an earlier Botdeck could hold: an undo or a redo that changed nothing."""
    path = tmp_path / "botdeck.sqlite3"
    old_database(path, version=2)
    con = sqlite3.connect(path)
    con.executemany(
        "INSERT INTO events (game_id, seq, kind, action, summary, created_at)"
        " VALUES ('oldgame0000000000000001', ?, ?, ?, '{\"text\": \"x\"}', '2026-01-01')",
        [
            (1, "undo", None),
            (2, "action", '{"correct": "coins", "value": 1}'),
            (3, "redo", None),
            (4, "undo", None),
            (5, "undo", None),
            (6, "redo", None),
            (7, "redo", None),
        ],
    )
    con.commit()
    con.close()
    db.upgrade(path)
    con = sqlite3.connect(path)
    counted = [row[0] for row in con.execute("SELECT in_effect FROM events ORDER BY seq")]
    con.close()
    assert counted == [0, 1, 1, 0, 0, 1, 1]


def test_the_games_of_a_database_of_2026_11_24_or_before_say_that_release_played_them(
    tmp_path,
):
    """Version 3 and before: written by a Botdeck of 2026-11-24 or before. Each game says
    that release played its actions so far — those in effect and those Redo would bring
    back — so its log replays by that release's rules (webapp/engine/earlier.py); what is
    tapped from now on is played by today's. A game that says so already keeps it; the
    games of a database of version 4 on (2026-11-25 on) are played as today."""
    path = tmp_path / "botdeck.sqlite3"
    old_database(path, version=2)
    con = sqlite3.connect(path)
    con.executemany(
        "INSERT INTO events (game_id, seq, kind, action, summary, created_at)"
        " VALUES ('oldgame0000000000000001', ?, ?, ?, '{\"text\": \"x\"}', '2026-01-01')",
        [
            (1, "redo", None),  # nothing to redo, nor to undo: nothing changed
            (2, "undo", None),
            (3, "action", '{"correct": "coins", "value": 1}'),
            (4, "action", '{"correct": "coins", "value": 2}'),
            (5, "action", '{"correct": "coins", "value": 3}'),
            (6, "undo", None),
            (7, "undo", None),
            (8, "redo", None),
        ],
    )
    said = {"earlier_release": {"date": "2026-11-24", "actions": 7}}
    con.execute(
        "UPDATE games SET options = ? WHERE id = 'devgame0000000000000001'", [json.dumps(said)]
    )
    con.execute(  # damaged: left as it is, and the rest upgraded all the same
        "INSERT INTO games (id, name, bot, options, seed, deck, created_at, updated_at)"
        " VALUES ('damaged000000000000001', 'Damaged', 'covenant', '{oops', 1, 'null', 'x', 'x')"
    )
    con.commit()
    con.close()
    db.upgrade(path)
    with closing(sqlite3.connect(path)) as con:
        damaged = con.execute("SELECT options FROM games WHERE id = 'damaged000000000000001'")
        assert damaged.fetchone() == ("{oops",)
        con.execute("DELETE FROM games WHERE id = 'damaged000000000000001'")
        con.commit()
    assert stored_options(path) == {
        "oldgame0000000000000001": {
            "difficulty": "normal",
            "earlier_release": {"date": "2026-11-24", "actions": 3},  # 2 in effect, 1 to redo
        },
        "devgame0000000000000001": said,
    }
    later = tmp_path / "later.sqlite3"
    old_database(later, version=2)
    con = sqlite3.connect(later)
    db.MIGRATIONS[2](con)  # version 3: the games' owners
    con.execute("PRAGMA user_version = 4")
    con.commit()
    con.close()
    db.upgrade(later)
    assert stored_options(later) == {
        "oldgame0000000000000001": {"difficulty": "normal"},
        "devgame0000000000000001": {},
    }


def stored_options(path: Path) -> dict[str, object]:
    with closing(sqlite3.connect(path)) as con:
        return {key: json.loads(text) for key, text in con.execute("SELECT id, options FROM games")}


def test_a_database_from_a_newer_botdeck_is_refused_and_never_rewritten(tmp_path):
    """The audit's database at a newer user_version was silently reset to 2."""
    app = make_app(tmp_path)
    start_game(app.test_client(), "Kept")
    path = database_of(app)
    newer = db.SCHEMA_VERSION + 1
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {newer}")
    con.close()
    db.release(path)  # the first server stops: its connections close
    before = path.read_bytes()
    app = make_app(tmp_path)
    client = app.test_client()
    page = client.get("/")
    text = html.unescape(page.get_data(as_text=True))
    assert page.status_code == 503
    assert "from a newer Botdeck" in text and f"its format {newer}" in text
    assert client.post("/games", data={"bot": "covenant"}).status_code == 503
    assert client.post("/data/safe/start-empty").status_code == 409
    assert path.read_bytes() == before


def test_starting_on_an_up_to_date_database_writes_nothing_to_it(tmp_path):
    """A database already in this version's shape is only read at start: a program
    reading it meanwhile (a sync, a backup tool) sees no change."""
    app = make_app(tmp_path)
    start_game(app.test_client(), "Kept")
    path = database_of(app)
    db.release(path)  # the first server stops: its connections close
    other = sqlite3.connect(path)
    try:
        seen_before = other.execute("PRAGMA data_version").fetchone()[0]
        make_app(tmp_path)  # started again: checked, found up to date
        db.release(path)
        assert other.execute("PRAGMA data_version").fetchone()[0] == seen_before
        assert other.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    finally:
        other.close()


# --- a damaged database ----------------------------------------------------------------


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def garble_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[:100] = b"\x5a" * 100
    path.write_bytes(bytes(data))


def garble_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle : middle + page] = b"\xa5" * page
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [truncate, garble_header, garble_middle])
def test_a_damaged_database_starts_in_safe_mode_and_a_backup_brings_the_games_back(played, damage):
    app, _, ids = played
    path = database_of(app)
    damage(path)
    damaged = path.read_bytes()
    app = make_app(path.parent)
    client = app.test_client()
    page = client.get("/")
    assert page.status_code == 503
    assert "The games database is damaged" in html.unescape(page.get_data(as_text=True))
    assert "Restore this backup" in page.get_data(as_text=True)
    # nothing reads or writes it meanwhile
    assert client.post("/games", data={"bot": "covenant"}).status_code == 503
    assert client.get(f"/g/{ids[0]}").status_code == 503
    assert path.read_bytes() == damaged
    (backup,) = safety.backups(path)
    restored = client.post("/data/safe/restore", data={"backup": backup.name})
    assert restored.status_code == 303
    lobby = client.get("/")
    assert lobby.status_code == 200
    assert version(app, ids[0]) == 1 and version(app, ids[2]) == 0
    aside = list(path.parent.glob("botdeck-damaged-*.sqlite3"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged  # kept, never deleted


def test_a_damaged_database_without_a_backup_can_start_empty_keeping_the_file(tmp_path):
    path = tmp_path / "botdeck.sqlite3"
    path.write_bytes(b"this is not a database at all" * 200)
    app = make_app(tmp_path)
    client = app.test_client()
    page = html.unescape(client.get("/").get_data(as_text=True))
    assert "There is no backup" in page and "file is not a database" in page
    assert client.post("/data/safe/start-empty").status_code == 303
    assert client.get("/").status_code == 200
    (aside,) = tmp_path.glob("botdeck-damaged-*.sqlite3")
    assert aside.read_bytes().startswith(b"this is not a database")


@pytest.mark.parametrize("state", ["empty", "missing"])
def test_an_empty_or_missing_database_with_backups_asks_before_starting_empty(played, state):
    app, _, ids = played
    path = database_of(app)
    for part in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        part.unlink(missing_ok=True)
    if state == "empty":
        path.write_bytes(b"")
    app = make_app(path.parent)
    client = app.test_client()
    page = client.get("/")
    assert page.status_code == 503
    assert f"The games database is {state}" in page.get_data(as_text=True)
    (backup,) = safety.backups(path)
    assert client.post("/data/safe/restore", data={"backup": backup.name}).status_code == 303
    assert [version(app, game_id) for game_id in ids] == [1, 0, 0]


def test_a_missing_database_without_backups_is_a_first_start(tmp_path):
    app = make_app(tmp_path)
    assert app.test_client().get("/").status_code == 200


# --- backups ----------------------------------------------------------------------------


def test_a_backup_is_made_at_start_only_when_something_changed(played):
    app, client, ids = played
    path = database_of(app)
    make_app(path.parent)
    assert len(safety.backups(path)) == 1  # nothing changed since
    tap(client, ids[1], "H")
    make_app(path.parent)
    assert len(safety.backups(path)) == 2


def test_an_empty_database_is_not_backed_up(tmp_path):
    make_app(tmp_path)
    make_app(tmp_path)
    assert safety.backups(tmp_path / "botdeck.sqlite3") == []


def test_backups_follow_changes_and_only_the_newest_are_kept(tmp_path):
    app = make_app(tmp_path, BACKUP_SECONDS=0, BACKUP_KEEP=3)
    client = app.test_client()
    for number in range(5):
        start_game(client, f"Game {number}")
    kept = safety.backups(database_of(app))
    assert len(kept) == 3
    assert kept[0].games == 5 and kept[-1].games == 3


def backed_up(path: Path) -> bool:
    """Whether a backup "if something changed" (as after each change) makes one."""
    return safety.make_backup(path, keep=10, only_if_changed=True) is not None


def test_the_backup_fingerprint_notices_a_device_joining_or_leaving_a_game(played):
    """A partner joins a game while another device leaves one, in the same few minutes:
    as many games in lists as before, yet each changed what a device is given back by a
    restore; so does a watcher who starts playing."""
    app, client, ids = played
    path = database_of(app)
    tablet, partner = client.get_cookie("botdeck_device").value, "partner-device-000001"
    with app.app_context():
        db.insert_device(partner, "Phone", db.now())
        db.join_game(partner, ids[2], "watch", db.now())
    assert backed_up(path) and not backed_up(path)
    with app.app_context():
        db.join_game(partner, ids[0], "play", db.now())
        db.leave_game(tablet, ids[1])
    assert backed_up(path)
    with app.app_context():
        db.join_game(partner, ids[2], "play", db.now())  # it watched: it plays now
    assert backed_up(path) and not backed_up(path)


@pytest.mark.parametrize("ownerless", ["deck", "kept entry"])
def test_the_backup_fingerprint_notices_a_claim_of_a_deck_or_a_kept_entry_alone(
    tmp_path, ownerless
):
    """A claim changes only who owns them: still a change a restore would undo."""
    app = make_app(tmp_path)
    with app.app_context():
        db.insert_device("tablet-device-00000009", "Tablet", db.now())
        if ownerless == "deck":
            db.get_db().execute(
                "INSERT INTO decks (id, bot, name, data, created_at, updated_at, owner) VALUES"
                " ('olddeck00001', 'covenant', 'Old', ?, '2026-01-01', '2026-01-01', NULL)",
                (json.dumps(deck_file()),),
            )
        else:
            db.save_kept("", "deacon", "components:pollution", {"small": 1}, "2026-03-01")
    before = safety.fingerprint(database_of(app))
    with app.app_context():
        assert db.claim("tablet-device-00000009", db.now())
    assert safety.fingerprint(database_of(app)) != before


def test_a_database_holding_only_the_tables_copy_of_the_game_is_backed_up(tmp_path):
    """No game, no deck: the printed parts entered once are all there is, and are kept
    safe as games are (after the change, and at the next start if it changed)."""
    app = make_app(tmp_path, BACKUP_SECONDS=0)
    client = app.test_client()
    entered = {"entry.small": "1", "entry.medium": "2", "entry.large": "4"}
    response = client.post("/library/deacon/copy/part/components:pollution", data=entered)
    response.close()  # as a server does once the answer is sent: the backup runs
    assert response.status_code == 303
    (backup,) = safety.backups(database_of(app))
    with closing(sqlite3.connect(backup.path)) as copy:
        assert copy.execute("SELECT key FROM kept WHERE key LIKE 'components:%'").fetchall() == [
            ("components:pollution",)
        ]
    client.post("/library/deacon/copy/undo").close()  # the copy emptied, its undo list left
    make_app(tmp_path)
    assert len(safety.backups(database_of(app))) == 2


def test_a_claim_takes_every_ownerless_entry(tmp_path):
    """An earlier Botdeck's game, deck, printed parts, board and undo lists: after a
    device adds them to its own, nothing belongs to no device, everything is listed to
    it, and a backup follows the change."""
    old_database(tmp_path / "botdeck.sqlite3", version=2)  # a game and kept costs
    app = make_app(tmp_path)
    client = app.test_client()
    client.get("/")
    device = client.get_cookie("botdeck_device").value
    with app.app_context():
        con = db.get_db()
        con.execute(
            "INSERT INTO decks (id, bot, name, data, created_at, updated_at, owner)"
            " VALUES ('olddeck00001', 'covenant', 'Old cards', ?, '2026-01-01', '2026-01-01',"
            " NULL)",
            (json.dumps(deck_file()),),
        )
        for key, data in (
            ("board:oldboard", {**demo_board(), "name": "Old board", "demo": False}),
            ("board-undo:oldboard", [demo_board()]),
            ("copy:board", {"board": "oldboard"}),
            ("components:pollution", {"small": 1, "medium": 2, "large": 4}),
            ("copy-undo", [[{"key": "components:pollution", "data": None}]]),
        ):
            db.save_kept("", "deacon", key, data, "2026-03-01")
    safety.make_backup(database_of(app), keep=10)
    assert client.post("/claim", data={"next": "/"}).status_code == 303
    with app.app_context():
        con = db.get_db()
        assert con.execute("SELECT COUNT(*) FROM games WHERE owner IS NULL").fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM decks WHERE owner IS NULL").fetchone()[0] == 0
        others = con.execute("SELECT COUNT(*) FROM kept WHERE owner != ?", (device,))
        assert others.fetchone()[0] == 0
        assert not db.unclaimed()
    copy = html.unescape(client.get("/library/deacon/copy").get_data(as_text=True))
    assert "Old board" in copy and "Undo the last change" in copy
    assert "Before the update" in client.get("/").get_data(as_text=True)
    assert "Old cards" in client.get("/library/covenant").get_data(as_text=True)
    assert backed_up(database_of(app))


def test_a_copy_of_the_game_no_device_owns_is_offered_alone_and_its_claim_backed_up(tmp_path):
    """No game or deck of an earlier Botdeck's, only the printed parts and a board of
    its copy of the game: the lobby and the library offer them, the claim takes them,
    and the backups notice it (the owner is all that changed)."""
    app = make_app(tmp_path)
    pollution = {"small": 1, "medium": 2, "large": 4}
    with app.app_context():
        db.save_kept("", "deacon", "components:pollution", pollution, "2026-03-01")
        board = {**demo_board(), "name": "Old board", "demo": False}
        db.save_kept("", "deacon", "board:oldboard", board, "2026-03-01")
    client = app.test_client()
    assert client.post("/device/name", data={"name": "Tablet"}).status_code == 303
    safety.make_backup(database_of(app), keep=10)  # the device stored: a claim is all next
    for page in ("/", "/library/covenant"):
        shown = html.unescape(client.get(page).get_data(as_text=True))
        assert "Printed parts and boards of a copy of the game were stored before" in shown
        assert "Add them to this device" in shown
    assert client.post("/claim", data={"next": "/"}).status_code == 303
    device = client.get_cookie("botdeck_device").value
    with app.app_context():
        assert db.find_kept(device, "deacon", "components:pollution") == pollution
        assert not db.unclaimed()
    assert "From an earlier Botdeck" not in client.get("/").get_data(as_text=True)
    assert "Old board" in client.get("/library/deacon/copy").get_data(as_text=True)
    assert backed_up(database_of(app))


def test_restoring_a_backup_brings_every_game_back_and_can_itself_be_undone(played):
    app, client, ids = played
    later = start_game(client, "After the backup")
    tap(client, ids[1], "H")
    stream_epoch = live.epoch()
    (backup,) = safety.backups(database_of(app))
    confirm = client.get(f"/data/backups/{backup.name}/restore")
    assert "Restore the backup from" in confirm.get_data(as_text=True)
    response = client.post(f"/data/backups/{backup.name}/restore")
    assert response.status_code == 303
    assert "Restored: every game" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert version(app, later) is None and version(app, ids[1]) == 0
    assert version(app, ids[0]) == 1
    assert live.epoch() == stream_epoch + 1  # open pages reload
    assert "After the backup" not in client.get("/").get_data(as_text=True)
    # what was here before the restore was backed up first: restore that one
    before_restore = safety.backups(database_of(app))[0]
    assert before_restore.games == 4
    client.post(f"/data/backups/{before_restore.name}/restore")
    assert version(app, later) == 0 and version(app, ids[1]) == 1


def test_the_oldest_backup_restored_right_after_another_restore_is_what_comes_back(tmp_path):
    """A restore keeps one backup more (what was there before it) until the next backup:
    a second restore at once, of the oldest then listed, is not pruned by its own
    backup of what is there now (it was: a server error, 'unable to open database
    file', and nothing restored)."""
    app = make_app(tmp_path, BACKUP_KEEP=3)
    client = app.test_client()
    for number in range(3):  # backups holding 1, 2, 3 games
        start_game(client, f"Game {number}")
        assert client.post("/data/backup").status_code == 303
    newest = safety.backups(database_of(app))[0]
    assert client.post(f"/data/backups/{newest.name}/restore").status_code == 303
    listed = safety.backups(database_of(app))
    assert len(listed) == 4 and listed[-1].games == 1
    response = client.post(f"/data/backups/{listed[-1].name}/restore")
    assert response.status_code == 303
    assert f"restored={listed[-1].name}" in response.headers["Location"]
    with app.app_context():  # the one game of the oldest backup
        assert db.get_db().execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    kept = safety.backups(database_of(app))
    assert len(kept) == 4 and listed[-1].name in [backup.name for backup in kept]


def test_a_restored_backup_gives_this_device_back_the_name_it_had_then(played):
    """After each restore a device shows the name the backup holds, not one read before."""
    app, client, _ = played
    (backup,) = safety.backups(database_of(app))
    for renamed in ("Kitchen tablet", "Hall phone"):
        client.post("/device/name", data={"name": renamed})
        assert f'<span class="label">{renamed}</span>' in client.get("/").get_data(as_text=True)
        client.post(f"/data/backups/{backup.name}/restore")
        lobby = client.get("/").get_data(as_text=True)
        assert '<span class="label">Computer</span>' in lobby
        assert renamed not in lobby


def test_only_a_backup_in_the_backups_folder_can_be_restored(played):
    app, client, _ = played
    for name in ("..%2Fbotdeck.sqlite3", "botdeck.sqlite3", "botdeck-20260101-000000.sqlite3"):
        assert client.post(f"/data/backups/{name}/restore").status_code == 404


@pytest.mark.parametrize("moment", ["before it is measured", "before it is opened"])
def test_a_backup_taken_away_while_the_list_is_read_is_left_out(played, monkeypatch, moment):
    """By hand, or by another program: the list shows what is there, never a 500."""
    app, client, _ = played
    path = database_of(app)
    safety.make_backup(path, keep=10)
    newest, victim = safety.backups(path)
    taken: list[Path] = []

    def take_it_away() -> None:
        if not taken:
            victim.path.unlink()
            taken.append(victim.path)

    if moment == "before it is measured":
        read_folder = Path.iterdir

        def iterdir(self):
            found = list(read_folder(self))
            if self == victim.path.parent:
                take_it_away()
            return iter(found)

        monkeypatch.setattr(Path, "iterdir", iterdir)
    else:
        measure = Path.stat

        def stat(self, **options):
            measured = measure(self, **options)
            if self == victim.path:
                take_it_away()
            return measured

        monkeypatch.setattr(Path, "stat", stat)
    page = client.get("/data")
    assert taken == [victim.path]
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert newest.name in text and victim.name not in text and "cannot be read" not in text


def test_backups_asked_while_one_is_copied_share_the_next_copy(played, monkeypatch):
    """Five devices tapping *Back up now* while a copy runs get one copy, made after they
    asked (with the game started just before), instead of five pushing older backups out."""
    app, client, _ = played
    path = database_of(app)
    copying, go_on = threading.Event(), threading.Event()
    read_only = safety._read_only

    class HeldCopy(sqlite3.Connection):
        def backup(self, target, **options):
            super().backup(target, **options)
            copying.set()
            go_on.wait(timeout=30)

    def held_read_only(source: Path) -> sqlite3.Connection:
        if source == path and not copying.is_set():
            return sqlite3.connect(f"file:{source}?mode=ro", uri=True, factory=HeldCopy)
        return read_only(source)

    monkeypatch.setattr(safety, "_read_only", held_read_only)
    waiting: list[int] = []  # askers waiting for the copy they share (all but its leader)

    class Awaited(threading.Event):
        def wait(self, timeout: float | None = None) -> bool:
            waiting.append(1)
            return super().wait(timeout)

    @dataclass
    class CountedTurn(safety._Turn):
        done: threading.Event = field(default_factory=Awaited)

    monkeypatch.setattr(safety, "_Turn", CountedTurn)
    running = threading.Thread(target=safety.make_backup, args=(path,), kwargs={"keep": 10})
    running.start()
    assert copying.wait(timeout=30)
    start_game(client, "Started during the copy")  # the running copy has read without it
    made: list[Path | None] = []
    asked = threading.Semaphore(0)

    def back_up_now() -> None:
        asked.release()
        made.append(safety.make_backup(path, keep=10))

    asking = [threading.Thread(target=back_up_now) for _ in range(5)]
    for device in asking:
        device.start()
    for _ in asking:
        assert asked.acquire(timeout=30)
    # all five in line for the next copy: its leader at the running copy, four behind
    wait_until(lambda: len(waiting) == 4, within=10, what="four askers waiting")
    go_on.set()
    for thread in (running, *asking):
        thread.join(timeout=30)
    shared, held, first = safety.backups(path)
    assert made == [shared.path] * 5
    assert (shared.games, held.games, first.games) == (4, 3, 3)


KILLED_MID_COPY = """
import os, signal, sqlite3, sys
from pathlib import Path
from webapp.storage import safety

class KilledMidCopy(sqlite3.Connection):
    def backup(self, target, **options):
        kill = lambda *progress: os.kill(os.getpid(), signal.SIGKILL)
        super().backup(target, pages=1, progress=kill)

def read_only(path):
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, factory=KilledMidCopy)

safety._read_only = read_only
safety.make_backup(Path(sys.argv[1]), keep=10)
"""


def test_a_backup_killed_half_way_leaves_nothing_after_the_next_start(played):
    """The server killed while it copied: the half-made copy and its journal go at the
    next start; files that are not Botdeck's stay, even with a look-alike name."""
    app, client, _ = played
    path = database_of(app)
    (backup,) = safety.backups(path)
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_MID_COPY, str(path)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert killed.returncode == -signal.SIGKILL
    folder = safety.backup_dir(path)
    half_made = sorted(p.name for p in folder.iterdir() if ".partial" in p.name)
    assert [name.rsplit(".", 1)[1] for name in half_made] == ["partial", "partial-journal"]
    not_botdecks = [
        folder / "notes.txt",
        folder / "mine.sqlite3.partial",
        folder / "botdeck-copy.sqlite3.partial",
        folder / "botdeck-20260101-000000-000000.sqlite3.bak",
        folder / "botdeck-20260101-000000.sqlite3-journal",
        path.with_name("games.sqlite3.partial"),
    ]
    for other in not_botdecks:
        other.write_text("not Botdeck's")
    left_by_botdeck = [
        folder / "botdeck-20260101-000000-000000.sqlite3-wal",  # of a backup removed since
        path.with_name(path.name + ".partial"),  # a restore in safe mode, killed
    ]
    for left in left_by_botdeck:
        left.write_bytes(b"")
    make_app(path.parent)
    assert sorted(folder.iterdir()) == sorted([backup.path, *not_botdecks[:-1]])
    assert all(other.read_text() == "not Botdeck's" for other in not_botdecks)
    assert not any(left.exists() for left in left_by_botdeck)
    page = client.get("/data").get_data(as_text=True)
    assert backup.name in page and ".partial" not in page


# --- everything of a device, as one file ---------------------------------------------


def test_all_games_exported_as_one_file_come_back_on_another_computer(played, tmp_path):
    app, client, ids = played
    client.post("/library/covenant/new", data={"name": "My cards"})
    exported = client.get("/data/export")
    assert exported.status_code == 200
    data = json.loads(exported.data)
    assert data["format"] == "botdeck-collection" and len(data["games"]) == 3
    other = make_app(tmp_path / "other")
    newcomer = other.test_client()
    upload = {"file": (io.BytesIO(exported.data), "all.json")}
    response = newcomer.post("/data/import", data=upload)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 200
    assert "3 games brought back" in page and "1 deck brought back" in page
    assert [version(other, game_id) for game_id in ids] == [1, 0, 0]  # the same links
    assert "My cards" in newcomer.get("/library/covenant").get_data(as_text=True)
    again = newcomer.post("/data/import", data={"file": (io.BytesIO(exported.data), "a.json")})
    assert "3 were already here" in again.get_data(as_text=True)


def test_a_collection_with_one_bad_game_is_refused_whole(played, tmp_path):
    _, client, _ = played
    data = json.loads(client.get("/data/export").data)
    data["games"][1]["actions"] = [{"answer": "nowhere"}]
    other = make_app(tmp_path / "other")
    response = other.test_client().post(
        "/data/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "all.json")}
    )
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert re.search(r"its game 2 \(“Game \d”\): its action 1 cannot be taken", text)
    with other.app_context():
        assert db.get_db().execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def failing_from(database: Path, table: str, row: int) -> None:
    """Every insert into `table` from its `row`-th row on fails, as a full disk would."""
    with closing(sqlite3.connect(database)) as con:
        con.execute(
            f"CREATE TRIGGER full_disk_{table} BEFORE INSERT ON {table}"
            f" WHEN (SELECT COUNT(*) FROM {table}) >= {row - 1}"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
        con.commit()


def stored_rows(app) -> dict[str, int]:
    with app.app_context():
        con = db.get_db()
        tables = ("games", "events", "device_games", "decks")
        return {t: con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in tables}


@pytest.mark.parametrize(
    ("table", "row"),
    [("games", 3), ("device_games", 2), ("decks", 1)],
    ids=["the third game", "the second game's place in the list", "its deck, after the games"],
)
def test_a_collection_import_failing_half_way_stores_nothing(played, tmp_path, table, row):
    """Games were stored one transaction each: a failure at the third left two of them."""
    _, client, _ = played
    client.post("/library/covenant/new", data={"name": "My cards"})
    exported = client.get("/data/export").data
    other = make_app(tmp_path / "other")
    newcomer = other.test_client()
    newcomer.post("/device/name", data={"name": "Tablet"})  # the device is stored first
    before = stored_rows(other)
    failing_from(database_of(other), table, before[table] + row)
    response = newcomer.post("/data/import", data={"file": (io.BytesIO(exported), "all.json")})
    assert response.status_code >= 500  # the failure is the server's: no answer to act on
    assert stored_rows(other) == before


def test_a_collection_import_on_a_disk_that_fills_half_way_stores_nothing(tmp_path):
    """Its games were stored one by one until the disk was full, and stayed stored."""
    from .web.test_durability import collection_file

    app = make_app(tmp_path)
    client = app.test_client()
    client.post("/device/name", data={"name": "Tablet"})  # the device is stored first
    before = stored_rows(app)
    with app.app_context():
        connection = db.get_db()  # the one the test client's requests use (this thread's)
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages + 60}")  # a few games' worth
    upload = {"file": (io.BytesIO(collection_file(40)), "all.json")}
    response = client.post("/data/import", data=upload)
    assert response.status_code == 503, response.get_data(as_text=True)
    assert "disk of the Botdeck computer is full" in html.unescape(response.get_data(as_text=True))
    assert stored_rows(app) == before


def test_a_watcher_exports_no_game_it_only_watches(played):
    app, client, ids = played
    with app.app_context():
        watch_id = db.find_game(ids[0]).watch_id
    watcher = app.test_client()
    watcher.get(f"/w/{watch_id}")
    assert json.loads(watcher.get("/data/export").data)["games"] == []


def test_a_game_deleted_while_the_collection_is_made_is_left_out(played, monkeypatch):
    """Another device deleting a game between the listing and its export answered 500
    (the server fuzz found it): the collection is as if made a moment later."""
    from webapp.service import games

    app, client, ids = played
    export_game = games.export_game

    def deleted_meanwhile(game_id: str):
        if game_id == ids[1]:
            owner = db.find_game(game_id).owner  # its starting device, on another thread
            games.delete_game(game_id, owner)
        return export_game(game_id)

    monkeypatch.setattr(games, "export_game", deleted_meanwhile)
    exported = client.get("/data/export")
    assert exported.status_code == 200
    assert sorted(game["id"] for game in json.loads(exported.data)["games"]) == sorted(
        [ids[0], ids[2]]
    )


def test_the_upgrade_refuses_a_newer_database_naming_its_version_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """`db.upgrade` itself (the page's refusal is tested above, where the safety check
    finds it first): reading what a newer Botdeck wrote could lose what it holds."""
    path = tmp_path / "botdeck.sqlite3"
    newer = db.SCHEMA_VERSION + 1

    def held() -> tuple[int, list[tuple[str, str]]]:
        con = sqlite3.connect(path)
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            tables = con.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
            return version, tables
        finally:
            con.close()

    con = sqlite3.connect(path)
    con.execute("CREATE TABLE plays_of_the_future (id TEXT)")
    con.execute(f"PRAGMA user_version = {newer}")
    con.commit()
    con.close()
    before = held()
    with pytest.raises(db.DatabaseTooNew) as refused:
        db.upgrade(path)
    assert refused.value.version == newer and refused.value.args == (newer,)
    db.release(path)
    assert held() == before


def test_a_deck_that_is_not_stored_is_not_found(tmp_path):
    with make_app(tmp_path).app_context():
        assert db.find_deck("no-such-deck-01") is None


def test_the_names_of_a_devices_games_are_read_alone(tmp_path):
    """A new game's default name takes the next free one: the names only, not every
    game's options and deck (with many games, the start of one waited on them)."""
    app = make_app(tmp_path)
    with app.app_context():
        device, other, now = "tablet-device-00000004", "phone-device-000000005", db.now()
        db.insert_device(device, "Tablet", now)
        db.insert_device(other, "Phone", now)
        for n, owner in enumerate((device, device, other)):
            game_id = f"names-game-{n:010d}"
            db.insert_game(
                game_id,
                watch_id=f"names-watch-{n:09d}",
                deck_id=None,
                device=owner,
                name=f"Game {n}",
                bot="covenant",
                options={},
                seed=1,
                deck={},
                summary={},
                now=now,
            )
        assert db.game_names(device) == {"Game 0", "Game 1"}
        assert db.game_names(other) == {"Game 2"}
        assert db.game_names("nobody-device-00000009") == set()


def test_a_device_no_longer_among_those_kept_in_memory_can_still_be_renamed(tmp_path, monkeypatch):
    """The devices kept in memory are only a shortcut: renaming one that fell out of
    them renames it, and it is read with its new name."""
    monkeypatch.setattr(db, "DEVICES_KEPT", 1)
    app = make_app(tmp_path)
    with app.app_context():
        tablet, now = "tablet-device-00000006", db.now()
        db.insert_device(tablet, "Tablet", now)
        db.insert_device("phone-device-000000007", "Phone", now)  # the one kept now
        db.rename_device(tablet, "Kitchen tablet")
        assert db.find_device(tablet) == db.Device(tablet, "Kitchen tablet", named=True)


def test_the_devices_kept_in_memory_are_the_latest_used_and_no_more(tmp_path, monkeypatch):
    """A device is known from its cookie without a query while it is among the
    DEVICES_KEPT used last; the least recently used goes out first, and only once there
    are more than that."""
    monkeypatch.setattr(db, "DEVICES_KEPT", 2)
    app = make_app(tmp_path)
    ids = [f"kept-device-00000000{n}" for n in range(3)]
    with app.app_context():
        for n, device in enumerate(ids):
            db.insert_device(device, f"Device {n}", db.now())
        db._devices.clear()
        statements: list[str] = []
        db.get_db().set_trace_callback(statements.append)
        try:
            db.find_device(ids[0])
            db.find_device(ids[1])  # two kept: both held
            assert [key[2] for key in db._devices] == ids[:2]
            db.find_device(ids[0])  # used again: now the latest
            db.find_device(ids[2])  # a third: the least recently used goes
            assert [key[2] for key in db._devices] == [ids[0], ids[2]]
            statements.clear()
            assert db.find_device(ids[2]).name == "Device 2"
            assert db.find_device(ids[0]).name == "Device 0"
            assert statements == []  # both from memory
            assert db.find_device(ids[1]).name == "Device 1"
            assert len(statements) == 1  # read again
        finally:
            db.get_db().set_trace_callback(None)


# --- the connection ------------------------------------------------------------------


def test_a_connection_waits_busy_seconds_for_another_writer_before_it_gives_up(tmp_path):
    """A statement waits BUSY_SECONDS for another program's lock before "database is
    locked" (a write counts its wait for this process's writer lock in them too: see
    tests/test_circumstances.py)."""
    con = db.connect(tmp_path / "botdeck.sqlite3")
    try:
        assert con.execute("PRAGMA busy_timeout").fetchone()[0] == db.BUSY_SECONDS * 1000
    finally:
        con.close()


def test_a_tap_logged_under_its_devices_id_reads_its_name_once_upgraded(tmp_path):
    """Version 6 logged a part the table's copy answered as a game started under the
    device's id, which the History showed to anyone with the game's link: upgraded, the
    device's name; a name that is no device's id is left as it was."""
    app = make_app(tmp_path)
    client = app.test_client()
    game_id = start_game(client, "Before the update")
    device_id = client.get_cookie("botdeck_device").value
    with app.app_context():
        games.act(game_id, 0, Corrected("coins", 4), device="Tablet 2")
        games.act(game_id, 1, Corrected("coins", 5), device="Tablet 2")
        name = db.find_device(device_id).name
    path = database_of(app)
    db.release(path)  # the earlier Botdeck stops
    con = sqlite3.connect(path)
    con.execute("UPDATE events SET device = ? WHERE seq = 1", (device_id,))
    con.execute("PRAGMA user_version = 6")
    con.commit()
    con.close()
    app = make_app(tmp_path)
    app.test_client().get("/")  # started: upgraded
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 7
    assert con.execute("SELECT device FROM events ORDER BY seq").fetchall() == [
        (name,),
        ("Tablet 2",),
    ]
    con.close()


def test_a_database_upgraded_runs_only_the_migrations_after_its_version(tmp_path):
    """Migration n takes version n to n + 1: a database at version 6 is not counted again
    by migration 6, which knew only one-action undos — its "Undo back to here" (three
    actions taken back in one event) keeps what it left in effect."""
    app = make_app(tmp_path)
    client = app.test_client()
    game_id = start_game(client, "Before the update")
    with app.app_context():
        for value in (1, 2, 3, 4):
            games.act(
                game_id,
                db.find_game(game_id).version,
                Corrected("coins", value),
            )
        first = db.events(game_id)[0]
        games.undo_back_to(game_id, db.find_game(game_id).version, first.seq, "Tablet")
        expected = [event.in_effect for event in db.events(game_id)]
    assert expected == [1, 2, 3, 4, 1]
    path = database_of(app)
    db.release(path)  # the earlier Botdeck stops
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 6")
    con.commit()
    con.close()
    make_app(tmp_path).test_client().get("/")  # started: upgraded
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 7
    assert [row[0] for row in con.execute("SELECT in_effect FROM events ORDER BY seq")] == expected
    con.close()


def test_a_database_file_put_in_place_is_read_by_every_thread_after_its_release(tmp_path):
    """A connection is kept per thread; once the file is another one (safe mode puts a
    backup in its place) and released, every worker thread reads the new file at its next
    use, not the one set aside through the connection it kept."""
    app = make_app(tmp_path)
    database = Path(app.config["DATABASE"])
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Before", seed=1)
    replacement = tmp_path / "replacement.sqlite3"
    with (
        closing(sqlite3.connect(database)) as source,
        closing(sqlite3.connect(replacement)) as copy,
    ):
        source.backup(copy)
        copy.execute("UPDATE games SET name = 'Put in place' WHERE id = ?", (game_id,))
        copy.commit()

    def name_read_by_the_worker() -> str:
        with app.app_context():
            row = db.find_game(game_id)
            assert row is not None
            return row.name

    with ThreadPoolExecutor(max_workers=1) as worker:  # one thread, its connection kept
        assert worker.submit(name_read_by_the_worker).result() == "Before"
        assert safety.restore_file(database, replacement)
        db.release(database)
        assert worker.submit(name_read_by_the_worker).result() == "Put in place"


def test_the_time_stamped_on_what_is_stored_is_utc_whatever_the_servers_zone(monkeypatch):
    """Stored times are read back as UTC (the History's dates, the BG Stats play): one
    stamped in the server's own zone would be read hours off."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        stamp = datetime.fromisoformat(db.now())
        assert stamp.utcoffset() == timedelta(0)
        assert abs(stamp - datetime.now(UTC)) < timedelta(minutes=1)
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_transaction_left_open_by_a_request_is_rolled_back_at_its_end(tmp_path):
    """The thread's connection is kept for its next request: one still in a transaction
    would hold SQLite's write lock (every other writer waiting) and carry a half-done
    change into it. The end of a request rolls it back."""
    app = make_app(tmp_path)
    with app.app_context():
        connection = db.get_db()
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO devices (id, name, created_at) VALUES ('x', 'x', 'x')")
    assert not connection.in_transaction
    with app.app_context():
        assert db.find_device("x") is None


def test_the_store_works_on_the_database_its_context_binds(tmp_path):
    """Outside every app context and `bound(path)` the store says what it lacks; within
    them it works on that file, and the binding ends with the block."""
    with pytest.raises(
        RuntimeError, match=r"^no database bound: within bound\(path\), or an app context$"
    ):
        db.database()
    first, second = tmp_path / "one.sqlite3", tmp_path / "two.sqlite3"
    with db.bound(first):
        assert db.database() == str(first)
        with db.bound(second):
            assert db.database() == str(second)
        assert db.database() == str(first)
    with pytest.raises(RuntimeError, match="^no database bound"):
        db.database()


def test_each_app_context_works_on_its_apps_database(tmp_path):
    one = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "one")})
    two = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "two")})
    with one.app_context():
        assert db.database() == one.config["DATABASE"]
        with two.app_context():
            assert db.database() == two.config["DATABASE"]
        assert db.database() == one.config["DATABASE"]
