"""The printed parts' forms in a real Chromium: the Solo C.C. Board as one grid that fits
in two screens of a 1024×768 tablet with its Save always in sight, its − / + steppers
(by tap, by keyboard, for a screen reader, and a plain number field without scripts),
and a refused save that brings its first refused field into sight and focus."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .taps import after, assert_fits, tap

pytestmark = pytest.mark.e2e

COSTS = {
    "air_vessel.ore": 3,
    "sea_vessel.ore": 2,
    "warrior.food": 1,
    "serf.food": 1,
    "spell1.mana": 2,
    "spell2.mana": 3,
    "spell3.ore": 1,
}
TRACK = [(2, 1), (3, 2), (3, 2), (4, 3), (4, 3), (5, 3)]
TABLET, PHONE = (1024, 768), (390, 844)

# Where the form and its Save button are drawn in the window, and what covers Save.
PLACES = """() => {
  const form = document.querySelector("#current-step .part-form");
  const save = form.querySelector(".part-save button");
  const f = form.getBoundingClientRect(), s = save.getBoundingClientRect();
  const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
  return {
    form: [f.top, f.bottom, f.height], save: [s.top, s.bottom], window: innerHeight,
    scrolled: scrollY, saveOnTop: !!hit && save.contains(hit),
  };
}"""


def costs_form(page: Page, url: str, size: tuple[int, int]) -> Any:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(url + "/")
    started = page.request.post(
        url + "/games",
        form={"bot": "solo_enemy", "you": "humans", "factions": "orcs"},
        headers={"Origin": url},
    )
    page.goto(started.url)
    tap(page, "done")
    form = page.locator("#current-step .se-entry")
    expect(form).to_be_visible()
    return form


def fill_costs(form: Any, **more: int) -> None:
    for field, value in {**COSTS, **more}.items():
        form.locator(f'input[name="entry.{field}"]').fill(str(value))
    for number, (ore, level) in enumerate(TRACK, start=1):
        form.locator(f'input[name="entry.track{number}.ore"]').fill(str(ore))
        form.locator(f'input[name="entry.track{number}.level"]').fill(str(level))


def save_in_sight_while_the_form_is(page: Page) -> list[str]:
    """Scrolled from the form's top to its end: wherever the form is on the screen, its
    Save button is inside the window and nothing is drawn over it."""
    top = page.evaluate(PLACES)["form"][0] + page.evaluate("scrollY")
    wrong = []
    for step in range(0, 40):
        page.evaluate(f"window.scrollTo(0, {top - 200 + step * 120})")
        seen = page.evaluate(PLACES)
        form_top, form_bottom, _ = seen["form"]
        if form_bottom < 80 or form_top > seen["window"] - 80:
            continue  # the form is (nearly) off the screen
        save_top, save_bottom = seen["save"]
        if save_top < 0 or save_bottom > seen["window"] + 1 or not seen["saveOnTop"]:
            wrong.append(f"at {seen['scrolled']}: Save at {save_top:.0f}..{save_bottom:.0f}")
    return wrong


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_solo_board_is_one_grid_with_its_save_always_in_sight(page: Page, live_server, size):
    form = costs_form(page, live_server.url, size)
    assert form.locator(".part-row").count() == 4 + 3 + 6
    height = page.evaluate(PLACES)["form"][2]
    if size == TABLET:  # two screens at most: every row and Save, scrolled once
        assert height <= 2 * size[1], height
    assert save_in_sight_while_the_form_is(page) == []
    assert_fits(page, "#current-step .step-button, #current-step .step-number, #current-step .tick")


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_stepper_steps_its_number_by_tap_within_its_bounds(page: Page, live_server, size):
    form = costs_form(page, live_server.url, size)
    ore = form.locator('input[name="entry.warrior.ore"]')
    more = form.get_by_role("button", name="One more: Warrior · Ore")
    less = form.get_by_role("button", name="One less: Warrior · Ore")
    more.click()
    expect(ore).to_have_value("1")
    expect(page.locator("p.sr[aria-live=polite]")).to_have_text("Warrior · Ore: 1")
    less.click()
    less.click()
    expect(ore).to_have_value("0")  # never under its least
    ore.fill("9")
    more.click()
    more.click()
    expect(ore).to_have_value("10")  # nor over its most
    level = form.locator('input[name="entry.track4.level"]')
    form.get_by_role("button", name="One more: Space 4: Capital City Level").click()
    expect(level).to_have_value("1")  # a blank Level starts at its least
    box = more.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44


def test_a_stepper_is_a_spin_button_for_the_keyboard(page: Page, live_server):
    form = costs_form(page, live_server.url, TABLET)
    food = form.locator('input[name="entry.warrior.food"]')
    food.focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(food).to_have_value("2")
    page.keyboard.press("Tab")  # the − and + are not Tab stops: the next field is
    expect(form.locator('input[name="entry.warrior.free"]')).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(form.locator('input[name="entry.warrior.mana"]')).to_be_focused()
    assert form.locator(".step-button").evaluate_all(
        "buttons => buttons.every(b => b.tabIndex === -1 && b.type === 'button')"
    )


def test_a_refused_board_brings_its_first_refused_field_into_sight_and_focus(
    page: Page, live_server
):
    form = costs_form(page, live_server.url, TABLET)
    fill_costs(form, **{"serf.food": 0, "spell3.ore": 0})
    form.get_by_role("button", name="Save these costs").click()
    serf = page.locator('#current-step input[name="entry.serf.free"]')
    expect(serf).to_be_focused()
    expect(serf).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#why-serf-free")).to_have_text(
        "Is this printed as free? Tick Free if it is; otherwise enter its cost."
    )
    expect(page.locator("#notice")).to_contain_text("Not saved: 2 fields to put right")
    seen = serf.bounding_box()
    save = page.locator("#current-step .part-save").bounding_box()
    assert seen is not None and save is not None
    assert seen["y"] >= 0 and seen["y"] + seen["height"] <= save["y"]  # not under Save
    expect(page.locator('#current-step input[name="entry.air_vessel.ore"]')).to_have_value("3")
    serf.check()
    page.locator('#current-step input[name="entry.spell3.free"]').check()
    after(page, page.get_by_role("button", name="Save these costs").click)
    expect(page.locator("#current-step .step-items")).to_contain_text("Gather its components")


def test_without_scripts_each_field_is_a_plain_number_field_and_a_refusal_is_shown(
    browser: Browser, live_server
):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1024, "height": 768}
    )
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        started = page.request.post(
            live_server.url + "/games",
            form={"bot": "solo_enemy", "you": "humans", "factions": "orcs"},
            headers={"Origin": live_server.url},
        )
        page.goto(started.url)
        page.locator('#current-step .answers button[value="done"]').click()
        form = page.locator("#current-step .se-entry")
        expect(form.locator(".step-button").first).to_be_hidden()
        fill_costs(form, **{"serf.food": 0})
        form.locator("button[type=submit]").click()
        expect(page.locator("#why-serf-free")).to_be_visible()
        expect(page.locator('input[name="entry.serf.free"]')).to_be_focused()  # autofocus
        page.locator('input[name="entry.serf.free"]').check()
        page.locator("#current-step .se-entry button[type=submit]").click()
        expect(page.locator("#current-step .step-items")).to_contain_text("Gather its components")
    finally:
        context.close()
