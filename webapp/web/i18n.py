"""Languages: English and French, from the browser or the device's choice."""

from __future__ import annotations

from collections.abc import Iterable
from contextvars import ContextVar
from datetime import UTC, date, datetime
from functools import lru_cache
from itertools import groupby
from typing import Any, Protocol, TypeVar

from babel.dates import format_date, format_datetime, format_time, format_timedelta
from flask import Blueprint, Flask, current_app, make_response, redirect, request, url_for
from flask_babel import Babel, get_locale, get_translations
from werkzeug.wrappers import Response

from ..engine import Msg, reason
from .forms import local_path
from .icons import icon

bp = Blueprint("i18n", __name__)
COOKIE = "botdeck_lang"


def select_locale() -> str:
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(COOKIE)
    if chosen in languages:
        return chosen  # type: ignore[return-value]
    return request.accept_languages.best_match(languages) or languages[0]


# The request's catalogue, looked up once per request: flask_babel looks it up (through
# Flask's context proxies) on every string, some 150 times for one tap's fragments.
_catalogue: ContextVar[Any] = ContextVar("botdeck_catalogue", default=None)


def catalogue() -> Any:
    """The request's translations (flask_babel's, outside a request)."""
    found = _catalogue.get()
    return get_translations() if found is None else found


def _remember_catalogue() -> None:
    _catalogue.set(get_translations())


def _forget_catalogue(error: BaseException | None = None) -> None:
    _catalogue.set(None)  # the thread's next request looks its language up again


def translate(message: Msg | str | None) -> str:
    """Render a rules-core message in the request's language."""
    if message is None:
        return ""
    if isinstance(message, str):
        return message
    translations = catalogue()
    try:
        return _in_language(translations, message)
    except TypeError:  # a message holding something unhashable: rendered, not kept
        return message.render(translations.gettext, translations.ngettext)


@lru_cache(maxsize=4096)
def _in_language(translations: Any, message: Msg) -> str:
    """`message` in the language of `translations` (one catalogue per language, kept for
    the process), rendered once: a page says the same few hundred messages again and
    again."""
    return message.render(translations.gettext, translations.ngettext)


def refusal(error: BaseException) -> str:
    """Why something was refused, in the request's language: the `Msg` the error was
    raised with (see `engine.text.reason`)."""
    return translate(reason(error))


def translate_json(data: dict[str, Any] | None) -> str:
    """A message stored as JSON (history, lobby), in the request's language."""
    return translate(Msg.from_json(data)) if data else ""


def when(iso: str) -> str:
    """A stored UTC time as this server's local date and time, in the locale."""
    moment = datetime.fromisoformat(iso).astimezone()
    return format_datetime(moment, "short", tzinfo=moment.tzinfo, locale=get_locale())


def _local(iso: str) -> datetime:
    """A stored time in this server's time zone (one stored without its zone is UTC)."""
    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone()


def _local_day(item: Stamped) -> date:
    return _local(item.created_at).date()


def time_of_day(iso: str) -> str:
    """The local time of day of a stored time: "3:05 PM", « 15:05 »."""
    return _minute(_local(iso).replace(second=0, microsecond=0), str(get_locale()))


@lru_cache(maxsize=1024)
def _minute(moment: datetime, locale: str) -> str:
    # a History page writes fifty times, most in the same few minutes: Babel's
    # formatting (~50 µs) once per minute and language
    return format_time(moment, "short", tzinfo=moment.tzinfo, locale=locale)


class Stamped(Protocol):
    @property
    def created_at(self) -> str: ...


S = TypeVar("S", bound=Stamped)


def by_day(items: Iterable[S]) -> list[tuple[str, list[S]]]:
    """Consecutive items grouped by their local day, in their order: (the day in full,
    "Tuesday, May 14, 2024", « mardi 14 mai 2024 », and its items). Each day is written
    out once (Babel's formatting is the dear part of a History row)."""
    locale = get_locale()
    return [
        (format_date(local_day, "full", locale=locale), list(group))
        for local_day, group in groupby(items, _local_day)
    ]


def ago(iso: str) -> str:
    """How long ago, in words: "5 minutes ago", « il y a 5 minutes »."""
    when = datetime.fromisoformat(iso)
    if when.tzinfo is None:  # stored without its zone (by hand, or long ago): UTC
        when = when.replace(tzinfo=UTC)
    delta = when - datetime.now(UTC)
    return format_timedelta(delta, add_direction=True, locale=get_locale())


@bp.get("/lang/<code>")
def switch(code: str) -> Response:
    """Remember the device's language in a cookie and go back where it was."""
    target = local_path(request.args.get("next", "")) or url_for("lobby.index")
    response = make_response(redirect(target))
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie(COOKIE, code, max_age=3600 * 24 * 365 * 5, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.before_request(_remember_catalogue)
    app.teardown_request(_forget_catalogue)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # the i18n extension
        gettext=lambda s: catalogue().ugettext(s),
        ngettext=lambda s, p, n: catalogue().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n),
    )
    app.jinja_env.filters["t"] = translate
    app.jinja_env.filters["msg"] = translate_json
    app.jinja_env.filters["when"] = when
    app.jinja_env.filters["ago"] = ago
    app.jinja_env.filters["time_of_day"] = time_of_day
    app.jinja_env.filters["by_day"] = by_day
    app.jinja_env.globals["icon"] = icon
    app.jinja_env.globals["current_locale"] = lambda: str(get_locale())
    app.register_blueprint(bp)
