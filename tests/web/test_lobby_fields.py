"""No dead end from the lobby: for every bot, any combination of the start-a-game form's
fields — the bot's options, the name, who draws the cards, the deck (the demo, one of the
device's own complete, incomplete or empty decks, a new one, another device's, nonsense),
a deck file (this bot's, another bot's, not a deck), the board — either starts a game
that can be played through its setup, or is refused with a 4xx and the reason next to
the field, nothing stored (no game, no stray deck, nothing kept).

A property test draws the fields; the two findings it was written for have their own
tests below (a Deacon game started on a deck that cannot be shuffled, a Bandits form
carrying deck fields).
"""

from __future__ import annotations

import io
import itertools
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp import create_app
from webapp.bots.deacon.board import demo_board
from webapp.engine import get_bot
from webapp.engine.capabilities import cards_of
from webapp.service import games

from ..budget import MUTANT_RUN, examples
from ..random_play import INCOMPLETE_BOARD, as_form_value, candidates
from .conftest import HTMX

NUMBERS = itertools.count(1)
# Steps of the game played after it starts: past the setup of every bot.
SETUP_STEPS = 25
TABLES = ("games", "decks", "kept", "device_games", "events")
GARBAGE = ["", " ", "x", "-1", "999999999999", "1e3", "null", "🦀", "a\x00b", "<b>"]


def upload(data: Any, name: str = "file.json") -> tuple[io.BytesIO, str]:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return io.BytesIO(raw), name


def imported_deck(client: Any, bot_id: str, keep: int | None = None) -> str:
    """A deck of the device's own: the demo deck's cards (its first `keep` only)."""
    data = {**cards_of(get_bot(bot_id)).demo_deck(), "name": f"Deck {next(NUMBERS)}"}
    data.pop("demo", None)
    if keep is not None:
        data["cards"] = data["cards"][:keep]
    response = client.post(f"/library/{bot_id}/import", data={"file": upload(data)})
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[1]


def empty_deck(client: Any, bot_id: str) -> str:
    response = client.post(f"/library/{bot_id}/new", data={"name": f"Empty {next(NUMBERS)}"})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def imported_board(client: Any, board: dict[str, Any]) -> str:
    data = {**board, "name": f"Board {next(NUMBERS)}"}
    response = client.post("/library/deacon/boards/import", data={"file": upload(data)})
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[1]


def device(app: Flask) -> Any:
    client = app.test_client()
    client.set_cookie("botdeck_device", f"lobby-fields-device-{next(NUMBERS):08d}")
    return client


def option_values(bot_id: str) -> dict[str, st.SearchStrategy[Any]]:
    """For each option field of the bot's form: what a browser sends (each choice, a
    tick, a number in range) and what a crafted form may (anything else)."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, declared in get_bot(bot_id).options_schema["properties"].items():
        if name in ("board", "deck_mode"):
            continue  # the lobby's own fields, drawn below
        if "enum" in declared:
            sent = st.sampled_from([str(value) for value in declared["enum"]])
        elif declared.get("type") == "boolean":
            sent = st.sampled_from(["on", ""])
        elif declared.get("type") == "integer":
            sent = st.integers(declared.get("minimum", 0), declared.get("maximum", 99)).map(str)
        elif declared.get("type") == "array":
            names = ["Ann", "Ben", "orcs", "elves", "dwarves"]
            sent = st.lists(
                st.sampled_from(names),
                min_size=declared.get("minItems", 1),
                max_size=declared.get("maxItems", 4),
                unique=True,
            )
        else:
            sent = st.sampled_from(["humans", "elves", "orcs"])
        # mostly what a browser sends, so that the deck and board fields count too
        fields[name] = st.one_of(sent, sent, sent, sent, st.sampled_from(GARBAGE), st.none())
    return fields


@st.composite
def lobby_form(draw: st.DrawFn, bot_id: str) -> dict[str, Any]:
    """The fields of a start-a-game form for `bot_id` (None: the field is not sent);
    library choices are named and made for the device just before the form is sent."""
    form: dict[str, Any] = {"bot": bot_id}
    for name, values in option_values(bot_id).items():
        form[name] = draw(values, label=name)
    form["name"] = draw(st.sampled_from([None, "", "Tuesday night", "x" * 81, "a\nb"]))
    form["deck_mode"] = draw(st.sampled_from([None, "app", "app", "physical", "physical", "both"]))
    form["deck_id"] = draw(
        st.sampled_from(
            [None, "demo", "new", "complete", "incomplete", "empty", "another's", "nonsense"]
        )
    )
    form["deck"] = draw(
        st.sampled_from([None, None, None, "this bot's", "another bot's", "not json"])
    )
    form["board_id"] = draw(st.sampled_from([None, "demo", "mine", "half", "nonsense"]))
    return form


def prepared(client: Any, app: Flask, form: dict[str, Any]) -> dict[str, Any]:
    """The form as a browser sends it, the library choices it names made for this device."""
    bot_id = form["bot"]
    has_cards = get_bot(bot_id).cards is not None
    fields = {name: value for name, value in form.items() if value is not None}
    deck_id, deck_file, board_id = (fields.get(name) for name in ("deck_id", "deck", "board_id"))
    if has_cards and deck_id == "complete":
        fields["deck_id"] = imported_deck(client, bot_id)
    elif has_cards and deck_id == "incomplete":
        fields["deck_id"] = imported_deck(client, bot_id, keep=3)
    elif has_cards and deck_id == "empty":
        fields["deck_id"] = empty_deck(client, bot_id)
    elif has_cards and deck_id == "another's":
        fields["deck_id"] = imported_deck(device(app), bot_id)
    if deck_file == "this bot's":
        fields["deck"] = upload(cards_of(get_bot(bot_id if has_cards else "covenant")).demo_deck())
    elif deck_file == "another bot's":
        other = get_bot("covenant" if bot_id == "deacon" else "deacon")
        fields["deck"] = upload(cards_of(other).demo_deck())
    elif deck_file == "not json":
        fields["deck"] = upload(b"{not json")
    if board_id == "mine":
        fields["board_id"] = imported_board(client, demo_board())
    elif board_id == "half":
        fields["board_id"] = imported_board(client, INCOMPLETE_BOARD)
    return fields


def stored(app: Flask) -> dict[str, int]:
    connection = sqlite3.connect(Path(app.config["DATABASE"]))
    try:
        return {t: connection.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}
    finally:
        connection.close()


def played_through_setup(app: Flask, client: Any, game_id: str) -> None:
    """Each of the game's first steps takes one of the answers a table could give: the
    game never stops at a step that refuses everything."""
    for _ in range(SETUP_STEPS):
        with app.app_context():
            opened = games.open_game(game_id)
        pending = opened.game.pending()
        if pending is None:
            return
        refusals = []
        for value in candidates(opened.game):
            response = client.post(
                f"/g/{game_id}/answer",
                data={"version": opened.version, "value": as_form_value(value)},
                headers=HTMX,
            )
            if response.status_code == 200:
                break
            assert response.status_code == 422, response.get_data(as_text=True)[:300]
            refusals.append(response.get_data(as_text=True))
        else:
            raise AssertionError(f"a dead end at {pending.title}: every answer is refused")


@pytest.fixture(scope="module")
def lobby_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp("lobby"))})


@pytest.mark.parametrize("bot_id", ["covenant", "solo_enemy", "deacon", "bandits"])
@settings(
    max_examples=examples(100),
    derandomize=MUTANT_RUN,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_lobby_form_starts_a_playable_game_or_is_refused_with_nothing_stored(
    lobby_app: Flask, bot_id: str, data: st.DataObject
) -> None:
    client = device(lobby_app)
    client.get("/")  # the device's own visit first, as a browser's
    fields = prepared(client, lobby_app, data.draw(lobby_form(bot_id), label="form"))
    before = stored(lobby_app)
    response = client.post("/games", data=fields)
    if response.status_code == 303:
        game_id = response.headers["Location"].rsplit("/", 1)[1]
        played_through_setup(lobby_app, client, game_id)
        return
    assert 400 <= response.status_code < 500, (response.status_code, fields)
    shown = response.get_data(as_text=True)
    if response.status_code == 422:
        assert 'class="field-error"' in shown, fields
    assert stored(lobby_app) == before, fields


def test_deacon_refuses_to_shuffle_a_deck_it_cannot_deal_and_keeps_no_new_deck(
    lobby_app: Flask,
) -> None:
    """The finding: *Botdeck shuffles* with an empty or incomplete deck started a game
    whose first *Done* was refused forever, and left an empty "My cards" deck."""
    client = device(lobby_app)
    client.get("/")
    for deck_id in ("new", empty_deck(client, "deacon"), imported_deck(client, "deacon", keep=9)):
        before = stored(lobby_app)
        form = {"bot": "deacon", "deck_mode": "app", "deck_id": deck_id, "board_id": "demo"}
        response = client.post("/games", data=form)
        assert response.status_code == 422
        shown = response.get_data(as_text=True)
        assert 'id="deck-id-error"' in shown
        assert "play the printed cards" in shown
        assert stored(lobby_app) == before
    # the same deck with the printed cards: a game that plays through its setup
    response = client.post(
        "/games",
        data={"bot": "deacon", "deck_mode": "physical", "deck_id": "new", "board_id": "demo"},
    )
    assert response.status_code == 303
    played_through_setup(lobby_app, client, response.headers["Location"].rsplit("/", 1)[1])


def test_a_bot_without_cards_ignores_the_deck_fields_of_a_crafted_form(
    lobby_app: Flask,
) -> None:
    """The finding: `bot=bandits&mode=solo&deck_id=new` answered 500."""
    client = device(lobby_app)
    for deck_fields in (
        {"deck_id": "new"},
        {"deck_id": "nonsense", "deck_mode": "physical"},
        {"deck": upload(cards_of(get_bot("covenant")).demo_deck())},
    ):
        before = stored(lobby_app)
        response = client.post("/games", data={"bot": "bandits", "mode": "solo", **deck_fields})
        assert response.status_code == 303
        assert stored(lobby_app)["decks"] == before["decks"]


def test_a_deck_file_of_another_bot_is_refused_next_to_the_deck_file_field(
    lobby_app: Flask,
) -> None:
    client = device(lobby_app)
    response = client.post(
        "/games",
        data={
            "bot": "solo_enemy",
            "factions": ["orcs"],
            "deck": upload(cards_of(get_bot("covenant")).demo_deck()),
        },
    )
    assert response.status_code == 422
    assert 'id="deck-file-error"' in response.get_data(as_text=True)
