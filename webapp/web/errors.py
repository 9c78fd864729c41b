"""Clear pages (or htmx fragments) for every error a user can cause."""

from __future__ import annotations

from flask import Flask, Response, redirect, render_template, request
from flask.globals import request_ctx
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from .body_limits import MB, largest_file


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
