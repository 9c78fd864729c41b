"""Solo rulebook, "Left side effects": advancements, influence cubes, end
position and the two conditional icons, in that order."""

from __future__ import annotations

from webapp.engine import Context, Game

from .decks import section
from .helpers import finish_turn, kinds, new_game, next_covenant_turn, notes, play, steps

CLAIM = section(advancements=["1.2"], end="H")


def claim(answer: str, *, saga: bool = False, seed: int = 1, pile: int = 0):
    game = new_game(CLAIM, saga=saga, seed=seed)
    finish_turn(game, {"claim": answer, "advancement_pile": pile})
    return game


def test_left_side_resolves_in_order_before_the_right_side():
    game = new_game(
        section(
            advancements=["1.1"],
            influence=[{"space": "2.2", "cubes": 2}],
            end="3.3",
            top=True,
            bottom=True,
            effects=[{"type": "coins", "amount": 2}, {"type": "repair", "amount": 1}],
        )
    )
    assert kinds(game) == [
        "reveal",
        "player_ship",
        "explore",
        "claim",  # 1. claim advancements
        "explore",
        "island_check",
        "explore",
        "island_check",  # what lies where it acts
        "top_check",
        "bottom_check",  # facts the conditional icons need
        "plan",  # 2. influence, 3. end position, 4. conditionals (inserted)
        "effect_coins",
        "effect_repair",  # right side, in printed order
        "end_of_turn",
    ]
    finish_turn(game, {"top_check": True, "bottom_check": False})
    resolved = [k for k in kinds(game) if k not in ("explore", "explore_check")]
    assert resolved.index("place") < resolved.index("end_position") < resolved.index("battle")
    assert resolved.index("battle") < resolved.index("effect_coins")


def test_advancement_without_cannon_or_battle_ability_goes_to_the_mercantile_pile():
    game = claim("mercantile")
    assert (game.state.ai.mercantile, game.state.ai.pirate) == (1, 0)


def test_advancement_with_cannons_or_battle_abilities_goes_to_the_pirate_pile():
    game = claim("pirate", pile=3)
    assert (game.state.ai.mercantile, game.state.ai.pirate, game.state.ai.pirate_strength) == (
        0,
        1,
        3,
    )


def merchant_games():
    for seed in range(1, 60):
        yield seed, claim("merchant", seed=seed)


def test_merchant_ship_tails_keeps_the_front_side_without_a_legendary_cube():
    seed, game = next((s, g) for s, g in merchant_games() if any("tails" in n for n in notes(g)))
    assert game.state.ai.cubes["legendary"] == 0
    assert game.state.ai.mercantile == 1  # its front side had no cannon (answered 0)


def test_merchant_ship_heads_gives_a_legendary_cube_and_the_back_side():
    seed, game = next((s, g) for s, g in merchant_games() if any("heads" in n for n in notes(g)))
    assert game.state.ai.cubes["legendary"] == 1
    assert any("back side" in n for n in notes(game))


def test_merchant_ship_never_pays_its_win_coins():
    for _, game in list(merchant_games())[:10]:
        assert game.state.ai.coins == 15 + 1  # only the card's own coin effect
        assert any("no coins" in n for n in notes(game))


def test_an_unexplored_ocean_board_gives_an_explorer_cube():
    game = new_game(CLAIM)
    finish_turn(game, {"explore_check": True})
    assert game.state.ai.cubes["explorer"] == 1
    assert "1.2" in game.state.explored


def test_a_space_is_asked_about_exploring_at_most_once():
    game = new_game(CLAIM)
    finish_turn(game, {"explore_check": False})
    next_covenant_turn(game)
    finish_turn(game)
    assert "explore_check" not in kinds(game)


def test_your_ships_own_space_counts_as_explored():
    game = new_game(CLAIM)
    finish_turn(game, {"player_ship": "1.2"})
    assert "explore_check" not in kinds(game)


def test_influence_cubes_are_placed_and_taking_control_gives_a_permanent_cube():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"place": True})
    assert game.state.ai.islands == {"2.2": []}
    assert game.state.ai.permanent_cubes == 1


def test_cubes_that_cannot_be_placed_on_open_sea_are_skipped_and_remembered():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"island_check": "sea"})
    assert "place" not in kinds(game)
    assert "Open sea: nothing to place." in notes(game)
    next_covenant_turn(game)
    assert "island_check" not in kinds(game)


ISLAND = section(influence=[{"space": "2.2", "cubes": 2}])


def test_an_explored_island_stays_known_from_turn_to_turn_until_your_turn_changes_it():
    """Solo rulebook, "Player turn": "Your turns are played exactly the same as a normal
    game": an explored Ocean board's islands never move, and only a turn (yours, building
    there) changes what is on them. What the table said is not asked again until then."""
    game = new_game(ISLAND)
    finish_turn(game, {"island_check": "none", "place": False})
    next_covenant_turn(game)
    finish_turn(game, {"place": False})
    assert "island_check" not in kinds(game)
    known = steps(game, "island_known")[0]
    assert str(known.shown_title) == (
        "2.2: An island without your Fort or Garrison, as the table said before"
    )
    assert "place" in kinds(game)  # no building of yours there: it places its cubes
    # you build a Fort there on your turn: Botdeck forgets it and asks again
    game.answer("built")
    assert game.pending().question.spaces == ("2.2",)
    game.answer("2.2")
    game.answer("end")
    finish_turn(game, {"island_check": "fort", "battle": "held"})
    assert "island_check" in kinds(game) and steps(game, "battle")


def test_an_island_where_it_won_a_building_battle_is_asked_again_next_turn():
    """Solo rulebook, "Wayward Covenant attacking your Buildings": a regular building
    battle, which can change what stands there."""
    game = new_game(ISLAND)
    finish_turn(game, {"island_check": "garrison", "battle": "covenant_won", "place": False})
    assert game.state.known_islands == {"2.2": "garrison"}  # still so this turn
    next_covenant_turn(game)
    finish_turn(game, {"island_check": "none", "place": False})
    assert "island_check" in kinds(game)


def test_an_island_it_lost_to_you_is_asked_again():
    game = new_game(ISLAND)
    finish_turn(game, {"island_check": "none", "place": True})
    game.answer("island")
    game.answer("2.2")
    assert "2.2" not in game.state.known_islands
    game.answer("end")
    finish_turn(game, {"island_check": "none", "place": False})
    assert "island_check" in kinds(game)


def test_a_single_cube_is_ignored_where_you_have_a_fort_or_garrison():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 1}]))
    finish_turn(game, {"island_check": "fort"})
    assert "battle" not in kinds(game) and "place" not in kinds(game)
    assert any("single cube" in n for n in notes(game))


def test_a_single_cube_is_ignored_where_your_ship_is_in_pirate_mode():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 1}]))
    finish_turn(game, {"player_ship": "2.2", "player_mode": True})
    assert "battle" not in kinds(game)


def test_two_cubes_where_you_have_a_garrison_mean_a_battle_for_the_island():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"island_check": "garrison", "battle": "covenant_won", "place": True})
    battle = steps(game, "battle")[0]
    assert battle.params["target"] == "building"
    assert game.state.ai.islands == {"2.2": []}


def test_two_cubes_where_your_ship_is_in_pirate_mode_mean_a_ship_battle():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game, {"player_ship": "2.2", "player_mode": True, "battle": "you_won"})
    battle = steps(game, "battle")[0]
    assert battle.params["target"] == "ship"
    assert "place" not in kinds(game)  # it lost: no cubes


def test_the_ship_ends_its_turn_on_the_orange_space():
    game = new_game(section(end="3.2"))
    finish_turn(game)
    assert game.state.ai.ship == "3.2"


def test_top_conditional_attacks_with_three_coins_on_your_ship_even_in_the_harbor():
    game = new_game(section(top=True))
    finish_turn(game, {"player_ship": "H", "top_check": True})
    battle = steps(game, "battle")[0]
    assert battle.params["why"] == "top"


def test_top_conditional_does_nothing_below_three_coins():
    game = new_game(section(top=True))
    finish_turn(game, {"top_check": False})
    assert "battle" not in kinds(game)


def test_bottom_conditional_places_two_cubes_on_the_island_with_most_coins():
    game = new_game(section(bottom=True))
    finish_turn(game, {"bottom_check": True, "bottom_target": "3.1", "place": True})
    place = steps(game, "place")[0]
    assert (place.params["space"], place.params["cubes"]) == ("3.1", 2)
    assert "3.1" in game.state.ai.islands


def test_bottom_conditional_ignores_an_island_where_you_are_in_pirate_mode():
    game = new_game(section(bottom=True))
    pending = play(
        game,
        {"player_ship": "3.1", "player_mode": True, "bottom_check": True},
        until="bottom_target",
    )
    assert "3.1" not in pending.question.spaces
    assert "H" not in pending.question.spaces


def test_bottom_conditional_battles_your_fort_for_the_island():
    game = new_game(section(bottom=True))
    finish_turn(game, {"bottom_check": True, "bottom_target": "3.1", "island_check": "fort"})
    battle = steps(game, "battle")[0]
    assert (battle.params["target"], battle.params["space"]) == ("building", "3.1")


def test_bottom_conditional_does_nothing_without_coins_or_cargo_on_such_islands():
    game = new_game(section(bottom=True))
    finish_turn(game, {"bottom_check": False})
    assert "bottom_target" not in kinds(game)


def test_merchant_ship_coin_is_flipped_from_the_seed_and_the_number_of_its_action():
    """Botdeck flips the coin (Solo rulebook, "Claim advancements"): drawn from the
    game's seed, the flip's purpose and the number of the action that claimed it, so a
    replay or a redo flips the same, and each claim of a game flips anew."""
    for seed, game in list(merchant_games())[:12]:
        heads = Context(seed, coin_flipped_at(game), None, {}).rng("coin").random() < 0.5
        assert any(("heads" if heads else "tails") in note for note in notes(game)), seed


def coin_flipped_at(game: Game) -> int:
    """The number of the action whose claim flipped the coin."""
    replayed = Game(game.bot.id, game.options, game.seed, game.initial_deck)
    for number, action in enumerate(game.actions):
        replayed.apply_action(action)
        if any("Coin flip" in note for note in notes(replayed)):
            return number
    raise AssertionError("no coin was flipped")
