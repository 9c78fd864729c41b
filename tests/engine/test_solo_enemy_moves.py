"""Solo rulebook, "Moving a Hero if an Action Fails", "Collecting Exploration Tokens",
the Vessel rules and "Moving and Gaining Resources"."""

from __future__ import annotations

from webapp.engine.geometry import clockwise_from

from .solo_enemy import game_notes, kinds, new_game, notes, play


def failed_research(**corrections):
    """A game whose Hero 1 failed its Research (no Mana) and is about to move."""
    return new_game("research", compass="SW", corrections={"mana": 0, **corrections})


def test_a_failed_action_moves_the_hero_the_cards_compass_way():
    game = failed_research()
    pending = game.pending()
    assert pending.step.kind == "move_start"
    assert str(pending.title) == "Hero 1 moves south-west"
    assert "Game Board's (top left)" in str(pending.detail)


def test_golden_rule_if_it_cannot_move_that_way_it_turns_clockwise():
    assert clockwise_from("SW") == ["SW", "W", "NW", "N", "NE", "E", "SE", "S"]
    assert clockwise_from("N")[:3] == ["N", "NE", "E"]
    game = failed_research()
    view = game.bot.step_types["move_start"].view(game.state, game.pending().step)
    assert view == {"compass": "SW", "turning": True, "order": clockwise_from("SW")}


def test_moving_from_its_capital_city_it_takes_units_from_the_courtyard():
    game = failed_research()
    play(game, until="move_rules")
    assert kinds(game)[-5:] == ["move_board", "muster", "move_rules", "move_region", "move_tokens"]
    assert "at least 1 Serf" in str(game.bot.step_types["muster"].detail(game.state, None))


def test_a_hero_already_on_the_map_moves_its_army_without_mustering():
    game = failed_research(hero1=1)
    play(game, until="move_rules")
    assert "muster" not in kinds(game)


def test_its_army_moves_1_region_and_the_hero_leaves_the_courtyard():
    game = failed_research()
    play(game, until="move_region")
    assert str(game.pending().title) == "Where did its army go?"
    assert "stopped" not in [c.value for c in game.pending().question.choices]
    game.answer("none")
    assert game.pending().step.kind == "move_tokens"
    assert game.state.heroes[0].place == "land"


def test_it_cannot_move_into_its_capital_city_or_beside_another_of_its_heroes():
    game = failed_research()
    play(game, until="move_rules")
    assert "Never into its Capital City, nor into a Region with another of its Heroes" in str(
        game.pending().detail
    )


def test_ferry_routes_take_the_branch_without_a_graticule():
    game = failed_research()
    play(game, until="move_rules")
    assert "the one without a Graticule" in str(game.pending().detail)


def test_an_empty_vessel_in_its_region_the_hero_boards_it_and_moves_as_a_vessel():
    game = failed_research()
    play(game, {"move_board": "air"}, until="move_rules")
    assert game.state.heroes[0].place == "air"
    assert "muster" not in kinds(game)
    assert str(game.pending().title) == "Fly Hero 1's Air Vessel 2 Regions"
    assert "may cross the centre Sea Region" in str(game.pending().detail)


def test_a_vessel_enters_a_second_region_unless_it_stopped():
    game = failed_research(hero1=3)  # aboard its Sea Vessel already: no boarding question
    play(game, until="move_rules")
    assert "move_board" not in kinds(game)
    assert "Graticules and wrap around the map" in str(game.pending().detail)
    game.answer("done")
    game.answer("mana")
    assert str(game.pending().title) == "The second Region its Vessel entered"
    assert "stopped" in [c.value for c in game.pending().question.choices]
    game.answer("stopped")
    assert game.pending().step.kind == "move_tokens"
    assert game.state.resources["mana"] == 1


def test_it_collects_1_resource_of_each_resource_region_it_enters():
    game = failed_research()
    play(game, {"move_region": "food"}, until="move_tokens")
    assert game.state.resources["food"] == 4
    assert "It gains 1 Food." in notes(game)


def test_moving_into_a_region_you_control_results_in_a_battle():
    game = failed_research()
    play(game, {"move_region": "battle"}, until="battle_tactic")
    assert game.pending().step.params["why"] == "move"
    assert str(game.pending().title) == "Battle: Hero 1's army entered your Region"


def test_moving_into_your_region_it_starts_the_battle_and_gains_its_vp():
    game = failed_research()
    play(game, {"move_region": "battle"}, until="battle_tactic")
    assert game.state.vp == {"battles": 1}
    assert "It gains 1 VP for starting a Battle." in notes(game)


def test_the_resource_of_your_region_only_once_it_has_won_the_battle():
    game = failed_research()
    play(game, {"move_region": "battle", "battle_outcome": "you"}, until="battle_losses")
    game.answer("done")
    assert game.pending().step.kind == "move_tokens"  # no Resource: it lost
    game = failed_research()
    play(game, {"move_region": "battle", "battle_outcome": "enemy"}, until="region_resource")


def test_a_vessel_stops_when_it_enters_your_region():
    game = failed_research(hero1=2)
    play(game, {"move_region": "battle"}, until="battle_tactic")
    assert [s.params.get("index") for s in game.checklist.steps if s.kind == "move_region"] == [1]


def test_exploration_tokens_it_passes_are_collected_with_their_vp():
    game = failed_research()
    play(game, until="move_tokens")
    game.answer(2)
    assert game.state.tokens == 2 and game.state.vp == {"tokens": 2}
    assert "It collects 2 Exploration Tokens: +2 VP." in game_notes(game)
