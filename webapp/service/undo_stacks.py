"""What Undo and Redo take next, as the event log says: plain lists, no Flask, no SQL.

Undo takes back a *unit*: the last action, or all the actions one Redo brought back
together. "Undo back to here" takes back every action after an entry of the History at
once, and Redo brings them all back at once: they are then a unit again, taken back by
the next Undo. The log stores each of these as one event with the number of actions in
effect once it is applied (webapp/storage/schema.sql, `in_effect`): replaying the log through
`Stacks` (webapp/service/games.py) gives the same stacks as the taps did.

A game resumed from its stored snapshot holds only the latest entries (the older are
None): what would need an older one raises `HistoryNeeded`, and the caller reads the
game again from its whole log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import HistoryNeeded, Msg, msg, nmsg

Action = dict[str, Any]
# An action's words as the History shows them (None: from before the snapshot resumed).
Summary = dict[str, Any] | None
# What one Redo brings back: the actions with their words, oldest first (None: a group
# from before the snapshot resumed, or too large to store in it).
Redo = list[tuple[Action, dict[str, Any]]] | None

# How many of the latest summaries and redo entries a snapshot keeps, and memory holds:
# Undo and Redo can go this far back before the game is read again from its whole log.
STORED_TAIL = 64


def trimmed(entries: list[Any]) -> list[Any]:
    """`entries` with those before the latest STORED_TAIL let go (None), once twice as
    many are held: a long game does not keep a summary of each of its actions."""
    if len(entries) > 2 * STORED_TAIL and entries[-2 * STORED_TAIL - 1] is not None:
        entries[:-STORED_TAIL] = [None] * (len(entries) - STORED_TAIL)
    return entries


@dataclass
class Stacks:
    """The words of each action in effect, what Redo brings back, and the units of more
    than one action: {actions in effect at the unit's last action: how many it holds}.

    Changed in place: an open game's stacks are copied before a change (a render of the
    version before may still be reading them)."""

    summaries: list[Summary] = field(default_factory=list)
    redo: list[Redo] = field(default_factory=list)
    units: dict[int, int] = field(default_factory=dict)

    def copy(self) -> Stacks:
        return Stacks(list(self.summaries), list(self.redo), dict(self.units))

    def trim(self) -> None:
        """Let go of what memory and a snapshot need not hold (see `trimmed`)."""
        trimmed(self.summaries)
        trimmed(self.redo)

    @property
    def in_effect(self) -> int:
        return len(self.summaries)

    def undo_size(self) -> int:
        """How many actions the next Undo takes back."""
        return min(self.units.get(self.in_effect, 1), self.in_effect)

    @property
    def needs_history(self) -> bool:
        """What Undo or Redo would take next is from before the stored snapshot."""
        size = self.undo_size()
        return (size > 0 and self.summaries[-size] is None) or (
            bool(self.redo) and self.redo[-1] is None
        )

    # --- changes, as the log replays them ------------------------------------------------

    def take(self, summary: dict[str, Any]) -> None:
        """A new action: nothing left to redo."""
        self.summaries.append(summary)
        self.redo.clear()

    def check_undo(self, to: int) -> None:
        """HistoryNeeded if undoing back to `to` actions needs words not held (checked
        before the game is changed)."""
        if 0 <= to < self.in_effect and self.summaries[to] is None:
            # internal: caught: the full history is loaded instead
            raise HistoryNeeded("what this undoes is from before the stored snapshot")

    def undo(self, actions: list[Action], to: int) -> None:
        """Every action after the first `to` taken back (`actions`, oldest first): one
        entry for Redo. A unit partly taken back is no longer one."""
        self.check_undo(to)
        said = self.summaries[to:]
        if len(said) != len(actions) or not said:
            # internal: the game and its stacks disagree
            raise ValueError("the actions taken back are not those in effect")
        self.redo.append(list(zip(actions, said, strict=True)))  # type: ignore[arg-type]
        del self.summaries[to:]
        self.units = {end: size for end, size in self.units.items() if end <= to}

    def next_redo(self) -> list[tuple[Action, dict[str, Any]]]:
        """What Redo brings back (the caller checks that `redo` is not empty)."""
        group = self.redo[-1]
        if group is None:
            # internal: caught: the full history is loaded instead
            raise HistoryNeeded("what this redoes is from before the stored snapshot")
        return group

    def redone(self) -> None:
        """The next Redo's actions back in effect, as one unit."""
        group = self.next_redo()
        self.redo.pop()
        self.summaries.extend(summary for _, summary in group)
        if len(group) > 1:
            self.units[self.in_effect] = len(group)

    # --- in words --------------------------------------------------------------------

    def _said(self, index: int) -> Msg | None:
        found = self.summaries[index] if 0 <= index < len(self.summaries) else None
        return None if found is None else Msg.from_json(found)

    def next_undo_said(self) -> Msg | None:
        """What Undo would take back, in words (None: nothing, or not held)."""
        size = self.undo_size()
        if size <= 1:
            return self._said(self.in_effect - 1)
        return back_to(size, self.in_effect - size, self._said(self.in_effect - size - 1))

    def next_redo_said(self) -> Msg | None:
        """What Redo would bring back, in words (None: nothing, or not held)."""
        group = self.redo[-1] if self.redo else None
        if group is None:
            return None
        if len(group) == 1:
            return Msg.from_json(group[0][1])
        return up_to(len(group), Msg.from_json(group[-1][1]))

    def undone_said(self) -> Msg | None:
        """What the undo that left these stacks did ("Undone: …"), from its Redo entry."""
        group = self.redo[-1] if self.redo else None
        if group is None:
            return None
        if len(group) == 1:
            return msg("Undone: {what}", what=Msg.from_json(group[0][1]))
        return undone_back_to(len(group), self.in_effect, self._said(self.in_effect - 1))

    def redone_said(self) -> Msg | None:
        """What the redo that left these stacks did ("Redone: …")."""
        size = self.undo_size()
        last = self._said(self.in_effect - 1)
        if last is None:
            return None
        return msg("Redone: {what}", what=last if size <= 1 else up_to(size, last))


def back_to(count: int, kept: int, last_kept: Msg | None) -> Msg:
    """Several actions taken back, in words ("7 actions, back to “…”"): `count` of them,
    `kept` left in effect, the last of those in words (None: not held)."""
    if kept == 0:
        return nmsg(
            "{n} action, back to the start of the game",
            "{n} actions, back to the start of the game",
            count,
        )
    if last_kept is None:
        return nmsg("{n} action", "{n} actions", count)
    return nmsg(
        "{n} action, back to “{what}”", "{n} actions, back to “{what}”", count, what=last_kept
    )


def up_to(count: int, last: Msg) -> Msg:
    """Several actions brought back, in words ("7 actions, up to “…”")."""
    return nmsg("{n} action, up to “{what}”", "{n} actions, up to “{what}”", count, what=last)


def undone_back_to(count: int, kept: int, last_kept: Msg | None) -> Msg:
    """An undo of several actions in words, as the History logs it and the table is told."""
    return msg("Undone: {what}", what=back_to(count, kept, last_kept))
