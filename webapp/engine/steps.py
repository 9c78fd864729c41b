"""Checklists and the steps in them: plain data that serialises to JSON."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .text import Msg


@dataclass
class Step:
    """One line of a bot turn's checklist.

    `kind` names the bot's step type that knows the step's text, its question
    and the state change it makes; `params` are that step's own values (which
    space, how many cubes…). Once answered, `answer` holds the stored value,
    `notes` what the app did or decided, in words, and `places` the places of the
    bot's board those notes name (as its board and its SPACE questions name them), so
    the table sees where to act.

    `shown_title` and `shown_answer` are what the step said when it was resolved
    (its line and the answer in words): a past step is always shown from them,
    never worked out again against a state that has moved on since.
    """

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    done: bool = False
    answer: Any = None
    notes: list[Msg] = field(default_factory=list)
    shown_title: Msg | None = None
    shown_answer: Msg | None = None
    places: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "params": self.params, "done": self.done}
        if self.done:
            data["answer"] = self.answer
        if self.notes:
            data["notes"] = [note.to_json() for note in self.notes]
        if self.places:
            data["places"] = list(self.places)
        if self.shown_title is not None:
            data["shown_title"] = self.shown_title.to_json()
        if self.shown_answer is not None:
            data["shown_answer"] = self.shown_answer.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        title, answer = data.get("shown_title"), data.get("shown_answer")
        return cls(
            data["kind"],
            dict(data.get("params", {})),
            bool(data.get("done", False)),
            data.get("answer"),
            [Msg.from_json(n) for n in data.get("notes", [])],
            None if title is None else Msg.from_json(title),
            None if answer is None else Msg.from_json(answer),
            # a step stored before notes named their places has none
            [str(place) for place in data.get("places", [])],
        )


TOGETHER = "together"
#: a bot's option telling a game whose setup lists its runs of Done steps `together`
#: (every game started now: `Bot.new_game_options`) from an older game's, which asked
#: each on its own and replays so
SETUP_OPTION = {"setup": {"type": "string", "enum": ["each", "together"], "default": "each"}}


def together(*steps: Step) -> list[Step]:
    """A run of steps the table does at the table with nothing to tell Botdeck (each
    asks only Done), as one step listing them all, done with one tap; a run of one
    stays as it is. The bot's setup uses it for its new games."""
    if len(steps) < 2:
        return list(steps)
    return [Step(TOGETHER, {"steps": [step.to_json() for step in steps]})]


def new(kind: str, **params: Any) -> Step:
    """A step of that kind, its params given as keywords."""
    return Step(kind, params)


@dataclass
class Checklist:
    """Everything one turn asks, in rulebook order.

    `header` is what the export records for the turn: for a bot turn, the card
    drawn (id, side, section); `title` is the heading shown above the list.
    """

    title: Msg
    header: dict[str, Any]
    steps: list[Step]
    cursor: int = 0

    @property
    def finished(self) -> bool:
        return self.cursor >= len(self.steps)

    @property
    def current(self) -> Step | None:
        return None if self.finished else self.steps[self.cursor]

    def insert_after_current(self, steps: list[Step]) -> None:
        self.steps[self.cursor + 1 : self.cursor + 1] = steps

    def drop_pending(self, predicate: Callable[[Step], bool] | None = None) -> int:
        """Drop the steps after the current one (those `predicate` picks, or all of them:
        the game ends with this step); returns how many went."""
        keep = self.steps[: self.cursor + 1]
        rest = self.steps[self.cursor + 1 :]
        left = [s for s in rest if predicate is not None and not predicate(s)]
        self.steps[:] = keep + left
        return len(rest) - len(left)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title.to_json(),
            "header": self.header,
            "steps": [step.to_json() for step in self.steps],
            "cursor": self.cursor,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Checklist:
        return cls(
            Msg.from_json(data["title"]),
            dict(data["header"]),
            [Step.from_json(s) for s in data["steps"]],
            int(data["cursor"]),
        )
