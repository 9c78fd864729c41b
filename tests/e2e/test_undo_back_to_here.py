"""Undo back to here in a real Chromium: from the History, asked first, the table lands
on the game page told what was undone; a partner's phone with the game open shows the
game gone back, with the same words; Redo brings it all back. Without JavaScript too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from ..web.test_history_paging import correct_coins
from .taps import demo_deck
from .test_covenant_game import start_game, version

pytestmark = pytest.mark.e2e

SAID = "Undone: 7 actions, back to “Correction: Coins set to 3”"


def test_a_table_goes_back_seven_actions_and_a_partner_sees_it_live(
    page: Page, browser: Browser, live_server
):
    start_game(page, live_server.url)
    game_id = page.url.rsplit("/", 1)[1]
    correct_coins(live_server.app, game_id, range(1, 11))
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{live_server.url}/g/{game_id}")
    expect(phone.locator("[data-game-version]")).to_have_attribute("data-game-version", "10")
    page.goto(f"{live_server.url}/g/{game_id}/history")
    row = page.locator(".history-item", has_text="Coins set to 3")
    row.get_by_role("link", name="Undo back to here").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Undo 7 actions, back to “Correction: Coins set to 3”?"
    )
    page.get_by_role("button", name="Undo 7 actions").click()
    expect(page.locator("#notice")).to_have_text(SAID)
    assert version(page) == 11
    expect(phone.locator("[data-game-version]")).to_have_attribute("data-game-version", "11")
    expect(phone.locator("#notice")).to_have_text(SAID)
    page.get_by_role("button", name="Redo").click()
    expect(page.locator("#notice")).to_have_text(
        "Redone: 7 actions, up to “Correction: Coins set to 10”"
    )
    expect(phone.locator("#notice")).to_contain_text("Redone: 7 actions")
    phone.context.close()


def test_without_javascript_it_works_the_same(browser: Browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server.url + "/")
    demo_deck(page.locator("form.start-form").first)
    page.get_by_role("button", name="Start the game").first.click()
    game_id = page.url.rsplit("/", 1)[1]
    correct_coins(live_server.app, game_id, range(1, 11))
    page.goto(f"{live_server.url}/g/{game_id}/history")
    page.locator(".history-item", has_text="Coins set to 9").get_by_role(
        "button", name="Undo back to here"
    ).click()  # one action: at once
    expect(page.get_by_text("Undone: Correction: Coins set to 10")).to_be_visible()
    page.goto(f"{live_server.url}/g/{game_id}/history")
    page.locator(".history-item", has_text="Coins set to 2").get_by_role(
        "link", name="Undo back to here"
    ).click()
    page.get_by_role("button", name="Undo 7 actions").click()
    expect(
        page.get_by_text("Undone: 7 actions, back to “Correction: Coins set to 2”")
    ).to_be_visible()
    context.close()
