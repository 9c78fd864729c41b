"""Upgrades never change a game: the data folders and files of earlier releases, opened
by today's Botdeck.

Each folder of tests/fixtures/releases/ was made by one release with its own code (its
routes, its random answers: bin/make_release_fixtures.py), games of every bot and deck
mode it had, and the files it wrote; its manifest.json says what each game is. Here the
data folder is opened as Botdeck starts (upgraded, backed up), and every game must read
as that release left it — its actions those of its own game file, written by that
release, and its state the one that file holds (on what both keep) — and come back
exactly after Undo all the way and Redo all the way, and after "Undo back to here" and
Redo; each file it wrote imports and replays the same.
"""

from __future__ import annotations

import html
import io
import json
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from webapp import create_app
from webapp.engine.actions import Redo, Undo
from webapp.service import games, history
from webapp.storage import db

from . import budget

FIXTURES = Path(__file__).parent / "fixtures" / "releases"
RELEASES = sorted(path.name for path in FIXTURES.iterdir() if (path / "manifest.json").exists())
HTMX = {"HX-Request": "true"}


@dataclass
class Release:
    """An earlier release's folder, opened by today's Botdeck on a copy of its data."""

    folder: Path
    manifest: dict[str, Any]
    app: Flask
    client: Any

    @property
    def games(self) -> list[dict[str, Any]]:
        return [game for game in self.manifest["games"] if not game.get("deleted")]

    def file(self, name: str) -> Any:
        return json.loads((self.folder / name).read_text("utf-8"))

    def page(self, path: str) -> str:
        response = self.client.get(path)
        assert response.status_code == 200, (path, response.get_data(as_text=True)[:300])
        return response.get_data(as_text=True)

    def said(self, game: dict[str, Any]) -> str:
        return f"{self.manifest['commit'][:7]} game {game['number']} ({game['name']})"


def opened_by_today(folder: Path, data: Path) -> Release:
    """The release's data folder copied to `data` and opened as Botdeck starts, on the
    device that played it."""
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    shutil.copytree(folder / "data", data)
    app = create_app({"TESTING": True, "DATA_DIR": str(data)})
    client = app.test_client()
    client.set_cookie("botdeck_device", manifest["device"])
    return Release(folder, manifest, app, client)


# Each tap's commit waits for the disk (synchronous FULL), and undoing and redoing every
# game of a release commits a thousand: the folder is opened in memory where the system
# has it (a third of the time, on this test's shared 2 cores).
IN_MEMORY = Path("/dev/shm")


@pytest.fixture(scope="module", params=RELEASES)
def release(request: Any) -> Iterator[Release]:
    base = Path(tempfile.mkdtemp(dir=IN_MEMORY if IN_MEMORY.is_dir() else None))
    try:
        yield opened_by_today(FIXTURES / request.param, base / "data")
    finally:
        shutil.rmtree(base, ignore_errors=True)


def fresh(release: Release, tmp_path: Path) -> Any:
    """A client of an empty Botdeck, on the same device."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "fresh")})
    client = app.test_client()
    client.set_cookie("botdeck_device", release.manifest["device"])
    return app, client


def as_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def page_as_read(shown: str) -> str:
    """A game page as the table reads it, less what moves with every tap: the version its
    forms carry (it counts undos and redos too), the time a finished game's play is logged
    at and lasted (its last tap's), the digests of the parts that show them; and the words
    of its checklist's lines, which a game resumed from a snapshot of an earlier release
    holds in that release's wording (its state, compared apart, is what counts)."""
    shown = re.sub(r'(name="version" value="|version="|"version": "|version=|since=)\d+', "", shown)
    shown = re.sub(r"%22playDate%22%3A%22.*?%22%2C%22durationMin%22%3A\d+", "", shown)
    shown = re.sub(r'<span class="step-line">.*?</span>', "", shown)
    return re.sub(r'data-hash="\w+"', "", shown)


def seen(release: Release, game_id: str) -> dict[str, Any]:
    """What a table has of a game: its file (every action), its state, its page, what
    Redo would bring back, and how many events its log holds."""
    with release.app.app_context():
        opened = games.open_game(game_id)
        redo = opened.next_redo()
        game = opened.game
        state = {
            "state": as_json(game.bot.state_to_json(game.state)),
            "redo": None if redo is None else str(redo),
            "redo entries": len(opened.game.history.redo),
            "events": len(db.events(game_id)),
        }
    exported = release.client.get(f"/g/{game_id}/export")
    assert exported.status_code == 200
    state["export"] = as_json(json.loads(exported.get_data()))
    state["page"] = page_as_read(release.page(f"/g/{game_id}"))
    return state


def test_each_release_kept_has_every_bot_and_every_deck_mode():
    """At least the two releases before this one, each with games of every bot and every
    way of playing its cards."""
    assert len(RELEASES) >= 2
    for name in RELEASES:
        manifest = json.loads((FIXTURES / name / "manifest.json").read_text("utf-8"))
        bots = {game["bot"] for game in manifest["games"]}
        assert bots == {"bandits", "covenant", "deacon", "solo_enemy"}, name
        modes = {game["deck"] for game in manifest["games"]}
        assert {"demo", "physical", "library deck", "lobby as opened"} <= modes, name


def test_an_earlier_releases_folder_opens_as_botdeck_starts(release):
    """Upgraded and backed up before anything else, as at every start."""
    assert release.app.config.get("SAFE_MODE") is None
    backups = list((Path(release.app.config["DATA_DIR"]) / "backups").glob("*.sqlite3"))
    assert len(backups) == 1
    lobby = html.unescape(release.page("/"))
    for game in release.games:
        assert game["name"] in lobby, release.said(game)


def test_every_game_reads_as_its_release_left_it(release):
    """Its actions are those of the game file its own release wrote (an answer the old
    log holds as the form's raw fields reads back as the answer it was), its pages open,
    and the lobby's summary counts them."""
    for game in release.games:
        written = release.file(game["file"])
        with release.app.app_context():
            # resumed from its snapshot, it holds only the actions since (the others None)
            held = [a for a in games.open_game(game["id"]).game.actions if a is not None]
            since = written["actions"][len(written["actions"]) - len(held) :]
            assert as_json(held) == as_json(since), release.said(game)
            whole = games.export_game(game["id"])["actions"]
            assert as_json(whole) == as_json(written["actions"]), release.said(game)
            assert db.find_game(game["id"]).summary["actions"] == len(written["actions"])
        assert len(written["actions"]) == game["actions"]
        for path in ("", "/history"):
            release.page(f"/g/{game['id']}{path}")
        exported = json.loads(release.client.get(f"/g/{game['id']}/export").get_data())
        assert as_json(exported["actions"]) == as_json(written["actions"]), release.said(game)


def first_difference(written: Any, now: Any, where: str = "state") -> str | None:
    """Where two states differ in what both hold (None: nowhere): a set of named values
    on the names both have — a state keeps more since, or no longer keeps something —
    and a list item by item."""
    if isinstance(written, dict) and isinstance(now, dict):
        for name in sorted(written.keys() & now.keys()):
            found = first_difference(written[name], now[name], f"{where}.{name}")
            if found is not None:
                return found
        return None
    if isinstance(written, list) and isinstance(now, list) and len(written) == len(now):
        for n, (one, other) in enumerate(zip(written, now, strict=True)):
            found = first_difference(one, other, f"{where}[{n}]")
            if found is not None:
                return found
        return None
    return None if written == now else f"{where}: {written!r} then, {now!r} now"


def test_every_game_holds_the_state_its_release_wrote(release):
    """What Botdeck reads of each game is the bot's state its own release wrote in its game
    file (on what both keep): a log that replays, but not as it was played, is caught."""
    changed = []
    for game in release.games:
        with release.app.app_context():
            opened = games.open_game(game["id"]).game
            now = as_json(opened.bot.state_to_json(opened.state))
        found = first_difference(release.file(game["file"])["state"], json.loads(now))
        if found is not None:
            changed.append(f"{release.said(game)}: {found}")
    assert not changed, "\n".join(changed)


def undone_and_redone(release: Release, game: dict[str, Any]) -> str | None:
    """Undo until nothing is left, then Redo as many times; what changed (None: nothing)."""
    game_id = game["id"]
    before = seen(release, game_id)
    undos = 0
    with release.app.app_context():
        opened = games.open_game(game_id)
        while opened.can_undo:
            opened = games.act(game_id, opened.version, Undo())
            undos += 1
        for redone in range(undos):
            if not opened.can_redo:
                now = len(opened.game.actions)
                return f"nothing left to redo after {redone} of {undos}: {now} actions"
            opened = games.act(game_id, opened.version, Redo())
    after = seen(release, game_id)
    if after.pop("events") != before.pop("events") + 2 * undos:
        return "events other than the undos and redos were stored"
    changed = sorted(key for key in before if after[key] != before[key])
    return f"changed: {', '.join(changed)}" if changed else None


def test_undo_all_then_redo_all_gives_every_game_back_exactly(release):
    """Undo until nothing is left, then Redo as many times: the same actions, file,
    state and page, the same left to redo, and two events more for each Undo."""
    changed = [(release.said(game), undone_and_redone(release, game)) for game in release.games]
    found = [f"{game}: {what}" for game, what in changed if what is not None]
    assert not found, "\n".join(found)


def actions_in_effect(release: Release, game_id: str) -> list[int]:
    """The History entries "Undo back to here" is offered on (their seq)."""
    with release.app.app_context():
        found = [history.entry(game_id, event.seq) for event in db.events(game_id)]
    return [entry.event.seq for entry in found if entry is not None and entry.undoes]


@given(data=st.data())
@settings(
    max_examples=budget.examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_undo_back_to_here_then_redo_gives_the_game_back(release, data):
    """A game, an entry of its History: "Undo back to here", as the History posts it,
    then Redo; the game as it was."""
    game = data.draw(st.sampled_from(release.games), label="game")
    offered = actions_in_effect(release, game["id"])
    if not offered:
        return
    seq = data.draw(st.sampled_from(offered), label="back to")
    before = seen(release, game["id"])
    for route, form in (("undo-to", {"to": seq}), ("redo", {})):
        with release.app.app_context():
            version = games.open_game(game["id"]).version
        response = release.client.post(
            f"/g/{game['id']}/{route}", data={"version": version, **form}, headers=HTMX
        )
        assert response.status_code in (200, 204), response.get_data(as_text=True)[:300]
    after = seen(release, game["id"])
    assert after.pop("events") == before.pop("events") + 2
    # what Redo brought back is one unit now: Undo says it takes them all back
    undo_button = r'title="Undo: [^"]*"'
    assert re.sub(undo_button, "", after.pop("page")) == re.sub(undo_button, "", before.pop("page"))
    assert after == before, release.said(game)


# --- the files it wrote ------------------------------------------------------------------


def upload(client: Any, path: str, content: bytes, name: str = "file.json") -> Any:
    """A file sent as a browser sends it. (Encoded here, in memory: the test client would
    spool a body over 500 KB, a collection file, to a temporary file it never closes.)"""
    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(content), name)})
    return client.post(path, data=body, content_type=f"multipart/form-data; boundary={boundary}")


def test_its_game_files_import_and_replay_the_same(release, tmp_path):
    app, client = fresh(release, tmp_path)
    for game in release.games:
        content = (release.folder / game["file"]).read_bytes()
        response = upload(client, "/games/import", content)
        assert response.status_code == 303, response.get_data(as_text=True)[:300]
        game_id = response.headers["Location"].rsplit("/", 1)[1]
        with app.app_context():
            replayed = games.open_game(game_id).game.actions
        assert as_json(replayed) == as_json(json.loads(content)["actions"]), release.said(game)


def test_its_collection_file_brings_back_every_game_under_its_own_id(release, tmp_path):
    app, client = fresh(release, tmp_path)
    (collection,) = release.manifest["files"]["collection"]
    response = upload(client, "/data/import", (release.folder / collection).read_bytes())
    assert response.status_code in (200, 303), response.get_data(as_text=True)[:300]
    with app.app_context():
        for game in release.games:
            written = release.file(game["file"])
            opened = games.open_game(game["id"])
            assert as_json(opened.game.actions) == as_json(written["actions"]), release.said(game)


def test_a_game_it_deleted_is_kept_to_bring_back_as_it_was(release):
    """A game deleted on that release (one that kept deleted games) is still there for
    its device to bring back within the 30 days, with every action."""
    deleted = [game for game in release.manifest["games"] if game.get("deleted")]
    for game in deleted:
        with release.app.app_context():
            row = db.find_game(game["id"], deleted=True)
            assert row is not None and row.deleted_at is not None, release.said(game)
            games.bring_back(game["id"], release.manifest["device"], row.deleted_at)
            assert len(games.export_game(game["id"])["actions"]) == game["actions"]
    assert deleted or not release.manifest["has"]["recently deleted"]


def test_its_deck_files_import_with_every_card(release, tmp_path):
    _, client = fresh(release, tmp_path)
    for name in release.manifest["files"]["decks"]:
        bot = Path(name).name.split("-", 1)[0]
        written = release.file(name)
        response = upload(client, f"/library/{bot}/import", (release.folder / name).read_bytes())
        assert response.status_code == 303, (name, response.get_data(as_text=True)[:300])
        deck_page = response.headers["Location"]
        exported = json.loads(client.get(f"{deck_page.split('?')[0]}/export").get_data())
        assert as_json(exported["cards"]) == as_json(written["cards"]), name


def test_its_copy_and_board_files_import_as_they_were(release, tmp_path):
    _, client = fresh(release, tmp_path)
    for name in release.manifest["files"].get("copies", []):
        bot = Path(name).stem
        content = (release.folder / name).read_bytes()
        response = upload(client, f"/library/{bot}/copy/import", content)
        assert response.status_code in (200, 303), (name, response.get_data(as_text=True)[:300])
        exported = json.loads(client.get(f"/library/{bot}/copy/export").get_data())
        assert as_json(exported["parts"]) == as_json(release.file(name)["parts"]), name
    for name in release.manifest["files"]["boards"]:
        content = (release.folder / name).read_bytes()
        response = upload(client, "/library/deacon/boards/import", content)
        assert response.status_code == 303, (name, response.get_data(as_text=True)[:300])
        board_page = response.headers["Location"].split("?")[0]
        exported = json.loads(client.get(f"{board_page}/export").get_data())
        written = json.loads(content)
        # (named apart from the copy's board, imported just before: "Harbour (2)")
        assert exported.pop("name").startswith(written.pop("name")), name
        assert as_json(exported) == as_json(written), name
