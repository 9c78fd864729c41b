"""The waiting step in sight, case by case: another device's save brings it into sight
on a phone that was on the form, but never moves the page or the focus of someone
typing a correction or reading the steps done; a refusal is put in sight; with reduced
motion the page jumps at once, otherwise it scrolls smoothly; no jump when the step is
already in sight."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from webapp.engine import Game

from ..random_play import random_answer
from .random_taps import COSTS, TRACK, Refused, after, start_game
from .taps import tap, version
from .test_step_in_sight import SIGHT, out_of_sight, settled_sight

pytestmark = pytest.mark.e2e

SOLO_ENEMY = {"bot": "solo_enemy", "you": "orcs", "factions": "elves"}
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
# Every place the page scrolls to from now on (a smooth scroll passes through several).
WATCH_SCROLLS = """() => {
  window.__scrolls = [];
  window.__asked = [];
  addEventListener("scroll", () => window.__scrolls.push(Math.round(scrollY)));
  const scrollTo = window.scrollTo.bind(window);
  window.scrollTo = (options, ...more) => {
    window.__asked.push(typeof options === "object" ? options.behavior || "auto" : "auto");
    return scrollTo(options, ...more);
  };
}"""

# when this page last asked for a glide (a smooth scroll)
CLOCK_GLIDES = """() => {
  const scrollTo = window.scrollTo.bind(window);
  window.scrollTo = (options, ...more) => {
    if (typeof options === "object" && options.behavior === "smooth") {
      window.__glided = performance.now();
    }
    return scrollTo(options, ...more);
  };
}"""


@pytest.fixture
def new_device(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A new device (its own browser context) of a given screen size."""
    contexts = []

    def open_device(viewport: dict[str, int], **options: object) -> Page:
        context = browser.new_context(viewport=viewport, **options)  # type: ignore[arg-type]
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_device
    for context in contexts:
        context.close()


def fill_costs(page: Page) -> None:
    """The Solo Enemy's faction costs typed in, not saved yet."""
    entry = page.locator(".se-entry")
    for field, value in COSTS.items():
        entry.locator(f'input[name="entry.{field}"]').fill(str(value))
    for number, (ore, level) in enumerate(TRACK, start=1):
        entry.locator(f'input[name="entry.track{number}.ore"]').fill(str(ore))
        entry.locator(f'input[name="entry.track{number}.level"]').fill(str(level))


def at_the_end_of_the_form(page: Page) -> None:
    """Scrolled down to the form's Save, as someone filling it in from the top is."""
    save = page.locator(".se-entry button[type=submit]")
    save.evaluate("button => button.scrollIntoView({block: 'end'})")
    sight = page.evaluate(SIGHT)
    assert sight["title"]["bottom"] < 0, "the step's title is above the screen"


def heard(page: Page, before: int) -> None:
    """Wait for another device's change to reach this page."""
    expect(page.locator("[data-game-version]")).not_to_have_attribute(
        "data-game-version", str(before)
    )
    page.wait_for_timeout(300)  # and any scroll it brings


def test_a_partners_save_brings_the_next_question_into_sight_on_the_phone_at_the_form(
    new_device, live_server
):
    phone, tablet = new_device(PHONE), new_device(TABLET)
    url = start_game(
        phone, live_server.url, {"bot": "deacon", "board_id": "demo", "demo_components": "on"}
    )
    tablet.goto(url)
    while not phone.locator("#current-step .dc-entry").count():  # Deacon's set-up
        tap(phone, phone.locator("#current-step .answers button").first.get_attribute("value"))
    # the printed Mission colours: the phone at the form's end (its Save at the top of the
    # screen, the board under it), the tablet saves it
    save = phone.locator(".dc-entry button[type=submit]")
    save.evaluate("button => button.scrollIntoView({block: 'start'})")
    assert phone.evaluate(SIGHT)["title"]["bottom"] < 0
    before, asked = version(phone), phone.locator("#current-step .step-title").inner_text()
    entry = tablet.locator(".dc-entry")
    entry.get_by_role("button", name="Fill in invented demo values").click()
    expect(entry.locator(".card-demo")).to_be_visible()
    after(tablet, entry.locator("button[type=submit]").click)
    heard(phone, before)
    expect(phone.locator("#current-step .step-title")).not_to_have_text(asked)
    assert settled_sight(phone) == ("", "")


def test_a_partners_tap_leaves_a_half_typed_correction_with_its_focus_and_place(
    new_device, live_server
):
    phone, tablet = new_device(PHONE), new_device(TABLET)
    url = start_game(phone, live_server.url, SOLO_ENEMY)
    tablet.goto(url)
    tap(phone, "done")
    fill_costs(phone)
    after(phone, phone.locator(".se-entry button[type=submit]").click)
    tap(phone, "done")  # the table's setup list
    # on the phone, under the step and the Board tab: a counter being corrected
    phone.locator("#state details.corrections summary").click()
    field = phone.locator("#state input[name=value]")
    field.fill("2")
    where = field.evaluate("field => field.getBoundingClientRect().top")
    before = version(phone)
    tap(tablet, "ore")  # the next question: the Tax Track's 3
    heard(phone, before)
    expect(field).to_be_focused()
    expect(field).to_have_value("2")
    assert field.evaluate("field => field.getBoundingClientRect().top") == pytest.approx(
        where, abs=1
    )


def test_a_partners_tap_leaves_someone_reading_the_steps_done_where_they_are(
    new_device, live_server
):
    phone, tablet = new_device(PHONE), new_device(TABLET)
    url = start_game(phone, live_server.url, SOLO_ENEMY)
    tablet.goto(url)
    tap(phone, "done")
    fill_costs(phone)
    after(phone, phone.locator(".se-entry button[type=submit]").click)
    tap(phone, "done")
    phone.locator(".view-tab", has_text="Steps").click()
    read = phone.locator("#checklist .steps li").last
    read.evaluate("line => line.scrollIntoView({block: 'center'})")  # the last line, read
    where = read.evaluate("line => line.getBoundingClientRect().top")
    before = version(phone)
    tap(tablet, "ore")  # the Tax Track's 4
    heard(phone, before)
    assert phone.locator("#checklist .steps li").last.evaluate(
        "line => line.getBoundingClientRect().top"
    ) == pytest.approx(where, abs=1)
    assert phone.evaluate("document.activeElement.name") == "table-view"  # the tab tapped


def test_a_refusal_in_a_quick_entry_is_put_in_sight_and_its_tap_keeps_the_focus(
    page: Page, live_server
):
    page.set_viewport_size(PHONE)
    start_game(
        page, live_server.url, {"bot": "covenant", "deck_mode": "physical", "deck_id": "new"}
    )
    tap(page, "01")  # the card turned over: its section is entered by taps
    harbor = page.locator(".entry-grid button.harbor")
    harbor.evaluate("button => button.scrollIntoView({block: 'start'})")
    harbor.focus()
    with page.expect_response(lambda response: "/entry/" in response.url) as sent:
        page.keyboard.press("Enter")  # a tap on the Harbor while a tap adds cubes
    assert sent.value.status == 422
    refusal = page.locator(".entry [role=alert]")
    expect(refusal).to_contain_text("the Harbor only takes the end space")
    expect(refusal).to_be_in_viewport(ratio=1)  # once any scroll brought it there
    box = refusal.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    expect(page.locator(".entry-grid button.harbor")).to_be_focused()


def test_a_refused_correction_leaves_its_refusal_in_sight_and_the_focus_on_the_form(
    page: Page, live_server
):
    page.set_viewport_size(PHONE)
    start_game(page, live_server.url, SOLO_ENEMY)
    form = page.locator("#state details.corrections")
    form.locator("summary").click()
    form.locator("select[name=field]").select_option(index=0)
    form.locator("input[name=value]").fill("999")
    save = form.get_by_role("button", name="Save the correction")
    with pytest.raises(Refused, match="the number must be between 0 and 10"):
        after(page, save.click)
    notice = page.locator("#notice .notice")
    expect(notice).to_contain_text("Nothing was changed")
    box = notice.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    expect(save).to_be_focused()  # the form stays in hand, to be put right


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_next_question_comes_at_once_with_reduced_motion_and_smoothly_without(
    new_device, live_server, motion: str
):
    phone = new_device(PHONE, reduced_motion=motion)
    start_game(phone, live_server.url, SOLO_ENEMY)
    phone.evaluate(CLOCK_GLIDES)
    tap(phone, "done")
    fill_costs(phone)
    at_the_end_of_the_form(phone)
    # a second look within a second of a glide is a jump (botdeck.js: Chromium loses a
    # glide asked again): the glide to the form, after "done", is over first
    phone.wait_for_function("() => performance.now() > (window.__glided || -1e9) + 1000")
    phone.evaluate(WATCH_SCROLLS)
    start = phone.evaluate("Math.round(scrollY)")
    after(phone, phone.locator(".se-entry button[type=submit]").click)
    assert settled_sight(phone) == ("", "")
    final = phone.evaluate("Math.round(scrollY)")
    on_the_way = set(phone.evaluate("window.__scrolls")) - {start, final}
    asked = phone.evaluate("window.__asked")
    assert final != start and asked  # the page was scrolled to the next question
    if motion == "reduce":
        assert on_the_way == set()  # one jump, no animation
        assert "smooth" not in asked
    else:
        # asked to glide: how many frames a busy machine draws on the way is its own
        assert "smooth" in asked


def test_no_jump_when_the_next_question_is_already_in_sight(page: Page, live_server):
    page.set_viewport_size(TABLET)
    start_game(page, live_server.url, SOLO_ENEMY)
    page.evaluate("window.scrollTo(0, 40)")
    assert page.evaluate("scrollY") == 40
    page.evaluate(WATCH_SCROLLS)
    tap(page, "done")
    expect(page.locator("#current-step .step-title")).to_be_focused()
    assert out_of_sight(page.evaluate(SIGHT)) == ""
    assert page.evaluate("scrollY") == 40
    # not even for a moment (an event that finds the page where it was is not a jump:
    # the browser's own scroll anchoring sends one now and then as the form is drawn)
    assert [at for at in page.evaluate("window.__scrolls") if at != 40] == []


def test_a_score_sheet_taller_than_the_window_beside_a_longer_table_shows_its_last_tap(
    page: Page, live_server
):
    """At tablet size the steps column is sticky; a final score sheet taller than the
    window, beside a board and state longer still, once kept its End the game under the
    window (botdeck.js: a tall column is stuck where the waiting step is in sight)."""
    # a game whose sheet has four lines, two of them on two lines at this size
    game = Game("solo_enemy", {"you": "humans", "factions": ["orcs"]}, 14)
    rng = random.Random(14)
    while (pending := game.pending()) is not None and pending.step.kind != "score_enemy":
        game.answer(random_answer(game, rng))
    page.set_viewport_size(TABLET)
    page.goto(live_server.url + "/")
    imported = page.request.post(
        live_server.url + "/games/import",
        multipart={
            "file": {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(game.export()).encode(),
            }
        },
        headers={"Origin": live_server.url},
    )
    assert "/g/" in imported.url, imported.status
    page.goto(imported.url)
    # reading the board a little down the page: the steps column stuck by its top, with
    # the length of the table's column left before the page's end would move it
    page.evaluate("window.scrollTo(0, 100)")
    tap(page, "1")  # its last figure: the final score sheet comes
    expect(page.locator("#current-step .score-sheet")).to_be_visible()
    assert settled_sight(page) == ("", "")
