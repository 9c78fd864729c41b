"""Answering a step in the browser and waiting for the page to show the new state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect


def start_form(page: Page, url: str, bot: str) -> Locator:
    """The lobby's start-a-game form of `bot`, its tile tapped."""
    page.goto(url + "/")
    tile = page.locator("a.bot-tile", has_text=bot)
    if tile.get_attribute("aria-current") != "true":  # else a tap swaps in the same form
        tile.click()
        expect(page.locator('a.bot-tile[aria-current="true"]')).to_contain_text(bot)
    return page.locator("form.start-form")


def demo_deck(form: Locator) -> Locator:
    """The start form with the demo deck chosen by its name (the form opens on the
    table's own cards) and Botdeck drawing; the form."""
    more = form.locator("details.start-more")
    if more.get_attribute("open") is None:
        more.locator("summary").first.click()
    form.get_by_role("radio", name="Botdeck shuffles and draws").check()
    form.get_by_role("radio", name="Demo deck — not the printed cards").check()
    return form


def version(page: Page) -> int:
    return int(page.locator("[data-game-version]").get_attribute("data-game-version"))


def after(page: Page, action: Callable[[], object]) -> None:
    """Do something that answers a step, and wait for the page to show the new state."""
    before = version(page)
    action()
    expect(page.locator("[data-game-version]")).not_to_have_attribute(
        "data-game-version", str(before)
    )


def tap(page: Page, value: str) -> None:
    after(page, page.locator(f'.current-step .answers button[value="{value}"]').first.click)


def fit(page: Page, targets: str) -> dict[str, Any]:
    """How the page fits its screen: its width and the window's (`scroll`, `client`), and
    the visible `targets` (a CSS selector) smaller than 44 px either way (`small`)."""
    return page.evaluate(  # type: ignore[no-any-return]
        """targets => ({
        scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
        small: [...document.querySelectorAll(targets)]
          .filter(e => e.offsetParent !== null)
          .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
          .filter(([_, r]) => r.width < 44 || r.height < 44)
          .map(([html, r]) => html + ' ' + Math.round(r.width) + 'x' + Math.round(r.height)),
    })""",
        targets,
    )


def assert_fits(page: Page, targets: str) -> None:
    """No horizontal scrolling, and every visible one of `targets` at least 44 px."""
    sizes = fit(page, targets)
    assert sizes["scroll"] <= sizes["client"], "horizontal scrolling"
    assert sizes["small"] == [], sizes["small"]
