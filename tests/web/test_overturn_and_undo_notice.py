"""Undo and Redo say what they took back or did again, in the page's language; the table
overturns an action the Solo Enemy decided from the step where it shows, logged in the
History and undone like any tap."""

from __future__ import annotations

import html
import re

import pytest

from webapp.engine.actions import Answered, Corrected
from webapp.service import games
from webapp.web.i18n import translate

from ..engine.helpers import default_for
from ..engine.solo_enemy import DEFAULTS, SETUP_KINDS, deck
from .conftest import HTMX, page, tap, version_of


def notice(response) -> str:
    """The notice a tap's answer shows, as text."""
    found = re.search(r'<div id="notice"[^>]*>(.*?)</div>', response.get_data(as_text=True), re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


def post(client, game_id: str, what: str, **data):
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    return client.post(f"/g/{game_id}/{what}", data={"version": version, **data}, headers=HTMX)


@pytest.mark.parametrize(
    ("language", "undone", "redone"),
    [("en", "Undone: ", "Redone: "), ("fr", "Annulé : ", "Rétabli : ")],
)
def test_undo_and_redo_name_what_they_took_back_in_the_pages_language(
    app, client, game_id, language, undone, redone
):
    client.set_cookie("botdeck_lang", language)
    tap(client, game_id, "2.2")
    with app.test_request_context(headers={"Accept-Language": language}):
        said = translate(games.open_game(game_id).last_summary())
    assert said
    response = post(client, game_id, "undo")
    assert response.status_code == 200
    assert notice(response) == undone + said
    response = post(client, game_id, "redo")
    assert notice(response) == redone + said
    response = tap(client, game_id, "no")
    assert response.status_code == 200 and notice(response) == ""  # an answer: no notice


def solo_enemy_game(app, action: str, **corrections: int) -> str:
    """A Solo Enemy game set up, every card `action`, at its first Hero's decided action."""
    with app.app_context():
        game_id = games.create_game(
            "solo_enemy",
            {"you": "humans", "factions": ["orcs"]},
            name="Overturn",
            deck=deck(action=action),
            seed=1,
        )
        while True:
            opened = games.open_game(game_id)
            pending = opened.game.pending()
            if pending.step.kind == "tax_slot" and pending.step.params["slot"] == 3:
                for field, value in corrections.items():
                    opened = games.act(game_id, opened.version, Corrected(field, value))
            elif pending.step.kind not in SETUP_KINDS:
                return game_id
            answer = default_for(opened.game.pending(), DEFAULTS)
            games.act(game_id, opened.version, Answered(answer))


@pytest.mark.parametrize(
    ("language", "button", "logged", "undone"),
    [
        (
            "en",
            "It can after all",
            "Overturned by the table: Hero 1 can perform “Build: Capital City Track” after all "
            "— its Capital City",
            "Undone: Overturned by the table",
        ),
        (
            "fr",
            "Finalement, il le peut",
            "Décidé autrement par la table : finalement, Héros 1 peut effectuer « Construire : "
            "piste de Cité capitale » — its Capital City",
            "Annulé : Décidé autrement par la table",
        ),
    ],
)
def test_the_table_overturns_a_failed_build_from_the_page_logged_and_undone(
    app, client, language, button, logged, undone
):
    client.set_cookie("botdeck_lang", language)
    game_id = solo_enemy_game(app, "build_track", ore=1)
    shown = page(client, game_id)
    assert button in shown and 'name="to" value="succeed"' in shown
    response = post(client, game_id, "overturn", to="succeed", reason="its Capital City")
    assert response.status_code == 200
    with app.app_context():
        state = games.open_game(game_id).game.state
        assert state.track == 1 and not state.heroes[0].failed
    history = html.unescape(client.get(f"/g/{game_id}/history").get_data(as_text=True))
    assert logged in history
    assert 'name="to" value="fail"' in page(client, game_id)  # and back, while it is played
    assert notice(post(client, game_id, "undo")).startswith(undone)
    with app.app_context():
        assert games.open_game(game_id).game.state.track == 0


def test_an_overturn_the_step_does_not_offer_is_refused_and_changes_nothing(app, client):
    client.set_cookie("botdeck_lang", "fr")
    game_id = solo_enemy_game(app, "build_track")  # it paid: only "it cannot" is offered
    before = page(client, game_id)
    response = post(client, game_id, "overturn", to="succeed")
    assert response.status_code == 422
    assert "Botdeck n’a rien décidé ici sur quoi la table puisse revenir" in notice(response)
    assert page(client, game_id) == before
    response = post(client, game_id, "overturn", to="fail", reason="x" * 81)
    assert response.status_code == 400
    assert page(client, game_id) == before
