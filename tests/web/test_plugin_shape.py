"""A bot is its package and one registration line: the tests' dice bot (no cards, only
dice) plays through the web app with no shared web file edited for it."""

from __future__ import annotations

import html

from .conftest import HTMX, version_of


def start(client) -> str:
    response = client.post("/games", data={"bot": "dice_test"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_bot_without_cards_has_no_deck_fields_no_card_region_and_no_library(dice_bot_app):
    client = dice_bot_app.test_client()
    lobby = html.unescape(client.get("/").get_data(as_text=True))
    form = lobby.split('value="dice_test"', 1)[1].split("</form>", 1)[0]
    assert "Dice test bot" in lobby and "three turns of two dice" in form
    assert 'name="deck_mode"' not in form and 'name="deck_id"' not in form
    assert client.get("/library/dice_test").status_code == 404
    assert client.get("/schemas/dice_test-deck.json").status_code == 404
    page = client.get(f"/g/{start(client)}").get_data(as_text=True)
    assert 'id="card"' not in page and 'data-fragment="card"' not in page
    assert "Roll for me" in page and "The bot is on space" in page


def test_the_dice_bot_plays_to_its_end_through_the_routes(dice_bot_app):
    client = dice_bot_app.test_client()
    game_id = start(client)
    for turn in range(3):
        version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
        roll = client.post(
            f"/g/{game_id}/answer",
            data={"version": version, "entry.0": "3", "entry.1": str(turn + 1)},
            headers=HTMX,
        )
        assert roll.status_code == 200
        move = client.post(
            f"/g/{game_id}/answer", data={"version": version + 1, "value": "done"}, headers=HTMX
        )
        assert move.status_code == 200
    page = html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert "Game over: the bot reached space 15." in page  # 4 + 5 + 6
