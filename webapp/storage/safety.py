"""The games database kept safe: checked before use, copied to rolling backups, restored.

- **At start** the file is checked read-only (`PRAGMA quick_check`, the version it was
  written by). A damaged file, one written by a newer Botdeck, or a missing or empty
  file while backups exist is a `Problem`: the server then runs in safe mode, which
  says what is wrong and offers the backups, and never writes into the file.
- **Damage or circumstance**: only a file that is not a database, or that SQLite finds
  malformed, is damaged. A full disk, a read-only folder, a file that cannot be opened,
  another program holding it, a disk reporting errors are *circumstances* (`judged`):
  the file is fine and stays exactly where it is; safe mode says which and offers to try
  again, never a backup in its place.
- **Set aside**: a damaged file replaced by a backup (or by no games) is moved beside
  the database, never deleted. One that still reads (`set_aside_files`) can have its
  games brought back into the database.
- **Backups** are copies made with SQLite's online backup API (consistent while the
  server runs) in the data folder's `backups/`: at start when something changed since
  the last one, then after changes at most every few minutes; the newest few are kept.
  One copy of a database at a time in this process (`_Line`): devices asking at once
  share one copy, and no listing sees the folder while old copies are pruned. What a
  copy killed half-way left (`*.partial`, its journal) is removed at the next start.
- **Restore** copies a backup into the live database with the same API (every open
  connection then sees it), after backing up what is there now.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from . import db
from .db import SCHEMA_VERSION, connect

BACKUP_FOLDER = "backups"
BACKUP_NAME = re.compile(r"botdeck-(\d{8}-\d{6}-\d{6})\.sqlite3")  # UTC, to the µs
# What a copy leaves next to its file while it runs (the copy itself, its journal) and
# what reading a backup may leave: SQLite's log files. Nothing else is ever removed.
LEFT_BY_A_COPY = re.compile(
    rf"(?P<backup>{BACKUP_NAME.pattern})(?P<partial>\.partial)?(?P<log>-journal|-wal|-shm)?"
)
SQLITE_LOGS = ("-journal", "-wal", "-shm")
log = logging.getLogger(__name__)
DAMAGED_SUFFIX = "damaged"
# Around the file, not in it: the file is left as it is and Botdeck tries again.
CIRCUMSTANCES = ("disk_full", "read_only", "cannot_open", "busy", "disk_error")
# Less room than this on the disk: SQLite's "disk I/O error" is a full disk (it cannot
# make the shared-memory file a reader needs, nor grow the log).
ROOM_NEEDED = 1024 * 1024


@dataclass(frozen=True)
class Problem:
    """What is wrong with the games database; `detail` is SQLite's (or the system's)
    own words."""

    # the file: "damaged", "too_new", "missing", "empty"; around it: CIRCUMSTANCES
    kind: str
    detail: str = ""
    version: int = 0

    @property
    def circumstance(self) -> bool:
        """Nothing is wrong with the file: the disk, the folder or another program
        stops Botdeck, and it can try again once that is gone."""
        return self.kind in CIRCUMSTANCES


def judged(error: BaseException, database: Path) -> Problem:
    """What an error met opening or writing the database says: damage only when SQLite
    finds the file is not a database or is malformed; else the circumstance, from the
    error and from the disk and folder the file is in."""
    detail = str(error) or type(error).__name__
    if isinstance(error, db.DatabaseBusy):
        return Problem("busy", detail)
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return Problem("damaged", detail)
    if name.startswith("SQLITE_FULL") or (
        isinstance(error, OSError) and error.errno in FULL_ERRNOS
    ):
        return Problem("disk_full", detail)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return Problem("busy", detail)
    folder = database.parent
    if _room_left(folder) < ROOM_NEEDED:
        return Problem("disk_full", detail)
    if not _writable(folder) or (database.exists() and not _writable(database)):
        return Problem("read_only", detail)
    if name.startswith("SQLITE_READONLY") or (
        isinstance(error, OSError) and error.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
    ):
        return Problem("read_only", detail)
    if name.startswith("SQLITE_IOERR") or (isinstance(error, OSError) and error.errno == errno.EIO):
        return Problem("disk_error", detail)
    return Problem("cannot_open", detail)


# SQLite's errors that come from around the file, never from the file or a statement
AROUND_THE_FILE = (
    "SQLITE_FULL",
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_READONLY",
    "SQLITE_IOERR",
    "SQLITE_CANTOPEN",
    "SQLITE_PERM",
)
# What the system says when a file cannot be written: no room, or the folder's rights
FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT)
DISK_ERRNOS = (*FULL_ERRNOS, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO)


def from_around(error: BaseException) -> bool:
    """Whether a failed change met a circumstance (a full disk, another program holding
    the file…) rather than a fault of Botdeck's: the table is told what, not "a bug"."""
    if isinstance(error, db.DatabaseBusy):
        return True
    if isinstance(error, sqlite3.Error):
        return (getattr(error, "sqlite_errorname", "") or "").startswith(AROUND_THE_FILE)
    return isinstance(error, OSError) and error.errno in DISK_ERRNOS


def _room_left(folder: Path) -> int:
    """Free bytes on the disk holding `folder` (or the nearest folder above it that
    exists); as much as needed if it cannot be told."""
    for place in (folder, *folder.parents):
        try:
            return shutil.disk_usage(place).free
        except OSError:
            continue
    return ROOM_NEEDED


def _writable(path: Path) -> bool:
    """Whether this process may write `path` (a read-only disk says no even to root)."""
    try:
        return os.access(path, os.W_OK)
    except OSError:
        return False


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
    # as a URI with its characters escaped: a folder named "Games #2?" is a folder
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


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
    """The backups of this database, newest first. A file gone before it was read (taken
    away by hand, or by another program) is left out rather than failing the list."""
    folder = backup_dir(database)
    found = []
    with _line(database).folder:
        for made_at, path in _stamped(folder):
            try:
                size = path.stat().st_size
            except FileNotFoundError:
                continue
            games = _count_games(path)
            if games is None and not path.exists():
                continue
            found.append(Backup(path, made_at, size, games))
    return found


def _stamped(folder: Path) -> list[tuple[datetime, Path]]:
    """The backup files in `folder` by their names, newest first (nothing read)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = BACKUP_NAME.fullmatch(path.name)
        if match is not None:
            stamp = datetime.strptime(match.group(1), "%Y%m%d-%H%M%S-%f").replace(tzinfo=UTC)
            found.append((stamp, path))
    return sorted(found, reverse=True)


def find_backup(database: Path, name: str) -> Backup | None:
    """A backup by its file name (nothing outside the backups folder)."""
    return next((b for b in backups(database) if b.name == name), None)


def check(database: Path) -> Problem | None:
    """What is wrong with the database at start, read-only; None if it can be used."""
    try:
        if not database.exists() or database.stat().st_size == 0:
            if not backups(database):
                return None  # a first start: a new, empty database
            return Problem("missing" if not database.exists() else "empty")
        reader = _read_only(database)
        try:
            version = int(reader.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                return Problem("too_new", version=version)
            found = [row[0] for row in reader.execute("PRAGMA quick_check(5)")]
        finally:
            reader.close()
    except (sqlite3.Error, OSError) as error:
        return judged(error, database)
    if found != ["ok"]:
        return Problem("damaged", "; ".join(found))
    return None


def open_for_use(
    database: Path, *, keep: int, removed: Callable[[Path], None] = lambda path: None
) -> Problem | None:
    """Everything at start (and at safe mode's *Try again*): what a stopped copy left
    removed (each told to `removed`), the file checked, upgraded to this version's
    shape and backed up if it changed. None: ready; else what stops it, nothing moved."""
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
        for path in clean_up(database):
            removed(path)
        found = check(database)
        if found is not None:
            return found
        db.upgrade(database)
        make_backup(database, keep=keep, only_if_changed=True)
    except db.DatabaseTooNew as error:
        return Problem("too_new", version=error.version)
    except (sqlite3.Error, OSError, db.DatabaseBusy) as error:
        return judged(error, database)
    return None


# What a database holds, in a few numbers: every change a player can make moves one.
# A device joining a game while another leaves one keeps the count of games in lists:
# the newest joined (a join is stamped now) and the players among them move. A claim
# changes only owners: the count of what no device owns moves.
FINGERPRINT = (
    "SELECT (SELECT COUNT(*) || '/' || IFNULL(SUM(version), 0) || '/' || IFNULL(MAX(updated_at),"
    " '') || '/' || IFNULL(SUM(length(name)), 0) || '/' || IFNULL(SUM(owner IS NULL), 0)"
    " || '/' || IFNULL(SUM(deleted_at IS NOT NULL), 0) || '/' || IFNULL(MAX(deleted_at), '')"
    " FROM games),"
    " (SELECT COUNT(*) || '/' || IFNULL(MAX(updated_at), '') || '/' || IFNULL(SUM(length(name)),"
    " 0) || '/' || IFNULL(SUM(owner IS NULL), 0) FROM decks),"
    " (SELECT COUNT(*) || '/' || IFNULL(MAX(updated_at), '') || '/' || IFNULL(SUM(owner = ''), 0)"
    " FROM kept),"
    " (SELECT COUNT(*) || '/' || IFNULL(MAX(joined_at), '') || '/' || IFNULL(SUM(role = 'play'), 0)"
    " FROM device_games),"
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
    not if nothing changed on disk since the newest backup, nor if it holds nothing.

    Asked while a copy of this database runs, it waits, and every request that came
    meanwhile gets the one copy made next. Not the running one: it may have started
    reading before the asker's last change was stored. And not a copy each: six
    devices tapping *Back up now* together would push six copies of the same moment
    into the `keep` newest, and the older, different backups out."""
    line = _line(database)
    with line.asking:
        turn = line.next
        leads = turn is None
        if turn is None:
            turn = line.next = _Turn(keep, only_if_changed)
        else:  # the shared copy does what each asker asked
            turn.keep = max(turn.keep, keep)
            turn.only_if_changed = turn.only_if_changed and only_if_changed
    if not leads:
        turn.done.wait()
        if turn.failed is not None:
            raise turn.failed
        return turn.made
    with line.copying:
        with line.asking:
            line.next = None  # who asks from now on waits for a copy started after them
        try:
            turn.made = _back_up(database, keep=turn.keep, only_if_changed=turn.only_if_changed)
        except BaseException as error:
            turn.failed = error
            raise
        finally:
            turn.done.set()
    return turn.made


def _back_up(
    database: Path, *, keep: int, only_if_changed: bool, sparing: Path | None = None
) -> Path | None:
    """One copy and the pruning after it; the caller holds the line's `copying`.
    `sparing`, if there, is one of the `keep` kept however old it is."""
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
    partial = _partial_copy(database, target)
    with _line(database).folder:  # a listing sees the new copy and the pruning at once
        os.replace(partial, target)
        stamped = [path for _, path in _stamped(folder)]
        if sparing in stamped:
            stamped.remove(sparing)
            keep -= 1
        for old in stamped[keep:]:
            for suffix in ("", *SQLITE_LOGS):  # a backup read by an earlier Botdeck has logs
                Path(f"{old}{suffix}").unlink(missing_ok=True)
    return target


def clean_up(database: Path) -> list[Path]:
    """Remove what a copy killed half-way left behind: the `.partial` copy and its
    journal, a log whose backup is gone (and in the data folder, a safe-mode restore's
    `.partial`). Only names Botdeck itself writes; returns what was removed."""
    folder = backup_dir(database)
    left = [database.with_name(f"{database.name}.partial{log}") for log in ("", *SQLITE_LOGS)]
    line = _line(database)
    with line.copying, line.folder:  # no copy of this process is under way
        if folder.is_dir():
            for path in folder.iterdir():
                match = LEFT_BY_A_COPY.fullmatch(path.name)
                if match is None or not (match["partial"] or match["log"]):
                    continue  # not Botdeck's, or a backup itself
                if match["partial"] or not (folder / match["backup"]).exists():
                    left.append(path)
        removed = [path for path in left if path.exists()]
        for path in removed:
            path.unlink(missing_ok=True)
    return removed


def _partial_copy(source_path: Path, target: Path) -> Path:
    """A consistent copy of a database (read-only: nothing written to it, not even a
    checkpoint) as `<target>.partial`, for the caller to move to `target` at once: the
    file then appears whole or not at all. Nothing is left if the copy fails."""
    partial = target.with_name(target.name + ".partial")
    try:
        source = _read_only(source_path)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                # The copy says "WAL" as the live file does: each read of it would then
                # leave a -wal and -shm file next to it. A backup is never written again.
                copy.execute("PRAGMA journal_mode = DELETE")
            finally:
                copy.close()
        finally:
            source.close()
    except BaseException:
        for log in ("", *SQLITE_LOGS):
            Path(f"{partial}{log}").unlink(missing_ok=True)
        raise
    return partial


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


def restore(database: Path, backup: Path, *, keep: int) -> Path | None:
    """What is here now backed up (the newest; `keep` + 1 kept, the backup being
    restored always among them, even the oldest of a folder that a restore just before
    left with `keep` + 1), then `backup` copied over the live database, no other copy
    or pruning in between. None, and nothing done, if `backup` is not there any more or
    cannot be read (pruned while the user chose it)."""
    with _line(database).copying:
        if not backup.exists() or _count_games(backup) is None:
            return None
        made = _back_up(database, keep=keep + 1, only_if_changed=False, sparing=backup)
        restore_into(database, backup)
    return made


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
    """Move a damaged database (and its log files) aside, never deleting it nor one set
    aside before (in the same second too); returns where it went."""
    if not database.exists():
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = database.with_name(f"{database.stem}-{DAMAGED_SUFFIX}-{stamp}{database.suffix}")
    number = 1
    while any(Path(f"{aside}{suffix}").exists() for suffix in ("", *SQLITE_LOGS)):
        number += 1
        aside = database.with_name(
            f"{database.stem}-{DAMAGED_SUFFIX}-{stamp}-{number}{database.suffix}"
        )
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{database}{suffix}")
        if part.exists():
            os.replace(part, Path(f"{aside}{suffix}"))
    return aside


def restore_file(database: Path, backup: Path) -> bool:
    """Safe mode: the damaged (or empty) database file set aside, a copy of the backup
    in its place. False, and nothing done, if the backup is gone."""
    with _line(database).copying:
        if not backup.exists():
            return False
        partial = _partial_copy(backup, database)  # copied before anything is moved
        set_aside(database)
        os.replace(partial, database)
    return True


@dataclass(frozen=True)
class SetAside:
    """A database file set aside that still reads, with what it holds that the database
    does not."""

    path: Path
    set_at: datetime
    games: int
    decks: int

    @property
    def name(self) -> str:
        return self.path.name


def _set_aside_name(database: Path) -> re.Pattern[str]:
    return re.compile(
        rf"{re.escape(database.stem)}-{DAMAGED_SUFFIX}-(\d{{8}}-\d{{6}})(?:-\d+)?"
        + re.escape(database.suffix)
    )


# Whether a set-aside file reads whole, by its path, size and time written: each is
# checked once (PRAGMA integrity_check reads all of it), not at every lobby visit.
_intact: dict[tuple[str, int, int], bool] = {}
_intact_lock = threading.Lock()


def _reads_whole(path: Path) -> bool:
    try:
        stat = path.stat()
    except OSError:
        return False
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _intact_lock:
        known = _intact.get(key)
    if known is not None:
        return known
    try:
        reader = _read_only(path)
        try:
            intact = [row[0] for row in reader.execute("PRAGMA integrity_check(1)")] == ["ok"]
            intact = intact and reader.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
            ).fetchone() is not None
        finally:
            reader.close()
    except (sqlite3.Error, OSError):
        intact = False
    with _intact_lock:
        _intact[key] = intact
    return intact


def set_aside_files(database: Path) -> list[SetAside]:
    """The files set aside beside the database that read whole and hold games or decks
    it does not, newest first: what *Bring these games back* offers."""
    pattern = _set_aside_name(database)
    found = []
    try:
        names = sorted(os.listdir(database.parent), reverse=True)
    except OSError:
        return []
    for name in names:
        match = pattern.fullmatch(name)
        path = database.parent / name
        if match is None or not _reads_whole(path):
            continue
        try:
            missing = db.not_here(database, path)
        except sqlite3.Error:
            continue  # a file whose tables are not a Botdeck database's
        if missing.games or missing.decks:
            set_at = datetime.strptime(match.group(1), "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
            found.append(SetAside(path, set_at, missing.games, missing.decks))
    return found


def bring_back(database: Path, name: str) -> db.BroughtBack | None:
    """The games and decks of the set-aside file `name` that the database does not
    hold, copied into it (the file itself left as it is); None if there is no such
    file that reads. DatabaseTooNew if a newer Botdeck wrote it."""
    chosen = next((found for found in set_aside_files(database) if found.name == name), None)
    if chosen is None:
        return None
    with tempfile.TemporaryDirectory(prefix="botdeck-") as folder:
        # a copy brought to this version's shape: the set-aside file is never written
        partial = _partial_copy(chosen.path, Path(folder) / "set-aside.sqlite3")
        db.upgrade(partial)
        return db.bring_in(database, partial)


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
        try:
            make_backup(self.database, keep=self.keep, only_if_changed=True)
        except (sqlite3.Error, OSError) as error:  # nothing lost: the next change tries again
            with self._lock:
                self._last = 0.0
            log.warning("no backup made: %s", judged(error, self.database).kind, exc_info=True)


@dataclass(eq=False)
class _Turn:
    """One copy, shared by every request that asked for it before it started."""

    keep: int
    only_if_changed: bool
    done: threading.Event = field(default_factory=threading.Event)
    made: Path | None = None
    failed: BaseException | None = None


class _Line:
    """The backups of one database in this process (the server is one process)."""

    def __init__(self) -> None:
        self.copying = threading.Lock()  # one copy, restore or clean-up at a time
        self.folder = threading.Lock()  # a listing never sees a prune half-way
        self.asking = threading.Lock()  # guards `next`
        self.next: _Turn | None = None  # the copy waited for, not started yet


_lines: dict[str, _Line] = {}
_lines_lock = threading.Lock()


def _line(database: Path) -> _Line:
    key = os.path.abspath(database)
    with _lines_lock:
        return _lines.setdefault(key, _Line())
