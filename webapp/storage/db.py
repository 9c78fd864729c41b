"""All SQL in one place: games and their append-only event log (SQLite, WAL)."""

from __future__ import annotations

import itertools
import json
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import orjson


def now() -> str:
    """The time stamped on what is stored: UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class StaleVersion(Exception):
    """The game changed since the client saw it; nothing was written."""


class DatabaseBusy(Exception):
    """The database stayed locked for BUSY_SECONDS (another program holds it, or a long
    write of this server's is under way); nothing was written."""


# What a write waits at most for the database, counted from when it asks: this process's
# writer lock and SQLite's own lock together. Another program holding the file (a backup
# or sync tool, a database browser) gets a tap refused within seconds, and the taps
# waiting meanwhile each wait their own two seconds, never one after the other's.
BUSY_SECONDS = 2.0


@dataclass(frozen=True)
class GameRow:
    id: str
    watch_id: str
    deck_id: str | None
    name: str
    bot: str
    options: dict[str, Any]
    seed: int
    # its deck as stored (JSON): read when the game is built again (`deck`), and kept
    # meanwhile as text, a seventh of its size read (an open game has its own copy)
    stored_deck: str
    version: int
    summary: dict[str, Any]
    created_at: str
    updated_at: str
    owner: str | None = None
    deleted_at: str | None = None  # when its owner deleted it (None: it is not deleted)

    @property
    def deck(self) -> dict[str, Any]:
        """The deck the game was started with, read afresh (the caller's own copy)."""
        deck: dict[str, Any] = orjson.loads(self.stored_deck)
        return deck


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str
    action: dict[str, Any] | None
    summary: dict[str, Any]
    device: str
    created_at: str
    in_effect: int = 0  # actions in effect once it is applied (see schema.sql)
    turn: dict[str, Any] | None = None  # the turn's title, a message (None: not stored)


@dataclass(frozen=True)
class NewEvent:
    """An event to store: its kind, action (for kind "action"), words, the actions in
    effect once it is applied, and the title of its turn."""

    kind: str
    action: dict[str, Any] | None
    summary: dict[str, Any]
    in_effect: int
    turn: dict[str, Any] | None = None


class Connection(sqlite3.Connection):
    """A connection that knows the database file it was opened on (for its writer lock),
    and how deep in `_transaction`s it is (a transaction inside another is a savepoint)."""

    path = ""
    depth = 0


def connect(path: str | Path) -> sqlite3.Connection:
    db = sqlite3.connect(
        path,
        timeout=BUSY_SECONDS,
        isolation_level=None,
        check_same_thread=False,
        factory=Connection,
    )
    db.path = str(path)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode = WAL")
    # FULL: a committed tap survives a power cut too, not only a killed process.
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


class _ThreadConnections(threading.local):
    """This thread's open connections, by database path, least recently used first."""

    def __init__(self) -> None:
        self.open: OrderedDict[str, tuple[int, sqlite3.Connection]] = OrderedDict()


_connections = _ThreadConnections()
# A database's generation moves when its file is replaced (safe mode's restore): every
# thread then opens it again instead of reading the file that was set aside.
_generations: dict[str, int] = {}
_write_locks: dict[str, threading.RLock] = {}
_write_locks_guard = threading.Lock()
KEPT_PER_THREAD = 4  # databases one thread keeps open (the app uses one; tests many)


# The database file this context works on. The web app binds its own for each request
# and each `app.app_context()` (web/app.py); a tool binds one with `bound(path)`.
_database: ContextVar[str | None] = ContextVar("botdeck_database", default=None)


def bind(path: str | Path) -> Token[str | None]:
    """Work on the database at `path` in this context, until `unbind` with the token."""
    return _database.set(str(path))


def unbind(token: Token[str | None]) -> None:
    _database.reset(token)


@contextmanager
def bound(path: str | Path) -> Iterator[None]:
    """Work on the database at `path` within the block."""
    token = bind(path)
    try:
        yield
    finally:
        unbind(token)


def database() -> str:
    """The path of the database this context works on."""
    path = _database.get()
    if path is None:
        # internal: a caller outside any app context and `bound(path)`
        raise RuntimeError("no database bound: within bound(path), or an app context")
    return path


def get_db() -> sqlite3.Connection:
    """This thread's connection to the bound database, opened once and reused: no
    connection, PRAGMAs or WAL checkpoint per request."""
    path = database()
    generation = _generations.get(path, 0)
    kept = _connections.open.get(path)
    if kept is not None and kept[0] == generation:
        _connections.open.move_to_end(path)
        return kept[1]
    if kept is not None:
        kept[1].close()
    connection = connect(path)
    _connections.open[path] = (generation, connection)
    _connections.open.move_to_end(path)
    while len(_connections.open) > KEPT_PER_THREAD:
        _, (_, oldest) = _connections.open.popitem(last=False)
        oldest.close()
    return connection


def close_db(error: BaseException | None = None) -> None:
    """End of a request: the connection stays open for the thread's next one, never
    inside a transaction."""
    kept = _connections.open.get(database())
    if kept is not None and kept[1].in_transaction:
        kept[1].rollback()


def release(path: str | Path) -> None:
    """Read the database file at `path` afresh (it was replaced, or an app starts on it):
    this thread's connection to it is closed, every other thread's at its next use."""
    key = str(path)
    with _write_locks_guard:
        _generations[key] = _generations.get(key, 0) + 1
    kept = _connections.open.pop(key, None)
    if kept is not None:
        kept[1].close()


def write_lock(db: sqlite3.Connection) -> threading.RLock:
    """The process's one writer lock for this database: writes queue here, in order,
    instead of sleeping in SQLite's busy handler (which backs off up to 100 ms). Re-entrant:
    a statement inside a transaction takes it again."""
    path = db.path if isinstance(db, Connection) else ""
    with _write_locks_guard:
        return _write_locks.setdefault(path, threading.RLock())


def _write(sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Cursor:
    """One statement that writes, taking the writer lock (DatabaseBusy: not written)."""
    db = get_db()
    with _writing(db):
        return db.execute(sql, params)


@contextmanager
def _writing(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """The writer lock held, SQLite waiting for its own lock only what is left of
    BUSY_SECONDS: DatabaseBusy once they are spent, nothing written."""
    lock = write_lock(db)
    asked = time.monotonic()
    if not lock.acquire(timeout=BUSY_SECONDS):
        raise DatabaseBusy()
    waited = time.monotonic() - asked
    try:
        if waited > 0.01:  # what SQLite may still wait (set back for the next request)
            db.execute(f"PRAGMA busy_timeout = {max(1, int((BUSY_SECONDS - waited) * 1000))}")
        try:
            yield db
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
                raise DatabaseBusy() from error
            raise
        finally:
            if waited > 0.01:
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
    finally:
        lock.release()


class DatabaseTooNew(Exception):
    """The database was written by a newer Botdeck: reading it could lose what it holds."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def _has_table(db: sqlite3.Connection, table: str) -> bool:
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
    return found.fetchone() is not None


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def _add_column(db: sqlite3.Connection, table: str, column: str, declaration: str) -> None:
    """Add a column unless the table already has it (or does not exist yet: schema.sql
    makes it whole)."""
    if _has_table(db, table) and column not in _columns(db, table):
        db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")


def _owners(db: sqlite3.Connection) -> None:
    """Games, decks and kept entries belong to the device that made them. A game's
    owner is the first device that played it; what no device can be found for stays
    unowned until a device claims it in the lobby."""
    _add_column(db, "games", "owner", "TEXT")
    _add_column(db, "decks", "owner", "TEXT")
    if _has_table(db, "device_games"):
        db.execute(
            "UPDATE games SET owner = (SELECT device_id FROM device_games"
            " WHERE game_id = games.id AND role = 'play' ORDER BY joined_at LIMIT 1)"
            " WHERE owner IS NULL"
        )
    if _has_table(db, "kept") and "owner" not in _columns(db, "kept"):
        db.execute("ALTER TABLE kept RENAME TO kept_before_owners")
        db.execute(
            "CREATE TABLE kept (owner TEXT NOT NULL DEFAULT '', bot TEXT NOT NULL,"
            " key TEXT NOT NULL, data TEXT NOT NULL, updated_at TEXT NOT NULL,"
            " PRIMARY KEY (owner, bot, key))"
        )
        db.execute(
            "INSERT INTO kept (owner, bot, key, data, updated_at)"
            " SELECT '', bot, key, data, updated_at FROM kept_before_owners"
        )
        db.execute("DROP TABLE kept_before_owners")


def _counted_log(db: sqlite3.Connection) -> Iterator[tuple[str, int, int, int]]:
    """Every game's events, oldest first, each with the actions in effect once it is
    applied and how many Redo could then bring back, as the log of an earlier Botdeck
    replays them: every undo took back one action, every redo brought one back, and an
    undo with nothing to undo, or a redo with nothing to redo, changed nothing."""
    stored = db.execute("SELECT game_id, seq, kind FROM events ORDER BY game_id, seq")
    for game_id, events in itertools.groupby(stored.fetchall(), key=lambda row: row[0]):
        in_effect = redoable = 0
        for _, seq, kind in events:
            if kind == "action":
                in_effect, redoable = in_effect + 1, 0
            elif kind == "undo" and in_effect:
                in_effect, redoable = in_effect - 1, redoable + 1
            elif kind == "redo" and redoable:
                in_effect, redoable = in_effect + 1, redoable - 1
            yield game_id, seq, in_effect, redoable


def _games_of_an_earlier_release(db: sqlite3.Connection) -> None:
    """A database of version 3 was last written by a Botdeck of 2026-11-24 or before:
    what its games played so far — the actions in effect, and those Redo would bring
    back — was played by that release's rules, and is read so (webapp/engine/earlier.py:
    the engine's option `earlier_release`). Taps from now on are played by today's."""
    if not _has_table(db, "games"):
        return
    played: dict[str, int] = {}
    if _has_table(db, "events"):
        for game_id, _, in_effect, redoable in _counted_log(db):
            played[game_id] = in_effect + redoable
    stamped = []
    for game_id, text in db.execute("SELECT id, options FROM games").fetchall():
        try:
            options = json.loads(text)
        except (TypeError, ValueError):  # not readable as a game's: left as it is
            continue
        if isinstance(options, dict) and "earlier_release" not in options:
            earlier = {"date": "2026-11-24", "actions": played.get(game_id, 0)}
            stamped.append((json.dumps({**options, "earlier_release": earlier}), game_id))
    db.executemany("UPDATE games SET options = ? WHERE id = ?", stamped)


def _events_in_effect(db: sqlite3.Connection) -> None:
    """Each event says how many actions are in effect once it is applied: an undo event
    can then take back several at once ("Undo back to here"), and the History tells an
    entry still in effect from one undone. Worked out for the events already stored as
    the log replays them (`_counted_log`)."""
    _add_column(db, "events", "in_effect", "INTEGER NOT NULL DEFAULT 0")
    _add_column(db, "events", "turn", "TEXT")
    if not _has_table(db, "events"):
        return
    counted = [(in_effect, game_id, seq) for game_id, seq, in_effect, _ in _counted_log(db)]
    db.executemany("UPDATE events SET in_effect = ? WHERE game_id = ? AND seq = ?", counted)


def _events_by_name(db: sqlite3.Connection) -> None:
    """A part the table's copy answered as a game started was logged under its device's
    id, which the History showed to everyone with the game's link: the device's name
    instead (its id is the secret that makes it that device)."""
    if _has_table(db, "events") and _has_table(db, "devices"):
        db.execute(
            "UPDATE events SET device ="
            " (SELECT name FROM devices WHERE devices.id = events.device)"
            " WHERE device IN (SELECT id FROM devices)"
        )


# Changes to a database made by an earlier Botdeck, in order: migration n takes a
# database from version n to n + 1, in one transaction with the version number, and
# may run again on a database it half-changed before transactions (an added column is
# added once). schema.sql is the latest shape, for what a migration did not make.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    # 1: sharing — a watch-only secret per game (devices and their games: schema.sql)
    lambda db: _add_column(db, "games", "watch_id", "TEXT"),
    # 2: the card library — the deck a physical-deck game learns into
    lambda db: _add_column(db, "games", "deck_id", "TEXT"),
    # 3: the device that owns each game, deck and kept entry
    _owners,
    # 4: a stored snapshot per game (schema.sql makes the table); the games so far were
    # played by a release of 2026-11-24 or before
    _games_of_an_earlier_release,
    # 5: a deleted game is kept 30 days, hidden, before it is removed for good
    lambda db: _add_column(db, "games", "deleted_at", "TEXT"),
    # 6: History by turn, and "Undo back to here" (several actions in one undo event)
    _events_in_effect,
    # 7: a tap logged under its device's id instead of its name
    _events_by_name,
]
SCHEMA_VERSION = len(MIGRATIONS)


def _schema_statements() -> list[str]:
    script = resources.files(__package__).joinpath("schema.sql").read_text("utf-8")
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements


def upgrade(path: str | Path) -> None:
    """Bring the database at `path` to this version's shape, one transaction per step;
    DatabaseTooNew (nothing written) if a newer Botdeck wrote it."""
    db = connect(path)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise DatabaseTooNew(version)
        if version == SCHEMA_VERSION and _has_table(db, "games"):
            return  # up to date: nothing written
        if _has_table(db, "games"):
            for number in range(version, SCHEMA_VERSION):
                with _transaction(db):
                    MIGRATIONS[number](db)
                    db.execute(f"PRAGMA user_version = {number + 1}")
        with _transaction(db):
            for statement in _schema_statements():
                db.execute(statement)
            db.execute(
                "UPDATE games SET watch_id = lower(hex(randomblob(16))) WHERE watch_id IS NULL"
            )
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    finally:
        db.close()


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        row["id"],
        row["watch_id"],
        row["deck_id"],
        row["name"],
        row["bot"],
        json.loads(row["options"]),
        row["seed"],
        row["deck"],
        row["version"],
        json.loads(row["summary"]),
        row["created_at"],
        row["updated_at"],
        row["owner"],
        row["deleted_at"],
    )


@dataclass(frozen=True)
class NewGame:
    """A game to store, with an imported one's events, as the rows it is written as:
    its JSON written out before the writer lock is taken (a collection of 1,000 games
    is stored in one transaction, other devices' taps waiting)."""

    deck_id: str | None
    name: str
    bot: str
    options: str
    seed: int
    deck: str
    summary: str
    created_at: str
    updated_at: str
    owner: str | None
    stored_at: str  # when its owner joined it, and its events were stored
    # each event's (seq, kind, action, summary, created_at, in_effect, turn)
    events: list[tuple[Any, ...]]


def new_game(
    *,
    deck_id: str | None = None,
    name: str,
    bot: str,
    options: dict[str, Any],
    seed: int,
    deck: dict[str, Any],
    summary: dict[str, Any],
    now: str,
    events: list[NewEvent] = (),  # type: ignore[assignment]
    device: str | None = None,
    dates: tuple[str, str] | None = None,
) -> NewGame:
    """A new game's rows (nothing is written), owned by the device that made it;
    `dates`: when a restored game was created and last played (else `now`)."""
    created_at, updated_at = dates or (now, now)
    return NewGame(
        deck_id,
        name,
        bot,
        json.dumps(options),
        seed,
        json.dumps(deck),
        json.dumps(summary),
        created_at,
        updated_at,
        device,
        now,
        [
            (
                seq,
                event.kind,
                _json_or_null(event.action),
                json.dumps(event.summary),
                now,
                event.in_effect,
                _json_or_null(event.turn),
            )
            for seq, event in enumerate(events, start=1)
        ],
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
    events: list[NewEvent] = (),  # type: ignore[assignment]
    device: str | None = None,
    dates: tuple[str, str] | None = None,
) -> None:
    """A new game (with an imported one's events), joined by the device that made it,
    stored under these ids (the arguments: `new_game`'s)."""
    made = new_game(
        deck_id=deck_id,
        name=name,
        bot=bot,
        options=options,
        seed=seed,
        deck=deck,
        summary=summary,
        now=now,
        events=events,
        device=device,
        dates=dates,
    )
    store_game(game_id, watch_id, made)


def store_game(game_id: str, watch_id: str, game: NewGame) -> None:
    """Store a new game under these ids, with its events, in the list of the device
    that made it."""
    db = get_db()
    with _transaction(db):
        db.execute(
            "INSERT INTO games (id, watch_id, deck_id, name, bot, options, seed, deck, version,"
            " summary, created_at, updated_at, owner)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                watch_id,
                game.deck_id,
                game.name,
                game.bot,
                game.options,
                game.seed,
                game.deck,
                len(game.events),
                game.summary,
                game.created_at,
                game.updated_at,
                game.owner,
            ),
        )
        db.executemany(
            "INSERT INTO events (game_id, seq, kind, action, summary, created_at, in_effect,"
            " turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, *event) for event in game.events],
        )
        if game.owner is not None:
            db.execute(
                "INSERT INTO device_games (device_id, game_id, role, joined_at)"
                " VALUES (?, ?, 'play', ?)",
                (game.owner, game_id, game.stored_at),
            )


# A deleted game is, everywhere but its owner's "Recently deleted", as if it were gone:
# every query that finds games for a device or a link finds only those not deleted.
_LIVE = "deleted_at IS NULL"
_DELETED = "deleted_at IS NOT NULL"


def find_game(game_id: str, *, deleted: bool = False) -> GameRow | None:
    """The game (`deleted`: the game only if it is deleted, kept for its owner)."""
    state = _DELETED if deleted else _LIVE
    row = get_db().execute(f"SELECT * FROM games WHERE id = ? AND {state}", (game_id,)).fetchone()
    return None if row is None else _game(row)


def play_span(game_id: str) -> tuple[str, str] | None:
    """When a game's first and last taps were stored (None: it has none)."""
    query = "SELECT MIN(created_at), MAX(created_at) FROM events WHERE game_id = ?"
    row = get_db().execute(query, (game_id,)).fetchone()
    return None if row is None or row[0] is None else (row[0], row[1])


def save_summary(game_id: str, summary: dict[str, Any]) -> None:
    """What the lobby shows of a game, worked out again (its version and place in the
    lists unchanged)."""
    _write("UPDATE games SET summary = ? WHERE id = ?", (json.dumps(summary), game_id))


def game_head(game_id: str) -> tuple[str, int, str, str | None] | None:
    """(name, version, updated_at, owner): enough to tell whether a cached game is current
    (None: there is no such game, or it was deleted)."""
    row = (
        get_db()
        .execute(
            f"SELECT name, version, updated_at, owner FROM games WHERE id = ? AND {_LIVE}",
            (game_id,),
        )
        .fetchone()
    )
    return None if row is None else (row[0], int(row[1]), row[2], row[3])


def find_game_by_watch_id(watch_id: str, *, deleted: bool = False) -> GameRow | None:
    state = _DELETED if deleted else _LIVE
    row = (
        get_db()
        .execute(f"SELECT * FROM games WHERE watch_id = ? AND {state}", (watch_id,))
        .fetchone()
    )
    return None if row is None else _game(row)


def game_id_taken(game_id: str) -> bool:
    """Whether a game, deleted or not, has this id."""
    row = get_db().execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
    return row is not None


def watch_id_taken(watch_id: str) -> bool:
    """Whether a game, deleted or not, has this watch id."""
    row = get_db().execute("SELECT 1 FROM games WHERE watch_id = ?", (watch_id,)).fetchone()
    return row is not None


def list_games(device: str) -> list[tuple[GameRow, str]]:
    """The games this device started or joined, with its role, most recent first."""
    rows = get_db().execute(
        "SELECT games.*, device_games.role FROM games"
        " JOIN device_games ON device_games.game_id = games.id AND device_games.device_id = ?"
        f" WHERE games.{_LIVE}"
        " ORDER BY games.updated_at DESC, games.created_at DESC",
        (device,),
    )
    return [(_game(row), row["role"]) for row in rows]


def game_names(device: str) -> set[str]:
    """The names of the games in this device's list (a new game's default name is the
    next free one): read alone, not every game's options and deck."""
    rows = get_db().execute(
        "SELECT games.name FROM games"
        " JOIN device_games ON device_games.game_id = games.id AND device_games.device_id = ?"
        f" WHERE games.{_LIVE}",
        (device,),
    )
    return {row["name"] for row in rows}


def game_devices(game_id: str) -> list[tuple[str, str, str]]:
    """(device id, its name, its role) of every device that has the game in its list, in
    the order they joined."""
    rows = get_db().execute(
        "SELECT devices.id, devices.name, device_games.role FROM device_games"
        " JOIN devices ON devices.id = device_games.device_id"
        " WHERE device_games.game_id = ? ORDER BY device_games.joined_at, devices.name",
        (game_id,),
    )
    return [(row[0], row[1], row[2]) for row in rows]


def recently_deleted(owner: str, since: str) -> list[GameRow]:
    """The games this device deleted at `since` or later, the latest deleted first."""
    rows = get_db().execute(
        "SELECT * FROM games WHERE owner = ? AND deleted_at >= ? ORDER BY deleted_at DESC",
        (owner, since),
    )
    return [_game(row) for row in rows]


# --- devices ------------------------------------------------------------------------


@dataclass(frozen=True)
class Device:
    id: str
    name: str
    named: bool
    stored: bool = True  # False: a visit that has not changed anything yet


# Devices by id: every request looks its device up from its cookie, and a device's row
# changes only through `insert_device` and `rename_device` below, which keep this in step.
# Keyed by the database file and its generation: a replaced file is read afresh.
_devices: OrderedDict[tuple[str, int, str], Device] = OrderedDict()
_devices_guard = threading.Lock()
DEVICES_KEPT = 1024


def _device_key(device_id: str) -> tuple[str, int, str]:
    path = database()
    return (path, _generations.get(path, 0), device_id)


def find_device(device_id: str) -> Device | None:
    key = _device_key(device_id)
    with _devices_guard:
        known = _devices.get(key)
        if known is not None:
            _devices.move_to_end(key)
            return known
    row = get_db().execute("SELECT id, name, named FROM devices WHERE id = ?", (device_id,))
    found = row.fetchone()
    if found is None:
        return None
    device = Device(found["id"], found["name"], bool(found["named"]))
    _remember_device(key, device)
    return device


def _remember_device(key: tuple[str, int, str], device: Device | None) -> None:
    with _devices_guard:
        if device is None:
            _devices.pop(key, None)
            return
        _devices[key] = device
        _devices.move_to_end(key)
        while len(_devices) > DEVICES_KEPT:
            _devices.popitem(last=False)


def device_count() -> int:
    return int(get_db().execute("SELECT COUNT(*) FROM devices").fetchone()[0])


def device_names() -> set[str]:
    return {row[0] for row in get_db().execute("SELECT name FROM devices")}


def insert_device(device_id: str, name: str, now: str) -> Device:
    _write(
        "INSERT OR IGNORE INTO devices (id, name, named, created_at) VALUES (?, ?, 0, ?)",
        (device_id, name, now),
    )
    found = find_device(device_id)
    assert found is not None
    return found


def rename_device(device_id: str, name: str) -> None:
    _write("UPDATE devices SET name = ?, named = 1 WHERE id = ?", (name, device_id))
    _remember_device(_device_key(device_id), None)  # read again at its next request


def join_game(device_id: str, game_id: str, role: str, now: str) -> None:
    """Remember that this device has the game's link; playing beats watching."""
    _write(
        "INSERT INTO device_games (device_id, game_id, role, joined_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (device_id, game_id) DO UPDATE SET role = 'play'"
        " WHERE excluded.role = 'play'",
        (device_id, game_id, role, now),
    )


def has_joined(device_id: str, game_id: str, role: str) -> bool:
    """Whether the game is in this device's list as `role` would put it there (a device
    that plays it has joined as a watcher too)."""
    row = (
        get_db()
        .execute(
            "SELECT role FROM device_games WHERE device_id = ? AND game_id = ?",
            (device_id, game_id),
        )
        .fetchone()
    )
    return row is not None and (row[0] == "play" or role == "watch")


def leave_game(device_id: str, game_id: str) -> None:
    """Take the game off this device's list; it stays as it is for the others."""
    _write("DELETE FROM device_games WHERE device_id = ? AND game_id = ?", (device_id, game_id))


def rename_game(game_id: str, name: str) -> bool:
    cursor = _write(f"UPDATE games SET name = ? WHERE id = ? AND {_LIVE}", (name, game_id))
    return cursor.rowcount == 1


def delete_game(game_id: str, *, owner: str, now: str) -> bool:
    """Delete the game for every device if `owner` owns it: it is kept, hidden, with its
    events, snapshot and every device's place in its list, until `purge_deleted`."""
    cursor = _write(
        f"UPDATE games SET deleted_at = ? WHERE id = ? AND owner = ? AND {_LIVE}",
        (now, game_id, owner),
    )
    return cursor.rowcount == 1


def bring_back(game_id: str, *, owner: str, since: str) -> bool:
    """Undelete a game `owner` deleted at `since` or later: back as it was, for every
    device that had it."""
    cursor = _write(
        "UPDATE games SET deleted_at = NULL WHERE id = ? AND owner = ? AND deleted_at >= ?",
        (game_id, owner, since),
    )
    return cursor.rowcount == 1


def purge_deleted(before: str) -> int:
    """Remove for good the games deleted before `before` (their events, snapshots and
    places in lists go with them); how many. A look at the index first: the lobby calls
    this at every listing, and a write would queue behind the taps."""
    db = get_db()
    due = f"{_DELETED} AND deleted_at < ?"
    if db.execute(f"SELECT 1 FROM games WHERE {due} LIMIT 1", (before,)).fetchone() is None:
        return 0
    return _write(f"DELETE FROM games WHERE {due}", (before,)).rowcount


def _json_or_null(data: dict[str, Any] | None) -> str | None:
    return None if data is None else json.dumps(data)


_EVENT = "SELECT seq, kind, action, summary, device, created_at, in_effect, turn FROM events"


@lru_cache(maxsize=256)
def _turn(stored: str) -> dict[str, Any]:
    # a page of the History holds a few turns fifty times over: each read once (never
    # changed by a reader: a turn is only rendered)
    return json.loads(stored)  # type: ignore[no-any-return]


def events(game_id: str) -> list[Event]:
    return _events(f"{_EVENT} WHERE game_id = ? ORDER BY seq", (game_id,))


def _events(sql: str, params: tuple[Any, ...]) -> list[Event]:
    rows = get_db().execute(sql, params)
    return [
        Event(
            r["seq"],
            r["kind"],
            None if r["action"] is None else json.loads(r["action"]),
            json.loads(r["summary"]),
            r["device"],
            r["created_at"],
            r["in_effect"],
            None if r["turn"] is None else _turn(r["turn"]),
        )
        for r in rows
    ]


def find_event(game_id: str, seq: int) -> Event | None:
    found = _events(f"{_EVENT} WHERE game_id = ? AND seq = ?", (game_id, seq))
    return found[0] if found else None


def in_effect_now(game_id: str) -> int:
    """How many actions of the game are in effect (those its latest event left)."""
    row = (
        get_db()
        .execute(
            "SELECT in_effect FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        )
        .fetchone()
    )
    return 0 if row is None else int(row[0])


def fewest_taken_since(game_id: str, seq: int) -> int | None:
    """The fewest actions in effect once any action was taken from event `seq` on (None:
    no action since). An action taken back and followed by an action taken at the same
    place or before it is gone for good: that action's event had as many, or fewer."""
    row = (
        get_db()
        .execute(
            "SELECT MIN(in_effect) FROM events WHERE game_id = ? AND seq >= ? AND kind = 'action'",
            (game_id, seq),
        )
        .fetchone()
    )
    return None if row is None or row[0] is None else int(row[0])


def events_before(game_id: str, before: int | None, limit: int) -> list[Event]:
    """At most `limit` events of the game, newest first, all older than `before` (a seq;
    None: from the newest). One walk down the primary key, however long the game."""
    return _events(
        f"{_EVENT} WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
        (game_id, 2**63 - 1 if before is None else before, limit),
    )


def append_event(
    game_id: str,
    *,
    expected_version: int,
    event: NewEvent,
    game_summary: dict[str, Any],
    device: str,
    now: str,
    snapshot: str | None = None,
) -> int:
    """Append one event if the game is still at `expected_version`; returns the new one.
    `snapshot`: the game once this event is applied, stored in the same transaction.

    Committed before returning: once this returns, the tap is on disk.
    """
    db = get_db()
    with _transaction(db):
        row = db.execute(
            f"SELECT version FROM games WHERE id = ? AND {_LIVE}", (game_id,)
        ).fetchone()
        if row is None or row[0] != expected_version:
            raise StaleVersion(game_id)
        version = expected_version + 1
        db.execute(
            "INSERT INTO events (game_id, seq, kind, action, summary, device, created_at,"
            " in_effect, turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                version,
                event.kind,
                _json_or_null(event.action),
                json.dumps(event.summary),
                device,
                now,
                event.in_effect,
                _json_or_null(event.turn),
            ),
        )
        db.execute(
            "UPDATE games SET version = ?, summary = ?, updated_at = ? WHERE id = ?",
            (version, json.dumps(game_summary), now, game_id),
        )
        if snapshot is not None:
            db.execute(
                "INSERT INTO snapshots (game_id, version, data) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
                " data = excluded.data",
                (game_id, version, snapshot),
            )
    return version


def find_snapshot(game_id: str) -> tuple[int, str] | None:
    """(version, data) of the game's stored snapshot, if it has one."""
    row = (
        get_db()
        .execute("SELECT version, data FROM snapshots WHERE game_id = ?", (game_id,))
        .fetchone()
    )
    return None if row is None else (int(row[0]), row[1])


def snapshot_version(game_id: str) -> int | None:
    """The version of the game's stored snapshot, without reading it."""
    row = get_db().execute("SELECT version FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
    return None if row is None else int(row[0])


def events_after(game_id: str, seq: int) -> list[Event]:
    """The game's events after `seq`, oldest first."""
    return _events(f"{_EVENT} WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, seq))


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE … COMMIT under the writer lock, rolled back on any error;
    DatabaseBusy (nothing written) if the database stays locked BUSY_SECONDS. Inside
    another one (this thread's connection, within `all_or_nothing`) it is a savepoint:
    an error undoes its own writes, and what it wrote is committed with the outer one,
    or not at all."""
    depth = getattr(db, "depth", 0)
    if depth:  # the writer lock held and the transaction open, by this thread
        with _savepoint(db, depth):
            yield db
        return
    with _writing(db):
        db.execute("BEGIN IMMEDIATE")
        _set_depth(db, 1)
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # a failed COMMIT (a full disk) leaves it open
                db.execute("ROLLBACK")
            raise
        finally:
            _set_depth(db, 0)


@contextmanager
def _savepoint(db: sqlite3.Connection, depth: int) -> Iterator[None]:
    db.execute("SAVEPOINT inner")
    _set_depth(db, depth + 1)
    try:
        yield
    except BaseException:
        # a full disk may have rolled back the whole transaction: nothing left to undo
        if db.in_transaction:
            db.execute("ROLLBACK TO inner")
            db.execute("RELEASE inner")
        raise
    else:
        db.execute("RELEASE inner")
    finally:
        _set_depth(db, depth)


def _set_depth(db: sqlite3.Connection, depth: int) -> None:
    if isinstance(db, Connection):
        db.depth = depth


@contextmanager
def all_or_nothing() -> Iterator[None]:
    """Every write this thread makes within the block, by any function of this module,
    is committed at its end in one transaction, or none is: an error, or the process
    killed half-way, leaves the database as it was. The writer lock is held the while
    (other devices' taps wait): work out what to write before the block."""
    with _transaction(get_db()):
        yield


# --- the card library -----------------------------------------------------------------


@dataclass(frozen=True)
class DeckRow:
    id: str
    bot: str
    name: str
    data: dict[str, Any]
    updated_at: str
    owner: str | None


def _deck(row: sqlite3.Row) -> DeckRow:
    return DeckRow(
        row["id"], row["bot"], row["name"], json.loads(row["data"]), row["updated_at"], row["owner"]
    )


def list_decks(bot: str, owner: str) -> list[DeckRow]:
    rows = get_db().execute(
        "SELECT * FROM decks WHERE owner = ? AND bot = ? ORDER BY name COLLATE NOCASE, created_at",
        (owner, bot),
    )
    return [_deck(row) for row in rows]


def find_deck(deck_id: str) -> DeckRow | None:
    row = get_db().execute("SELECT * FROM decks WHERE id = ?", (deck_id,)).fetchone()
    return None if row is None else _deck(row)


def find_deck_named(bot: str, name: str, owner: str) -> DeckRow | None:
    """The owner's first deck of this bot with exactly this name (None: there is none)."""
    row = get_db().execute(
        "SELECT * FROM decks WHERE owner = ? AND bot = ? AND name = ? ORDER BY created_at LIMIT 1",
        (owner, bot, name),
    )
    found = row.fetchone()
    return None if found is None else _deck(found)


def insert_deck(
    deck_id: str, *, bot: str, name: str, data: dict[str, Any], owner: str, now: str
) -> None:
    _write(
        "INSERT INTO decks (id, bot, name, data, owner, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (deck_id, bot, name, json.dumps(data), owner, now, now),
    )


def save_deck(deck_id: str, *, name: str, data: dict[str, Any], now: str) -> None:
    _write(
        "UPDATE decks SET name = ?, data = ?, updated_at = ? WHERE id = ?",
        (name, json.dumps(data), now, deck_id),
    )


def delete_deck(deck_id: str) -> None:
    _write("DELETE FROM decks WHERE id = ?", (deck_id,))


# --- kept entries ---------------------------------------------------------------------


def find_kept(owner: str, bot: str, key: str) -> Any:
    row = get_db().execute(
        "SELECT data FROM kept WHERE owner = ? AND bot = ? AND key = ?", (owner, bot, key)
    )
    found = row.fetchone()
    return None if found is None else json.loads(found[0])


def save_kept(owner: str, bot: str, key: str, data: Any, now: str) -> None:
    _write(
        "INSERT INTO kept (owner, bot, key, data, updated_at) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (owner, bot, key) DO UPDATE SET data = excluded.data,"
        " updated_at = excluded.updated_at",
        (owner, bot, key, json.dumps(data), now),
    )


def list_kept(owner: str, bot: str, prefix: str) -> list[tuple[str, Any]]:
    """(key, data) of the owner's kept entries whose key starts with `prefix`."""
    rows = get_db().execute(
        "SELECT key, data FROM kept WHERE owner = ? AND bot = ? AND substr(key, 1, ?) = ?"
        " ORDER BY key",
        (owner, bot, len(prefix), prefix),
    )
    return [(row["key"], json.loads(row["data"])) for row in rows]


# The undo lists kept beside what they take back (the board editor's, the table's copy's):
# each holds the last UNDO_DEPTH changes, and lets go of the older ones.
UNDO_DEPTH = 12


def _push_undo(owner: str, bot: str, history: str, entry: Any, now: str) -> None:
    """`entry` put last on the undo list kept under `history` (within the caller's
    transaction)."""
    past = find_kept(owner, bot, history) or []
    save_kept(owner, bot, history, [*past, entry][-UNDO_DEPTH:], now)


def _pop_undo(owner: str, bot: str, history: str, now: str) -> Any:
    """The last entry of the undo list kept under `history`, taken off it (None: the
    list is empty), within the caller's transaction."""
    past = find_kept(owner, bot, history) or []
    if not past:
        return None
    save_kept(owner, bot, history, past[:-1], now)
    return past[-1]


def replace_kept(owner: str, bot: str, key: str, data: Any, *, history: str, now: str) -> None:
    """Store `data` under `key`, and what was there on the undo list kept under
    `history`, in one transaction."""
    with _transaction(get_db()):
        before = find_kept(owner, bot, key)
        if before is not None:
            _push_undo(owner, bot, history, before, now)
        save_kept(owner, bot, key, data, now)


def restore_kept(owner: str, bot: str, key: str, *, history: str, now: str) -> bool:
    """Put back under `key` the last entry of the undo list kept under `history` (taken
    off it), in one transaction; False if the list is empty or `key` holds nothing (a
    board deleted: not brought back from its undo list)."""
    with _transaction(get_db()):
        if find_kept(owner, bot, key) is None:
            return False
        before = _pop_undo(owner, bot, history, now)
        if before is None:
            return False
        save_kept(owner, bot, key, before, now)
    return True


def change_kept(
    owner: str, bot: str, changes: list[tuple[str, Any]], *, history: str, now: str
) -> None:
    """Store each `(key, data)` of `changes` (data None: the entry is removed), and what
    the keys held before as one unit on the undo list kept under `history`, in one
    transaction: `undo_kept` takes the unit back whole."""
    db = get_db()
    with _transaction(db):
        unit = [{"key": key, "data": find_kept(owner, bot, key)} for key, _data in changes]
        for key, data in changes:
            _set_kept(db, owner, bot, key, data, now)
        _push_undo(owner, bot, history, unit, now)


def undo_kept(owner: str, bot: str, *, history: str, now: str) -> list[str]:
    """Put back what the last unit of `history` says the keys held (taken off the list),
    in one transaction; the keys it put back ([] if the list is empty)."""
    db = get_db()
    with _transaction(db):
        unit = _pop_undo(owner, bot, history, now)
        if unit is None:
            return []
        for change in unit:
            _set_kept(db, owner, bot, change["key"], change["data"], now)
    return [change["key"] for change in unit]


def _set_kept(db: sqlite3.Connection, owner: str, bot: str, key: str, data: Any, now: str) -> None:
    if data is None:
        db.execute("DELETE FROM kept WHERE owner = ? AND bot = ? AND key = ?", (owner, bot, key))
    else:
        save_kept(owner, bot, key, data, now)


def delete_kept(owner: str, bot: str, *keys: str) -> None:
    """Remove these entries, in one transaction (a board and its undo list go together)."""
    db = get_db()
    with _transaction(db):
        db.executemany(
            "DELETE FROM kept WHERE owner = ? AND bot = ? AND key = ?",
            [(owner, bot, key) for key in keys],
        )


# --- what an earlier Botdeck stored before things had owners ---------------------------


@dataclass(frozen=True)
class Unclaimed:
    games: int
    decks: int
    kept: int = 0  # kept entries: the copy of the game's printed parts, boards, undo lists

    def __bool__(self) -> bool:
        return bool(self.games or self.decks or self.kept)


def unclaimed() -> Unclaimed:
    db = get_db()
    games = db.execute("SELECT COUNT(*) FROM games WHERE owner IS NULL").fetchone()[0]
    decks = db.execute("SELECT COUNT(*) FROM decks WHERE owner IS NULL").fetchone()[0]
    # a copy of the game an earlier Botdeck kept with no game or deck beside it is
    # offered too: it is claimed only from that offer
    kept = db.execute("SELECT COUNT(*) FROM kept WHERE owner = ''").fetchone()[0]
    return Unclaimed(int(games), int(decks), int(kept))


def claim(device_id: str, now: str) -> Unclaimed:
    """Give every unowned game, deck and kept entry to this device (its own kept entry
    wins over an unowned one for the same thing); returns what it got."""
    db = get_db()
    with _transaction(db):
        db.execute(
            "INSERT INTO device_games (device_id, game_id, role, joined_at)"
            " SELECT ?, id, 'play', ? FROM games WHERE owner IS NULL"
            " ON CONFLICT (device_id, game_id) DO UPDATE SET role = 'play'",
            (device_id, now),
        )
        games = db.execute("UPDATE games SET owner = ? WHERE owner IS NULL", (device_id,))
        decks = db.execute("UPDATE decks SET owner = ? WHERE owner IS NULL", (device_id,))
        kept = db.execute("UPDATE OR IGNORE kept SET owner = ? WHERE owner = ''", (device_id,))
        db.execute("DELETE FROM kept WHERE owner = ''")
    return Unclaimed(games.rowcount, decks.rowcount, kept.rowcount)


# --- games brought back from a file set aside ------------------------------------------


@dataclass(frozen=True)
class BroughtBack:
    games: int
    decks: int


# What of a set-aside file is not in the database: its games (by id and watch link) and
# decks (by id). The database's own wins: nothing in it is ever replaced.
_NOT_HERE = {
    "games": "id NOT IN (SELECT id FROM main.games)"
    " AND (watch_id IS NULL OR watch_id NOT IN"
    " (SELECT watch_id FROM main.games WHERE watch_id IS NOT NULL))",
    "decks": "id NOT IN (SELECT id FROM main.decks)",
}


def not_here(database: str | Path, other: str | Path) -> BroughtBack:
    """How many games and decks of the database file `other` (read only) `database`
    does not hold."""
    reader = sqlite3.connect(f"{Path(other).resolve().as_uri()}?mode=ro", uri=True)
    try:
        live = f"{Path(database).resolve().as_uri()}?mode=ro"
        reader.execute("ATTACH DATABASE ? AS main_db", (live,))
        counts = [
            reader.execute(
                f"SELECT COUNT(*) FROM main.{table} WHERE "
                + _NOT_HERE[table].replace("main.", "main_db.")
            ).fetchone()[0]
            for table in ("games", "decks")
        ]
    finally:
        reader.close()
    return BroughtBack(int(counts[0]), int(counts[1]))


def bring_in(database: str | Path, other: str | Path) -> BroughtBack:
    """Copy into `database` what the database file `other` (in this version's shape)
    holds that it does not: games with their events, snapshots and the places in device
    lists, the devices they name, decks, kept entries (the database's own win). One
    transaction: all of it or, killed half-way, none."""
    connection = connect(database)
    try:
        connection.execute("ATTACH DATABASE ? AS other", (str(other),))
        with _transaction(connection) as writer:
            writer.execute("CREATE TEMP TABLE brought (id TEXT PRIMARY KEY)")
            writer.execute(
                "INSERT INTO brought SELECT id FROM other.games WHERE " + _NOT_HERE["games"]
            )
            games = writer.execute("SELECT COUNT(*) FROM brought").fetchone()[0]
            # named columns: an upgraded file has its added columns last
            _copy_rows(writer, "devices", "id NOT IN (SELECT id FROM main.devices)")
            _copy_rows(writer, "games", "id IN (SELECT id FROM brought)")
            _copy_rows(writer, "events", "game_id IN (SELECT id FROM brought)")
            _copy_rows(writer, "snapshots", "game_id IN (SELECT id FROM brought)")
            _copy_rows(
                writer,
                "device_games",
                "game_id IN (SELECT id FROM brought)"
                " AND device_id IN (SELECT id FROM main.devices)",
            )
            decks = _copy_rows(writer, "decks", _NOT_HERE["decks"])
            _copy_rows(writer, "kept", "1", ignore=True)
            writer.execute("DROP TABLE temp.brought")
        connection.execute("DETACH DATABASE other")
    finally:
        connection.close()
    return BroughtBack(int(games), int(decks))


def _copy_rows(writer: sqlite3.Connection, table: str, where: str, *, ignore: bool = False) -> int:
    """Copy the rows of `other.<table>` that `where` picks into the database's own table
    (`ignore`: those whose key is already there left out); how many."""
    named = writer.execute(f"PRAGMA main.table_info({table})")
    columns = ", ".join(sorted(row[1] for row in named))
    verb = "INSERT OR IGNORE" if ignore else "INSERT"
    return writer.execute(
        f"{verb} INTO main.{table} ({columns}) SELECT {columns} FROM other.{table} WHERE {where}"
    ).rowcount
