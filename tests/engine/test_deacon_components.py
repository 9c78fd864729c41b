"""What the printed boards show that Deacon needs: entered once from a form or as JSON,
checked field by field, kept for the next game."""

from __future__ import annotations

import copy

import pytest

from webapp.bots.deacon.cards import EFFECTS
from webapp.bots.deacon.components import (
    COLOUR_NAMES,
    COLOURS,
    DEMO_COMPONENTS,
    PART_NAMES,
    PARTS,
    ComponentError,
    check_part,
    kept_key,
    part_check,
    part_fields,
)


def test_every_part_has_a_name_a_kept_key_and_demo_values():
    assert set(PART_NAMES) == set(PARTS) == set(DEMO_COMPONENTS)
    assert set(COLOUR_NAMES) == set(COLOURS)
    assert kept_key("crew") == "components:crew"


@pytest.mark.parametrize("part", PARTS)
def test_the_demo_values_pass_their_own_check(part):
    assert check_part(part, copy.deepcopy(DEMO_COMPONENTS[part])) == DEMO_COMPONENTS[part]


@pytest.mark.parametrize("part", PARTS)
def test_a_kept_part_shows_in_its_form_and_comes_back_the_same(part):
    fields = part_fields(part, DEMO_COMPONENTS[part])
    assert check_part(part, fields) == DEMO_COMPONENTS[part]
    assert part_check(part)(fields) == DEMO_COMPONENTS[part]


@pytest.mark.parametrize("part", PARTS)
def test_a_part_never_entered_shows_blank_fields(part):
    fields = part_fields(part, None)
    assert set(part_fields(part, DEMO_COMPONENTS[part])) == set(fields)
    assert all(value in ("", False) for value in fields.values())


def test_the_demo_values_look_like_a_board_but_are_invented():
    demo = DEMO_COMPONENTS
    research = demo["research"]["spaces"]
    assert 10 <= len(research) <= 14 and 2 <= sum(s["milestone"] for s in research) <= 3
    assert [s["missions"] for s in research] == sorted(s["missions"] for s in research)
    assert (research[0]["missions"], research[-1]["missions"]) == (1, 3)
    tanks = [s["tank"] for s in demo["seafloor"]["spaces"] if s["tank"]]
    assert len(demo["seafloor"]["spaces"]) == 8 and 3 <= len(tanks) <= 4
    assert demo["reef_balls"]["initial"] == 3 and len(demo["reef_balls"]["columns"]) == 4
    assert len(demo["score_track"]["effects"]) == 4
    assert [r["tiles"] for r in demo["crew"]["rows"]] == [4, 4, 4]
    assert len(demo["missions"]["types"]) == 3
    assert demo["pollution"] == {"small": -1, "medium": -2, "large": -3}
    used = {e["effect"] for t in tanks for e in t}
    used |= {e["effect"] for m in demo["score_track"]["effects"] for e in m["effects"]}
    assert used <= set(EFFECTS)


# --- each part from the form ----------------------------------------------------------------


def test_the_research_track_space_by_space():
    fields = {
        "spaces": "5",
        "space1.vp": "",
        "space1.missions": "1",
        "space2.vp": "1",
        "space2.milestone": "on",
        "space2.missions": "1",
        "space3.vp": "3",
        "space3.missions": "2",
        "space4.vp": "6",
        "space4.missions": "3",
        "space5.vp": "8",
        "space5.missions": "3",
        "space6.vp": "9",  # a row beyond the count the form still sends
    }
    assert check_part("research", fields) == {
        "spaces": [
            {"vp": 0, "milestone": False, "missions": 1},
            {"vp": 1, "milestone": True, "missions": 1},
            {"vp": 3, "milestone": False, "missions": 2},
            {"vp": 6, "milestone": False, "missions": 3},
            {"vp": 8, "milestone": False, "missions": 3},
        ]
    }


def test_a_count_left_blank_is_the_last_row_filled_in():
    fields = {"types": "", "type1": "red", "type2": "blue", "type3": "", "type4": ""}
    assert check_part("missions", fields) == {"types": ["red", "blue"]}


def test_the_seafloor_track_lists_oxygen_tanks_as_lines_of_effects():
    fields = {"steps": "3", "step1.tank": "", "step2.tank": "vp:2,research", "step3.tank": ""}
    assert check_part("seafloor", fields) == {
        "spaces": [
            {"tank": []},
            {"tank": [{"effect": "vp", "n": 2}, {"effect": "research"}]},
            {"tank": []},
        ]
    }


def test_reef_balls_the_initial_area_then_columns_left_to_right():
    fields = {"initial": "3", "columns": "2", "column1.balls": "2", "column1.vp": "1"}
    fields |= {"column2.balls": "3", "column2.vp": "4"}
    assert check_part("reef_balls", fields) == {
        "initial": 3,
        "columns": [{"balls": 2, "vp": 1}, {"balls": 3, "vp": 4}],
    }


def test_crew_rows_and_mission_colours_take_colours_of_the_palette():
    fields = {"rows": "3", "row1.colour": "Orange", "row1.tiles": "4"}
    fields |= {"row2.colour": "blue", "row2.tiles": "5", "row3.colour": "RED", "row3.tiles": "3"}
    assert check_part("crew", fields) == {
        "rows": [
            {"colour": "orange", "tiles": 4},
            {"colour": "blue", "tiles": 5},
            {"colour": "red", "tiles": 3},
        ]
    }


@pytest.mark.parametrize(
    ("part", "fields", "message"),
    [
        ("research", {"spaces": "5", "space3.vp": "x"}, "field 'space3.vp': A whole number"),
        ("research", {"spaces": "3"}, "field 'spaces': From 4 to 20"),
        ("research", {}, "field 'spaces': How many. From 4 to 20"),
        ("research", {"space1.milestone": "on", "space5.vp": "2"}, "field 'space1.milestone'"),
        ("research", {"space2.milestone": "maybe", "space5.vp": "2"}, "'space2.milestone'"),
        ("research", {"space5.missions": "6"}, "field 'space5.missions': From 0 to 5"),
        ("research", {"space21.vp": "1"}, "field 'space21.vp': there is no such field"),
        ("seafloor", {"steps": "3", "step2.tank": "vp:2,reserch"}, r"'step2.tank', effect 2"),
        (
            "seafloor",
            {"steps": "3", "step1.tank": "deploy,deploy,deploy,deploy,deploy"},
            "At most 4",
        ),
        ("seafloor", {"steps": "17"}, "field 'steps': From 3 to 16"),
        ("reef_balls", {"columns": "1", "column1.balls": "7"}, "field 'column1.balls': From 1"),
        ("reef_balls", {"columns": "1", "column1.balls": ""}, "field 'column1.balls': A whole"),
        ("reef_balls", {"columns": "7"}, "field 'columns': From 1 to 6"),
        ("reef_balls", {"columns": "1", "column1.balls": "2", "initial": "11"}, "'initial'"),
        ("score_track", {"marks": "1", "mark1.at": "8", "mark1.effects": ""}, "'mark1.effects'"),
        (
            "score_track",
            {"mark1.at": "8", "mark1.effects": "vp:1", "mark2.at": "8", "mark2.effects": "diver"},
            "field 'mark2.at': Further up the track than effect 1, at 8 VP",
        ),
        ("crew", {"rows": "2", "row1.colour": "teal"}, "field 'row1.colour': Choose"),
        (
            "crew",
            {"row1.colour": "red", "row1.tiles": "4", "row2.colour": "red", "row2.tiles": "4"},
            "field 'row2.colour': Red is already the colour of another row",
        ),
        ("crew", {"row1.colour": "red", "row1.tiles": "1", "rows": "2"}, "'row1.tiles': From 2"),
        ("crew", {"rows": "5"}, "field 'rows': From 2 to 4"),
        ("missions", {"type1": "red"}, "field 'types': From 2 to 5"),
        ("missions", {"type1": "red", "type2": "red"}, "field 'type2': Red is already"),
        ("pollution", {"small": "-1", "medium": "", "large": "-3"}, "field 'medium'"),
        ("pollution", {"small": "-11", "medium": "-2", "large": "-3"}, "field 'small': From -10"),
        ("pollution", {"small": "-1", "medium": "-2", "large": "-3", "huge": "-5"}, "'huge'"),
    ],
)
def test_a_bad_form_is_refused_naming_the_field(part, fields, message):
    with pytest.raises(ComponentError, match=message):
        check_part(part, fields)


@pytest.mark.parametrize(
    ("part", "change", "message"),
    [
        ("research", lambda d: d["spaces"][2].update(vp=-1), "field 'space3.vp': From 0"),
        ("research", lambda d: d["spaces"][2].update(colour="red"), "field 'space3.colour'"),
        ("research", lambda d: d["spaces"].__setitem__(1, 5), "field 'space2': a set of fields"),
        ("research", lambda d: d["spaces"].extend(d["spaces"]), "field 'spaces': at most 20"),
        (
            "seafloor",
            lambda d: d["spaces"][1].update(tank=[{"effect": "vp", "n": 11}]),
            "field 'step2.tank.0.n'",
        ),
        ("reef_balls", lambda d: d["columns"].append(4), "field 'column5': a set of fields"),
        (
            "score_track",
            lambda d: d["effects"][2].update(effects=[{"effect": "kraken"}]),
            "field 'mark3.effects.0.effect'",
        ),
        ("crew", lambda d: d["rows"][0].update(tiles=True), "field 'row1.tiles': A whole number"),
        ("missions", lambda d: d.update(colours=[]), "field 'colours': there is no such field"),
        ("pollution", lambda d: d.update(large=2.5), "field 'large': A whole number"),
    ],
)
def test_a_bad_part_as_json_is_refused_naming_the_field(part, change, message):
    data = copy.deepcopy(DEMO_COMPONENTS[part])
    change(data)
    with pytest.raises(ComponentError, match=message):
        check_part(part, data)


def test_a_part_must_be_a_set_of_fields_of_a_known_part():
    with pytest.raises(ComponentError, match="not a set of fields"):
        check_part("crew", ["red"])
    with pytest.raises(ComponentError, match="no printed part 'dice'"):
        check_part("dice", {})
