"""A game ready to play, for the web tests (the app and client come from tests/conftest.py)."""

from __future__ import annotations

import html
import json
import re

import pytest

from webapp.service import games

from ..engine.decks import deck, section

TEST_SECTION = section(
    advancements=["1.2"],
    influence=[{"space": "2.2", "cubes": 2}],
    end="2.2",
    effects=[{"type": "coins", "amount": 3}, {"type": "attack", "bonus": 1}],
)
HTMX = {"HX-Request": "true"}


@pytest.fixture
def game_id(app) -> str:
    with app.app_context():
        return games.create_game(
            "covenant", {"difficulty": "normal"}, name="Test game", deck=deck(TEST_SECTION), seed=3
        )


def version_of(html: str) -> int:
    return int(re.search(r'name="version" value="(\d+)"', html).group(1))


def new_game(client, data: dict) -> str:
    """A game started from the lobby's form; its id."""
    response = client.post("/games", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def open_link(client, address: str, **kwargs):
    """A game's link opened as a browser opens it: the page, then the request its page
    sends once loaded to put the game in the device's list (its `#join` element)."""
    response = client.get(address, **kwargs)
    asked = re.search(r'<div id="join" hidden hx-post="([^"]+)"', response.get_data(as_text=True))
    if asked is not None:
        headers = {**kwargs.get("headers", {}), **HTMX}
        joined = client.post(html.unescape(asked.group(1)), headers=headers)
        assert joined.status_code == 200, joined.status_code
    return response


def page(client, game_id: str) -> str:
    """The game page as a player reads it (entities unescaped)."""
    return html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))


def step_title(shown: str) -> str:
    """The current step's title, as text."""
    found = re.search(r'<h2 class="step-title">(.*?)</h2>', shown, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)).strip() if found else ""


def answer(client, game_id: str, data: dict, status: int | None = 200):
    """A form sent to the current step at the page's version; its status checked."""
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    response = client.post(f"/g/{game_id}/answer", data={"version": version, **data}, headers=HTMX)
    if status is not None:
        assert response.status_code == status, response.get_data(as_text=True)
    return response


def tap(client, game_id: str, value, version: int | None = None):
    if version is None:
        version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    return client.post(
        f"/g/{game_id}/answer", data={"version": version, "value": value}, headers=HTMX
    )


# A device cookie of the tests' own, for clients that must own what a fixture made in
# the app context (decks belong to the device that made them).
OWNER = "tests-own-device-0001"


def owner_client(app):
    client = app.test_client()
    client.set_cookie("botdeck_device", OWNER)
    return client


def seen(opened: games.OpenGame) -> str:
    """What a table sees of an open game, and what Undo and Redo would do next."""
    game = opened.game
    pending = game.pending()
    return json.dumps(
        {
            "version": opened.version,
            "actions": len(game.actions),
            "state": game.bot.state_to_json(game.state),
            "deck": game.deck,
            "open": game.checklist.to_json() if game.checklist else None,
            "pending": None if pending is None else str(pending.title),
            "undo": str(opened.last_summary()),
            "redo": str(opened.next_redo()),
        },
        default=str,
        sort_keys=True,
    )
