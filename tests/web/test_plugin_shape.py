"""A bot is its package and one registration line: the tests' dice bot (no cards, only
dice) plays through the web app with no shared web file edited for it."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path

import pytest

from webapp.bots.covenant import COVENANT
from webapp.bots.pages import BotPages, EntryEditor, Templates
from webapp.engine import all_bots
from webapp.web.plugins import declared_pages, pages_of

from ..dice_bot import DiceBot
from ..dice_bot.pages import PAGES as DICE_PAGES
from .conftest import HTMX, version_of


def start(client) -> str:
    response = client.post("/games", data={"bot": "dice_test"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_bot_without_cards_has_no_deck_fields_no_card_region_and_no_library(dice_bot_app):
    client = dice_bot_app.test_client()
    lobby = html.unescape(client.get("/?bot=dice_test").get_data(as_text=True))
    form = lobby.split('value="dice_test"', 1)[1].split("</form>", 1)[0]
    assert "Dice test bot" in lobby and "three turns of two dice" in form
    assert 'name="deck_mode"' not in form and 'name="deck_id"' not in form
    assert client.get("/library/dice_test").status_code == 404
    assert client.get("/schemas/dice_test-deck.json").status_code == 404
    page = client.get(f"/g/{start(client)}").get_data(as_text=True)
    assert 'id="card"' not in page and 'data-fragment="card"' not in page
    assert "Roll for me" in page and "The bot is on space" in page


def test_a_bot_without_a_board_has_no_board_fields_and_no_board_library(dice_bot_app):
    client = dice_bot_app.test_client()
    lobby = client.get("/?bot=dice_test").get_data(as_text=True)
    form = lobby.split('value="dice_test"', 1)[1].split("</form>", 1)[0]
    assert 'name="board_id"' not in form and "Dice test bot" in lobby
    assert client.get("/library/dice_test/boards").status_code == 404
    assert client.get("/schemas/dice_test-board.json").status_code == 404


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
    sheet = page.split('class="score-sheet"', 1)[1]
    assert "Game over: the bot reached space 15." in sheet  # 4 + 5 + 6
    assert "Roll 1" in sheet and "Back to your games" in sheet


# --- a bot's pages are what its declaration says ---------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def test_every_bot_declares_its_pages_and_they_agree_with_its_rules_about_cards(app):
    with app.app_context():
        for bot in all_bots():
            assert pages_of(bot.id).templates.cards == (bot.cards is not None)


def test_pages_that_show_cards_for_a_bot_without_cards_are_refused(monkeypatch):
    monkeypatch.setattr(DiceBot, "cards", COVENANT.cards)
    with pytest.raises(TypeError, match="its pages' card regions say otherwise"):
        declared_pages(DiceBot())


def test_a_bot_with_cards_declares_every_card_region():
    with pytest.raises(ValueError, match="every card region"):
        Templates(board="b", state="s", card="c")
    with pytest.raises(ValueError, match="entry template and the entry editor go together"):
        BotPages[None](icon="star", templates=Templates(board="b", state="s"), entry=EDITOR)


EDITOR = EntryEditor(start=lambda draft, kept: {})


def test_the_game_page_draws_each_region_with_the_template_its_pages_name(dice_bot_app):
    declared = dice_bot_app.extensions["botdeck.pages"]
    declared["dice_test"] = replace(
        DICE_PAGES,
        templates=replace(DICE_PAGES.templates, board="dice_test/_state.html"),
    )
    client = dice_bot_app.test_client()
    page = client.get(f"/g/{start(client)}").get_data(as_text=True)
    board = page.split('id="board"', 1)[1].split("</section>", 1)[0]
    assert "Rolls:" in board and "The bot is on space" not in board


def test_the_lobby_shows_a_bot_with_its_declared_icon_and_options(dice_bot_app):
    declared = dice_bot_app.extensions["botdeck.pages"]
    declared["dice_test"] = replace(
        DICE_PAGES, icon="crown", templates=replace(DICE_PAGES.templates, options=None)
    )
    lobby = dice_bot_app.test_client().get("/").get_data(as_text=True)
    line = lobby.split("Dice test bot", 1)[0].rsplit("<summary", 1)[1]
    assert 'href="#i-crown"' in line
    assert "three turns of two dice" not in lobby


def test_shared_templates_reach_a_bots_templates_only_through_its_declared_pages():
    for template in (ROOT / "templates").rglob("*.html"):
        named = re.findall(r'bot\.id ~ "/_(\w+)\.html"', template.read_text())
        assert not named, template


def test_a_tap_on_a_bot_without_cards_brings_no_card_fragment(dice_bot_app):
    client = dice_bot_app.test_client()
    game_id = start(client)
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    roll = client.post(
        f"/g/{game_id}/answer", data={"version": version, "value": "roll"}, headers=HTMX
    )
    assert roll.status_code == 200 and 'id="card"' not in roll.get_data(as_text=True)
