"""Deck Goes West's day through the web: the Railway refused where bandits are, a
character's death by day confirmed in a dialog, every tap that ends the game confirmed
first (an answer, a form, a counter), "Night falls" apart, "Bandit Camp", and the map
under a question answered on it."""

from __future__ import annotations

import html
import re
from typing import Any

from webapp.engine.actions import Answered
from webapp.service import games

from .conftest import HTMX, page, version_of
from .conftest import step_title as title
from .test_bandits_pages import send, start, to_day

WITH_BANDITS = {"up": "yes", "type": "other", "star": "5", "bandits": "2"}


def post(client, game_id: str, route: str, data: dict[str, Any], htmx: bool = True):
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    return client.post(
        f"/g/{game_id}/{route}", data={"version": version, **data}, headers=HTMX if htmx else {}
    )


def bandits_on_the_start_tile(client) -> str:
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "0,0")
    send(client, game_id, "correct")
    send(client, game_id, WITH_BANDITS)
    return game_id


def state(app, game_id: str):
    with app.app_context():
        opened = games.open_game(game_id)
        return opened.version, opened.game.state


def dialog(shown: str) -> str:
    found = re.search(r"<dialog .*?</dialog>", html.unescape(shown), re.S)
    assert found is not None, shown[-600:]
    return found.group(0)


def test_a_railway_where_bandits_are_is_shown_with_the_rules_words_and_not_tappable(client):
    game_id = bandits_on_the_start_tile(client)
    send(client, game_id, "0,0")
    shown = page(client, game_id)
    button = re.search(
        r'<button class="[^"]*refused[^"]*"[^>]*value="railway" disabled>.*?</button>', shown, re.S
    )
    assert button is not None
    assert (
        "No Railway on tile 0·0: “Cannot be done if there are bandits on the tile.”"
        in button.group(0)
    )


def test_a_railway_sent_where_bandits_are_is_refused_in_the_rules_words(app, client):
    game_id = bandits_on_the_start_tile(client)
    send(client, game_id, "0,0")
    before = state(app, game_id)
    response = post(client, game_id, "answer", {"value": "railway"})
    assert response.status_code == 422
    said = html.unescape(response.get_data(as_text=True))
    assert (
        "Cannot be done if there are bandits on the tile" in said and "Nothing was changed" in said
    )
    assert state(app, game_id)[0] == before[0]


def test_a_death_by_day_is_confirmed_in_a_dialog_before_it_is_taken(app, client):
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "0,0")
    version, _ = state(app, game_id)
    response = post(client, game_id, "answer", {"value": "dies:1"})
    assert response.status_code == 200
    asked = dialog(response.get_data(as_text=True))
    assert "Ben's hand is full: Ben dies" in asked
    assert (
        "Ben dies and is out." in asked
        and "This ends the game. The Bandits win: Ben died." in asked
    )
    assert 'name="confirmed" value="yes"' in asked and 'name="value" value="dies:1"' in asked
    assert ">Cancel</button>" in asked and 'method="dialog"' in asked
    after, now = state(app, game_id)
    assert after == version and now.dead == [False, False]  # nothing taken yet
    confirmed = post(client, game_id, "answer", {"value": "dies:1", "confirmed": "yes"})
    assert confirmed.status_code == 200
    assert '<div id="confirm-tap" class="confirm-area" hx-swap-oob="true">' in confirmed.get_data(
        as_text=True
    )
    assert "<dialog" not in confirmed.get_data(as_text=True)  # the dialog closes
    _, now = state(app, game_id)
    assert now.dead == [False, True] and now.outcome["why"] == "death"
    history = html.unescape(client.get(f"/g/{game_id}/history").get_data(as_text=True))
    assert "Ben's hand is full: Ben dies" in history
    assert post(client, game_id, "undo", {}).status_code == 200
    assert state(app, game_id)[1].dead == [False, False]


def test_a_death_by_day_in_versus_is_confirmed_and_the_day_goes_on(app, client):
    game_id = start(client, mode="versus", players=["Anna", "Ben", "Cy"])
    to_day(client, game_id)
    send(client, game_id, "0,0")
    asked = dialog(post(client, game_id, "answer", {"value": "dies:2"}).get_data(as_text=True))
    assert "Cy dies and is out: the meeple leaves the map and Cy plays no more." in asked
    assert "This ends the game" not in asked
    post(client, game_id, "answer", {"value": "dies:2", "confirmed": "yes"})
    assert title(page(client, game_id)).startswith("Play your day")
    assert state(app, game_id)[1].dead == [False, False, True]


def test_once_a_death_is_confirmed_no_later_tap_asks_this_ends_the_game_again(app, client):
    """The game is decided once: after the table confirmed Ben's death, the page still
    sends every tap asked first, and none opens the dialog again — a counter set to its
    track's end (which would itself end a game going on), the score sheet closed."""
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "0,0")
    post(client, game_id, "answer", {"value": "dies:1", "confirmed": "yes"})
    assert state(app, game_id)[1].outcome["why"] == "death"
    corrected = post(client, game_id, "correct", {"field": "tracker", "value": "15"})
    assert corrected.status_code == 200
    assert "<dialog" not in corrected.get_data(as_text=True)
    assert state(app, game_id)[1].tracker == 15
    closed = post(client, game_id, "answer", {"value": "done"})
    assert closed.status_code == 200 and "<dialog" not in closed.get_data(as_text=True)
    with app.app_context():
        ended = games.open_game(game_id).game
    assert ended.over and ended.state.outcome["why"] == "death"


def test_winning_by_a_form_is_confirmed_with_the_form_sent_again(app, client):
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "score")
    asked = dialog(post(client, game_id, "answer", {"entry.points": "30"}).get_data(as_text=True))
    assert "This ends the game. The players win: the score track's end is reached." in asked
    assert 'name="entry.points" value="30"' in asked
    assert state(app, game_id)[1].scores == [0]
    post(client, game_id, "answer", {"entry.points": "30", "confirmed": "yes"})
    assert state(app, game_id)[1].outcome["result"] == "won"


def test_a_counter_set_to_the_end_of_its_track_is_confirmed(app, client):
    game_id = start(client)
    to_day(client, game_id)
    form = {"field": "tracker", "value": "12"}
    response = post(client, game_id, "correct", form)
    asked = dialog(response.get_data(as_text=True))
    assert "Correction: Bandit Tracker set to 12" in asked
    assert f'action="/g/{game_id}/correct"' in asked and 'name="field" value="tracker"' in asked
    assert state(app, game_id)[1].tracker == 0
    post(client, game_id, "correct", {**form, "confirmed": "yes"})
    assert state(app, game_id)[1].outcome["why"] == "bandits"


def test_without_scripts_the_confirmation_is_a_page_with_the_dialog_open(app, client):
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "0,0")
    response = post(client, game_id, "answer", {"value": "dies:0"}, htmx=False)
    assert response.status_code == 200
    shown = response.get_data(as_text=True)
    assert "<html" in shown and '<dialog class="confirm-dialog" open' in shown
    assert state(app, game_id)[1].dead == [False, False]


def test_a_tap_that_does_not_end_the_game_is_not_asked(app, client):
    game_id = start(client)
    to_day(client, game_id)
    response = post(client, game_id, "answer", {"value": "score"})
    assert "<dialog" not in response.get_data(as_text=True)
    assert title(page(client, game_id)) == "Who scores, and how much?"


def test_night_falls_is_a_plain_button_in_a_group_of_its_own_after_the_days_actions(client):
    game_id = start(client)
    shown = to_day(client, game_id)
    forms = re.findall(r'<form class="(answers choices[^"]*)".*?</form>', shown, re.S)
    assert forms == ["answers choices", "answers choices apart"]
    day, apart = re.findall(r'<form class="answers choices[^"]*".*?</form>', shown, re.S)
    assert 'value="score"' in day and 'value="tray"' in day and "night" not in day
    assert re.search(r'<button class="button huge" name="value" value="night">', apart)


def test_bandit_camp_is_named_alike_on_the_tile_form_and_the_legend(client):
    game_id = start(client)
    shown = to_day(client, game_id)
    assert "Bandit Camp" in shown and "Bandit camp" not in shown
    send(client, game_id, "-2,0")
    shown = page(client, game_id)
    assert "A Bandit Camp" in shown and "Campfire" not in shown
    client.get("/lang/fr")
    shown = page(client, game_id)
    assert "Un Camp de Bandits" in shown and "feu de camp" not in shown


def test_a_question_answered_on_the_map_only_marks_itself_for_the_phone(client):
    """On a phone the board comes right under such a question (static/botdeck.css)."""
    game_id = start(client)
    shown = to_day(client, game_id)
    assert "data-on-board" in shown
    send(client, game_id, "0,0")
    assert "data-on-board" not in page(client, game_id)


def test_a_death_the_table_confirmed_is_read_back_from_the_log_without_asking(
    app, client, monkeypatch
):
    """What the log holds was confirmed when it was taken: the game resumed from its
    snapshot takes the death (which ended the game) back in without asking again, and is
    not replayed from its whole log."""
    game_id = start(client)
    to_day(client, game_id)
    for pile in range(games.STORE_EVERY):  # a snapshot is stored on the way
        assert (
            post(client, game_id, "correct", {"field": "pile", "value": 20 + pile}).status_code
            == 200
        )
    send(client, game_id, "0,0")
    confirmed = post(client, game_id, "answer", {"value": "dies:1", "confirmed": "yes"})
    assert confirmed.status_code == 200
    with app.app_context():
        ended = games.open_game(game_id)
        assert 0 < ended.stored_at < ended.version
        assert ended.game.state.dead == [False, True] and ended.game.state.outcome["why"] == "death"
        games.forget_all()

        def replayed(*args, **kwargs):
            raise AssertionError("the game was replayed from its whole log")

        monkeypatch.setattr(games, "_rebuild", replayed)
        resumed = games.open_game(game_id)
        assert resumed.game.partial and resumed.version == ended.version
        assert resumed.game.state.dead == [False, True]
        assert resumed.game.state.outcome == ended.game.state.outcome


def test_the_service_asks_nothing_first_unless_it_is_told_to(app, client):
    """`games.act` takes a death as it is given (a script, the copy of the game, a test):
    only the page asks the table first, saying so (`ask_first`)."""
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "0,0")
    version, _ = state(app, game_id)
    with app.app_context():
        changed = games.act(game_id, version, Answered("dies:1"))
    assert changed.version == version + 1
    assert changed.game.state.dead == [False, True]
    assert changed.game.state.outcome["why"] == "death"
