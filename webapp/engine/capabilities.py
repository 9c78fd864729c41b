"""What a bot has besides its rules, each declared as one object on its `Bot`: a deck
of cards (`Bot.cards`: `DeckRules`), a board the table copies once (`Bot.board`:
`BoardRules`), and the other printed parts of the table's copy (`Bot.copy`:
`CopyParts`). A bot without one leaves it out: no card pages and no card library, no
board library, no part on the copy page. What a game does without cards is said here
once (`demo_deck`, `validate_deck`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .questions import InvalidAnswer, Question
from .text import Msg, msg

if TYPE_CHECKING:  # a bot declares its capabilities; these read them
    from .bot import Bot


class DeckRules(ABC):
    """A deck of cards: its files, the card library, and the cards the table enters
    (ENTRY questions) into a library deck."""

    @abstractmethod
    def deck_schema(self) -> dict[str, Any]:
        """The JSON Schema its deck files follow (published by the app)."""

    @abstractmethod
    def demo_deck(self) -> dict[str, Any]:
        """The deck a new game uses when the player does not pick one."""

    @abstractmethod
    def validate_deck(self, deck: Any) -> dict[str, Any]:
        """Check a deck file for this bot (`DeckError` naming card and field)."""

    @abstractmethod
    def empty_deck(self, name: str) -> dict[str, Any]:
        """A deck of the players' own cards with nothing entered yet."""

    @abstractmethod
    def deck_progress(self, deck: dict[str, Any]) -> dict[str, int]:
        """How much of the deck is entered: cards, complete cards, sections."""

    @abstractmethod
    def learn(self, deck: dict[str, Any], entry: dict[str, Any], answer: Any) -> None:
        """Write what the table entered in a game (an ENTRY answer) into a deck."""

    @abstractmethod
    def deck_entry(self, deck: dict[str, Any], card: str, part: str) -> dict[str, Any]:
        """The editor's starting point for one part of a card in a library deck."""

    @abstractmethod
    def check_entry(self, deck: dict[str, Any], entry: dict[str, Any], raw: Any) -> Any:
        """Check an entered part against the deck (ValueError naming the field)."""

    def known_entry(self, deck: dict[str, Any], entry: dict[str, Any]) -> Any:
        """The answer a library deck already holds for an ENTRY question, if any."""
        return None


def empty_deck_file(bot_id: str, name: str = "") -> dict[str, Any]:
    """A deck file holding no card: what a game of a bot without cards holds."""
    return {"format": "botdeck-deck", "version": 1, "bot": bot_id, "name": name, "cards": []}


def demo_deck(bot: Bot[Any]) -> dict[str, Any]:
    """The deck a new game uses when none is picked: the bot's demo deck, or, for a bot
    without cards, an empty one."""
    return empty_deck_file(bot.id) if bot.cards is None else bot.cards.demo_deck()


def validate_deck(bot: Bot[Any], deck: Any) -> dict[str, Any]:
    """A deck file checked for the bot; a bot without cards takes only its empty one."""
    if bot.cards is not None:
        return bot.cards.validate_deck(deck)
    if deck != empty_deck_file(bot.id):
        # internal: the web layer offers cards only for bots that have them
        raise ValueError("this bot plays without cards")
    return empty_deck_file(bot.id)


def cards_of(bot: Bot[Any]) -> DeckRules:
    """The deck of a bot that plays cards: what its card pages and library use."""
    if bot.cards is None:
        # internal: cards are offered only for a bot that plays them
        raise TypeError(f"bot {bot.id!r} plays without cards")
    return bot.cards


class BoardRules(ABC):
    """A board the table copies once (its islands, routes…): a game takes it as its
    option `board` (left out: the demo board), and the players keep their own in the
    board library."""

    @abstractmethod
    def schema(self) -> dict[str, Any]:
        """The JSON Schema its board files follow (published by the app)."""

    @abstractmethod
    def demo(self) -> dict[str, Any]:
        """The invented board a game plays on when the players choose none."""

    @abstractmethod
    def empty(self, name: str) -> dict[str, Any]:
        """A board of the players' own before anything is entered."""

    @abstractmethod
    def validate(self, data: Any) -> dict[str, Any]:
        """The board file if it can be used, else ValueError naming the place and field.
        An incomplete board can be used: what it lacks is `problems`."""

    def problems(self, data: dict[str, Any]) -> list[Msg]:
        """What keeps a usable board from being complete, in the players' words (the
        bot then asks the table instead of computing)."""
        return []


def board_of(bot: Bot[Any]) -> BoardRules:
    """The board of a bot that plays on one: what its board library uses."""
    if bot.board is None:
        # internal: a board is offered only for a bot that plays on one
        raise TypeError(f"bot {bot.id!r} plays on no board")
    return bot.board


@dataclass(frozen=True)
class CopyPart:
    """A printed part of the table's copy of the game, besides its cards and board (a
    faction's board costs, a printed track): entered once, kept by the device, asked
    with the same form in a game and on the copy page."""

    #: what its answer is kept under: `CopyParts.kept_key` of its question's draft
    key: str
    #: what it is, in a few words ("Research track", "Costs of the Orcs")
    name: Msg
    #: the form a game asks it with (an ENTRY or a FIELDS question with a draft): its
    #: `parse` checks what is entered anywhere, in a game, on the copy page, in a file
    question: Question
    #: the invented values the bot ships for it, to try the app (None: none)
    demo: Any = None
    #: what the game's step checks besides the form, on its parsed answer (ValueError in
    #: words): a part the step would refuse is never kept (None: the form says it all)
    check: Callable[[Any], Any] | None = None

    def parse(self, raw: Any) -> Any:
        """What was entered (form fields, or the kept shape), checked as a game checks
        it; InvalidAnswer or ValueError naming the field. A button of the form's own
        (*Cancel*) answers a game's step, but is not what the cardboard prints: kept, it
        would answer every game's step with it."""
        value = self.question.parse(raw)
        button = next((c for c in getattr(self.question, "choices", ()) if c.value == value), None)
        if button is not None:
            raise InvalidAnswer(
                msg(
                    "“{button}” is one of the form's buttons, not what is printed",
                    button=button.label,
                )
            )
        if self.check is not None:
            self.check(value)
        return value


class CopyParts:
    """The printed parts of the table's copy of the game besides its cards and board,
    entered once and kept by the device (this base: a copy with none)."""

    #: the label of the copy page's form that adds a part of a kind the bot lists only
    #: once entered ("Another faction"), None: the bot lists every part it has
    extra: Msg | None = None

    def parts(
        self, options: dict[str, Any] | None = None, entered: Collection[str] = ()
    ) -> list[CopyPart]:
        """The printed parts, in the rulebook's setup order. With `options` (checked):
        the parts a game with these options may use; without: every part the copy page
        lists, `entered` being the keys the copy holds (a part the bot lists only once
        entered: another faction's costs)."""
        return []

    def part(self, key: str) -> CopyPart | None:
        """The part kept under `key` (None: no part of this bot's copy)."""
        return next((part for part in self.parts(None, (key,)) if part.key == key), None)

    def extra_part(self, name: str) -> CopyPart:
        """The part the copy page's extra form adds (`extra`), for the name typed in;
        ValueError (in words) for a name that cannot be one."""
        raise ValueError(msg("this game has no part to add"))

    def kept_key(self, draft: Any) -> str | None:
        """An ENTRY that is not a card but something the table owns (the costs printed
        on a faction's board), or a FIELDS form with a draft: the key its answer is kept
        under for the owner's next game (None: not kept)."""
        return None

    def demo_labels(self, options: dict[str, Any]) -> list[Msg]:
        """What a game with these options plays that is invented, each in words shown on
        every page of it ("Demo board — not the printed board"); the demo deck aside."""
        return []


#: the copy of a bot that has no printed part to enter
NO_PARTS = CopyParts()
