"""Solo rulebook, "Achievements & end game scoring", "AI and Saga content" and
the General rule."""

from __future__ import annotations

import pytest

from webapp.bots.covenant.rules import achievements_met
from webapp.bots.covenant.state import ACHIEVEMENTS, CovenantAI, Upgrade
from webapp.bots.covenant.steps_player import covenant_total, score_winner
from webapp.engine import Seat

from .decks import section
from .helpers import finish_turn, new_game, notes, play, steps


@pytest.mark.parametrize(
    ("name", "below", "at"),
    [
        (
            "legendary",
            {"cubes": {"legendary": 3, "expert_sailors": 0, "explorer": 0}},
            {"cubes": {"legendary": 4, "expert_sailors": 0, "explorer": 0}},
        ),
        (
            "expert_sailors",
            {"cubes": {"legendary": 0, "expert_sailors": 2, "explorer": 0}},
            {"cubes": {"legendary": 0, "expert_sailors": 3, "explorer": 0}},
        ),
        (
            "explorer",
            {"cubes": {"legendary": 0, "expert_sailors": 0, "explorer": 4}},
            {"cubes": {"legendary": 0, "expert_sailors": 0, "explorer": 5}},
        ),
        ("elite_vessel", {"upgrades": [Upgrade(1, 0)] * 3}, {"upgrades": [Upgrade(1, 0)] * 4}),
        (
            "builder",
            {"islands": {"1.1": ["fort", "garrison"], "1.2": ["outpost", "fort"]}},
            {"islands": {"1.1": ["fort", "garrison"], "1.2": ["outpost", "fort", "garrison"]}},
        ),
        (
            "settler",
            {"islands": {f"{r}.1": [] for r in range(1, 4)} | {"1.2": [], "1.3": []}},
            {"islands": {f"{r}.{s}": [] for r in (1, 2) for s in (1, 2, 3)}},
        ),
        ("capitalist", {"coins": 29}, {"coins": 30}),
        ("terror_of_the_sea", {"sank_you": False}, {"sank_you": True}),
    ],
)
def test_achievement_thresholds_of_the_solo_rulebook(name, below, at):
    assert name not in achievements_met(CovenantAI(**below))
    assert name in achievements_met(CovenantAI(**at))


def test_the_covenant_never_claims_master_merchant():
    assert "master_merchant" not in ACHIEVEMENTS


def test_achievements_are_claimed_by_the_app_after_any_change():
    game = new_game(section(effects=[{"type": "coins", "amount": 15}]))
    finish_turn(game)
    assert game.state.ai.claimed == ["capitalist"]
    assert "The Covenant claims the Capitalist achievement." in notes(game)


def test_thresholds_are_checked_after_a_correction_too():
    game = new_game()
    game.correct("explorer", 4)
    assert "explorer" not in game.state.ai.claimed  # Solo rulebook, "Explorer": 5 solo
    game.correct("explorer", 5)
    assert "explorer" in game.state.ai.claimed


def test_explorer_takes_three_cubes_in_2_vs_2():
    # Solo rulebook, "Explorer": "3 in 2 vs 2 mode"
    game = new_game(section(), coop=True)
    game.correct("explorer@0", 3)
    assert game.state.ais[0].claimed == ["explorer"]


def test_the_second_covenants_fourth_achievement_is_its_own_end_trigger():
    game = new_game(section(effects=[{"type": "coins", "amount": 1}]), coop=True)
    game.state.ais[1].claimed = ["legendary", "explorer", "builder"]
    game.correct("coins@1", 40)
    assert notes(game)[-2:] == [
        "Ben's Covenant claims the Capitalist achievement.",
        "Fourth achievement: Ben's Covenant triggers the end of the game.",
    ]
    assert game.state.turns.end_trigger == Seat("ai", 1)


def test_a_claimed_achievement_stays_claimed():
    game = new_game()
    game.correct("coins", 30)
    game.correct("coins", 3)
    assert "capitalist" in game.state.ai.claimed


def test_the_covenants_fourth_achievement_gives_you_one_more_turn_then_the_score():
    game = new_game(section(effects=[{"type": "coins", "amount": 1}]))
    game.state.ai.claimed = ["legendary", "explorer", "builder"]
    game.correct("coins", 40)
    assert game.state.end_by == "covenant" and game.state.turns.end_trigger == Seat("ai", 0)
    assert "Fourth achievement: The Covenant triggers the end of the game." in notes(game)
    finish_turn(game)
    assert str(game.checklist.title) == "Your last turn"
    game.answer("end")
    assert game.checklist.header["kind"] == "scoring"


def test_your_fourth_achievement_gives_the_covenant_one_additional_turn():
    game = new_game()
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)
    assert game.state.end_by == "player" and game.state.turns.end_trigger == Seat("player", 0)
    said = [str(n) for checklist in game.checklists for step in checklist.steps for n in step.notes]
    assert "You claimed a fourth achievement first: the Covenant takes one additional turn." in said
    game.answer("end")
    assert str(game.checklist.title) == "The Covenant's additional last turn"
    finish_turn_and_score = play(game, until="score_other")
    assert finish_turn_and_score is not None


def test_in_2_vs_2_a_players_fourth_achievement_is_their_own_end_trigger():
    game = new_game(section(), coop=True)
    game.correct("player_achievements@1", 4)
    said = [str(n) for checklist in game.checklists for step in checklist.steps for n in step.notes]
    assert "Ben claimed a fourth achievement first: everyone else takes one more turn." in said
    assert game.state.turns.end_trigger == Seat("player", 1)


def test_in_its_last_turn_placements_remind_you_it_converts_only_half_your_cubes():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}]))
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)
    game.answer("end")
    pending = play(game, until="place")
    assert "1 of your cubes for every 2" in str(pending.detail)


def test_in_its_additional_last_turn_a_battle_reminds_you_that_you_get_two_more_cubes():
    """ "If you claim a fourth Achievement first, the Covenant takes one additional turn,
    and as normal, last turn rules apply, meaning you get +2 cubes in any battles"."""
    game = new_game(section(effects=[{"type": "attack"}]))
    finish_turn(game, {"player_ship": "1.1", "battle": "you_won", "damage": 0})
    game.answer("achievement")
    game.answer(4)
    game.answer("end")
    assert str(game.checklist.title) == "The Covenant's additional last turn"
    pending = play(game, {"player_ship": "1.1"}, until="battle")
    assert str(pending.detail).startswith("Last turn: you get +2 battle cubes.")
    assert str(pending.detail).endswith("It drops 1 battle cube.")


PLAIN_TURN = "Play as usual. Tap anything you do to the Covenant, then end your turn."


def test_the_turn_you_claim_your_fourth_achievement_in_is_not_a_last_turn():
    """Solo rulebook, "Achievements & end game scoring": "If you claim a fourth
    Achievement first, the Covenant takes one additional turn, and as normal, last turn
    rules apply" — in that additional turn, not in the rest of the turn you claimed it
    in: a battle you fight then gives you no extra cubes."""
    game = new_game(section(end="H"))
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)
    assert game.state.turns.end_trigger == Seat("player", 0)
    assert str(game.pending().detail) == PLAIN_TURN
    game.answer("battle")
    assert not str(game.pending().detail).startswith("Last turn")
    assert "+2" not in str(game.pending().detail)


def test_the_covenants_turn_that_claims_its_fourth_achievement_is_not_a_last_turn():
    """ "If the Covenant claims a fourth Achievement first it has triggered the end of the
    game. You get one more turn and normal last turn rules apply": the rest of its own
    turn is played by the normal rules (it replaces your cubes as usual, you get no
    extra battle cubes); your next turn is the last one."""
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "attack"}]))
    game.state.ai.claimed = ["legendary", "explorer", "builder"]
    game.correct("coins", 40)  # its fourth achievement, on its own turn
    assert game.state.turns.end_trigger == Seat("ai", 0)
    placing = play(game, {"player_ship": "1.1"}, until="place")
    assert str(placing.detail) == (
        "Replace cubes as in the normal rules; skip any cube that cannot be placed."
    )
    battle = play(game, {"player_ship": "1.1"}, until="battle")
    assert not str(battle.detail).startswith("Last turn")
    finish_turn(game, {"player_ship": "1.1"})
    assert str(game.checklist.title) == "Your last turn"
    assert str(game.pending().detail).startswith("The end has been triggered")
    game.answer("battle")
    assert str(game.pending().detail).startswith("Last turn: you get +2 battle cubes.")


def test_before_the_last_turns_a_battle_gives_you_no_extra_cubes():
    game = new_game(section(effects=[{"type": "attack"}]))
    pending = play(game, {"player_ship": "1.1"}, until="battle")
    assert "+2" not in str(pending.detail)


def test_final_score_is_coins_plus_one_per_two_advancements_and_its_other_coins():
    game = new_game(section(advancements=["1.1", "1.2"]))
    game.correct("pirate", 2)
    finish_turn(game, {"claim": "mercantile"})
    game.answer("achievement")
    game.answer(4)
    game.answer("end")
    play(game, {"claim": "mercantile", "score_other": 7, "score_player": 20}, until="score_sheet")
    state = game.state
    assert state.ai.advancements == 6
    assert covenant_total(state) == state.ai.coins + 3 + 7
    assert score_winner(state) == "covenant"
    game.answer("done")
    assert game.over and game.pending() is None


def to_final_scoring():
    """A solo game at its final scoring, the Covenant's other coins entered as 0."""
    game = new_game()
    game.state.turns.trigger_end(Seat("ai", 0))
    finish_turn(game)
    game.answer("end")
    assert play(game, until="score_player") is not None
    return game


@pytest.mark.parametrize("winner", ["player", "covenant"])
def test_a_tied_score_asks_the_tie_breaker(winner):
    """ "In the case of a tie, use the normal tiebreaker": the table says who wins it, and
    the sheet names that winner. Guards the tie-breaker question being dropped (the score
    would go straight to the sheet, the Covenant winning every tie)."""
    game = to_final_scoring()
    game.answer(covenant_total(game.state))  # your score: the same as the Covenant's
    pending = game.pending()
    assert pending is not None and pending.step.kind == "score_tiebreak"
    assert str(pending.title) == "A tie: who wins the normal tie-breaker?"
    assert [c.value for c in pending.question.choices] == ["player", "covenant"]
    game.answer(winner)
    assert game.pending().step.kind == "score_sheet"
    assert score_winner(game.state) == winner


def test_a_score_one_coin_apart_asks_no_tie_breaker():
    game = to_final_scoring()
    game.answer(covenant_total(game.state) + 1)
    assert game.pending().step.kind == "score_sheet"
    assert score_winner(game.state) == "player"


def test_saga_fortune_encounters_are_ignored():
    game = new_game(section(advancements=["1.2"]), saga=True)
    finish_turn(game, {"claim": "fortune"})
    assert (game.state.ai.mercantile, game.state.ai.pirate) == (0, 0)


def test_saga_encounters_go_unflipped_into_the_mercantile_pile():
    for answer in ("saga_merchant", "encounter"):
        game = new_game(section(advancements=["1.2"]), saga=True)
        finish_turn(game, {"claim": answer})
        assert game.state.ai.mercantile == 1
        assert game.state.ai.cubes["legendary"] == 0


def test_saga_choices_only_with_the_saga_option():
    game = new_game(section(advancements=["1.2"]))
    pending = play(game, until="claim")
    assert "fortune" not in [c.value for c in pending.question.choices]


def test_general_rule_where_the_rulebook_leaves_a_choice_the_step_asks_and_says_so():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}, {"space": "3.3", "cubes": 2}],
            effects=[{"type": "build", "building": "fort"}],
        )
    )
    pending = play(game, {"place": True}, until="build_place")
    assert "you choose" in str(pending.detail)
    assert steps(game, "build_place")
