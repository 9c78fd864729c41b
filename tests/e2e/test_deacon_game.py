"""A Deacon game in a real Chromium: setup, your turn, then one full Deacon turn at
tablet size — the deploy route and the island it sails to lit on the board and named
alike in the checklist — and the pages' fit at portrait tablet and phone sizes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .taps import after, assert_fits, demo_deck, start_form, tap

pytestmark = pytest.mark.e2e

QUIET = ("done", "none", "no", "0", "1")


def title(page: Page) -> str:
    return page.locator(".current-step h2").inner_text()


def start(page: Page, url: str) -> None:
    """A game to try the app: the invented demo board and demo values, chosen by name."""
    form = start_form(page, url, "Deacon")
    form.locator("summary").first.click()
    form.locator('select[name="board_id"]').select_option("demo")
    form.locator('input[name="demo_components"]').check()
    demo_deck(form)
    form.get_by_role("button", name="Start the game").click()
    # the printed parts first (invented here, offered by the form), then the setup lines
    expect(page.locator(".current-step h2")).to_contain_text("Enter once what is printed")


def printed_part(page: Page) -> None:
    """A printed part asked the first time it matters: the invented values, saved."""
    page.locator(".current-step").get_by_role("button", name="Fill in invented demo values").click()
    # the entry drawn again with the values (a field may show a number before it is)
    expect(page.locator(".current-step .dc-entry .card-demo")).to_be_visible()
    expect(page.locator(".current-step input[name^='entry.']").first).not_to_have_value("")
    after(page, page.locator(".current-step button[type=submit]").click)


def effects_entry(page: Page) -> None:
    """A Seafloor tile or a Crew bonus: one plain effect tapped in, saved."""
    # Symbols and VP ask for a number next: any other effect is entered in one tap.
    plain = page.locator(".current-step .dc-add").filter(
        has_not_text=re.compile(r"^\s*(Symbols|VP)\s*$")
    )
    plain.first.click()
    expect(page.locator(".current-step .dc-entered li").first).to_be_visible()
    after(page, page.locator(".current-step button[type=submit]").click)


def quiet_step(page: Page) -> None:
    if page.locator(".current-step .dc-entry").count():
        if "Enter once what is printed" in title(page):
            printed_part(page)
        else:
            effects_entry(page)
        return
    values = page.locator(".current-step .answers button").evaluate_all(
        "els => els.map(e => e.value)"
    )
    tap(page, next((v for v in QUIET if v in values), values[0]))


def set_up(page: Page) -> None:
    while not title(page).startswith("Where does Deacon's Ship start"):
        quiet_step(page)
    after(page, page.locator('#board button.dc-tap[data-space="i1"]').click)
    after(page, page.locator('#board button.dc-tap[data-space="i16"]').click)


def test_one_full_deacon_turn_lit_on_the_board_at_tablet_size(page: Page, live_server):
    start(page, live_server.url)
    set_up(page)
    page.evaluate("window.__sameDocument = true")
    # Your turn: your Ship, no Reef Ball, your score.
    expect(page.locator("#checklist h1")).to_have_text("Round 1 · Your turn")
    after(page, page.locator('#board button.dc-tap[data-space="i16"]').click)
    tap(page, "none")
    tap(page, "3")
    expect(page.locator("#checklist h1")).to_have_text("Round 1 · Deacon's turn")
    # A. Its Reef Ball: the route named in the step is the one lit on the board.
    while not title(page).startswith("Place a Reef Ball"):
        quiet_step(page)
    route = re.search(r"Route (\d+)–(\d+)", title(page))
    assert route is not None
    expect(page.locator("#board")).to_contain_text(f"Route {route[1]}–{route[2]}")
    tap(page, "done")
    # B. Its card and its move: the island named is lit on the board and on the card.
    while not title(page).startswith("B. "):
        quiet_step(page)
    island = re.search(r"Island (\d+)", title(page))
    assert island is not None
    expect(page.locator("#board")).to_contain_text(f"Island {island[1]}")
    expect(page.locator("#card")).to_contain_text("goes here")
    # Deacon rules, card effect "Re-shuffle discard pile with the deck (including this
    # card)": a card that shows it leaves the discard pile empty.
    reshuffles = "Reshuffle" in page.locator("#card").inner_text()
    tap(page, "done")
    # C. Every action of the card, until your next turn.
    for _ in range(40):
        if page.locator("#checklist h1").inner_text() == "Round 2 · Your turn":
            break
        quiet_step(page)
    expect(page.locator("#checklist h1")).to_have_text("Round 2 · Your turn")
    assert page.evaluate("window.__sameDocument") is True  # every tap an htmx swap
    expect(page.locator("#state")).to_contain_text("0 discarded" if reshuffles else "1 discarded")
    page.get_by_role("link", name="FR").click()
    expect(page.locator("#checklist h1")).to_have_text("Manche 2 · Votre tour")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024), (390, 844)])
def test_the_deacon_pages_fit_the_screen_with_big_targets(page: Page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    start(page, live_server.url)
    set_up(page)
    assert_fits(page, ".current-step button, .current-step input, #board button.dc-tap")
