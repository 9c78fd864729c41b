"""The lobby gets you playing: a tile per bot, distinct default names, a refused form
answered again as it was sent, and the device's name asked once, out of the way."""

from __future__ import annotations

import html
import re
import sqlite3

from .conftest import HTMX

PRINTED_WITH_THE_DEMO_DECK = {
    "bot": "covenant",
    "difficulty": "expert",
    "saga": "on",
    "players": ["Ann", "Ben"],
    "name": "Friday rematch",
    "deck_mode": "physical",
    "deck_id": "demo",
}


def game_count(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def start_form(shown: str) -> str:
    return shown.split('<form method="post" action="/games"', 1)[1].split("</form>", 1)[0]


def test_each_bot_has_a_tile_and_a_tap_on_it_draws_its_form(client):
    lobby = text(client.get("/"))
    tiles = re.findall(r'<a class="bot-tile" href="/\?bot=(\w+)"', lobby)
    assert tiles == ["covenant", "deacon", "solo_enemy", "bandits"]
    assert 'name="bot" value="covenant"' in start_form(lobby)  # none hidden in a fold
    solo = text(client.get("/?bot=solo_enemy"))
    assert 'name="bot" value="solo_enemy"' in start_form(solo)
    assert re.search(r'href="/\?bot=solo_enemy"[^>]*\saria-current="true"', solo, re.S)


def test_the_form_shown_first_is_the_bot_played_last_on_this_device(client):
    client.post("/games", data={"bot": "deacon", "board_id": "demo"})
    assert 'name="bot" value="deacon"' in start_form(text(client.get("/")))


def test_games_started_without_a_name_each_get_their_own(client):
    for _ in range(3):
        assert client.post("/games", data={"bot": "deacon", "board_id": "demo"}).status_code == 303
    lobby = text(client.get("/?bot=deacon"))
    names = re.findall(r'<strong class="game-name">([^<]+)', lobby)
    assert sorted(name.strip() for name in names) == [
        "Deacon game",
        "Deacon game 2",
        "Deacon game 3",
    ]
    assert 'placeholder="Deacon game 4"' in start_form(lobby)  # the name the next one gets


def test_printed_cards_with_the_demo_deck_answer_the_form_again_as_it_was_sent(app, client):
    refused = client.post("/games", data=PRINTED_WITH_THE_DEMO_DECK)
    assert refused.status_code == 422
    assert game_count(app) == 0
    form = start_form(text(refused))
    # every field as the player left it, the bot's own options as well as the lobby's
    for kept in (
        'name="difficulty" value="expert" checked',
        'name="saga" value="on" checked',
        'name="players" maxlength="30" value="Ann"',
        'name="players" maxlength="30" value="Ben"',
        'value="Friday rematch"',
        'name="deck_mode" value="physical" checked',
        'name="deck_id" value="demo" autofocus checked',  # in sight on arrival
    ):
        assert kept in form, kept
    assert 'value="normal" checked' not in form
    # the reason next to the deck, its fold open
    assert '<details class="start-more" open>' in form
    deck_list_end = form.index("</fieldset>", form.index('class="deck-picks"'))
    reason = form.index('<p class="field-error" id="deck-id-error" role="alert">')
    assert 0 < reason - deck_list_end < 40
    assert "the printed cards need a deck of your own" in form[reason:]


def test_the_refused_form_and_its_reason_are_in_french_for_a_french_table(app, client):
    client.set_cookie("botdeck_lang", "fr")
    refused = client.post("/games", data=PRINTED_WITH_THE_DEMO_DECK)
    assert refused.status_code == 422 and game_count(app) == 0
    form = start_form(text(refused))
    reason = re.search(r'id="deck-id-error" role="alert">([^<]+)</p>', form).group(1)
    assert "cartes imprimées" in reason
    assert "printed" not in reason and "cannot" not in reason
    assert 'value="Friday rematch"' in form and 'name="deck_mode" value="physical" checked' in form


def test_an_option_the_bot_refuses_is_said_above_its_form_which_keeps_its_values(app, client):
    refused = client.post(
        "/games", data={"bot": "solo_enemy", "you": "other", "you_other": "Pirates"}
    )
    assert refused.status_code == 422 and game_count(app) == 0
    shown = text(refused)
    assert re.search(r'<p class="field-error" role="alert">This game cannot start: [^<]+', shown)
    form = start_form(shown)
    assert '<option value="other" selected>' in form and 'value="Pirates"' in form
    assert 'name="factions" value="elves" checked' not in form  # none was ticked


def test_the_device_name_is_asked_under_the_checklist_never_above_the_board(client, game_id):
    shown = text(client.get(f"/g/{game_id}"))
    ask = shown.index('id="device-ask"')
    assert shown.index('id="checklist"') < ask < shown.index('id="board"')
    assert 'class="menu device-menu"' in shown[: shown.index("<main")]  # renamed any time
    assert "Keep Computer" in shown


def test_dismissing_the_ask_keeps_the_given_name_and_it_is_not_asked_again(client, game_id):
    client.get(f"/g/{game_id}")
    response = client.post("/device/name", data={"keep": "1", "name": "", "next": "/"})
    assert response.status_code == 303
    for path in ("/", f"/g/{game_id}"):
        shown = text(client.get(path))
        assert '<div id="device-ask" hidden>' in shown
        assert '<span class="label">Computer</span>' in shown  # the name it was given


def test_a_name_saved_with_htmx_swaps_the_menu_and_the_ask_in_place(client, game_id):
    client.get(f"/g/{game_id}")
    response = client.post("/device/name", data={"name": "Kitchen tablet"}, headers=HTMX)
    assert response.status_code == 200
    swapped = text(response)
    assert re.search(
        r'<details class="menu device-menu" id="device-menu" hx-swap-oob="true">', swapped
    )
    assert '<span class="label">Kitchen tablet</span>' in swapped
    assert '<div id="device-ask" hidden hx-swap-oob="true">' in swapped
    assert "Kitchen tablet" in text(client.get("/"))
