"""Each bot's web parts, from its own package: its templates (`templates/<id>/…`), its
icons (`templates/<id>/_icons.html`, drawn on every page after the app's sprite) and its
static files (`static/`, served at `/bots/<id>/static/`; `<id>.css` is linked on every
page). Adding a bot edits no shared web file."""

from __future__ import annotations

import sys
from pathlib import Path

import jinja2
from flask import Blueprint, Flask

from ..engine import all_bots


def init_app(app: Flask) -> None:
    loaders: list[jinja2.BaseLoader] = [app.jinja_loader] if app.jinja_loader else []
    stylesheets: list[tuple[str, str]] = []
    sprites: list[str] = []
    for bot in all_bots():
        module = type(bot).__module__
        loaders.append(jinja2.PackageLoader(module, "templates"))
        package = Path(sys.modules[module].__file__ or "").parent
        if (package / "templates" / bot.id / "_icons.html").is_file():
            sprites.append(bot.id)
        folder = package / "static"
        if folder.is_dir():
            name = f"bot_{bot.id}"
            app.register_blueprint(
                Blueprint(
                    name, module, static_folder="static", static_url_path=f"/bots/{bot.id}/static"
                )
            )
            if (folder / f"{bot.id}.css").is_file():
                stylesheets.append((f"{name}.static", f"{bot.id}.css"))
    app.jinja_loader = jinja2.ChoiceLoader(loaders)
    app.jinja_env.globals["bot_stylesheets"] = stylesheets
    app.jinja_env.globals["bot_sprites"] = sprites
