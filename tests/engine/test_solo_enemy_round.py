"""Solo rulebook, "Gameplay Overview", "Action Selection Phase", "Collection Phase",
"Following a Solo Action Card": the round, the deck, Follow."""

from __future__ import annotations

from .solo_enemy import NONE_LEFT, card, kinds, new_game, notes, play, titles


def test_the_round_is_hero_1_your_action_1_hero_2_your_action_2_hero_3_then_collection():
    game = new_game()
    play(game, until=lambda p: game.state.turns.round == 2)
    assert titles(game)[1:8] == [
        "Round 1 · Enemy Hero 1",
        "Round 1 · Your action 1",
        "Round 1 · Enemy Hero 2",
        "Round 1 · Your action 2",
        "Round 1 · Enemy Hero 3",
        "Round 1 · Collection",
        "Round 2 · Enemy Hero 1",
    ]


def test_the_drawn_card_goes_to_the_leftmost_free_hero_slot_and_that_hero_performs_it():
    game = new_game()
    top = game.state.heroes[0].card
    assert game.checklist.header == {"kind": "enemy", "round": 1, "hero": 1, "card": top}
    assert game.state.heroes[0].card == top and game.state.shown == top
    assert f"Card {top} goes to Hero Slot 1: Hero 1 performs Recruit." in notes(game)
    play(game, until=lambda p: game.state.acting == 1 and game.state.last == "enemy")
    assert [h.card is not None for h in game.state.heroes] == [True, True, False]
    assert game.checklist.header["hero"] == 2


def test_the_enemy_does_not_follow_your_actions():
    game = new_game()
    play(game, until="your_action")
    assert kinds(game) == ["your_action"]
    choices = [c.value for c in game.pending().question.choices]
    assert choices == ["done", "attack", "tax", "capital"]


def test_collection_discard_all_3_cards_from_the_hero_slots():
    game = new_game()
    play(game, until="collect")
    slots = game.state.slots
    assert len(slots) == 3
    play(game, until=lambda p: game.state.turns.round == 2)
    assert sorted(game.state.discard) == sorted(slots)
    assert game.state.heroes[0].card is not None  # round 2's first card
    assert game.state.heroes[1].card is None and game.state.heroes[2].card is None


def test_collection_the_enemy_collects_resources_as_a_normal_player_never_above_10():
    game = new_game("research")  # Research costs nothing of Food: food stays at 3
    play(game, {"supply": NONE_LEFT}, until="collect")
    food = game.state.resources["food"]
    play(game, {"collect": [2, 0, 9]}, until=lambda p: game.state.turns.round == 2)
    assert game.state.resources["food"] == 10
    assert any("lost: a Resource never exceeds 10" in n for n in notes_of_previous(game))
    assert food < 10


def notes_of_previous(game):
    previous = game.checklists[-2]
    return [str(n) for s in previous.steps for n in s.notes]


def test_a_single_card_left_is_shuffled_with_the_discard_pile_not_the_hero_slots():
    game = new_game()
    # Rounds 1 and 2 take 6 cards; round 3's Hero 1 the 7th: a single card is left.
    play(game, until=lambda p: game.state.turns.round == 3 and game.state.acting == 0)
    assert len(game.state.deck) == 1
    in_slot = game.state.heroes[0].card
    play(game, until=lambda p: game.state.acting == 1)
    assert kinds(game)[:2] == ["reshuffle", "draw"]
    assert "Its last card and the discard pile are shuffled into a new deck of 7 cards." in notes(
        game
    )
    state = game.state
    assert in_slot not in state.deck and state.discard == []
    assert len(state.deck) == 6  # 7, then Hero 2 drew one


def test_the_reshuffle_is_shown_as_a_step():
    game = new_game()
    play(game, until=lambda p: game.state.turns.round == 3 and game.state.acting == 1)
    step = game.checklist.steps[0]
    assert step.kind == "reshuffle" and step.done and step.notes


def test_follow_is_offered_after_a_successful_action():
    game = new_game("recruit")
    play(game, until="follow")
    assert str(game.pending().title) == "You may Follow: Recruit"
    assert [c.value for c in game.pending().question.choices] == ["follow", "pass"]


def test_research_can_be_followed():
    game = new_game("research")
    play(game, until="follow")
    assert str(game.pending().title) == "You may Follow: Research"


def test_follow_is_never_offered_after_attack():
    game = new_game("attack", follow=True)
    play(game, {"attack": True, "battle_outcome": "enemy"}, until="your_action")
    assert "follow" not in kinds_of(game.checklists[-2])


def test_a_failed_action_may_not_be_followed():
    game = new_game("research", corrections={"mana": 0})
    play(game, until="your_action")
    previous = kinds_of(game.checklists[-2])
    assert "move_start" in previous and "follow" not in previous


def test_a_card_without_the_follow_mark_offers_no_follow():
    game = new_game("recruit", follow=False)
    play(game, until="your_action")
    assert "follow" not in kinds_of(game.checklists[-2])


def kinds_of(checklist):
    return [step.kind for step in checklist.steps]


def test_the_page_knows_whose_action_it_is():
    game = new_game(cards=(card("1", "tax"),))
    header = game.checklist.header
    assert header["kind"] == "enemy" and header["hero"] == 1
    play(game, until="your_action")
    assert game.checklist.header == {"kind": "player", "round": 1, "action": 1}
