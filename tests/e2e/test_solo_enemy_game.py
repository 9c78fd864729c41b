"""A Solo Enemy game in a real Chromium at tablet size: setup, then one full round."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .taps import after, assert_fits, demo_deck, start_form, tap

pytestmark = pytest.mark.e2e

COSTS = {
    "air_vessel.ore": 3,
    "air_vessel.mana": 1,
    "sea_vessel.ore": 2,
    "warrior.ore": 1,
    "warrior.food": 1,
    "serf.food": 1,
    "spell1.mana": 2,
    "spell1.vp": 2,
    "spell2.mana": 2,
    "spell3.mana": 2,
}
TRACK = [(2, 1), (3, 2), (3, 2), (4, 3), (4, 3), (5, 3)]
QUIET = ("done", "no", "none", "pass", "next", "enemy", "0", "1")


def start(page: Page, url: str) -> None:
    form = start_form(page, url, "Solo Enemy")
    form.locator('select[name="you"]').select_option("humans")
    for faction in ("humans", "elves", "dwarves"):
        form.locator(f'input[name="factions"][value="{faction}"]').uncheck()
    demo_deck(form)
    form.get_by_role("button", name="Start the game").click()
    expect(page.locator(".current-step h2")).to_have_text("The Enemy plays the Orcs")


def set_up(page: Page) -> None:
    tap(page, "done")
    for field, value in COSTS.items():
        page.fill(f'input[name="entry.{field}"]', str(value))
    for number, (ore, level) in enumerate(TRACK, start=1):
        page.fill(f'input[name="entry.track{number}.ore"]', str(ore))
        page.fill(f'input[name="entry.track{number}.level"]', str(level))
    after(page, page.locator(".se-entry button[type=submit]").click)
    # the table's setup, listed in order, done with one tap
    expect(page.locator("#current-step .step-items li")).to_have_count(7)
    tap(page, "done")
    tap(page, "ore")
    tap(page, "mana")


def quiet_tap(page: Page) -> None:
    form = page.locator(".current-step form.fields-form")
    if form.count():  # its supply: every Unit run out (as "no" to each, one at a time)
        for toggle in form.locator("label.form-switch").all():
            if toggle.locator("input").is_checked():
                toggle.click()
        after(page, form.locator("button[type=submit]").click)
        return
    values = page.locator(".current-step .answers button").evaluate_all(
        "els => els.map(e => e.value)"
    )
    tap(page, next((v for v in QUIET if v in values), values[0]))


def test_one_full_round_at_tablet_size(page: Page, live_server):
    start(page, live_server.url)
    set_up(page)
    page.evaluate("window.__sameDocument = true")
    seen = []
    for _ in range(120):
        title = page.locator("#checklist h1").inner_text()
        if not seen or seen[-1] != title:
            seen.append(title)
            now = page.locator(".se-round li.now")
            if "Enemy Hero" in title:
                hero = title[-1]
                expect(now).to_have_text(f"Enemy Hero {hero}")
                expect(page.locator(".se-slot.acting")).to_contain_text(f"Hero {hero}")
                expect(page.locator("#card .se-card-action")).to_be_visible()
            elif "Your action" in title:
                expect(now).to_have_text(f"Your action {title[-1]}")
        if title == "Round 2 · Enemy Hero 1":
            break
        quiet_tap(page)
    assert seen == [
        "Round 1 · Enemy Hero 1",
        "Round 1 · Your action 1",
        "Round 1 · Enemy Hero 2",
        "Round 1 · Your action 2",
        "Round 1 · Enemy Hero 3",
        "Round 1 · Collection",
        "Round 2 · Enemy Hero 1",
    ]
    assert page.evaluate("window.__sameDocument") is True  # every tap an htmx swap
    expect(page.locator(".se-slot.filled")).to_have_count(1)  # round 1's cards discarded
    expect(page.locator("#state")).to_contain_text("3 discarded")

    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#checklist h1")).to_have_text("Round 1 · Collection")
    page.get_by_role("link", name="FR").click()
    expect(page.locator("#checklist h1")).to_have_text("Manche 1 · Collecte")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024), (390, 844)])
def test_the_solo_enemy_pages_fit_the_screen_with_big_targets(
    page: Page, live_server, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    start(page, live_server.url)
    tap(page, "done")  # the costs form is on screen now
    # a Free box is tapped by its label (.tick, 44 px), not by the box drawn inside it
    assert_fits(
        page,
        "button, a.button, input:not([type=radio]):not(.tick input), select, summary, .chip span,"
        " .tick",
    )
    # the round strip: every phase's name whole in its box, English and French
    for language in ("EN", "FR"):
        page.get_by_role("link", name=language).click()
        cut = page.locator(".se-round li").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"
        )
        assert cut == [], (language, width, cut)


def test_the_compass_arrow_never_covers_a_points_letters(page: Page, live_server):
    """Whichever way it points, the arrowhead stays inside the ring of letters."""
    from webapp.web.plugins import pages_of

    app = live_server.app
    with app.test_request_context("/"):
        app.preprocess_request()
        drawn = app.jinja_env.from_string(
            '{% from "solo_enemy/_macros.html" import compass with context %}'
            '{% for d in ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] %}'
            '<div style="width:208px">{{ compass(d, none, "se-compass big") }}</div>{% endfor %}'
        ).render(pages=pages_of("solo_enemy"))
    page.set_content(drawn)
    overlaps = page.locator("svg").evaluate_all(
        """svgs => svgs.flatMap(svg => {
            // a grid of points over each letter: is any inside the arrow's shape?
            const arrow = svg.querySelector("path");
            const toArrow = arrow.getScreenCTM().inverse();
            return [...svg.querySelectorAll("text")].filter(t => {
                const r = t.getBoundingClientRect();
                for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) {
                    const at = new DOMPoint(r.left + r.width * i / 4, r.top + r.height * j / 4)
                        .matrixTransform(toArrow);
                    if (arrow.isPointInFill(at) || arrow.isPointInStroke(at)) return true;
                }
                return false;
            }).map(t => svg.getAttribute("aria-label") + ": " + t.textContent);
        })"""
    )
    assert overlaps == []
