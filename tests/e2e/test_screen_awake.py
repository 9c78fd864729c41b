"""The game page keeps the screen on: with the Screen Wake Lock API where it exists
(localhost, https), with NoSleep's looping video from the first tap where it does not
(the tablet's http://192.168.x.x address), and says so quietly when neither can."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from webapp.service import games
from webapp.storage import db

pytestmark = pytest.mark.e2e

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"  # as on a plain http:// LAN address
NO_VIDEO = (
    "HTMLMediaElement.prototype.play = function () {"
    " return Promise.reject(new DOMException('refused', 'NotAllowedError')); };"
)


@pytest.fixture
def game_url(live_server) -> str:
    with live_server.app.app_context():
        game_id = games.create_game("covenant", {"difficulty": "normal"}, name="Awake", seed=1)
    return f"{live_server.url}/g/{game_id}"


@pytest.fixture
def watch_url(live_server, game_url) -> str:
    with live_server.app.app_context():
        row = db.find_game(game_url.rsplit("/", 1)[1])
    assert row is not None
    return f"{live_server.url}/w/{row.watch_id}"


def open_game(browser: Browser, url: str, script: str = "") -> Page:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(url)
    expect(page.locator("#checklist h1")).to_contain_text("turn 1")
    return page


def test_the_native_wake_lock_keeps_the_screen_on_where_it_exists(full_browser: Browser, game_url):
    page = open_game(full_browser, game_url)  # 127.0.0.1 is a secure context
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "native")
    expect(page.locator("#wake-notice")).to_be_hidden()
    expect(page.locator("#wake-tap")).to_be_hidden()  # no tap needed
    assert page.evaluate("() => window.NoSleep") is None  # not even loaded
    page.context.close()


def test_without_the_api_the_first_tap_starts_nosleeps_video(browser: Browser, game_url):
    page = open_game(browser, game_url, NO_WAKE_LOCK)
    expect(page.locator("html")).not_to_have_attribute("data-wake-lock", "video")
    expect(page.locator("#wake-tap")).to_have_text("Tap anywhere to keep the screen on.")
    page.locator("#checklist h1").click()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "video")
    expect(page.locator("#wake-notice")).to_be_hidden()
    expect(page.locator("#wake-tap")).to_be_hidden()
    page.context.close()


def test_the_page_says_when_it_cannot_keep_the_screen_on(browser: Browser, watch_url):
    page = open_game(browser, watch_url, NO_WAKE_LOCK + NO_VIDEO)  # a partner's watch page
    expect(page.locator("#wake-notice")).to_be_hidden()  # nothing said before it is known
    expect(page.locator("#wake-tap")).to_be_visible()  # a watcher is asked for a tap
    page.locator("#checklist h1").click()
    expect(page.locator("#wake-notice")).to_be_visible()
    expect(page.locator("#wake-notice")).to_contain_text("set your tablet's auto-lock to Never")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    page.context.close()
