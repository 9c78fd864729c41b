"""`drawn(template, **values)` for templates: a small part of a page (a checklist line, a
tile of a map) rendered once for its values and language, then taken as it was."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Flask, current_app
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

DRAWN_KEPT = 1024  # parts kept rendered, all games and languages: under 1 MB (0.9 KB a part)


@pass_context
def drawn(context: Context, template: str, **values: Any) -> Markup:
    """Small template `template` rendered with `values` alone (and the app's globals),
    once for those values in a language, and then taken as it was: a checklist line, a
    tile of a map. A tap draws again only the parts whose values it changed, however
    many the page holds. The template reads nothing but its values: that is what makes
    the values its key."""
    locale = context.get("locale") or str(get_locale())
    key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in values.items()))
    try:
        return _drawn(locale, template, key)
    except TypeError:  # a value that cannot be a key (a list, a dict): drawn, not kept
        return _draw(template, values)


@lru_cache(maxsize=DRAWN_KEPT)
def _drawn(locale: str, template: str, values: tuple[tuple[str, Any], ...]) -> Markup:
    return _draw(template, dict(values))


def _draw(template: str, values: dict[str, Any]) -> Markup:
    return Markup(current_app.jinja_env.get_template(template).render(**values))


def init_app(app: Flask) -> None:
    app.jinja_env.globals["drawn"] = drawn
