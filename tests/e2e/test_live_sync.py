"""Two real browsers on one game stay in step: taps, undo, a server restart."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..waiting import pumping, wait_until
from .taps import demo_deck

pytestmark = pytest.mark.e2e


def device(browser: Browser, width: int, height: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def version(page: Page) -> int:
    return int(page.locator("[data-game-version]").get_attribute("data-game-version"))


def test_a_tap_on_one_device_appears_on_the_other_and_both_survive_a_restart(
    browser: Browser, server_process
):
    tablet, phone = device(browser, 1024, 768), device(browser, 390, 844)
    tablet.goto(server_process.url + "/")
    demo_deck(tablet.locator("form.start-form").first)
    tablet.get_by_role("button", name="Start the game").click()
    expect(tablet.locator("#checklist h1")).to_contain_text("turn 1")
    game_url = tablet.url
    phone.goto(game_url)
    for page in (tablet, phone):
        page.evaluate("window.__noReload = true")
        expect(page.locator("body")).not_to_have_class(re.compile("offline"))

    # a tap on the tablet shows on the phone, without a reload
    tablet.locator('#board button.space[data-space="2.2"]').click()
    expect(phone.locator(".step.done").nth(1)).to_contain_text("2.2")
    expect(phone.locator(".current-step")).to_contain_text("Pirate mode")

    # an undo on the phone shows on the tablet
    phone.get_by_role("button", name="Undo").click()
    expect(tablet.locator(".current-step")).to_contain_text("Where is your Ship?")
    assert version(tablet) == version(phone) == 2

    # the server dies: both say they are reconnecting and pause their buttons
    server_process.kill9()
    for page in (tablet, phone):
        expect(page.locator("body")).to_have_class(re.compile("offline"))
        expect(page.locator(".offline-banner")).to_be_visible()
    server_process.start()
    for page in (tablet, phone):
        expect(page.locator("body")).not_to_have_class(re.compile("offline"), timeout=15_000)
        assert version(page) == 2

    # and they keep playing together
    phone.locator('.current-step button[value="H"]').click()
    expect(tablet.locator(".step.done").nth(1)).to_contain_text("Harbor")
    for page in (tablet, phone):
        assert page.evaluate("window.__noReload") is True


def test_simultaneous_taps_on_two_devices_apply_one_and_tell_the_other(
    browser: Browser, server_process
):
    tablet, phone = device(browser, 1024, 768), device(browser, 1024, 768)
    tablet.goto(server_process.url + "/")
    demo_deck(tablet.locator("form.start-form").first)
    tablet.get_by_role("button", name="Start the game").click()
    phone.goto(tablet.url)
    expect(phone.locator(".current-step")).to_contain_text("Where is your Ship?")
    # both pages show version 0; each answers differently at once. Each tap is
    # held in its browser until both are on their way, so neither page can hear
    # of the other's answer first (live updates would take the buttons away).
    held: list = []
    for page in (tablet, phone):
        page.route(re.compile(r"/g/[^/]+/answer$"), lambda route: held.append(route))
    tablet.evaluate("document.querySelector('.current-step button[value=\"H\"]').click()")
    phone.evaluate("document.querySelector('.current-step button[value=\"1.1\"]').click()")
    wait_until(lambda: len(held) == 2, within=10, what="both taps sent", pause=pumping(tablet))
    for route in held:
        route.continue_()
    for page in (tablet, phone):
        expect(page.locator("[data-game-version]")).to_have_attribute("data-game-version", "1")
    done = [page.locator(".step.done").nth(1).inner_text() for page in (tablet, phone)]
    assert done[0] == done[1]

    # the refused page may hear of the other's answer on its stream before its
    # own answer's refusal comes back: wait for the notice
    def told() -> int:
        notices = [page.locator("#notice").inner_text() for page in (tablet, phone)]
        return sum("Already resolved on another device" in n for n in notices)

    assert wait_until(told, within=5, what="the notice", pause=pumping(tablet)) == 1


def test_a_watch_only_page_follows_the_game_live(browser: Browser, server_process):
    tablet, wall = device(browser, 1024, 768), device(browser, 1024, 768)
    tablet.goto(server_process.url + "/")
    demo_deck(tablet.locator("form.start-form").first)
    tablet.get_by_role("button", name="Start the game").click()
    tablet.get_by_text("Share").click()
    watch_url = tablet.locator(".share-panel code").filter(has_text="/w/").first.inner_text()
    # (the panel lists this machine's LAN addresses; the test server listens on loopback)
    wall.goto(server_process.url + "/w/" + watch_url.split("/w/", 1)[1])
    tablet.get_by_role("button", name="Close").click()
    expect(tablet.locator(".share-panel")).to_be_hidden()
    expect(wall.locator(".current-step")).to_contain_text("Where is your Ship?")
    assert wall.locator(".current-step button").count() == 0
    tablet.locator('.current-step button[value="H"]').click()
    expect(wall.locator(".step.done").nth(1)).to_contain_text("Harbor")
