"""The one question a step may ask, and how an answer to it is checked.

Answers arrive from forms as strings and from the headless API as Python values;
`Question.parse` accepts both and returns the plain JSON value that is stored in
the game's answer list, or raises `InvalidAnswer`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

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


@dataclass(frozen=True)
class Choice:
    value: str
    label: Msg
    hint: Msg | None = None
    primary: bool = False  # the obvious next tap, drawn as the main button


DONE = "done"


@dataclass(frozen=True)
class Question:
    kind: Kind
    prompt: Msg | None = None
    choices: tuple[Choice, ...] = ()
    minimum: int = 0
    maximum: int = 0
    spaces: tuple[str, ...] = ()
    #: ENTRY: checks the entered content (raises ValueError) and returns it
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    #: ENTRY: what the editor starts from (a draft), and which card part it is
    draft: Any = field(default=None, compare=False)

    def parse(self, raw: Any) -> Any:
        """Check `raw` against this question; return the value to store."""
        if self.kind is Kind.CONFIRM:
            if raw in (DONE, True, None, ""):
                return DONE
            raise InvalidAnswer("this step only needs to be marked done")
        if self.kind is Kind.YESNO:
            if raw in (True, "yes", "true", "1"):
                return True
            if raw in (False, "no", "false", "0"):
                return False
            raise InvalidAnswer("the answer must be yes or no")
        if self.kind is Kind.NUMBER:
            if isinstance(raw, bool):
                raise InvalidAnswer("the answer must be a whole number")
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise InvalidAnswer("the answer must be a whole number") from None
            if not self.minimum <= value <= self.maximum:
                raise InvalidAnswer(f"the number must be between {self.minimum} and {self.maximum}")
            return value
        if self.kind is Kind.CHOICE:
            if any(raw == choice.value for choice in self.choices):
                return raw
            raise InvalidAnswer("the answer is not one of the listed choices")
        if self.kind is Kind.ENTRY:
            return self._parse_entry(raw)
        if raw in self.spaces:
            return raw
        raise InvalidAnswer("the answer is not one of the board spaces offered")

    def _parse_entry(self, raw: Any) -> Any:
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
        """The answer in words, for the history and the ticked checklist."""
        if self.kind is Kind.CONFIRM:
            return msg("Done")
        if self.kind is Kind.YESNO:
            return msg("Yes") if value else msg("No")
        if self.kind is Kind.NUMBER:
            return msg("{value}", value=value)
        if self.kind is Kind.CHOICE:
            for choice in self.choices:
                if choice.value == value:
                    return choice.label
        if self.kind is Kind.ENTRY:
            return msg("entered")
        if self.kind is Kind.SPACE and space_name is not None:
            return space_name(value)  # type: ignore[no-any-return]
        return msg("{value}", value=str(value))


def confirm(prompt: Msg | None = None) -> Question:
    return Question(Kind.CONFIRM, prompt)


def yes_no(prompt: Msg) -> Question:
    return Question(Kind.YESNO, prompt)


def number(prompt: Msg, minimum: int, maximum: int) -> Question:
    return Question(Kind.NUMBER, prompt, minimum=minimum, maximum=maximum)


def choose(prompt: Msg, *choices: Choice) -> Question:
    return Question(Kind.CHOICE, prompt, choices=tuple(choices))


def space(prompt: Msg, spaces: list[str] | tuple[str, ...]) -> Question:
    return Question(Kind.SPACE, prompt, spaces=tuple(spaces))


def entry(prompt: Msg, check: Callable[[Any], Any], draft: Any) -> Question:
    return Question(Kind.ENTRY, prompt, check=check, draft=draft)
