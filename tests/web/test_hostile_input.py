"""Files and form values at their limits: huge numbers, deep nesting, control
characters, enormous bodies. Each gets a clear message and changes nothing."""

from __future__ import annotations

import html
import io
import json
import sqlite3

import pytest

from webapp.service import games, library

from .conftest import HTMX, OWNER, owner_client
from .test_bad_input import POST_ROUTES
from .test_library import deck_data, new_deck, upload
from .test_lobby import game_count
from .test_solo_enemy import answer, start

DEEP_LISTS = "[" * 100_000
DEEP_OBJECTS = '{"a":' * 50_000


def game_file(**fields) -> bytes:
    data = {"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": 1, "actions": []}
    return json.dumps({**data, **fields}).encode()


def import_game(client, content: bytes):
    return client.post(
        "/games/import", data={"file": (io.BytesIO(content), "game.json")}, headers=HTMX
    )


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 2**64 + 1, 10**30])
def test_a_game_file_whose_seed_does_not_fit_64_bits_is_refused(app, client, seed):
    response = import_game(client, game_file(seed=seed))
    assert response.status_code == 422
    assert "seed is outside" in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_the_largest_seeds_that_fit_import(app, client):
    for seed in (2**63 - 1, -(2**63)):
        assert (
            client.post(
                "/games/import", data={"file": (io.BytesIO(game_file(seed=seed)), "g.json")}
            ).status_code
            == 303
        )
    assert game_count(app) == 2


@pytest.mark.parametrize("nested", [DEEP_LISTS, DEEP_OBJECTS, '{"seed": ' + "[" * 40 + "]" * 40])
def test_a_deeply_nested_game_file_is_refused_naming_the_limit(app, client, nested):
    response = import_game(client, nested.encode())
    assert response.status_code == 422
    assert "more than 32 levels deep" in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_a_deeply_nested_deck_file_is_refused_wherever_it_is_sent(app, client):
    refused = [
        upload(client, DEEP_LISTS.encode()),
        client.post(
            "/games", data={"bot": "covenant", "deck": (io.BytesIO(DEEP_LISTS.encode()), "d.json")}
        ),
        client.post(
            "/library/covenant/import/resolve", data={"choice": "both", "data": DEEP_OBJECTS}
        ),
    ]
    for response in refused:
        assert response.status_code == 422
        assert "more than 32 levels deep" in response.get_data(as_text=True)
    assert game_count(app) == 0
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT COUNT(*) FROM decks").fetchone()[0] == 0


def test_a_deeply_nested_card_part_or_entry_is_refused_and_nothing_changes(client):
    deck_id = new_deck(client)
    before = deck_data(client, deck_id)
    saved = client.post(
        f"/library/covenant/{deck_id}/card/07/normal.0", data={"value": DEEP_LISTS[:20_000]}
    )
    assert saved.status_code == 422 and "32 levels" in saved.get_data(as_text=True)
    assert deck_data(client, deck_id) == before
    # the Solo Enemy's costs are an entry answered in the game itself
    game_id = start(client)
    answer(client, game_id, {"value": "done"})
    entered = answer(client, game_id, {"value": DEEP_LISTS[:20_000]})
    assert entered.status_code == 422 and "32 levels" in entered.get_data(as_text=True)
    drafted = client.post("/entry/covenant", data={"draft": DEEP_LISTS[:20_000]}, headers=HTMX)
    assert drafted.status_code == 400


def test_not_a_number_and_infinity_are_not_json_a_botdeck_file_holds(app, client):
    for constant in ("NaN", "Infinity", "-Infinity"):
        response = import_game(client, f'{{"format": "botdeck-game", "seed": {constant}}}'.encode())
        assert response.status_code == 422
        assert "which is not a number" in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_a_name_with_a_newline_becomes_one_line_and_its_file_a_safe_name(app, client):
    imported = client.post(
        "/games/import",
        data={"file": (io.BytesIO(game_file(name="Sunday\nnight\x00 à\tdeux")), "g.json")},
    )
    assert imported.status_code == 303
    game_id = imported.headers["Location"].rsplit("/", 1)[1]
    assert "Sunday night à deux" in client.get("/").get_data(as_text=True)
    exported = client.get(f"/g/{game_id}/export")
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"] == (
        "attachment; filename=botdeck-Sunday_night_a_deux.json"
    )
    renamed = client.post(f"/g/{game_id}/rename", data={"name": "Line one\r\nline two"})
    assert renamed.status_code == 303
    assert "Line one line two" in client.get("/").get_data(as_text=True)


def test_a_deck_named_with_a_newline_in_its_file_exports_under_a_safe_name(app, client):
    data = deck_data(client, new_deck(client))
    data["name"] = "Our\ncards\u2028«1»"
    assert upload(client, json.dumps(data).encode()).status_code == 303
    with app.app_context():
        imported = library.named(
            "covenant", data["name"], client.get_cookie("botdeck_device").value
        )
    exported = client.get(f"/library/covenant/{imported.id}/export")
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"] == "attachment; filename=Our_cards1.json"
    assert json.loads(exported.data)["name"] == "Our\ncards\u2028«1»"


def test_a_device_name_and_a_next_page_with_control_characters_are_handled(app, client):
    response = client.post("/device/name", data={"name": "Ann's\ntablet", "next": "/\r\nSet: x"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT name FROM devices").fetchall() == [("Ann's tablet",)]
    for target in ("//elsewhere.example", "/\\elsewhere.example", "https://elsewhere.example/"):
        response = client.post("/device/name", data={"name": "Ann", "next": target})
        assert response.headers["Location"] == "/"
    assert client.get("/lang/fr?next=/%0D%0ASet-Cookie:x").headers["Location"] == "/"


FIFTY_MB = b"x" * (50 * 1024 * 1024)


@pytest.fixture(scope="module")
def one_of_each(tmp_path_factory):
    from webapp import create_app

    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp("big"))})
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Big", seed=1)
        deck_id = library.create("covenant", "Big deck", OWNER)
    return app, {
        "<game_id>": game_id,
        "<deck_id>": deck_id,
        "<bot_id>": "covenant",
        "<card_id>": "07",
        "<part>": "normal.0",
    }


# every route that reads what is posted (a delete reads nothing but the address)
@pytest.mark.parametrize("route", [r for r in POST_ROUTES if not r.endswith("/delete")])
@pytest.mark.parametrize("kind", ["application/x-www-form-urlencoded", "multipart/form-data"])
def test_fifty_megabytes_sent_to_any_route_are_refused_without_a_server_error(
    one_of_each, route, kind
):
    app, values = one_of_each
    url = route
    for name, value in values.items():
        url = url.replace(name, value)
    content_type = kind + ("; boundary=x" if kind.startswith("multipart") else "")
    response = owner_client(app).post(url, data=FIFTY_MB, content_type=content_type)
    assert response.status_code == 413
    assert "too large" in response.get_data(as_text=True)


# --- lists bounded before any work on them; refusals in words ------------------------


def solo_file(factions) -> bytes:
    return json.dumps(
        {
            "format": "botdeck-game",
            "version": 1,
            "bot": "solo_enemy",
            "seed": 1,
            "actions": [],
            "options": {"you": "humans", "factions": factions},
        },
        separators=(",", ":"),  # under 500 KB: the test client spools larger bodies to a file
    ).encode()


def test_a_game_file_listing_forty_thousand_factions_is_refused_before_reading_them(
    app, client, monkeypatch
):
    """The audit's file held 40,000 names and kept the server busy 80 s (O(n²))."""
    from webapp.bots import solo_enemy

    looked_at = []
    real_key = solo_enemy.faction_key
    monkeypatch.setattr(
        solo_enemy, "faction_key", lambda name: looked_at.append(name) or real_key(name)
    )
    response = import_game(client, solo_file([f"F{n}" for n in range(40_000)]))
    assert response.status_code == 422
    assert "option 'factions' must hold at most 12 values" in html.unescape(response.text)
    assert len(looked_at) <= 24
    assert game_count(app) == 0


def test_a_game_file_with_more_actions_than_a_game_takes_is_refused_before_replaying(app, client):
    response = import_game(client, game_file(actions=[{"answer": "H"}] * 20_001))
    assert response.status_code == 422
    assert "more than 20000 actions" in response.get_data(as_text=True)
    assert game_count(app) == 0


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"options": [1]}, "options are not a list of named values"),
        ({"deck": "mine"}, "deck is not a deck"),
        ({"bot": "chess"}, "cannot be set up: unknown bot"),
        ({"actions": [{"answer": "H"}, {"answer": "nowhere"}]}, "its action 2 cannot be taken"),
        ({"actions": [{"correct": {"x": 1}}]}, "its action 1 cannot be taken"),
        ({"actions": ["H"]}, "its action 1 cannot be taken: an action must be an object"),
    ],
)
def test_a_refused_game_file_says_why_in_words_not_python_internals(app, client, fields, said):
    response = import_game(client, game_file(**fields))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert said in page
    for internal in ("Traceback", "sequence element", "Expecting ", "KeyError", "NoneType"):
        assert internal not in page
    assert game_count(app) == 0


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["Ann", "Bob", "Cy"], "option 'players' must hold exactly 2 values"),
        (["Ann"], "option 'players' must hold exactly 2 values"),
        ("Ann and Bob", "option 'players' must be a list"),
        ([], "option 'players' must hold exactly 2 values"),
        (["Ann", "Ann"], "option 'players': the two players need different names"),
    ],
)
def test_a_co_op_game_file_not_naming_exactly_two_players_is_refused(app, client, players, said):
    response = import_game(client, game_file(options={"coop": True, "players": players}))
    assert response.status_code == 422
    assert said in html.unescape(response.text)
    assert game_count(app) == 0


def test_a_co_op_game_file_keeps_its_two_players_names(app, client):
    response = import_game(client, game_file(options={"coop": True, "players": ["Ann", "Bob"]}))
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        row = games.db.find_game(game_id)
    assert row.options["players"] == ["Ann", "Bob"]


def test_a_deck_file_starting_with_a_byte_order_mark_imports(app, client):
    deck_id = new_deck(client, "Mine")
    exported = client.get(f"/library/covenant/{deck_id}/export").data
    response = upload(client, b"\xef\xbb\xbf" + exported.replace(b'"Mine"', b'"Mine again"'))
    assert response.status_code == 303
    assert "Mine again" in client.get("/library/covenant").get_data(as_text=True)
