"""Deacon's Main board: board files, their checks, the demo board, the drawing."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import jsonschema
import pytest

from webapp.bots.deacon.board import (
    DEMO_LABEL,
    Board,
    BoardError,
    board_problems,
    board_schema,
    board_summary,
    complete,
    demo_board,
    empty_board,
    route_ends,
    route_key,
    validate_board,
)

Pt = tuple[float, float]


def problems(data: Any) -> list[str]:
    return [str(problem) for problem in board_problems(data)]


# The demo board


def test_the_demo_board_is_16_invented_islands_labelled_as_such():
    demo = validate_board(demo_board())
    assert demo["demo"] is True and demo["name"] == str(DEMO_LABEL)
    assert sorted(i["number"] for i in demo["islands"]) == list(range(1, 17))
    assert 28 <= len(demo["routes"]) <= 34 and 8 <= len(demo["sectors"]) <= 12
    costs = [r["cost"] for r in demo["routes"]]
    assert set(costs) == {0, 1, 2} and costs.count(2) >= 4
    assert {s["sharks"] for s in demo["sectors"]} == {1, 2, 3}


def test_the_demo_board_is_complete():
    assert board_problems(demo_board()) == []
    assert complete(Board.from_json(demo_board()))


def crosses(p1: Pt, p2: Pt, q1: Pt, q2: Pt) -> bool:
    """Two segments cross at a point inside both (sharing an end is not crossing)."""

    def side(a: Pt, b: Pt, c: Pt) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = side(q1, q2, p1), side(q1, q2, p2)
    d3, d4 = side(p1, p2, q1), side(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def test_crossing_segments_are_told_from_touching_ones():
    assert crosses((0, 0), (10, 10), (0, 10), (10, 0))
    assert not crosses((0, 0), (10, 10), (10, 10), (20, 0))
    assert not crosses((0, 0), (10, 0), (0, 5), (10, 5))


def test_no_two_routes_of_the_demo_board_cross():
    board = Board.from_json(demo_board())
    for first, second in itertools.combinations(board.route_keys(), 2):
        x1, y1, x2, y2 = board.route_points(first)
        x3, y3, x4, y4 = board.route_points(second)
        assert not crosses((x1, y1), (x2, y2), (x3, y3), (x4, y4)), (first, second)


def inside(point: Pt, polygon: list[tuple[int, int]]) -> bool:
    """Ray casting: strictly inside the polygon."""
    x, y = point
    count = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            count += 1
    return count % 2 == 1


def test_no_island_lies_inside_a_sector_of_the_demo_board():
    board = Board.from_json(demo_board())
    for sector in board.sectors:
        polygon = board.polygon(sector)
        corners = set(polygon)
        for number, place in board.islands.items():
            assert place in corners or not inside(place, polygon), (sector, number)


def test_each_sector_of_the_demo_board_has_its_label_inside_it():
    board = Board.from_json(demo_board())
    for sector in board.sectors:
        assert inside(board.label_point(sector), board.polygon(sector)), sector


def test_a_route_of_the_demo_board_encloses_at_most_two_sectors():
    board = Board.from_json(demo_board())
    assert all(len(board.sectors_of_route(key)) <= 2 for key in board.route_keys())


# Routes and sectors


def test_a_route_is_named_by_its_islands_smaller_number_first():
    assert route_key(7, 3) == route_key(3, 7) == "3-7"
    assert route_ends("7-3") == (3, 7)
    with pytest.raises(ValueError, match="not a route"):
        route_ends("3")


def test_a_board_knows_each_routes_cost_and_the_sectors_it_encloses():
    board = Board.from_json(demo_board())
    assert board.cost("3-7") == 0 and board.cost("2-3") == 2
    assert board.sectors_of_route("7-12") == ["F", "I"]
    assert board.sectors_of_route("1-10") == []
    assert board.routes_of_sector("A") == ("1-2", "2-6", "1-6")
    assert board.routes_from(1) == ["1-2", "1-6", "1-10"]
    with pytest.raises(KeyError, match="route 4-9 is not on the board"):
        board.cost("4-9")


def test_a_sector_is_closed_when_each_route_enclosing_it_holds_a_reef_ball():
    board = Board.from_json(demo_board())
    balls = {"1-2", "2-6"}
    assert not board.closed("A", balls.__contains__)
    balls.add("1-6")
    assert board.closed("A", balls.__contains__)


def test_a_sectors_polygon_goes_round_it_and_its_label_is_its_centroid():
    board = Board.from_json(demo_board())
    assert board.polygon("B") == [(300, 60), (455, 170), (395, 345), (215, 250)]
    assert board.polygon("A") == [(90, 95), (300, 60), (215, 250)]
    assert board.label_point("A") == (201.7, 135.0)
    assert board.route_points("1-2") == (90, 95, 300, 60)
    assert board.midpoint("1-2") == (195.0, 77.5)


def test_a_sector_being_entered_is_drawn_round_its_islands():
    data = demo_board()
    data["sectors"][0]["routes"] = [[1, 2], [2, 6]]
    board = Board.from_json(data)
    assert sorted(board.polygon("A")) == [(90, 95), (215, 250), (300, 60)]


def test_deacon_crosses_a_route_of_2_freely_where_it_has_a_reef_ball():
    # Deacon rulebook, "Movement rules": any number of routes with 1 of its Reef
    # Balls or at most 1 energy, at most 1 route that costs 2.
    board = Board.from_json(demo_board())

    def moves(start: int, balls: set[str]) -> dict[int, list[int]]:
        def its_ball(route: Any) -> bool:
            return route_key(route.a, route.b) in balls

        return board.graph.reachable(
            start,
            free=lambda r: its_ball(r) or r.cost <= 1,
            limited=lambda r: r.cost == 2 and not its_ball(r),
            limit=1,
            order=int,
        )

    assert 4 not in moves(1, set())
    assert moves(1, {"2-3"})[4] == [1, 2, 3, 4]


# Board files


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["routes"][6].update(cost=3),
            "route 3-7, field 'cost' must be at most 2",
        ),
        (lambda d: d["islands"][4].update(x=1200), "island 5, field 'x'"),
        (lambda d: d["islands"][2].pop("number"), "position 3, field 'number' is missing"),
        (lambda d: d["islands"].append({"number": 5, "x": 1, "y": 1}), "island 5 is listed twice"),
        (lambda d: d["routes"].append({"a": 3, "b": 17, "cost": 1}), "route 3-17, field 'b'"),
        (lambda d: d["routes"].append({"a": 4, "b": 4, "cost": 1}), "route 4-4, field 'b'"),
        (lambda d: d["routes"].append({"a": 7, "b": 3, "cost": 1}), "route 3-7 is listed twice"),
        (lambda d: d["sectors"][3].update(sharks=4), "sector D, field 'sharks'"),
        (lambda d: d["sectors"][1]["routes"].append([4, 9]), "sector B: route 4-9 is not on"),
        (lambda d: d["sectors"][1]["routes"].append([7, 3]), "sector B: route 3-7 is listed"),
        (lambda d: d["sectors"][2].update(id="B"), "sector B is listed twice"),
        (lambda d: d["sectors"][0]["routes"][1].pop(), "sector A, field 'routes\\[1\\]'"),
        (
            lambda d: d.update(islands=[d["islands"][0]] * 61),
            "field 'islands' must hold at most 60",
        ),
        (lambda d: d.update(name=""), "the board, field 'name'"),
        (lambda d: d.update(format="botdeck-deck"), "not a Botdeck board file"),
        (lambda d: d.update(version=2), "made by a newer Botdeck"),
        (lambda d: d.update(bot="solo_enemy"), "field 'bot'"),
    ],
)
def test_a_bad_board_file_is_refused_naming_the_place_and_field(change, message):
    data = demo_board()
    change(data)
    with pytest.raises(BoardError, match=message):
        validate_board(data)
    with pytest.raises(BoardError, match=message):
        Board.from_json(data)


def test_a_board_file_that_is_not_an_object_is_refused():
    with pytest.raises(BoardError, match="not a JSON object"):
        validate_board([])


def test_a_bad_board_file_changes_nothing():
    data = demo_board()
    data["routes"][0]["cost"] = 5
    before = copy.deepcopy(data)
    with pytest.raises(BoardError, match="route 1-2, field 'cost' must be at most 2"):
        validate_board(data)
    assert board_problems(data) and board_summary(data)
    assert data == before


def test_a_board_file_round_trips_through_the_board():
    demo = demo_board()
    board = Board.from_json(demo)
    assert board.to_json() == demo
    assert Board.from_json(board.to_json()) == board


def test_a_sectors_routes_are_written_smaller_number_first():
    data = demo_board()
    data["sectors"][0]["routes"] = [[2, 1], [6, 2], [1, 6]]
    data["routes"][0].update(a=2, b=1)
    written = Board.from_json(data).to_json()
    assert written["sectors"][0]["routes"] == [[1, 2], [2, 6], [1, 6]]
    assert written["routes"][0] == {"a": 1, "b": 2, "cost": 1}


def test_the_published_schema_accepts_the_demo_board_and_names_itself():
    schema = board_schema()
    assert schema["$id"] == "https://botdeck.local/schemas/deacon-board.json"
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(demo_board(), schema)
    assert schema["$defs"]["route"]["properties"]["cost"]["maximum"] == 2


def test_a_photo_is_only_a_flag_in_the_file():
    data = {**demo_board(), "photo": True}
    assert Board.from_json(data).to_json()["photo"] is True
    with pytest.raises(BoardError, match="field 'photo'"):
        validate_board({**demo_board(), "photo": "board.jpg"})


# The live check


def test_an_empty_board_can_be_saved_but_has_no_island_and_no_sector_yet():
    empty = validate_board(empty_board("My board"))
    assert problems(empty) == [
        "No island yet: place the islands as they are printed.",
        "No sector yet: tap the routes around one.",
    ]
    assert board_summary(empty) == {
        "islands": 0,
        "routes": 0,
        "sectors": 0,
        "problems": 2,
        "complete": False,
    }


def test_an_island_with_no_route_is_a_problem():
    data = demo_board()
    data["islands"].append({"number": 17, "x": 980, "y": 680})
    assert problems(data) == ["Island 17 has no route."]
    assert not complete(data)


def test_a_sector_whose_routes_do_not_make_one_loop_is_a_problem():
    data = demo_board()
    data["sectors"][1]["routes"].pop()
    data["sectors"][2]["routes"] += [[5, 9], [9, 14], [5, 14]]
    assert problems(data) == [
        "Sector B is not closed: its routes do not make one loop.",
        "Sector C is not closed: its routes do not make one loop.",
    ]


def test_a_board_with_islands_and_routes_but_no_sector_is_a_problem():
    data = {**demo_board(), "sectors": []}
    assert problems(data) == ["No sector yet: tap the routes around one."]


def test_a_board_file_that_cannot_be_used_is_one_problem_naming_the_place():
    data = demo_board()
    data["islands"].append({"number": 5, "x": 1, "y": 1})
    assert problems(data) == ["This board file cannot be used: island 5 is listed twice."]


def test_the_library_counts_the_islands_routes_and_sectors_of_a_board():
    assert board_summary(demo_board()) == {
        "islands": 16,
        "routes": 30,
        "sectors": 11,
        "problems": 0,
        "complete": True,
    }
