"""A game's move stack for Undo and Redo: what each action in effect was, in words, what
Redo brings back, and the units of several actions. The game (webapp/engine/game.py)
keeps it as it changes; storage keeps the events and the snapshots the game gives it.

Undo takes back a *unit*: the last action, or all the actions one Redo brought back
together. "Undo back to here" takes back every action after an entry of the History at
once, and Redo brings them all back at once: they are then a unit again, taken back by
the next Undo. The log stores each of these as one event with the number of actions in
effect once it is applied (webapp/storage/schema.sql, `in_effect`): `History.from_log`
reads the log back into the same stacks as the taps made.

A game resumed from its stored snapshot holds only the latest entries (the older are
None): what would need an older one raises `HistoryNeeded`, and the game reads itself
again from its whole log (`Game.whole`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .text import Msg, msg, nmsg


class HistoryNeeded(LookupError):
    """A resumed game was asked for actions from before the snapshot it resumed from."""


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


class LoggedChange(Protocol):
    """One event of a game's log, as storage reads it back."""

    @property
    def kind(self) -> str: ...  # "action", "undo" or "redo"
    @property
    def action(self) -> dict[str, Any] | None: ...
    @property
    def summary(self) -> dict[str, Any]: ...  # the change in words
    @property
    def in_effect(self) -> int: ...  # the actions in effect once it was applied


@dataclass
class History:
    """The words of each action in effect, what Redo brings back, and the units of more
    than one action: {actions in effect at the unit's last action: how many it holds}."""

    summaries: list[Summary] = field(default_factory=list)
    redo: list[Redo] = field(default_factory=list)
    units: dict[int, int] = field(default_factory=dict)

    @classmethod
    def from_log(cls, log: Iterable[LoggedChange]) -> tuple[list[Action], History]:
        """The actions in effect and the history, read from a game's whole event log."""
        actions: list[Action] = []
        history = cls()
        for event in log:
            if event.kind == "action" and event.action is not None:
                actions.append(event.action)
                history.take(event.summary)
            elif event.kind == "undo" and actions:
                to = history.undo_target(event.in_effect)
                history.undo(actions[to:], to)
                del actions[to:]
            elif event.kind == "redo" and history.redo:
                actions.extend(action for action, _ in history.next_redo())
                history.redone()
        return actions, history

    def undo_target(self, said: int) -> int:
        """How many actions a logged undo left in effect: what it says, if it can be so
        (`said`); else, as the events before they said it, the next Undo's unit taken back."""
        if 0 <= said < self.in_effect:
            return said
        return self.in_effect - self.undo_size()

    def stored(self) -> dict[str, Any]:
        """What a stored snapshot keeps of it: the latest summaries, redo entries and units
        (a redo entry larger than STORED_TAIL actions is not kept: a Redo of it reads the
        whole log)."""
        return {
            "summaries": self.summaries[-STORED_TAIL:],
            "summaries_held": len(self.summaries),
            "redo": [
                None if group is None or len(group) > STORED_TAIL else group
                for group in self.redo[-STORED_TAIL:]
            ],
            "redo_held": len(self.redo),
            "units": sorted(self.units.items()),
        }

    @classmethod
    def from_stored(cls, data: dict[str, Any], *, single_redo: bool = False) -> History:
        """The history `stored()` kept (`single_redo`: as stored before units of several
        actions, each redo entry one action and its words)."""
        summaries = [None] * (data["summaries_held"] - len(data["summaries"]))
        redo: list[Any] = [None] * (data["redo_held"] - len(data["redo"]))
        for entry in data["redo"]:
            if entry is None:
                redo.append(None)
            elif single_redo:
                redo.append([(entry[0], entry[1])])
            else:
                redo.append([(action, said) for action, said in entry])
        units = {int(end): int(size) for end, size in data.get("units", [])}
        return cls([*summaries, *data["summaries"]], redo, units)

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
        entry for Redo (its words as held: `check_undo` first to have them all). A unit
        partly taken back is no longer one."""
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
        return _words(self.summaries[index] if 0 <= index < len(self.summaries) else None)

    def next_undo_said(self) -> Msg | None:
        """What Undo would take back, in words (None: nothing, or not held)."""
        size = self.undo_size()
        if size <= 1:
            return self._said(self.in_effect - 1)
        return back_to(size, self.in_effect - size, self._said(self.in_effect - size - 1))

    def next_redo_said(self) -> Msg | None:
        """What Redo would bring back, in words (None: nothing, or not held)."""
        group = self.redo[-1] if self.redo else None
        last = None if group is None else _words(group[-1][1])
        if group is None or last is None:
            return None
        return last if len(group) == 1 else up_to(len(group), last)

    def undone_said(self) -> Msg | None:
        """What the undo that left these stacks did ("Undone: …"), from its Redo entry."""
        group = self.redo[-1] if self.redo else None
        if group is None:
            return None
        if len(group) == 1:
            what = _words(group[0][1])
            return None if what is None else msg("Undone: {what}", what=what)
        return undone_back_to(len(group), self.in_effect, self._said(self.in_effect - 1))

    def redone_said(self) -> Msg | None:
        """What the redo that left these stacks did ("Redone: …")."""
        size = self.undo_size()
        last = self._said(self.in_effect - 1)
        if last is None:
            return None
        return msg("Redone: {what}", what=last if size <= 1 else up_to(size, last))


def _words(summary: dict[str, Any] | None) -> Msg | None:
    return None if summary is None else Msg.from_json(summary)


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
