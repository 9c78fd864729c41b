"""The README's screenshots, taken again (not a test):
`PYTHONPATH=. .venv/bin/python -m tests.e2e.screenshots_readme [OUT_DIR]` (docs/ by default).

A Covenant game a few steps into its turn (what it had the table do on the board above
its question, its key figures over the board) on a tablet held landscape, the same game on a
phone and in the dark theme, a Solo Enemy turn, and the lobby."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, expect, sync_playwright

from ..conftest import CHROMIUM, CHROMIUM_FLAGS, ROOT
from .screenshots_board_editor import served
from .screenshots_board_editor import shoot as shoot_as_is
from .taps import demo_deck, start_form
from .test_covenant_game import tap_next
from .test_solo_enemy_game import quiet_tap, set_up, start

TABLET = (1024, 768)
PHONE = (390, 844)


def shoot(page: Page, out: Path, name: str) -> None:
    """The page from its top, as it opens (a tap's focus may have scrolled it), with no
    button under the pointer (a hovered answer looks chosen)."""
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")
    shoot_as_is(page, out, name)


def page_of(browser: Browser, size: tuple[int, int], theme: str = "light") -> Page:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        color_scheme=theme,  # type: ignore[arg-type]
    )
    return context.new_page()


def covenant_at_its_card(page: Page, url: str) -> str:
    """A Covenant game started from the lobby and played on to its first card's grid,
    at a step under "Now on the board" (an Ocean board to reveal, a cube placed)."""
    form = start_form(page, url, "Wayward Covenant")
    demo_deck(form)
    form.get_by_role("button", name="Start the game").click()
    expect(page.locator("#checklist h1")).to_contain_text("turn 1")
    for _ in range(60):
        if (
            page.locator("#card .card-grid, #card article").count()
            and page.locator(".current-step .now-board").count()
            and "Where" not in page.locator(".current-step h2").inner_text()
        ):
            break
        tap_next(page)
    return page.url


def solo_enemy_turn(page: Page, url: str) -> None:
    """A Solo Enemy game set up, on its second Hero's card of round 1."""
    start(page, url)
    set_up(page)
    for _ in range(60):
        if page.locator("#checklist h1").inner_text() == "Round 1 · Enemy Hero 2":
            break
        quiet_tap(page)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    url = served()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        tablet = page_of(browser, TABLET)
        game = covenant_at_its_card(tablet, url)
        shoot(tablet, out, "game-page")
        tablet.goto(url + "/")
        shoot(tablet, out, "lobby")
        for name, size, theme in (
            ("game-page-phone", PHONE, "light"),
            ("game-page-dark", TABLET, "dark"),
        ):
            page = page_of(browser, size, theme)
            page.goto(game)
            page.wait_for_timeout(500)
            shoot(page, out, name)
        enemy = page_of(browser, TABLET)
        solo_enemy_turn(enemy, url)
        shoot(enemy, out, "solo-enemy-page")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")
