"""A game's History as the table reads it: a page of its events, newest first, each
with the turn it was taken at and whether "Undo back to here" can go back to it.

From the log alone (a game Botdeck cannot rebuild still shows its History), and at the
same cost however long the game: a page reads its own events and, for a page of older
ones, two figures of the events since (webapp/storage/db.py, `in_effect`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ..storage import db


@dataclass(frozen=True)
class Entry:
    """One event of the History. `in_effect`: an action not taken back since (or
    brought back by Redo); `undoes`: how many actions "Undo back to here" would take
    back (0: it is not offered)."""

    event: db.Event
    in_effect: bool
    undoes: int

    @property
    def created_at(self) -> str:
        return self.event.created_at

    @property
    def turn(self) -> dict[str, Any] | None:
        return self.event.turn


@dataclass(frozen=True)
class Page:
    entries: list[Entry]
    older: int | None  # the seq the next page of older events starts before (None: none)


def page(game_id: str, before: int | None, size: int) -> Page:
    """At most `size` events of the game older than `before` (None: the newest),
    newest first."""
    events = db.events_before(game_id, before, size + 1)  # one more: are there older?
    shown = events[:size]
    older = shown[-1].seq if len(events) > size else None
    if before is None:  # the newest page: nothing happened after it
        now, fewest = (shown[0].in_effect if shown else 0), None
    else:
        now, fewest = db.in_effect_now(game_id), db.fewest_taken_since(game_id, before)
    return Page(list(_entries(shown, now, fewest)), older)


def entry(game_id: str, seq: int) -> Entry | None:
    """The History's entry for event `seq` as it stands now (None: no such event)."""
    event = db.find_event(game_id, seq)
    if event is None:
        return None
    now, fewest = db.in_effect_now(game_id), db.fewest_taken_since(game_id, seq + 1)
    return next(_entries([event], now, fewest))


def _entries(events: list[db.Event], now: int, fewest: int | None) -> Iterator[Entry]:
    """`events`, newest first, marked: `now` actions are in effect, and `fewest` is the
    fewest in effect once an action was taken after them (None: none was).

    An action is in effect while as many actions are, unless an action was taken since
    at its place or before it (that dropped it, and what Redo could bring back)."""
    for event in events:
        is_action = event.kind == "action"
        kept = is_action and now >= event.in_effect and (fewest is None or fewest > event.in_effect)
        yield Entry(event, kept, now - event.in_effect if kept else 0)
        if is_action:
            fewest = event.in_effect if fewest is None else min(fewest, event.in_effect)


def by_turn(entries: Iterable[Entry]) -> list[tuple[dict[str, Any] | None, list[Entry]]]:
    """Consecutive entries grouped by their turn's title (None: an event from before
    Botdeck stored it), in their order."""
    return [(turn, list(group)) for turn, group in groupby(entries, lambda entry: entry.turn)]
