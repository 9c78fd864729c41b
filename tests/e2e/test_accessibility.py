"""axe-core on every kind of page, in the light theme and in the dark one: no serious or
critical violation.

One prepared site for the module: a game of each bot some taps in (its play view, and a
watch view, its History), one at its score sheet, a deck and a board of this device's
own. Each page is checked with every rule of axe in the light theme, then switched to
the dark one and checked again with the rules whose outcome depends on the colours
(contrast): the rest (names, roles, structure) is the same markup.
`BOTDECK_AXE_IMPACTS=minor,moderate,serious,critical` lists the lesser findings too, for
a look by hand.
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Browser, BrowserContext, Page, expect
from werkzeug.serving import make_server

from webapp import create_app, games

from ..random_play import new_game, random_answer

pytestmark = pytest.mark.e2e

BLOCKING = tuple(os.environ.get("BOTDECK_AXE_IMPACTS", "serious,critical").split(","))
EVERY_RULE = {
    "resultTypes": ["violations"],
    # axe's experimental rule for a control whose name does not hold what it shows (a
    # board space showing "1.1" named "Row 1, top"): off by default, on here
    "rules": {"label-content-name-mismatch": {"enabled": True}},
}
COLOUR_RULES = {"resultTypes": ["violations"], "runOnly": ["color-contrast", "link-in-text-block"]}
DARK_PAGE = "rgb(21, 25, 30)"  # #15191e, the web app manifest's dark theme colour too
LIGHT_PAGE = "rgb(244, 240, 228)"
# A game of each bot, some taps of a seeded table in: (bot, options, seed, taps). Each stops in
# the bot's turn: the Covenant asks where it builds (the board's spaces as buttons), the
# Solo Enemy is in a battle, Deacon asks where your Ship is (its island buttons) after its
# turn, the Bandits' night asks its dice; then a game at its score sheet.
GAMES = {
    "covenant game": ("covenant", {"difficulty": "normal"}, 3, 34),
    "solo_enemy game": ("solo_enemy", {"you": "humans", "factions": ["orcs"]}, 1, 14),
    "deacon game": ("deacon", {}, 2, 31),
    "bandits game": ("bandits", {"mode": "solo", "bandit_die": 8, "land_tiles": 20}, 1, 25),
    "solo_enemy score sheet": ("solo_enemy", {"you": "humans", "factions": ["orcs"]}, 1, 30),
}


@dataclass
class Site:
    url: str
    paths: dict[str, str] = field(default_factory=dict)


def played(bot_id: str, options: dict[str, Any], seed: int, taps: int) -> dict[str, Any]:
    """A game file of `bot_id` after `taps` answers of a seeded table."""
    game = new_game(bot_id, options, seed)
    rng = random.Random(seed)
    for _ in range(taps):
        game.answer(random_answer(game, rng))
    return game.export()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp("a11y"))})
    paths = {"lobby": "/"}
    with app.app_context():
        for where, (bot_id, options, seed, taps) in GAMES.items():
            game_id = games.import_game(played(bot_id, options, seed, taps), name=where)
            paths[where] = f"/g/{game_id}"
        covenant = paths["covenant game"].removeprefix("/g/")
        paths["covenant watch view"] = f"/w/{games.open_game(covenant).row.watch_id}"
        paths["covenant history"] = f"/g/{covenant}/history"
        version = games.open_game(covenant).version
        paths["undo back to here"] = f"/g/{covenant}/undo-to?to=1&version={version}"
    paths |= {
        "card library": "/library/covenant",
        "data": "/data",
        "error": "/g/no-such-game",
    }
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}", paths)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def tablet(browser: Browser, site: Site) -> Iterator[BrowserContext]:
    """A tablet with axe in every page, and a deck and a board of its own (a device sees
    only its own; made with its cookie): the deck, a part's quick entry, the board editor."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(AXE_SCRIPT)
    made = context.request.post(site.url + "/library/covenant/new", form={"name": "My cards"})
    site.paths["covenant deck"] = made.url.removeprefix(site.url)
    site.paths["covenant quick entry"] = site.paths["covenant deck"] + "/card/01/normal.0"
    made = context.request.post(site.url + "/library/deacon/boards/new", form={"name": "Ours"})
    site.paths["deacon board editor"] = made.url.removeprefix(site.url)
    # a game of its own to delete, one to be asked about, and another device's to leave
    for name in ("Kept", "Gone"):
        made = context.request.post(site.url + "/games", form={"bot": "covenant", "name": name})
        site.paths[f"game {name}"] = made.url.removeprefix(site.url)
    site.paths["delete confirm"] = site.paths.pop("game Kept") + "/delete"
    site.paths["leave confirm"] = site.paths["covenant game"] + "/leave"
    gone = site.paths.pop("game Gone")
    made = context.request.post(site.url + gone + "/delete")
    site.paths["lobby, just deleted"] = made.url.removeprefix(site.url)
    site.paths["error: a deleted game"] = gone
    yield context
    context.close()


def violations(page: Page, where: str, options: dict[str, Any]) -> list[str]:
    """axe's findings on the page at the `BLOCKING` impacts, each element readably."""
    found = page.evaluate("options => axe.run(document, options)", options)["violations"]
    return [
        f"{where}: {rule['id']} ({rule['impact']}) {' '.join(map(str, node['target']))}\n"
        f"    {node['html'][:160]}\n"
        f"    {node.get('failureSummary', '').replace(chr(10), ' ')[:300]}"
        for rule in found
        if rule["impact"] in BLOCKING
        for node in rule["nodes"]
    ]


def test_every_page_type_has_no_serious_accessibility_violation_in_either_theme(
    tablet: BrowserContext, site: Site
) -> None:
    """Each page as the server sends it in the light theme, with every rule; then the same
    page switched to the dark theme (what the theme cookie changes: `data-theme`), with
    the rules that depend on the colours."""
    tablet.add_cookies([{"name": "botdeck_theme", "value": "light", "url": site.url}])
    page = tablet.new_page()
    found: list[str] = []
    for where, path in site.paths.items():
        response = page.goto(site.url + path)
        assert response is not None and response.ok == (not where.startswith("error")), where
        found += violations(page, f"light · {where} ({path})", EVERY_RULE)
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
        expect(page.locator("body")).to_have_css("background-color", DARK_PAGE)
        found += violations(page, f"dark · {where} ({path})", COLOUR_RULES)
    page.close()
    assert not found, f"{len(found)} accessibility violations:\n" + "\n".join(found)


def test_the_theme_follows_the_system_unless_this_device_chose_one(
    tablet: BrowserContext, site: Site
) -> None:
    page = tablet.new_page()
    page.emulate_media(color_scheme="dark")
    for chosen, background in (("auto", DARK_PAGE), ("light", LIGHT_PAGE), ("dark", DARK_PAGE)):
        tablet.add_cookies([{"name": "botdeck_theme", "value": chosen, "url": site.url}])
        page.goto(site.url + "/")
        expect(page.locator("body")).to_have_css("background-color", background)
    page.emulate_media(color_scheme="light")
    page.reload()
    expect(page.locator("body")).to_have_css("background-color", DARK_PAGE)  # chosen: dark
    page.close()


def test_a_theme_chosen_on_a_game_page_takes_at_once_and_keeps_a_half_typed_entry(
    tablet: BrowserContext, site: Site
) -> None:
    page = tablet.new_page()
    tablet.add_cookies([{"name": "botdeck_theme", "value": "light", "url": site.url}])
    page.goto(site.url + site.paths["covenant game"])
    page.evaluate("window.__samePage = true")
    page.locator(".theme-menu summary").click()
    page.locator('a[data-theme-choice="dark"]').click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("body")).to_have_css("background-color", DARK_PAGE)
    expect(page.locator('a[data-theme-choice="dark"]')).to_have_attribute("aria-current", "true")
    assert page.evaluate("window.__samePage") is True  # no reload: nothing typed is lost
    bars = 'meta[name="theme-color"][media="all"]'  # the browser bar's colour follows
    expect(page.locator(bars)).to_have_attribute("content", "#15191e")
    page.reload()  # remembered: the cookie was set
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.close()
