"""A page loads its own bot's stylesheet and icons and no other bot's: the lobby and the
pages of no bot load none (the lobby's form brings the chosen bot's), a bot's library,
copy and boards pages load that bot's. Every icon a page uses is drawn in it, once."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from .page_assets import BOTS, assert_own_assets


def shown(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.get_data(as_text=True)


def first_link(page: str, prefix: str) -> str | None:
    """The first page (not a download, nor a deletion) the page links under `prefix`."""
    for found in re.findall(rf'href="({re.escape(prefix)}[^"#?]*)"', page):
        if not found.endswith(("/export", "/delete")):
            return html.unescape(found)
    return None


@pytest.mark.parametrize("url", ["/data", "/library"])
def test_a_page_of_no_bot_loads_no_bots_stylesheet(client, url):
    assert_own_assets(shown(client, url), None)


@pytest.mark.parametrize("bot_id", BOTS)
def test_the_lobby_loads_the_chosen_bots_stylesheet_with_its_form_alone(client, bot_id):
    page = shown(client, f"/?bot={bot_id}")
    assert_own_assets(page, bot_id)
    new_game = page[
        page.index('id="new-game"') : page.index("</section>", page.index('id="new-game"'))
    ]
    assert f"/bots/{bot_id}/static/" in new_game  # a tile swaps this panel: it comes with it
    for other in BOTS:  # every bot's tile shows its icon
        assert f'href="/?bot={other}"' in page


@pytest.mark.parametrize("bot_id", BOTS)
def test_every_library_page_of_a_bot_loads_its_stylesheet_alone(client, bot_id):
    cards = client.get(f"/library/{bot_id}")  # (a bot without cards has no deck library)
    library = cards.get_data(as_text=True) if cards.status_code == 200 else ""
    urls = [f"/library/{bot_id}/copy", *([f"/library/{bot_id}"] if library else [])]
    for prefix in (f"/library/{bot_id}/demo", f"/library/{bot_id}/boards"):
        found = first_link(library, prefix)
        if found:
            urls.append(found)
    copy = shown(client, f"/library/{bot_id}/copy")
    part = first_link(copy, f"/library/{bot_id}/copy/part/")
    if part:
        urls.append(part)
    for url in list(urls):
        page = shown(client, url)
        for prefix in (f"/library/{bot_id}/demo/card/", f"/library/{bot_id}/boards/"):
            found = first_link(page, prefix)
            if found:
                urls.append(found)
    assert len(urls) >= 2, urls
    for url in dict.fromkeys(urls):
        try:
            assert_own_assets(shown(client, url), bot_id)
        except AssertionError as error:
            raise AssertionError(f"{url}: {error}") from None


ROOT = Path(__file__).resolve().parents[2]
# What a game's table can draw: its templates (its page's, the questions', the shared
# parts and each bot's but its library, editor and lobby options), the scripts that add
# classes, and the Python that writes class names into views.
TABLE_SOURCES = [
    ROOT / "templates/base.html",
    *ROOT.glob("templates/_*.html"),
    ROOT / "templates/game/page.html",
    *ROOT.glob("templates/game/_*.html"),
    *ROOT.glob("templates/questions/*.html"),
    *(
        path
        for path in ROOT.glob("webapp/bots/*/templates/*/*.html")
        if not re.search(r"library|editor|_options", path.name)
    ),
    ROOT / "static/botdeck.js",
    *ROOT.glob("webapp/**/*.py"),
]


def rules(css: str) -> list[str]:
    """The selectors of every rule in `css`, those inside @media blocks included."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [
        selector.strip()
        for selector in re.findall(r"([^{}@;]+)\{[^{}]*\}", css)
        if not selector.strip().startswith(("from", "to"))
    ]


def test_no_rule_of_the_pages_stylesheet_can_match_on_a_games_table():
    """pages.css is left out of a game's page: each of its selectors names a class or id
    that nothing a game's table draws carries (classes htmx adds while a request runs,
    and those numbered in a template, `owner-{{ n }}`, count as drawn)."""
    words = set()
    for path in TABLE_SOURCES:
        words |= set(re.findall(r"[\w-]+", path.read_text()))

    def drawn(name: str) -> bool:
        return name in words or name.startswith("htmx-") or name.rstrip("0123456789") in words

    selectors = rules((ROOT / "static/pages.css").read_text())
    assert len(selectors) > 50, selectors
    for selector in selectors:
        for part in selector.split(","):
            plain = re.sub(r":(not|has)\((?:[^()]|\([^()]*\))*\)|\[[^\]]*\]", "", part)
            names = re.findall(r"[.#]([\w-]+)", plain)
            assert not all(drawn(name) for name in names), f"{part.strip()!r} can match"


def test_a_games_table_loads_the_apps_stylesheet_without_the_pages_one(client, game_id):
    page = shown(client, f"/g/{game_id}")
    sheets = re.findall(r'<link rel="stylesheet" href="/static/(\w+)\.css', page)
    assert "botdeck" in sheets and "pages" not in sheets, sheets
    for url in ("/", "/library", "/data", f"/g/{game_id}/history"):
        sheets = re.findall(r'<link rel="stylesheet" href="/static/(\w+)\.css', shown(client, url))
        assert sheets[:2] == ["botdeck", "pages"], (url, sheets)
