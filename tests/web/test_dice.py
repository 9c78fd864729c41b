"""The dice question on the game page: Roll for me, or the faces the table rolled."""

from __future__ import annotations

import html
import re

import pytest

from ..conftest import dice_game as ask_dice
from .conftest import HTMX, version_of


@pytest.fixture
def dice_game(app, monkeypatch) -> str:
    """A game whose first step asks a d6 and a d8."""
    return ask_dice(app, monkeypatch, 6, 8)


def test_the_page_offers_roll_for_me_and_each_dies_faces(client, dice_game):
    page = html.unescape(client.get(f"/g/{dice_game}").get_data(as_text=True))
    assert "Roll them" in page and "Roll for me" in page
    assert 'class="die"' in page and ">d6<" in page and ">d8<" in page
    assert len(re.findall(r'name="entry\.0"', page)) == 6
    assert len(re.findall(r'name="entry\.1"', page)) == 8


def test_roll_for_me_answers_with_the_games_dice(client, dice_game):
    version = version_of(client.get(f"/g/{dice_game}").get_data(as_text=True))
    response = client.post(
        f"/g/{dice_game}/answer", data={"version": version, "value": "roll"}, headers=HTMX
    )
    assert response.status_code == 200
    assert re.search(r"rolled [1-6] · [1-8]", html.unescape(response.text))


def test_the_tables_own_roll_is_taken_and_a_face_the_die_lacks_refused(client, dice_game):
    version = version_of(client.get(f"/g/{dice_game}").get_data(as_text=True))
    refused = client.post(
        f"/g/{dice_game}/answer",
        data={"version": version, "entry.0": "7", "entry.1": "2"},
        headers=HTMX,
    )
    assert refused.status_code == 422 and "a d6 shows 1 to 6" in refused.text
    taken = client.post(
        f"/g/{dice_game}/answer",
        data={"version": version, "entry.0": "6", "entry.1": "8"},
        headers=HTMX,
    )
    assert taken.status_code == 200 and "rolled 6 · 8" in html.unescape(taken.text)
