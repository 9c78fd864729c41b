"""The bot's key figures in a real Chromium: on a tablet either way up, the strip is in
sight together with the waiting step's title, for every bot, as the game goes on; on a
phone it opens the Board tab; a correction shows in it at once."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from webapp.engine.actions import Answered
from webapp.service import games

from ..random_play import OPTIONS, random_answer, starting_deck
from .taps import after

pytestmark = pytest.mark.e2e

# (bot, option set of tests/random_play.py, random answers given before the browser opens
# it): a game some way in, on the bot's own turn or the table's
GAMES = {
    "Covenant": ("covenant", 0, 12),
    "Covenant 2 vs 2": ("covenant", 2, 6),
    "Solo Enemy": ("solo_enemy", 0, 6),  # its table setup one tap: 12 before
    "Deacon": ("deacon", 0, 10),  # its 7 printed parts asked first
    "Bandits": ("bandits", 2, 8),
}
BROWSER_TAPS = 3
TITLE = "#current-step .step-title"


def played(app: Any, bot: str, options: int, answers: int) -> str:
    """A game of `bot` given `answers` random answers: its id."""
    chosen = OPTIONS[bot][options]
    with app.test_request_context("/"):
        app.preprocess_request()
        game_id = games.create_game(
            bot, chosen, name="Figures", seed=options, deck=starting_deck(bot, chosen)
        )
        rng = random.Random(answers)
        for _ in range(answers):
            opened = games.open_game(game_id)
            if opened.game.pending() is None:
                break
            answer = random_answer(opened.game, rng)
            games.act(game_id, opened.version, Answered(answer))
    return game_id


def box(target: Locator) -> dict[str, float]:
    found = target.bounding_box()
    assert found is not None
    return found


def inside(page: Page, target: Locator) -> bool:
    """Wholly inside the window."""
    shape, window = box(target), page.viewport_size
    assert window is not None
    return (
        shape["y"] >= 0
        and shape["y"] + shape["height"] <= window["height"]
        and shape["x"] >= 0
        and shape["x"] + shape["width"] <= window["width"]
    )


def first_answer(page: Page) -> Locator | None:
    """The waiting step's first answer that is one tap (a form to fill in has none)."""
    buttons = page.locator('#current-step button[name="value"]')
    return buttons.first if buttons.count() else None


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024)])
def test_the_strip_is_in_sight_with_the_waiting_steps_title_for_every_bot(
    page: Page, live_server, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    # where things are once the page has settled: no glide on the way to the question
    page.emulate_media(reduced_motion="reduce")
    for name, (bot, options, answers) in GAMES.items():
        page.goto(f"{live_server.url}/g/{played(live_server.app, bot, options, answers)}")
        strip = page.locator("#figures")
        for tap in range(BROWSER_TAPS + 1):
            expect(strip).to_be_visible()
            expect(strip.get_by_role("listitem").first).to_be_visible()
            assert inside(page, strip), (name, tap)
            assert inside(page, page.locator(TITLE)), (name, tap)
            # level with the question: the strip's top within the title's first lines
            assert box(strip)["y"] < box(page.locator(TITLE))["y"] + 60, (name, tap)
            answer = first_answer(page)
            if tap == BROWSER_TAPS or answer is None:
                break
            after(page, answer.click)
        # scrolled down to the card and the state panel, the strip stays in sight
        page.evaluate("window.scrollTo(0, 700)")
        assert page.evaluate("scrollY") > 300, name
        assert inside(page, strip), name


def test_on_a_phone_the_strip_opens_the_board_tab(page: Page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    for name, (bot, options, answers) in GAMES.items():
        page.goto(f"{live_server.url}/g/{played(live_server.app, bot, options, answers)}")
        tabs, strip, board = (
            page.locator(".view-tabs"),
            page.locator("#figures"),
            page.locator("#board"),
        )
        # the Board tab's first screen: the tabs at the top (they stay there), the strip
        # right under them, whole, and the board right under it
        page.evaluate("y => window.scrollTo(0, y)", box(tabs)["y"] + page.evaluate("scrollY"))
        expect(strip).to_be_visible()
        assert inside(page, strip), name
        assert 0 <= box(strip)["y"] - (box(tabs)["y"] + box(tabs)["height"]) < 20, name
        assert 0 <= box(board)["y"] - (box(strip)["y"] + box(strip)["height"]) < 20, name
        page.locator(".view-tab", has_text="Steps").click()
        expect(strip).to_be_hidden()
        page.locator(".view-tab", has_text="Board").click()
        expect(strip).to_be_visible()


def test_a_correction_shows_in_the_strip_at_once(page: Page, live_server):
    page.goto(f"{live_server.url}/g/{played(live_server.app, 'covenant', 0, 0)}")
    coins = page.locator("#figures li", has_text="Coins")
    expect(coins).to_contain_text("15")
    page.locator(".corrections summary").click()
    page.locator('.correction-form select[name="field"]').select_option("coins")
    page.locator('.correction-form input[name="value"]').fill("27")
    after(page, page.locator(".correction-form button[type=submit]").click)
    expect(coins).to_contain_text("27")
    expect(page.locator("#figures")).to_be_in_viewport()
