"""Answering a step in the browser and waiting for the page to show the new state."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect


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
