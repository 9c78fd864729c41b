"""The tests' dice bot (no cards, only dice: its package and one registration line)
played in a real browser, from the lobby to its score."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from .taps import start_form

pytestmark = pytest.mark.e2e


@pytest.fixture
def dice_server(dice_bot_app):
    server = make_server("127.0.0.1", 0, dice_bot_app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_bot_with_dice_and_no_cards_plays_from_the_lobby_to_its_end(page: Page, dice_server):
    form = start_form(page, dice_server, "Dice test bot")
    expect(form.locator('[name="deck_mode"]')).to_have_count(0)
    form.get_by_role("button", name="Start the game").click()
    expect(page.locator("#checklist h1")).to_contain_text("The bot's turn 1")
    expect(page.locator("#card")).to_have_count(0)
    page.get_by_role("button", name="Roll for me").click()
    expect(page.locator("#checklist")).to_contain_text(re.compile(r"rolled [1-6] · [1-6]"))
    page.get_by_role("button", name="Done").click()
    for _ in range(2):
        page.get_by_text("We rolled our own dice").click()
        page.locator(".die-faces").nth(0).get_by_text("6", exact=True).click()
        page.locator(".die-faces").nth(1).get_by_text("6", exact=True).click()
        page.get_by_role("button", name="That is our roll").click()
        page.get_by_role("button", name="Done").click()
    expect(page.locator(".score-sheet .winner")).to_contain_text("Game over: the bot reached space")
    rolled = int(page.locator(".dice-test-position").inner_text())
    assert 26 <= rolled <= 36  # 12 + 12 and Botdeck's own roll of two dice
