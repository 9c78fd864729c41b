"""Step kinds are named once: each bot's `kinds.py` holds a constant per kind, its step
types register under them, and its code makes steps with them — so a misspelt kind is
an error mypy reports instead of a game that breaks at that step."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import webapp.bots  # noqa: F401  (registers every bot)
from webapp.engine import SCORE_SHEET, get_bot
from webapp.engine.steps import TOGETHER

BOTS = ("bandits", "covenant", "deacon", "solo_enemy")
SHARED = {TOGETHER, SCORE_SHEET}  # the engine's own kinds, every bot's alike
PACKAGE = Path(__file__).resolve().parents[2] / "webapp" / "bots"


def constants(bot_id: str) -> dict[str, str]:
    kinds = importlib.import_module(f"webapp.bots.{bot_id}.kinds")
    return {name: value for name, value in vars(kinds).items() if name.isupper()}


@pytest.mark.parametrize("bot_id", BOTS)
def test_every_kind_a_bot_registers_has_its_constant_and_no_constant_is_left_over(bot_id):
    named = constants(bot_id)
    assert all(value == name.lower() for name, value in named.items())
    assert set(named.values()) == set(get_bot(bot_id).step_types) - SHARED


def literal_kinds(source: str) -> list[int]:
    """The lines that make or register a step with a kind written out as text."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        called = node.func
        name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
        kind = node.args[0]
        if name in ("new", "step_type", "register") and isinstance(kind, ast.Constant):
            found.append(node.lineno)
        either = (kind.body, kind.orelse) if isinstance(kind, ast.IfExp) else ()
        if name == "new" and any(isinstance(branch, ast.Constant) for branch in either):
            found.append(node.lineno)
    return found


@pytest.mark.parametrize("bot_id", BOTS)
def test_a_bot_makes_and_registers_its_steps_by_their_constants(bot_id):
    # the Covenant's "draw" is no step of its own: draw_from turns the card over at once
    allowed = {("covenant", "turn.py")}
    offenders = [
        f"{path.name}:{line}"
        for path in sorted((PACKAGE / bot_id).glob("*.py"))
        if (bot_id, path.name) not in allowed
        for line in literal_kinds(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_check_finds_a_kind_written_out():
    source = 'new("reveal", side=1)\n@step_type("reveal")\nclass R: ...\nnew(kinds.REVEAL)\n'
    assert literal_kinds(source) == [1, 2]
    assert literal_kinds('new("a" if x else "b")\n') == [1]
