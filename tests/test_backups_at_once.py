"""Backups asked for at the same moment, on the real server (`botdeck`'s uvicorn): six
devices each tapping *Back up now* and opening *Backups and files*, a restore among
them. Every answer is a page, never a server error; the folder keeps its promise (the
newest few backups, each readable, nothing half-made)."""

from __future__ import annotations

import http.client
import re
import sqlite3
import threading
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from webapp.storage import safety

from .conftest import ServerProcess

DEVICES = 6
ROUNDS = 15
KEEP = 10  # botdeck's BACKUP_KEEP
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
LISTED = re.compile(
    r'backup-facts">(?:(\d+) games?|(cannot be read))[^<]*</span>\s*'
    r'<small class="muted backup-file">([^<]+)</small>'
)


class Device:
    """One phone or tablet: its own connection to the server, kept open."""

    def __init__(self, server: ServerProcess) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)

    def ask(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        body = None if form is None else urllib.parse.urlencode(form)
        self.connection.request(method, path, body=body, headers=FORM if form else {})
        response = self.connection.getresponse()
        return response.status, response.read().decode()

    def listed(self) -> tuple[int, dict[str, int | None]]:
        """*Backups and files*: each backup listed, with its games (None: unreadable)."""
        status, page = self.ask("GET", "/data")
        found = {name: None if bad else int(games) for games, bad, name in LISTED.findall(page)}
        return status, found

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path) as served:
        yield served


def start_games(server: ServerProcess, count: int) -> None:
    device = Device(server)
    for number in range(count):
        assert device.ask("POST", "/games", {"bot": "covenant", "name": f"G{number}"})[0] == 303
    device.close()


def at_once(server: ServerProcess, *work: Callable[[Device], None]) -> None:
    """Each piece of work on its own device, all at the same moment."""
    start = threading.Barrier(len(work))
    failures: list[BaseException] = []

    def run(job: Callable[[Device], None]) -> None:
        device = Device(server)
        start.wait()
        try:
            job(device)
        except BaseException as error:  # noqa: BLE001 - reported by the test below
            failures.append(error)
        finally:
            device.close()

    threads = [threading.Thread(target=run, args=(job,)) for job in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures


def backing_up(
    answers: Counter[tuple[str, int]], wrong: list[object], most: int
) -> Callable[[Device], None]:
    """A device tapping *Back up now*, then opening the list, again and again. A list
    with more than `most` backups, or one that cannot be read, goes to `wrong`."""

    def rounds(device: Device) -> None:
        for _ in range(ROUNDS):
            answers["backup", device.ask("POST", "/data/backup", {})[0]] += 1
            status, listed = device.listed()
            answers["list", status] += 1
            if status == 200 and not (0 < len(listed) <= most and None not in listed.values()):
                wrong.append(listed)

    return rounds


def folder_holds_only_backups(server: ServerProcess, most: int) -> list[Path]:
    folder = safety.backup_dir(server.data_dir / "botdeck.sqlite3")
    files = sorted(folder.iterdir())
    assert all(safety.BACKUP_NAME.fullmatch(path.name) for path in files), files
    assert 0 < len(files) <= most
    return files


def games_in(path: Path) -> int:
    readable = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(readable.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        readable.close()


def test_six_devices_backing_up_and_listing_at_once_get_no_server_error(server):
    start_games(server, 3)
    answers: Counter[tuple[str, int]] = Counter()
    wrong: list[object] = []
    at_once(server, *[backing_up(answers, wrong, KEEP) for _ in range(DEVICES)])
    assert answers == {("backup", 303): DEVICES * ROUNDS, ("list", 200): DEVICES * ROUNDS}
    assert wrong == []
    for backup in folder_holds_only_backups(server, KEEP):
        assert games_in(backup) == 3


def test_a_restore_among_devices_backing_up_brings_back_the_backup_it_chose(server):
    """The device restoring picks the oldest backup (the one the others' backups push
    out), then one in the middle, then the newest: each is restored whole, or the page
    says it is not there any more."""
    device = Device(server)
    for _ in range(KEEP):  # backups holding 1, 2, … 10 games
        start_games(server, 1)
        assert device.ask("POST", "/data/backup", {})[0] == 303
    device.close()
    answers: Counter[tuple[str, int]] = Counter()
    wrong: list[object] = []
    restored: list[int] = []

    def restoring(device: Device) -> None:
        for number in range(ROUNDS):
            status, listed = device.listed()
            answers["list", status] += 1
            if not listed:
                continue
            names = sorted(listed)
            chosen = names[(0, len(names) // 2, -1)[number % 3]]
            status, page = device.ask("POST", f"/data/backups/{chosen}/restore", {})
            answers["restore", status] += 1
            if status == 303 and listed[chosen] is not None:
                restored.append(listed[chosen])
            elif status != 404 or "That backup is not there any more" not in page:
                wrong.append((chosen, status))

    # a restore keeps one more backup (what was there before it) until the next backup
    backups = [backing_up(answers, wrong, KEEP + 1) for _ in range(DEVICES - 1)]
    at_once(server, restoring, *backups)
    assert not [answer for answer in answers if answer[1] >= 500], answers
    assert wrong == []
    assert answers["restore", 303] > 0 and answers["backup", 303] == (DEVICES - 1) * ROUNDS
    server.stop()
    assert games_in(server.data_dir / "botdeck.sqlite3") == restored[-1]
    for backup in folder_holds_only_backups(server, KEEP + 1):
        assert games_in(backup) in range(1, KEEP + 1)
