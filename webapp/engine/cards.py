"""A bot's cards: its piles, and the steps that turn a card over.

Every card-driven bot does the same few things with its deck: draw the top card
(shuffling the discards back when the rules say so), or — when the table plays the
printed cards — ask which card was turned over, and the first time a card shows up,
ask what it prints. The engine owns those steps; a bot says only what is particular
to it through one `CardRules` object: which pile a step draws from, when that pile
is reshuffled, and what happens once a card is on the table (`revealed`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .bot import Context, StepType
from .questions import Choice, Question, choose, confirm
from .steps import Step
from .text import Msg, msg, nmsg

State = TypeVar("State")


@dataclass
class Pile:
    """A face-down deck and its discard pile.

    `cards` are the face-down cards, top first, in the order the app shuffled them.
    When the table shuffles the printed cards the order is unknown: `cards` are then
    the ones the app can name (a discard pile shuffled back), in no order, and
    `unseen` counts the face-down cards it cannot name yet (a deck dealt by the
    table). `len(pile)` is what the deck still holds either way.
    """

    cards: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    unseen: int = 0

    def __len__(self) -> int:
        return len(self.cards) + self.unseen

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def holds(self, card: str) -> bool:
        """Whether the card is known to be in this pile (face down or discarded)."""
        return card in self.cards or card in self.discard

    def draw(self) -> str:
        """The app's deck: the top card leaves it."""
        if not self.cards:
            # internal: the rules reshuffle before drawing from an empty deck
            raise ValueError("the deck is empty")
        return self.cards.pop(0)

    def take(self, card: str) -> None:
        """The table turned this card over: it leaves the deck (or, if the table drew a
        card the app had in the discard pile, the discard pile)."""
        if card in self.cards:
            self.cards.remove(card)
        elif card in self.discard:
            self.discard.remove(card)
        elif self.unseen:
            self.unseen -= 1

    def put(self, card: str) -> None:
        """A card goes to the discard pile (once)."""
        if card not in self.discard:
            self.discard.append(card)

    def reshuffle(self, rng: random.Random | None) -> int:
        """The discard pile shuffled back in with what is left: by the app's seeded
        generator, or by the table (`rng` None). Returns the new deck's size."""
        self.cards += self.discard
        self.discard = []
        if rng is not None:
            rng.shuffle(self.cards)
        return len(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pile:
        return cls(
            cards=list(data.get("cards", [])),
            discard=list(data.get("discard", [])),
            unseen=int(data.get("unseen", 0)),
        )


class CardRules(ABC, Generic[State]):
    """What one bot says about its cards; the engine's card steps do the rest."""

    #: what the seeded generator of a reshuffle is derived from (a replay after an
    #: undo reaches the same action and draws the same cards)
    shuffle_purpose: ClassVar[str] = "reshuffle"

    @abstractmethod
    def pile(self, state: State, step: Step) -> Pile:
        """The pile this step draws from."""

    @abstractmethod
    def revealed(self, state: State, ctx: Context, card: str, step: Step) -> None:
        """The card is on the table: what it does (usually: insert its steps)."""

    def refill(self, state: State, step: Step, rng: random.Random | None) -> Msg:
        """The rules' reshuffle of an empty (or nearly empty) deck; `rng` None when the
        table shuffles the printed cards."""
        size = self.pile(state, step).reshuffle(rng)
        return nmsg(
            "The discard pile is shuffled into a new deck of {n} card.",
            "The discard pile is shuffled into a new deck of {n} cards.",
            size,
        )

    # --- the printed cards, turned over by the table -----------------------------------

    def card_ids(self, state: State, step: Step) -> list[str]:
        """The cards the table may name."""
        raise NotImplementedError

    def misplaced(self, state: State, card: str, step: Step) -> Msg | None:
        """Why this card cannot be the one turned over now, if it cannot."""
        if card in self.pile(state, step).discard:
            return msg("in the discard pile")
        return None

    def known(self, state: State, deck: dict[str, Any], card: str, step: Step) -> bool:
        """Whether the deck already holds what this card prints (for this step)."""
        raise NotImplementedError

    def unknown(self, state: State, ctx: Context, card: str, step: Step) -> Step:
        """The step that asks what a card new to the deck prints."""
        raise NotImplementedError

    def learn(self, deck: dict[str, Any], step: Step, value: Any) -> str:
        """Write what the table entered into the deck; returns the card's id."""
        raise NotImplementedError


def draw_from(
    rules: CardRules[State], state: State, step: Step, ctx: Context
) -> tuple[str, Msg | None]:
    """The app's deck: the top card of the step's pile, the pile refilled first if it is
    empty. Returns the card and what the refill did, if one was needed. For a bot whose
    turn opens on its card already drawn; otherwise the `DrawCard` step does this."""
    said = None
    if not rules.pile(state, step).cards:
        said = rules.refill(state, step, ctx.rng(rules.shuffle_purpose))
    return rules.pile(state, step).draw(), said


class CardStep(StepType[State]):
    """A step of the engine's card machinery, bound to one bot's `CardRules`."""

    rules: CardRules[State]


class DrawCard(CardStep[State]):
    """The app's deck: the top card is turned over (an empty deck is reshuffled
    first). Nothing to tap."""

    automatic = True

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        card, said = draw_from(self.rules, state, step, ctx)
        if said is not None:
            ctx.note(said)
        self.rules.revealed(state, ctx, card, step)


class ReshuffleCards(CardStep[State]):
    """The app's deck, when the rules reshuffle before the draw: done and said."""

    automatic = True

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        ctx.note(self.rules.refill(state, step, ctx.rng(self.rules.shuffle_purpose)))


class ShufflePrinted(CardStep[State]):
    """The printed cards: the table shuffles them as the rules say, and taps when done."""

    def question(self, state: State, step: Step) -> Question:
        return confirm(msg("Shuffled"))

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        ctx.note(self.rules.refill(state, step, None))


class IdentifyCard(CardStep[State]):
    """The printed cards: the table turns the top card over and names it. A card the
    deck already holds is played at once; a new one is entered first."""

    def title(self, state: State, step: Step) -> Msg:
        return msg("Turn over the top card: which card is it?")

    def question(self, state: State, step: Step) -> Question:
        return choose(
            msg("Card number"),
            *(
                Choice(card, msg("{card}", card=card), self.rules.misplaced(state, card, step))
                for card in self.rules.card_ids(state, step)
            ),
        )

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        why = self.rules.misplaced(state, value, step)
        if why is not None:
            ctx.note(
                msg(
                    "Card {card} is {why}: Botdeck takes it, but check the deck.",
                    card=value,
                    why=why,
                )
            )
        self.rules.pile(state, step).take(value)
        if self.rules.known(state, ctx.deck, value, step):
            self.rules.revealed(state, ctx, value, step)
        else:
            ctx.insert(self.rules.unknown(state, ctx, value, step))


class EnterCard(CardStep[State]):
    """A card new to the deck: what it prints, entered once and kept in the library."""

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        card = self.rules.learn(ctx.deck, step, value)
        ctx.note(msg("Saved to your library: next time this card shows at once."))
        self.rules.revealed(state, ctx, card, step)
