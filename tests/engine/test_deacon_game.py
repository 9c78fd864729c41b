"""Whole games against Deacon on the demo board: setup in the rulebook's order, its turn
A-B-C, the end at 45 VP and the score sheet; replays and undo draw the same cards."""

from __future__ import annotations

import pytest

from webapp.bots.deacon.state import DEACON
from webapp.engine import Game

from .deacon import new_game, play


def kinds(game: Game, kind: str) -> list[str]:
    checklist = next(c for c in reversed(game.checklists) if c.header["kind"] == kind)
    return [step.kind for step in checklist.steps]


def test_setup_follows_the_rulebook_list_in_order() -> None:
    game = new_game()
    play(game, until="your_ship")
    setup = [s.kind for s in game.checklists[0].steps]
    assert setup[:4] == ["setup_core", "first_player", "ship_choice", "build_deck"]
    assert (
        setup.index("missions_deal") < setup.index("deacon_mission") < setup.index("second_mission")
    )
    state = game.state
    assert state.research == 1 and len(state.missions) == 2
    assert state.ship in state.ships and len(state.cards) == 9


def test_you_are_the_first_player_unless_the_modifier() -> None:
    game = new_game()
    play(game, until=lambda p: game.checklists[-1].header["kind"] != "setup")
    assert game.checklists[-1].header["kind"] == "you"
    game = new_game(first="deacon")
    play(game, until=lambda p: game.checklists[-1].header["kind"] != "setup")
    assert game.checklists[-1].header["kind"] == DEACON


def test_its_turn_deploys_then_draws_and_moves_then_acts() -> None:
    game = new_game()
    play(game, until="place_ball")
    turn = kinds(game, DEACON)
    assert turn.index("deploy_adjacent") < turn.index("draw")
    play(game, until="move")
    turn = kinds(game, DEACON)
    assert turn.index("draw") < turn.index("move")
    assert any(kind.startswith("e_") for kind in turn[turn.index("move") :])


def test_advanced_modifier_swaps_cards_of_the_same_number() -> None:
    game = new_game(advanced=3, seed=4)
    play(game, until="your_ship")
    members = set(game.state.cards.cards)
    assert len(game.state.advanced) == 3
    for card in game.state.advanced:
        assert card in members and card[:-1] not in members


def test_a_game_plays_to_the_score_sheet_and_a_tie_is_your_loss() -> None:
    game = new_game()
    play(game, {"your_vp": [5 * n for n in range(1, 40)]}, until="score_sheet")
    sheet = game.bot.score_sheet(game.state) or None
    play(game)
    assert game.over
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None and len(sheet.sides) == 2


def test_undo_replays_to_the_same_cards() -> None:
    game = new_game(seed=7)
    play(game, until="move")
    drawn = game.state.shown
    replayed = Game.replay("deacon", game.options, game.seed, game.deck, game.actions)
    assert replayed.state.shown == drawn
    assert replayed.bot.state_to_json(replayed.state) == game.bot.state_to_json(game.state)


def test_an_empty_deck_at_its_draw_is_reshuffled_from_the_discards_and_said() -> None:
    # the app's deck: an empty deck is reshuffled first, then its top card is drawn
    game = new_game()
    play(game, until="place_ball")  # its turn, before its draw
    pile = game.state.cards
    pile.discard, pile.cards = pile.discard + pile.cards, []
    count = len(pile.discard)
    play(game, until="move")
    said = [str(note) for step in game.checklist.steps for note in step.notes]
    assert f"The discard pile is shuffled into a new deck of {count} cards." in said
    assert len(game.state.cards) == count - 1  # the new deck, its top card drawn


def test_its_scientist_cannot_be_corrected_below_the_first_research_space() -> None:
    from webapp.engine import InvalidAnswer

    game = new_game()
    play(game, until="place_ball")
    with pytest.raises(InvalidAnswer, match="^the number must be between 1 and 30$"):
        game.correct("research", 0)
    game.correct("research", 1)
    assert game.state.research == 1
