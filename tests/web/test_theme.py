"""Light or dark: the system's choice unless this device chose one, said by the server
before the first paint, switched by a plain link, the same on every page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import HTMX, tap

ROOT = Path(__file__).resolve().parents[2]
STYLESHEETS = [
    ROOT / "static/botdeck.css",
    ROOT / "static/pages.css",
    *sorted(ROOT.glob("webapp/bots/*/static/*.css")),
]
FORCED_DARK = re.compile(r'^:root\[data-theme="dark"\] \{(.*?)^\}', re.S | re.M)
SYSTEM_DARK = re.compile(
    r'^@media \(prefers-color-scheme: dark\) \{\s*:root\[data-theme="auto"\] \{(.*?)\}', re.S | re.M
)


def head(html: str) -> tuple[str, str]:
    """The page's `data-theme` and its `<meta name="color-scheme">`."""
    theme = re.search(r'<html [^>]*data-theme="(\w+)"', html)
    scheme = re.search(r'<meta name="color-scheme" content="([^"]+)">', html)
    assert theme and scheme, html[:600]
    return theme.group(1), scheme.group(1)


def test_a_new_device_follows_the_system_light_or_dark(client, game_id):
    assert head(client.get("/").get_data(as_text=True)) == ("auto", "light dark")
    assert head(client.get(f"/g/{game_id}").get_data(as_text=True)) == ("auto", "light dark")


@pytest.mark.parametrize(("choice", "scheme"), [("light", "light"), ("dark", "dark")])
def test_the_theme_chosen_is_remembered_and_in_the_first_paint(client, game_id, choice, scheme):
    response = client.get(f"/theme/{choice}?next=/g/{game_id}/history")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/g/{game_id}/history"
    assert f"botdeck_theme={choice}" in response.headers["Set-Cookie"]
    for path in ("/", f"/g/{game_id}", f"/g/{game_id}/history", "/data", "/library/covenant"):
        assert head(client.get(path).get_data(as_text=True)) == (choice, scheme), path
    assert head(client.get("/g/no-such-game").get_data(as_text=True)) == (choice, scheme)


def test_the_switch_is_on_every_page_with_the_current_choice_marked(client, game_id):
    client.get("/theme/dark?next=/")
    html = client.get(f"/g/{game_id}").get_data(as_text=True)
    start = html.index('class="menu theme-menu"')
    menu = html[start : html.index("</details>", start)]
    links = re.findall(
        r'<a class="button quiet( current)?" data-theme-choice="\w+"\s+href="([^"]+)"', menu
    )
    assert [href for _, href in links] == [
        f"/theme/{choice}?next=/g/{game_id}" for choice in ("auto", "light", "dark")
    ]
    assert [bool(current) for current, _ in links] == [False, False, True]
    assert menu.count('aria-current="true"') == 1 and 'href="#i-theme-dark"' in menu


def test_the_switch_is_in_french_too(client):
    client.set_cookie("botdeck_lang", "fr")
    html = client.get("/").get_data(as_text=True)
    for words in ("Thème", "Comme le système", "Clair", "Sombre"):
        assert words in html


def test_a_fragment_carries_no_colour_the_page_gives_it(client, game_id):
    client.get("/theme/dark?next=/")
    answer = tap(client, game_id, "2.2").get_data(as_text=True)
    assert "data-theme" not in answer and "color-scheme" not in answer


def test_an_unknown_theme_changes_nothing_and_never_leaves_the_site(client):
    client.get("/theme/dark?next=/")
    response = client.get("/theme/purple?next=https://elsewhere.example/")
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert "Set-Cookie" not in response.headers
    assert head(client.get("/").get_data(as_text=True)) == ("dark", "dark")
    client.set_cookie("botdeck_theme", "<script>")
    assert head(client.get("/", headers=HTMX).get_data(as_text=True)) == ("auto", "light dark")


@pytest.mark.parametrize("stylesheet", STYLESHEETS, ids=lambda path: path.name)
def test_a_stylesheets_dark_colours_are_the_same_chosen_or_from_the_system(stylesheet):
    """The dark colours are written twice in a stylesheet (a device's choice; the system's
    when the device follows it): both blocks must hold the same values."""
    css = stylesheet.read_text()
    forced, system = FORCED_DARK.findall(css), SYSTEM_DARK.findall(css)
    assert len(forced) == len(system) <= 1, stylesheet
    assert forced or stylesheet.name != "botdeck.css"
    if forced:

        def values(block: str) -> list[str]:
            return sorted(" ".join(line.split()) for line in block.strip().splitlines())

        assert values(forced[0]) == values(system[0])
        assert "--paper: #15191e;" in forced[0] or stylesheet.name != "botdeck.css"
