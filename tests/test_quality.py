"""The package stays clean: ruff, mypy, and a packaging list that names every package."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (make test installs it)")
    return found


def test_ruff_finds_nothing():
    result = subprocess.run(
        [tool("ruff"), "check", "webapp", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout


def test_mypy_finds_nothing():
    result = subprocess.run([tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def imported_modules(source: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_the_rules_core_does_no_io_and_knows_no_bot():
    forbidden = {
        "flask",
        "sqlite3",
        "time",
        "datetime",
        "werkzeug",
        "os",
        "pathlib",
        "..db",
        "..games",
        "..bots",
        "..web",
    }
    for source in (ROOT / "webapp" / "engine").glob("*.py"):
        bad = {
            name
            for name in imported_modules(source)
            for banned in forbidden
            if name == banned or name.startswith(banned + ".")
        }
        assert not bad, f"{source.name} imports {bad}"


def test_bots_do_not_import_the_web_layer():
    for source in (ROOT / "webapp" / "bots").rglob("*.py"):
        modules = imported_modules(source)
        assert not {m for m in modules if "web" in m or "flask" in m or m.endswith("db")}


def test_the_wheel_lists_every_package():
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "webapp").rglob("__init__.py")
    }
    assert found <= listed


# A raise whose words only a programmer can see (a broken invariant, a plugin without
# its pages) says so on its line or the line above; every other one is a player's.
INTERNAL = "# internal:"


def _english_words(node: ast.expr) -> bool:
    """A message written as English text: a string, an f-string, `str(x)`, `"…".format()`."""
    if isinstance(node, ast.Constant):  # a sentence, not a key ("deck_id")
        return isinstance(node.value, str) and " " in node.value
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _english_words(node.left) or _english_words(node.right)
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "str":
            return True
        return isinstance(func, ast.Attribute) and func.attr == "format"
    return False


def untranslated_raises(source: str) -> list[int]:
    """The lines of `raise SomeError(<English text>)` not marked as internal."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        words = [*node.exc.args, *(k.value for k in node.exc.keywords)]
        if not any(_english_words(arg) for arg in words):
            continue
        around = lines[max(node.lineno - 2, 0) : node.end_lineno or node.lineno]
        if not any(INTERNAL in line for line in around):
            found.append(node.lineno)
    return found


def test_every_refusal_a_player_can_see_is_a_translatable_message():
    """Issue 15, point 14: a refusal carries a `msg()` (translated where it is shown),
    never English text inside a French sentence."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "webapp").rglob("*.py"))
        for line in untranslated_raises(path.read_text("utf-8"))
    ]
    assert offenders == []


def test_the_refusal_check_catches_english_and_lets_messages_through():
    english = 'raise ValueError("the deck is empty")\nraise KeyError(f"{x} missing")\n'
    assert untranslated_raises(english) == [1, 2]
    fine = (
        'raise ValueError(msg("the deck is empty"))\n'
        "raise BoardError(reason(error))\n"
        'raise TypeError("no pages")  # internal: a plugin without its pages\n'
    )
    assert untranslated_raises(fine) == []
