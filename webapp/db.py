"""All SQL in one place: games and their append-only event log (SQLite, WAL)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g


def now() -> str:
    """The time stamped on what is stored: UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class StaleVersion(Exception):
    """The game changed since the client saw it; nothing was written."""


@dataclass(frozen=True)
class GameRow:
    id: str
    watch_id: str
    deck_id: str | None
    name: str
    bot: str
    options: dict[str, Any]
    seed: int
    deck: dict[str, Any]
    version: int
    summary: dict[str, Any]
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str
    action: dict[str, Any] | None
    summary: dict[str, Any]
    device: str
    created_at: str


def connect(path: str | Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode = WAL")
    # FULL: a committed tap survives a power cut too, not only a killed process.
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db  # type: ignore[no-any-return]


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


# Changes to a database made by an earlier Botdeck, in order; schema.sql is the
# latest shape, for new databases.
MIGRATIONS = [
    # 1: sharing — a watch-only secret per game, devices and the games they joined
    "ALTER TABLE games ADD COLUMN watch_id TEXT",
    # 2: the card library — the deck a physical-deck game learns into
    "ALTER TABLE games ADD COLUMN deck_id TEXT",
]
SCHEMA_VERSION = len(MIGRATIONS)


def init_app(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        existing = db.execute(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'"
        ).fetchone()[0]
        if existing:
            for statement in MIGRATIONS[version:]:
                db.execute(statement)
        db.executescript(resources.files("webapp").joinpath("schema.sql").read_text("utf-8"))
        db.execute("UPDATE games SET watch_id = lower(hex(randomblob(16))) WHERE watch_id IS NULL")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    finally:
        db.close()
    app.teardown_appcontext(close_db)


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        row["id"],
        row["watch_id"],
        row["deck_id"],
        row["name"],
        row["bot"],
        json.loads(row["options"]),
        row["seed"],
        json.loads(row["deck"]),
        row["version"],
        json.loads(row["summary"]),
        row["created_at"],
        row["updated_at"],
    )


def insert_game(
    game_id: str,
    *,
    watch_id: str,
    deck_id: str | None = None,
    name: str,
    bot: str,
    options: dict[str, Any],
    seed: int,
    deck: dict[str, Any],
    summary: dict[str, Any],
    now: str,
    events: list[tuple[str, dict[str, Any] | None, dict[str, Any]]] = (),  # type: ignore[assignment]
    device: str | None = None,
) -> None:
    """A new game (with an imported one's events), joined by the device that made it."""
    db = get_db()
    with _transaction(db):
        db.execute(
            "INSERT INTO games (id, watch_id, deck_id, name, bot, options, seed, deck, version,"
            " summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                watch_id,
                deck_id,
                name,
                bot,
                json.dumps(options),
                seed,
                json.dumps(deck),
                len(events),
                json.dumps(summary),
                now,
                now,
            ),
        )
        db.executemany(
            "INSERT INTO events (game_id, seq, kind, action, summary, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    seq,
                    kind,
                    None if action is None else json.dumps(action),
                    json.dumps(text),
                    now,
                )
                for seq, (kind, action, text) in enumerate(events, start=1)
            ],
        )
        if device is not None:
            db.execute(
                "INSERT INTO device_games (device_id, game_id, role, joined_at)"
                " VALUES (?, ?, 'play', ?)",
                (device, game_id, now),
            )


def find_game(game_id: str) -> GameRow | None:
    row = get_db().execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else _game(row)


def game_head(game_id: str) -> tuple[str, int, str] | None:
    """(name, version, updated_at): enough to tell whether a cached game is current."""
    row = (
        get_db()
        .execute("SELECT name, version, updated_at FROM games WHERE id = ?", (game_id,))
        .fetchone()
    )
    return None if row is None else (row[0], int(row[1]), row[2])


def find_game_by_watch_id(watch_id: str) -> GameRow | None:
    row = get_db().execute("SELECT * FROM games WHERE watch_id = ?", (watch_id,)).fetchone()
    return None if row is None else _game(row)


def list_games(device: str) -> list[tuple[GameRow, str]]:
    """The games this device started or joined, with its role, most recent first."""
    rows = get_db().execute(
        "SELECT games.*, device_games.role FROM games"
        " JOIN device_games ON device_games.game_id = games.id AND device_games.device_id = ?"
        " ORDER BY games.updated_at DESC, games.created_at DESC",
        (device,),
    )
    return [(_game(row), row["role"]) for row in rows]


# --- devices ------------------------------------------------------------------------


@dataclass(frozen=True)
class Device:
    id: str
    name: str
    named: bool


def find_device(device_id: str) -> Device | None:
    row = get_db().execute("SELECT id, name, named FROM devices WHERE id = ?", (device_id,))
    found = row.fetchone()
    return None if found is None else Device(found["id"], found["name"], bool(found["named"]))


def device_names() -> set[str]:
    return {row[0] for row in get_db().execute("SELECT name FROM devices")}


def insert_device(device_id: str, name: str, now: str) -> Device:
    get_db().execute(
        "INSERT OR IGNORE INTO devices (id, name, named, created_at) VALUES (?, ?, 0, ?)",
        (device_id, name, now),
    )
    found = find_device(device_id)
    assert found is not None
    return found


def rename_device(device_id: str, name: str) -> None:
    get_db().execute("UPDATE devices SET name = ?, named = 1 WHERE id = ?", (name, device_id))


def join_game(device_id: str, game_id: str, role: str, now: str) -> None:
    """Remember that this device has the game's link; playing beats watching."""
    get_db().execute(
        "INSERT INTO device_games (device_id, game_id, role, joined_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (device_id, game_id) DO UPDATE SET role = 'play'"
        " WHERE excluded.role = 'play'",
        (device_id, game_id, role, now),
    )


def rename_game(game_id: str, name: str) -> bool:
    cursor = get_db().execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id))
    return cursor.rowcount == 1


def delete_game(game_id: str) -> bool:
    cursor = get_db().execute("DELETE FROM games WHERE id = ?", (game_id,))
    return cursor.rowcount == 1


def events(game_id: str) -> list[Event]:
    rows = get_db().execute(
        "SELECT seq, kind, action, summary, device, created_at FROM events"
        " WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [
        Event(
            r["seq"],
            r["kind"],
            None if r["action"] is None else json.loads(r["action"]),
            json.loads(r["summary"]),
            r["device"],
            r["created_at"],
        )
        for r in rows
    ]


def append_event(
    game_id: str,
    *,
    expected_version: int,
    kind: str,
    action: dict[str, Any] | None,
    summary: dict[str, Any],
    game_summary: dict[str, Any],
    device: str,
    now: str,
) -> int:
    """Append one event if the game is still at `expected_version`; returns the new one.

    Committed before returning: once this returns, the tap is on disk.
    """
    db = get_db()
    with _transaction(db):
        row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] != expected_version:
            raise StaleVersion(game_id)
        version = expected_version + 1
        db.execute(
            "INSERT INTO events (game_id, seq, kind, action, summary, device, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                version,
                kind,
                None if action is None else json.dumps(action),
                json.dumps(summary),
                device,
                now,
            ),
        )
        db.execute(
            "UPDATE games SET version = ?, summary = ?, updated_at = ? WHERE id = ?",
            (version, json.dumps(game_summary), now, game_id),
        )
    return version


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back on any error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


# --- the card library -----------------------------------------------------------------


@dataclass(frozen=True)
class DeckRow:
    id: str
    bot: str
    name: str
    data: dict[str, Any]
    updated_at: str


def _deck(row: sqlite3.Row) -> DeckRow:
    return DeckRow(row["id"], row["bot"], row["name"], json.loads(row["data"]), row["updated_at"])


def list_decks(bot: str) -> list[DeckRow]:
    rows = get_db().execute(
        "SELECT * FROM decks WHERE bot = ? ORDER BY name COLLATE NOCASE, created_at", (bot,)
    )
    return [_deck(row) for row in rows]


def find_deck(deck_id: str) -> DeckRow | None:
    row = get_db().execute("SELECT * FROM decks WHERE id = ?", (deck_id,)).fetchone()
    return None if row is None else _deck(row)


def insert_deck(deck_id: str, *, bot: str, name: str, data: dict[str, Any], now: str) -> None:
    get_db().execute(
        "INSERT INTO decks (id, bot, name, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        (deck_id, bot, name, json.dumps(data), now, now),
    )


def save_deck(deck_id: str, *, name: str, data: dict[str, Any], now: str) -> None:
    get_db().execute(
        "UPDATE decks SET name = ?, data = ?, updated_at = ? WHERE id = ?",
        (name, json.dumps(data), now, deck_id),
    )


def delete_deck(deck_id: str) -> None:
    get_db().execute("DELETE FROM decks WHERE id = ?", (deck_id,))


# --- kept entries ---------------------------------------------------------------------


def find_kept(bot: str, key: str) -> Any:
    row = get_db().execute("SELECT data FROM kept WHERE bot = ? AND key = ?", (bot, key))
    found = row.fetchone()
    return None if found is None else json.loads(found[0])


def save_kept(bot: str, key: str, data: Any, now: str) -> None:
    get_db().execute(
        "INSERT INTO kept (bot, key, data, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (bot, key) DO UPDATE SET data = excluded.data,"
        " updated_at = excluded.updated_at",
        (bot, key, json.dumps(data), now),
    )
