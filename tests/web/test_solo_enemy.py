"""The Solo Enemy through the web: the lobby's form, the game page, its costs kept for
the next game, quick entry of its cards, the card library."""

from __future__ import annotations

import html
import json
import re

import pytest

from webapp.engine.actions import Answered
from webapp.service import games
from webapp.storage import db

from ..engine.helpers import default_for
from ..engine.solo_enemy import DEFAULTS, PROFILE, deck
from .conftest import HTMX, new_game, page, step_title, version_of
from .conftest import answer as send_answer

# What a Solo C.C. Board prints: every Unit, Spell and track space costs something.
COSTS = {"entry.air_vessel.ore": "3", "entry.warrior.food": "1", "entry.spell1.mana": "2"}
COSTS.update({"entry.sea_vessel.ore": "2", "entry.serf.food": "1"})
COSTS.update({"entry.spell2.mana": "3", "entry.spell3.ore": "1"})
COSTS.update({f"entry.track{n}.level": str(min(n, 3)) for n in range(1, 7)})
COSTS.update({f"entry.track{n}.ore": str(n + 1) for n in range(1, 7)})
CARD = {
    "entry.action": "research",
    "entry.follow": "yes",
    "entry.compass": "SE",
    "entry.strength": "2",
    "entry.attacking": "__other__",
    "entry.attacking_other": "Charge",
    "entry.defending": "__other__",
    "entry.defending_other": "First Strike",
}


def start(client, **form) -> str:
    return new_game(client, {"bot": "solo_enemy", "you": "humans", "factions": "orcs", **form})


def answer(client, game_id: str, data: dict):
    return send_answer(client, game_id, data, status=None)


def test_the_lobby_offers_each_bot_with_its_own_options(client):
    lobby = html.unescape(client.get("/").get_data(as_text=True))
    assert "Wayward Covenant" in lobby and "Heroes of Land, Air & Sea" in lobby
    assert "Reef Project" in lobby and "Deck Goes West" in lobby
    assert lobby.count('class="bot-tile"') == 4 and lobby.count('name="bot"') == 1
    lobby = html.unescape(client.get("/?bot=solo_enemy").get_data(as_text=True))
    for key in ("humans", "orcs", "elves", "dwarves"):
        assert f'name="factions" value="{key}"' in lobby
    assert 'href="/schemas/solo_enemy-deck.json"' in lobby
    assert 'href="/library/solo_enemy"' in lobby


def test_starting_a_game_draws_the_enemy_and_asks_its_costs(client):
    game_id = start(client, name="Sunday")
    shown = page(client, game_id)
    assert "Sunday" in shown and "The Enemy plays the Orcs" in shown
    assert "Hero Slot free" in shown and "Enemy Hero 1" in shown
    answer(client, game_id, {"value": "done"})
    shown = page(client, game_id)
    assert "The Solo C.C. Board of the Orcs: its costs" in shown
    assert 'name="entry.air_vessel.ore"' in shown and 'name="entry.track6.level"' in shown


def test_a_counter_corrected_while_its_costs_are_asked_is_one_correction(client):
    """A correction is not an entered card part: it is applied, nothing is kept for the
    next game, and the costs are still asked."""
    game_id = start(client)
    answer(client, game_id, {"value": "done"})
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    response = client.post(
        f"/g/{game_id}/correct",
        data={"version": version, "field": "ore", "value": "4"},
        headers=HTMX,
    )
    assert response.status_code == 200
    shown = page(client, game_id)
    assert "Correction: Ore (0 to 10) set to 4" in shown
    assert "The Solo C.C. Board of the Orcs: its costs" in shown
    second = start(client)
    answer(client, second, {"value": "done"})
    assert "as you entered them last time" not in page(client, second)


def test_options_that_cannot_start_a_game_say_why_and_store_nothing(client):
    response = client.post("/games", data={"bot": "solo_enemy", "you": "orcs", "factions": "orcs"})
    assert response.status_code == 422
    assert "at least one faction you own besides yours" in response.get_data(as_text=True)
    assert "Sunday" not in client.get("/").get_data(as_text=True)


def test_the_costs_entered_once_answer_the_next_game_against_that_faction_at_setup(app, client):
    game_id = start(client)
    answer(client, game_id, {"value": "done"})
    response = answer(client, game_id, COSTS)
    assert response.status_code == 200
    shown = page(client, game_id)
    assert "Gather its components" in shown
    # the next game: the costs come from the table's copy, answered in its log
    second = start(client)
    answer(client, second, {"value": "done"})
    shown = page(client, second)
    assert step_title(shown) == "At the table: 7 things, in order"
    assert "Gather its components" in shown
    with app.app_context():
        game = games.open_game(second).game
        assert game.state.profile["units"]["air_vessel"]["ore"] == 3
        assert game.actions[-1]["answer"]["track"][5]["ore"] == 7
    # taken back, the step is asked again, offered as the copy holds it
    version = version_of(shown)
    client.post(f"/g/{second}/undo", data={"version": version}, headers=HTMX)
    shown = page(client, second)
    assert "as you entered them last time" in shown
    assert re.search(r'name="entry\.air_vessel\.ore" value="3"', shown)
    assert re.search(r'name="entry\.track6\.ore" value="7"', shown)


def test_wrong_costs_are_refused_with_the_field_and_change_nothing(client):
    game_id = start(client)
    answer(client, game_id, {"value": "done"})
    before = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    response = answer(client, game_id, {**COSTS, "entry.track2.level": "0"})
    assert response.status_code == 422
    assert "track2.level" in response.get_data(as_text=True)
    assert version_of(client.get(f"/g/{game_id}").get_data(as_text=True)) == before


def test_a_round_on_the_page_shows_whose_action_it_is(app, client):
    with app.app_context():
        game_id = games.create_game(
            "solo_enemy",
            {"you": "humans", "factions": ["orcs"]},
            name="T",
            deck=deck(action="tax"),
            seed=2,
        )
    answer(client, game_id, {"value": "done"})
    answer(client, game_id, {"value": json.dumps(PROFILE)})
    for _ in range(7):
        answer(client, game_id, {"value": "done"})
    answer(client, game_id, {"value": "ore"})
    answer(client, game_id, {"value": "mana"})
    shown = page(client, game_id)
    assert "Round 1 · Enemy Hero 1" in shown
    assert re.search(r'<li class="now" aria-current="step">Enemy Hero 1</li>', shown)
    assert "It collects every slot of the Tax Track: 4 Ore, 3 Mana, 2 Food." in shown
    assert "You may Follow" in shown and "Card " in shown
    answer(client, game_id, {"value": "done"})
    shown = page(client, game_id)
    assert "You may Follow: Tax" in shown


def test_physical_cards_are_entered_once_into_the_library_deck(client):
    response = client.post("/library/solo_enemy/new", data={"name": "My Solo cards"})
    deck_id = response.headers["Location"].rsplit("/", 1)[1]
    game_id = start(client, deck_mode="physical", deck_id=deck_id)
    answer(client, game_id, {"value": "done"})
    answer(client, game_id, COSTS)
    for _ in range(7):
        answer(client, game_id, {"value": "done"})
    answer(client, game_id, {"value": "ore"})
    answer(client, game_id, {"value": "mana"})
    answer(client, game_id, {"value": "3"})
    shown = page(client, game_id)
    assert "New card 3: enter what it prints" in shown and 'name="entry.compass"' in shown
    assert answer(client, game_id, CARD).status_code == 200
    assert "Hero 1 casts" in page(client, game_id)
    data = json.loads(client.get(f"/library/solo_enemy/{deck_id}/export").data)
    assert data["cards"] == [
        {
            "id": "3",
            "action": "research",
            "follow": True,
            "compass": "SE",
            "strength": 2,
            "tactics": {"attacking": "Charge", "defending": "First Strike"},
        }
    ]
    library = html.unescape(client.get("/library/solo_enemy").get_data(as_text=True))
    assert "1 of 8 cards" in library


def test_the_library_shows_and_edits_a_card_with_the_same_form(client):
    response = client.post("/library/solo_enemy/new", data={"name": "Mine"})
    deck_id = response.headers["Location"].rsplit("/", 1)[1]
    editor = client.get(f"/library/solo_enemy/{deck_id}/card/5/card")
    assert editor.status_code == 200 and 'name="entry.strength"' in editor.get_data(as_text=True)
    saved = client.post(f"/library/solo_enemy/{deck_id}/card/5/card", data=CARD, headers=HTMX)
    assert saved.status_code == 204 and saved.headers["HX-Redirect"].endswith("/card/5")
    card = html.unescape(client.get(f"/library/solo_enemy/{deck_id}/card/5").get_data(as_text=True))
    assert "Research" in card and "First Strike" in card and "+2" in card
    again = client.get(f"/library/solo_enemy/{deck_id}/card/5/card").get_data(as_text=True)
    assert 'value="research" checked' in again
    bad = client.post(
        f"/library/solo_enemy/{deck_id}/card/5/card", data={**CARD, "entry.action": "dance"}
    )
    assert bad.status_code == 422 and "field 'action'" in html.unescape(bad.get_data(as_text=True))
    assert client.get(f"/library/solo_enemy/{deck_id}/card/9/card").status_code == 404


def test_the_demo_deck_is_shown_read_only_and_labelled(client):
    shown = html.unescape(client.get("/library/solo_enemy/demo").get_data(as_text=True))
    assert "Demo deck — not the printed cards" in shown and "8 of 8 cards" in shown
    card = html.unescape(client.get("/library/solo_enemy/demo/card/7").get_data(as_text=True))
    assert "Attack" in card and "No Follow" in card
    assert client.post("/library/solo_enemy/demo/card/7/card", data=CARD).status_code == 405


def test_its_deck_schema_is_published(client):
    schema = client.get("/schemas/solo_enemy-deck.json").get_json(force=True)
    assert schema["properties"]["bot"] == {"const": "solo_enemy"}


@pytest.mark.parametrize("watch", [False, True])
def test_the_page_and_the_watch_page_render_in_french(app, client, watch):
    with app.app_context():
        game_id = games.create_game(
            "solo_enemy", {"you": "humans", "factions": ["orcs"]}, name="T", deck=deck(), seed=2
        )
        url = f"/w/{games.open_game(game_id).row.watch_id}" if watch else f"/g/{game_id}"
    client.set_cookie("botdeck_lang", "fr")
    shown = html.unescape(client.get(url).get_data(as_text=True))
    assert "L'Ennemi joue les Orcs" in shown and "Héros 1" in shown


def test_factions_typed_in_the_lobby_are_factions_you_own_each_once(app, client):
    """ "Another faction…" is the name typed in; other factions are typed separated by
    commas; a base-game faction typed in is that faction; yours is never drawn."""
    game_id = start(
        client,
        you="other",
        you_other="Undead",
        factions=["orcs"],
        other_factions="Daemons, undead ,  Elves, ORCS",
    )
    with app.app_context():
        options = db.find_game(game_id).options
    assert options["you"] == "Undead" and options["factions"] == ["orcs", "Daemons", "elves"]


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"you": "other", "factions": "orcs"}, "type the name of your faction"),
        ({"other_factions": "x" * 201}, "the other factions are a short list of names"),
        ({"other_factions": "Daemons, " + "x" * 31}, "option 'factions[2]' has at most 30"),
        ({"you": "humans", "factions": "humans"}, "at least one faction you own besides yours"),
    ],
)
def test_a_lobby_form_that_cannot_start_a_game_says_why(client, form, said):
    response = client.post("/games", data={"bot": "solo_enemy", "factions": "orcs", **form})
    assert response.status_code == 422
    assert said in html.unescape(response.get_data(as_text=True))


def at_its_supply(app) -> str:
    """A Solo Enemy game whose every card is Recruit, played to its first supply form."""
    with app.app_context():
        game_id = games.create_game(
            "solo_enemy",
            {"you": "humans", "factions": ["orcs"]},
            name="T",
            deck=deck(action="recruit"),
            seed=1,
        )
        for _ in range(80):
            opened = games.open_game(game_id)
            pending = opened.game.pending()
            if pending.step.kind == "supply":
                return game_id
            value = default_for(pending, DEFAULTS)
            games.act(game_id, opened.version, Answered(value))
    raise AssertionError("no Recruit reached")


def test_its_supply_is_one_form_of_toggles_in_priority_order_all_on_and_one_save(app, client):
    """Solo rulebook, "Recruit": "Air Vessel > Sea Vessel > Warrior > Serf" — asked in one
    tap, not one Unit at a time."""
    game_id = at_its_supply(app)
    shown = page(client, game_id)
    assert step_title(shown) == "Which of these are left in its supply?"
    toggles = re.findall(
        r'<input type="checkbox" name="entry\.(\w+)" value="yes"( checked)?', shown
    )
    assert toggles == [
        ("air_vessel", " checked"),
        ("sea_vessel", " checked"),
        ("warrior", " checked"),
        ("serf", " checked"),
    ]
    current = shown.split('id="current-step"')[1].split('class="steps"')[0]
    form = current.split('class="answers fields-form"')[1].split("</form>")[0]
    assert form.count('type="submit"') == 1 and ">Save</button>" in form
    assert "Is an Air Vessel left" not in shown
    assert "It cannot after all" in current  # the overturn is still offered here


def test_its_supply_saved_with_two_units_run_out_recruits_the_next_one(app, client):
    game_id = at_its_supply(app)
    response = answer(client, game_id, {"entry.warrior": "yes", "entry.serf": "yes"})
    assert response.status_code == 200
    shown = page(client, game_id)
    assert step_title(shown) == "Recruit: put a new Warrior with Hero 1"
    assert "Left in its supply: Warrior, Serf" in shown
    history = html.unescape(client.get(f"/g/{game_id}/history").get_data(as_text=True))
    assert "Which of these are left in its supply? — Left in its supply: Warrior, Serf" in history


def test_its_supply_saved_with_every_toggle_off_fails_the_action(app, client):
    game_id = at_its_supply(app)
    assert answer(client, game_id, {}).status_code == 200  # unticked boxes send nothing
    shown = page(client, game_id)
    assert "No Unit it can pay for is left in its supply." in shown
    assert "None left in its supply" in shown
