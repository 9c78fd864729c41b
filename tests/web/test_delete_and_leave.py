"""Taking a game away: only the device that started it deletes it for everyone; any
other device leaves it (off its own list, the game untouched). A deleted game is kept,
hidden from everyone, in its owner's "Recently deleted" for 30 days; *Bring it back*
gives it back whole; after that it is removed for good."""

from __future__ import annotations

import html
import io
import json
import re
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from webapp import create_app
from webapp.engine.actions import Answered
from webapp.service import games
from webapp.storage import db, safety
from webapp.web import data

from .conftest import HTMX, new_game, open_link, tap, version_of

TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36"
PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148"


def device(app, user_agent: str):
    client = app.test_client()
    client.environ_base["HTTP_USER_AGENT"] = user_agent
    return client


@pytest.fixture
def table(app):
    """A game started on the tablet ("Sunday", one tap played) and joined by the phone."""
    tablet, phone = device(app, TABLET), device(app, PHONE)
    game_id = new_game(tablet, {"bot": "covenant", "name": "Sunday"})
    assert tap(tablet, game_id, "H").status_code == 200
    assert open_link(phone, f"/g/{game_id}").status_code == 200  # its link: joined
    return tablet, phone, game_id


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def game_list(client) -> str:
    """The lobby's list of this device's games (not its "Recently deleted")."""
    found = re.search(r'<ul class="game-list">(.*?)</ul>', text(client.get("/")), re.S)
    return found.group(1) if found else ""


def recently_deleted(client) -> str:
    lobby = text(client.get("/"))
    found = re.search(r'<section class="recently-deleted".*?</section>', lobby, re.S)
    return found.group(0) if found else ""


def stored(app, game_id: str) -> dict:
    """Everything stored of a game, read straight from the file."""
    with sqlite3.connect(app.config["DATABASE"]) as con:
        con.row_factory = sqlite3.Row
        game = con.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return {
            "game": None if game is None else dict(game),
            "events": [
                tuple(r)
                for r in con.execute(
                    "SELECT * FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
                )
            ],
            "lists": sorted(
                tuple(r)
                for r in con.execute(
                    "SELECT device_id, role FROM device_games WHERE game_id = ?", (game_id,)
                )
            ),
        }


def watch_id_of(app, game_id: str) -> str:
    with app.app_context():
        return db.find_game(game_id).watch_id


# --- a partner: leave, never delete --------------------------------------------------


def test_a_partners_delete_is_refused_and_the_game_is_untouched(app, table):
    tablet, phone, game_id = table
    before = stored(app, game_id)
    response = phone.post(f"/g/{game_id}/delete")
    assert response.status_code == 403
    assert "Only the device that started this game can delete it" in text(response)
    assert stored(app, game_id) == before
    assert "Sunday" in game_list(tablet) and "Sunday" in game_list(phone)
    assert open_link(phone, f"/g/{game_id}").status_code == 200


def test_a_partner_is_offered_leave_not_delete_and_told_what_happens(table):
    tablet, phone, game_id = table
    phone_list, tablet_list = game_list(phone), game_list(tablet)
    assert "Leave this game" in phone_list and f"/g/{game_id}/leave" in phone_list
    assert f"/g/{game_id}/delete" not in phone_list
    assert f"/g/{game_id}/delete" in tablet_list and "Leave this game" not in tablet_list
    confirm = text(phone.get(f"/g/{game_id}/delete"))  # the same link: it is a leave here
    assert "Leave “Sunday”?" in confirm and f"/g/{game_id}/leave" in confirm
    assert "Tablet, the device that started it, keeps it" in confirm
    assert f'action="/g/{game_id}/delete"' not in confirm
    mine = text(tablet.get(f"/g/{game_id}/delete"))
    assert "Delete “Sunday”?" in mine and "Phone, which also has it, will no longer see it" in mine


def test_a_partners_leave_takes_the_game_off_its_own_list_only(app, table):
    tablet, phone, game_id = table
    before = stored(app, game_id)
    response = phone.post(f"/g/{game_id}/leave")
    assert response.status_code == 303
    assert "is off this device's list" in text(phone.get(response.headers["Location"]))
    assert "Sunday" not in game_list(phone)
    assert "Sunday" in game_list(tablet)
    after = stored(app, game_id)
    assert after["game"] == before["game"] and after["events"] == before["events"]
    assert len(after["lists"]) == len(before["lists"]) - 1
    assert open_link(phone, f"/g/{game_id}").status_code == 200  # its link joins it again
    assert "Sunday" in game_list(phone)


def test_the_starting_device_cannot_leave_its_own_game(app, table):
    tablet, _, game_id = table
    before = stored(app, game_id)
    response = tablet.post(f"/g/{game_id}/leave")
    assert response.status_code == 403 and "delete it" in text(response)
    assert stored(app, game_id) == before


def test_a_watcher_leaves_by_the_watch_link_it_knows(app, table):
    tablet, _, game_id = table
    watch_id = watch_id_of(app, game_id)
    watcher = device(app, PHONE)
    open_link(watcher, f"/w/{watch_id}")
    listed = game_list(watcher)
    assert f"/w/{watch_id}/leave" in listed and game_id not in listed
    assert "Leave “Sunday”?" in text(watcher.get(f"/w/{watch_id}/leave"))
    assert watcher.post(f"/w/{watch_id}/leave").status_code == 303
    assert "Sunday" not in game_list(watcher) and "Sunday" in game_list(tablet)


def test_a_game_from_an_earlier_botdeck_is_deleted_only_once_a_device_claims_it(client, game_id):
    open_link(client, f"/g/{game_id}")  # on its list, but owned by no device
    assert "Leave this game" in game_list(client)
    assert client.post(f"/g/{game_id}/delete").status_code == 403
    assert "add it to this device" in text(client.get(f"/g/{game_id}/delete"))
    client.post("/claim", data={"next": "/"})
    assert client.post(f"/g/{game_id}/delete").status_code == 303


# --- the owner: delete for everyone, bring it back -----------------------------------


def test_the_owners_delete_removes_it_for_everyone_and_lists_it_as_recently_deleted(app, table):
    tablet, phone, game_id = table
    watch_id = watch_id_of(app, game_id)
    response = tablet.post(f"/g/{game_id}/delete")
    assert response.status_code == 303
    lobby = text(tablet.get(response.headers["Location"]))
    assert "“Sunday” was deleted" in lobby
    assert f'action="/g/{game_id}/bring-back"' in lobby.split('class="lobby"')[0]  # the notice
    assert "Sunday" not in game_list(tablet) and "Sunday" not in game_list(phone)
    kept = recently_deleted(tablet)
    assert "Sunday" in kept and "Wayward Covenant" in kept and "30 days left" in kept
    assert "Sunday" not in text(phone.get("/"))  # nowhere on the partner's lobby
    page = open_link(phone, f"/g/{game_id}")
    assert page.status_code == 404
    assert "was deleted on the device that started it" in text(page)
    assert "bring-back" not in text(page)  # only its owner can
    watched = open_link(phone, f"/w/{watch_id}")
    assert watched.status_code == 404  # its watch link says so too
    assert "was deleted on the device that started it" in text(watched)
    assert phone.post(f"/g/{game_id}/bring-back").status_code == 404


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/g/{game}/export"),
        ("get", "/g/{game}/history"),
        ("get", "/g/{game}/share"),
        ("get", "/g/{game}/events"),
        ("get", "/w/{watch}/events"),
        ("get", "/g/{game}/delete"),
        ("post", "/g/{game}/rename"),
        ("post", "/g/{game}/undo"),
        ("post", "/g/{game}/answer"),
        ("post", "/g/{game}/leave"),
        ("post", "/g/{game}/delete"),
    ],
)
def test_a_deleted_game_answers_no_link_and_takes_no_tap(app, table, method, path):
    tablet, phone, game_id = table
    url = path.format(game=game_id, watch=watch_id_of(app, game_id))
    tablet.post(f"/g/{game_id}/delete")
    before = stored(app, game_id)
    for client in (tablet, phone):
        form = {"version": 1, "value": "1.1", "name": "Renamed"}
        response = getattr(client, method)(url, **({"data": form} if method == "post" else {}))
        assert response.status_code == 404
    assert stored(app, game_id) == before


def test_a_tap_on_a_partners_open_page_is_refused_with_the_reason(app, table):
    tablet, phone, game_id = table
    version = version_of(phone.get(f"/g/{game_id}").get_data(as_text=True))
    tablet.post(f"/g/{game_id}/delete")
    response = phone.post(
        f"/g/{game_id}/answer", data={"version": version, "value": "1.1"}, headers=HTMX
    )
    assert response.status_code == 404
    assert "deleted on the device that started it" in text(response)


def test_bring_it_back_gives_the_game_back_whole_to_every_device(app, table):
    tablet, phone, game_id = table
    watch_id = watch_id_of(app, game_id)
    before = stored(app, game_id)
    tablet.post(f"/g/{game_id}/delete")
    response = tablet.post(f"/g/{game_id}/bring-back")
    assert response.status_code == 303
    assert "“Sunday” is back" in text(tablet.get(response.headers["Location"]))
    assert stored(app, game_id) == before  # its events, its links, every device's list
    assert "Sunday" in game_list(tablet) and "Sunday" in game_list(phone)
    assert recently_deleted(tablet) == ""
    assert open_link(phone, f"/w/{watch_id}").status_code == 200
    undo = phone.post(f"/g/{game_id}/undo", data={"version": 1}, headers=HTMX)
    assert undo.status_code == 200 and "Undone" in text(undo)  # and play goes on


def test_the_cache_never_serves_a_deleted_game(app, table):
    tablet, _, game_id = table
    with app.app_context():
        opened = games.open_game(game_id)  # held in memory
        version = opened.version
    tablet.post(f"/g/{game_id}/delete")
    with app.app_context():
        with pytest.raises(games.GameNotFound) as missing:
            games.open_game(game_id)
        assert missing.value.args == (game_id,)
        with pytest.raises(games.GameNotFound) as missing:
            games.act(game_id, version, Answered("1.1"))
        assert missing.value.args == (game_id,)
    tablet.post(f"/g/{game_id}/bring-back")
    with app.app_context():
        assert games.open_game(game_id).version == version


# --- 30 days, then gone for good ---------------------------------------------------------


def later(stamp: str, **delta: float) -> str:
    return (datetime.fromisoformat(stamp) + timedelta(**delta)).isoformat(timespec="milliseconds")


def test_a_deleted_game_is_removed_for_good_after_30_days(app, table):
    tablet, _, game_id = table
    tablet.post(f"/g/{game_id}/delete")
    device_id = tablet.get_cookie("botdeck_device").value
    with app.app_context():
        deleted_at = db.find_game(game_id, deleted=True).deleted_at
        assert [days for _, days in games.recently_deleted(device_id, deleted_at)] == [30]
        almost = later(deleted_at, days=29, hours=23)
        assert [days for _, days in games.recently_deleted(device_id, almost)] == [1]
        assert games.purge_deleted(almost) == 0
        assert games.purge_deleted(later(deleted_at, days=30, milliseconds=1)) == 1
    assert stored(app, game_id) == {"game": None, "events": [], "lists": []}
    assert tablet.post(f"/g/{game_id}/bring-back").status_code == 404


def deleted_long_ago(app, tablet, game_id: str) -> None:
    tablet.post(f"/g/{game_id}/delete").close()
    with sqlite3.connect(app.config["DATABASE"]) as con:
        con.execute("UPDATE games SET deleted_at = '2020-01-01T00:00:00.000+00:00'")


def test_what_was_deleted_more_than_30_days_ago_is_removed_at_the_next_start(app, table):
    tablet, _, game_id = table
    deleted_long_ago(app, tablet, game_id)
    assert "Sunday" not in text(tablet.get("/"))  # a page view removes nothing: it reads
    assert stored(app, game_id)["game"] is not None
    create_app({"TESTING": True, "DATA_DIR": app.config["DATA_DIR"]})
    assert stored(app, game_id)["game"] is None


def test_what_was_deleted_more_than_30_days_ago_is_removed_after_a_change_once_an_hour(
    app, table
):
    """Not at every tap: once an hour at most, after a change (its answer sent first)."""
    tablet, _, game_id = table
    deleted_long_ago(app, tablet, game_id)
    other = new_game(tablet, {"bot": "covenant", "name": "Monday"})
    tablet.post(f"/g/{other}/rename", data={"name": "Monday night"}).close()
    assert stored(app, game_id)["game"] is not None  # purged at start, less than an hour ago
    app.extensions[data.PURGED] -= data.PURGE_SECONDS
    tablet.post(f"/g/{other}/rename", data={"name": "Monday again"}).close()
    assert stored(app, game_id)["game"] is None


# --- files and backups -------------------------------------------------------------------


def test_a_deleted_game_is_not_exported_and_a_file_with_its_ids_comes_back_as_a_copy(app, table):
    tablet, _, game_id = table
    exported = tablet.get("/data/export").data
    assert [g["id"] for g in json.loads(exported)["games"]] == [game_id]
    tablet.post(f"/g/{game_id}/delete")
    assert json.loads(tablet.get("/data/export").data)["games"] == []
    response = tablet.post("/data/import", data={"file": (io.BytesIO(exported), "all.json")})
    assert response.status_code == 200 and "1 game brought back" in text(response)
    (copy,) = [
        re.search(r"/g/([\w-]+)", item).group(1)
        for item in game_list(tablet).split('<li class="game-item">')[1:]
    ]
    assert copy != game_id
    assert "Sunday" in recently_deleted(tablet)  # the deleted one stays its owner's to bring back
    assert tablet.post(f"/g/{game_id}/bring-back").status_code == 303
    assert game_list(tablet).count('<li class="game-item">') == 2


@pytest.mark.parametrize("taken", ["id", "watch_id"])
def test_a_file_whose_play_or_watch_link_alone_is_another_games_comes_back_as_a_copy(
    app, table, taken
):
    """Either of its ids already held (by a deleted game, or a game of this Botdeck):
    the game comes back with links of its own, and the other game keeps its own."""
    tablet, _, game_id = table
    collection = json.loads(tablet.get("/data/export").data)
    (entry,) = collection["games"]
    if taken == "id":
        tablet.post(f"/g/{game_id}/delete")  # its id stays taken while it can come back
        entry["watch_id"] = "fresh-watch-link-000001"
    else:
        entry["id"] = "fresh-play-link-0000001"  # its watch link is still the game's
    sent = json.dumps(collection).encode()
    response = tablet.post("/data/import", data={"file": (io.BytesIO(sent), "all.json")})
    assert response.status_code == 200 and "1 game brought back" in text(response)
    copies = [
        re.search(r"/g/([\w-]+)", item).group(1)
        for item in game_list(tablet).split('<li class="game-item">')[1:]
    ]
    (copy,) = [found for found in copies if found != game_id]
    with app.app_context():
        original = db.find_game(game_id, deleted=taken == "id")
        row = db.find_game(copy)
        assert original is not None and row is not None
        assert copy not in (game_id, entry["id"]) and row.watch_id != entry["watch_id"]
        assert row.watch_id != original.watch_id  # each keeps a watch link of its own


def test_a_backup_follows_a_delete_and_a_bring_back(app, table):
    tablet, _, game_id = table
    path = Path(app.config["DATABASE"])
    before = safety.fingerprint(path)
    tablet.post(f"/g/{game_id}/delete")
    deleted = safety.fingerprint(path)
    assert deleted != before
    tablet.post(f"/g/{game_id}/bring-back")
    assert safety.fingerprint(path) not in (None, deleted)
