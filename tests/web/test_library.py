"""The card library: decks, the editor, physical-deck games that learn, deck files."""

from __future__ import annotations

import html
import io
import json
import re
import sqlite3

import pytest

from webapp.bots.covenant.entry import new_draft

from ..engine.decks import deck, section
from .conftest import HTMX

SECTION = {
    "advancements": ["1.2"],
    "influence": [{"space": "2.2", "cubes": 2}],
    "end": "H",
    "top": False,
    "bottom": False,
    "effects": [{"type": "coins", "amount": 3}],
}


def new_deck(client, name: str = "My cards") -> str:
    response = client.post("/library/covenant/new", data={"name": name})
    return response.headers["Location"].rsplit("/", 1)[1]


def deck_data(client, deck_id: str) -> dict:
    return json.loads(client.get(f"/library/covenant/{deck_id}/export").data)


def save_section(client, deck_id: str, card: str, part: str, value: dict):
    return client.post(
        f"/library/covenant/{deck_id}/card/{card}/{part}",
        data={"value": json.dumps(value)},
        headers=HTMX,
    )


def upload(client, content: bytes, route: str = "/library/covenant/import"):
    return client.post(route, data={"file": (io.BytesIO(content), "deck.json")})


def deck_count(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT COUNT(*) FROM decks").fetchone()[0]


def test_the_library_lists_the_demo_and_each_deck_with_how_complete_it_is(client):
    deck_id = new_deck(client)
    save_section(client, deck_id, "03", "normal.0", {"sections": 4, "section": SECTION})
    page = html.unescape(client.get("/library/covenant").get_data(as_text=True))
    assert "Demo deck — not the printed cards" in page
    assert "18 of 18 cards, 144 of 144 sections" in page
    assert "0 of 18 cards, 1 of 144 sections" in page


def test_the_editor_asks_how_many_sections_and_puts_the_two_icons_on_the_centre_line(client):
    """ "Sections on this side: 1 … 6" read as "which one"; the icons' toggles say where
    the card has them (the steps say "Icon at the bottom of the centre line")."""
    deck_id = new_deck(client)
    editor = client.get(f"/library/covenant/{deck_id}/card/07/normal.0").get_data(as_text=True)
    assert "How many sections does this side print?" in editor
    assert "Sections on this side" not in editor
    icons = re.search(r"On the centre line:</span>(.*?)</div>", editor, re.S).group(1)
    assert "Top icon" in icons and "Bottom icon" in icons


def test_the_editor_builds_a_section_with_taps_and_saves_it(client):
    deck_id = new_deck(client)
    editor = client.get(f"/library/covenant/{deck_id}/card/07/normal.0").get_data(as_text=True)
    draft = html.unescape(re.search(r"name=\"draft\" value='([^']*)'", editor).group(1))
    # the editor's hidden fields, as htmx includes them with each tap
    save = html.unescape(re.search(r'name="save" value="([^"]*)"', editor).group(1))
    assert save == f"/library/covenant/{deck_id}/card/07/normal.0"
    taps = [
        {"op": "space", "space": "1.2"},
        {"op": "mode", "value": "end"},
        {"op": "space", "space": "H"},
        {"op": "pick", "effect": "coins"},
        {"op": "add", "effect": "coins", "value": "3"},
    ]
    for tap in taps:
        response = client.post(
            "/entry/covenant", data={"draft": draft, "save": save, **tap}, headers=HTMX
        )
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        draft = html.unescape(re.search(r"name=\"draft\" value='([^']*)'", text).group(1))
    answer = html.unescape(re.search(r"name=\"value\" value='([^']*)'", text).group(1))
    saved = client.post(
        f"/library/covenant/{deck_id}/card/07/normal.0", data={"value": answer}, headers=HTMX
    )
    assert saved.status_code == 204 and saved.headers["HX-Redirect"].endswith("/card/07")
    card = deck_data(client, deck_id)["cards"][0]
    assert card["sides"]["normal"]["sections"][0] == {
        "advancements": ["1.2"],
        "influence": [],
        "end": "H",
        "top": False,
        "bottom": False,
        "effects": [{"type": "coins", "amount": 3}],
    }


def test_a_wrong_tap_in_the_editor_is_refused_with_a_message():
    from webapp.bots.covenant.entry import EntryError, edit

    draft = new_draft("07", "normal", sections=4, fixed_count=False, wanted=0, rows=[3, 3, 3, 3])
    with pytest.raises(EntryError, match="off the board"):
        edit(draft, {"op": "space", "space": "5.1"})
    with pytest.raises(EntryError, match="only takes the end space"):
        edit(draft, {"op": "space", "space": "H"})


def test_an_entered_section_that_is_not_valid_is_not_saved(client):
    deck_id = new_deck(client)
    bad = {"sections": 4, "section": {**SECTION, "effects": [{"type": "kraken"}]}}
    response = save_section(client, deck_id, "07", "normal.0", bad)
    assert response.status_code == 422
    assert "effects.0.type" in response.get_data(as_text=True)
    assert deck_data(client, deck_id)["cards"] == []


def test_the_demo_deck_is_read_only(client):
    assert (
        save_section(
            client, "demo", "07", "normal.0", {"sections": 4, "section": SECTION}
        ).status_code
        == 405
    )


def test_editing_a_deck_never_changes_a_game_already_played(client):
    deck_id = new_deck(client)
    save_section(client, deck_id, "07", "normal.0", {"sections": 4, "section": SECTION})
    game = client.post(
        "/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "physical"}
    )
    game_id = game.headers["Location"].rsplit("/", 1)[1]
    changed = {**SECTION, "effects": [{"type": "coins", "amount": 9}]}
    save_section(client, deck_id, "07", "normal.0", {"sections": 4, "section": changed})
    exported = client.get(f"/g/{game_id}/export").get_json()
    assert exported["deck"]["cards"][0]["sides"]["normal"]["sections"][0] == SECTION


def test_an_incomplete_deck_plays_only_the_printed_cards(app, client):
    deck_id = new_deck(client)
    refused = client.post(
        "/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "app"}
    )
    assert refused.status_code == 422
    assert "physical-deck mode" in refused.get_data(as_text=True)
    assert (
        client.post(
            "/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "physical"}
        ).status_code
        == 303
    )


def test_a_complete_deck_is_shuffled_and_drawn_by_botdeck(client):
    full = deck(section(effects=[{"type": "coins", "amount": 4}]))
    full["name"] = "Complete"
    response = upload(client, json.dumps(full).encode())
    deck_id = response.headers["Location"].rsplit("/", 1)[1]
    game = client.post("/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "app"})
    page = client.get(game.headers["Location"]).get_data(as_text=True)
    assert "Where is your Ship?" in page


def test_the_printed_cards_need_a_deck_of_your_own(client):
    response = client.post(
        "/games", data={"bot": "covenant", "deck_id": "demo", "deck_mode": "physical"}
    )
    assert response.status_code == 422


def play_card(client, game_id: str, card: str) -> str:
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    version = int(re.search(r'data-game-version="(\d+)"', page).group(1))
    response = client.post(
        f"/g/{game_id}/answer", data={"version": version, "value": card}, headers=HTMX
    )
    return response.get_data(as_text=True)


def test_a_section_entered_in_a_game_is_learned_and_the_next_game_knows_it(client):
    deck_id = new_deck(client)
    first = client.post(
        "/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "physical"}
    )
    first_id = first.headers["Location"].rsplit("/", 1)[1]
    assert "enter what its normal side prints" in play_card(client, first_id, "11")
    page = client.get(f"/g/{first_id}").get_data(as_text=True)
    version = int(re.search(r'data-game-version="(\d+)"', page).group(1))
    client.post(
        f"/g/{first_id}/answer",
        headers=HTMX,
        data={"version": version, "value": json.dumps({"sections": 4, "section": SECTION})},
    )
    assert deck_data(client, deck_id)["cards"][0]["id"] == "11"

    second = client.post(
        "/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "physical"}
    )
    second_id = second.headers["Location"].rsplit("/", 1)[1]
    assert "Where is your Ship?" in play_card(client, second_id, "11")


def test_a_card_learned_by_another_game_meanwhile_shows_at_once(client):
    deck_id = new_deck(client)
    games = [
        client.post("/games", data={"bot": "covenant", "deck_id": deck_id, "deck_mode": "physical"})
        .headers["Location"]
        .rsplit("/", 1)[1]
        for _ in range(2)
    ]
    play_card(client, games[0], "04")
    page = client.get(f"/g/{games[0]}").get_data(as_text=True)
    version = int(re.search(r'data-game-version="(\d+)"', page).group(1))
    client.post(
        f"/g/{games[0]}/answer",
        headers=HTMX,
        data={"version": version, "value": json.dumps({"sections": 4, "section": SECTION})},
    )
    # the second game started before card 04 was known; naming it fills it in
    assert "Where is your Ship?" in play_card(client, games[1], "04")
    history = client.get(f"/g/{games[1]}/history").get_data(as_text=True)
    assert "entered" in history


def test_a_deck_exports_and_imports_back(app, client):
    deck_id = new_deck(client, "Round trip")
    save_section(client, deck_id, "02", "hard.1", {"sections": 3, "section": SECTION})
    data = deck_data(client, deck_id)
    client.post(f"/library/covenant/{deck_id}/delete")
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 303
    again = deck_data(client, response.headers["Location"].rsplit("/", 1)[1])
    assert again == data


def broken_deck(change) -> bytes:
    data = deck(section(influence=[{"space": "2.2", "cubes": 2}]))
    data["name"] = "Broken"
    change(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (broken_deck(lambda d: d.update(version=3)), "made by a newer Botdeck"),
        (
            broken_deck(lambda d: d["cards"][2]["sides"]["normal"]["sections"][0].pop("end")),
            "card 03, normal side, section 1",
        ),
        (
            broken_deck(
                lambda d: d["cards"][4]["sides"]["hard"]["sections"][0]["effects"].append(
                    {"type": "dragon"}
                )
            ),
            "card 05, hard side, section 1, field &#39;effects.1.type&#39;",
        ),
        (
            broken_deck(
                lambda d: d["cards"][6]["sides"]["normal"]["sections"][0]["influence"][0].update(
                    space="5.1"
                )
            ),
            "card 07, normal side, section 1, field &#39;influence&#39;",
        ),
        (broken_deck(lambda d: d["cards"][8].update(id="01")), "card 01 is listed twice"),
        (b"this is not JSON at all {", "it is not JSON"),
    ],
)
def test_a_bad_deck_file_is_refused_naming_card_and_field_and_nothing_changes(
    app, client, content, message
):
    kept = new_deck(client)
    before = deck_data(client, kept)
    response = upload(client, content)
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert message in text and "Nothing was imported" in text
    assert deck_count(app) == 1 and deck_data(client, kept) == before


def test_ten_megabytes_of_garbage_are_refused(app, client):
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="d.json"\r\n\r\n'
        + b"\x01" * 10_000_000
        + b"\r\n--x--\r\n"
    )
    response = client.post(
        "/library/covenant/import", data=body, content_type="multipart/form-data; boundary=x"
    )
    assert response.status_code == 413
    assert deck_count(app) == 0


def test_importing_a_deck_with_the_same_name_asks_keep_both_or_replace(app, client):
    first = deck(section())
    first["name"] = "Friends' cards"
    upload(client, json.dumps(first).encode())
    second = deck(section(effects=[{"type": "coins", "amount": 7}]))
    second["name"] = "Friends' cards"
    asked = upload(client, json.dumps(second).encode())
    text = html.unescape(asked.get_data(as_text=True))
    assert asked.status_code == 200 and "Keep both" in text and "Replace the old deck" in text
    data = html.unescape(
        re.search(r'name="data" value="([^"]*)"', asked.get_data(as_text=True)).group(1)
    )
    client.post("/library/covenant/import/resolve", data={"data": data, "choice": "both"})
    names = sorted(
        re.findall(
            r'class="game-name">([^<]*)<',
            html.unescape(client.get("/library/covenant").get_data(as_text=True)),
        )
    )
    assert names == ["Demo deck — not the printed cards", "Friends' cards", "Friends' cards (2)"]
    client.post("/library/covenant/import/resolve", data={"data": data, "choice": "replace"})
    assert deck_count(app) == 2


@pytest.mark.parametrize("bot", ["solo_enemy", "deacon"])
@pytest.mark.parametrize("card", ["zz", "99", "<script>"])
def test_a_card_the_game_does_not_have_is_not_found(client, bot, card):
    """The Deacon's card page answered 500 for any id not among its 17 cards (the
    server fuzz found it); the Solo Enemy's showed an entry that could not be made."""
    response = client.get(f"/library/{bot}/demo/card/{card}")
    assert response.status_code == 404
    assert "There is nothing here" in response.get_data(as_text=True)


@pytest.mark.parametrize(("bot", "card"), [("solo_enemy", "3"), ("deacon", "S5"), ("deacon", "1A")])
def test_a_card_the_game_has_shows_even_when_not_entered(client, bot, card):
    assert client.get(f"/library/{bot}/demo/card/{card}").status_code == 200


def start_form_choices(client, bot: str = "covenant") -> dict[str, list[str]]:
    """The radios the lobby's start form of `bot` opens with checked, by name."""
    page = client.get(f"/?bot={bot}").get_data(as_text=True)
    form = page[page.index('class="start-form"') :]
    form = form[: form.index("</form>")]
    checked: dict[str, list[str]] = {}
    for name, value in re.findall(
        r'<input type="radio" name="(\w+)" value="([^"]*)"[^>]* checked>', form
    ):
        checked.setdefault(name, []).append(value)
    return checked


@pytest.mark.parametrize("bot", ["covenant", "deacon", "solo_enemy"])
def test_a_new_game_never_opens_on_the_demo_deck(client, bot):
    # The demo deck is invented: the table picks it by its name. With no deck of its
    # own, the form opens on the printed cards, learned into a new deck as they turn up.
    choices = start_form_choices(client, bot)
    assert choices["deck_mode"] == ["physical"] and choices["deck_id"] == ["new"]


def test_a_new_game_opens_on_the_tables_most_complete_deck(client):
    partial = new_deck(client, "Half learned")
    save_section(client, partial, "02", "hard.1", {"sections": 3, "section": SECTION})
    new_deck(client, "Nothing yet")
    choices = start_form_choices(client)
    assert choices["deck_mode"] == ["physical"] and choices["deck_id"] == [partial]
    full = deck(section(effects=[{"type": "coins", "amount": 4}]))
    full["name"] = "Complete"
    complete = upload(client, json.dumps(full).encode()).headers["Location"].rsplit("/", 1)[1]
    choices = start_form_choices(client)
    assert choices["deck_mode"] == ["app"] and choices["deck_id"] == [complete]


def test_a_refused_start_form_comes_back_with_the_deck_the_table_chose(client):
    refused = client.post(
        "/games", data={"bot": "covenant", "deck_id": "demo", "deck_mode": "physical"}
    )
    form = refused.get_data(as_text=True)
    form = form[form.index('class="start-form"') :]
    assert re.search(r'name="deck_id" value="demo"[^>]* checked>', form)
    assert not re.search(r'name="deck_id" value="new"[^>]* checked>', form)


@pytest.mark.parametrize("path", ["", "/card/3", "/export", "/delete"])
def test_a_deck_that_is_not_in_the_library_is_not_found(client, path):
    response = client.get(f"/library/solo_enemy/no-such-deck{path}")
    assert response.status_code == 404
    assert "There is nothing here" in response.get_data(as_text=True)


def test_a_game_that_cannot_be_stored_leaves_no_new_deck_behind(app, client):
    """The new deck of "A new deck of my cards" was stored before its game, one
    transaction each: a failure storing the game (a full disk) left an empty deck."""
    with sqlite3.connect(app.config["DATABASE"]) as con:
        con.execute(
            "CREATE TRIGGER full_disk BEFORE INSERT ON games"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    started = client.post(
        "/games", data={"bot": "covenant", "deck_id": "new", "deck_mode": "physical"}
    )
    assert started.status_code >= 500
    assert deck_count(app) == 0
