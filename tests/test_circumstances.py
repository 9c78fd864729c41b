"""What is around the games database, not in it: a full disk, a read-only folder, another
program holding the file. Never taken for damage: the file is never moved, renamed or
replaced; the table is told what happened (503, in words) and every game is there once
the cause is gone. Page views write nothing, so another program holding the file never
stops a page from opening, and a busy database refuses a tap within seconds."""

from __future__ import annotations

import contextlib
import errno
import html
import os
import re
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from webapp import create_app
from webapp.engine.actions import Answered, Corrected
from webapp.service import games
from webapp.storage import db, safety

from .web.conftest import HTMX, version_of
from .web.test_ownership import old_database


def make_app(folder: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(folder)})


def start_game(client, name: str = "Tuesday") -> str:
    response = client.post("/games", data={"bot": "covenant", "name": name})
    response.close()
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def tap(client, game_id: str, coins: int = 4):
    """A tap any step takes: the Covenant's coins set by hand."""
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    return client.post(
        f"/g/{game_id}/correct",
        data={"version": version, "field": "coins", "value": coins},
        headers=HTMX,
    )


def same_device(app, client):
    """A client of `app` that is the device `client` is (its cookie)."""
    again = app.test_client()
    again.set_cookie("botdeck_device", client.get_cookie("botdeck_device").value)
    return again


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def stored_version(path: Path, game_id: str) -> int:
    with contextlib.closing(sqlite3.connect(path)) as con:
        return int(con.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0])


@contextlib.contextmanager
def held(path: Path) -> Iterator[sqlite3.Connection]:
    """Another program (a backup tool, `sqlite3`) holding the database's write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


@contextlib.contextmanager
def held_for(path: Path, seconds: float) -> Iterator[threading.Thread]:
    """The write lock held by another program that lets go after `seconds` by itself:
    what waits for the database longer than its BUSY_SECONDS gets it after that."""
    taken = threading.Event()

    def hold() -> None:
        with held(path):
            taken.set()
            threading.Event().wait(seconds)

    holder = threading.Thread(target=hold)
    holder.start()
    taken.wait()
    try:
        yield holder
    finally:
        holder.join()


@pytest.fixture
def table(tmp_path):
    """A data folder with one game played a little; the app, a client, the game."""
    app = make_app(tmp_path)
    client = app.test_client()
    game_id = start_game(client)
    assert tap(client, game_id).status_code == 200
    return app, client, game_id


# --- what an error says: damage or circumstance -------------------------------------------


def sqlite_error(name: str) -> sqlite3.Error:
    error = sqlite3.OperationalError("words")
    error.sqlite_errorname = name  # as SQLite itself sets it
    return error


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (sqlite_error("SQLITE_NOTADB"), "damaged"),
        (sqlite_error("SQLITE_CORRUPT"), "damaged"),
        (sqlite_error("SQLITE_CORRUPT_INDEX"), "damaged"),
        (sqlite_error("SQLITE_FULL"), "disk_full"),
        (OSError(errno.ENOSPC, "No space left on device"), "disk_full"),
        (sqlite_error("SQLITE_BUSY"), "busy"),
        (sqlite_error("SQLITE_LOCKED"), "busy"),
        (db.DatabaseBusy(), "busy"),
        (sqlite_error("SQLITE_READONLY"), "read_only"),
        (OSError(errno.EROFS, "Read-only file system"), "read_only"),
        (OSError(errno.EACCES, "Permission denied"), "read_only"),
        (sqlite_error("SQLITE_IOERR_WRITE"), "disk_error"),
        (OSError(errno.EIO, "Input/output error"), "disk_error"),
        (sqlite_error("SQLITE_CANTOPEN"), "cannot_open"),
    ],
)
def test_only_a_file_sqlite_finds_malformed_or_not_a_database_is_damage(tmp_path, error, kind):
    found = safety.judged(error, tmp_path / "botdeck.sqlite3")
    assert found.kind == kind
    assert found.circumstance == (kind != "damaged")


def test_a_disk_io_error_with_no_room_left_is_a_full_disk(tmp_path, monkeypatch):
    """SQLite says "disk I/O error" when it cannot make the reader's shared-memory file on
    a full disk: the room left decides."""
    monkeypatch.setattr(safety, "_room_left", lambda folder: 4096)
    assert safety.judged(sqlite_error("SQLITE_IOERR"), tmp_path / "x").kind == "disk_full"
    monkeypatch.setattr(safety, "_room_left", lambda folder: 10 * safety.ROOM_NEEDED)
    assert safety.judged(sqlite_error("SQLITE_IOERR"), tmp_path / "x").kind == "disk_error"


def test_a_folder_that_cannot_be_written_is_read_only_whatever_sqlite_says(tmp_path, monkeypatch):
    monkeypatch.setattr(safety, "_writable", lambda path: path != tmp_path)
    assert safety.judged(sqlite_error("SQLITE_IOERR"), tmp_path / "x").kind == "read_only"
    assert safety.judged(sqlite_error("SQLITE_CANTOPEN"), tmp_path / "x").kind == "read_only"


@pytest.mark.parametrize(
    ("error", "around"),
    [
        (sqlite_error("SQLITE_FULL"), True),
        (sqlite_error("SQLITE_BUSY_SNAPSHOT"), True),
        (db.DatabaseBusy(), True),
        (OSError(errno.ENOSPC, "full"), True),
        (sqlite3.IntegrityError("UNIQUE constraint failed"), False),
        (sqlite_error("SQLITE_ERROR"), False),
        (OSError(errno.ECONNRESET, "reset"), False),
        (ValueError("a bug"), False),
    ],
)
def test_a_bug_is_never_told_as_a_circumstance(error, around):
    assert safety.from_around(error) is around


# --- another program holding the database ---------------------------------------------------


def test_a_tap_on_a_database_another_program_holds_is_refused_within_seconds(table):
    """Held for longer than BUSY_SECONDS, the tap is refused before it lets go (it waited
    ten seconds and went through, or answered 500 after them, before)."""
    app, client, game_id = table
    path = Path(app.config["DATABASE"])
    before = stored_version(path, game_id)
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    with held_for(path, db.BUSY_SECONDS * 2.5) as holder:
        refused = client.post(
            f"/g/{game_id}/correct",
            data={"version": version, "field": "coins", "value": 7},
            headers=HTMX,
        )
        assert holder.is_alive()  # refused while the other program still holds it
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "2"
    assert "another program" in text(refused) and "Nothing was changed" in text(refused)
    assert stored_version(path, game_id) == before
    # once it lets go, the same tap goes through at the version the page had
    taken = client.post(
        f"/g/{game_id}/correct",
        data={"version": version, "field": "coins", "value": 7},
        headers=HTMX,
    )
    assert taken.status_code == 200 and stored_version(path, game_id) == before + 1


def test_taps_waiting_on_a_busy_database_never_wait_one_after_the_other(tmp_path):
    """Four devices tapping while another program holds the file: each is refused within
    its own BUSY_SECONDS, not after the others' waits (10, 20, 30, 40 s before): held for
    2.5 times that, taps waiting one after the other would see it let go."""
    app = make_app(tmp_path)
    clients = [app.test_client() for _ in range(4)]
    ids = [start_game(client, f"Game {n}") for n, client in enumerate(clients)]
    versions = [
        version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
        for client, game_id in zip(clients, ids, strict=True)
    ]
    answered: list[int] = []

    def send(n: int) -> None:
        response = clients[n].post(
            f"/g/{ids[n]}/answer", data={"version": versions[n], "value": "H"}, headers=HTMX
        )
        answered.append(response.status_code)

    with held_for(Path(app.config["DATABASE"]), db.BUSY_SECONDS * 2.5):
        threads = [threading.Thread(target=send, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert answered == [503] * 4


def game_pages(client, game_id: str) -> list[str]:
    """Every page a device opens around a game, read from the pages themselves."""
    share = text(client.get(f"/g/{game_id}/share"))
    watch = re.search(r"/w/[\w-]+", share).group(0)
    return [
        "/",
        "/?bot=deacon",
        f"/g/{game_id}",
        f"/g/{game_id}/history",
        f"/g/{game_id}/share",
        watch,
        f"/g/{game_id}/export",
        f"/g/{game_id}/delete",
        "/data",
        "/data/export",
        "/library",
        "/library/covenant",
        "/library/deacon/copy",
        "/library/deacon/boards",
        "/record",
        "/manifest.webmanifest",
    ]


@pytest.mark.parametrize("device", ["known", "new"])
def test_every_page_opens_while_another_program_holds_the_database(table, device):
    app, client, game_id = table
    pages = game_pages(client, game_id)
    visitor = client if device == "known" else app.test_client()
    with held(Path(app.config["DATABASE"])):
        for page in pages:
            response = visitor.get(page)
            assert response.status_code == 200, (page, response.status_code)


def test_opening_any_page_writes_nothing_to_the_database(table):
    """A page view reads; what it would change (a new device, a game put in a list) is a
    request of its own, sent by the page."""
    app, client, game_id = table
    pages = game_pages(client, game_id)
    with contextlib.closing(sqlite3.connect(app.config["DATABASE"])) as other:
        seen = other.execute("PRAGMA data_version").fetchone()[0]
        for visitor in (client, app.test_client()):
            for page in pages:
                visitor.get(page)
                assert other.execute("PRAGMA data_version").fetchone()[0] == seen, page


def join_url(page: str) -> str | None:
    found = re.search(r'<div id="join" hidden hx-post="([^"]+)"', page)
    return None if found is None else html.unescape(found.group(1))


@pytest.mark.parametrize("link", ["play", "watch"])
def test_a_device_opening_a_game_link_puts_it_in_its_list_by_a_request_of_its_own(table, link):
    app, client, game_id = table
    address = f"/g/{game_id}"
    if link == "watch":
        address = re.search(r"/w/[\w-]+", text(client.get(f"/g/{game_id}/share"))).group(0)
    partner = app.test_client()
    asked = join_url(partner.get(address).get_data(as_text=True))
    assert asked == f"{address}/join"
    assert "Tuesday" not in text(partner.get("/"))
    joined = partner.post(asked, headers=HTMX)
    assert joined.status_code == 200 and joined.get_data() == b""  # the element swapped out
    lobby = text(partner.get("/"))
    assert "Tuesday" in lobby and ("Watching" in lobby) == (link == "watch")
    assert join_url(partner.get(address).get_data(as_text=True)) is None  # asked once
    # the game's own device has it already: its page asks nothing
    assert join_url(client.get(f"/g/{game_id}").get_data(as_text=True)) is None


def test_a_watcher_who_plays_later_asks_to_join_again_as_a_player(table):
    app, client, game_id = table
    watch = re.search(r"/w/[\w-]+", text(client.get(f"/g/{game_id}/share"))).group(0)
    partner = app.test_client()
    partner.post(f"{watch}/join", headers=HTMX)
    assert join_url(partner.get(watch).get_data(as_text=True)) is None
    assert join_url(partner.get(f"/g/{game_id}").get_data(as_text=True)) == f"/g/{game_id}/join"


def test_a_join_asked_while_the_database_is_busy_is_asked_again_later(table):
    app, _, game_id = table
    partner = app.test_client()
    page = partner.get(f"/g/{game_id}").get_data(as_text=True)
    assert 'hx-trigger="load, every 10s"' in page
    with held(Path(app.config["DATABASE"])):
        waiting = partner.post(f"/g/{game_id}/join", headers=HTMX)
    assert waiting.status_code == 204  # nothing swapped: the page asks again
    assert "Tuesday" not in text(partner.get("/"))
    assert partner.post(f"/g/{game_id}/join", headers=HTMX).status_code == 200
    assert "Tuesday" in text(partner.get("/"))


def test_joining_a_game_that_is_not_there_is_refused(app):
    client = app.test_client()
    assert client.post("/g/no-such-game-000000000/join", headers=HTMX).status_code == 404
    assert client.post("/w/no-such-game-000000000/join", headers=HTMX).status_code == 404


# --- a full disk during play (SQLite told the file may not grow) ---------------------------


def fill_the_database(app) -> None:
    """The file may grow no more, as on a full disk: SQLite answers "database or disk is
    full" to the next write that needs a page (this thread's connection, the one the
    test client's requests use)."""
    with app.app_context():
        connection = db.get_db()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")


def test_a_tap_on_a_full_disk_is_answered_503_saying_so_and_changes_nothing(table):
    app, client, game_id = table
    path = Path(app.config["DATABASE"])
    fill_the_database(app)
    before = stored_version(path, game_id)
    answers = [tap(client, game_id, coins) for coins in range(5, 25)]
    refused = next(answer for answer in answers if answer.status_code != 200)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
    assert "disk of the Botdeck computer is full" in text(refused)
    assert "Something went wrong" not in text(refused)
    taken = sum(answer.status_code == 200 for answer in answers[: answers.index(refused)])
    assert stored_version(path, game_id) == before + taken
    # the page shows the game as stored: nothing of the refused tap
    assert version_of(client.get(f"/g/{game_id}").get_data(as_text=True)) == before + taken


def test_a_new_game_on_a_full_disk_is_answered_503_saying_so(table):
    app, client, _ = table
    fill_the_database(app)
    for n in range(20):  # each start stores a game: one of them needs a new page
        response = client.post("/games", data={"bot": "covenant", "name": f"More {n}"})
        if response.status_code != 303:
            break
    assert response.status_code == 503
    assert "disk of the Botdeck computer is full" in text(response)


# --- the real thing: a small disk, filled ------------------------------------------------------


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def small_disk(tmp_path) -> Iterator[Path]:
    """A 4 MB disk of its own (tmpfs) for the data folder; skipped where this system
    does not let the tests mount one (the simulated tests above still run)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or not _mount("-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)):
        pytest.skip("mounting a small disk needs root and mount(8)")
    try:
        yield disk
    finally:
        db.release(disk / "data" / "botdeck.sqlite3")
        subprocess.run(["umount", "-l", str(disk)], check=False)


def fill(disk: Path) -> Path:
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 65536)
    assert shutil.disk_usage(disk).free < 64 * 1024
    return filler


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


def test_a_full_disk_during_play_refuses_taps_new_games_and_backups_then_goes_on(small_disk):
    app = make_app(small_disk / "data")
    client = app.test_client()
    game_id = start_game(client)
    assert tap(client, game_id).status_code == 200
    path = Path(app.config["DATABASE"])
    filler = fill(small_disk)
    refused = [tap(client, game_id) for _ in range(6)]
    assert any(answer.status_code == 503 for answer in refused)
    assert all(answer.status_code in (200, 503) for answer in refused)
    assert "full" in text(next(a for a in refused if a.status_code == 503))
    backup = client.post("/data/backup")
    assert backup.status_code == 503 and "full" in text(backup)
    assert not list((path.parent / "backups").glob("*.partial"))
    filler.unlink()
    kept = stored_version(path, game_id)
    assert tap(client, game_id).status_code == 200
    assert stored_version(path, game_id) == kept + 1
    assert client.post("/data/backup").status_code == 303


@pytest.mark.parametrize("first_start", [False, True])
def test_a_full_disk_at_start_is_not_called_damage_and_every_game_is_there_after(
    small_disk, first_start
):
    """The report: safe mode said "damaged … disk I/O error" and *Start with no games*
    set the file aside and answered 500."""
    data = small_disk / "data"
    if not first_start:
        app = make_app(data)
        client = app.test_client()
        game_id = start_game(client)
        assert tap(client, game_id).status_code == 200
        db.release(Path(app.config["DATABASE"]))  # the server stops
    else:
        client = make_app(small_disk / "elsewhere").test_client()
        client.get("/")  # a device that has its cookie
    filler = fill(small_disk)
    before = folder_bytes(data) if data.exists() else {}
    app = make_app(data)
    client = same_device(app, client)
    page = client.get("/")
    shown = text(page)
    assert page.status_code == 503 and "The disk is full" in shown
    assert "damaged" not in shown and "Start with no games" not in shown
    assert "Try again" in shown
    assert client.post("/data/safe/start-empty").status_code == 409
    assert client.post("/data/safe/restore", data={"backup": "x"}).status_code == 409
    assert client.post("/data/safe/retry").status_code == 503  # still full
    if data.exists():
        assert {name: b for name, b in folder_bytes(data).items() if name in before} == before
    filler.unlink()
    assert client.post("/data/safe/retry").status_code == 303
    lobby = client.get("/")
    assert lobby.status_code == 200
    if not first_start:
        assert "Tuesday" in text(lobby)
    assert not list(data.glob("*damaged*"))


def test_a_read_only_data_folder_gets_a_clear_page_and_every_game_after(small_disk):
    data = small_disk / "data"
    app = make_app(data)
    client = app.test_client()
    game_id = start_game(client)
    assert tap(client, game_id).status_code == 200
    db.release(Path(app.config["DATABASE"]))
    # the WAL folded into the file, as a clean stop leaves it
    with contextlib.closing(sqlite3.connect(data / "botdeck.sqlite3")) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert _mount("-o", "remount,ro", str(small_disk))
    try:
        app = make_app(data)
        client = same_device(app, client)
        page = client.get("/")
        assert page.status_code == 503
        assert "Botdeck cannot write to its data folder" in text(page)
        assert "damaged" not in text(page)
        assert client.post("/data/safe/start-empty").status_code == 409
    finally:
        assert _mount("-o", "remount,rw", str(small_disk))
    assert client.post("/data/safe/retry").status_code == 303
    assert "Tuesday" in text(client.get("/"))
    assert not list(data.glob("*damaged*"))


def test_a_database_another_program_holds_exclusively_at_start_gets_a_clear_page(table):
    app, client, game_id = table
    path = Path(app.config["DATABASE"])
    db.release(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        app = make_app(path.parent)
        client = same_device(app, client)
        page = client.get("/")
        assert page.status_code == 503
        assert "Another program is using the games database" in text(page)
        assert client.post("/data/safe/start-empty").status_code == 409
    finally:
        other.execute("COMMIT")
        other.close()
    assert client.post("/data/safe/retry").status_code == 303
    assert "Tuesday" in text(client.get("/"))
    assert not list(path.parent.glob("*damaged*"))


def test_try_again_on_a_healthy_database_goes_to_the_lobby(app):
    assert app.test_client().post("/data/safe/retry").status_code == 303


# --- a file set aside, brought back ------------------------------------------------------------


def set_aside_by_an_earlier_botdeck(app, client) -> tuple[str, Path]:
    """What an earlier Botdeck did on a full disk: the file moved aside whole, an empty
    database in its place. Returns a game of the file, and the file."""
    game_id = start_game(client, "Played before")
    assert tap(client, game_id).status_code == 200
    path = Path(app.config["DATABASE"])
    db.release(path)
    aside = path.with_name("botdeck-damaged-20261120-101500.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            os.replace(f"{path}{suffix}", f"{aside}{suffix}")
    return game_id, aside


def test_a_file_set_aside_that_still_reads_is_offered_and_its_games_come_back(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    game_id, aside = set_aside_by_an_earlier_botdeck(app, client)
    app = make_app(tmp_path)  # started again: an empty database
    client_after = same_device(app, client)
    start_game(client_after, "Played since")
    offered = text(client_after.get("/data"))
    assert "Games set aside" in offered and "Bring these games back" in offered
    assert "1 game" in offered and aside.name in offered
    assert "Games set aside" in text(client_after.get("/"))  # the lobby says so too
    kept = folder_bytes(tmp_path)[aside.name]
    brought = client_after.post(f"/data/set-aside/{aside.name}/bring-back")
    assert brought.status_code == 303
    assert "Brought back: 1 game" in text(client_after.get(brought.headers["Location"]))
    lobby = text(client_after.get("/"))
    assert "Played before" in lobby and "Played since" in lobby
    assert version_of(client_after.get(f"/g/{game_id}").get_data(as_text=True)) == 1
    assert aside.read_bytes() == kept  # the file itself as it was
    assert "Games set aside" not in text(client_after.get("/data"))  # nothing left in it
    assert client_after.post(f"/data/set-aside/{aside.name}/bring-back").status_code == 404


def test_bringing_back_never_replaces_what_the_database_holds(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    game_id, aside = set_aside_by_an_earlier_botdeck(app, client)
    # the same game came back another way meanwhile (a backup restored), then played on
    shutil.copy(aside, tmp_path / "botdeck.sqlite3")
    app = make_app(tmp_path)
    assert tap(client, game_id).status_code == 200
    assert "Games set aside" not in text(client.get("/data"))  # nothing there that is not here
    with app.app_context():
        assert db.find_game(game_id).version == 2


def test_a_file_set_aside_that_does_not_read_whole_is_not_offered(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    start_game(client)
    (tmp_path / "botdeck-damaged-20261120-101500.sqlite3").write_bytes(b"not a database" * 300)
    assert "Games set aside" not in text(client.get("/data"))
    assert client.post(
        "/data/set-aside/botdeck-damaged-20261120-101500.sqlite3/bring-back"
    ).status_code == 404


def test_a_file_set_aside_by_a_much_older_botdeck_comes_back_upgraded(tmp_path):
    old_database(tmp_path / "botdeck-damaged-20260101-080000.sqlite3", version=2)
    app = make_app(tmp_path)
    client = app.test_client()
    assert client.post(
        "/data/set-aside/botdeck-damaged-20260101-080000.sqlite3/bring-back"
    ).status_code == 303
    with app.app_context():
        assert db.find_game("devgame0000000000000001").name == "Played on the tablet"
        assert db.find_game("devgame0000000000000001").watch_id  # given one, as upgrades do


def test_setting_aside_twice_in_one_second_keeps_both_files(tmp_path):
    database = tmp_path / "botdeck.sqlite3"
    database.write_bytes(b"first")
    first = safety.set_aside(database)
    database.write_bytes(b"second")
    second = safety.set_aside(database)
    assert first != second
    assert first.read_bytes() == b"first" and second.read_bytes() == b"second"


# --- a tap stored, what follows it not -------------------------------------------------------


def test_a_tap_stored_whose_entry_cannot_be_kept_now_is_answered_as_taken(table, monkeypatch):
    """Keeping what the table entered for its next game is a write after the tap's own:
    a database busy by then leaves the tap stored and answered, not told as refused."""
    app, client, game_id = table
    path = Path(app.config["DATABASE"])
    before = stored_version(path, game_id)

    def busy(*args, **kwargs):
        raise db.DatabaseBusy()

    monkeypatch.setattr(games, "_remember", busy)
    with app.app_context():
        opened = games.act(game_id, before, Answered("H"), "Tablet")
    assert opened.version == before + 1 == stored_version(path, game_id)


def test_a_part_answered_from_the_copy_that_cannot_be_stored_leaves_the_game_as_stored(
    table, monkeypatch
):
    """The copy answering the next part is a second action: if it cannot be stored, the
    game shown is the one stored (the part asked again), not one a step ahead of it."""
    app, client, game_id = table
    path = Path(app.config["DATABASE"])
    before = stored_version(path, game_id)
    stored = db.append_event

    def from_the_copy(game_id, opened, device):
        def refused(*args, **kwargs):
            raise db.DatabaseBusy()

        monkeypatch.setattr(db, "append_event", refused)
        try:
            return games.act(game_id, opened.version, Corrected("coins", 9), device)
        finally:
            monkeypatch.setattr(db, "append_event", stored)

    monkeypatch.setattr(games, "fill_from_library", from_the_copy)
    with app.app_context():
        opened = games.act(game_id, before, Corrected("coins", 5), "Tablet")
        assert opened.version == before + 1 == stored_version(path, game_id)
        assert opened.game.state.ai.coins == 5
        assert games.open_game(game_id).game.state.ai.coins == 5
