"""JSON from outside (files, form fields), bounded before it is parsed.

Python's decoder recurses once per nesting level: 100,000 `[` exhaust the stack
(RecursionError), and it accepts NaN and Infinity, which no Botdeck file holds.
So size and depth are checked first, with a message that names the limit.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .text import Msg, msg

#: a Botdeck deck or game file nests 12 levels at most; 32 leaves room for growth
MAX_DEPTH = 32
#: the largest file the server accepts (its request limit), in characters
MAX_CHARS = 2 * 1024 * 1024

# a string (skipped: brackets inside it do not nest) or a bracket
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class JsonInputError(ValueError):
    """Text that is not JSON Botdeck can read; `reason` says why (and the limit)."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


def _refuse_constant(name: str) -> Any:
    raise JsonInputError(msg("it holds {value}, which is not a number", value=name))


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
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except JsonInputError:
        raise
    except (ValueError, RecursionError):
        # ValueError also covers an integer of more than 4,300 digits
        raise JsonInputError(msg("it is not JSON")) from None
