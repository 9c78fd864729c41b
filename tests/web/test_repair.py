"""A bug in a bot never loses the table its game.

A step that cannot be drawn is shown plainly and the page still opens; a fragment
that cannot be drawn leaves the others; a game that cannot be rebuilt at all still
offers Undo, History and Export, from its log alone.
"""

from __future__ import annotations

import json
import logging

import pytest

from webapp.engine import get_bot
from webapp.engine.actions import Undo
from webapp.service import games, live
from webapp.storage import db
from webapp.web import fragments

from ..engine.decks import deck
from .conftest import HTMX, TEST_SECTION, tap, version_of


class BotBug(RuntimeError):
    pass


def broken(*args, **kwargs):
    raise BotBug("a bug in the bot")


def test_a_step_whose_line_cannot_be_drawn_is_shown_plainly_and_logged(
    client, game_id, monkeypatch, caplog
):
    tap(client, game_id, "H")
    kind = get_bot("covenant").step_types["explore_check"]
    monkeypatch.setattr(type(kind), "title", broken)
    fragments.forget_rendered()  # drawn afresh, as by a server started with this bug
    with caplog.at_level(logging.ERROR):
        response = client.get(f"/g/{game_id}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Botdeck cannot show this step" in page
    assert "A step Botdeck cannot show (explore_check)" in page
    assert "Where is your Ship?" in page and "Harbor" in page  # the step answered before
    assert 'action="/g/' in page and "/undo" in page and "/export" in page
    assert "cannot show the pending step" in caplog.text


def test_a_part_of_the_page_that_cannot_be_drawn_leaves_the_rest(client, game_id, monkeypatch):
    real = fragments.render_block

    def board_fails(template, name, **context):
        if name == "board":
            raise BotBug("the board cannot be drawn")
        return real(template, name, **context)

    monkeypatch.setattr(fragments, "render_block", board_fails)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "This part of the game cannot be shown right now." in page
    assert 'id="board" class="board-area broken-fragment"' in page
    assert "Where is your Ship?" in page  # the checklist is drawn as usual
    answered = tap(client, game_id, "H", version_of(page))
    assert answered.status_code == 200  # and taps go on


@pytest.fixture
def unreadable(app, client, game_id, monkeypatch):
    """A game whose second tap no longer replays (as a bug in a new version would do)."""
    tap(client, game_id, "H")
    tap(client, game_id, "yes")
    kind = get_bot("covenant").step_types["explore_check"]
    monkeypatch.setattr(type(kind), "resolve", broken)
    games._cache.clear()  # as after a restart
    return game_id


def test_a_game_that_cannot_be_rebuilt_offers_undo_history_and_export(client, unreadable):
    response = client.get(f"/g/{unreadable}")
    page = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Botdeck cannot show this game right now" in page
    assert "Undo the last tap" in page and 'name="version" value="2"' in page
    assert f'href="/g/{unreadable}/export"' in page and f'href="/g/{unreadable}/history"' in page
    history = client.get(f"/g/{unreadable}/history")
    assert history.status_code == 200
    assert "Is the Ocean board at 1.2 still unexplored? — Yes" in history.get_data(as_text=True)
    exported = client.get(f"/g/{unreadable}/export")
    assert exported.status_code == 200
    data = json.loads(exported.data)
    assert data["actions"] == [{"answer": "H"}, {"answer": "yes"}]  # as the log holds them
    assert data["format"] == "botdeck-game" and data["seed"] == 3
    assert (data["bot"], data["options"]["difficulty"], data["name"]) == (
        "covenant",
        "normal",
        "Test game",
    )
    assert data["deck"] == deck(TEST_SECTION)  # what replays it, once Botdeck can again


def test_undo_from_the_repair_page_takes_back_the_tap_that_broke_it(client, unreadable):
    undone = client.post(f"/g/{unreadable}/undo", data={"version": 2})
    assert undone.status_code == 303 and undone.headers["Location"] == f"/g/{unreadable}"
    response = client.get(f"/g/{unreadable}")
    assert response.status_code == 200
    assert "Is the Ocean board at 1.2 still unexplored?" in response.get_data(as_text=True)
    history = client.get(f"/g/{unreadable}/history").get_data(as_text=True)
    assert "Undone: Is the Ocean board at 1.2 still unexplored? — Yes" in history


def test_taps_and_live_streams_of_an_unreadable_game_lead_to_its_repair_page(client, unreadable):
    answered = client.post(
        f"/g/{unreadable}/answer", data={"version": 2, "value": "done"}, headers=HTMX
    )
    assert answered.status_code == 204
    assert answered.headers["HX-Redirect"] == f"/g/{unreadable}"
    stream = client.get(f"/g/{unreadable}/events", buffered=False)
    chunks = iter(stream.response)
    assert b"retry:" in next(chunks)
    assert next(chunks).startswith(b"event: reload")
    stream.close()
    assert client.get("/").status_code == 200  # the lobby still lists it


def test_undo_back_to_the_start_of_a_game_that_cannot_be_rebuilt_takes_back_every_tap(
    app, unreadable
):
    with app.app_context():
        summary = db.find_game(unreadable).summary
        opened = games.act(unreadable, 2, Undo(0))
        assert opened.game.actions == []
        assert str(opened.game.pending().title) == "Where is your Ship?"  # its first question
        assert summary and db.find_game(unreadable).summary == summary  # the lobby's line kept


def test_undo_of_a_game_that_cannot_be_rebuilt_before_its_first_tap_is_refused(
    app, game_id, monkeypatch
):
    monkeypatch.setattr(type(get_bot("covenant")), "setup", broken)  # it cannot even start
    with app.app_context():
        games.forget_all()  # as after a restart
        with pytest.raises(games.NothingToUndo, match="^nothing to undo$"):
            games.act(game_id, 0, Undo())
        assert db.find_game(game_id).version == 0  # nothing stored


@pytest.mark.parametrize("to", [2, 3, -1])
def test_undo_back_to_no_tap_of_a_game_that_cannot_be_rebuilt_is_refused(app, unreadable, to):
    with app.app_context():
        with pytest.raises(games.NothingToUndo, match="^nothing to undo$"):
            games.act(unreadable, 2, Undo(to))
        with pytest.raises(db.StaleVersion) as stale:
            games.act(unreadable, 1, Undo())
        assert stale.value.args == (unreadable,)
        assert db.find_game(unreadable).version == 2  # nothing stored


def test_an_undo_from_the_repair_page_reaches_every_partners_screen(app, unreadable):
    heard: list[tuple[str, int]] = []
    stop = live.listen(lambda name, version: heard.append((name, version)))
    try:
        with app.app_context():
            games.act(unreadable, 2, Undo())
            topic = live.topic(games._key(unreadable))
    finally:
        stop()
    assert heard == [(topic, 3)]


def test_a_game_that_cannot_be_rebuilt_is_named_in_the_refusal_and_the_log(app, unreadable, caplog):
    with (
        app.app_context(),
        caplog.at_level(logging.ERROR),
        pytest.raises(games.GameUnreadable) as refused,
    ):
        games.open_game(unreadable)
    assert refused.value.args == (unreadable,)
    said = [record.getMessage() for record in caplog.records]
    assert f"game {unreadable} cannot be rebuilt from its log" in said
