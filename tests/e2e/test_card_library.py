"""Playing with the printed cards: entering them by taps, a learned card, deck files."""

from __future__ import annotations

import json
import re
import threading

import pytest
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from bench.quick_entry import ENTERED
from webapp import create_app

from .taps import start_form

pytestmark = pytest.mark.e2e

# A typical section, tap by tap: an advancement, 2 cubes on a space, the orange
# end space, 3 coins and an Attack Flag +2 "if not in Harbor".
SECTION_TAPS = [
    '.entry-grid button[title="1.2"]',  # advancement
    '.entry-grid button[title="2.2"]',
    '.entry-grid button[title="2.2"]',
    '.entry-grid button[title="2.2"]',  # → 1 → 2 cubes
    '.entry button:text-is("End space")',
    '.entry-grid button[title="3.1"]',
    '.entry-palette button:has-text("Coins")',
    '.entry-pending button:text-is("3")',
    '.entry-palette button:has-text("Attack")',
    '.entry-pending button:text-is("+2")',
    '.entry-pending button:has-text("If not in Harbor")',
    ".entry-save button",
]
# What those taps enter: the same section `make bench` times, tap by tap
SECTION = ENTERED


def enter_section(page: Page) -> None:
    """Enter SECTION_TAPS."""
    for selector in SECTION_TAPS:
        before = (
            page.locator(".entry input[name=draft]").first.get_attribute("value")
            if page.locator(".entry input[name=draft]").count()
            else None
        )
        page.locator(selector).first.click()
        if selector != ".entry-save button":
            expect(page.locator(".entry input[name=draft]").first).not_to_have_attribute(
                "value", before or ""
            )


def version(page: Page) -> int:
    return int(page.locator("[data-game-version]").get_attribute("data-game-version"))


def finish_turns_until_card(page: Page) -> None:
    """Tap through the Covenant's turn and yours, to the next card to name."""
    for _ in range(80):
        if page.locator('.current-step:has-text("which card is it")').count():
            return
        before = version(page)
        end = page.locator('.current-step button[value="end"]')
        if end.count():
            end.click()
        else:
            values = page.locator(".current-step .answers button").evaluate_all(
                "els => els.map(e => e.value)"
            )
            pick = next(
                (
                    v
                    for v in ("H", "no", "0", "none", "nothing", "covenant_won", "done")
                    if v in values
                ),
                values[0],
            )
            page.locator(f'.current-step .answers button[value="{pick}"]').first.click()
        expect(page.locator("[data-game-version]")).not_to_have_attribute(
            "data-game-version", str(before)
        )
    raise AssertionError("never got to the next card")


def test_a_physical_game_entering_new_cards_by_taps_and_showing_a_known_one(
    page: Page, live_server
):
    url = live_server.url
    # a card entered earlier, in the library's editor
    page.goto(url + "/library/covenant")
    page.get_by_role("button", name="Create").click()
    deck_url = page.url
    page.goto(deck_url + "/card/05/normal.0")
    enter_section(page)
    expect(page).to_have_url(re.compile(r"/card/05$"))

    form = start_form(page, url, "Wayward Covenant")
    form.locator("summary", has_text="cards").click()
    form.get_by_role("radio", name="I draw the printed cards").check()
    form.get_by_role("radio", name="My cards").first.check()
    form.get_by_role("button", name="Start the game").click()

    for card in ("01", "02"):
        page.locator(f'.current-step button[value="{card}"]').click()
        expect(page.locator(".current-step")).to_contain_text(f"New card {card}")
        enter_section(page)
        expect(page.locator(".current-step")).to_contain_text("Where is your Ship?")
        finish_turns_until_card(page)

    page.locator('.current-step button[value="05"]').click()
    expect(page.locator(".current-step")).to_contain_text("Where is your Ship?")
    expect(page.locator("#card")).to_contain_text("Card 05")

    # the deck learned both new cards
    page.goto(deck_url)
    expect(page.locator(".lead")).to_contain_text("3 of 144 sections")
    learned = page.request.get(deck_url + "/export").json()["cards"]
    assert {card["id"]: card["sides"]["normal"]["sections"] for card in learned} == {
        card: [SECTION, None, None, None] for card in ("01", "02", "05")
    }  # each as it was tapped in: its first of 4 sections, the others yet to turn up


def test_a_deck_exported_then_imported_on_a_fresh_data_folder(
    page: Page, live_server, tmp_path_factory
):
    page.goto(live_server.url + "/library/covenant")
    page.get_by_role("button", name="Create").click()
    page.goto(page.url + "/card/09/hard.0")
    enter_section(page)
    expect(page).to_have_url(re.compile(r"/card/09$"))
    page.goto(live_server.url + "/library/covenant")
    with page.expect_download() as download:
        page.locator(".game-item", has_text="My cards").get_by_role("link", name="Export").click()
    exported = download.value.path()
    assert json.loads(exported.read_text())["cards"][0]["id"] == "09"

    fresh = create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp("fresh"))})
    server = make_server("127.0.0.1", 0, fresh, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{server.server_port}/library/covenant")
        page.locator('input[type="file"][name="file"]').set_input_files(exported)
        page.get_by_role("button", name="Import").click()
        expect(page.locator(".lead")).to_contain_text("1 of 144 sections")
        page.goto(page.url + "/card/09")
        expect(page.locator(".cov-card.side-hard")).to_contain_text("if not in Harbor")
    finally:
        server.shutdown()
        server.server_close()


def test_a_bad_deck_file_is_refused_with_its_message(page: Page, live_server, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "botdeck-deck",
                "version": 1,
                "bot": "covenant",
                "name": "Bad",
                "layout": {"rows": [3, 3, 3, 3]},
                "cards": [
                    {
                        "id": "01",
                        "sides": {
                            "normal": {
                                "sections": [
                                    {
                                        "advancements": [],
                                        "influence": [],
                                        "end": "9.9",
                                        "effects": [],
                                    }
                                ]
                            }
                        },
                    }
                ],
            }
        )
    )
    page.goto(live_server.url + "/library/covenant")
    page.locator('input[type="file"][name="file"]').set_input_files(str(bad))
    page.get_by_role("button", name="Import").click()
    expect(page.locator("main")).to_contain_text("card 01, normal side, section 1, field 'end'")
    expect(page.locator("main")).to_contain_text("Nothing was imported")


def test_a_cards_bottom_icon_is_drawn_at_the_bottom_of_its_centre_line(page: Page, live_server):
    """As printed, and where the steps say it is ("Icon at the bottom of the centre
    line"), even on a section without a top icon (card 13's second section)."""
    page.goto(live_server.url + "/library/covenant/demo/card/13")
    section = page.locator(".card-section").nth(1)
    line = section.locator(".centre-line").bounding_box()
    icon = section.locator(".cond.bottom").bounding_box()
    assert section.locator(".cond.top").count() == 0
    assert line is not None and icon is not None
    assert line["y"] + line["height"] - (icon["y"] + icon["height"]) < 2  # at its foot
    assert icon["y"] - line["y"] > line["height"] / 2  # not its top half
