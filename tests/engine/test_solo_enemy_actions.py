"""Solo rulebook, "Solo Action Cards — The Actions": every action, its priority order
and its failure rule. Botdeck decides what the Enemy can pay for."""

from __future__ import annotations

import pytest

from webapp.bots.solo_enemy.view import enemy_view
from webapp.engine import Fields, InvalidAnswer

from .solo_enemy import NONE_LEFT, PROFILE, kinds, left, new_game, notes, play


def pending_kind(game):
    return game.pending().step.kind


# --- Recruit ---------------------------------------------------------------------------


def test_recruit_asks_its_supply_once_the_units_in_priority_order_all_left_at_first():
    """Solo rulebook, "Recruit": "Units are recruited in priority order ... Air Vessel >
    Sea Vessel > Warrior > Serf". One form: a toggle per Unit it can pay for, in that
    order, each on until the table says its supply has run out of it."""
    game = new_game("recruit")
    pending = game.pending()
    assert pending.step.kind == "supply"
    assert str(pending.title) == "Which of these are left in its supply?"
    form = pending.question
    assert isinstance(form, Fields)
    assert [(f.name, str(f.label), f.kind, f.default) for f in form.fields] == [
        ("air_vessel", "Air Vessel", "yesno", True),
        ("sea_vessel", "Sea Vessel", "yesno", True),
        ("warrior", "Warrior", "yesno", True),
        ("serf", "Serf", "yesno", True),
    ]
    assert "Air Vessel > Sea Vessel > Warrior > Serf" in str(pending.detail)


def test_recruit_takes_the_first_unit_in_priority_order_left_in_its_supply():
    """Solo rulebook, "Recruit": "if they can not be recruited then move to the next Unit
    in order": no Air Vessel and no Sea Vessel left, so a Warrior."""
    game = new_game("recruit")
    game.answer(left("warrior", "serf"))
    assert game.state.resources == {"ore": 2, "mana": 3, "food": 2}
    assert str(game.pending().title) == "Recruit: put a new Warrior with Hero 1"
    said = game.step_said(game.checklist.steps[game.checklist.cursor - 1])
    assert str(said) == (
        "Which of these are left in its supply? — Left in its supply: Warrior, Serf"
    )


def test_recruit_supply_is_one_answer_one_action():
    """The supply in one tap: one action logged, however many Units were run out of."""
    game = new_game("recruit")
    before = len(game.actions)
    game.answer({"air_vessel": "no", "sea_vessel": "no", "warrior": "no", "serf": "yes"})
    assert len(game.actions) == before + 1
    assert str(game.pending().title) == "Recruit: put a new Serf with Hero 1"


def test_recruit_skips_the_units_it_cannot_pay_for():
    game = new_game("recruit", corrections={"ore": 1})
    assert game.pending().step.params["units"] == ["warrior", "serf"]
    assert [f.name for f in game.pending().question.fields] == ["warrior", "serf"]
    assert "Air Vessel costs 3 Ore, 1 Mana; it has 1 Ore, 3 Mana, 3 Food." in notes(game)
    assert "Sea Vessel costs 2 Ore, 1 Food; it has 1 Ore, 3 Mana, 3 Food." in notes(game)


def test_recruit_names_every_unit_it_cannot_pay_for_even_after_one_it_can():
    """The form lists only what it can pay for: with no Food, only the Air Vessel; the
    Units after it it cannot pay for are each said in a note."""
    game = new_game("recruit", corrections={"food": 0})
    assert game.pending().step.params["units"] == ["air_vessel"]
    assert "Sea Vessel costs 2 Ore, 1 Food; it has 3 Ore, 3 Mana." in notes(game)
    assert "Serf costs 1 Food; it has 3 Ore, 3 Mana." in notes(game)


def test_recruit_pays_for_the_unit_and_places_it_with_the_hero():
    game = new_game("recruit")
    game.answer(left("air_vessel"))  # an Air Vessel is in its supply
    assert game.state.resources == {"ore": 0, "mana": 2, "food": 3}
    step = game.pending()
    assert step.step.kind == "place_unit"
    assert str(step.title) == "Recruit: put a new Air Vessel with Hero 1"
    assert str(step.detail) == "Its Hero is in the Courtyard: the new Unit goes there too."


def test_recruit_on_the_map_names_the_5_unit_limit():
    game = new_game("recruit", corrections={"hero1": 1})
    game.answer(left("air_vessel"))
    assert "5 of its Units" in str(game.pending().detail)


def test_recruit_fails_without_the_resources_for_any_unit_and_the_hero_moves():
    game = new_game("recruit", corrections={"ore": 0, "food": 0})
    assert pending_kind(game) == "move_start"
    assert "The action fails: Hero 1 moves instead." in notes(game)
    assert game.state.heroes[0].failed


def test_recruit_fails_when_no_unit_it_can_pay_for_is_left_in_the_supply():
    """Solo rulebook, "Recruit": "This action will fail if ... no Units are available in
    the supply": every toggle off, the Hero moves and nothing is paid."""
    game = new_game("recruit")
    game.answer(NONE_LEFT)
    assert pending_kind(game) == "move_start"
    assert "No Unit it can pay for is left in its supply." in notes(game)
    assert game.state.resources == {"ore": 3, "mana": 3, "food": 3}
    assert game.state.heroes[0].failed


def test_recruit_checks_again_what_it_can_pay_when_its_resources_were_corrected():
    """Solo rulebook, "Recruit": it recruits the first Unit in priority order it can pay
    for. Its Ore corrected to 1 while the supply is asked: the Air Vessel and Sea Vessel
    left are no longer bought, it goes on to the Warrior it can still pay for."""
    game = new_game("recruit")
    assert game.pending().step.params["units"][0] == "air_vessel"
    game.correct("ore", 1)
    game.answer(left("air_vessel", "sea_vessel", "warrior", "serf"))
    assert "Air Vessel costs 3 Ore, 1 Mana; it has 1 Ore, 3 Mana, 3 Food." in notes(game)
    assert "Sea Vessel costs 2 Ore, 1 Food; it has 1 Ore, 3 Mana, 3 Food." in notes(game)
    assert str(game.pending().title) == "Recruit: put a new Warrior with Hero 1"
    assert game.state.resources == {"ore": 0, "mana": 3, "food": 2}


def test_recruit_supply_undone_asks_the_form_again_as_it_was():
    game = new_game("recruit")
    game.answer(left("serf"))
    game.undo()
    assert game.pending().step.kind == "supply"
    assert game.state.resources == {"ore": 3, "mana": 3, "food": 3}
    game.answer(left("sea_vessel"))
    assert str(game.pending().title) == "Recruit: put a new Sea Vessel with Hero 1"


# --- Build: Capital City Track ------------------------------------------------------------


def test_build_capital_city_track_pays_the_ore_of_the_next_open_space():
    game = new_game("build_track")
    assert game.state.track == 1 and game.state.resources["ore"] == 1
    assert str(game.pending().title) == "Move its Action Token to space 1 of its Capital City Track"
    game.answer("done")
    game.answer("pass")  # no Follow
    play(game, until=lambda p: game.state.acting == 1)
    assert game.state.track == 1  # Hero 2 could not pay 3 Ore: its action failed
    assert "The next space costs 3 Ore; it has 1 Ore, 3 Mana, 3 Food." in notes(game)


def test_build_capital_city_track_raises_the_capital_city_level_as_printed():
    game = new_game("build_track", corrections={"ore": 10, "track": 1})
    assert game.state.track == 2
    assert str(game.pending().detail) == "Its Capital City Level is now 2."


def test_reaching_the_end_of_the_capital_city_track_triggers_the_end_of_the_game():
    game = new_game("build_track", corrections={"ore": 10, "track": 5})
    assert game.state.track == 6 and game.state.turns.end_round == 2
    assert "It reached the end of its Capital City Track: the game ends after round 2." in notes(
        game
    )
    play(game, until=lambda p: game.state.acting == 1)
    assert "Its Capital City Track has no space left." in notes(game)


# --- Build: Towers and Vessels -------------------------------------------------------------


def test_build_tower_first_with_a_serf_in_the_heros_region_and_its_ore():
    game = new_game("build_towers", corrections={"hero1": 1})
    assert pending_kind(game) == "tower_serf"
    game.answer(True)
    game.answer(2)  # 2 Land Regions from its Capital City: 2 Ore
    assert game.state.towers == 1 and game.state.resources["ore"] == 1
    assert kinds(game)[-3:] == ["tower_build", "tower_tokens", "follow"]
    game.answer("done")
    game.answer(3)
    assert game.state.tokens == 3 and game.state.vp == {"tokens": 3}


def test_build_no_more_towers_than_its_capital_city_level_allows():
    game = new_game("build_towers", corrections={"hero1": 1, "towers": 1})
    assert "No Tower: it has 1 and its Capital City Level allows 1." in notes(game)
    assert game.pending().step.params["units"] == ["air_vessel", "sea_vessel"]


# A board whose every space prints its own level, so that a level read one space off shows.
STEPPED = {
    **PROFILE,
    "track": [{"ore": 1, "level": level} for level in (1, 2, 3, 4, 5, 6)],
}


def test_its_capital_city_level_is_read_on_the_space_its_action_token_stands_on():
    """Solo rulebook, "Build — Capital City Track": "advancing an Action Token on a
    6-space track, which marks its Capital City Level": the level is the one printed on
    the space the token stands on (on Start a Capital City is at level 1, base rules,
    "Capital City Board Overview")."""
    game = new_game("build_towers", profile=STEPPED)
    assert enemy_view(game.state, game.deck).level == 1  # on Start
    for space in range(1, 7):
        game.correct("track", space)
        view = enemy_view(game.state, game.deck)
        assert view.level == space == view.track[space - 1].level
        assert [s.reached for s in view.track] == [n <= space for n in range(1, 7)]
    advanced = new_game("build_track", profile=STEPPED, corrections={"ore": 10, "track": 2})
    assert advanced.state.track == 3
    assert str(advanced.pending().detail) == "Its Capital City Level is now 3."


def test_towers_are_capped_by_the_level_on_its_tokens_space():
    """Solo rulebook, "Towers and Vessels": "the Enemy may not build more Towers than its
    Capital City Level allows": on space 2 (level 2) it has room for a second Tower, not
    a third."""
    second = new_game(
        "build_towers", profile=STEPPED, corrections={"hero1": 1, "track": 2, "towers": 1}
    )
    assert pending_kind(second) == "tower_serf"
    third = new_game(
        "build_towers", profile=STEPPED, corrections={"hero1": 1, "track": 2, "towers": 2}
    )
    assert "No Tower: it has 2 and its Capital City Level allows 2." in notes(third)
    assert pending_kind(third) == "supply"  # a Vessel instead


def test_a_faction_has_3_towers_whatever_its_capital_city_level():
    """Solo rulebook, "Components and Setup Changes": "Gather that Faction's components
    as if it were a normal game" — its 3 Towers (base rules, "Faction Components"). A
    level printed higher than 3 allows no fourth one."""
    game = new_game(
        "build_towers", profile=STEPPED, corrections={"hero1": 1, "track": 5, "towers": 3}
    )
    assert "No Tower: it has 3 and its Capital City Level allows 3." in notes(game)
    assert enemy_view(game.state, game.deck).towers_allowed == 3
    with pytest.raises(InvalidAnswer, match="between 0 and 3"):
        game.correct("towers", 4)


def test_build_a_tower_needs_a_serf_in_the_region_otherwise_a_vessel():
    game = new_game("build_towers", corrections={"hero1": 1})
    game.answer(False)
    assert pending_kind(game) == "supply"
    assert game.pending().step.params["units"] == ["air_vessel", "sea_vessel"]
    assert "Tower > Air Vessel > Sea Vessel" in str(game.pending().detail)


def test_build_a_sea_vessel_when_no_air_vessel_is_left_in_its_supply():
    """Solo rulebook, "Build — Towers and Vessels": "if they cannot be built then move to
    the next Unit in order"."""
    game = new_game("build_towers", corrections={"hero1": 1})
    game.answer(False)  # no Serf
    game.answer(left("sea_vessel"))
    assert str(game.pending().title) == "Is Hero 1 on a Shore Region?"
    assert game.state.resources == {"ore": 1, "mana": 3, "food": 2}


def test_build_a_tower_it_cannot_pay_for_then_a_vessel():
    game = new_game("build_towers", corrections={"hero1": 1})
    game.answer(True)
    game.answer(5)
    assert "A Tower there costs 5 Ore; it has 3 Ore, 3 Mana, 3 Food." in notes(game)
    assert pending_kind(game) == "supply"


def test_build_no_tower_while_its_hero_is_in_the_courtyard():
    game = new_game("build_towers")
    assert "No Tower: its Hero is in its Courtyard, not on a Land Region." in notes(game)


def test_build_an_air_vessel_in_the_heros_region_with_the_hero_aboard():
    game = new_game("build_towers", corrections={"hero1": 1})
    game.answer(False)  # no Serf
    game.answer(left("air_vessel"))  # its Air Vessel is in its supply
    assert (
        str(game.pending().title)
        == "Build: its new Air Vessel goes in Hero 1's Region, Hero 1 aboard"
    )
    game.answer("done")
    assert game.state.heroes[0].place == "air"


def test_build_a_sea_vessel_off_a_shore_region_goes_to_its_capital_city():
    game = new_game("build_towers", corrections={"hero1": 1, "mana": 0})
    game.answer(False)  # no Serf; the Air Vessel needs Mana it has not
    assert game.pending().step.params["units"] == ["sea_vessel"]
    game.answer(left("sea_vessel"))
    assert str(game.pending().title) == "Is Hero 1 on a Shore Region?"
    game.answer(False)
    assert game.state.heroes[0].place == "land"
    assert "The Sea Vessel is built in its Capital City; its Hero stays." in notes(game)


def test_build_a_sea_vessel_on_a_shore_region_loads_the_hero_first():
    game = new_game("build_towers", corrections={"hero1": 1, "mana": 0})
    game.answer(False)
    game.answer(left("sea_vessel"))
    game.answer(True)
    assert game.state.heroes[0].place == "sea"


def test_build_a_vessel_when_its_hero_is_already_in_one_goes_to_its_capital_city():
    game = new_game("build_towers", corrections={"hero1": 2})
    game.answer(False)
    game.answer(left("air_vessel"))
    assert str(game.pending().title) == "Build: its new Air Vessel goes in its Capital City"
    game.answer("done")
    assert game.state.heroes[0].place == "air"


def test_build_fails_without_the_resources():
    game = new_game("build_towers", corrections={"ore": 0})
    assert pending_kind(game) == "move_start"


# --- Research ------------------------------------------------------------------------------


def test_research_casts_its_heros_spell_and_gains_its_vp():
    game = new_game("research")
    assert game.state.resources["mana"] == 1 and game.state.vp == {"spells": 2}
    assert str(game.pending().title) == "Hero 1 casts Fireball"


def test_research_the_spell_is_cast_even_if_useless_and_can_be_interrupted():
    game = new_game("research")
    game.answer("interrupted")
    assert game.state.vp == {"spells": 2}
    assert "Interrupted: it keeps the VP it gained for casting." in notes(game)


def test_research_fails_without_the_resources_to_cast():
    game = new_game("research", corrections={"mana": 1})
    assert "Its Spell costs 2 Mana; it has 3 Ore, 1 Mana, 3 Food." in notes(game)
    assert pending_kind(game) == "move_start"


# --- Tax -----------------------------------------------------------------------------------


def test_tax_collects_every_slot_then_follow_then_cycle_then_the_hero_moves():
    game = new_game("tax")
    assert kinds(game) == ["draw", "tax"]
    game.answer("done")
    assert game.state.resources == {"ore": 7, "mana": 6, "food": 5}
    assert kinds(game)[2:] == ["follow", "tax_cycle", "move_start"]
    game.answer("follow")
    game.answer("done")
    assert game.state.tax == {"ore": 2, "mana": 4, "food": 3}
    assert pending_kind(game) == "move_start"
    assert game.pending().step.params["why"] == "tax"
    assert not game.state.heroes[0].failed  # Tax cannot fail


def test_your_tax_action_advances_the_tax_track():
    game = new_game("recruit")
    play(game, until="your_action")
    game.answer("tax")
    assert game.state.tax == {"ore": 2, "mana": 4, "food": 3}
    assert "Tax Track: Mana on the 4, Food on the 3, Ore on the 2." in notes(game)


def test_tax_never_raises_a_resource_above_10():
    game = new_game("tax", corrections={"ore": 9})
    game.answer("done")
    assert game.state.resources["ore"] == 10


# --- Attack --------------------------------------------------------------------------------


def test_attack_fails_without_an_army_of_yours_in_reach_or_weak_enough():
    game = new_game("attack")
    game.answer(False)
    assert "No army of yours within 2 Regions is weak enough." in notes(game)
    assert pending_kind(game) == "move_start"


def test_attack_gains_1_vp_for_starting_a_battle():
    game = new_game("attack")
    game.answer(True)
    assert game.state.vp == {"battles": 1}
    assert kinds(game)[-2:] == ["attack_path", "battle_tactic"]


def test_attack_ties_are_broken_by_the_cards_compass_clockwise():
    game = new_game("attack", compass="SE")
    game.answer(True)
    assert game.pending().step.params["compass"] == "SE"
    assert "clockwise" in str(game.pending().detail)


def test_attack_may_gain_2_resources_on_its_way_and_in_the_region_it_wins():
    game = new_game("attack")
    play(
        game,
        {"attack": True, "attack_path": "ore", "battle_outcome": "enemy"},
        until="region_resource",
    )
    assert game.state.resources["ore"] == 4
    game.answer("ore")
    assert game.state.resources["ore"] == 5
    assert game.state.heroes[0].place == "land"


def test_a_spell_left_unnamed_is_cast_as_its_spell_not_the_heros_name_twice():
    game = new_game("research")
    game.state.profile["spells"][0]["name"] = ""
    assert str(game.pending().title) == "Hero 1 casts its Spell"
