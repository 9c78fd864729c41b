"""Solo rulebook: "Setup", "Game play", "Difficulty scaling", which section."""

from __future__ import annotations

from collections import Counter

from .decks import section
from .helpers import finish_turn, new_game, next_covenant_turn, play


def covenant_cards(game) -> list[tuple[str, str, int, bool]]:
    return [
        (c.header["card"], c.header["side"], c.header["section"], c.header["bonus"])
        for c in game.checklists
        if c.header["kind"] == "covenant"
    ]


def play_turns(game, turns: int) -> None:
    for _ in range(turns - 1):
        next_covenant_turn(game)
    finish_turn(game)


def test_setup_uses_18_cards_and_starts_with_15_public_coins():
    game = new_game()
    assert game.state.ai.coins == 15
    # one card is already on the table: the Covenant goes first
    assert game.state.ai.cards_left() == 17
    assert game.state.ai.current is not None


def test_the_covenant_always_takes_the_first_turn():
    game = new_game()
    assert game.checklists[0].header["kind"] == "covenant"
    assert game.checklists[0].header["turn"] == 1
    assert game.pending().step.kind == "player_ship"


def test_turns_alternate_between_the_covenant_and_you():
    game = new_game()
    play_turns(game, 3)
    kinds = [c.header["kind"] for c in game.checklists]
    assert kinds == ["covenant", "player", "covenant", "player", "covenant", "player"]


def test_normal_difficulty_uses_only_normal_sides():
    game = new_game(difficulty="normal")
    play_turns(game, 6)
    assert {side for _, side, _, _ in covenant_cards(game)} == {"normal"}


def test_expert_difficulty_uses_only_hard_sides():
    game = new_game(difficulty="expert")
    play_turns(game, 4)
    assert {side for _, side, _, _ in covenant_cards(game)} == {"hard"}


def test_hard_difficulty_alternates_normal_and_hard_sides():
    game = new_game(difficulty="hard")
    # Hard: 9 random cards on each side, shuffled apart.
    # (the first card, a normal one, is already drawn)
    assert Counter(len(pile) for pile in game.state.ai.piles.values()) == Counter({9: 1, 8: 1})
    play_turns(game, 18)
    cards = covenant_cards(game)
    assert [side for _, side, _, _ in cards] == ["normal", "hard"] * 9
    normal = {card for card, side, _, _ in cards if side == "normal"}
    hard = {card for card, side, _, _ in cards if side == "hard"}
    assert len(normal) == len(hard) == 9 and not normal & hard


def test_turns_one_to_three_use_the_first_section_four_to_six_the_second():
    game = new_game(section(), section(), section(), section())
    play_turns(game, 10)
    assert [s for _, _, s, _ in covenant_cards(game)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]


def test_the_number_of_sections_on_a_card_is_data():
    game = new_game(section(), section())  # cards printing two sections only
    play_turns(game, 7)
    assert [s for _, _, s, _ in covenant_cards(game)] == [1, 1, 1, 2, 2, 2, 2]
    assert any("last section applies" in str(n) for n in game.checklist.steps[0].notes) or any(
        "last section applies" in str(n) for c in game.checklists for s in c.steps for n in s.notes
    )


def test_extreme_adds_a_bonus_card_after_every_third_card_with_the_same_section():
    game = new_game(section(), section(), section(), difficulty="extreme")
    play_turns(game, 7)
    cards = covenant_cards(game)
    assert [(s, bonus) for _, _, s, bonus in cards] == [
        (1, False),
        (1, False),
        (1, False),
        (1, True),
        (2, False),
        (2, False),
        (2, False),
        (2, True),
        (3, False),
    ]
    # the bonus card is not a turn: the turn after it is still turn 4
    turns = [c.header["turn"] for c in game.checklists if c.header["kind"] == "covenant"]
    assert turns == [1, 2, 3, 3, 4, 5, 6, 6, 7]
    # and it comes straight after the third card, before your turn
    kinds = [c.header["kind"] for c in game.checklists][:6]
    assert kinds == ["covenant", "player", "covenant", "player", "covenant", "covenant"]


def test_when_the_deck_runs_out_its_discards_are_reshuffled_and_the_step_says_so():
    game = new_game(cards=3)
    play_turns(game, 4)
    cards = covenant_cards(game)
    assert len({card for card, *_ in cards[:3]}) == 3
    assert any("run out" in str(n) for n in game.checklists[-2].steps[0].notes)


def test_the_same_seed_draws_the_same_cards_and_another_seed_differs():
    first, again, other = new_game(seed=7), new_game(seed=7), new_game(seed=8)
    for game in (first, again, other):
        play_turns(game, 5)
    assert covenant_cards(first) == covenant_cards(again)
    assert covenant_cards(first) != covenant_cards(other)


def test_a_game_plays_to_its_score_sheet():
    game = new_game(section(effects=[{"type": "coins", "amount": 10}]))
    play(game, {"your_turn": ["achievement", "end"], "player_achievements": 4})
    assert game.over
    assert [c.header["kind"] for c in game.checklists] == [
        "covenant",
        "player",
        "covenant",
        "scoring",
    ]
