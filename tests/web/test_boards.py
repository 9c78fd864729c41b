"""The board library: the players' own boards built by taps, board files, a game started
on one of them, and what a device could send that no page would."""

from __future__ import annotations

import html
import io
import json
import re
import sqlite3

import pytest

from webapp.bots.deacon.board import demo_board
from webapp.service import boards, games

from .conftest import HTMX, OWNER, owner_client

BOARDS = "/library/deacon/boards"


def new_board(client, name: str = "Our board") -> str:
    response = client.post(f"{BOARDS}/new", data={"name": name})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def board_file(client, board_id: str) -> dict:
    response = client.get(f"{BOARDS}/{board_id}/export")
    assert response.status_code == 200
    return json.loads(response.data)


def board_count(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT COUNT(*) FROM kept WHERE key LIKE 'board:%'").fetchone()[0]


def upload(client, content: bytes | dict):
    if isinstance(content, dict):
        content = json.dumps(content).encode()
    return client.post(
        f"{BOARDS}/import", data={"file": (io.BytesIO(content), "board.json")}, headers=HTMX
    )


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def editing_of(page: str) -> dict:
    found = re.search(r"id=\"board-editing\" name=\"editing\" value='([^']*)'", page)
    return json.loads(html.unescape(found.group(1)))


class Editor:
    """The editor as a browser holds it: each tap sends back the state it was given."""

    def __init__(self, client, board_id: str) -> None:
        self.client, self.board_id = client, board_id
        self.editing = editing_of(client.get(f"{BOARDS}/{board_id}").get_data(as_text=True))

    def tap(self, expect: int = 200, **fields):
        response = self.client.post(
            f"{BOARDS}/{self.board_id}/tap",
            data={"editing": json.dumps(self.editing), **fields},
            headers=HTMX,
        )
        assert response.status_code == expect, text(response)[:400]
        self.editing = editing_of(response.get_data(as_text=True))
        return response

    def mode(self, mode: str):
        return self.tap(op="mode", value=mode)

    def island(self, n: int):
        return self.tap(op="island", n=str(n))

    def route(self, a: int, b: int, cost: int):
        self.island(a)
        self.island(b)
        return self.tap(op="cost", value=str(cost))


def triangle(client, board_id: str) -> Editor:
    """Islands 1, 2, 3 placed, the three routes between them, sector A with 2 sharks."""
    editor = Editor(client, board_id)
    for spot in ("125,125", "425,125", "275,375"):
        editor.tap(op="point", at=spot)
    editor.mode("routes")
    editor.route(1, 2, 1)
    editor.route(2, 3, 2)
    editor.route(3, 1, 0)
    editor.mode("sectors")
    for key in ("1-2", "2-3", "1-3"):
        picked = editor.tap(op="route", key=key)
    assert "These 3 routes make a closed loop" in text(picked)
    editor.tap(op="sharks", value="2")
    editor.tap(op="save_sector")
    return editor


# --- the library ---------------------------------------------------------------------------


def test_the_library_lists_the_demo_board_and_each_board_with_what_it_lacks(client):
    new_board(client, "Kitchen table")
    page = text(client.get(BOARDS))
    assert "Demo board — not the printed board" in page
    assert "16 islands, 30 routes, 11 sectors · complete" in page
    assert "Kitchen table" in page and "0 islands, 0 routes, 0 sectors · incomplete" in page
    assert "No island yet: place the islands as they are printed." in page
    assert "/schemas/deacon-board.json" in page


def test_the_demo_board_is_drawn_but_never_edited(client):
    page = text(client.get(f"{BOARDS}/demo"))
    assert "Demo board — not the printed board" in page
    assert '<svg class="editor-drawing"' in page and "tap-island" not in page
    assert 'name="editing"' not in page
    refused = client.post(f"{BOARDS}/demo/tap", data={"op": "point", "at": "25,25"})
    assert refused.status_code == 405
    assert client.post(f"{BOARDS}/demo/delete").status_code == 405
    assert client.post(f"{BOARDS}/demo/rename", data={"name": "Mine"}).status_code == 405
    assert board_file(client, "demo") == demo_board()


def test_the_card_library_links_to_the_boards_of_a_bot_that_has_them(client):
    assert f'href="{BOARDS}"' in client.get("/library/deacon").get_data(as_text=True)
    assert "/boards" not in client.get("/library/covenant").get_data(as_text=True)
    assert client.get("/library/covenant/boards").status_code == 404


def test_the_board_schema_is_published(client):
    response = client.get("/schemas/deacon-board.json")
    assert response.status_code == 200 and response.mimetype == "application/schema+json"
    assert response.json["properties"]["format"] == {"const": "botdeck-board"}
    assert client.get("/schemas/covenant-board.json").status_code == 404
    assert client.get("/schemas/kraken-board.json").status_code == 404


# --- the editor, tap by tap ----------------------------------------------------------------


def test_a_board_is_built_by_taps_and_every_tap_is_saved(client):
    board_id = new_board(client)
    editor = triangle(client, board_id)
    saved = board_file(client, board_id)
    assert saved["islands"] == [
        {"number": 1, "x": 125, "y": 125},
        {"number": 2, "x": 425, "y": 125},
        {"number": 3, "x": 275, "y": 375},
    ]
    assert saved["routes"] == [
        {"a": 1, "b": 2, "cost": 1},
        {"a": 2, "b": 3, "cost": 2},
        {"a": 1, "b": 3, "cost": 0},
    ]
    assert saved["sectors"] == [{"id": "A", "routes": [[1, 2], [2, 3], [1, 3]], "sharks": 2}]
    assert editor.editing["mode"] == "sectors" and editor.editing["picked"] == []
    page = text(client.get(f"{BOARDS}/{board_id}"))
    assert "3 islands, 3 routes, 1 sector" in page
    assert "Complete: Deacon works out every move and Reef Ball on this board." in page


def test_the_live_check_says_what_is_missing_after_each_tap(client):
    editor = Editor(client, new_board(client))
    placed = text(editor.tap(op="point", at="75,75"))
    assert "Island 1 has no route." in placed and "No sector yet" in placed
    assert "Island 1 is selected" in placed  # the new island, to renumber at once
    editor.tap(op="point", at="475,75")
    editor.mode("routes")
    joined = text(editor.route(1, 2, 2))
    assert "Island 1 has no route." not in joined and "Island 2 has no route." not in joined
    editor.mode("sectors")
    one = text(editor.tap(op="route", key="1-2"))
    assert "1 route picked, not a closed loop yet: tap every route around the sector." in one
    picked = text(editor.tap(op="save_sector"))
    assert "Sector A is not closed: its routes do not make one loop." in picked


def test_a_tap_on_an_island_in_routes_mode_starts_a_route_and_a_second_one_ends_it(client):
    board_id = new_board(client)
    editor = Editor(client, board_id)
    for spot in ("125,125", "425,125"):
        editor.tap(op="point", at=spot)
    editor.mode("routes")
    started = text(editor.island(2))
    assert "Now tap the island at the other end of the route from 2." in started
    ended = text(editor.island(1))
    assert "Route 1–2: tap the energy icons it prints (0, 1 or 2)." in ended
    assert editor.editing["route"] == "1-2"
    assert board_file(client, board_id)["routes"] == [{"a": 1, "b": 2, "cost": 1}]
    editor.tap(op="cost", value="2")
    editor.island(2)
    editor.island(1)  # the same route again: selected, not added twice
    assert board_file(client, board_id)["routes"] == [{"a": 1, "b": 2, "cost": 2}]


def test_renumbering_an_island_renumbers_its_routes_and_sectors(client):
    board_id = new_board(client)
    editor = triangle(client, board_id)
    editor.mode("islands")
    editor.island(3)
    editor.tap(op="renumber", number="7")
    saved = board_file(client, board_id)
    assert [i["number"] for i in saved["islands"]] == [1, 2, 7]
    assert {(r["a"], r["b"]) for r in saved["routes"]} == {(1, 2), (2, 7), (1, 7)}
    assert saved["sectors"][0]["routes"] == [[1, 2], [2, 7], [1, 7]]
    taken = editor.tap(expect=422, op="renumber", number="1")
    assert "Island 1 is already on the board." in text(taken)
    assert board_file(client, board_id) == saved


def test_deleting_an_island_takes_its_routes_and_a_sector_left_without_routes(client):
    board_id = new_board(client)
    editor = triangle(client, board_id)
    editor.mode("routes")
    editor.tap(op="route", key="1-2")
    editor.tap(op="delete_route")
    assert board_file(client, board_id)["sectors"][0]["routes"] == [[2, 3], [1, 3]]
    editor.mode("islands")
    editor.island(3)
    page = text(editor.tap(op="delete_island"))
    saved = board_file(client, board_id)
    assert [i["number"] for i in saved["islands"]] == [1, 2]
    assert saved["routes"] == [] and saved["sectors"] == []
    assert "Island 1 has no route." in page and "Island 2 has no route." in page


def test_a_sector_tapped_by_its_name_changes_its_sharks_or_is_deleted(client):
    board_id = new_board(client)
    editor = triangle(client, board_id)
    selected = text(editor.tap(op="sector", id="A"))
    assert "Sector A: tap how many sharks it prints, or delete it." in selected
    editor.tap(op="sharks", value="3")
    assert board_file(client, board_id)["sectors"][0]["sharks"] == 3
    editor.tap(op="delete_sector")
    assert board_file(client, board_id)["sectors"] == []


def test_the_same_routes_make_one_sector_only(client):
    board_id = new_board(client)
    editor = triangle(client, board_id)
    for key in ("1-3", "2-3", "1-2"):
        editor.tap(op="route", key=key)
    refused = editor.tap(expect=422, op="save_sector")
    assert "Sector A is enclosed by these routes already." in text(refused)
    assert len(board_file(client, board_id)["sectors"]) == 1


def test_undo_brings_back_the_board_before_each_of_the_last_changes(client):
    board_id = new_board(client)
    editor = Editor(client, board_id)
    editor.tap(op="point", at="125,125")
    editor.tap(op="point", at="425,125")
    editor.mode("islands")  # a tap that changes nothing on the board is not a change
    page = client.post(
        f"{BOARDS}/{board_id}/undo", data={"editing": json.dumps(editor.editing)}, headers=HTMX
    )
    undo_button = f'hx-post="{BOARDS}/{board_id}/undo"'
    assert page.status_code == 200 and undo_button in text(page)
    assert [i["number"] for i in board_file(client, board_id)["islands"]] == [1]
    client.post(f"{BOARDS}/{board_id}/undo", headers=HTMX)
    assert board_file(client, board_id)["islands"] == []
    nothing_left = client.post(f"{BOARDS}/{board_id}/undo", headers=HTMX)
    assert nothing_left.status_code == 200 and undo_button not in text(nothing_left)


def test_a_tap_without_htmx_goes_back_to_the_editor(client):
    board_id = new_board(client)
    response = client.post(f"{BOARDS}/{board_id}/tap", data={"op": "point", "at": "25,25"})
    assert response.status_code == 303 and response.headers["Location"].endswith(board_id)
    assert len(board_file(client, board_id)["islands"]) == 1


# --- rename, delete, export, import ----------------------------------------------------------


def test_rename_then_delete_after_a_confirm_page(app, client):
    board_id = new_board(client, "Old name")
    client.post(f"{BOARDS}/{board_id}/rename", data={"name": "Sunday\nboard"})
    assert board_file(client, board_id)["name"] == "Sunday board"
    confirm = text(client.get(f"{BOARDS}/{board_id}/delete"))
    assert "Delete “Sunday board”?" in confirm and "Export first" in confirm
    assert board_count(app) == 1
    deleted = client.post(f"{BOARDS}/{board_id}/delete")
    assert deleted.status_code == 303 and deleted.headers["Location"].endswith(BOARDS)
    assert board_count(app) == 0
    assert client.get(f"{BOARDS}/{board_id}").status_code == 404


def test_a_board_whose_delete_fails_half_way_is_still_there_whole(app, client):
    """The board and its undo list were deleted one statement, one transaction each: a
    failure at the second (a full disk) left the board gone and its undo list behind."""
    board_id = new_board(client, "Kept whole")
    triangle(client, board_id)

    def kept() -> list[tuple[str, str]]:
        with sqlite3.connect(app.config["DATABASE"]) as con:
            return con.execute("SELECT key, data FROM kept ORDER BY key").fetchall()

    before = kept()
    assert [key for key, _ in before] == [f"board-undo:{board_id}", f"board:{board_id}"]
    with sqlite3.connect(app.config["DATABASE"]) as con:
        con.execute(
            "CREATE TRIGGER full_disk BEFORE DELETE ON kept WHEN old.key LIKE 'board-undo:%'"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    assert client.post(f"{BOARDS}/{board_id}/delete").status_code >= 500
    assert kept() == before


def test_export_then_import_gives_the_same_board_back(app, client):
    board_id = new_board(client, "Round trip")
    triangle(client, board_id)
    exported = client.get(f"{BOARDS}/{board_id}/export")
    assert exported.headers["Content-Disposition"] == "attachment; filename=board-Round_trip.json"
    data = json.loads(exported.data)
    client.post(f"{BOARDS}/{board_id}/delete")
    imported = upload(client, exported.data)
    assert imported.status_code == 303
    assert board_file(client, imported.headers["Location"].rsplit("/", 1)[1]) == data
    again = upload(client, exported.data)  # the same name twice: the new one is numbered
    assert board_file(client, again.headers["Location"].rsplit("/", 1)[1])["name"] == (
        "Round trip (2)"
    )
    assert board_count(app) == 2


def test_an_imported_board_keeps_no_photo_flag_the_photo_stays_where_it_was_taken(client):
    imported = upload(client, {**demo_board(), "photo": True, "name": "Photo"})
    assert "photo" not in board_file(client, imported.headers["Location"].rsplit("/", 1)[1])


BAD_FILES = [
    (
        {"routes": [{"a": 1, "b": 2, "cost": 3}]},
        "route 1-2, field 'cost' must be at most 2",
    ),
    (
        {"sectors": [{"id": "B", "routes": [[4, 9]], "sharks": 1}]},
        "sector B: route 4-9 is not on the board",
    ),
    ({"islands": [{"number": 5, "x": 1200, "y": 10}]}, "island 5, field 'x'"),
    ({"routes": [{"a": 1, "b": 77, "cost": 1}]}, "route 1-77, field 'b': island 77"),
    ({"version": 2}, "made by a newer Botdeck"),
]


@pytest.mark.parametrize(("change", "said"), BAD_FILES)
def test_a_bad_board_file_is_refused_naming_the_place_and_field_and_nothing_changes(
    app, client, change, said
):
    board_id = new_board(client, "Kept")
    before = board_file(client, board_id)
    refused = upload(client, {**demo_board(), "name": "Bad", **change})
    assert refused.status_code == 422
    assert said in text(refused) and "Nothing was imported." in text(refused)
    assert board_count(app) == 1 and board_file(client, board_id) == before


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ({"format": "botdeck-deck", "version": 1, "bot": "deacon"}, "This is a deck file"),
        ({"format": "botdeck-game", "version": 1, "bot": "deacon"}, "not a board file"),
        ({**demo_board(), "bot": "covenant"}, "This board file is for another bot."),
        ({"name": "a map"}, "this is not a Botdeck board file (field 'format')"),
        (b"\x00not json", "This file is not a Botdeck board file"),
        (b"[" * 100_000, "more than 32 levels deep"),
    ],
)
def test_a_file_of_the_wrong_kind_says_so_and_nothing_is_imported(app, client, content, said):
    refused = upload(client, content)
    assert refused.status_code == 422 and said in text(refused)
    assert board_count(app) == 0


def test_an_import_without_a_file_asks_for_one(client):
    assert client.post(f"{BOARDS}/import", data={}).status_code == 400


# --- the lobby ---------------------------------------------------------------------------------


def test_the_lobby_offers_the_tables_board_the_players_own_and_the_demo_by_name(client):
    complete = new_board(client, "Finished")
    triangle(client, complete)
    new_board(client, "Half done")
    form = text(client.get("/?bot=deacon")).split('value="deacon"', 1)[1].split("</form>", 1)[0]
    assert 'name="board_id"' in form
    assert '<option value="demo">Try it with the invented demo board</option>' in form
    # the table's board, when none is chosen in the copy: the first complete one
    assert f'<option value="{complete}" selected>Yours — Finished</option>' in form
    assert "Half done — incomplete: Deacon will ask the table where it cannot tell" in form
    covenant = (
        text(client.get("/?bot=covenant")).split('value="covenant"', 1)[1].split("</form>", 1)[0]
    )
    assert 'name="board_id"' not in covenant


def test_a_deacon_game_started_on_a_library_board_plays_on_that_board(app, client):
    board_id = new_board(client, "Ours")
    triangle(client, board_id)
    data = board_file(client, board_id)
    started = client.post("/games", data={"bot": "deacon", "board_id": board_id})
    assert started.status_code == 303, text(started)[:300]
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.open_game(game_id).game.state.board == data
        stored = games.export_game(game_id)
    assert stored["options"]["board"] == data
    # editing the board afterwards never changes the game
    Editor(client, board_id).tap(op="point", at="875,625")
    with app.app_context():
        games.forget_all()
        assert games.open_game(game_id).game.state.board == data


def test_the_demo_board_is_the_board_only_when_chosen_by_name(app, client):
    started = client.post("/games", data={"bot": "deacon", "board_id": "demo"})
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.open_game(game_id).game.state.board == demo_board()
    shown = text(client.get(f"/g/{game_id}"))
    assert '<span class="demo-badge">Demo board — not the printed board</span>' in shown
    # none chosen and none entered: refused, with the way to enter it first
    for form in ({"bot": "deacon"}, {"bot": "deacon", "board_id": "none"}):
        refused = client.post("/games", data=form)
        assert refused.status_code == 422
        assert "your board is not entered yet" in text(refused)
        assert 'href="/library/deacon/copy#board"' in text(refused)


def test_with_a_board_entered_a_game_plays_on_it_when_none_is_chosen(app, client):
    board_id = new_board(client, "Harbour table")
    triangle(client, board_id)
    started = client.post("/games", data={"bot": "deacon"})
    assert started.status_code == 303
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.open_game(game_id).game.state.board["name"] == "Harbour table"
    assert "Demo board" not in text(client.get(f"/g/{game_id}"))


def test_a_board_that_is_not_in_this_devices_library_starts_no_game(app, client):
    with app.app_context():
        theirs = boards.create("deacon", "Another device's", OWNER)
    for board_id in ("nope", theirs):
        refused = client.post("/games", data={"bot": "deacon", "board_id": board_id})
        assert refused.status_code == 422
        assert "that board is not in the library" in text(refused)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


# --- what no page sends ------------------------------------------------------------------------


def test_another_devices_board_is_not_found_anywhere(app, client):
    with app.app_context():
        theirs = boards.create("deacon", "Theirs", OWNER)
    for path in ("", "/export", "/delete"):
        assert client.get(f"{BOARDS}/{theirs}{path}").status_code == 404
    for path, data in (
        ("/tap", {"op": "point", "at": "25,25"}),
        ("/undo", {}),
        ("/rename", {"name": "Mine now"}),
        ("/delete", {}),
    ):
        assert client.post(f"{BOARDS}/{theirs}{path}", data=data).status_code == 404
    assert "Theirs" not in text(client.get(BOARDS))
    owner = owner_client(app)
    assert board_file(owner, theirs)["name"] == "Theirs"
    assert board_file(owner, theirs)["islands"] == []


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"op": "point", "at": "5000,10"}, "x must be a whole number from 0 to 1000"),
        ({"op": "point", "at": "10,-3"}, "y must be a whole number from 0 to 700"),
        ({"op": "point", "at": "1e3,5"}, "x must be a whole number"),
        ({"op": "point", "at": "9" * 5000}, "x must be a whole number"),
        ({"op": "point"}, "x must be a whole number"),
        ({"op": "island", "n": "42"}, "Island 42 is not on the board."),
        ({"op": "island", "n": "true"}, "n must be a whole number from 1 to 99"),
        ({"op": "route", "key": "1-42"}, "Route 1-42 is not on the board."),
        ({"op": "route", "key": "<script>"}, "That route is not on the board."),
        ({"op": "sector", "id": "Z"}, "That sector is not on the board."),
        ({"op": "cost", "value": "1"}, "Tap a route first."),
        ({"op": "delete_island"}, "Tap an island first."),
        ({"op": "save_sector"}, "Tap the routes around the sector first."),
        ({"op": "mode", "value": "lasers"}, "That tap is not one this editor knows."),
        ({"op": "explode"}, "That tap is not one this editor knows."),
    ],
)
def test_a_tap_no_page_would_send_is_refused_in_words_and_changes_nothing(client, fields, said):
    board_id = new_board(client)
    editor = triangle(client, board_id)
    editor.mode("islands")
    before = board_file(client, board_id)
    refused = editor.tap(expect=422, **fields)
    assert said in text(refused)
    assert board_file(client, board_id) == before


def test_an_island_too_close_to_another_is_refused(client):
    board_id = new_board(client)
    editor = Editor(client, board_id)
    editor.tap(op="point", at="125,125")
    refused = editor.tap(expect=422, op="point", at="150,140")
    assert "Island 1 is already there: tap it to select it." in text(refused)
    assert len(board_file(client, board_id)["islands"]) == 1


@pytest.mark.parametrize(
    "editing",
    [
        "not json",
        "[1, 2]",
        '{"mode": "routes", "island": 99, "route": "7-8", "picked": ["x", 3], "sector": "Q"}',
        '{"mode": "sectors", "sharks": true, "picked": "1-2"}',
        "[" * 50_000,
    ],
)
def test_a_forged_editing_state_is_made_sensible_never_trusted(client, editing):
    board_id = new_board(client)
    triangle(client, board_id)
    response = client.post(
        f"{BOARDS}/{board_id}/tap", data={"editing": editing, "op": "clear"}, headers=HTMX
    )
    assert response.status_code == 200
    state = editing_of(response.get_data(as_text=True))
    assert state["island"] is None and state["picked"] == [] and state["sharks"] in (1, 2, 3)


def test_a_bot_without_boards_has_no_board_library(client):
    for bot in ("covenant", "solo_enemy", "kraken"):
        assert client.get(f"/library/{bot}/boards").status_code == 404
        assert client.post(f"/library/{bot}/boards/new", data={"name": "x"}).status_code == 404


def test_a_board_name_is_one_line_and_bounded(client):
    assert client.post(f"{BOARDS}/new", data={"name": "x" * 81}).status_code == 400
    assert client.post(f"{BOARDS}/new", data={"name": "  "}).status_code == 400
    board_id = new_board(client, "x" * 80)
    imported = upload(client, {**board_file(client, board_id), "name": "x" * 80})
    name = board_file(client, imported.headers["Location"].rsplit("/", 1)[1])["name"]
    assert len(name) == 80 and name.endswith(" (2)")
