"""The table's copy of the game: its page (every printed part in setup order, each with
its state, entered in the game's own form, Undo), its file (checked in full, refused with
the part and field), what the lobby says a game will use of it, the setup it answers,
and never a silent demo."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import jsonschema
import pytest

from webapp.bots.deacon.board import demo_board
from webapp.bots.deacon.components import DEMO_COMPONENTS, PARTS
from webapp.bots.deacon.turn import SETUP_PARTS
from webapp.engine import get_bot
from webapp.service import games, table_copy
from webapp.storage import db

from ..engine.deacon import real_components
from ..engine.solo_enemy import PROFILE
from .conftest import HTMX, answer, new_game, page, step_title
from .lobby_form import form_as_opened
from .test_fields import TILE, TILE_KEY, tile_copy  # noqa: F401 - a fixture

COPY = "/library/deacon/copy"
REAL_POLLUTION = {"small": 1, "medium": 2, "large": 4}  # not the invented values


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def upload(data: Any) -> dict[str, Any]:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return {"file": (io.BytesIO(raw), "copy.json")}


def deacon_copy(**parts: Any) -> dict[str, Any]:
    board = {**demo_board(), "name": "Harbour table"}
    board.pop("demo")
    values = {f"components:{part}": value for part, value in real_components().items()}
    values.update(parts)
    return {
        "format": "botdeck-copy",
        "version": 1,
        "bot": "deacon",
        "parts": values,
        "board": board,
    }


def imported(client: Any, data: Any, bot_id: str = "deacon") -> Any:
    return client.post(f"/library/{bot_id}/copy/import", data=upload(data))


def kept_rows(app: Any) -> list[tuple[str, str]]:
    with app.app_context():
        rows = db.get_db().execute("SELECT bot, key FROM kept ORDER BY bot, key").fetchall()
    return [(row[0], row[1]) for row in rows]


# --- never a silent demo ----------------------------------------------------------------


def test_a_newcomers_deacon_game_from_the_lobby_as_it_opens_is_not_on_the_demo_board(app, client):
    lobby = text(client.get("/?bot=deacon"))
    form = form_as_opened(lobby)
    assert form["bot"] == "deacon" and form["board_id"] == "none"
    response = client.post("/games", data=form)
    # no board entered: not started on invented cardboard, but asked to enter it first
    assert response.status_code == 422
    refused = text(response)
    assert "your board is not entered yet" in refused
    assert 'href="/library/deacon/copy#board"' in refused
    with app.app_context():
        assert db.get_db().execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    # with the table's copy entered, the same tap starts on the table's board
    assert imported(client, deacon_copy()).status_code == 303
    form = form_as_opened(text(client.get("/?bot=deacon")))
    response = client.post("/games", data=form)
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        board = games.open_game(game_id).game.state.board
    assert board["name"] == "Harbour table" and not board.get("demo")
    shown = page(client, game_id)
    assert "Demo board" not in shown and "Demo values" not in shown


# --- the lobby: what this game will use --------------------------------------------------


def uses_of(shown: str) -> list[str]:
    block = re.search(r'<section class="start-uses".*?</section>', shown, re.S)
    assert block is not None
    items = re.findall(r"<li[^>]*>(.*?)</li>", block.group(0), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def test_the_lobby_lists_what_the_game_will_use_and_what_is_missing(client):
    shown = text(client.get("/?bot=deacon"))
    uses = uses_of(shown)
    assert uses[0] == "Board: not entered yet"
    assert "Research track: not entered yet — asked at setup" in uses
    imported(client, deacon_copy())
    uses = uses_of(text(client.get("/?bot=deacon")))
    assert uses[0] == "Board: yours — Harbour table"
    assert "Research track: entered" in uses and "VP of the Pollution tiles: entered" in uses
    # the demo board chosen by name: said so
    changed = client.post("/games/uses", data={"bot": "deacon", "board_id": "demo"}, headers=HTMX)
    assert changed.status_code == 200
    assert uses_of(text(changed))[0] == "Board: the invented demo board — not the printed board"


def test_the_lobby_summary_follows_the_factions_chosen_with_and_without_a_script(client):
    client.post(
        "/library/solo_enemy/copy/part/faction:orcs",
        data={"value": json.dumps(PROFILE)},
    )
    form = {"bot": "solo_enemy", "you": "humans", "factions": ["orcs", "elves"]}
    changed = client.post("/games/uses", data=form, headers=HTMX)
    assert uses_of(text(changed)) == [
        "Costs of the Orcs: entered",
        "Costs of the Elves: not entered yet — asked at setup",
    ]
    # without a script: the button asks for the lobby again, the form as it was sent
    whole = text(client.post("/games/uses", data=form))
    assert 'name="factions" value="elves" checked' in whole
    assert 'name="factions" value="dwarves" checked' not in whole
    assert uses_of(whole)[1] == "Costs of the Elves: not entered yet — asked at setup"


# --- the copy page -----------------------------------------------------------------------


def test_the_library_has_a_tile_per_game_leading_to_its_copy(client):
    shown = text(client.get("/library"))
    for bot_id in ("covenant", "deacon", "solo_enemy", "bandits"):
        assert f'href="/library/{bot_id}/copy"' in shown
    assert "Your copy of Reef Project" in shown
    assert 'href="/library"' in text(client.get("/"))  # from the lobby


def test_the_copy_page_lists_every_part_in_setup_order_with_its_state(app, client):
    shown = text(client.get(COPY))
    names = re.findall(
        r'<li class="copy-part" id="part-[^"]*">\s*<span class="copy-part-name"><strong>([^<]+)',
        shown,
    )
    assert names == [
        "Effects along the score track",
        "VP of the Pollution tiles",
        "Research track",
        "Seafloor track and its Oxygen Tanks",
        "Reef Balls: initial deployment area and columns",
        "Crew rows of its Ship board",
        "Mission colours",
    ]
    assert shown.count("state-missing") == 1 + len(PARTS)  # the board too
    # invented values kept by an earlier Botdeck read as demo values, not as entered
    with app.app_context():
        db.save_kept("", "deacon", "components:crew", DEMO_COMPONENTS["crew"], db.now())
        db.claim("tests-device-copy-0001", db.now())
    client.set_cookie("botdeck_device", "tests-device-copy-0001")
    shown = text(client.get(COPY))
    assert 'class="copy-state state-demo">Demo values' in shown
    assert "Invented values, not your cardboard" in shown


def test_a_part_is_entered_in_the_games_own_form_checked_as_a_game_checks_it(app, client):
    form = text(client.get(f"{COPY}/part/components:pollution"))
    assert 'name="entry.small"' in form and "Fill in invented demo values" not in form
    before = kept_rows(app)
    refused = client.post(f"{COPY}/part/components:pollution", data={"entry.small": "99"})
    assert refused.status_code == 422
    assert "small" in text(refused) and "Nothing was changed" in text(refused)
    assert kept_rows(app) == before
    saved = client.post(
        f"{COPY}/part/components:pollution",
        data={"entry.small": "1", "entry.medium": "2", "entry.large": "4"},
    )
    assert saved.status_code == 303
    shown = text(client.get(saved.headers["Location"]))
    assert "Saved in your copy" in shown
    part = shown.split('id="part-components-pollution"', 1)[1].split("</li>", 1)[0]
    assert "state-entered" in part
    exported = json.loads(client.get(f"{COPY}/export").data)
    assert exported["parts"] == {"components:pollution": REAL_POLLUTION}


def test_the_score_board_and_a_new_faction_use_their_games_forms_too(client):
    form = text(client.get("/library/bandits/copy/part/score-board"))
    assert 'name="entry.score_end"' in form and "Save the Score Board" in form
    refused = client.post(
        "/library/bandits/copy/part/score-board",
        data={
            "entry.score_end": "30",
            "entry.bandit_end": "12",
            "entry.stars_1": "2",
            "entry.start_2": "10",
            "entry.stars_2": "3",
            "entry.start_3": "5",
            "entry.stars_3": "1",
        },
    )
    assert refused.status_code == 422  # the game's own check: a section after the first
    added = client.post("/library/solo_enemy/copy/extra", data={"name": "Merfolk"})
    assert added.status_code == 303
    assert added.headers["Location"].endswith("/library/solo_enemy/copy/part/faction:merfolk")
    client.post(added.headers["Location"], data={"value": json.dumps(PROFILE)})
    assert "Costs of the merfolk" in text(client.get("/library/solo_enemy/copy"))


def test_undo_takes_back_the_last_change_a_file_imported_whole(client):
    url = f"{COPY}/part/components:pollution"
    client.post(url, data={"entry.small": "1", "entry.medium": "2", "entry.large": "4"})
    client.post(url, data={"entry.small": "2", "entry.medium": "3", "entry.large": "5"})
    imported(client, deacon_copy())

    def parts() -> dict[str, Any]:
        return json.loads(client.get(f"{COPY}/export").data)["parts"]

    assert len(parts()) == len(PARTS)
    assert client.post(f"{COPY}/undo").status_code == 303  # the import, whole
    assert parts() == {"components:pollution": {"small": 2, "medium": 3, "large": 5}}
    client.post(f"{COPY}/undo")
    assert parts() == {"components:pollution": REAL_POLLUTION}
    client.post(f"{COPY}/undo")
    assert parts() == {}
    assert "disabled>" in text(client.get(COPY)).split("Undo the last change")[0][-200:]


def test_a_copy_file_whose_import_fails_half_way_leaves_no_board_behind(app, client):
    """Its board was stored in the library, then the copy changed in a transaction of its
    own: a failure there (a full disk) left a board no one chose."""
    before = kept_rows(app)
    with app.app_context():
        db.get_db().execute(
            "CREATE TRIGGER full_disk BEFORE INSERT ON kept WHEN (SELECT COUNT(*) FROM kept)"
            f" >= {len(before) + 1} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    assert imported(client, deacon_copy()).status_code >= 500
    assert kept_rows(app) == before


def test_the_copys_undo_takes_back_its_last_twelve_changes_and_no_more(app):
    """README, the copy page: *Undo the last change* takes back "the last 12", as the
    board editor's Undo does (tests/test_store_guards.py). Guards the bound of the undo
    list both share (it would grow in the database at every change, without end)."""
    owner = "copy-owner-device"
    with app.app_context():
        part = table_copy.find_part("deacon", "components:pollution", owner).part
        for small in range(15):
            entered = {"small": str(small - 7), "medium": "2", "large": "4"}  # as a form sends
            table_copy.save_part("deacon", part, entered, owner)
        undone = []
        while table_copy.undo("deacon", owner):
            undone.append(db.find_kept(owner, "deacon", "components:pollution")["small"])
        assert undone == [small - 7 for small in range(13, 1, -1)]
        assert not table_copy.can_undo("deacon", owner)
        assert db.find_kept(owner, "deacon", "components:pollution")["small"] == 2 - 7


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"components:pollution": {"small": 99, "medium": 2, "large": 4}},
            "VP of the Pollution tiles",
        ),
        ({"components:nonsense": {}}, "components:nonsense"),
        ({"components:research": "many"}, "Research track"),
    ],
)
def test_a_copy_file_with_a_part_that_cannot_be_used_is_refused_whole(app, client, change, said):
    before = kept_rows(app)
    data = deacon_copy()
    data["parts"].update(change)
    response = imported(client, data)
    assert response.status_code == 422
    assert said in text(response) and "Nothing was imported" in text(response)
    assert kept_rows(app) == before


def test_a_file_that_is_not_a_copy_or_for_another_game_is_refused(client):
    for data, said in (
        (b"{nope", "not a Botdeck copy file"),
        ({**deacon_copy(), "version": 2}, "made by a newer Botdeck"),
        ({**deacon_copy(), "bot": "bandits"}, "the copy of another game"),
        (demo_board(), "not a Botdeck copy file"),
    ):
        response = imported(client, data)
        assert response.status_code == 422 and said in text(response)


def test_the_copy_file_schema_is_published_and_an_export_follows_it(client):
    imported(client, deacon_copy())
    for bot_id in ("deacon", "solo_enemy", "bandits", "covenant"):
        schema = json.loads(client.get(f"/schemas/{bot_id}-copy.json").data)
        exported = json.loads(client.get(f"/library/{bot_id}/copy/export").data)
        jsonschema.validate(exported, schema)
    assert client.get("/schemas/nobody-copy.json").status_code == 404


# --- the setup the copy answers ----------------------------------------------------------


def test_a_game_asks_no_part_the_copy_holds_and_its_log_holds_them(app, client):
    imported(client, deacon_copy())
    game_id = (
        client.post("/games", data={"bot": "deacon", "deck_id": "demo"})
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    # every part from the copy, in the log before the first tap: "Setup" 1 is asked
    shown = page(client, game_id)
    assert step_title(shown) == "At the table: 2 things, in order"
    assert "You are the first player" in shown
    with app.app_context():
        game = games.open_game(game_id).game
    assert game.state.components["pollution"] == REAL_POLLUTION
    assert [a["answer"] for a in game.actions] == [real_components()[part] for part in SETUP_PARTS]


def test_the_parts_the_copy_answers_are_logged_under_the_devices_name_never_its_id(app, client):
    """The device's id is the secret that makes it that device: the History, open to
    everyone with the game's link, names it as every tap does."""
    imported(client, deacon_copy())
    game_id = (
        client.post("/games", data={"bot": "deacon", "deck_id": "demo"})
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    device_id = client.get_cookie("botdeck_device").value
    with app.app_context():
        name = db.find_device(device_id).name
        assert {event.device for event in db.events(game_id)} == {name}
    history = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert device_id not in history and name in history


def test_a_part_the_copy_kept_before_a_stricter_check_is_asked_again(app, client):
    """An earlier Botdeck let a Research track of 4 spaces be kept: a new game does not
    take it without asking (it is refused as it would be typed now); it asks for it, with
    the parts before it taken from the copy."""
    imported(client, deacon_copy())
    device_id = client.get_cookie("botdeck_device").value
    four = {"spaces": [{"vp": n, "milestone": False, "missions": 1} for n in range(4)]}
    with app.app_context():
        db.save_kept(device_id, "deacon", "components:research", four, db.now())
    started = client.post("/games", data={"bot": "deacon", "deck_id": "demo"})
    assert started.status_code == 303
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        game = games.open_game(game_id).game
    asked = SETUP_PARTS.index("research")
    assert [a["answer"] for a in game.actions] == [
        real_components()[part] for part in SETUP_PARTS[:asked]
    ]
    pending = game.pending()
    assert (pending.step.kind, pending.step.params) == ("components", {"part": "research"})


def test_a_part_entered_at_setup_goes_into_the_copy(app, client):
    board = {**demo_board(), "name": "Ours"}
    board.pop("demo")
    imported(
        client,
        {"format": "botdeck-copy", "version": 1, "bot": "deacon", "parts": {}, "board": board},
    )
    game_id = (
        client.post("/games", data={"bot": "deacon", "deck_id": "demo"})
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    shown = page(client, game_id)  # the parts the copy lacks: first, in the setup's order
    assert step_title(shown) == "Enter once what is printed: Effects along the score track"
    assert "Fill in invented demo values" not in shown
    answer(client, game_id, {"value": json.dumps(DEMO_COMPONENTS["score_track"] | {})})
    answer(client, game_id, {"entry.small": "1", "entry.medium": "2", "entry.large": "4"})
    exported = json.loads(client.get(f"{COPY}/export").data)
    # the pollution entered: kept; the score track typed as the invented values: not
    assert exported["parts"] == {"components:pollution": REAL_POLLUTION}


def test_a_part_the_unclaimed_copy_answers_for_a_game_no_device_started_names_no_device(app):
    """A game started by no device (a script using the service) takes a printed part from
    the copy no device owns yet: its History names no device for that tap."""
    with app.app_context():
        for part in SETUP_PARTS:
            db.save_kept("", "deacon", f"components:{part}", real_components()[part], db.now())
        game_id = games.create_game("deacon", {}, name="Script")
        logged = db.events(game_id)
    assert logged and {event.device for event in logged} == {""}


# --- a kept form's own buttons ------------------------------------------------------------

TILE_PART = f"/library/covenant/copy/part/{TILE_KEY}"
MINE = {"entry.type": "mine", "entry.stars": "3", "entry.camp": "yes"}


def kept_data(app: Any) -> list[tuple[str, str, str, str]]:
    """Every kept entry, undo lists included, as stored."""
    with app.app_context():
        rows = db.get_db().execute("SELECT owner, bot, key, data FROM kept ORDER BY 1, 2, 3")
        return [tuple(row) for row in rows]


@pytest.mark.usefixtures("tile_copy")
def test_a_button_answer_on_a_kept_form_never_overwrites_that_part_of_the_copy(
    app, client, monkeypatch
):
    """A game asks the tile form, a printed part; the copy holds the tile, entered on
    the copy page meanwhile; the table taps the form's own *Cancel*: the game takes it,
    and the copy (and its undo list) is as it was. Guards `games._remember` keeping only
    a form's values, never one of its buttons."""
    game_id = new_game(client, {"bot": "covenant"})
    with app.app_context():
        kind = get_bot("covenant").step_types[games.open_game(game_id).game.pending().step.kind]
    monkeypatch.setattr(kind, "question", lambda state, step: TILE)
    monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
    assert client.post(TILE_PART, data=MINE).status_code == 303
    before = kept_data(app)
    assert answer(client, game_id, {"value": "cancel"}).status_code == 200
    with app.app_context():
        assert games.open_game(game_id).game.actions == [{"answer": "cancel"}]
    assert kept_data(app) == before
    exported = json.loads(client.get("/library/covenant/copy/export").data)
    assert exported["parts"] == {TILE_KEY: {"type": "mine", "stars": 3, "camp": True}}


@pytest.mark.usefixtures("tile_copy")
def test_the_copy_page_draws_no_button_of_a_kept_form_and_refuses_one_sent_anyway(app, client):
    """*Cancel* answers a game's step; on the copy page it would store the word "cancel"
    as what the cardboard prints, which every game would then answer with."""
    shown = text(client.get(TILE_PART))
    assert 'name="entry.type"' in shown and "Reveal it" in shown
    assert 'value="cancel"' not in shown and "Cancel" not in shown
    for entered in ((), (MINE,)):
        for data in entered:
            assert client.post(TILE_PART, data=data).status_code == 303
        before = kept_data(app)
        refused = client.post(TILE_PART, data={"value": "cancel"})
        assert refused.status_code == 422
        said = text(refused)
        assert "“Cancel” is one of the form's buttons" in said and "Nothing was changed" in said
        assert kept_data(app) == before
