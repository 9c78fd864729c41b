"""What a table does to a game, as the log keeps it: an answer to the pending step, a
counter corrected by hand, or what the bot decided overturned.

In code an action is one of these dataclasses; in the log and in a game file it is the
JSON object of `to_json` (`{"answer": …}`, `{"correct": …, "value": …}`,
`{"overturn": …, "reason": …}`), read back by `action_of` — the one place that tells
the three apart.

A change the table makes to a game is an action, an `Undo` (the next unit, or back to a
point: "Undo back to here") or a `Redo`: they take actions back and bring them back
(the game's move stack, webapp/engine/history.py). The log stores each change as one
event of its `kind`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .questions import InvalidAnswer
from .text import msg


@dataclass(frozen=True)
class Answered:
    """The pending step answered (the value as its question reads it)."""

    value: Any

    def to_json(self) -> dict[str, Any]:
        return {"answer": self.value}


@dataclass(frozen=True)
class Corrected:
    """One of the bot's counters set by hand."""

    field: str
    value: Any

    def to_json(self) -> dict[str, Any]:
        return {"correct": self.field, "value": self.value}


@dataclass(frozen=True)
class Overturned:
    """What the bot decided at the pending step overturned by the table (the outcome
    `to`, as offered), with the table's reason if it gave one."""

    to: str
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"overturn": self.to, "reason": self.reason}


Action = Answered | Corrected | Overturned


def action_of(data: Any) -> Action:
    """An action as the log or a game file holds it (`to_json`'s object)."""
    if not isinstance(data, dict):
        raise InvalidAnswer(msg("an action must be an object"))
    if "correct" in data:
        return Corrected(str(data["correct"]), data.get("value"))
    if "answer" in data:
        return Answered(data["answer"])
    if "overturn" in data:
        return Overturned(str(data["overturn"]), str(data.get("reason") or ""))
    raise InvalidAnswer(msg("an action is either an answer or a correction"))


@dataclass(frozen=True)
class Undo:
    """Take back the next unit (the last action, or all that one Redo brought back), or
    every action after the first `to` ("Undo back to here")."""

    to: int | None = None

    def __post_init__(self) -> None:
        if self.to is not None and (not isinstance(self.to, int) or isinstance(self.to, bool)):
            # internal: the web layer sends a whole number
            raise ValueError("an undo goes back to a whole number of actions")


@dataclass(frozen=True)
class Redo:
    """Bring back what the last undo took back, as one unit."""


Change = Answered | Corrected | Overturned | Undo | Redo


def kind_of(change: Change) -> str:
    """The kind of event the log stores a change as: "action", "undo" or "redo"."""
    match change:
        case Undo():
            return "undo"
        case Redo():
            return "redo"
        case _:
            return "action"
