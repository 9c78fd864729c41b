"""A small form in a real browser: pills, a number and a yes/no switch, sent in one
tap, with touch targets a finger can hit."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ..conftest import question_game
from ..web.test_fields import TILE
from .taps import after, assert_fits

pytestmark = pytest.mark.e2e


@pytest.fixture
def tile_url(live_server, monkeypatch) -> str:
    return f"{live_server.url}/g/{question_game(live_server.app, monkeypatch, TILE)}"


def test_the_form_is_filled_with_taps_and_sent_in_one(page: Page, tile_url):
    page.goto(tile_url)
    form = page.locator(".current-step .fields-form")
    form.get_by_text("Mine", exact=True).click()
    form.get_by_role("spinbutton", name="Red stars").fill("2")
    form.get_by_text("A camp").click()
    expect(form.locator('input[name="entry.camp"]')).to_be_checked()
    after(page, page.get_by_role("button", name="Reveal it").click)
    expect(page.locator("#checklist")).to_contain_text("a mine with 2 stars")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_the_form_fits_the_screen_with_big_targets(page: Page, tile_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(tile_url)
    targets = ".current-step button, .current-step .pill span, .current-step .form-switch, "
    assert_fits(page, targets + ".current-step input[type=number]")
