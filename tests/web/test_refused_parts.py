"""A printed part refused through the web: the form comes back as it was typed, each
refusal next to its field (the first one focused), the reason at the top of the window
too; nothing is stored — not the game, not the values kept for next game — and no
other device ever sees the refused form."""

from __future__ import annotations

import html
import re

import pytest

from webapp.bots.deacon.steps_setup import components_question
from webapp.engine import get_bot
from webapp.service import games, library

from .conftest import HTMX, new_game, page, version_of
from .conftest import answer as send

ORCS = {"kind": "faction", "faction": "orcs"}  # the Enemy drawn: the only faction named
LEVELS = {f"entry.track{n}.level": str(min(n, 3)) for n in range(1, 7)}
COSTS = {
    **LEVELS,
    "entry.air_vessel.ore": "3",
    "entry.sea_vessel.ore": "2",
    "entry.warrior.food": "1",
    "entry.serf.food": "1",
    "entry.spell1.mana": "2",
    "entry.spell2.mana": "3",
    "entry.spell3.ore": "1",
    **{f"entry.track{n}.ore": str(n + 1) for n in range(1, 7)},
}


def costs_asked(client) -> str:
    game_id = new_game(client, {"bot": "solo_enemy", "you": "humans", "factions": "orcs"})
    send(client, game_id, {"value": "done"})
    return game_id


def refuse(client, game_id: str, fields: dict[str, str], **headers: str):
    response = send(client, game_id, fields, status=None)
    assert response.status_code == 422, response.get_data(as_text=True)[:2000]
    return response, html.unescape(response.get_data(as_text=True))


def row_of(shown: str, name: str) -> str:
    """The grid row holding field `entry.<name>`: from its group to the next one."""
    at = shown.index(f'name="entry.{name}"')
    start = shown.rindex('class="part-row"', 0, at)
    end = shown.find('class="part-row"', at)
    return shown[start : end if end >= 0 else len(shown)]


def kept(app, game_id: str, draft):
    """What the game's owner has kept for next game under `draft` (None: nothing)."""
    with app.app_context():
        row = games.open_game(game_id).row
        return library.kept(row.bot, draft, row.owner)


def test_a_solo_board_saved_all_zero_is_refused_in_the_form_and_nothing_is_stored(app, client):
    game_id = costs_asked(client)
    before = version_of(page(client, game_id))
    response, said = refuse(client, game_id, LEVELS)
    assert response.headers["HX-Retarget"] == "#question"
    assert response.headers["HX-Reswap"] == "outerHTML"
    assert said.startswith('<div class="question" id="question">')
    assert '<div class="form-why" role="alert" tabindex="-1" autofocus>' in said
    assert "Every cost is 0, as the form starts" in said
    assert "Not saved: the form says why." in said  # the notice, out of band
    assert version_of(page(client, game_id)) == before
    with app.app_context():
        assert games.open_game(game_id).game.state.profile is None
    assert kept(app, game_id, ORCS) is None


def test_a_free_unit_unticked_is_asked_next_to_its_row_as_it_was_typed(client):
    game_id = costs_asked(client)
    _, said = refuse(client, game_id, {**COSTS, "entry.serf.food": "0", "entry.track1.ore": ""})
    serf = row_of(said, "serf.free")
    assert '<p class="field-why" id="why-serf-free">Is this printed as free?' in serf
    assert re.search(
        r'name="entry\.serf\.free" value="on" aria-label="Serf: printed free"'
        r' aria-invalid="true" aria-describedby="why-serf-free" autofocus>',
        serf,
    )
    assert 'id="why-track1-free"' in row_of(said, "track1.free")
    assert said.count("autofocus") == 1  # the first field refused only
    assert 'name="entry.air_vessel.ore" value="3"' in said  # as it was typed
    assert 'name="entry.serf.food" value="0"' in said
    assert "Not saved: 2 fields to put right, marked in the form." in said


def test_a_free_unit_ticked_is_saved_and_offered_ticked_next_game(client, app):
    game_id = costs_asked(client)
    send(client, game_id, {**COSTS, "entry.serf.food": "0", "entry.serf.free": "on"})
    assert "Gather its components" in page(client, game_id)
    assert kept(app, game_id, ORCS)["free"] == ["serf"]
    # the copy's form offers it ticked; the next game against the Orcs is answered with it
    shown = html.unescape(
        client.get("/library/solo_enemy/copy/part/faction:orcs").get_data(as_text=True)
    )
    assert 'name="entry.serf.free" value="on" checked' in shown
    assert 'name="entry.warrior.free" value="on" aria-label' in shown  # not ticked
    second = costs_asked(client)
    with app.app_context():
        assert games.open_game(second).game.state.profile["free"] == ["serf"]


def test_no_other_device_sees_a_refused_form(client, app):
    game_id = costs_asked(client)
    refuse(client, game_id, {**COSTS, "entry.serf.food": "0"})
    other = app.test_client()
    for shown in (page(other, game_id), page(client, game_id)):
        assert "field-why" not in shown and "autofocus" not in shown
        assert 'name="entry.air_vessel.ore" value="0"' in shown


def test_a_refusal_without_scripts_is_the_page_with_the_form_as_typed(client, app):
    game_id = costs_asked(client)
    version = version_of(page(client, game_id))
    plain = {"version": str(version), **COSTS, "entry.serf.food": "0"}
    response = client.post(f"/g/{game_id}/answer", data=plain)
    shown = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422 and shown.startswith("<!doctype html>")
    assert 'id="why-serf-free"' in shown and 'name="entry.serf.food" value="0"' in shown
    assert "Not saved: 1 field to put right" in shown
    assert "field-why" not in page(app.test_client(), game_id)  # nothing kept for others
    assert version_of(page(client, game_id)) == version


@pytest.fixture
def research_asked(app, monkeypatch) -> str:
    """A Deacon game whose first step asks its Research track, as a game asks it."""
    research = components_question("research")
    with app.app_context():
        game_id = games.create_game("deacon", {}, name="Asked", seed=9)
        kind_name = games.open_game(game_id).game.pending().step.kind
    kind = get_bot("deacon").step_types[kind_name]
    monkeypatch.setattr(kind, "question", lambda state, step: research)
    monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
    with app.app_context():
        games.forget_all()
    return game_id


def test_a_research_track_whose_vp_go_down_is_refused_by_that_space(client, research_asked):
    track = {"entry.spaces": "6"}
    for n, vp in enumerate((0, 1, 3, 2, 4, 6), start=1):
        track |= {f"entry.space{n}.vp": str(vp), f"entry.space{n}.missions": "1"}
    before = version_of(page(client, research_asked))
    _, said = refuse(client, research_asked, track)
    space4 = row_of(said, "space4.vp")
    assert '<p class="field-why" id="why-space4-vp">Never fewer VP than the space before (3).' in (
        space4
    )
    assert 'name="entry.space4.vp" value="2"' in space4 and "autofocus" in space4
    assert version_of(page(client, research_asked)) == before


def test_a_score_boards_sections_refused_by_their_fields(client, app):
    game_id = new_game(client, {"bot": "bandits"})
    send(client, game_id, {"value": "done"})
    board = {"entry.score_end": "40", "entry.bandit_end": "25", "entry.stars_1": "2"}
    board |= {"entry.start_3": "8", "entry.stars_3": "3"}
    _, said = refuse(client, game_id, board)
    assert '<p class="field-why" id="why-start_3">Section 2 is blank' in row_of(said, "start_3")
    assert 'name="entry.start_3" value="8"' in said
    assert kept(app, game_id, {"part": "score_board"}) is None


def test_a_refused_answer_that_is_not_a_form_still_says_why_at_the_top(client):
    game_id = costs_asked(client)
    response = client.post(
        f"/g/{game_id}/answer",
        data={"version": version_of(page(client, game_id)), "value": "{not json"},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert "the entry cannot be read" in html.unescape(response.get_data(as_text=True))
    assert "HX-Retarget" not in response.headers
