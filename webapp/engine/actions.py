"""What a table does to a game, as the log keeps it: an answer to the pending step, a
counter corrected by hand, or what the bot decided overturned.

In code an action is one of these dataclasses; in the log and in a game file it is the
JSON object of `to_json` (`{"answer": …}`, `{"correct": …, "value": …}`,
`{"overturn": …, "reason": …}`), read back by `action_of` — the one place that tells
the three apart. Undo and redo are not actions: they take actions back and bring them
back (the game's snapshots, the service's stacks).
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
