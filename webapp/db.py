"""All SQL in one place: games and their append-only event log (SQLite, WAL)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g


class StaleVersion(Exception):
    """The game changed since the client saw it; nothing was written."""


@dataclass(frozen=True)
class GameRow:
    id: str
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


def init_app(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    try:
        db.executescript(resources.files("webapp").joinpath("schema.sql").read_text("utf-8"))
    finally:
        db.close()
    app.teardown_appcontext(close_db)


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        row["id"],
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
    name: str,
    bot: str,
    options: dict[str, Any],
    seed: int,
    deck: dict[str, Any],
    summary: dict[str, Any],
    now: str,
    events: list[tuple[str, dict[str, Any] | None, dict[str, Any]]] = (),  # type: ignore[assignment]
) -> None:
    """A new game, with the events of an imported one if any, in one transaction."""
    db = get_db()
    with _transaction(db):
        db.execute(
            "INSERT INTO games (id, name, bot, options, seed, deck, version, summary,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
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


def list_games() -> list[GameRow]:
    rows = get_db().execute("SELECT * FROM games ORDER BY updated_at DESC, created_at DESC")
    return [_game(row) for row in rows]


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
