"""The one question a step may ask, and how an answer to it is checked.

Each kind of question is a class with its own `parse` (the answer checked), `label`
(the answer in words) and `template` (how the web layer asks it). Answers arrive
from forms as strings and from the headless API as Python values; `parse` accepts
both and returns the plain JSON value stored in the game's answer list, or raises
`InvalidAnswer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from .json_input import JsonInputError, parse_json
from .text import Msg, msg


class InvalidAnswer(ValueError):
    """The answer does not fit the pending step's question."""


class Kind(StrEnum):
    CONFIRM = "confirm"
    YESNO = "yesno"
    NUMBER = "number"
    CHOICE = "choice"
    SPACE = "space"
    ENTRY = "entry"  # what is printed on a card, entered with the bot's own editor
    DICE = "dice"  # dice the app rolls for the table, or the table's own roll


@dataclass(frozen=True)
class Choice:
    value: str
    label: Msg
    hint: Msg | None = None
    primary: bool = False  # the obvious next tap, drawn as the main button


def choice(value: str, label: Msg, hint: Msg | None = None, *, primary: bool = False) -> Choice:
    """One answer of a `choose` question; `hint` says why it may be wrong now."""
    return Choice(value, label, hint, primary)


DONE = "done"
ROLL = "roll"


@dataclass(frozen=True)
class Question:
    """What every question has: its kind, its prompt, how it is asked on a page."""

    kind: ClassVar[Kind]
    prompt: Msg | None = None

    @property
    def template(self) -> str:
        """The web layer's template that asks it (templates/questions/<kind>.html)."""
        return f"questions/{self.kind}.html"

    def parse(self, raw: Any) -> Any:
        """Check `raw` against this question; return the value to store."""
        raise NotImplementedError

    def label(self, value: Any, space_name: Any = None) -> Msg:
        """The answer in words, for the history and the ticked checklist."""
        return msg("{value}", value=str(value))


@dataclass(frozen=True)
class Confirm(Question):
    kind = Kind.CONFIRM

    def parse(self, raw: Any) -> Any:
        if raw in (DONE, True, None, ""):
            return DONE
        raise InvalidAnswer("this step only needs to be marked done")

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("Done")


@dataclass(frozen=True)
class YesNo(Question):
    kind = Kind.YESNO

    def parse(self, raw: Any) -> Any:
        if raw in (True, "yes", "true", "1"):
            return True
        if raw in (False, "no", "false", "0"):
            return False
        raise InvalidAnswer("the answer must be yes or no")

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("Yes") if value else msg("No")


def _whole_number(raw: Any) -> int:
    if isinstance(raw, bool):
        raise InvalidAnswer("the answer must be a whole number")
    try:
        return int(str(raw).strip())
    except ValueError:
        raise InvalidAnswer("the answer must be a whole number") from None


@dataclass(frozen=True)
class Number(Question):
    kind = Kind.NUMBER
    minimum: int = 0
    maximum: int = 0

    def parse(self, raw: Any) -> Any:
        value = _whole_number(raw)
        if not self.minimum <= value <= self.maximum:
            raise InvalidAnswer(f"the number must be between {self.minimum} and {self.maximum}")
        return value

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("{value}", value=value)


@dataclass(frozen=True)
class Choose(Question):
    kind = Kind.CHOICE
    choices: tuple[Choice, ...] = ()

    def parse(self, raw: Any) -> Any:
        if any(raw == choice.value for choice in self.choices):
            return raw
        raise InvalidAnswer("the answer is not one of the listed choices")

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return next((c.label for c in self.choices if c.value == value), super().label(value))


@dataclass(frozen=True)
class Space(Question):
    kind = Kind.SPACE
    spaces: tuple[str, ...] = ()

    def parse(self, raw: Any) -> Any:
        if raw in self.spaces:
            return raw
        raise InvalidAnswer("the answer is not one of the board spaces offered")

    def label(self, value: Any, space_name: Any = None) -> Msg:
        if space_name is not None:
            return space_name(value)  # type: ignore[no-any-return]
        return super().label(value)


@dataclass(frozen=True)
class Entry(Question):
    kind = Kind.ENTRY
    #: checks the entered content (raises ValueError) and returns it
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    #: what the editor starts from (a draft), and which card part it is
    draft: Any = field(default=None, compare=False)

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, str):
            try:
                raw = parse_json(raw)
            except JsonInputError as error:
                raise InvalidAnswer(f"the entry cannot be read: {error}") from None
        if self.check is None:
            raise InvalidAnswer("nothing can be entered here")
        try:
            return self.check(raw)
        except ValueError as error:
            raise InvalidAnswer(str(error)) from None

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("entered")


@dataclass(frozen=True)
class Dice(Question):
    """Dice to roll: Botdeck rolls them for the table (`"roll"`, with the game's seeded
    dice, so the same step rolls the same after an undo), or the table enters its own
    roll (a list of faces, or `{"0": face, "1": face…}` from a form). What is stored is
    always the faces, so a replay never rolls again."""

    kind = Kind.DICE
    sides: tuple[int, ...] = (6,)  # one number per die: 6 for a d6, 8 for a d8…

    def roll(self, rng: random.Random) -> list[int]:
        return [rng.randint(1, sides) for sides in self.sides]

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, dict):
            raw = [raw.get(str(index)) for index in range(len(self.sides))]
        elif isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list | tuple) or len(raw) != len(self.sides):
            raise InvalidAnswer(f"the roll is {len(self.sides)} dice")
        faces = [_whole_number(face) for face in raw]
        for face, sides in zip(faces, self.sides, strict=True):
            if not 1 <= face <= sides:
                raise InvalidAnswer(f"a d{sides} shows 1 to {sides}")
        return faces

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("rolled {faces}", faces=" · ".join(str(face) for face in value))


def confirm(prompt: Msg | None = None) -> Question:
    return Confirm(prompt)


def yes_no(prompt: Msg) -> Question:
    return YesNo(prompt)


def number(prompt: Msg | None, minimum: int, maximum: int) -> Question:
    return Number(prompt, minimum, maximum)


def choose(prompt: Msg, *choices: Choice) -> Question:
    return Choose(prompt, tuple(choices))


def space(prompt: Msg, spaces: list[str] | tuple[str, ...]) -> Question:
    return Space(prompt, tuple(spaces))


def entry(prompt: Msg, check: Callable[[Any], Any], draft: Any) -> Question:
    return Entry(prompt, check, draft)


def dice(prompt: Msg, *sides: int) -> Question:
    """`dice(prompt, 6, 6)`: two six-sided dice."""
    return Dice(prompt, tuple(sides) or (6,))
