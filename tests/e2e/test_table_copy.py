"""The copy of the game in a real Chromium, at tablet and phone sizes: the lobby's
summary of what a game will use, redrawn as the form changes; the copy page, a part
entered in the game's own form, then undone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .taps import assert_fits, start_form

pytestmark = pytest.mark.e2e

SIZES = [(1024, 768), (390, 844)]
# Screenshots for a person to look at, when asked for (SHOTS=folder).
SHOTS = os.environ.get("SHOTS")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"copy-{name}.png"), full_page=True)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_lobby_says_what_the_game_will_use_as_the_form_changes(
    page: Page, live_server, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    form = start_form(page, live_server.url, "Solo Enemy")
    uses = form.locator("#start-uses")
    expect(uses).to_contain_text("Costs of the Orcs: not entered yet")
    # the table says which factions it owns: the summary follows (htmx, no reload)
    page.evaluate("window.__sameDocument = true")
    form.locator('input[name="factions"][value="orcs"]').uncheck()
    expect(uses).not_to_contain_text("Costs of the Orcs")
    expect(uses).to_contain_text("Costs of the Elves: not entered yet — asked at setup")
    assert page.evaluate("window.__sameDocument") is True
    shot(page, f"lobby-solo-{width}")
    form = start_form(page, live_server.url, "Deacon")
    uses = form.locator("#start-uses")
    expect(uses).to_contain_text("Board: not entered yet")
    form.locator("summary").first.click()
    form.locator('select[name="board_id"]').select_option("demo")
    expect(uses).to_contain_text("Board: the invented demo board — not the printed board")
    shot(page, f"lobby-deacon-{width}")
    assert_fits(page, "#start-uses a, #start-uses button, .start-bar button")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_part_is_entered_on_the_copy_page_and_undone(
    page: Page, live_server, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Library: your copies of the games").click()
    page.get_by_role("link", name="Your copy of Reef Project").click()
    expect(page.locator("h1")).to_have_text("What your game prints")
    shot(page, f"page-deacon-{width}")
    assert_fits(page, ".copy-part .button, .copy-undo button, .copy-page .import-form button")
    pollution = page.locator("#part-components-pollution")
    expect(pollution.locator(".copy-state")).to_have_text("Not yet")
    pollution.get_by_role("link", name="Enter").click()
    for size, value in (("small", "1"), ("medium", "2"), ("large", "4")):
        page.locator(f'input[name="entry.{size}"]').fill(value)
    shot(page, f"part-pollution-{width}")
    page.locator(".copy-form button[type=submit]").click()
    expect(page.locator(".notice")).to_contain_text("Saved in your copy")
    pollution = page.locator("#part-components-pollution")
    expect(pollution.locator(".copy-state")).to_have_text("Entered")
    page.get_by_role("button", name="Undo the last change").click()
    expect(page.locator("#part-components-pollution .copy-state")).to_have_text("Not yet")
    expect(page.get_by_role("button", name="Undo the last change")).to_be_disabled()
