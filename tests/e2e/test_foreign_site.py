"""A real browser on another site's page: its forms cannot change Botdeck; Botdeck's own
pages run under their Content-Security-Policy without a single violation."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from .taps import demo_deck

pytestmark = pytest.mark.e2e


def attacker_page(target: str, fields: dict[str, str]) -> str:
    inputs = "".join(
        f"<input type='hidden' name='{name}' value='{value}'>" for name, value in fields.items()
    )
    return (
        f"<!doctype html><form id='f' method='post' action='{target}'>{inputs}</form>"
        "<script>document.getElementById('f').submit()</script>"
    )


@pytest.fixture
def other_site() -> Iterator[tuple[str, dict[str, str]]]:
    """Another web server on this machine (another port: same site, another origin),
    serving whatever page the test puts in `pages`."""
    pages: dict[str, str] = {}

    @Request.application
    def serve(request: Request) -> Response:
        return Response(pages.get(request.path, ""), mimetype="text/html")

    server = make_server("127.0.0.1", 0, serve, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", pages
    finally:
        server.shutdown()
        server.server_close()


def make_deck(page: Page, url: str) -> tuple[str, dict]:
    """A deck named "My cards" with one entered section, made in the browser."""
    page.goto(url + "/library/covenant")
    page.get_by_label("Its name").fill("My cards")
    page.get_by_role("button", name="Create").click()
    deck_url = page.url
    section = {
        "advancements": ["1.2"],
        "influence": [],
        "end": "H",
        "top": False,
        "bottom": False,
        "effects": [],
    }
    saved = page.request.post(
        deck_url + "/card/07/normal.0",
        form={"value": json.dumps({"sections": 4, "section": section})},
        headers={"HX-Request": "true"},
    )
    assert saved.status == 204
    exported = page.request.get(deck_url + "/export").json()
    assert len(exported["cards"]) == 1
    return deck_url, exported


def test_another_sites_page_cannot_replace_a_deck_through_the_players_browser(
    page: Page, live_server, other_site
):
    """The audit's attack, in a browser that has the player's device cookie."""
    deck_url, before = make_deck(page, live_server.url)
    evil, pages = other_site
    pages["/"] = attacker_page(
        live_server.url + "/library/covenant/import/resolve",
        {"choice": "replace", "data": json.dumps({**before, "cards": []}).replace("'", "&#39;")},
    )
    target = live_server.url + "/library/covenant/import/resolve"
    with page.expect_response(lambda r: r.url == target) as answered:
        page.goto(evil + "/")
    assert answered.value.status == 403
    expect(page.locator("main")).to_contain_text("came from another web site")
    assert page.request.get(deck_url + "/export").json() == before


def test_botdecks_pages_run_under_their_content_security_policy(browser: Browser, live_server):
    """htmx, the live stream and the page's script work with no inline script allowed."""
    page = browser.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(live_server.url + "/")
    demo_deck(page.locator("form.start-form").first)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#checklist h1")).to_contain_text("turn 1")
    page.locator('#board button.space[data-space="2.2"]').click()
    expect(page.locator(".current-step")).to_contain_text("Pirate mode")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".current-step")).to_contain_text("Where is your Ship?")
    page.goto(live_server.url + "/library/covenant")
    assert violations == []
    page.close()
