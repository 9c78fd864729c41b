"""Deacon's board editor without the web: one tap in, the board file and the editor's
state out; what it draws."""

from __future__ import annotations

import pytest

from webapp.bots.deacon.board import Board, demo_board, empty_board, validate_board
from webapp.bots.deacon.board_editing import TapRefused, edit_board, next_sector_id, start_editing
from webapp.bots.deacon.board_editor_view import board_summary, board_view

from .deacon import new_game, play


def taps(board: dict, *fields: dict) -> tuple[dict, dict]:
    editing = start_editing(board)
    for tap in fields:
        board, editing = edit_board(board, editing, tap)
        validate_board(board)  # every tap leaves a file the board module accepts
    return board, editing


TRIANGLE = [
    {"op": "point", "at": "100,100"},
    {"op": "point", "at": "300,100"},
    {"op": "point", "at": "200,300"},
    {"op": "mode", "value": "routes"},
    *[{"op": "island", "n": str(n)} for n in (1, 2, 2, 3, 3, 1)],
    {"op": "mode", "value": "sectors"},
    *[{"op": "route", "key": key} for key in ("1-2", "2-3", "1-3")],
    {"op": "sharks", "value": "3"},
    {"op": "save_sector"},
]


def test_a_tap_that_changes_nothing_gives_the_same_board_back():
    board = empty_board("Ours")
    same, editing = edit_board(board, start_editing(board), {"op": "mode", "value": "routes"})
    assert same is board and editing["mode"] == "routes"


def test_a_triangle_and_its_sector_by_taps():
    board, editing = taps(empty_board("Ours"), *TRIANGLE)
    assert [(r["a"], r["b"], r["cost"]) for r in board["routes"]] == [
        (1, 2, 1),
        (2, 3, 1),
        (1, 3, 1),
    ]
    assert board["sectors"] == [{"id": "A", "routes": [[1, 2], [2, 3], [1, 3]], "sharks": 3}]
    assert editing["picked"] == [] and editing["sharks"] == 1
    assert Board.from_json(board).is_loop("A")


def test_the_taps_never_trust_the_state_they_are_sent():
    board, _ = taps(empty_board("Ours"), *TRIANGLE)
    forged = {"mode": "sectors", "picked": ["1-2", "9-9", 5], "sector": "Q", "island": True}
    _, editing = edit_board(board, forged, {"op": "route", "key": "2-3"})
    assert editing["picked"] == ["1-2", "2-3"] and editing["sector"] is None
    assert editing["island"] is None


def test_the_taps_refuse_in_words_what_cannot_be():
    board, editing = taps(empty_board("Ours"), *TRIANGLE)
    with pytest.raises(TapRefused, match="Island 1 is already there"):
        edit_board(board, {**editing, "mode": "islands"}, {"op": "point", "at": "110,90"})
    with pytest.raises(TapRefused, match="Tap a route first"):
        edit_board(board, editing, {"op": "cost", "value": "2"})


def test_sector_names_go_a_to_z_then_s27():
    board = Board.from_json(demo_board())
    assert next_sector_id(board) == "L"  # the demo board names A to K


def test_sectors_that_share_a_route_are_never_filled_alike():
    view = board_view(demo_board(), start_editing(demo_board()))
    shade = {s.id: s.shade for s in view.sectors}
    board = Board.from_json(demo_board())
    for a in board.sectors.values():
        for b in board.sectors.values():
            if a.id < b.id and set(a.routes) & set(b.routes):
                assert shade[a.id] != shade[b.id], (a.id, b.id)


def test_the_drawing_places_each_tap_target_in_percent_of_the_board():
    view = board_view(demo_board(), start_editing(demo_board()))
    island = next(i for i in view.islands if i.number == 5)  # drawn at 905, 120
    assert (island.left, island.top) == (90.5, 17.14)
    assert len(view.cells) == 20 * 14
    assert str(board_summary(demo_board())) == "16 islands, 30 routes, 11 sectors"


def test_a_game_plays_from_setup_to_the_score_sheet_on_a_board_entered_by_taps():

    square = [
        *({"op": "point", "at": at} for at in ("100,100", "400,100", "400,400", "100,400")),
        {"op": "mode", "value": "routes"},
        *({"op": "island", "n": str(n)} for n in (1, 2, 2, 3, 3, 4, 4, 1, 1, 3)),
        {"op": "mode", "value": "sectors"},
        *({"op": "route", "key": key} for key in ("1-2", "2-3", "1-3")),
        {"op": "sharks", "value": "2"},
        {"op": "save_sector"},
        *({"op": "route", "key": key} for key in ("1-3", "3-4", "1-4")),
        {"op": "save_sector"},
    ]
    board, _ = taps(empty_board("Ours"), *square)
    game = new_game(board=board)
    play(
        game,
        {"start_island": ["i1", "i3"], "your_ship": "i3", "your_vp": [4 * n for n in range(1, 40)]},
    )
    assert game.over and game.state.board["name"] == "Ours"
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None and sheet.winner
