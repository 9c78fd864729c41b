"""Solo rulebook, "Battles vs the Wayward Covenant", "Clarifications" and
"The Covenant getting into multiple battles"."""

from __future__ import annotations

from typing import Any

import pytest

from webapp.bots.covenant.rules import covenant_cannons
from webapp.bots.covenant.state import CovenantState, Upgrade
from webapp.bots.covenant.steps_battle import battle_cannons
from webapp.bots.covenant.turn import turn_cycle

from .decks import section
from .helpers import finish_turn, kinds, new_game, notes, play, steps


def test_covenant_cannons_count_base_upgrades_harbor_buildings_and_pirate_pile():
    state = CovenantState(turns=turn_cycle(players=1, start=0))
    assert covenant_cannons(state, space="2.2", defending=False).total == 1  # 1 base
    state.ai.upgrades = [Upgrade(1, 1), Upgrade(2, 2)]
    assert covenant_cannons(state, space="2.2", defending=False).total == 4
    assert covenant_cannons(state, space="H", defending=True).total == 8  # +4 in Harbor
    assert covenant_cannons(state, space="H", defending=False).total == 4  # only defending
    state.ai.islands = {"2.2": ["fort", "outpost"]}
    assert covenant_cannons(state, space="2.2", defending=False).total == 6  # +1 per building
    state.ai.pirate_strength = 5
    assert covenant_cannons(state, space="2.2", defending=False).total == 8  # +1 per 2
    assert covenant_cannons(state, space="2.2", defending=False, bonus=2).total == 10
    assert covenant_cannons(state, space="2.2", defending=False, halved=True).total == 4
    assert covenant_cannons(state, space="1.1", defending=False, halved=True).total == 3  # 5/2 up


def test_the_covenant_cannons_are_said_line_by_line():
    # Solo rulebook, "Battling the Wayward Covenant's Ship": each source of its cannons,
    # as the battle's breakdown lists them
    state = CovenantState(turns=turn_cycle(players=1, start=0))
    state.ai.upgrades = [Upgrade(1, 1), Upgrade(2, 2)]
    state.ai.islands = {"2.2": ["fort", "outpost"]}
    state.ai.pirate_strength = 5
    cannons = covenant_cannons(state, space="2.2", defending=False, bonus=2)
    assert [(str(label), value) for label, value in cannons.lines] == [
        ("Base cannon", 1),
        ("Cannons on its Ship Upgrades", 3),
        ("Its buildings on this space", 2),
        ("1 per 2 cannons or battle abilities in its Pirate pile", 2),
        ("Attack Flag bonus this battle", 2),
    ]


@pytest.mark.parametrize(("strength", "lines"), [(1, 1), (2, 2), (3, 2)])
def test_one_cannon_per_two_in_its_pirate_pile_none_for_a_single_one(strength, lines):
    state = CovenantState(turns=turn_cycle(players=1, start=0))
    state.ai.pirate_strength = strength
    cannons = covenant_cannons(state, space="2.2", defending=False)
    assert len(cannons.lines) == lines and cannons.total == 1 + strength // 2


def test_the_covenant_wins_ties_in_ship_battles():
    game = new_game(section(effects=[{"type": "attack"}]))
    pending = play(game, {"player_ship": "1.1"}, until="battle")
    won = next(c for c in pending.question.choices if c.value == "covenant_won")
    assert "tie" in str(won.hint)


def test_plunder_goes_to_its_dock_and_three_cargo_become_a_coin():
    game = new_game(section(effects=[{"type": "attack"}]))
    finish_turn(
        game, {"player_ship": "1.1", "battle": "covenant_won", "plunder": 2, "plunder_cargo": 4}
    )
    assert (game.state.ai.coins, game.state.ai.cargo) == (15 + 2 + 1, 1)


def test_defeating_your_ship_gives_a_legendary_cube_and_sinking_it_terror_of_the_sea():
    game = new_game(section(effects=[{"type": "attack"}]))
    finish_turn(game, {"player_ship": "1.1", "battle": "covenant_sank_you"})
    assert game.state.ai.cubes["legendary"] == 1
    assert "terror_of_the_sea" in game.state.ai.claimed


def test_each_defeat_of_your_ship_adds_one_more_legendary_cube_and_says_so():
    # Solo rulebook, "Legendary": "Each time the Covenant defeats your Ship in a battle or
    # a Merchant ship, place one of its cubes here."
    game = new_game(section(effects=[{"type": "attack"}]))
    game.state.ai.cubes["legendary"] = 2
    finish_turn(game, {"player_ship": "1.1", "battle": "covenant_sank_you"})
    assert game.state.ai.cubes["legendary"] == 3
    assert "The Covenant places a cube on the Legendary achievement." in notes(game)


def test_no_legendary_cube_once_the_covenant_has_claimed_the_achievement():
    # Solo rulebook, "Right side effects": "if the Covenant does not already have the
    # Legendary Achievement, then the Covenant gains a cube on the Legendary Achievement"
    game = new_game(section(effects=[{"type": "attack"}]))
    game.state.ai.claimed = ["legendary"]
    finish_turn(game, {"player_ship": "1.1", "battle": "covenant_sank_you"})
    assert game.state.ai.cubes["legendary"] == 0
    assert not any("Legendary achievement" in note for note in notes(game))


def test_sinking_the_covenant_gives_you_five_of_its_coins_and_sends_it_to_the_harbor():
    game = new_game(section(end="3.3", effects=[{"type": "attack"}]))
    finish_turn(game, {"player_ship": "1.1", "battle": "you_sank"})
    assert game.state.ai.coins == 10
    assert game.state.ai.ship == "H"  # on its turn: Harbor, whatever the card says
    assert game.state.ai.damage == 0


def test_sinking_the_covenant_on_its_turn_resets_its_damage():
    """Solo rulebook, "Sinking the Wayward Covenant's Ship": "simply take 5 of its coins
    from its Dock ... then put the Covenant's Ship in Harbor" — a Ship sunk (a 5th damage
    sinks it) comes back afloat, its damage gone."""
    game = new_game(section(end="3.3", effects=[{"type": "attack"}]))
    game.correct("damage", 3)
    finish_turn(game, {"player_ship": "1.1", "battle": "you_sank"})
    assert game.state.ai.ship == "H" and game.state.ai.damage == 0
    assert "battle_damage" not in kinds(game)  # nothing asks what the sunk ship took


def test_sinking_the_covenant_on_your_turn_resets_its_damage():
    game = new_game(section(end="H"))
    game.correct("damage", 4)
    finish_turn(game)
    game.answer("battle")
    game.answer("you_sank")
    assert game.state.ai.ship == "H" and game.state.ai.damage == 0
    assert game.pending().step.kind == "your_turn"


def test_in_2_vs_2_sinking_one_covenant_resets_its_damage_not_the_others():
    game = new_game(coop=True, seed=3)
    game.correct("damage@0", 2)
    game.correct("damage@1", 3)
    finish_turn(game)
    game.answer("battle")
    game.answer("1")  # the Covenant you battle
    game.answer("you_sank")
    assert [ai.damage for ai in game.state.ais] == [2, 0]
    assert game.state.ais[1].ship == "H"


def test_sunk_before_its_end_position_it_ends_in_the_harbor():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}], end="2.2"))
    finish_turn(game, {"player_ship": "2.2", "player_mode": True, "battle": "you_sank"})
    assert game.state.ai.ship == "H"
    assert "it was sunk this turn" in str(game.step_title(steps(game, "end_position")[0]))


def test_it_battles_your_pirate_ship_where_it_ends_its_turn():
    game = new_game(section(end="2.2"))
    finish_turn(game, {"player_ship": "2.2", "player_mode": True})
    assert steps(game, "battle")[0].params["why"] == "pirate_end"


def test_garrison_deals_one_damage_when_it_ends_its_turn_on_that_island():
    game = new_game(section(end="2.2"))
    game.correct("damage", 2)
    finish_turn(game, {"island_check": "garrison"})
    assert game.state.ai.damage == 3
    assert "Your Garrison deals the Covenant's ship 1 damage." in notes(game)


def test_garrison_deals_one_damage_when_it_battles_the_garrison():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"island_check": "garrison", "battle": "held"})
    assert game.state.ai.damage == 1


def test_garrison_never_deals_a_fifth_damage():
    game = new_game(section(end="2.2"))
    game.correct("damage", 4)
    finish_turn(game, {"island_check": "garrison"})
    assert game.state.ai.damage == 4
    assert "A Garrison would deal its 5th damage: ignored, as the rulebook says." in notes(game)


def test_no_garrison_damage_when_it_only_picks_up_the_advancement():
    game = new_game(section(advancements=["2.2"], end="H"))
    finish_turn(game, {"claim": "mercantile"})
    assert game.state.ai.damage == 0


def test_it_never_battles_a_fort_or_garrison_on_a_turn_it_attacks_you():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "attack"}]))
    finish_turn(game, {"player_ship": "1.1", "island_check": "fort"})
    battles = steps(game, "battle")
    assert [b.params["why"] for b in battles] == ["flag"]
    assert any("never battles a Fort" in n for n in notes(game))


def test_the_conditional_attack_also_cancels_building_battles():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}], top=True))
    finish_turn(game, {"island_check": "garrison", "top_check": True})
    assert [b.params["why"] for b in steps(game, "battle")] == ["top"]


def test_a_pirate_battle_on_the_left_is_dropped_for_the_attack_flag_on_the_right():
    game = new_game(
        section(influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "attack", "bonus": 1}])
    )
    finish_turn(game, {"player_ship": "2.2", "player_mode": True})
    assert [b.params["why"] for b in steps(game, "battle")] == ["flag"]
    assert "place" not in kinds(game)  # no cubes on the island where you are in Pirate mode


def won_both_halves(influence: list[dict], islands: list[str] | str) -> tuple[Any, list[Any]]:
    """Your Ship in Pirate mode on 2.2, a Fort where `islands` say; it has 5 cannons and
    wins every battle: the game and its battles, each checked to be fought with a half."""
    game = new_game(section(influence=influence))
    game.correct("upgrade_cannons", 4)  # 5 cannons: halves of 3
    answers = {"player_ship": "2.2", "player_mode": True, "island_check": islands}
    finish_turn(game, {**answers, "battle": "covenant_won", "place": True})
    battles = steps(game, "battle")
    assert [(b.params["target"], b.params["halved"]) for b in battles] == [
        ("ship", True),
        ("building", True),
    ]
    return game, battles


def test_pirate_ship_and_fort_battles_each_use_half_its_cannons():
    influence = [{"space": "2.2", "cubes": 2}, {"space": "3.1", "cubes": 3}]
    game, _ = won_both_halves(influence, ["none", "fort"])
    # it won both: the cubes go on both islands
    assert [p.params["space"] for p in steps(game, "place")] == ["2.2", "3.1"]


def test_pirate_ship_and_fort_on_that_island_battle_each_with_half_its_cannons():
    """ "...your Fort/Garrison the Covenant is also targeted to battle (on that island or
    another island)": your Ship in Pirate mode on the very island of your Fort."""
    game, battles = won_both_halves([{"space": "2.2", "cubes": 2}], "fort")
    assert [battle_cannons(game.state, b).total for b in battles] == [3, 3]
    assert game.state.ai.cubes["legendary"] == 1  # it defeated your Ship
    assert [p.params["space"] for p in steps(game, "place")] == ["2.2"]  # its cubes, once


def test_losing_the_ship_battle_on_the_fort_island_skips_the_fort_and_its_cubes():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(
        game,
        {"player_ship": "2.2", "player_mode": True, "island_check": "fort", "battle": "you_won"},
    )
    assert [b.params["target"] for b in steps(game, "battle")] == ["ship"]
    assert "place" not in kinds(game)


def test_losing_either_half_battle_skips_the_rest_and_places_no_cubes():
    game = new_game(
        section(influence=[{"space": "2.2", "cubes": 2}, {"space": "3.1", "cubes": 3}], top=True)
    )
    finish_turn(
        game,
        {
            "player_ship": "2.2",
            "player_mode": True,
            "island_check": ["none", "fort"],
            "top_check": False,
            "battle": "you_won",
        },
    )
    assert [b.params["target"] for b in steps(game, "battle")] == ["ship"]
    assert "place" not in kinds(game)
    assert any("skips its other battles" in n for n in notes(game))


def test_only_one_building_battle_for_the_island_with_the_most_coins():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}, {"space": "3.1", "cubes": 2}]))
    pending = play(game, {"island_check": "fort"}, until="pick_building_battle")
    assert set(pending.question.spaces) == {"2.2", "3.1"}
    finish_turn(game, {"pick_building_battle": "3.1", "battle": "covenant_won"})
    assert [b.params["space"] for b in steps(game, "battle")] == ["3.1"]
    assert any("Only one building battle" in n for n in notes(game))


def test_on_your_turn_you_may_battle_its_ship_which_defends_with_four_cannons_in_the_harbor():
    game = new_game(section(end="H"))
    finish_turn(game)
    game.answer("battle")
    pending = game.pending()
    assert pending.step.params["defending"] is True
    cannons = battle_cannons(game.state, pending.step)
    assert ("Defending in the Harbor", 4) in [(str(label), n) for label, n in cannons.lines]
    assert cannons.total == 5
    game.answer("you_won")
    game.answer(2)  # damage
    assert game.state.ai.damage == 2


def test_on_your_turn_you_may_attack_its_fort_and_take_its_island():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}],
            effects=[{"type": "build", "building": "fort"}],
        )
    )
    finish_turn(game, {"place": True})
    assert game.state.ai.islands == {"2.2": ["fort"]}
    play(
        game,
        {"your_turn": ["building", "end"], "pick_island": "2.2", "attack_building": "fort"},
        until=lambda p: p.step.kind == "your_turn" and game.state.ai.islands["2.2"] == [],
    )
    assert game.state.ai.islands == {"2.2": []}
    game.answer("island")
    game.answer("2.2")
    assert game.state.ai.islands == {}
    assert game.state.ai.permanent_cubes == 0


def test_a_battle_in_the_harbor_is_said_to_be_in_the_harbor():
    game = new_game(section(end="H"))
    finish_turn(game)
    game.answer("battle")
    assert str(game.pending().title) == "You attack the Covenant's ship in the Harbor"
    pirate = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    pending = play(pirate, {"player_ship": "2.2", "player_mode": True}, until="battle")
    assert str(pending.title) == "The Covenant battles your Ship in Pirate mode on 2.2"


@pytest.mark.parametrize(("coins", "said"), [(1, "1 coin"), (3, "3 coins"), (9, "5 coins")])
def test_sinking_its_ship_takes_up_to_5_coins_said_in_words(coins: int, said: str) -> None:
    # Solo rulebook, "Sinking the Wayward Covenant's Ship": at most 5 coins from its Dock
    from webapp.bots.covenant.rules import sink_covenant

    game = new_game()
    game.state.ai.coins = coins
    words = sink_covenant(game.state, on_its_turn=False)
    assert str(words) == (
        f"Take {said} from its Dock for your Treasure chest; its ship goes to the Harbor."
    )
    assert game.state.ai.coins == coins - min(coins, 5)
