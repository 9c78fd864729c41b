"""Solo rulebook, "Right side effects" and "End of turn"."""

from __future__ import annotations

import pytest

from webapp.engine import Game, InvalidAnswer

from .decks import section
from .helpers import finish_turn, kinds, new_game, next_covenant_turn, notes, play, steps


def right(*effects, **answers):
    game = new_game(section(effects=list(effects)))
    finish_turn(game, answers)
    return game


def test_coins_effect_gains_that_many_coins():
    assert right({"type": "coins", "amount": 4}).state.ai.coins == 19


def test_one_coin_for_every_two_mercantile_advancements_rounded_down():
    game = new_game(
        section(advancements=["1.1", "1.2"], effects=[{"type": "coins_per_mercantile"}])
    )
    game.correct("mercantile", 3)  # it already had 3
    finish_turn(game, {"claim": "mercantile"})  # +2 → 5 in the pile
    assert game.state.ai.mercantile == 5
    assert game.state.ai.coins == 15 + 2


def test_ship_upgrade_gives_the_tile_shown_with_its_cannons():
    game = right({"type": "upgrade", "level": 2, "cannons": 1}, effect_upgrade="shown")
    assert [(u.level, u.cannons) for u in game.state.ai.upgrades] == [(2, 1)]


def test_ship_upgrade_gives_any_tile_of_the_same_level_when_that_one_is_gone():
    game = right(
        {"type": "upgrade", "level": 2, "cannons": 1}, effect_upgrade="other", upgrade_substitute=2
    )
    assert [(u.level, u.cannons) for u in game.state.ai.upgrades] == [(2, 2)]


def test_repair_removes_that_much_damage_or_as_much_as_possible():
    game = new_game(section(effects=[{"type": "repair", "amount": 2}]))
    game.correct("damage", 3)
    finish_turn(game)
    assert game.state.ai.damage == 1
    game = new_game(section(effects=[{"type": "repair", "amount": 3}]))
    game.correct("damage", 1)
    finish_turn(game)
    assert game.state.ai.damage == 0


def test_a_building_goes_on_its_only_island_without_asking():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}],
            effects=[{"type": "build", "building": "fort"}],
        )
    )
    finish_turn(game, {"place": True})
    assert game.state.ai.islands == {"2.2": ["fort"]}


def test_a_building_goes_on_the_highest_value_island_without_one_the_player_chooses_ties():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}, {"space": "3.3", "cubes": 2}],
            effects=[{"type": "build", "building": "garrison"}],
        )
    )
    pending = play(game, {"place": True}, until="build_place")
    assert set(pending.question.spaces) == {"2.2", "3.3"}
    assert "highest combined coin and cargo production" in str(pending.detail)
    game.answer("3.3")
    assert game.state.ai.islands["3.3"] == ["garrison"]


def test_an_island_that_has_that_building_already_is_not_chosen():
    game = new_game(section(effects=[{"type": "build", "building": "fort"}]))
    game.state.ai.islands = {"1.1": ["fort"], "1.3": []}
    finish_turn(game)
    assert game.state.ai.islands == {"1.1": ["fort"], "1.3": ["fort"]}


def test_no_building_when_it_controls_no_island():
    game = right({"type": "build", "building": "outpost"})
    assert "build_place" not in kinds(game)
    assert any("nothing is built" in n for n in notes(game))


def test_production_asks_the_goods_of_its_best_island_and_converts_cargo():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "produce", "islands": 2}]
        )
    )
    finish_turn(game, {"place": True, "produce_coins": 2, "produce_cargo": 4})
    assert (game.state.ai.coins, game.state.ai.cargo) == (15 + 2 + 1, 1)
    assert "both produce once" in str(game.step_title(steps(game, "effect_produce")[0]))


def test_production_without_islands_does_nothing():
    game = right({"type": "produce", "islands": 1})
    assert "produce_coins" not in kinds(game)


def test_expert_sailors_places_a_cube_unless_already_claimed():
    game = new_game(section(effects=[{"type": "expert_sailors"}]))
    for _ in range(3):
        next_covenant_turn(game)
    finish_turn(game)
    assert game.state.ai.cubes["expert_sailors"] == 3
    assert "expert_sailors" in game.state.ai.claimed
    assert any("Already claimed" in n for n in notes(game))


def test_attack_flag_attacks_you_with_extra_cubes_this_battle():
    game = right({"type": "attack", "bonus": 2}, player_ship="2.1")
    battle = steps(game, "battle")[0]
    assert (battle.params["why"], battle.params["bonus"]) == ("flag", 2)


def test_attack_flag_if_not_in_harbor_does_nothing_when_you_are_in_the_harbor():
    game = right({"type": "attack", "unless_in_harbor": True}, player_ship="H")
    assert "battle" not in kinds(game)
    game = right({"type": "attack", "unless_in_harbor": True}, player_ship="1.1")
    assert "battle" in kinds(game)


def test_merchant_ship_on_an_ocean_board_is_defeated_for_its_back_side_and_a_legendary_cube():
    game = right({"type": "merchant_ship"}, effect_merchant_ship=True, advancement_pile=2)
    assert game.state.ai.cubes["legendary"] == 1
    assert (game.state.ai.pirate, game.state.ai.pirate_strength) == (1, 2)
    assert game.state.ai.coins == 15  # no coins from its Win condition


def test_no_merchant_ship_no_effect():
    game = right({"type": "merchant_ship"}, effect_merchant_ship=False)
    assert game.state.ai.cubes["legendary"] == 0


def test_if_at_least_n_cubes_is_decided_from_its_cannon_count():
    effect = {
        "type": "if_cannons",
        "at_least": 3,
        "then": [{"type": "coins", "amount": 3}, {"type": "attack"}],
        "otherwise": [{"type": "coins", "amount": 1}],
    }
    weak = right(effect)
    assert weak.state.ai.coins == 16 and "battle" not in kinds(weak)
    strong = new_game(section(effects=[effect]))
    strong.correct("upgrade_cannons", 2)  # 1 base + 2 = 3 cannons
    finish_turn(strong)
    assert strong.state.ai.coins == 18 and "battle" in kinds(strong)


def test_after_turn_placement_is_reminded_at_the_end_and_collected_next_turn():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "after_turn", "coins": 2}]
        )
    )
    finish_turn(game, {"place": True, "collect_coins": 0})
    assert kinds(game)[-1] == "after_turn_place"
    assert game.state.ai.placed_last_turn == [{"coins": 2, "cargo": 0, "space": "2.2"}]
    next_covenant_turn(game)
    pending = play(game, {"place": True}, until="collect_coins")
    assert "2 coins placed on 2.2 after its last turn" in str(pending.detail)


def test_after_its_turn_marked_done_before_its_island_was_tapped_still_replays():
    """Until the table tapped its island of highest value, the step was only marked done
    (the release of 2026-11-25): a game logged then replays, its coins placed as then, on
    an island it did not name; a tap now must name one."""
    islands = [{"space": "2.2", "cubes": 2}, {"space": "1.2", "cubes": 2}]
    game = new_game(section(influence=islands, effects=[{"type": "after_turn", "coins": 2}]))
    finish_turn(game, {"place": True, "collect_coins": 0})
    assert game.actions[-1] == {"answer": "2.2"}  # tapped, today
    logged = [*game.actions[:-1], {"answer": "done"}]
    old = Game.replay("covenant", game.options, game.seed, game.initial_deck, logged)
    assert old.actions == logged
    assert old.state.ai.placed_last_turn == [{"coins": 2, "cargo": 0}]
    assert str(steps(old, "after_turn_place")[-1].shown_answer) == "Done"
    now = Game.replay("covenant", game.options, game.seed, game.initial_deck, logged[:-1])
    with pytest.raises(InvalidAnswer, match="not one of the board spaces offered"):
        now.answer("done")


def test_after_its_turn_with_no_island_to_place_on_passes_without_a_tap():
    game = new_game(section(effects=[{"type": "after_turn", "coins": 2}]))
    play(game, until="your_turn")
    assert "after_turn_place" not in kinds(game)  # nothing to tap…
    line = steps(game, "after_turn_nothing")[0]  # …and its line in the checklist, done
    assert line.done
    assert str(line.shown_title) == "After its turn: 2 coins on its highest-value island"
    assert "It controls no island: nothing is placed." in notes(game)
    assert game.state.ai.after_turn == [] and game.state.ai.placed_last_turn == []


def test_end_of_turn_gains_all_coins_and_cargo_on_its_islands():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"place": True, "collect_coins": 3, "collect_cargo": 2})
    assert (game.state.ai.coins, game.state.ai.cargo) == (15 + 1 + 3, 2)


def test_every_three_cargo_on_its_dock_become_one_coin_at_once():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"place": True, "collect_cargo": 7})
    assert (game.state.ai.coins, game.state.ai.cargo) == (15 + 1 + 2, 1)


def test_end_of_turn_asks_nothing_when_it_controls_no_island():
    game = right({"type": "coins", "amount": 1})
    assert "collect_coins" not in kinds(game)
