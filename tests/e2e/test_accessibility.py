"""axe-core on every kind of page, at the three sizes a table uses (tablet either way up,
phone) and in the light theme and the dark one: no serious or critical violation.

One prepared site for the module: each bot's game at the first step of every kind of
question it asks (a form, a space on the board, a number, dice…), a game of each some
taps into the bot's turn, games at their score sheet; a watch view, a History, the share
panel open; each library's decks, a card, its quick entry, the board editor; the data
page and a backup's restore page; the confirm pages (delete, leave); the error pages and
the repair page of a game Botdeck cannot rebuild. At each size every page is checked
with every rule of axe in the light theme, then switched to the dark one and checked
again with the rules whose outcome depends on the colours (contrast): the rest (names,
roles, structure) is the same markup.
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

from webapp import create_app
from webapp.service import games
from webapp.storage import db

from ..engine.helpers import finished_covenant_game
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
BACKGROUNDS = {"light": LIGHT_PAGE, "dark": DARK_PAGE}
# The sizes the table uses: a tablet on its side, the same upright, a phone. The phone
# hides the top bar's words behind its icons and swaps board and steps under tabs.
SIZES = {
    "tablet 1024x768": {"width": 1024, "height": 768},
    "tablet upright 768x1024": {"width": 768, "height": 1024},
    "phone 390x844": {"width": 390, "height": 844},
}
# A game of each bot, some taps of a seeded table in: (bot, options, seed, taps). Each stops in
# the bot's turn: the Covenant asks where it builds (the board's spaces as buttons), the
# Solo Enemy is in a battle, Deacon asks where your Ship is (its island buttons) after its
# turn, the Bandits' night asks its dice.
GAMES = {
    "covenant game": ("covenant", {"difficulty": "normal"}, 3, 34),
    "solo_enemy game": ("solo_enemy", {"you": "humans", "factions": ["orcs"]}, 1, 14),
    "deacon game": ("deacon", {}, 2, 31),
    "bandits game": ("bandits", {"mode": "solo", "bandit_die": 8, "land_tiles": 20}, 1, 25),
}
# A seeded game of each bot played on until it has asked every kind of question it asks
# (the Covenant with the players' own deck: its quick entry; the Bandits: the Score
# Board's form and the map's spaces); the first step of each kind is checked, and the
# score sheet of the games that end by then.
EVERY_KIND = {
    "covenant": ({"difficulty": "expert", "deck_mode": "physical"}, 1, 60),
    "solo_enemy": ({"you": "humans", "factions": ["orcs"]}, 1, 40),
    "deacon": ({}, 1, 120),
    "bandits": ({"mode": "solo", "bandit_die": 8, "land_tiles": 20}, 1, 120),
}
LIBRARIES = ("covenant", "solo_enemy", "deacon")  # the bots that play cards


@dataclass(frozen=True)
class Visit:
    """A page to check: its address, the test that checks it (a bot's game pages, or the
    other pages: about as many of each), the status it answers with, and a menu of it to
    open first (its panel's content loaded) when the menu is what is checked."""

    path: str
    group: str = "other pages"
    status: int = 200
    menu: str | None = None


@dataclass
class Site:
    url: str
    visits: dict[str, Visit] = field(default_factory=dict)


def played(bot_id: str, options: dict[str, Any], seed: int, taps: int) -> dict[str, Any]:
    """A game file of `bot_id` after `taps` answers of a seeded table."""
    game = new_game(bot_id, options, seed)
    rng = random.Random(seed)
    for _ in range(taps):
        game.answer(random_answer(game, rng))
    return game.export()


def every_kind_of_step(bot_id: str) -> dict[str, dict[str, Any]]:
    """A game file at the first step of each kind of question the bot asks in a seeded
    game (and at its end, if it ends), by the question's template."""
    options, seed, taps = EVERY_KIND[bot_id]
    game = new_game(bot_id, options, seed)
    rng = random.Random(seed)
    found: dict[str, dict[str, Any]] = {}
    for _ in range(taps):
        pending = game.pending()
        if pending is None:
            found["score sheet"] = game.export()
            break
        kind = f"{pending.question.kind} step ({pending.step.kind})"
        if not any(seen.startswith(f"{pending.question.kind} ") for seen in found):
            found[kind] = game.export()
        game.answer(random_answer(game, rng))
    return found


def unreadable(game_id: str) -> None:
    """A last tap that no longer replays (as after a bug in a new Botdeck): the game
    opens on its repair page."""
    opened = games.open_game(game_id)
    db.append_event(
        game_id,
        expected_version=opened.version,
        event=db.NewEvent("action", {"answer": "no such answer"}, {}, len(opened.game.actions) + 1),
        game_summary={},
        device="a11y",
        now=db.now(),
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp("a11y"))})
    visits = {"lobby": Visit("/")}
    with app.app_context():
        for where, (bot_id, options, seed, taps) in GAMES.items():
            game_id = games.import_game(played(bot_id, options, seed, taps), name=where)
            visits[where] = Visit(f"/g/{game_id}", bot_id)
        for bot_id in EVERY_KIND:
            for kind, data in every_kind_of_step(bot_id).items():
                game_id = games.import_game(data, name=f"{bot_id} · {kind}")
                visits[f"{bot_id} · {kind}"] = Visit(f"/g/{game_id}", bot_id)
        covenant = visits["covenant game"].path.removeprefix("/g/")
        watch = f"/w/{games.open_game(covenant).row.watch_id}"
        visits |= {
            "covenant watch view": Visit(watch, "covenant"),
            "leave a watched game": Visit(f"{watch}/leave", "covenant"),
            "covenant history": Visit(f"/g/{covenant}/history", "covenant"),
            "undo back to here": Visit(
                f"/g/{covenant}/undo-to?to=1&version={games.open_game(covenant).version}",
                "covenant",
            ),
            "share panel open": Visit(f"/g/{covenant}", "covenant", menu=".share-menu"),
            "theme menu open": Visit(f"/g/{covenant}", "covenant", menu=".theme-menu"),
            "device menu open": Visit(f"/g/{covenant}", "covenant", menu=".device-menu"),
        }
        over = games.import_game(finished_covenant_game().export(), name="Finished")
        visits["covenant game over"] = Visit(f"/g/{over}", "covenant")
        broken = games.import_game(played("covenant", {"difficulty": "normal"}, 3, 4), name="B")
        unreadable(broken)
        visits["repair page"] = Visit(f"/g/{broken}", "covenant", status=500)
    visits |= {
        "data": Visit("/data"),
        "error: no such page": Visit("/g/no-such-game", status=404),
        "error: the demo deck is read-only": Visit("/library/covenant/demo/card/01/x", status=405),
    }
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}", visits)
    finally:
        server.shutdown()
        server.server_close()


def first_link(context: BrowserContext, url: str, starting: str) -> str:
    """The first link on the page at `url` whose address starts with `starting`."""
    page = context.new_page()
    page.goto(url)
    href = page.locator(f'main a[href^="{starting}"]').first.get_attribute("href")
    page.close()
    assert href is not None, f"no link to {starting}… on {url}"
    return href


def own_pages(context: BrowserContext, site: Site) -> dict[str, Visit]:
    """What a device sees only of its own (made with its cookie): each library's decks,
    one of its cards and that card's quick entry, a board and its editor, a backup's
    restore page, and the confirm pages of a game it can delete or leave."""
    visits: dict[str, Visit] = {}
    for bot_id in LIBRARIES:
        library = f"/library/{bot_id}"
        made = context.request.post(site.url + library + "/new", form={"name": "My cards"})
        deck = made.url.removeprefix(site.url)
        card = first_link(context, site.url + deck, deck + "/card/")
        visits |= {
            f"{bot_id} card library": Visit(library),
            f"{bot_id} demo deck": Visit(library + "/demo"),
            f"{bot_id} own deck": Visit(deck),
            f"{bot_id} card": Visit(card),
            f"{bot_id} quick entry": Visit(first_link(context, site.url + card, card + "/")),
        }
    visits["delete a deck"] = Visit(visits["covenant own deck"].path + "/delete")
    made = context.request.post(site.url + "/library/deacon/boards/new", form={"name": "Ours"})
    board = made.url.removeprefix(site.url)
    visits |= {
        "deacon boards": Visit("/library/deacon/boards"),
        "deacon board editor": Visit(board),
        "delete a board": Visit(board + "/delete"),
    }
    # a finished game this device played (its page asks to join it), for its record
    over = site.visits["covenant game over"].path
    assert context.request.get(site.url + over).ok
    assert context.request.post(site.url + over + "/join").ok
    assert "pygal-chart" in context.request.get(site.url + "/record").text()  # its charts
    visits["your record"] = Visit("/record")
    made = context.request.post(site.url + "/data/backup")
    assert made.ok
    visits["restore a backup"] = Visit(first_link(context, site.url + "/data", "/data/backups/"))
    # a game of its own to delete, one to be asked about, and another device's to leave
    for name in ("Kept", "Gone"):
        made = context.request.post(site.url + "/games", form={"bot": "covenant", "name": name})
        visits[name] = Visit(made.url.removeprefix(site.url))
    visits["delete confirm"] = Visit(visits.pop("Kept").path + "/delete")
    visits["leave confirm"] = Visit(site.visits["covenant game"].path + "/leave")
    gone = visits.pop("Gone").path
    made = context.request.post(site.url + gone + "/delete")
    visits["lobby, just deleted"] = Visit(made.url.removeprefix(site.url))
    visits["error: a deleted game"] = Visit(gone, status=404)
    return visits


@pytest.fixture(scope="module")
def tablet(browser: Browser, site: Site) -> Iterator[BrowserContext]:
    """A device with axe in every page, and the pages of its own (`own_pages`)."""
    context = browser.new_context(viewport=SIZES["tablet 1024x768"])
    context.add_init_script(AXE_SCRIPT)
    site.visits |= own_pages(context, site)
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


def open_menu(page: Page, menu: str) -> None:
    """Open a top bar menu as a tap does, and wait for what it loads (the share links)."""
    page.locator(f"{menu} summary").click()
    expect(page.locator(f"{menu} .menu-panel")).to_be_visible()
    if menu == ".share-menu":
        expect(page.locator(".share-panel .share-links")).to_be_visible()


@pytest.mark.parametrize("group", [*EVERY_KIND, "other pages"])
def test_every_page_type_has_no_serious_accessibility_violation_at_every_size_and_theme(
    tablet: BrowserContext, site: Site, group: str
) -> None:
    """Each page as the server sends it, at each size (nothing on a page depends on its
    size but the CSS: the page is loaded once and resized): in the light theme with every
    rule, then switched to the dark one (what the theme cookie changes: `data-theme`)
    with the rules that depend on the colours."""
    tablet.add_cookies([{"name": "botdeck_theme", "value": "light", "url": site.url}])
    page = tablet.new_page()
    found: list[str] = []
    for where, visit in site.visits.items():
        if visit.group != group:
            continue
        page.set_viewport_size(SIZES["tablet 1024x768"])
        response = page.goto(site.url + visit.path)
        assert response is not None and response.status == visit.status, where
        if visit.menu:
            open_menu(page, visit.menu)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            for theme, options in (("light", EVERY_RULE), ("dark", COLOUR_RULES)):
                page.evaluate("theme => { document.documentElement.dataset.theme = theme }", theme)
                expect(page.locator("body")).to_have_css("background-color", BACKGROUNDS[theme])
                found += violations(page, f"{size} · {theme} · {where} ({visit.path})", options)
    page.close()
    assert not found, f"{len(found)} accessibility violations:\n" + "\n".join(found)


def test_the_site_holds_every_kind_of_page_and_question(site: Site, tablet: BrowserContext) -> None:
    """What the check above covers, said once: no kind of question of any bot left out."""
    kinds = {"confirm", "yesno", "number", "choice", "space", "entry", "dice", "fields"}
    asked = {where.split(" · ")[1].split(" ")[0] for where in site.visits if " step (" in where}
    assert asked == kinds
    for bot_id in EVERY_KIND:
        assert sum(where.startswith(f"{bot_id} · ") for where in site.visits) >= 5, bot_id
    assert {
        "covenant · score sheet",
        "solo_enemy · score sheet",
        "repair page",
        "share panel open",
        "deacon board editor",
        "restore a backup",
    } <= set(site.visits)


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
    page.goto(site.url + site.visits["covenant game"].path)
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
