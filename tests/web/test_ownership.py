"""The card library and kept entries belong to the device that made them: listed to it
only; another device cannot read, export, change or delete them. What an earlier
Botdeck stored without an owner is added to a device deliberately, from the lobby."""

from __future__ import annotations

import html
import io
import json
import re
import sqlite3

import pytest

from webapp import create_app
from webapp.engine import Game
from webapp.service import games
from webapp.storage import db

from .conftest import step_title
from .test_fields import TILE, TILE_KEY, tile_copy  # noqa: F401 - a fixture
from .test_library import SECTION, deck_data, new_deck, save_section
from .test_solo_enemy import COSTS, answer, page, start


@pytest.fixture
def stranger(app):
    return app.test_client()


@pytest.fixture
def my_deck(client) -> str:
    deck_id = new_deck(client, "My cards")
    assert save_section(client, deck_id, "07", "normal.0", {"sections": 4, "section": SECTION})
    return deck_id


def test_a_deck_is_listed_only_to_the_device_that_made_it(client, stranger, my_deck):
    assert my_deck in client.get("/library/covenant").get_data(as_text=True)
    assert my_deck in client.get("/?bot=covenant").get_data(as_text=True)  # the lobby's deck choice
    for path in ("/library/covenant", "/?bot=covenant"):
        shown = stranger.get(path).get_data(as_text=True)
        assert my_deck not in shown and "My cards</strong>" not in shown


@pytest.mark.parametrize(
    ("method", "path", "form"),
    [
        ("get", "/library/covenant/{deck}", None),
        ("get", "/library/covenant/{deck}/export", None),
        ("get", "/library/covenant/{deck}/card/07", None),
        ("get", "/library/covenant/{deck}/card/07/normal.0", None),
        ("get", "/library/covenant/{deck}/delete", None),
        ("post", "/library/covenant/{deck}/rename", {"name": "Mine now"}),
        ("post", "/library/covenant/{deck}/delete", {}),
        ("post", "/library/covenant/{deck}/card/07/delete", {}),
        ("post", "/library/covenant/{deck}/card/07/normal.0", {"value": "{}"}),
    ],
)
def test_another_device_cannot_read_or_change_a_deck(client, stranger, my_deck, method, path, form):
    before = deck_data(client, my_deck)
    url = path.format(deck=my_deck)
    response = stranger.get(url) if form is None else stranger.post(url, data=form)
    assert response.status_code == 404
    assert "My cards" not in response.get_data(as_text=True)
    assert deck_data(client, my_deck) == before


def test_another_device_cannot_start_a_game_with_a_deck_it_does_not_own(stranger, my_deck):
    response = stranger.post("/games", data={"bot": "covenant", "deck_id": my_deck})
    assert response.status_code == 422
    assert "that deck is not in the library" in response.get_data(as_text=True)


def test_an_import_replacing_a_deck_of_the_same_name_replaces_only_its_own(
    client, stranger, my_deck
):
    data = deck_data(client, my_deck)
    response = stranger.post(
        "/library/covenant/import/resolve",
        data={"choice": "replace", "data": json.dumps({**data, "cards": []})},
    )
    assert response.status_code == 303
    assert deck_data(client, my_deck) == data  # the stranger got a deck of its own
    theirs = response.headers["Location"].rsplit("/", 1)[1]
    assert theirs != my_deck and deck_data(stranger, theirs)["cards"] == []


def test_a_deck_is_shared_deliberately_by_its_file(client, stranger, my_deck):
    exported = client.get(f"/library/covenant/{my_deck}/export").data
    imported = stranger.post(
        "/library/covenant/import", data={"file": (io.BytesIO(exported), "d.json")}
    )
    assert imported.status_code == 303
    theirs = imported.headers["Location"].rsplit("/", 1)[1]
    assert deck_data(stranger, theirs)["cards"] == deck_data(client, my_deck)["cards"]


def test_costs_one_device_entered_answer_its_games_and_not_anothers(client, stranger):
    first = start(client)
    answer(client, first, {"value": "done"})
    assert answer(client, first, COSTS).status_code == 200
    theirs = start(stranger)
    answer(stranger, theirs, {"value": "done"})
    assert "its costs" in step_title(page(stranger, theirs))  # asked: not their copy
    assert "as you entered them last time" not in page(stranger, theirs)
    mine = start(client)
    # a partner taps my game: the costs come from my copy, the game's owner's
    answer(stranger, mine, {"value": "done"})
    shown = page(client, mine)
    assert step_title(shown) == "At the table: 7 things, in order"
    assert "Gather its components" in shown


# --- what an earlier Botdeck stored ------------------------------------------------


def old_database(path, *, version: int) -> None:
    """A database as Botdeck `version` left it: a game, (from 1) a device that played
    it and one that did not play any, (from 2) a deck and kept costs."""
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT NOT NULL, bot TEXT NOT NULL,"
        " options TEXT NOT NULL, seed INTEGER NOT NULL, deck TEXT NOT NULL,"
        " version INTEGER NOT NULL DEFAULT 0, summary TEXT NOT NULL DEFAULT '{}',"
        " created_at TEXT NOT NULL, updated_at TEXT NOT NULL);"
        "CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " seq INTEGER NOT NULL, kind TEXT NOT NULL, action TEXT, summary TEXT NOT NULL,"
        " device TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL,"
        " PRIMARY KEY (game_id, seq));"
    )
    con.execute(
        "INSERT INTO games VALUES ('oldgame0000000000000001', 'Before the update', 'covenant',"
        " '{\"difficulty\": \"normal\"}', 5, 'null', 0, '{}', '2026-01-01', '2026-01-01')"
    )
    if version >= 1:
        con.execute("ALTER TABLE games ADD COLUMN watch_id TEXT")
        con.executescript(
            "CREATE TABLE devices (id TEXT PRIMARY KEY, name TEXT NOT NULL,"
            " named INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL);"
            "CREATE TABLE device_games (device_id TEXT NOT NULL, game_id TEXT NOT NULL,"
            " role TEXT NOT NULL, joined_at TEXT NOT NULL, PRIMARY KEY (device_id, game_id));"
            "INSERT INTO games (id, name, bot, options, seed, deck, created_at, updated_at,"
            " watch_id) VALUES ('devgame0000000000000001', 'Played on the tablet', 'covenant',"
            " '{}', 6, 'null', '2026-02-01', '2026-02-01', 'w1');"
            "INSERT INTO devices VALUES ('tablet-device-00000001', 'Tablet', 1, '2026-02-01');"
            "INSERT INTO device_games VALUES ('tablet-device-00000001',"
            " 'devgame0000000000000001', 'play', '2026-02-01');"
        )
    if version >= 2:
        con.execute("ALTER TABLE games ADD COLUMN deck_id TEXT")
        con.executescript(
            "CREATE TABLE decks (id TEXT PRIMARY KEY, bot TEXT NOT NULL, name TEXT NOT NULL,"
            " data TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);"
            "CREATE TABLE kept (bot TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL,"
            " updated_at TEXT NOT NULL, PRIMARY KEY (bot, key));"
            "INSERT INTO kept VALUES ('solo_enemy', 'orcs', '{}', '2026-03-01');"
        )
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()


def old_app(tmp_path, version: int):
    old_database(tmp_path / "botdeck.sqlite3", version=version)
    return create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})


@pytest.mark.parametrize("version", [0, 1, 2])
def test_games_from_before_owners_are_added_to_a_device_from_its_lobby(tmp_path, version):
    app = old_app(tmp_path, version)
    client = app.test_client()
    lobby = html.unescape(client.get("/").get_data(as_text=True))
    assert "From an earlier Botdeck" in lobby
    assert "Before the update" not in lobby
    response = client.post("/claim", data={"next": "/"})
    assert response.status_code == 303
    lobby = html.unescape(client.get("/").get_data(as_text=True))
    assert "Before the update" in lobby and "From an earlier Botdeck" not in lobby
    assert client.get("/g/oldgame0000000000000001").status_code == 200
    # no one else sees them, nor the notice any more
    other = html.unescape(app.test_client().get("/").get_data(as_text=True))
    assert "Before the update" not in other and "From an earlier Botdeck" not in other


def test_a_game_a_device_played_before_the_update_stays_that_devices(tmp_path):
    app = old_app(tmp_path, 1)
    tablet = app.test_client()
    tablet.set_cookie("botdeck_device", "tablet-device-00000001")
    lobby = html.unescape(tablet.get("/").get_data(as_text=True))
    assert "Played on the tablet" in lobby
    with app.app_context():
        assert db.find_game("devgame0000000000000001").owner == "tablet-device-00000001"


def test_kept_costs_from_before_owners_go_to_the_device_that_claims_them(tmp_path):
    app = old_app(tmp_path, 2)
    client = app.test_client()
    client.get("/")
    client.post("/claim", data={"next": "/"})
    device = client.get_cookie("botdeck_device").value
    with app.app_context():
        assert db.find_kept(device, "solo_enemy", "orcs") == {}
        assert db.find_kept("", "solo_enemy", "orcs") is None


def test_a_deck_from_before_owners_is_offered_in_the_library_and_claimed(tmp_path):
    app = old_app(tmp_path, 2)
    con = sqlite3.connect(tmp_path / "botdeck.sqlite3")
    con.execute(
        "INSERT INTO decks (id, bot, name, data, created_at, updated_at)"
        " VALUES ('olddeck', 'covenant', 'Old cards', ?, '2026-03-01', '2026-03-01')",
        (json.dumps(deck_file()),),
    )
    con.commit()
    con.close()
    device = app.test_client()
    library = html.unescape(device.get("/library/covenant").get_data(as_text=True))
    assert "1 game and 1 deck were stored before" in library and "Old cards" not in library
    device.post("/claim", data={"next": "/library/covenant"})
    assert "Old cards" in device.get("/library/covenant").get_data(as_text=True)
    assert re.search(r"/library/covenant/olddeck\b", device.get("/library/covenant").text)


def deck_file() -> dict:
    from webapp.engine import get_bot
    from webapp.engine.capabilities import cards_of

    return cards_of(get_bot("covenant")).empty_deck("Old cards")


# --- a game claimed while it is open -------------------------------------------------

OLD_GAME = "oldgame0000000000000001"
MINE = {"type": "mine", "stars": 3, "camp": True}
TOWN = {"type": "town", "stars": 1, "camp": False}
NO_ONES = {"type": "town", "stars": 0, "camp": True}


def asks_the_tile(monkeypatch, game: Game, steps: int) -> None:
    """The game's next `steps` asked steps ask the tile form instead (taking any answer)."""
    probe = Game.replay(game.bot.id, game.options, game.seed, game.initial_deck, game.actions)
    for _ in range(steps):
        kind = game.bot.step_types[probe.pending().step.kind]
        monkeypatch.setattr(kind, "question", lambda state, step: TILE)
        monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
        probe.answer(MINE)


@pytest.mark.usefixtures("tile_copy")
def test_a_game_claimed_while_it_is_open_keeps_and_reads_the_new_owners_copy_at_once(
    tmp_path, monkeypatch
):
    """An earlier Botdeck's game, open in memory, is added to a device: what the table
    enters in it goes into that device's copy at once, and the copy it reads is that
    device's, not the copy no device owns (the game's owner is read afresh, not the
    one it was opened with)."""
    app = old_app(tmp_path, 2)
    with app.app_context():
        asks_the_tile(monkeypatch, games.open_game(OLD_GAME).game, 2)  # open, no owner
        assert games.open_game(OLD_GAME).row.owner is None
    client = app.test_client()
    client.get("/")
    assert client.post("/claim", data={"next": "/"}).status_code == 303
    device = client.get_cookie("botdeck_device").value
    with app.app_context():
        db.save_kept(device, "covenant", TILE_KEY, MINE, db.now())
        db.save_kept("", "covenant", TILE_KEY, NO_ONES, db.now())  # no device's copy
    shown = page(client, OLD_GAME)  # the form starts from the new owner's copy
    assert '<input type="radio" name="entry.type" value="mine" checked required>' in shown
    answered = answer(client, OLD_GAME, {"entry.type": "town", "entry.stars": "1"})
    assert answered.status_code == 200
    with app.app_context():
        assert db.find_kept(device, "covenant", TILE_KEY) == TOWN  # kept for its owner
        assert db.find_kept("", "covenant", TILE_KEY) == NO_ONES
        # the next tile asked is answered at once from the owner's copy, not no one's
        assert games.open_game(OLD_GAME).game.actions == [{"answer": TOWN}, {"answer": TOWN}]
