"""A table playing at random in the browser, one thing at a time, as players do: an
answer tapped (a button of the step or a place on the board), a form saved with the
values it offers or the page's own "Fill in", a quick entry tapped in and saved, Undo,
Redo, a counter corrected. Each call says what it did, for the report of a test."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from tests.random_play import SCORE_BOARD

from .taps import version


class Refused(Exception):
    """The page refused what was sent, or asked first and the table cancelled: nothing
    changed (a notice says why when it was refused)."""


class AskedFirst(Refused):
    """A tap that would decide the game asked first, and the table cancelled."""


def after(page: Page, action: Callable[[], object]) -> None:
    """Do something that changes the game and wait for the page to show it (Refused,
    with the notice's words, when it was refused instead)."""
    before = version(page)
    with page.expect_response(lambda response: response.request.method == "POST") as sent:
        action()
    if sent.value.status in (409, 422):
        notice = re.search(r'<p class="notice[^"]*">(.*?)</p>', sent.value.text(), re.S)
        raise Refused(notice[1] if notice else str(sent.value.status))
    # the game changed, or a tap that would decide it asks first: the table cancels
    page.wait_for_function(
        """before => document.querySelector("dialog[data-confirm][open]") ||
          document.querySelector("[data-game-version]").dataset.gameVersion !== before""",
        arg=str(before),
    )
    dialog = page.locator("dialog[data-confirm][open]")
    if dialog.count():
        dialog.get_by_role("button", name="Cancel").click()
        expect(dialog).to_be_hidden()
        raise AskedFirst("asked first, cancelled")


# Each bot's games, as the lobby's form starts them (the Covenant also with the printed
# cards, each entered section by section as it turns up).
GAMES: dict[str, list[dict[str, str]]] = {
    "covenant": [
        {"bot": "covenant"},
        {"bot": "covenant", "deck_mode": "physical", "deck_id": "new"},
    ],
    "deacon": [{"bot": "deacon", "board_id": "demo", "demo_components": "on"}],
    "solo_enemy": [{"bot": "solo_enemy", "you": "orcs", "factions": "elves"}],
    "bandits": [{"bot": "bandits"}, {"bot": "bandits", "mode": "versus"}],
}
# The costs printed on a Solo Enemy faction's board (tests/engine/solo_enemy.py PROFILE).
COSTS = {
    "air_vessel.ore": 3,
    "air_vessel.mana": 1,
    "sea_vessel.ore": 2,
    "sea_vessel.food": 1,
    "warrior.ore": 1,
    "warrior.food": 1,
    "serf.food": 1,
    "spell1.mana": 2,
    "spell1.vp": 2,
    "spell2.mana": 3,
    "spell2.vp": 1,
    "spell3.ore": 1,
    "spell3.mana": 1,
    "spell3.vp": 3,
}
TRACK = [(2, 1), (3, 2), (3, 2), (4, 3), (4, 3), (5, 3)]


def start_game(page: Page, url: str, form: dict[str, str]) -> str:
    """A new game started as the lobby's form does; its page open."""
    page.goto(url + "/")
    started = page.request.post(url + "/games", form=form, headers={"Origin": url})
    assert "/g/" in started.url, (form, started.status)
    page.goto(started.url)
    return started.url


def step(page: Page) -> Locator:
    return page.locator("#current-step")


def over(page: Page) -> bool:
    return step(page).count() == 0


def one_thing(page: Page, rng: random.Random) -> str:
    """Do one thing a table might do now and wait for the page to show it; what it was."""
    roll = rng.random()
    undo, redo = (page.locator(".undo-redo button").nth(n) for n in (0, 1))
    if roll < 0.08 and undo.is_enabled():
        after(page, undo.click)
        return "undo"
    if roll < 0.11 and redo.is_enabled():
        after(page, redo.click)
        return "redo"
    if roll < 0.15 and page.locator("#state details.corrections").is_visible():
        return correct_a_counter(page, rng)
    return answer(page, rng)


def correct_a_counter(page: Page, rng: random.Random) -> str:
    form = page.locator("#state details.corrections")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    counters = form.locator("select[name=field] option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    counter = rng.choice(counters)
    form.locator("select[name=field]").select_option(counter)
    form.locator("input[name=value]").fill(str(rng.randint(0, 3)))
    after(page, form.get_by_role("button", name="Save the correction").click)
    return f"correct {counter}"


# What the waiting step offers, read in one go: its quick entry (which bot's), whether
# it is a form, the values of its answer buttons and the places tappable on the board,
# those drawn on the screen only (not the dice typed in by hand, still folded away).
OFFERED = """() => {
  const step = document.getElementById("current-step");
  const drawn = element => element.getClientRects().length > 0;
  const entry = [["dc-entry", "deacon"], ["se-entry", "solo_enemy"], ["entry", "covenant"]]
    .find(([kind]) => step.querySelector("." + kind));
  return {
    entry: entry ? entry[1] : "",
    form: !!step.querySelector("form.fields-form"),
    buttons: [...step.querySelectorAll(BUTTONS)].filter(drawn).map(button => button.value),
    places: [...document.querySelectorAll("#board button.board-tap")].filter(drawn)
      .map(place => place.dataset.space),
  };
}"""
BUTTONS = ".answers:not(.fields-form):not(.dice-entry):not(.other-number) button"


def answer(page: Page, rng: random.Random) -> str:
    """Answer the waiting step: a quick entry, a form, a button or a place on the board."""
    offered = page.evaluate(OFFERED.replace("BUTTONS", repr(BUTTONS)))
    if offered["entry"]:
        return ENTRIES[offered["entry"]](page, rng)
    buttons, places = offered["buttons"], offered["places"]
    if offered["form"] and (not buttons or rng.random() < 0.7):
        return save_fields(page)
    if "end" in buttons and rng.random() < 0.6:  # move on to the bot's turns
        chosen = step(page).locator(f'{BUTTONS}[value="end"]')
    elif buttons and (not places or rng.random() < 0.5):
        value = rng.choice(buttons)
        chosen = step(page).locator(f'{BUTTONS}[value="{value}"]')
    else:
        value = rng.choice(places)
        chosen = page.locator(f'#board button.board-tap[data-space="{value}"]')
    label = chosen.first.get_attribute("value") or chosen.first.get_attribute("data-space")
    after(page, chosen.first.click)
    return f"answer {label}"


def save_fields(page: Page) -> str:
    """A form answered in one tap (the Bandits' Score Board, a tile): as it is offered,
    an empty number it needs given its lowest value and a choice its first, the Score
    Board as printed."""
    form = step(page).locator("form.fields-form")
    for field in form.locator("input[type=number]").all():
        name = (field.get_attribute("name") or "").removeprefix("entry.")
        if name in SCORE_BOARD:
            field.fill(str(SCORE_BOARD[name]))
        elif not field.input_value() and field.get_attribute("required") is not None:
            field.fill(field.get_attribute("min") or "0")
    for choice in form.locator("fieldset.pills").all():
        if not choice.locator("input:checked").count():
            choice.locator("label.pill").first.click()
    for listed in form.locator("select[required]").all():  # a grid's choice: its first
        if not listed.input_value():
            listed.select_option(index=1)
    after(page, form.locator("button[type=submit]").click)
    return "save a form"


def deacon_entry(page: Page, rng: random.Random) -> str:
    """A printed part filled in by the page's own button; a reward's first plain effect."""
    entry = step(page).locator(".dc-entry")
    fill_in = entry.get_by_role("button", name="Fill in invented demo values")
    if fill_in.count():
        fill_in.click()
        expect(entry.locator(".card-demo")).to_be_visible()
    elif entry.locator(".dc-add").count():
        plain = entry.locator(".dc-add").filter(has_not_text="Symbols").filter(has_not_text="VP")
        rng.choice(plain.all()).click()
        expect(entry.locator(".dc-entered li").first).to_be_visible()
    after(page, entry.locator("button[type=submit]").click)
    return "save a Deacon entry"


def solo_enemy_costs(page: Page) -> str:
    """The costs of the Solo Enemy's faction board, typed as printed."""
    entry = step(page).locator(".se-entry")
    if not entry.locator('input[name="entry.track1.level"]').input_value():
        for field, value in COSTS.items():
            entry.locator(f'input[name="entry.{field}"]').fill(str(value))
        for number, (ore, level) in enumerate(TRACK, start=1):
            entry.locator(f'input[name="entry.track{number}.ore"]').fill(str(ore))
            entry.locator(f'input[name="entry.track{number}.level"]').fill(str(level))
    after(page, entry.locator("button[type=submit]").click)
    return "save the Solo Enemy's costs"


def covenant_section(page: Page, rng: random.Random) -> str:
    """A section of a printed Covenant card: its end space tapped in, then saved."""
    entry = step(page).locator(".entry")
    entry.get_by_role("button", name="End space").click()
    expect(entry.get_by_role("button", name="End space")).to_have_attribute("aria-pressed", "true")
    rng.choice(entry.locator(".entry-grid button.entry-space:not(.harbor)").all()).click()
    save = entry.get_by_role("button", name="Save this section")
    expect(save).to_be_enabled()
    after(page, save.click)
    return "save this section"


ENTRIES: dict[str, Callable[[Page, random.Random], str]] = {
    "deacon": deacon_entry,
    "solo_enemy": lambda page, rng: solo_enemy_costs(page),
    "covenant": covenant_section,
}
