"""The layers hold: each package imports only what lies below it.

    serving  (server, live streams, bridge to the app)
       ↓
    web      (Flask: blueprints, fragments, languages)    ← the only floor with Flask
       ↓                                      ↘
    service  (games, decks, boards, record,    network (addresses, botdeck.local)
       ↓      live channel)  ↘
    storage  (SQLite)          bots (plug-ins) → engine (rules core)

Read from the sources' import statements (not by importing them), so a layer that
reaches up is caught even in a function's body.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "webapp"
WEB_ONLY = ("flask", "flask_babel", "flask_compress", "jinja2", "jinja2_fragments", "werkzeug")
# what each floor may import of webapp (besides itself)
ALLOWED = {
    "engine": set(),
    "bots": {"engine"},
    "storage": set(),
    "network": set(),
    "service": {"engine", "bots", "storage"},
    "web": {"engine", "bots", "storage", "service", "network"},
    "serving": {"engine", "bots", "storage", "service", "network", "web"},
}
LOOSE_AT_MOST = 6


def module_name(path: Path) -> list[str]:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def imports(path: Path) -> list[str]:
    """Every module `path` imports, as an absolute dotted name (`from . import x` as the
    package's `x`)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path)[:-1]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = [*base, *(node.module.split(".") if node.module else [])]
            else:
                module = node.module.split(".") if node.module else []
            if node.module is None or module == ["webapp"]:
                found += [".".join([*module, alias.name]) for alias in node.names]
            else:
                found.append(".".join(module))
    return found


def floor(module: str) -> str | None:
    """The layer a webapp module lies on (None: the package's own loose modules)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def bot_of(module: str) -> str | None:
    """The bot a module belongs to (None: not a bot's own, e.g. bots/whole_cards.py)."""
    parts = module.split(".")
    is_bot = len(parts) > 2 and parts[1] == "bots" and (PACKAGE / "bots" / parts[2]).is_dir()
    return parts[2] if is_bot else None


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_each_layer_imports_only_what_lies_below_it(path):
    own = module_name(path)
    here = floor(".".join(own))
    if here is None:  # the package's loose modules put the floors together
        return
    for imported in imports(path):
        parts = imported.split(".")
        if parts[0] in WEB_ONLY:
            assert here == "web", f"{imported} imported outside the web layer"
        if parts[0] != "webapp" or len(parts) < 2:
            continue
        there = floor(imported)
        if there is None or there == here:
            mine, theirs = bot_of(".".join(own)), bot_of(imported)
            if mine is not None:  # (bots/__init__.py brings every bot in)
                assert theirs in (None, mine), f"a bot's code imports another's: {imported}"
            continue
        assert there in ALLOWED[here], f"{here} imports {imported}, above it"


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_the_rules_core_touches_no_database(path):
    if floor(".".join(module_name(path))) in ("engine", "bots"):
        assert "sqlite3" not in imports(path)


def test_the_package_shows_its_layers():
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(loose) <= LOOSE_AT_MOST, loose
    assert {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()} >= set(
        ALLOWED
    )


WEB_SOURCES = sorted((PACKAGE / "web").rglob("*.py"))


def games_locks_taken(source: str) -> list[int]:
    """The lines of `source` that reach for a game's lock (`games.lock`, or `lock`
    imported from the games service)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "lock":
            owner = node.value
            name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
            if name == "games":
                found.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "games":
            found += [node.lineno for alias in node.names if alias.name == "lock"]
    return sorted(found)


@pytest.mark.parametrize("path", WEB_SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_view_takes_a_games_lock(path):
    """A view hands the service what to do with the game held still (`games.read`,
    `games.change`): the web floor never takes a game's lock itself."""
    assert games_locks_taken(path.read_text(encoding="utf-8")) == [], path


def test_a_games_lock_taken_in_a_view_is_found():
    taken = (
        "with games.lock(game_id):\n    pass\n"
        "from ..service.games import lock\n"
        "with service.games.lock(game_id):\n    pass\n"
    )
    assert games_locks_taken(taken) == [1, 3, 4]
    assert games_locks_taken("with live.held(), threading.Lock():\n    pass\n") == []
