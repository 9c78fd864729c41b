"""Physical-deck mode: the table draws the printed cards; new ones are entered once."""

from __future__ import annotations

import pytest

from webapp.bots.covenant.deck import empty_deck
from webapp.engine import Game, InvalidAnswer

from .decks import deck, section
from .helpers import default_for, play

SECTION = {
    "advancements": ["1.2"],
    "influence": [{"space": "2.2", "cubes": 2}],
    "end": "H",
    "top": False,
    "bottom": False,
    "effects": [{"type": "coins", "amount": 3}],
}


def physical(difficulty: str = "normal", cards=None, **options) -> Game:
    start = cards if cards is not None else empty_deck("Mine")
    return Game(
        "covenant", {"difficulty": difficulty, "deck_mode": "physical", **options}, 1, start
    )


def enter(game: Game, card: str, count: int = 4) -> None:
    game.answer(card)
    if game.pending().step.kind == "enter_section":
        game.answer({"sections": count, "section": SECTION})


def to_next_card(game: Game) -> None:
    """Answer the rest of the turn and your turn, up to the next card to name."""
    while game.pending().step.kind not in ("identify_card", "physical_shuffle"):
        pending = game.pending()
        game.answer("end" if pending.step.kind == "your_turn" else default_for(pending))


def test_the_table_names_the_card_it_turned_over():
    game = physical()
    pending = game.pending()
    assert pending.step.kind == "identify_card"
    assert str(pending.question.prompt) == "Card number"
    assert [c.value for c in pending.question.choices] == [f"{n:02d}" for n in range(1, 19)]
    assert [str(c.label) for c in pending.question.choices] == [f"{n:02d}" for n in range(1, 19)]


def test_a_new_card_is_entered_once_for_the_part_needed_now():
    game = physical()
    game.answer("07")
    pending = game.pending()
    assert pending.step.kind == "enter_section"
    assert pending.question.draft["wanted"] == 0  # turn 1: the first section
    game.answer({"sections": 4, "section": SECTION})
    assert game.pending().step.kind == "player_ship"
    said = [str(note) for step in game.checklist.steps for note in step.notes]
    assert "Saved to your library: next time this card shows at once." in said
    card = game.deck["cards"][0]
    assert card["id"] == "07" and card["sides"]["normal"]["sections"] == [SECTION, None, None, None]
    assert game.initial_deck["cards"] == []  # the game's start is kept for replays


def test_a_known_card_shows_at_once_without_entry():
    game = physical(cards=deck(section(effects=[{"type": "coins", "amount": 5}])))
    game.answer("03")
    assert game.pending().step.kind == "player_ship"
    assert game.checklist.header["card"] == "03"


def test_the_side_follows_from_the_difficulty_and_turn_in_hard():
    game = physical("hard")
    sides = []
    for number in ("01", "02", "03", "04"):
        sides.append(game.pending().step.params["side"])
        enter(game, number)
        to_next_card(game)
    assert sides == ["normal", "hard", "normal", "hard"]


def test_a_card_already_drawn_since_the_shuffle_is_warned_about():
    game = physical()
    enter(game, "05")
    to_next_card(game)
    pending = game.pending()
    warned = next(c for c in pending.question.choices if c.value == "05")
    assert "already drawn" in str(warned.hint)
    game.answer("05")
    said = [str(n) for s in game.checklist.steps for n in s.notes]
    assert f"Card 05 is {warned.hint}: Botdeck takes it, but check the deck." in said


def test_a_hard_card_is_known_to_be_sleeved_in_its_pile():
    game = physical("hard")
    enter(game, "05")  # turn 1: the normal pile
    to_next_card(game)
    hint = next(c for c in game.pending().question.choices if c.value == "05").hint
    assert "other pile" in str(hint)


def test_when_the_deck_runs_out_the_table_reshuffles_it():
    game = physical(cards=deck(section()))
    for number in range(1, 19):
        enter(game, f"{number:02d}")
        to_next_card(game)
    assert game.pending().step.kind == "physical_shuffle"
    assert game.state.ai.cards_left() == 0
    game.answer("done")
    assert game.state.ai.cards_left() == 18
    choices = game.pending().question.choices
    assert all(c.hint is None for c in choices if c.value != "18")


def test_the_extreme_bonus_card_is_named_too():
    game = physical("extreme", cards=deck(section()))
    for number in ("01", "02", "03"):
        enter(game, number)
        to_next_card(game)
    assert game.pending().step.params["bonus"] is True


def test_coop_decks_of_9_cards_each():
    game = physical(coop=True, players=["Ann", "Ben"], cards=deck(section()))
    assert [ai.cards_left() for ai in game.state.ais] == [9, 9]


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ("not json", "the entry cannot be read: it is not JSON"),
        ({"sections": 0, "section": SECTION}, "field 'sections': from 1 to 8 sections on a side"),
        (
            {"sections": 4, "section": {**SECTION, "end": "7.1"}},
            "this section, field 'end': space 7.1 is off the board",
        ),
        (
            {"sections": 4, "section": {**SECTION, "effects": [{"type": "treasure"}]}},
            "field 'effects.0.type' must be one of .*, not 'treasure'",
        ),
        ({"sections": 4}, "the card must be a set of named values"),
    ],
)
def test_an_entry_that_is_not_a_valid_section_is_refused(bad, said):
    game = physical()
    game.answer("07")
    with pytest.raises(InvalidAnswer, match=said):
        game.answer(bad)
    assert game.pending().step.kind == "enter_section"


def test_a_known_side_keeps_its_number_of_sections():
    start = empty_deck("Mine")
    start["cards"] = [{"id": "07", "sides": {"normal": {"sections": [None, SECTION]}}}]
    game = physical(cards=start)
    game.answer("07")
    with pytest.raises(InvalidAnswer, match="prints 2 sections"):
        game.answer({"sections": 4, "section": SECTION})
    game.answer({"sections": 2, "section": SECTION})
    assert game.pending().step.kind == "player_ship"


def test_entries_replay_and_undo_like_any_answer():
    game = physical()
    enter(game, "07")
    play(game, until="your_turn")
    again = Game.from_export(game.export())
    assert again.export() == game.export()
    assert again.deck == game.deck
    game.undo()  # back past nothing of the entry
    while (
        game.actions
        and "answer" in game.actions[-1]
        and not isinstance(game.actions[-1]["answer"], dict)
    ):
        game.undo()
    game.undo()  # the entry itself
    assert game.pending().step.kind == "enter_section"
    assert game.deck["cards"] == []
