"""The dice question in a real browser: Roll for me, and the table's own roll."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ..conftest import dice_game

pytestmark = pytest.mark.e2e


@pytest.fixture
def dice_url(live_server, monkeypatch) -> str:
    return f"{live_server.url}/g/{dice_game(live_server.app, monkeypatch, 6, 6)}"


def test_roll_for_me_then_undo_and_the_tables_own_roll(page: Page, dice_url):
    page.goto(dice_url)
    expect(page.locator(".dice-shown .die")).to_have_count(2)
    page.get_by_role("button", name="Roll for me").click()
    expect(page.locator("#checklist")).to_contain_text(re.compile(r"rolled [1-6] · [1-6]"))
    page.get_by_role("button", name="Undo").click()
    page.get_by_text("We rolled our own dice").click()
    page.locator(".die-faces").nth(0).get_by_text("4", exact=True).click()
    page.locator(".die-faces").nth(1).get_by_text("2", exact=True).click()
    page.get_by_role("button", name="That is our roll").click()
    expect(page.locator("#checklist")).to_contain_text("rolled 4 · 2")
