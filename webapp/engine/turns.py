"""Whose turn it is, and when the turns stop: the cycle every bot's game runs on.

A bot declares its turn order (seats) and which of the rulebooks' end rules its game
follows; the engine moves round the order and applies the end, and the bot only maps
the seat whose turn it is to that turn's checklist. The cycle is plain data that
round-trips through JSON with the bot's state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .text import Msg, msg


@dataclass(frozen=True)
class Seat:
    """One place in the turn order: who plays (`kind`, the bot's own word: "ai",
    "player", "collection"…) and which of them (`index`). In JSON, `[kind, index]`."""

    kind: str
    index: int = 0

    def to_json(self) -> list[Any]:
        return [self.kind, self.index]

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """From `[kind, index]`, or from the `{"kind", "index"}` of `dataclasses.asdict`."""
        if isinstance(data, dict):
            return cls(str(data["kind"]), int(data.get("index", 0)))
        kind, index = data
        return cls(str(kind), int(index))


class EndRule(StrEnum):
    """What happens once something triggers the end of the game."""

    #: Dead Reckoning solo rulebook, "Achievements": whoever did not trigger the end
    #: plays once more; when the turn comes back to whoever triggered it, the game
    #: is scored.
    EVERYONE_ELSE_ONCE_MORE = "everyone_else_once_more"
    #: Heroes of Land, Air & Sea solo rulebook, "End of the Game": the current round
    #: is completed, then one more round is played.
    FINISH_THE_ROUND_AND_ONE_MORE = "finish_the_round_and_one_more"


@dataclass
class TurnCycle:
    """The seats in turn order, where the game is in it, and the end once triggered.

    `round` counts the times the order has started again from its first seat (1
    during the first round). `end_trigger` is the seat that triggered the end,
    `end_round` the last round when the end rule plays one more round, `stopped` an
    end that came at once (no one plays again). `over`: the turns are over and the
    game is being scored.
    """

    order: list[Seat]
    end_rule: EndRule
    position: int = -1
    round: int = 0
    end_trigger: Seat | None = None
    end_round: int | None = None
    stopped: bool = False
    over: bool = False

    def __post_init__(self) -> None:
        if not self.order:
            # internal: a bot declares an empty turn order
            raise ValueError("a turn order needs at least one seat")

    # --- reading ------------------------------------------------------------------

    @property
    def current(self) -> Seat | None:
        """The seat whose turn it is (or was last), None before the first turn."""
        return self.order[self.position] if self.position >= 0 else None

    @property
    def ending(self) -> bool:
        """The end has been triggered: every turn still to come is a last one."""
        return self.stopped or self.end_trigger is not None or self.end_round is not None

    @property
    def last_round(self) -> bool:
        """The round being played is the game's last ("Last round 3 · …")."""
        return self.end_round is not None and self.round >= self.end_round

    @property
    def last_turn(self) -> bool:
        """The turn being played is a last one. Dead Reckoning solo rulebook,
        "Achievements & end game scoring": the other side's one more turn is where "last
        turn rules apply" — every turn after the trigger's, not the rest of the turn that
        triggered the end. Where the end plays one more round: a turn of that round."""
        if self.end_rule is EndRule.EVERYONE_ELSE_ONCE_MORE:
            return self.end_trigger is not None and self.current != self.end_trigger
        return self.last_round

    # --- moving on ----------------------------------------------------------------

    def trigger_end(self, by: Seat | None = None) -> bool:
        """Something triggered the end (by default, the seat whose turn it is).

        Once triggered, the end cannot be moved: True only for the trigger that set it.
        """
        if self.ending:
            return False
        by = by if by is not None else self.current
        if self.end_rule is EndRule.EVERYONE_ELSE_ONCE_MORE and by is None:
            # internal: a bot ends the game before any turn
            raise ValueError("the end is triggered by a seat, and no one has played yet")
        self.end_trigger = by
        if self.end_rule is EndRule.FINISH_THE_ROUND_AND_ONE_MORE:
            self.end_round = self.round + 1
        return True

    def end_now(self) -> None:
        """An end that takes effect at once: the next call to `advance` scores the game
        (Heroes' solo rulebook: a destroyed Capital City ends the game)."""
        self.stopped = True

    def advance(self) -> Seat | None:
        """The seat whose turn comes next, or None: the turns are over, score the game.

        Once it has said None, it always says None (`over`).
        """
        if self.over:
            return None
        position = (self.position + 1) % len(self.order)
        seat = self.order[position]
        if (
            self.stopped
            or (position == 0 and self.last_round)
            or (self.end_rule is EndRule.EVERYONE_ELSE_ONCE_MORE and seat == self.end_trigger)
        ):
            self.over = True
            return None
        self.position = position
        if position == 0:
            self.round += 1
        return seat

    # --- JSON ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "order": [seat.to_json() for seat in self.order],
            "end_rule": self.end_rule.value,
            "position": self.position,
            "round": self.round,
            "end_trigger": None if self.end_trigger is None else self.end_trigger.to_json(),
            "end_round": self.end_round,
            "stopped": self.stopped,
            "over": self.over,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnCycle:
        """From `to_json`, or from `dataclasses.asdict` of a state holding the cycle
        (before or after that has been through JSON)."""
        trigger = data.get("end_trigger")
        return cls(
            [Seat.from_json(seat) for seat in data["order"]],
            EndRule(data["end_rule"]),
            int(data.get("position", -1)),
            int(data.get("round", 0)),
            None if trigger is None else Seat.from_json(trigger),
            data.get("end_round"),
            bool(data.get("stopped", False)),
            bool(data.get("over", False)),
        )


def round_title(turns: TurnCycle, what: Msg) -> Msg:
    """A checklist's heading in a game played in rounds: "Round 3 · Your turn", or
    "Last round 3 · …" once the end has made it the last."""
    if turns.last_round:
        return msg("Last round {round} · {what}", round=turns.round, what=what)
    return msg("Round {round} · {what}", round=turns.round, what=what)
