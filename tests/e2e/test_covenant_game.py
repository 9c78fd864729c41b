"""A Covenant game in a real Chromium at tablet size, tapped like a player would."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ..web.test_history_paging import correct_coins
from .taps import demo_deck

pytestmark = pytest.mark.e2e

SIZES = [(1024, 768), (768, 1024), (390, 844)]


def start_game(page: Page, url: str, difficulty: str = "normal") -> None:
    page.goto(url + "/")
    page.locator(f'input[name="difficulty"][value="{difficulty}"]').check()
    demo_deck(page.locator("form.start-form").first)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#checklist h1")).to_contain_text("turn 1")


def version(page: Page) -> int:
    return int(page.locator("[data-game-version]").get_attribute("data-game-version"))


def tap_next(page: Page) -> None:
    """Answer the current step the way a quiet table would, and wait for the swap."""
    before = version(page)
    answers = page.locator(".current-step .answers button")
    end_turn = page.locator('.current-step button[value="end"]')
    if end_turn.count():
        end_turn.click()
    else:
        values = answers.evaluate_all("els => els.map(e => e.value)")
        pick = next(
            (
                v
                for v in (
                    "no",
                    "0",
                    "none",
                    "nothing",
                    "mercantile",
                    "covenant_won",
                    "done",
                    "shown",
                )
                if v in values
            ),
            values[0],
        )
        page.locator(f'.current-step .answers button[value="{pick}"]').first.click()
    expect(page.locator("[data-game-version]")).not_to_have_attribute(
        "data-game-version", str(before)
    )


def play_covenant_turns(page: Page, turns: int) -> None:
    for _ in range(400):
        title = page.locator("#checklist h1").inner_text()
        if re.search(rf"turn {turns + 1}\b", title):
            return
        tap_next(page)
    raise AssertionError("the turns did not finish")


def test_three_covenant_turns_then_reload_undo_and_french(page: Page, live_server):
    start_game(page, live_server.url, "hard")
    page.evaluate("window.__sameDocument = true")
    play_covenant_turns(page, 3)
    # every tap was an htmx swap: the document was never reloaded
    assert page.evaluate("window.__sameDocument") is True

    checklist = page.locator("#checklist").inner_text()
    state = page.locator("#state").inner_text()
    seen = version(page)
    page.reload()
    assert page.locator("#checklist").inner_text() == checklist
    assert page.locator("#state").inner_text() == state
    assert version(page) == seen

    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-game-version]")).to_have_attribute(
        "data-game-version", str(seen + 1)
    )
    assert page.locator("#checklist").inner_text() != checklist
    page.get_by_role("button", name="Redo").click()
    expect(page.locator("[data-game-version]")).to_have_attribute(
        "data-game-version", str(seen + 2)
    )
    assert page.locator("#checklist").inner_text() == checklist

    page.get_by_role("link", name="FR").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#checklist h1")).to_contain_text("Tour 4 de l'Alliance")
    expect(page.get_by_role("button", name="Annuler")).to_be_visible()
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")  # remembered on the device


def test_browser_back_after_taps_shows_the_current_state(page: Page, live_server):
    start_game(page, live_server.url)
    for _ in range(4):
        tap_next(page)
    seen = version(page)
    page.go_back()
    page.go_forward()
    assert version(page) == seen
    page.goto(live_server.url + "/")
    page.go_back()
    assert version(page) == seen


def test_a_space_question_can_be_answered_on_the_board(page: Page, live_server):
    start_game(page, live_server.url)
    expect(page.locator("#board button.space.pickable")).to_have_count(13)
    # all 13 answer "Where is your Ship?": a quiet outline each, not 13 dashed ones that
    # drown the card's marks on the board
    outline = page.locator("#board .space.pickable").first.evaluate(
        "e => [getComputedStyle(e).outlineStyle, parseFloat(getComputedStyle(e).outlineWidth)]"
    )
    assert outline[0] == "solid" and outline[1] <= 2
    page.locator('#board button.space[data-space="2.2"]').click()
    expect(page.locator(".step.done").nth(1)).to_contain_text("2.2")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_game_page_fits_the_screen_with_big_targets(page: Page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, live_server.url)
    for _ in range(3):
        tap_next(page)
    sizes = page.evaluate("""() => ({
        scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
        font: parseFloat(getComputedStyle(document.body).fontSize),
        card: Math.min(...[...document.querySelectorAll('.mini-space')]
          .map(e => parseFloat(getComputedStyle(e).fontSize))),
        small: [...document.querySelectorAll('button, a.button, input, select, summary')]
          .filter(e => e.offsetParent !== null)
          .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
          .filter(([_, r]) => r.width < 44 || r.height < 44)
          .map(([html, r]) => html + ' ' + Math.round(r.width) + 'x' + Math.round(r.height)),
    })""")
    assert sizes["scroll"] <= sizes["client"], "horizontal scrolling"
    assert sizes["font"] >= 18
    assert sizes["card"] >= 18  # the card's grid, read at arm's length
    assert sizes["small"] == []


def test_the_lobby_fits_a_phone(page: Page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_2_vs_2_game_starts_from_the_lobby_with_both_players_names(page: Page, live_server):
    """The form's two name fields become the game's `players` option, in order."""
    page.goto(live_server.url + "/")
    page.get_by_text("2 vs 2 co-op").click()
    names = page.locator('.coop-names input[name="players"]')
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    demo_deck(page.locator("form.start-form").first)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#checklist h1")).to_contain_text(re.compile("(Ann|Ben)'s Covenant"))
    expect(page.locator("#state")).to_contain_text("Ann")
    expect(page.locator("#state")).to_contain_text("Ben")


def test_show_older_in_the_history_brings_the_next_events_and_puts_the_focus_on_them(
    page: Page, live_server
):
    start_game(page, live_server.url)
    game_id = page.url.rsplit("/", 1)[1]
    correct_coins(live_server.app, game_id, range(1, 61))
    page.goto(f"{live_server.url}/g/{game_id}/history")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Show older").click()
    expect(page.get_by_text("Correction: Coins set to 1", exact=True)).to_be_visible()
    # the rows came in place of the button, and keyboard focus is on them, not lost
    expect(page.locator(".history-date[autofocus]")).to_be_focused()
    assert page.evaluate("window.__sameDocument") is True
    expect(page.get_by_role("link", name="Show older")).to_have_count(0)
