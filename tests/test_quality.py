"""The package stays clean: ruff, mypy, a packaging list that names every package, and
tests that can fail (no unchecked refusal, no fixed wait, no speed asserted)."""

from __future__ import annotations

import ast
import fnmatch
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


# --- no hollow test ------------------------------------------------------------------
# Issue 29: a test that cannot fail is worse than none. Every `pytest.raises` checks the
# message (or the error's fields); a test waits on a condition, never a fixed time; a
# speed is `make bench`'s (bench/), never a test's. The checks read the tests' source.

TESTS = ROOT / "tests"
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def _innermost_functions(tree: ast.AST) -> dict[ast.AST, FunctionNode | None]:
    """Each node of `tree` with the innermost function it is written in (None: the module)."""
    found: dict[ast.AST, FunctionNode | None] = {}

    def visit(node: ast.AST, function: FunctionNode | None) -> None:
        found[node] = function
        inner = node if isinstance(node, FunctionNode) else function
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, None)
    return found


def _is_call_of(node: ast.AST, module: str, names: tuple[str, ...]) -> bool:
    """`module.name(…)`, or `name(…)` imported from the module."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr in names and isinstance(func.value, ast.Name) and func.value.id == module
    return isinstance(func, ast.Name) and func.id in names


def unchecked_raises(source: str) -> list[int]:
    """The lines of `pytest.raises(…)` that check neither the message (a non-empty
    `match=`) nor the error caught (its `as` name read in the same function)."""
    tree = ast.parse(source)
    functions = _innermost_functions(tree)
    checked: set[ast.AST] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.With | ast.AsyncWith):
            continue
        for item in node.items:
            caught = item.optional_vars
            scope = functions[node] or tree
            if isinstance(caught, ast.Name) and any(
                isinstance(n, ast.Name) and n.id == caught.id and isinstance(n.ctx, ast.Load)
                for n in ast.walk(scope)
            ):
                checked.add(item.context_expr)
    lines = []
    for node in ast.walk(tree):
        if not _is_call_of(node, "pytest", ("raises",)) or node in checked:
            continue
        assert isinstance(node, ast.Call)
        match = next((k.value for k in node.keywords if k.arg == "match"), None)
        if match is None or (isinstance(match, ast.Constant) and not match.value):
            lines.append(node.lineno)
    return sorted(lines)


def fixed_waits(source: str) -> list[tuple[int, str]]:
    """`time.sleep(…)` and a page's `wait_for_timeout(…)`: (line, the function it is in)."""
    tree = ast.parse(source)
    functions = _innermost_functions(tree)
    found = []
    for node in ast.walk(tree):
        sleeps = _is_call_of(node, "time", ("sleep",))
        pauses = (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_timeout"
        )
        if sleeps or pauses:
            function = functions[node]
            found.append((node.lineno, function.name if function else "<module>"))
    return sorted(found)


CLOCKS = ("monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns")
# Names that hold a measured time by the tests' own habit (`took`, `seconds` taken from
# a helper that timed something): compared with a bound, they are a speed asserted.
DURATION_NAMES = {"took", "elapsed", "waited", "seconds", "duration", "durations", "spent"}


def timed_asserts(source: str) -> list[int]:
    """The lines of `assert`s that bound a measured duration (`time.monotonic() - started
    < 5`, `took < 5`, `max(seconds) < 30`). A deadline (`time.monotonic() < deadline`)
    is a wait's end, not a duration: not one of them."""
    tree = ast.parse(source)

    def is_duration(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Sub)
            and any(_is_call_of(n, "time", CLOCKS) for n in ast.walk(node))
        )

    measured = set(DURATION_NAMES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and is_duration(node.value):
            measured |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    ordering = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        for compare in ast.walk(node.test):
            if not isinstance(compare, ast.Compare) or not any(
                isinstance(op, ordering) for op in compare.ops
            ):
                continue
            operands = [compare.left, *compare.comparators]
            if any(
                is_duration(n) or (isinstance(n, ast.Name) and n.id in measured)
                for operand in operands
                for n in ast.walk(operand)
            ):
                lines.append(node.lineno)
                break
    return sorted(lines)


# Where a test may pause for a fixed time: each with why no condition can be waited on.
ALLOWED_WAITS = {
    "tests/waiting.py::pumping": "wait_until's pause on a browser page: its events run only "
    "while it waits",
    "tests/e2e/test_step_in_sight.py::settled_sight": "polls, with a deadline, until the page "
    "has stopped scrolling",
    "tests/e2e/test_step_in_sight_cases.py::heard": "a window in which a scroll that must not "
    "happen would show: what does not happen cannot be waited for",
    "tests/test_server_bodies.py::test_a_body_trickling_in_steadily_is_not_dropped": "the slow "
    "upload's pace is the input under test",
    "tests/test_server_pipelining.py::test_a_connection_pipelining_past_the_bound_is_paused_not_"
    "refused": "the client's silence past the server's deadlines is the input under test",
    "tests/e2e/screenshots_*.py::*": "scripts that draw the README's pictures, not tests: a "
    "picture waits for the page's transitions to end",
}


def _test_sources() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), path.read_text("utf-8"))
        for path in sorted(TESTS.rglob("*.py"))
    ]


def test_every_expected_error_is_checked_by_its_message_or_fields():
    """`pytest.raises(InvalidAnswer)` alone passes for any refusal: the doubled-tap test
    passed with its guard removed (the answer was refused as "must be yes or no")."""
    offenders = [
        f"{path}:{line}" for path, source in _test_sources() for line in unchecked_raises(source)
    ]
    assert offenders == [], "give each its match= (or read the error it caught)"


def test_no_test_waits_a_fixed_time():
    offenders = [
        f"{path}:{line} in {function}"
        for path, source in _test_sources()
        for line, function in fixed_waits(source)
        if not any(fnmatch.fnmatch(f"{path}::{function}", allowed) for allowed in ALLOWED_WAITS)
    ]
    assert offenders == [], "wait on a condition: tests/waiting.py wait_until"


def test_every_allowed_wait_is_still_there():
    """The list stays short: a wait removed takes its entry with it."""
    waits = {
        f"{path}::{function}"
        for path, source in _test_sources()
        for _, function in fixed_waits(source)
    }
    assert [a for a in ALLOWED_WAITS if not fnmatch.filter(waits, a)] == []


def test_no_test_asserts_a_speed():
    """How fast is `make bench`'s (bench/): on a busy machine a timed test fails for
    nothing, and on a fast one it hides a slow path."""
    offenders = [
        f"{path}:{line}" for path, source in _test_sources() for line in timed_asserts(source)
    ]
    assert offenders == []


def test_the_hollow_test_checks_catch_each_habit_and_let_the_good_ones_through():
    bare = (
        "def test_a():\n"
        "    with pytest.raises(InvalidAnswer):\n"
        "        game.answer('x')\n"
        "    with pytest.raises(ValueError) as refused:\n"
        "        go()\n"
        "    with pytest.raises(KeyError, match=''):\n"
        "        go()\n"
    )
    assert unchecked_raises(bare) == [2, 4, 6]
    checked = (
        "def test_b():\n"
        "    with pytest.raises(InvalidAnswer, match='already been answered'):\n"
        "        game.answer('x')\n"
        "    with pytest.raises(FieldsRefused) as refused:\n"
        "        go()\n"
        "    assert refused.value.problems == ()\n"
    )
    assert unchecked_raises(checked) == []

    sleeps = (
        "import time\n"
        "def test_c(page):\n"
        "    time.sleep(1.0)\n"
        "    page.wait_for_timeout(300)\n"
        "    asyncio.sleep(0)\n"
        "def poll():\n"
        "    time.sleep(0.1)\n"
    )
    assert fixed_waits(sleeps) == [(3, "test_c"), (4, "test_c"), (7, "poll")]
    assert fixed_waits("def test_d():\n    wait_until(lambda: done, within=5, what='x')\n") == []

    timed = (
        "def test_e():\n"
        "    started = time.monotonic()\n"
        "    tap()\n"
        "    assert time.monotonic() - started < 5\n"
        "    took = time.perf_counter() - started\n"
        "    assert status == 200 and took < 5\n"
        "    assert max(seconds) < 30, seconds\n"
        "    gap = time.monotonic() - started\n"
        "    assert 0.9 < gap\n"
    )
    assert timed_asserts(timed) == [4, 6, 7, 9]
    deadlines = (
        "def poll():\n"
        "    deadline = time.monotonic() + 5\n"
        "    while not done():\n"
        "        assert time.monotonic() < deadline, 'never came'\n"
        "    assert held < 64 and sent < BODY_BYTES\n"
    )
    assert timed_asserts(deadlines) == []
