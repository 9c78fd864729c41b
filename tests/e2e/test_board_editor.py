"""Copying a printed board by taps in a real Chromium: three islands, the routes of a
triangle with their energy icons, and the sector they enclose with its sharks."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def tap(page: Page, selector: str) -> None:
    """One tap, then wait until htmx has swapped the editor's answer in."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def test_a_triangle_of_islands_with_its_sector_is_built_by_taps(page: Page, live_server):
    page.goto(live_server.url + "/library/deacon/boards")
    page.locator("input[name=name]").fill("Kitchen table")
    page.get_by_role("button", name="Create").click()
    expect(page.locator(".editor-hint")).to_contain_text("it becomes island 1")

    for spot in ("125,125", "425,125", "275,375"):
        tap(page, f'.tap-grid button[value="{spot}"]')
    expect(page.locator(".editor-drawing .island")).to_have_count(3)
    expect(page.locator(".editor-problems")).to_contain_text("Island 3 has no route.")

    tap(page, ".editor-mode:text-is('Routes')")
    for a, b, cost in ((1, 2, "1"), (2, 3, "2"), (3, 1, "0")):
        tap(page, f'.tap-island[aria-label="Island {a}"]')
        tap(page, f'.tap-island[aria-label="Island {b}"]')
        tap(page, f".editor-choice:text-is('{cost}')")
    expect(page.locator(".editor-drawing .route")).to_have_count(3)
    expect(page.locator(".editor-drawing .pip")).to_have_count(3)  # 1 + 2 + 0 icons
    expect(page.locator(".editor-problems")).not_to_contain_text("has no route")

    tap(page, ".editor-mode:text-is('Sectors')")
    for route in ("Route 1–2", "Route 2–3", "Route 1–3"):
        tap(page, f'.tap-route[aria-label="{route}"]')
    expect(page.locator(".editor-hint")).to_contain_text("These 3 routes make a closed loop")
    tap(page, ".editor-choice:text-is('2')")
    tap(page, ".button:has-text('Save sector')")
    expect(page.locator(".editor-drawing .sector-name")).to_have_text("A")
    expect(page.locator(".editor-drawing .fin")).to_have_count(2)
    expect(page.locator(".editor-check")).to_contain_text("Complete")

    with page.expect_download() as download:
        page.get_by_role("link", name="Export").click()
    saved = json.loads(download.value.path().read_text())
    assert {(r["a"], r["b"], r["cost"]) for r in saved["routes"]} == {
        (1, 2, 1),
        (2, 3, 2),
        (1, 3, 0),
    }
    assert saved["sectors"] == [{"id": "A", "routes": [[1, 2], [2, 3], [1, 3]], "sharks": 2}]

    tap(page, ".editor-undo")  # the sector goes again
    expect(page.locator(".editor-drawing .sector-name")).to_have_count(0)
