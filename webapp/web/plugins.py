"""Each bot's web parts, from its own package: its declared pages (`pages.PAGES`, a
`BotPages`: lobby icon, template of each region, view, form hook, entry editor), its
templates (`templates/<id>/…`), its icons and its static files (`static/`, served at
`/bots/<id>/static/`). Adding a bot edits no shared web file."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import jinja2
from flask import Blueprint, Flask, current_app
from markupsafe import Markup

from ..bots.pages import BotPages
from ..engine import Bot, all_bots

EXTENSION = "botdeck.pages"


class CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled once per process, shared by every app it creates (the tests
    create one a test: compiling a game page's templates again took 60–150 ms each
    time). Jinja checks each template's source against its checksum before reuse."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def declared_pages(bot: Bot[Any]) -> BotPages[Any]:
    """The `PAGES` of the bot's package's `pages` module, checked against its rules."""
    module = sys.modules[type(bot).__module__]
    package = module.__package__ or module.__name__
    try:
        declared = importlib.import_module(f"{package}.pages")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.pages":
            raise
        # internal: a bot package built wrong, at start-up
        raise TypeError(f"bot {bot.id!r} declares no pages ({package}/pages.py)") from None
    pages = getattr(declared, "PAGES", None)
    if not isinstance(pages, BotPages):
        # internal: a bot package built wrong, at start-up
        raise TypeError(f"{package}.pages.PAGES is not a BotPages")
    plays_cards = bot.cards is not None
    if pages.templates.cards != plays_cards:
        plays = "plays cards" if plays_cards else "plays without cards"
        # internal: a bot package built wrong, at start-up
        raise TypeError(f"bot {bot.id!r} {plays}: its pages' card regions say otherwise")
    return pages


def tile_icons(env: jinja2.Environment, declared: dict[str, BotPages[Any]]) -> dict[str, Markup]:
    """Each bot's lobby icon as a `<symbol>`, when it is one of its own icons (else the
    app's sprite has it): taken from its sprite once, for the pages of other bots."""
    found = {}
    for bot_id, pages in declared.items():
        if not pages.icons:
            continue
        sprite = env.get_template(pages.icons).render()
        symbol = re.search(rf'<symbol id="i-{re.escape(pages.icon)}".*?</symbol>', sprite, re.S)
        if symbol is not None:
            found[bot_id] = Markup(symbol.group(0))
    return found


def pages_of(bot_id: str) -> BotPages[Any]:
    """The declared pages of a registered bot."""
    return current_app.extensions[EXTENSION][bot_id]  # type: ignore[no-any-return]


def init_app(app: Flask) -> None:
    loaders: list[jinja2.BaseLoader] = [app.jinja_loader] if app.jinja_loader else []
    declared: dict[str, BotPages[Any]] = {}
    stylesheets: dict[str, tuple[str, str]] = {}
    for bot in all_bots():
        pages = declared[bot.id] = declared_pages(bot)
        module = type(bot).__module__
        loaders.append(jinja2.PackageLoader(module, "templates"))
        folder = Path(sys.modules[module].__file__ or "").parent / "static"
        name = f"bot_{bot.id}"
        if folder.is_dir():
            app.register_blueprint(
                Blueprint(
                    name, module, static_folder="static", static_url_path=f"/bots/{bot.id}/static"
                )
            )
        if pages.stylesheet:
            if not (folder / pages.stylesheet).is_file():
                # internal: a bot package built wrong, at start-up
                raise TypeError(f"bot {bot.id!r}: no {pages.stylesheet} in its static folder")
            stylesheets[bot.id] = (f"{name}.static", pages.stylesheet)
    app.extensions[EXTENSION] = declared
    app.jinja_loader = jinja2.ChoiceLoader(loaders)
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    # A page loads its own bot's stylesheet and icons only (base.html, `page_bot`): the
    # others' lobby icons are drawn from `bot_tile_icons`
    app.jinja_env.globals["bot_stylesheets"] = stylesheets
    app.jinja_env.globals["bot_sprites"] = {i: p.icons for i, p in declared.items() if p.icons}
    app.jinja_env.globals["bot_tile_icons"] = tile_icons(app.jinja_env, declared)
