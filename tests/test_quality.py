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
