"""JSON from outside (files, form fields), bounded before it is parsed.

Python's decoder recurses once per nesting level: 100,000 `[` exhaust the stack
(RecursionError), and it accepts NaN and Infinity, which no Botdeck file holds.
So size and depth are checked first, with a message that names the limit. A number
of more than 4,300 digits makes Python's `int` raise ValueError (its guard against
slow conversions), and 1e999 is read as infinity: both are refused as far too large,
naming the field that holds them.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .text import Msg, msg

#: a Botdeck deck or game file nests 12 levels at most; 32 leaves room for growth
MAX_DEPTH = 32
#: the largest file the server accepts (its request limit), in characters
MAX_CHARS = 2 * 1024 * 1024
#: digits of the largest whole number read: a seed, the largest Botdeck stores, has 19
MAX_DIGITS = 100

# a string (skipped: brackets inside it do not nest) or a bracket
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class JsonInputError(ValueError):
    """Text that is not JSON Botdeck can read; `reason` says why (and the limit)."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)  # the words, translated where they are shown (`text.reason`)
        self.reason = reason


class NumberTooLarge(JsonInputError):
    """A number in the text far larger than any Botdeck holds; `reason` names its field."""


class _TooLarge:
    """Where a number too large stood in the text, found once it is parsed."""


def _refuse_constant(name: str) -> Any:
    raise JsonInputError(msg("it holds {value}, which is not a number", value=name))


class _Numbers:
    """The numbers of one text as they are parsed: each too large one is marked (the
    walk to its field is made only if there is one)."""

    def __init__(self) -> None:
        self.too_large = False

    def whole(self, text: str) -> int | _TooLarge:
        if len(text.lstrip("-")) > MAX_DIGITS:
            self.too_large = True
            return _TooLarge()
        return int(text)

    def real(self, text: str) -> float | _TooLarge:
        value = float(text)
        if math.isfinite(value):
            return value
        self.too_large = True
        return _TooLarge()


def _too_large_at(data: Any) -> list[str | int] | None:
    """The path to the first number too large in the parsed data (None: there is none)."""
    if isinstance(data, _TooLarge):
        return []
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        found = _too_large_at(value)
        if found is not None:
            return [key, *found]
    return None


def _refuse_too_large(data: Any) -> None:
    path = _too_large_at(data) or []
    if not path:
        raise NumberTooLarge(msg("a number is far too large"))
    field = ".".join(str(part) for part in path)
    raise NumberTooLarge(msg("a number is far too large (field '{field}')", field=field))


def nesting_depth(text: str) -> int:
    """How deeply the text's arrays and objects nest (brackets in strings ignored)."""
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth -= 1
    return deepest


def parse_json(text: str | bytes, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON that came from outside; JsonInputError (a ValueError) if it cannot be."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonInputError(msg("it is not JSON")) from None
    if len(text) > max_chars:
        raise JsonInputError(msg("it is longer than {limit} characters", limit=max_chars))
    if nesting_depth(text) > max_depth:
        raise JsonInputError(
            msg("it nests lists and objects more than {limit} levels deep", limit=max_depth)
        )
    numbers = _Numbers()
    try:
        data = json.loads(
            text, parse_constant=_refuse_constant, parse_int=numbers.whole, parse_float=numbers.real
        )
    except JsonInputError:
        raise
    except (ValueError, RecursionError):
        raise JsonInputError(msg("it is not JSON")) from None
    if numbers.too_large:
        _refuse_too_large(data)
    return data
