"""Fits the table: the lobby's start button in sight, each bot's current answers in sight
on a tablet either way up, and on a phone the board and card right under the question."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .taps import after, demo_deck, start_form

pytestmark = pytest.mark.e2e

BOTS = {
    "Wayward Covenant": {"bot": "covenant"},
    "Deacon": {"bot": "deacon", "board_id": "demo", "demo_components": "on"},
    "Solo Enemy": {"bot": "solo_enemy", "you": "orcs", "factions": "elves"},
    "The Bandits": {"bot": "bandits"},
}
# Every answer of the current step drawn on the screen: its top and bottom. A printed
# part's form (up to two screens) is the exception: its first field and its Save, kept
# in sight, are.
ANSWER_BOXES = """() => {
  const part = document.querySelector('#current-step .part-form');
  const answers = part
    ? [part.querySelector('input:not([type=hidden]), select'),
       part.querySelector('.part-save button')]
    : [...document.querySelectorAll(
        '#current-step :is(button, input:not([type=hidden]), select, a.button)')];
  return answers.filter(element => element && element.offsetParent !== null)
    .map(element => { const box = element.getBoundingClientRect(); return [box.top, box.bottom]; });
}"""


def in_sight(page: Page, target: Locator) -> bool:
    box = target.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


def test_each_bots_start_button_is_in_sight_one_tap_from_the_top(page: Page, live_server):
    for name in BOTS:
        form = start_form(page, live_server.url, name)
        assert in_sight(page, form.get_by_role("button", name="Start the game")), name


def test_each_bots_current_answers_are_in_sight_on_a_tablet_either_way_up(page: Page, live_server):
    page.goto(live_server.url + "/")
    games = {}
    for name, form in BOTS.items():
        started = page.request.post(
            live_server.url + "/games", form=form, headers={"Origin": live_server.url}
        )
        assert "/g/" in started.url, name
        games[name] = started.url
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        for name, url in games.items():
            page.goto(url)
            tops_and_bottoms = page.evaluate(ANSWER_BOXES)
            assert tops_and_bottoms, name
            assert all(top >= 0 and bottom <= height for top, bottom in tops_and_bottoms), (
                name,
                width,
                tops_and_bottoms,
            )


def test_on_a_phone_the_tabs_swap_board_card_and_steps_under_the_question(page: Page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    demo_deck(start_form(page, live_server.url, "Wayward Covenant")).get_by_role(
        "button", name="Start the game"
    ).click()
    step, board, card = page.locator("#current-step"), page.locator("#board"), page.locator("#card")
    steps = page.locator("#checklist .steps")
    expect(step).to_be_visible()
    # the board first, right under the question (no 1,000 px scroll): the bot's key
    # figures, then the board
    expect(board).to_be_visible()
    expect(card).to_be_hidden()
    expect(steps).to_be_hidden()
    step_box, figures_box = step.bounding_box(), page.locator("#figures").bounding_box()
    board_box = board.bounding_box()
    assert step_box and figures_box and board_box
    assert figures_box["y"] - (step_box["y"] + step_box["height"]) < 90
    assert board_box["y"] - (figures_box["y"] + figures_box["height"]) < 20
    page.locator(".view-tab", has_text="Card").click()
    expect(card).to_be_visible()
    expect(board).to_be_hidden()
    # a live swap of the fragments leaves the chosen tab as it was
    after(page, page.locator("#current-step .answers button").first.click)
    expect(card).to_be_visible()
    expect(board).to_be_hidden()
    page.locator(".view-tab", has_text="Steps").click()
    expect(steps).to_be_visible()
    expect(card).to_be_hidden()
