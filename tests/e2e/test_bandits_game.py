"""A Deck Goes West game in a real Chromium: setup by forms and taps on the map, a day
that reveals a tile west, then one full night at tablet size — every move listed and
drawn, the Bandit die rolled — and the pages' fit at portrait tablet and phone sizes."""

from __future__ import annotations

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Page, expect

from .taps import after, assert_fits, start_form, tap

pytestmark = pytest.mark.e2e


def title(page: Page) -> str:
    return page.locator(".current-step h2").inner_text()


def start(page: Page, url: str) -> None:
    form = start_form(page, url, "The Bandits")
    form.get_by_role("button", name="Start the game").click()
    expect(page.locator(".current-step h2")).to_contain_text("Mission Card")


def fill(page: Page, values: dict[str, str]) -> None:
    """The step's form: numbers typed, a choice's pill tapped or picked from its list;
    then its main button."""
    step = page.locator(".current-step")
    for name, value in values.items():
        field = step.locator(f'input[name="entry.{name}"]')
        if step.locator(f'select[name="entry.{name}"]').count():
            step.locator(f'select[name="entry.{name}"]').select_option(value)
        elif field.first.get_attribute("type") == "radio":
            step.locator(f'input[name="entry.{name}"][value="{value}"] + *').click()
        elif field.first.get_attribute("type") == "checkbox":
            step.locator(f'label:has(input[name="entry.{name}"])').click()  # its switch
        else:
            field.fill(value)
    after(page, step.locator("form.fields-form button[type=submit]").click)


def set_up(page: Page) -> None:
    tap(page, "done")
    fill(page, {"score_end": "30", "bandit_end": "12", "stars_1": "2"})
    tap(page, "done")  # the Score Board placed, the cards set up: one list
    # the six start tiles in one form, each lit and named on the map as its row
    expect(page.locator("#board .bd-tile.lit")).to_have_count(6)
    rows = page.locator(".current-step .part-row-name").all_inner_texts()
    named = page.locator("#board .bd-lit-name").evaluate_all("ts => ts.map(t => t.textContent)")
    assert sorted(rows) == sorted(named)
    stars = ("3", "5", "7", "9", "11", "13")
    fill(
        page,
        {
            f"s{n}_{k}": v
            for n, star in enumerate(stars, 1)
            for k, v in (("type", "other"), ("star", star))
        },
    )
    while not title(page).startswith("Play your day"):
        tap(page, "done")


def test_a_day_and_a_full_night_on_the_map_at_tablet_size(page: Page, live_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    start(page, live_server.url)
    set_up(page)
    page.evaluate("window.__sameDocument = true")
    expect(page.locator("#checklist h1")).to_have_text("Day 1")
    # A face-down tile west of the start, tapped on the map, revealed with a camp.
    after(page, page.locator('#board button.bd-tap[data-space="-2,0"]').click)
    expect(page.locator(".current-step h2")).to_contain_text("Revealed: what is on tile 2W·0?")
    fill(page, {"type": "river", "star": "4", "camp": "yes"})
    expect(page.locator("#board .bd-tile.up.river .bd-group")).to_contain_text("1")
    expect(page.locator('#board button.bd-tap[data-space="-3,0"]')).to_have_count(1)
    # A bandit group put beside the meeples by hand, so that it moves at night.
    after(page, page.locator('#board button.bd-tap[data-space="-1,-1"]').click)
    tap(page, "correct")
    page.locator('.current-step input[name="entry.bandits"]').fill("2")
    after(page, page.locator(".current-step form.fields-form button[type=submit]").click)
    tap(page, "night")
    expect(page.locator("#checklist h1")).to_have_text("Night 1")
    tap(page, "done")  # the Bandit Tracker
    expect(page.locator("#state")).to_contain_text("Bandit Tracker")
    tap(page, "done")  # the Trade Row
    tap(page, "done")  # Exhaustion
    expect(page.locator(".current-step h2")).to_contain_text("Move the bandits as the map shows")
    expect(page.locator(".current-step .bd-lines li").first).to_contain_text("rolled")
    tap(page, "done")
    expect(page.locator(".current-step h2")).to_contain_text("roll the d20 Bandit die 2 times")
    tap(page, "roll")
    for _ in range(6):
        if page.locator("#checklist h1").inner_text() == "Day 2":
            break
        values = page.locator(".current-step .answers button").evaluate_all(
            "els => els.map(e => e.value)"
        )
        tap(page, "fine" if "fine" in values else "done")
    expect(page.locator("#checklist h1")).to_have_text("Day 2")
    assert page.evaluate("window.__sameDocument") is True  # every tap an htmx swap
    page.get_by_role("link", name="FR").click()
    expect(page.locator("#checklist h1")).to_have_text("Jour 2")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024), (390, 844)])
def test_the_bandits_pages_fit_the_screen_with_big_targets(page: Page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    start(page, live_server.url)
    set_up(page)
    assert_fits(page, ".current-step button, #board button.bd-tap")


def test_on_the_phone_the_map_is_under_a_question_answered_on_it(page: Page, live_server):
    """390×844: "Tap the place on the board" has the map right under it, whichever tab
    is chosen below; a question with its own buttons leaves the tabs as they were."""
    page.set_viewport_size({"width": 390, "height": 844})
    start(page, live_server.url)
    set_up(page)
    page.locator('.view-tab:has(input[value="steps"])').click()

    def boxes() -> dict[str, dict[str, float]]:
        return page.evaluate(
            """() => Object.fromEntries(['#current-step', '#board', '.view-tabs'].map(s =>
                 [s, document.querySelector(s).getBoundingClientRect().toJSON()]))"""
        )

    expect(page.locator("#board svg.bd-map")).to_be_visible()
    seen = boxes()
    assert seen["#current-step"]["bottom"] <= seen["#board"]["top"] < seen[".view-tabs"]["top"]
    assert seen["#board"]["top"] - seen["#current-step"]["bottom"] < 40  # right under it
    after(page, page.locator('#board button.bd-tap[data-space="-2,0"]').click)  # tapped there
    expect(page.locator(".current-step h2")).to_contain_text("Revealed: what is on tile 2W·0?")
    expect(page.locator("#board")).to_be_hidden()  # a form: the Steps tab as chosen


def test_a_death_by_day_asks_first_in_a_dialog_then_ends_the_coop_game(page: Page, live_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.add_init_script(AXE_SCRIPT)  # axe-core, for the dialog's own check
    start(page, live_server.url)
    set_up(page)
    after(page, page.locator('#board button.bd-tap[data-space="0,0"]').click)
    before = page.locator("[data-game-version]").get_attribute("data-game-version")
    page.locator('.current-step button[value="dies:1"]').click()
    dialog = page.locator("dialog[data-confirm]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Player 2's hand is full: Player 2 dies")
    expect(dialog).to_contain_text("This ends the game. The Bandits win: Player 2 died.")
    # nothing behind it is tapped: the script makes it modal as it arrives
    expect(page.locator("dialog[data-confirm]:modal")).to_have_count(1)
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    found = page.evaluate("() => axe.run(document.querySelector('dialog'))")["violations"]
    assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert page.locator("[data-game-version]").get_attribute("data-game-version") == before
    page.locator('.current-step button[value="dies:1"]').click()
    after(
        page, page.locator("dialog[data-confirm]").get_by_role("button", name="Yes, confirm").click
    )
    expect(page.locator("dialog[data-confirm]")).to_have_count(0)
    expect(page.locator("#checklist")).to_contain_text("The Bandits win: Player 2 died.")


def test_night_falls_is_a_plain_button_set_apart_below_the_days_actions(page: Page, live_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    start(page, live_server.url)
    set_up(page)
    page.mouse.move(0, 0)  # no button under the pointer (a hovered one is shaded)
    night = page.locator('.current-step button[value="night"]')
    dice = page.locator('.current-step button[value="tray"]')
    assert "primary" not in (night.get_attribute("class") or "")
    assert night.evaluate("b => getComputedStyle(b).backgroundColor") == dice.evaluate(
        "b => getComputedStyle(b).backgroundColor"
    )
    gap = night.bounding_box()["y"] - (dice.bounding_box()["y"] + dice.bounding_box()["height"])
    assert gap > 30  # a line and room between the day's actions and the night
