"""The lobby: start, list, resume, rename, delete, export and import games (deleting and
leaving in detail: test_delete_and_leave.py)."""

from __future__ import annotations

import html
import io
import json
import re
import sqlite3

import pytest

from webapp.storage import db

from ..engine.decks import deck, section
from .conftest import HTMX, new_game, open_link, tap


def game_count(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def test_starting_a_game_opens_its_page(client):
    response = client.post(
        "/games", data={"bot": "covenant", "difficulty": "hard", "name": "Friday"}
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Friday" in page and "Where is your Ship?" in page


def test_the_lobby_lists_games_with_their_last_activity(client, game_id):
    open_link(client, f"/g/{game_id}")  # opening its link joins the game on this device
    html = client.get("/").get_data(as_text=True)
    assert "Test game" in html
    assert re.search(r"last played .*(second|minute)", html)


def test_bad_options_are_refused_and_nothing_is_stored(app, client):
    response = client.post("/games", data={"bot": "covenant", "difficulty": "impossible"})
    assert response.status_code == 422
    said = html.unescape(response.get_data(as_text=True))
    assert "option 'difficulty' must be one of normal, hard, expert, extreme" in said
    response = client.post("/games", data={"bot": "kraken"})
    assert response.status_code == 422
    assert game_count(app) == 0


def test_a_game_can_start_with_a_deck_file(client):
    """The file's cards are the game's: its deck, and the first card the Covenant draws
    (every card gains 9 coins; no printed or demo card does). Guards the file being read
    and then ignored for the table's own cards."""
    data = deck(section(effects=[{"type": "coins", "amount": 9}]))
    response = client.post(
        "/games",
        data={"bot": "covenant", "deck": (io.BytesIO(json.dumps(data).encode()), "mine.json")},
    )
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/g/{game_id}/export").get_json()["deck"] == data
    turn = html.unescape(tap(client, game_id, "H").get_data(as_text=True))
    assert "Move the Covenant's ship to Harbor" in turn and "It gains 9 coins" in turn


def test_a_bad_deck_file_is_refused_naming_card_and_field_and_nothing_is_stored(app, client):
    data = deck(section())
    data["cards"][4]["sides"]["normal"]["sections"][0]["effects"] = [{"type": "treasure"}]
    response = client.post(
        "/games",
        data={"bot": "covenant", "deck": (io.BytesIO(json.dumps(data).encode()), "bad.json")},
    )
    text = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "card 05, normal side, section 1, field &#39;effects.0.type&#39;" in text
    not_json = client.post(
        "/games", data={"bot": "covenant", "deck": (io.BytesIO(b"\x89PNG garbage"), "bad.json")}
    )
    assert not_json.status_code == 422 and "not JSON" in not_json.get_data(as_text=True)
    assert game_count(app) == 0


def test_rename_a_game(client, game_id):
    open_link(client, f"/g/{game_id}")
    client.post(f"/g/{game_id}/rename", data={"name": "Sunday rematch"})
    assert "Sunday rematch" in client.get("/").get_data(as_text=True)


def test_delete_asks_for_confirmation_first(client):
    game_id = new_game(client, {"bot": "covenant", "name": "Friday"})
    confirm = client.get(f"/g/{game_id}/delete")
    text = html.unescape(confirm.get_data(as_text=True))
    assert confirm.status_code == 200 and "Delete “Friday”?" in text
    assert "for 30 days" in text
    assert client.get(f"/g/{game_id}").status_code == 200  # asking changed nothing
    client.post(f"/g/{game_id}/delete")
    assert client.get(f"/g/{game_id}").status_code == 404


def test_export_then_import_gives_the_same_game(client, game_id):
    for value in ("2.1", "yes", "no"):
        tap(client, game_id, value)
    exported = client.get(f"/g/{game_id}/export")
    assert exported.headers["Content-Disposition"].startswith("attachment")
    data = exported.get_json()
    response = client.post(
        "/games/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "game.json")}
    )
    assert response.status_code == 303
    copy_id = response.headers["Location"].rsplit("/", 1)[1]
    again = client.get(f"/g/{copy_id}/export").get_json()
    assert {k: v for k, v in again.items() if k != "name"} == {
        k: v for k, v in data.items() if k != "name"
    }
    history = client.get(f"/g/{copy_id}/history").get_data(as_text=True)
    assert "Where is your Ship? — 2.1" in history


def test_a_bad_game_file_is_refused_with_a_message_and_nothing_is_stored(app, client, game_id):
    cases = [
        b"not json at all",
        json.dumps({"format": "botdeck-game", "version": 7}).encode(),
        json.dumps(
            {
                "format": "botdeck-game",
                "version": 1,
                "bot": "covenant",
                "seed": 1,
                "actions": [{"answer": "nowhere"}],
            }
        ).encode(),
    ]
    for content in cases:
        response = client.post(
            "/games/import", data={"file": (io.BytesIO(content), "game.json")}, headers=HTMX
        )
        assert response.status_code == 422
        assert "Nothing was imported" in response.get_data(as_text=True)
    assert game_count(app) == 1


def test_ten_megabytes_of_garbage_are_refused_without_reading_them(app, client):
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\n\r\n'
        + b"\0" * 10_000_000
        + b"\r\n--x--\r\n"
    )
    response = client.post(
        "/games/import", data=body, content_type="multipart/form-data; boundary=x"
    )
    assert response.status_code == 413
    assert "too large" in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_the_deck_file_schema_is_published(client):
    schema = client.get("/schemas/covenant-deck.json").get_json()
    assert schema["properties"]["version"] == {"const": 1}


# --- the start-a-game form becomes the bot's options, by its schema ---------------------


def started_options(app, client, data: dict) -> dict:
    response = client.post("/games", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    with app.app_context():
        return db.find_game(response.headers["Location"].rsplit("/", 1)[1]).options


def test_options_left_out_of_the_form_take_the_schemas_defaults(app, client):
    assert started_options(app, client, {"bot": "covenant"}) == {
        "difficulty": "normal",
        "saga": False,
        "coop": False,
        "deck_mode": "app",
    }


def test_a_ticked_checkbox_is_on_and_the_two_names_are_one_list(app, client):
    form = {"bot": "covenant", "saga": "on", "coop": "on", "players": ["Ann", "Ben"]}
    options = started_options(app, client, form)
    assert options["saga"] is True and options["players"] == ["Ann", "Ben"]
    lobby = client.get("/?bot=covenant").get_data(as_text=True)
    covenant = lobby.split('name="bot" value="covenant"', 1)[1].split("</form>", 1)[0]
    assert covenant.count('name="players"') == 2


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"saga": "maybe"}, "option 'saga' must be on or off"),
        ({"coop": "on", "players": ["Ann", "Ann"]}, "the two players need different names"),
        ({"coop": "on", "players": ["Ann", "Ben", "Cy"]}, "option 'players' must hold exactly 2"),
        ({"deck_mode": "telepathy"}, "option 'deck_mode' must be one of app, physical"),
    ],
)
def test_a_form_the_options_schema_refuses_says_why_and_stores_nothing(app, client, form, said):
    response = client.post("/games", data={"bot": "covenant", **form})
    assert response.status_code == 422
    assert said in html.unescape(response.get_data(as_text=True))
    assert game_count(app) == 0


def test_ping_answers_that_botdeck_is_up_and_makes_no_device(client):
    response = client.get("/ping")
    assert response.status_code == 204 and response.data == b""
    assert "Set-Cookie" not in response.headers
