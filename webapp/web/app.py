"""The Flask app: its settings, its parts, and the database each of its contexts works on."""

from __future__ import annotations

import contextlib
import os
from contextvars import Token
from pathlib import Path
from typing import Any

from flask import Flask
from flask.ctx import AppContext
from flask_compress import Compress

from .. import bots as _bots  # noqa: F401  (registers every bot plug-in)
from ..storage import db
from . import body_limits

HERE = Path(__file__).resolve().parent.parent  # the package: webapp/


def _folder(name: str) -> str:
    """Inside the package when installed from a wheel, beside it in a checkout."""
    inside = HERE / name
    return str(inside if inside.is_dir() else HERE.parent / name)


def default_data_dir() -> str:
    from platformdirs import user_data_dir

    return os.environ.get("BOTDECK_DATA_DIR") or user_data_dir("botdeck", appauthor=False)


def create_app(test_config: dict[str, Any] | None = None) -> BotdeckApp:
    app = BotdeckApp(
        "webapp", template_folder=_folder("templates"), static_folder=_folder("static")
    )
    app.config.from_mapping(
        DATA_DIR=default_data_dir(),
        # A request's body at most (an exported game or deck is a few hundred KB), and
        # the routes that take more (endpoint → bytes): the app refuses a body declared
        # over them, the server any body as it arrives (web/body_limits.py).
        MAX_CONTENT_LENGTH=body_limits.BODY_BYTES,
        BODY_LIMITS=dict(body_limits.ROUTE_BODY_BYTES),
        # Rolling backups of the database in DATA_DIR/backups: at start when it changed,
        # then after changes at most every BACKUP_SECONDS; the newest BACKUP_KEEP kept.
        BACKUP_KEEP=10,
        BACKUP_SECONDS=600,
        LANGUAGES=("en", "fr"),
        BABEL_TRANSLATION_DIRECTORIES=str(HERE / "translations"),
        # Pages, fragments and htmx itself go out compressed (a first visit is
        # a third of its raw size); live-update streams must never be buffered.
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_STREAMS=False,
        COMPRESS_MIN_SIZE=512,
        # Brotli's fastest: a tap's answer (~24 KB) in 0.08 ms to 4.4 KB, where its
        # default took 0.4 ms for 3.6 KB — on a home network the time counts, not the KB.
        COMPRESS_BR_LEVEL=1,
        # The names Botdeck answers to besides this computer's own addresses and
        # names (None: any name at all). See web/security.py.
        ALLOWED_HOSTS=tuple(
            name.strip()
            for name in os.environ.get("BOTDECK_ALLOWED_HOSTS", "").split(",")
            if name.strip()
        ),
    )
    if test_config:
        app.config.update(test_config)
    data_dir = Path(app.config["DATA_DIR"])
    with contextlib.suppress(OSError):  # a read-only disk: safe mode says so (web/data.py)
        data_dir.mkdir(parents=True, exist_ok=True)
    app.config.setdefault("DATABASE", str(data_dir / "botdeck.sqlite3"))

    from . import (
        boards,
        data,
        devices,
        drawn,
        entry,
        errors,
        i18n,
        library,
        lobby,
        play,
        plugins,
        record,
        removal,
        security,
        share,
        static_files,
        static_urls,
        table_copy,
        theme,
        watch,
        web_manifest,
    )

    Compress(app)
    static_files.init_app(app)  # runs before Compress, which leaves its answers alone
    static_urls.init_app(app)  # every static URL carries its file's hash
    plugins.init_app(app)  # each bot's templates and static files
    app.teardown_appcontext(db.close_db)  # never a transaction left open
    i18n.init_app(app)
    drawn.init_app(app)  # small parts of a page, each rendered once for its values
    theme.init_app(app)  # light, dark or the system's, from a cookie like the language
    errors.init_app(app)
    security.init_app(app)  # before devices: a refused request makes no device
    body_limits.init_app(app)  # a body over its route's limit: refused before any view
    data.init_app(app)  # the database checked and upgraded, or safe mode
    devices.init_app(app)
    app.register_blueprint(lobby.bp)
    app.register_blueprint(removal.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(watch.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(entry.bp)
    app.register_blueprint(library.bp)
    app.register_blueprint(boards.bp)
    app.register_blueprint(table_copy.bp)
    app.register_blueprint(web_manifest.bp)
    app.register_blueprint(record.bp)
    return app


class BotdeckApp(Flask):
    """Flask, each of whose contexts (a request's, an `app.app_context()`) works on the
    app's database: the store and the service read it from there, never from Flask."""

    def app_context(self) -> AppContext:
        return _DatabaseContext(self)


class _DatabaseContext(AppContext):
    """An app context, bound to the app's database while pushed (as often as pushed)."""

    def __init__(self, app: Flask) -> None:
        super().__init__(app)
        self._bound: list[Token[str | None]] = []

    def push(self) -> None:
        super().push()
        self._bound.append(db.bind(self.app.config["DATABASE"]))

    def pop(self, *args: Any, **kwargs: Any) -> None:
        try:
            super().pop(*args, **kwargs)  # its teardown still on the database
        finally:
            db.unbind(self._bound.pop())
