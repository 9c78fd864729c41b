"""Deleting a shared game in real browsers: the partner's open page says it was deleted,
and the lobby's notice brings it back in one tap."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .taps import demo_deck

pytestmark = pytest.mark.e2e


def test_delete_then_bring_it_back_from_the_lobbys_notice(browser: Browser, live_server):
    tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    tablet.goto(live_server.url + "/")
    demo_deck(tablet.locator("form.start-form").first)
    tablet.get_by_role("button", name="Start the game").click()
    expect(tablet.locator("#checklist h1")).to_contain_text("turn 1")
    game_url = tablet.url
    phone.goto(game_url)
    expect(phone.locator(".current-step")).to_contain_text("Where is your Ship?")

    tablet.goto(live_server.url + "/")
    tablet.locator(".game-item .menu summary").click()
    tablet.get_by_role("link", name="Delete").click()
    tablet.get_by_role("button", name="Delete for every device").click()
    # the partner's open page hears of it and says what happened
    expect(phone.locator("main")).to_contain_text("deleted on the device that started it")

    notice = tablet.locator(".lobby-notice")
    expect(notice).to_contain_text("was deleted")
    expect(tablet.locator(".recently-deleted")).to_contain_text("30 days left")
    notice.get_by_role("button", name="Bring it back").click()
    expect(tablet.locator(".lobby-notice")).to_contain_text("is back")
    expect(tablet.locator(".recently-deleted")).to_have_count(0)
    expect(tablet.locator(".game-list")).to_contain_text("Covenant game")
    phone.goto(game_url)
    expect(phone.locator(".current-step")).to_contain_text("Where is your Ship?")
