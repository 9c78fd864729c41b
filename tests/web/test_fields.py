"""A small form on the game page (a Fields question): its inputs, its answer sent as
`entry.<name>` fields, a value that does not fit refused, and a kept form's values
offered again in the owner's next game."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from webapp.engine import CopyPart, CopyParts, Field, get_bot, msg
from webapp.engine.questions import Choice, fields
from webapp.service import games

from ..conftest import question_game
from .conftest import answer, page

TILE = fields(
    msg("A tile revealed"),
    Field(
        "type",
        msg("Tile type"),
        "choice",
        choices=(Choice("town", msg("Town")), Choice("mine", msg("Mine"))),
    ),
    Field("stars", msg("Red stars"), "number", minimum=0, maximum=3, default=1),
    Field("camp", msg("A camp"), "yesno"),
    submit=msg("Reveal it"),
    choices=(Choice("cancel", msg("Cancel")),),
    describe=lambda value: msg("a {type} with {stars} stars", **value),
    draft={"kind": "tile"},
)


TILE_KEY = "form:tile"


class TileCopy(CopyParts):
    """A copy of the game whose one printed part is the tile form: a kept form with a
    button of its own (*Cancel*) besides its fields."""

    def parts(self, options: Any = None, entered: Any = ()) -> list[CopyPart]:
        return [CopyPart(TILE_KEY, msg("A tile"), TILE)]

    def kept_key(self, draft: Any) -> str | None:
        return TILE_KEY if draft == TILE.draft else None


@pytest.fixture
def tile_copy(monkeypatch) -> None:
    """The Covenant's copy of the game is `TileCopy`."""
    monkeypatch.setattr(type(get_bot("covenant")), "copy", TileCopy())


@pytest.fixture
def tile_game(app, monkeypatch) -> str:
    """A game whose first step asks the tile form."""
    return question_game(app, monkeypatch, TILE)


def send(client, game_id: str, **data: str):
    return answer(client, game_id, data, status=None)


def test_the_page_draws_each_field_and_the_forms_buttons(client, tile_game):
    shown = page(client, tile_game)
    assert "A tile revealed" in shown and "Tile type" in shown and "Red stars" in shown
    assert len(re.findall(r'type="radio" name="entry\.type"', shown)) == 2
    assert re.search(
        r'<input class="step-number" type="number" name="entry\.stars" value="1" min="0" max="3"'
        r' step="1" inputmode="numeric" aria-label="Red stars" required>',
        shown,
    )
    assert '<input type="checkbox" name="entry.camp" value="yes">' in shown
    assert re.search(
        r'<button class="button primary huge" type="submit"><svg[^>]*><use href="#i-check"/></svg>'
        r"Reveal it</button>",
        shown,
    )
    assert '<button class="button big" name="value" value="cancel">Cancel</button>' in shown


def test_the_form_sent_answers_the_step_in_words(client, app, tile_game):
    taken = send(
        client, tile_game, **{"entry.type": "mine", "entry.stars": "2", "entry.camp": "yes"}
    )
    assert taken.status_code == 200
    assert "a mine with 2 stars" in html.unescape(taken.text)
    with app.app_context():
        answered = games.open_game(tile_game).game.actions[-1]
    assert answered == {"answer": {"type": "mine", "stars": 2, "camp": True}}


def test_a_value_that_does_not_fit_is_refused_and_nothing_changes(client, app, tile_game):
    with app.app_context():
        before = games.open_game(tile_game).version
    refused = send(client, tile_game, **{"entry.type": "mine", "entry.stars": "7"})
    assert refused.status_code == 422
    said = html.unescape(refused.text)
    assert "Not saved: 1 field to put right, marked in the form." in said
    assert '<p class="field-why" id="why-stars">From 0 to 3.</p>' in said
    assert 'value="7"' in said and 'value="mine" checked' in said  # as it was typed
    with app.app_context():
        assert games.open_game(tile_game).version == before
        assert games.open_game(tile_game).game.actions == []


def test_the_forms_own_button_answers_it(client, tile_game):
    taken = send(client, tile_game, value="cancel")
    assert taken.status_code == 200 and "Cancel" in taken.text


def test_a_kept_form_starts_from_what_was_sent_in_the_owners_last_game(
    client, app, monkeypatch, tile_game
):
    class KeptForms(CopyParts):
        def kept_key(self, draft: Any) -> str | None:
            return f"form:{draft['kind']}"

    monkeypatch.setattr(type(get_bot("covenant")), "copy", KeptForms())
    send(client, tile_game, **{"entry.type": "mine", "entry.stars": "3", "entry.camp": "yes"})
    again = question_game(app, monkeypatch, TILE)
    shown = page(client, again)
    assert '<input type="radio" name="entry.type" value="mine" checked required>' in shown
    assert 'name="entry.stars" value="3" min="0" max="3"' in shown
    assert '<input type="checkbox" name="entry.camp" value="yes" checked>' in shown
    send(client, again, value="cancel")  # a button is not a form's values: nothing kept
    assert 'value="mine" checked' in page(client, question_game(app, monkeypatch, TILE))
