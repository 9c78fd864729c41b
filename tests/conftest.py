"""Fixtures: the app on a temporary data folder, its client, live servers."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from webapp import create_app

from .waiting import wait_until

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserType

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})


@pytest.fixture
def client(app: Flask) -> Any:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> Any:
    return app.test_cli_runner()


# --- browser tests ---------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium headless shell (Playwright cannot download its own browser
    here): the build Playwright itself runs headless tests in, drawing pages as the full
    browser does for about a third less CPU."""
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_FLAGS]
    return {**browser_type_launch_args, "executable_path": HEADLESS_SHELL, "args": args}


@pytest.fixture(scope="session")
def full_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    """Debian's full Chromium, for what the headless shell leaves out of the browser
    around the page: the Screen Wake Lock API."""
    browser = browser_type.launch(**{**browser_type_launch_args, "executable_path": CHROMIUM})
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1024, "height": 768}}


@dataclass
class LiveServer:
    url: str
    app: Flask


@pytest.fixture
def live_server(app: Flask) -> Iterator[LiveServer]:
    """The app served by Werkzeug in a thread, on a free port."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{server.server_port}", app)
    finally:
        server.shutdown()
        server.server_close()


# --- a real server process, to kill -9 --------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# How long a server process may take to answer after it is started: about 2 s on a
# quiet machine, many more while other jobs load both cores.
START_SECONDS = 30


class PortTaken(RuntimeError):
    """The server could not listen on its port (its exit code 2)."""


class ServerProcess:
    """`python -m webapp` (uvicorn, as `botdeck` runs it) on a fixed port and data folder."""

    def __init__(
        self, data_dir: Path, threads: int = 8, *flags: str, log: Path | None = None
    ) -> None:
        self.data_dir = data_dir
        self.threads = threads
        self.flags = flags  # more of `botdeck`'s options
        self.log = log  # where its errors go (None: nowhere)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.started = False

    def start(self) -> None:
        """Start it, on its port; a first start whose port another program took between
        `free_port` and the server's own bind (exit code 2: "cannot listen") goes to
        another free port. A restart (after `kill9`) keeps the port its pages know."""
        for _ in range(3):
            try:
                return self._start()
            except PortTaken:
                if self.started:
                    raise
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"
        raise RuntimeError("no free port the server could listen on")

    def _start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        errors = subprocess.DEVNULL if self.log is None else self.log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "webapp",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--data-dir",
                str(self.data_dir),
                "--threads",
                str(self.threads),
                *self.flags,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        if self.log is not None:
            errors.close()  # the server has its own copy
        try:
            wait_until(self.answers, within=START_SECONDS, every=0.1, what="the server answering")
        except AssertionError:
            self.stop()
            raise RuntimeError(f"the server did not answer within {START_SECONDS} s") from None
        self.started = True

    def answers(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            if self.process.returncode == 2:
                raise PortTaken(self.port)
            raise RuntimeError(f"the server exited with code {self.process.returncode}")
        try:
            with urllib.request.urlopen(self.url + "/", timeout=1) as response:
                response.read()
            return True
        except urllib.error.HTTPError as answer:
            answer.close()
            return True  # it answers HTTP; what it answered is for the test to check
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path) as server:
        yield server


@pytest.fixture(scope="session", autouse=True)
def compiled_translations() -> None:
    """Compile the catalogues as `make` does, so plain `pytest` sees French too."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in (ROOT / "webapp" / "translations").glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as source:
                catalog = read_po(source)
            with mo.open("wb") as target:
                write_mo(target, catalog)


# --- a bot of the tests' own -----------------------------------------------------------


@pytest.fixture
def dice_bot_app(tmp_path: Path) -> Iterator[Flask]:
    """The app with the tests' dice bot registered: one line, as a new bot's package
    adds to webapp/bots/__init__.py (forgotten again after the test)."""
    from webapp.engine.registry import register, unregister

    from .dice_bot import DiceBot

    register(DiceBot())
    try:
        yield create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    finally:
        unregister(DiceBot.id)


def question_game(app: Flask, monkeypatch: pytest.MonkeyPatch, question: Any) -> str:
    """A Covenant game whose first step asks `question` instead (its step type made to
    ask it and to take any answer): any kind of question on a real page."""
    from webapp.engine import get_bot
    from webapp.service import games

    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Asked", seed=9)
        kind_name = games.open_game(game_id).game.pending().step.kind
    kind = get_bot("covenant").step_types[kind_name]
    monkeypatch.setattr(kind, "question", lambda state, step: question)
    monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
    with app.app_context():
        games.forget_all()
    return game_id


def dice_game(app: Flask, monkeypatch: pytest.MonkeyPatch, *sides: int) -> str:
    """A Covenant game whose first step asks these dice: the dice question on a page."""
    from webapp.engine import msg
    from webapp.engine.questions import dice

    return question_game(app, monkeypatch, dice(msg("Roll them"), *sides))


# --- a mutant's run (`make mutate`) ------------------------------------------------

# A test that runs this long under a mutant is looping: the longest test takes about
# 20 s (a tenth of its examples in a mutant's run), so the mutant is counted as killed.
MUTANT_TEST_TIMEOUT = 60


# --- the order of the files ------------------------------------------------------

# The files that take longest (about 15 s to 100 s each on 2 cores), longest first: with
# `--no-loadscope-reorder` (make test) the workers start with them, so that none is left
# running alone at the end. The other files follow, the most tests first (what
# pytest-xdist would do). Measured with `--durations`; a new slow file goes here.
LONGEST_FILES = (
    "tests/e2e/test_accessibility.py",
    "tests/web/test_round_trip.py",
    "tests/e2e/test_step_in_sight.py",
    "tests/web/test_any_game_stays_open.py",
    "tests/web/test_lobby_fields.py",
    "tests/test_server_bodies.py",
    "tests/test_server_limits.py",
    "tests/test_backups_at_once.py",
    "tests/test_fuzz_server.py",
    "tests/e2e/test_covenant_game.py",
    "tests/engine/test_any_game_stays_readable.py",
    "tests/e2e/test_bandits_game.py",
    "tests/e2e/test_deacon_game.py",
    "tests/web/test_fragment_inputs.py",
    "tests/e2e/test_live_sync.py",
    "tests/e2e/test_step_in_sight_cases.py",
    "tests/e2e/test_solo_enemy_game.py",
    "tests/test_soak.py",
    "tests/test_announce.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest files first, then the others by their number of tests (a file's
    tests kept together and in their order). In a mutant's run (`make mutate`), instead,
    its tests fastest first (by the times mutmut recorded), so that a kill comes after
    the quick tests rather than after a property test, each test stopped after
    MUTANT_TEST_TIMEOUT seconds."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        counts: dict[str, int] = {}
        for item in items:
            counts[item.location[0]] = counts.get(item.location[0], 0) + 1
        rank = {name: place for place, name in enumerate(LONGEST_FILES)}
        order = {
            name: (rank.get(name, len(rank)), -count, place)
            for place, (name, count) in enumerate(counts.items())
        }
        items.sort(key=lambda item: order[item.location[0]])
        return
    stats = Path("mutmut-stats.json")
    seconds = json.loads(stats.read_text())["duration_by_test"] if stats.exists() else {}
    items.sort(key=lambda item: seconds.get(item.nodeid, float("inf")))
    for item in items:
        item.add_marker(pytest.mark.timeout(MUTANT_TEST_TIMEOUT))
