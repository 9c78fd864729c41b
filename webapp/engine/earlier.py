"""A game an earlier Botdeck release played: what it took is read as it played it.

A bot's rules change between releases: a question Botdeck no longer asks (it now knows
the answer), a rule that release played wrongly. A game's log holds only the table's
answers, so the actions an earlier release took — and the steps it ran after the last of
them, where it left the game — are replayed by its rules wherever a bot's have changed
since (each bot says where: `Context.played_before`); every tap since is played by
today's. Which games, and how many of their first actions, is stored with each game as
an option of the engine's own (`OPTION`), set when Botdeck upgrades a database an earlier
release wrote (`storage.db`) or imports a game file one wrote (`Game.from_export`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the engine's own option, beside each bot's: {"date": <release>, "actions": <count>}
OPTION = "earlier_release"
#: the earlier releases whose play a bot still reads its own way, newest first: each is
#: named by the date of the last release that played so (the releases of 2026-11-23 and
#: 2026-11-24 played the Covenant alike: what is at an island was asked every turn)
RELEASES = ("2026-11-24",)
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "date": {"type": "string", "enum": list(RELEASES)},
        "actions": {"type": "integer", "minimum": 0},
    },
    "required": ["date", "actions"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class EarlierRelease:
    """The release that played a game's first `actions` actions, named by its date."""

    date: str
    actions: int

    @classmethod
    def of(cls, options: dict[str, Any]) -> EarlierRelease | None:
        """The earlier release the game's (checked) options name, if any."""
        found = options.get(OPTION)
        return None if found is None else cls(str(found["date"]), int(found["actions"]))

    def played(self, action_index: int, *, automatic: bool) -> bool:
        """Whether it played the step resolved at `action_index` (the actions taken
        before it): a tap among its `actions`, or an automatic step that ran after one
        of them — the last one's too: that release ran them before it left the game."""
        return action_index <= self.actions if automatic else action_index < self.actions

    def option(self) -> dict[str, Any]:
        """As the game's options hold it."""
        return {OPTION: {"date": self.date, "actions": self.actions}}
