"""The dice question in a real browser: Roll for me, and the table's own roll."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from webapp import games
from webapp.engine import get_bot, msg
from webapp.engine.questions import dice

pytestmark = pytest.mark.e2e


@pytest.fixture
def dice_url(live_server, monkeypatch) -> str:
    app = live_server.app
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Dice", seed=9)
        kind_name = games.open_game(game_id).game.pending().step.kind
    kind = get_bot("covenant").step_types[kind_name]
    monkeypatch.setattr(kind, "question", lambda state, step: dice(msg("Roll them"), 6, 6))
    monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
    with app.app_context():
        games.forget_all()
    return f"{live_server.url}/g/{game_id}"


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
