"""Clear pages (or htmx fragments) for every error a user can cause."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import Flask, Response, redirect, render_template, request
from flask.globals import request_ctx
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from ..storage import db, safety
from .body_limits import MB, largest_file

# How soon a device may try again after each circumstance, in seconds.
RETRY_AFTER = {"busy": 2, "disk_full": 30, "read_only": 30, "cannot_open": 10, "disk_error": 10}


def circumstance_message(kind: str) -> str:
    """What a device is told when the database cannot take a change now, in its language."""
    messages = {
        "busy": lambda: _(
            "The games database is busy: another program on the Botdeck computer is using it "
            "(a backup or sync tool?). Nothing was changed: try again in a moment."
        ),
        "disk_full": lambda: _(
            "The disk of the Botdeck computer is full, so this could not be saved. Nothing "
            "was changed and nothing is lost: free some space on it, then try again."
        ),
        "read_only": lambda: _(
            "Botdeck cannot write to its data folder now (the disk or folder is read-only). "
            "Nothing was changed and nothing is lost: make it writable, then try again."
        ),
    }
    fallback = lambda: _(  # noqa: E731
        "The disk of the Botdeck computer reported an error, so this could not be saved. "
        "Nothing was changed: try again; if it goes on, check that disk."
    )
    return messages.get(kind, fallback)()


def is_htmx() -> bool:
    # A boosted request wants a whole page (django-htmx's rule).
    return (
        request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"
    )


def go_to(target: str) -> BaseResponse:
    """Send the browser to another page: htmx follows `HX-Redirect`, a form a 303."""
    if is_htmx():
        response = Response("", 204)
        response.headers["HX-Redirect"] = target
        return response
    return redirect(target, code=303)


def error_page(status: int, message: str) -> tuple[str, int, dict[str, str]]:
    headers = {"Vary": "HX-Request"}
    if request_ctx.url_adapter is None:
        # A Host no address can be built on ("a..b", a name over 63 letters): a page
        # with links cannot be drawn for it; the words alone.
        return message, status, {**headers, "Content-Type": "text/plain; charset=utf-8"}
    if is_htmx():
        headers.update({"HX-Retarget": "#notice", "HX-Reswap": "innerHTML"})
        return render_template("_notice.html", notice=message, error=True), status, headers
    return render_template("error.html", status=status, message=message), status, headers


def init_app(app: Flask) -> None:
    messages = {
        400: lambda: _("That request was not understood. Nothing was changed."),
        404: lambda: _("There is nothing here: the game or page does not exist (or was deleted)."),
        405: lambda: _("That address does not take this kind of request. Nothing was changed."),
        413: lambda: _(
            "That file is too large for Botdeck (%(size)s MB at most). Nothing was changed.",
            size=largest_file() // MB,
        ),
    }

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int, dict[str, str]]:
        status = error.code or 500
        text = messages.get(status)
        return error_page(
            status, text() if text else _("Something went wrong. Nothing was changed.")
        )

    @app.errorhandler(db.DatabaseBusy)
    @app.errorhandler(sqlite3.Error)
    @app.errorhandler(OSError)
    def storage(error: Exception) -> tuple[str, int, dict[str, str]]:
        """A change the database cannot take now (a full disk, another program holding
        it): 503 and what happened, never the generic 500. Anything else: `unexpected`."""
        if not safety.from_around(error):
            return unexpected(error)
        found = safety.judged(error, Path(app.config["DATABASE"]))
        if not found.circumstance:  # the file itself went bad while in use
            return unexpected(error)
        app.logger.warning("refused (%s): %s", found.kind, found.detail)
        page, status, headers = error_page(503, circumstance_message(found.kind))
        return page, status, {**headers, "Retry-After": str(RETRY_AFTER[found.kind])}

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[str, int, dict[str, str]]:
        app.logger.exception("unexpected error")
        return error_page(
            500,
            _(
                "Something went wrong on the Botdeck server. Nothing was changed; "
                "reload the page to see the game as it is."
            ),
        )
