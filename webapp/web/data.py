"""The games database kept safe, in the web: safe mode when it cannot be used, the
backups page (restore one, back up now), everything of a device in one file, games
brought back from a file set aside.

At start the database is checked (`safety.open_for_use`). If something is wrong the
app runs in **safe mode**: every page says what is wrong; no view that reads or writes
the database runs until the user chooses. A damaged file: the backups are offered. A
circumstance (a full disk, a read-only folder, another program holding the file): *Try
again*, and the file is never moved or replaced.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Flask,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..engine.json_input import JsonInputError, NumberTooLarge, parse_json
from ..service import collection, games, live
from ..storage import db, safety
from .body_limits import COLLECTION_BYTES
from .devices import current_device, saved_device
from .downloads import json_download
from .errors import error_page
from .forms import form_text, query_int, uploaded_file
from .fragments import forget_rendered
from .i18n import refusal, translate

bp = Blueprint("data", __name__, url_prefix="/data")
PROBLEM = "botdeck_problem"
SCHEDULE = "botdeck_backups"
PURGED = "botdeck_purged"  # when the deleted games were last purged (time.monotonic)
PURGE_SECONDS = 3600
_purge_lock = threading.Lock()
# what safe mode still answers: its own choices, the language, the static files
SAFE_ENDPOINTS = frozenset(
    {"static", "data.safe_restore", "data.safe_start_empty", "data.safe_retry", "i18n.switch"}
)
_switch = threading.Lock()


def _database() -> Path:
    return Path(current_app.config["DATABASE"])


def problem() -> safety.Problem | None:
    return current_app.extensions.get(PROBLEM)  # type: ignore[no-any-return]


# --- safe mode -------------------------------------------------------------------------


def safe_mode_page() -> Any:
    found = problem()
    if found is None or request.endpoint in SAFE_ENDPOINTS:
        return None
    return _safe_mode(found)


def _safe_mode(found: safety.Problem) -> Any:
    return (
        render_template(
            "data/safe_mode.html",
            problem=found,
            backups=[] if found.circumstance else safety.backups(_database()),
            schema_version=db.SCHEMA_VERSION,
            database=_database(),
        ),
        503,
        {"Retry-After": "5"},
    )


def _start(app: Flask) -> safety.Problem | None:
    """The database made ready for use (see `safety.open_for_use`), or what stops it."""
    database = Path(app.config["DATABASE"])
    db.release(database)  # an app starting on the file reads the file, not a kept connection
    found = safety.open_for_use(
        database,
        keep=app.config["BACKUP_KEEP"],
        removed=lambda path: app.logger.info(
            "removed %s, left by a backup that was stopped half-way", path
        ),
    )
    if found is not None and not found.circumstance and found.kind == "damaged":
        app.logger.warning("the games database is damaged: %s", found.detail)
    elif found is not None:
        app.logger.warning(
            "the games database cannot be used now (%s): %s", found.kind, found.detail
        )
    return found


def _circumstance_refused() -> Any:
    return error_page(
        409,
        _(
            "Nothing is wrong with the games database itself: Botdeck never replaces it. "
            "Once the cause is gone, tap Try again."
        ),
    )


def _reopen() -> None:
    """The database file now holds other content: bring it to this version's shape, drop
    what was read from the old one, and have open pages load again."""
    db.release(_database())  # the file may be another one now
    db.upgrade(_database())  # a backup may be from an earlier Botdeck
    current_app.extensions[PROBLEM] = None
    games.forget_all()
    forget_rendered()
    live.reset()


def _usable_backup(name: str) -> safety.Backup | None:
    chosen = safety.find_backup(_database(), name)
    return None if chosen is None or chosen.games is None else chosen


def _missing_backup() -> Any:
    return error_page(404, _("That backup is not there any more, or cannot be read."))


@bp.post("/safe/retry")
def safe_retry() -> Any:
    """Safe mode: look again (the disk has room now, the other program closed the file):
    the lobby if the database can be used, else safe mode with what is wrong now."""
    with _switch:
        found = problem()
        if found is None:
            return redirect(url_for("lobby.index"), code=303)
        found = _start(current_app)
        if found is not None:
            current_app.extensions[PROBLEM] = found
            return _safe_mode(found)
        _reopen()
    return redirect(url_for("lobby.index"), code=303)


@bp.post("/safe/restore")
def safe_restore() -> Any:
    """Safe mode: set the damaged (or empty) file aside, use a copy of a backup."""
    with _switch:
        found = problem()
        if found is None:
            return redirect(url_for("lobby.index"), code=303)
        if found.circumstance:
            return _circumstance_refused()
        chosen = _usable_backup(form_text("backup", max_length=80))
        if chosen is None:
            return _missing_backup()
        if not safety.restore_file(_database(), chosen.path):
            return _missing_backup()
        _reopen()
    return redirect(url_for("data.index", restored=chosen.name), code=303)


@bp.post("/safe/start-empty")
def safe_start_empty() -> Any:
    """Safe mode: start with no games; a damaged file is kept aside, never deleted."""
    with _switch:
        found = problem()
        if found is None:
            return redirect(url_for("lobby.index"), code=303)
        if found.kind == "too_new":
            return error_page(409, _("A database from a newer Botdeck is never replaced here."))
        if found.circumstance:
            return _circumstance_refused()
        safety.set_aside(_database())
        _reopen()
    return redirect(url_for("lobby.index"), code=303)


# --- backups and the collection file ------------------------------------------------


@bp.get("")
def index() -> str:
    """The backups Botdeck keeps, everything of this device as one file, restore, files
    set aside."""
    everything = safety.backups(_database())
    restored = request.args.get("restored", "")
    return render_template(
        "data/index.html",
        backups=everything,
        restored=next((b for b in everything if b.name == restored), None),
        set_aside=safety.set_aside_files(_database()),
        brought=(query_int("games"), query_int("decks")) if "brought" in request.args else None,
        keep=current_app.config["BACKUP_KEEP"],
        every=current_app.config["BACKUP_SECONDS"] // 60,
        folder=safety.backup_dir(_database()),
    )


@bp.post("/backup")
def backup_now() -> BaseResponse:
    safety.make_backup(_database(), keep=current_app.config["BACKUP_KEEP"])
    return redirect(url_for("data.index"), code=303)


@bp.get("/backups/<name>/restore")
def confirm_restore(name: str) -> Any:
    chosen = _usable_backup(name)
    if chosen is None:
        return _missing_backup()
    return render_template("data/restore.html", backup=chosen)


@bp.post("/backups/<name>/restore")
def restore(name: str) -> Any:
    """Every game, deck and kept entry back as they were in the backup; what is here
    now is backed up first, so the restore itself can be undone."""
    with _switch:
        chosen = _usable_backup(name)
        if chosen is None:
            return _missing_backup()
        if safety.restore(_database(), chosen.path, keep=current_app.config["BACKUP_KEEP"]) is None:
            return _missing_backup()  # pruned by a backup made since it was chosen
        _reopen()
    return redirect(url_for("data.index", restored=chosen.name), code=303)


@bp.post("/set-aside/<name>/bring-back")
def bring_back(name: str) -> Any:
    """The games and decks of a file set aside that are not here, copied in (the file
    stays as it is)."""
    with _switch:
        try:
            brought = safety.bring_back(_database(), name)
        except db.DatabaseTooNew:
            return error_page(
                409, _("That file was written by a newer Botdeck: update Botdeck to open it.")
            )
        if brought is None:
            return error_page(404, _("That file is not there any more, or cannot be read."))
        forget_rendered()
        live.reset()
    return redirect(
        url_for("data.index", brought=1, games=brought.games, decks=brought.decks), code=303
    )


@bp.get("/export")
def export_all() -> Any:
    """This device's games and decks, as one file."""
    data = collection.export_all(current_device().id)
    return json_download(data, _("Botdeck games %(date)s", date=data["exported_at"][:10]))


@bp.post("/import")
def import_all() -> Any:
    content = uploaded_file("file")
    if content is None:
        return error_page(400, _("Choose a collection file to import."))
    try:
        data = parse_json(content, max_chars=COLLECTION_BYTES)
        restored = collection.import_all(data, saved_device().id, default_name=_("Imported game"))
    except (NumberTooLarge, collection.BadCollection) as error:  # (JSON: maybe a collection)
        return error_page(
            422,
            _(
                "This collection cannot be imported: %(why)s. Nothing was imported.",
                why=refusal(error),
            ),
        )
    except JsonInputError as error:
        return error_page(
            422,
            _(
                "This file is not a Botdeck collection file (%(why)s). Nothing was imported.",
                why=translate(error.reason),
            ),
        )
    return render_template("data/imported.html", restored=restored)


# --- start --------------------------------------------------------------------------


def back_up_after_changes(response: Any) -> Any:
    """After a change is stored, a backup if the last one is old enough, and the games
    deleted long enough ago removed for good now and then (once the answer has gone:
    the tap does not wait for them; a page view never writes)."""
    schedule: safety.Schedule | None = current_app.extensions.get(SCHEDULE)
    if (
        schedule is not None
        and problem() is None
        and request.method == "POST"
        and response.status_code < 400
    ):
        response.call_on_close(schedule.changed)
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        response.call_on_close(partial(purge_now_and_then, app))
    return response


def purge_now_and_then(app: Flask) -> None:
    """What was deleted more than its 30 days ago removed for good, at most every
    PURGE_SECONDS (at start, and after the changes since). A database busy now: the
    next change tries again."""
    with _purge_lock:
        if time.monotonic() - app.extensions.get(PURGED, -PURGE_SECONDS) < PURGE_SECONDS:
            return
        app.extensions[PURGED] = time.monotonic()
    try:
        with app.app_context():
            games.purge_deleted(db.now())
    except (sqlite3.Error, OSError, db.DatabaseBusy) as error:
        app.extensions[PURGED] = -PURGE_SECONDS
        app.logger.warning("deleted games not purged now: %s", error)


def init_app(app: Flask) -> None:
    """Check the database; upgrade it and back it up, or start in safe mode."""
    database = Path(app.config["DATABASE"])
    app.extensions[PROBLEM] = found = _start(app)
    keep, every = app.config["BACKUP_KEEP"], app.config["BACKUP_SECONDS"]
    app.extensions[SCHEDULE] = safety.Schedule(database, every=every, keep=keep)
    if found is None:
        purge_now_and_then(app)
    app.before_request(safe_mode_page)
    app.after_request(back_up_after_changes)
    app.jinja_env.globals["database_problem"] = problem
    app.jinja_env.globals["set_aside_files"] = lambda: safety.set_aside_files(_database())
    app.register_blueprint(bp)
