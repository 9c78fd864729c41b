"""Deacon's printed parts checked like cardboard, clause by clause of its rulebook: a
track whose spaces go up, the counts the rulebook allows; every problem named by its
field at once; a part saved before these checks still replays as it was played."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from webapp.bots.deacon.components import (
    DEMO_COMPONENTS,
    PARTS,
    ComponentError,
    check_part,
    read_part,
)
from webapp.bots.deacon.stepkit import STEP_TYPES
from webapp.engine import Game, InvalidAnswer, Step

from .deacon import COMPONENTS


def changed(part: str, change) -> dict[str, Any]:
    data = copy.deepcopy(DEMO_COMPONENTS[part])
    change(data)
    return data


def refused(part: str, raw: Any) -> list[tuple[str | None, str]]:
    with pytest.raises(ComponentError) as error:
        check_part(part, raw)
    return [(p.field, str(p.why)) for p in error.value.problems]


@pytest.mark.parametrize("part", PARTS)
def test_the_parts_the_tests_and_the_demo_play_are_plausible_printed_parts(part):
    assert check_part(part, copy.deepcopy(DEMO_COMPONENTS[part])) == DEMO_COMPONENTS[part]
    assert check_part(part, copy.deepcopy(COMPONENTS[part])) == COMPONENTS[part]


def test_a_research_track_whose_vp_go_down_is_refused_at_that_space():
    """ "End of the game" 2B: VP "according to their position on the Research track"."""
    data = changed("research", lambda d: d["spaces"][5].update(vp=1))  # space 6: 4 → 1
    assert refused("research", data) == [("space6.vp", "Never fewer VP than the space before (3).")]


def test_a_research_track_whose_missions_within_reach_go_down_is_refused():
    """ "Research track and Missions": its position determines which Missions it can take."""
    data = changed("research", lambda d: d["spaces"][9].update(missions=1))
    assert refused("research", data) == [
        ("space10.missions", "Never fewer Missions within reach than the space before (3).")
    ]


def test_a_research_track_reaches_level_5_at_least():
    """ "End of the game": "Non-player Divers have a Research level of 5"."""
    four = changed("research", lambda d: d.update(spaces=d["spaces"][:4]))
    assert refused("research", four) == [("spaces", "From 5 to 20.")]
    five = changed("research", lambda d: d.update(spaces=d["spaces"][:5]))
    assert check_part("research", five) == five


def test_the_end_of_the_research_track_scores_and_reaches_a_mission():
    blank = {"spaces": "6"}  # six spaces typed, nothing in them
    assert refused("research", blank) == [
        ("space6.vp", "The end of the track scores VP: at least 1."),
        ("space6.missions", "At the end of the track it can take a Mission: at least 1."),
    ]


def test_a_seafloor_track_without_an_oxygen_tank_is_refused():
    """ "Exploring the Reef": "It gets all the rewards from Oxygen Tank tiles"."""
    data = changed("seafloor", lambda d: [s.update(tank=[]) for s in d["spaces"]])
    assert refused("seafloor", data) == [
        ("step1.tank", "No step has an Oxygen Tank: type the rewards of each tank on its step.")
    ]


def test_reef_balls_start_in_the_initial_area_and_every_column_scores_a_bonus():
    """ "Deploy a Reef Ball": "After its initial Reef Balls from Deployment area are
    used" … "until it is empty and bot receives the VP bonus"."""
    data = changed("reef_balls", lambda d: (d.update(initial=0), d["columns"][2].update(vp=0)))
    assert refused("reef_balls", data) == [
        ("initial", "Its first Reef Balls come from this area: at least 1."),
        ("column3.vp", "An emptied column scores its VP bonus: at least 1."),
    ]


def test_a_ship_board_has_three_crew_rows():
    """ "Hiring Crew": "Deacon already filled 2 rows … the remaining row"."""
    two = {"rows": [{"colour": "red", "tiles": 4}, {"colour": "blue", "tiles": 4}]}
    assert refused("crew", two) == [("rows", "From 3 to 3.")]


def test_pollution_tiles_all_at_0_vp_are_refused():
    """ "End of the game" 2E: "VP from the unused Pollution tiles they own"."""
    assert refused("pollution", {"small": "0", "medium": "0", "large": "0"}) == [
        ("small", "Every tile at 0 VP: type the VP printed on each.")
    ]
    assert check_part("pollution", {"small": "0", "medium": "-1", "large": "-2"})


def test_every_problem_of_a_track_is_named_at_once():
    data = changed(
        "research",
        lambda d: (d["spaces"][3].update(vp=0), d["spaces"][7].update(missions=0)),
    )
    assert [field for field, _ in refused("research", data)] == ["space4.vp", "space8.missions"]


def test_the_score_tracks_effects_go_up_the_track():
    """ "Deacon resolves the furthest effect that its Scoring marker has crossed"."""
    fields = {"mark1.at": "8", "mark1.effects": "vp:1", "mark2.at": "8", "mark2.effects": "diver"}
    assert refused("score_track", fields) == [
        ("mark2.at", "Further up the track than effect 1, at 8 VP.")
    ]


def test_a_part_saved_before_these_checks_is_read_from_a_games_log_as_it_was_played():
    """An earlier Botdeck let a Research track of 4 spaces be saved: the question reads
    it again from the log (`read_part`) as it was played; given now, it is refused."""
    research = {"spaces": [{"vp": n, "milestone": False, "missions": 1} for n in range(4)]}
    game = Game("deacon", {}, 3)
    question = STEP_TYPES["components"].question(
        game.state, Step("components", {"part": "research"})
    )
    with pytest.raises(InvalidAnswer, match="field 'spaces': From 5 to 20"):
        question.parse(research)
    assert question.read_stored(research) == research == read_part("research", research)
