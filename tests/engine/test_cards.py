"""The engine's card machinery: piles, and the steps that turn a card over, with one
bot hook when a card is revealed. A tiny card bot of the tests' own proves a bot needs
nothing but its `CardRules`."""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

import pytest

from webapp.engine import Bot, Checklist, Context, Game, Step, StepTypes, msg
from webapp.engine.capabilities import DeckRules
from webapp.engine.cards import (
    CardRules,
    DrawCard,
    EnterCard,
    IdentifyCard,
    Pile,
    ReshuffleCards,
    ShufflePrinted,
    draw_from,
)
from webapp.engine.questions import Question, confirm, entry
from webapp.engine.registry import register, unregister

# --- piles --------------------------------------------------------------------------


def test_the_app_draws_the_top_card_and_the_discards_wait_for_a_reshuffle():
    pile = Pile(cards=["1", "2", "3"])
    assert pile.draw() == "1" and len(pile) == 2
    pile.put("1")
    pile.put("1")
    assert pile.discard == ["1"] and pile.holds("1") and not pile.holds("9")


def test_a_reshuffle_by_the_app_is_the_same_for_the_same_seed():
    def shuffled() -> list[str]:
        pile = Pile(cards=["1"], discard=["2", "3", "4", "5"])
        assert pile.reshuffle(random.Random("seed")) == 5
        return pile.cards

    assert shuffled() == shuffled() and sorted(shuffled()) == ["1", "2", "3", "4", "5"]


def test_a_deck_dealt_by_the_table_counts_cards_it_cannot_name():
    pile = Pile(unseen=9)
    pile.take("07")
    assert len(pile) == 8 and pile.cards == []
    pile.put("07")
    pile.reshuffle(None)  # the table shuffles: names known, order not
    assert pile.cards == ["07"] and pile.discard == []


def test_a_card_taken_from_the_discard_pile_leaves_it():
    pile = Pile(cards=["2"], discard=["1"])
    pile.take("1")
    assert pile.discard == [] and pile.cards == ["2"]


def test_an_empty_deck_cannot_be_drawn_from():
    with pytest.raises(ValueError, match="^the deck is empty$"):
        Pile().draw()


def test_a_pile_round_trips_through_json():
    pile = Pile(cards=["3", "1"], discard=["2"], unseen=4)
    assert Pile.from_json(asdict(pile)) == pile


# --- the steps, played by a tiny card bot ------------------------------------------------

STEPS = StepTypes()


class TinyCards(CardRules[dict]):
    def pile(self, state: dict, step: Step) -> Pile:
        return state["pile"]

    def revealed(self, state: dict, ctx: Context, card: str, step: Step) -> None:
        state["played"].append(card)
        state["pile"].put(card)

    def card_ids(self, state: dict, step: Step) -> list[str]:
        return ["1", "2", "3"]

    def known(self, state: dict, deck: dict[str, Any], card: str, step: Step) -> bool:
        return card in deck["cards"]

    def unknown(self, state: dict, ctx: Context, card: str, step: Step) -> Step:
        return Step("enter", {"card": card})

    def learn(self, deck: dict[str, Any], step: Step, value: Any) -> str:
        deck["cards"].append(step.params["card"])
        return str(step.params["card"])


RULES = TinyCards()


@STEPS.register("draw")
class Draw(DrawCard[dict]):
    rules = RULES

    def title(self, state: dict, step: Step) -> Any:
        return msg("Draw")


@STEPS.register("reshuffle")
class Reshuffle(ReshuffleCards[dict]):
    rules = RULES

    def title(self, state: dict, step: Step) -> Any:
        return msg("Reshuffle")


@STEPS.register("shuffle")
class Shuffle(ShufflePrinted[dict]):
    rules = RULES

    def title(self, state: dict, step: Step) -> Any:
        return msg("Shuffle")


@STEPS.register("identify")
class Identify(IdentifyCard[dict]):
    rules = RULES


@STEPS.register("enter")
class Enter(EnterCard[dict]):
    rules = RULES

    def title(self, state: dict, step: Step) -> Any:
        return msg("Enter")

    def question(self, state: dict, step: Step) -> Question:
        return entry(msg("What it prints"), lambda raw: raw, {})


@STEPS.register("next")
class Next(Draw):
    automatic = False

    def question(self, state: dict, step: Step) -> Question:
        return confirm()

    def resolve(self, state: dict, step: Step, value: Any, ctx: Context) -> None:
        pass


def _not_in_these_tests(*args: Any) -> Any:
    raise NotImplementedError


class TinyDeck(DeckRules):
    """Three cards; no card library (these tests open none)."""

    def demo_deck(self) -> dict[str, Any]:
        return {"cards": ["1", "2", "3"]}

    def validate_deck(self, deck: Any) -> dict[str, Any]:
        return dict(deck)

    deck_schema = empty_deck = deck_progress = _not_in_these_tests
    learn = deck_entry = check_entry = _not_in_these_tests


class TinyCardBot(Bot[dict]):
    id = "tiny_cards"
    name = msg("Tiny cards")
    game_name = msg("Botdeck's tests")
    step_types = STEPS
    cards = TinyDeck()

    options_schema = {
        "type": "object",
        "properties": {"physical": {"type": "boolean", "default": False}},
        "additionalProperties": False,
    }

    def setup(self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random) -> dict:
        physical = options["physical"]
        pile = Pile(unseen=3) if physical else Pile(cards=rng.sample(deck["cards"], 3))
        return {"pile": pile, "played": [], "physical": physical}

    def next_checklist(self, state: dict, ctx: Context) -> Checklist | None:
        if len(state["played"]) >= 5:
            return None
        steps = []
        if not state["pile"]:
            steps.append(Step("shuffle" if state["physical"] else "reshuffle"))
        steps += [Step("identify" if state["physical"] else "draw"), Step("next")]
        return Checklist(msg("Turn"), {}, steps)

    def state_to_json(self, state: dict) -> dict[str, Any]:
        return {**state, "pile": asdict(state["pile"])}

    def state_from_json(self, data: dict[str, Any]) -> dict:
        return {**data, "pile": Pile.from_json(data["pile"])}


@pytest.fixture(autouse=True)
def tiny_bot():
    register(TinyCardBot())
    yield
    unregister("tiny_cards")


def test_the_app_deck_draws_and_reshuffles_by_itself_through_the_revealed_hook():
    game = Game("tiny_cards", {}, seed=3)
    while not game.over:
        game.answer("done")
    played = game.state["played"]
    assert len(played) == 5 and sorted(played[:3]) == ["1", "2", "3"]
    reshuffles = [s for c in game.checklists for s in c.steps if s.kind == "reshuffle"]
    assert reshuffles and [str(note) for note in reshuffles[0].notes] == [
        "The discard pile is shuffled into a new deck of 3 cards."
    ]


def test_a_reshuffle_says_how_many_cards_the_new_deck_holds_one_or_more() -> None:
    pile = Pile(cards=[], discard=["2"])
    said = RULES.refill({"pile": pile}, Step("reshuffle"), random.Random(1))
    assert str(said) == "The discard pile is shuffled into a new deck of 1 card."
    assert pile.cards == ["2"] and pile.discard == []


def test_the_printed_cards_are_shuffled_by_the_table_which_taps_shuffled() -> None:
    pile = Pile(cards=[], discard=["1", "3"])
    state = {"pile": pile}
    question = Shuffle().question(state, Step("shuffle"))
    assert str(question.prompt) == "Shuffled"


def test_the_same_seed_draws_the_same_cards_after_an_undo():
    game = Game("tiny_cards", {}, seed=8)
    for _ in range(4):
        game.answer("done")
    before = list(game.state["played"])
    game.apply_action(game.undo())
    assert game.state["played"] == before


def test_a_printed_card_new_to_the_deck_is_entered_once_then_shown_at_once():
    game = Game("tiny_cards", {"physical": True}, seed=1, deck={"cards": []})
    game.answer("2")
    assert game.pending().step.kind == "enter"
    game.answer({})
    assert game.state["played"] == ["2"] and game.deck["cards"] == ["2"]
    game.answer("done")
    game.answer("2")  # the table names it again: warned, taken, known at once
    assert game.pending().step.kind == "next" and game.state["played"] == ["2", "2"]
    warned = game.checklist.steps[0].notes
    assert "Card 2 is in the discard pile" in str(warned[0])


def test_the_table_is_asked_to_shuffle_the_printed_cards_when_the_deck_is_empty():
    game = Game("tiny_cards", {"physical": True}, seed=1)
    for card in ("1", "2", "3"):
        game.answer(card)
        game.answer("done")
    assert game.pending().step.kind == "shuffle"
    game.answer("done")
    assert len(game.state["pile"]) == 3 and game.state["pile"].discard == []


def test_the_apps_reshuffle_shuffles_the_discard_pile_with_the_games_generator() -> None:
    """The app's deck: the new deck is the discard pile in the seeded generator's order,
    not the order the cards were discarded in."""
    discarded = [str(n) for n in range(1, 9)]
    pile = Pile(cards=[], discard=list(discarded))
    RULES.refill({"pile": pile}, Step("reshuffle"), random.Random(1))
    expected = list(discarded)
    random.Random(1).shuffle(expected)
    assert pile.cards == expected != discarded


def test_a_draw_from_an_empty_pile_refills_it_with_the_generator_of_the_rules_purpose() -> None:
    """A bot whose turn opens on its card drawn (`draw_from`): an empty deck is first
    refilled, shuffled by the game's generator for the rules' shuffle purpose, at this
    action — the same cards after an undo, not those of another purpose's generator."""
    discarded = [str(n) for n in range(1, 9)]
    pile = Pile(cards=[], discard=list(discarded))
    card, said = draw_from(RULES, {"pile": pile}, Step("draw"), Context(7, 3, None))
    expected = list(discarded)
    random.Random(f"7/{RULES.shuffle_purpose}/3").shuffle(expected)
    assert [card, *pile.cards] == expected and said is not None
