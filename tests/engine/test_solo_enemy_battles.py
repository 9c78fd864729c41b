"""Solo rulebook, "Battling with a Solo Enemy": on its actions and on your turn."""

from __future__ import annotations

from .solo_enemy import kinds, new_game, notes, play


def attacked(**answers):
    """Hero 1 attacks your army (every card an Attack, strength 2, Charge / First Strike)."""
    game = new_game("attack")
    play(game, {"attack": True, **answers}, until="battle_tactic")
    return game


def test_you_choose_your_tactic_first_then_it_draws_a_card_for_the_battle():
    game = attacked()
    deck_before = list(game.state.deck)
    game.answer("Charge")
    battle = game.state.battle
    assert battle.card == deck_before[0] and battle.card in game.state.discard
    assert battle.strength == 2 and battle.its == "Charge"  # its tactic when attacking
    assert kinds(game)[-2:] == ["battle_cancel", "battle_outcome"]
    assert f"Card {battle.card}: +2 Strength; it plays Charge." in notes(game)


def test_the_enemys_tactic_is_its_defending_one_when_you_attack():
    game = new_game("recruit")
    play(game, until="your_action")
    game.answer("attack")
    assert [c.value for c in game.pending().question.choices] == ["army", "capital"]
    game.answer("army")
    game.answer("Charge")
    assert game.state.battle.its == "First Strike"
    assert not game.state.battle.enemy_attacks


def test_its_tactic_adds_no_strength_but_the_cards_strength_is_added():
    game = attacked()
    game.answer("Charge")
    game.answer(False)
    detail = str(game.pending().detail)
    assert "+2 from its card" in detail and "adds no Strength and no VP" in detail


def test_if_your_tactic_cancels_its_tactic_the_cards_strength_is_cancelled_too():
    game = attacked()
    game.answer("Charge")
    game.answer(True)
    assert game.state.battle.cancelled
    assert "+0 from its card" in str(game.pending().detail)


def test_whether_your_tactic_cancels_its_one_is_remembered_for_the_game():
    game = new_game("attack")
    play(game, {"attack": True, "battle_cancel": True}, until=lambda p: game.state.acting == 1)
    assert game.state.cancels == {"Charge|Charge": True}
    play(game, {"attack": True}, until="battle_outcome")
    assert "battle_cancel" not in kinds(game)
    assert "Your Charge cancels its Charge, and with it the card's +2 Strength." in notes(game)


def test_another_tactic_card_is_asked_every_time():
    game = attacked()
    game.answer("other")
    assert game.pending().step.kind == "battle_cancel"
    assert str(game.pending().title) == "Does your Tactic Card cancel its Charge?"
    game.answer(True)
    assert game.state.cancels == {}


def test_ties_go_to_the_defender():
    game = attacked()
    game.answer("Charge")
    game.answer(False)
    assert "Ties go to the defender: you." in str(game.pending().detail)


def test_a_beaten_enemy_loses_units_weak_to_strong_and_goes_back_to_its_courtyard():
    game = attacked()
    play(game, {"battle_outcome": "you"}, until="battle_losses")
    detail = str(game.pending().detail)
    assert "Serfs, then Warriors, its Air Vessel, its Sea Vessel, and its Hero last" in detail
    assert "a destroyed Hero comes back there at once" in detail
    game.answer("done")
    assert game.state.heroes[0].place == "courtyard"
    assert game.state.battle is None


def test_a_winning_enemy_army_stays_in_your_region():
    game = attacked()
    play(game, {"battle_outcome": "enemy"}, until="region_resource")
    assert game.state.heroes[0].place == "land"
    assert "Its army stays in the Region it won." in notes(game)


def test_your_attack_on_one_of_its_armies_is_one_tap_on_your_turn():
    game = new_game("recruit", corrections={"hero1": 1})
    play(game, until="your_action")
    game.answer("attack")
    assert [c.value for c in game.pending().question.choices] == ["0", "army", "capital"]
    game.answer("0")
    assert str(game.pending().title) == "Battle: you attack Hero 1's army"
    play(game, {"battle_outcome": "you"}, until="battle_losses")
    game.answer("done")
    assert game.state.heroes[0].place == "courtyard"
    assert game.pending().step.kind == "your_action"  # back to your action


def test_a_single_card_left_is_reshuffled_before_a_battle_draw():
    game = new_game("attack")
    play(game, {"attack": [False] * 6 + [True]}, until=lambda p: len(game.state.deck) == 1)
    play(game, {"attack": True}, until="battle_tactic")
    game.answer("Charge")
    assert "reshuffle" in kinds(game)
    assert any("shuffled into a new deck" in n for n in notes(game))


def test_the_enemy_destroying_your_capital_city_ends_the_game_at_once():
    game = attacked()
    play(game, {"battle_outcome": "capital"}, until="score_enemy")
    assert game.state.destroyed == "you" and game.state.vp == {"battles": 1, "capital": 5}
    assert [s.kind for s in game.checklist.steps] == ["score_enemy", "score_sheet"]


def test_a_battle_once_over_still_reads_as_its_steps_were_asked():
    """Each step keeps the line and answer it showed: after the battle ends (no battle in
    the state any more), its "does your Tactic Card cancel…" step still reads the same."""
    game = attacked()
    game.answer("Charge")
    asked = game.pending()
    assert asked.step.kind == "battle_cancel"
    game.answer(False)
    game.answer("enemy")  # battle_outcome: the battle is over
    assert game.state.battle is None
    cancel = next(s for s in game.checklist.steps if s.kind == "battle_cancel")
    assert game.step_title(cancel) == asked.title
    assert str(game.step_said(cancel)) == "Does your Charge cancel its Charge? — No"


def test_once_the_battle_is_over_the_card_on_show_is_the_heros_again():
    """The battle's card ("You may Follow"…) is shown while it is fought, then the
    card its Hero performs comes back."""
    from webapp.bots.solo_enemy.view import enemy_view

    game = attacked()
    hero_card = game.state.heroes[game.state.acting].card
    game.answer("Charge")
    fought = enemy_view(game.state, game.deck)
    assert (fought.card_role, fought.card["id"]) == ("battle", game.state.battle.card)
    battle_card = game.state.battle.card
    play(game, {"battle_cancel": False}, until=lambda p: game.state.battle is None)
    after = enemy_view(game.state, game.deck)
    assert after.card_role == "hero" and after.card["id"] == hero_card != battle_card
