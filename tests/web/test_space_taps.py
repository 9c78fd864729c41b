"""A space question answered on the board only (a map too big to list), with buttons
of its own under the question; the board's tap targets answer it."""

from __future__ import annotations

import html

import pytest

from webapp.engine import msg
from webapp.engine.questions import choice, space
from webapp.service import games

from ..conftest import question_game
from .conftest import tap

NIGHT = choice("night", msg("Night falls"), primary=True)


@pytest.fixture
def unlisted_game(app, monkeypatch) -> str:
    """A Covenant game whose first step asks two Ocean spaces, tapped on the board only."""
    question = space(msg("Tap a tile"), ["2.2", "1.1"], listed=False, choices=(NIGHT,))
    return question_game(app, monkeypatch, question)


def test_an_unlisted_space_has_no_space_buttons_but_its_own_and_the_board_taps(
    client, unlisted_game
):
    shown = html.unescape(client.get(f"/g/{unlisted_game}").get_data(as_text=True))
    assert "space-button" not in shown
    assert "Tap the place on the board." in shown
    assert "Tap the space on the board, or choose it here." not in shown
    assert 'name="value" value="night"' in shown and "Night falls" in shown
    assert shown.count('<button type="button" class="board-tap space') == 2
    assert '"value": "2.2"' in shown and '"value": "1.1"' in shown


def test_a_board_tap_answers_it_and_a_space_not_offered_is_refused(client, app, unlisted_game):
    refused = tap(client, unlisted_game, "3.3")
    assert refused.status_code == 422 and "not one of the board spaces" in refused.text
    assert tap(client, unlisted_game, "2.2").status_code == 200
    with app.app_context():
        assert games.open_game(unlisted_game).game.actions == [{"answer": "2.2"}]


def test_its_own_button_answers_it(client, unlisted_game):
    night = tap(client, unlisted_game, "night")
    assert night.status_code == 200 and "Night falls" in html.unescape(night.text)


def test_a_listed_space_still_lists_its_spaces(client, app, monkeypatch):
    game_id = question_game(app, monkeypatch, space(msg("Tap a tile"), ["2.2", "1.1"]))
    shown = html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert shown.count('class="button space-button"') == 2
    assert "Tap the space on the board, or choose it here." in shown
