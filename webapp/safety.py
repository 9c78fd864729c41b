"""The games database kept safe: checked before use, copied to rolling backups, restored.

- **At start** the file is checked read-only (`PRAGMA quick_check`, the version it was
  written by). A damaged file, one written by a newer Botdeck, or a missing or empty
  file while backups exist is a `Problem`: the server then runs in safe mode, which
  says what is wrong and offers the backups, and never writes into the file.
- **Backups** are copies made with SQLite's online backup API (consistent while the
  server runs) in the data folder's `backups/`: at start when something changed since
  the last one, then after changes at most every few minutes; the newest few are kept.
- **Restore** copies a backup into the live database with the same API (every open
  connection then sees it), after backing up what is there now.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .db import SCHEMA_VERSION, connect

BACKUP_FOLDER = "backups"
BACKUP_NAME = re.compile(r"botdeck-(\d{8}-\d{6}-\d{6})\.sqlite3")  # UTC, to the µs
DAMAGED_SUFFIX = "damaged"


@dataclass(frozen=True)
class Problem:
    """What is wrong with the games database; `detail` is SQLite's own words."""

    kind: str  # "damaged", "too_new", "missing", "empty"
    detail: str = ""
    version: int = 0


@dataclass(frozen=True)
class Backup:
    path: Path
    made_at: datetime
    size: int
    games: int | None  # None: the backup itself cannot be read

    @property
    def name(self) -> str:
        return self.path.name


def backup_dir(database: Path) -> Path:
    return database.parent / BACKUP_FOLDER


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def _count_games(path: Path) -> int | None:
    try:
        db = _read_only(path)
        try:
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return None


def backups(database: Path) -> list[Backup]:
    """The backups of this database, newest first."""
    found = []
    folder = backup_dir(database)
    if not folder.is_dir():
        return []
    for path in folder.iterdir():
        match = BACKUP_NAME.fullmatch(path.name)
        if match is None:
            continue
        made_at = datetime.strptime(match.group(1), "%Y%m%d-%H%M%S-%f").replace(tzinfo=UTC)
        found.append((made_at, path))
    found.sort(reverse=True)
    return [
        Backup(path, made_at, path.stat().st_size, _count_games(path)) for made_at, path in found
    ]


def find_backup(database: Path, name: str) -> Backup | None:
    """A backup by its file name (nothing outside the backups folder)."""
    return next((b for b in backups(database) if b.name == name), None)


def check(database: Path) -> Problem | None:
    """What is wrong with the database at start, read-only; None if it can be used."""
    if not database.exists() or database.stat().st_size == 0:
        if not backups(database):
            return None  # a first start: a new, empty database
        return Problem("missing" if not database.exists() else "empty")
    try:
        db = _read_only(database)
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                return Problem("too_new", version=version)
            found = [row[0] for row in db.execute("PRAGMA quick_check(5)")]
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        return Problem("damaged", str(error))
    if found != ["ok"]:
        return Problem("damaged", "; ".join(found))
    return None


# What a database holds, in a few numbers: every change a player can make moves one.
FINGERPRINT = (
    "SELECT (SELECT COUNT(*) || '/' || IFNULL(SUM(version), 0) || '/' || IFNULL(MAX(updated_at),"
    " '') || '/' || IFNULL(SUM(length(name)), 0) || '/' || IFNULL(SUM(owner IS NULL), 0)"
    " || '/' || IFNULL(SUM(deleted_at IS NOT NULL), 0) || '/' || IFNULL(MAX(deleted_at), '')"
    " FROM games),"
    " (SELECT COUNT(*) || '/' || IFNULL(MAX(updated_at), '') || '/' || IFNULL(SUM(length(name)),"
    " 0) FROM decks),"
    " (SELECT COUNT(*) || '/' || IFNULL(MAX(updated_at), '') FROM kept),"
    " (SELECT COUNT(*) FROM device_games),"
    " (SELECT COUNT(*) || '/' || IFNULL(SUM(named), 0) || '/' || IFNULL(SUM(length(name)), 0)"
    " FROM devices)"
)


def fingerprint(path: Path) -> tuple[object, ...] | None:
    """The database's fingerprint (None if it cannot be read)."""
    try:
        db = _read_only(path)
        try:
            return tuple(db.execute(FINGERPRINT).fetchone())
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return None


def make_backup(database: Path, *, keep: int, only_if_changed: bool = False) -> Path | None:
    """Copy the database into the backups folder (SQLite's online backup API: a
    consistent copy while others write); keep the newest `keep`. `only_if_changed`:
    not if nothing changed on disk since the newest backup, nor if it holds nothing."""
    folder = backup_dir(database)
    existing = backups(database)
    if only_if_changed:
        if _is_blank(database):
            return None
        if existing and fingerprint(existing[0].path) == fingerprint(database):
            return None
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"botdeck-{datetime.now(UTC):%Y%m%d-%H%M%S-%f}.sqlite3"
    while target.exists():  # a clock set back
        target = folder / f"botdeck-{datetime.now(UTC):%Y%m%d-%H%M%S-%f}.sqlite3"
    _copy(database, target)
    for old in backups(database)[keep:]:
        old.path.unlink(missing_ok=True)
    return target


def _copy(source_path: Path, target: Path) -> None:
    """A consistent copy of a database (read-only: nothing written to it, not even a
    checkpoint) as a new file that appears whole or not at all."""
    partial = target.with_name(target.name + ".partial")
    source = _read_only(source_path)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()
    os.replace(partial, target)


def _is_blank(database: Path) -> bool:
    """Whether the database holds no game, deck or kept entry (nothing to back up)."""
    db = _read_only(database)
    try:
        return not any(
            db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()
            for table in ("games", "decks", "kept")
        )
    finally:
        db.close()


def restore_into(database: Path, backup: Path) -> None:
    """Copy a backup over the live database, page by page, with the backup API: open
    connections see the restored content from their next read."""
    source = _read_only(backup)
    try:
        target = connect(database)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


def set_aside(database: Path) -> Path | None:
    """Move a damaged database (and its log files) aside, never deleting it; returns
    where it went."""
    if not database.exists():
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = database.with_name(f"{database.stem}-{DAMAGED_SUFFIX}-{stamp}{database.suffix}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{database}{suffix}")
        if part.exists():
            os.replace(part, Path(f"{aside}{suffix}"))
    return aside


def restore_file(database: Path, backup: Path) -> None:
    """Safe mode: the database file is replaced by a copy of the backup (the damaged
    one was set aside first)."""
    _copy(backup, database)


class Schedule:
    """Backups after changes, at most one every `every` seconds."""

    def __init__(self, database: Path, *, every: float, keep: int) -> None:
        self.database = database
        self.every = every
        self.keep = keep
        self._last = time.monotonic()
        self._lock = threading.Lock()

    def changed(self) -> None:
        """Something was stored: back up if the last backup is old enough."""
        with self._lock:
            if time.monotonic() - self._last < self.every:
                return
            self._last = time.monotonic()
        make_backup(self.database, keep=self.keep, only_if_changed=True)
