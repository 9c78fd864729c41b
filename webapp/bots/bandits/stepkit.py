"""What every Bandits step shares: the registry of step types, a tile's name, the
characters' names, and what the map lights for a step (`view`)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import Context, Msg, Step, StepType, StepTypes, TypedParams, msg
from ...engine.geometry import Cell
from ...engine.questions import Question, confirm
from ...engine.steps import new
from .state import BanditsState, cell_id, parse_cell

STEP_TYPES: StepTypes = StepTypes()

__all__ = ["STEP_TYPES", "BanditsStep", "Reminder", "TileParams", "new"]


def column_name(column: int) -> Msg:
    """A column of the map counted from the start's: "0", "3W" (French "3O")."""
    if column < 0:
        return msg("{n}W", n=-column)
    if column > 0:
        return msg("{n}E", n=column)
    return msg("0")


def row_name(row: int) -> Msg:
    if row < 0:
        return msg("{n}N", n=-row)
    if row > 0:
        return msg("{n}S", n=row)
    return msg("0")


def tile_name(cell: Cell | list[int] | str) -> Msg:
    """A tile as the map's headings name it: "tile 3W·1N" (column, then row)."""
    if isinstance(cell, str):
        cell = parse_cell(cell)
    column, row = cell
    return msg("tile {column}·{row}", column=column_name(column), row=row_name(row))


class TileParams(TypedDict):
    """A step on one tile: the tile, as `state.cell_id` writes it ("-3,1")."""

    cell: str


class MaybeOnATile(TypedDict):
    """What the map reads of a step of any kind: the tile it is on, if it is on one."""

    cell: NotRequired[str]


def cell_of(p: TileParams) -> Cell:
    return parse_cell(p["cell"])


def names(state: BanditsState, characters: list[int]) -> Msg:
    """Characters' names in a sentence: "Anna", "Anna and Ben", "Anna, Ben and Cy"."""
    listed = [state.names[i] for i in characters]
    if not listed:
        return msg("no one")
    if len(listed) == 1:
        return msg("{name}", name=listed[0])
    return msg("{names} and {last}", names=", ".join(listed[:-1]), last=listed[-1])


class BanditsStep(StepType[BanditsState]):
    """A step of the Bandits' game: what it lights on the map while it waits."""

    def lit(self, state: BanditsState, step: Step) -> list[Cell]:
        """The tiles this step is about (lit on the map)."""
        cell = TypedParams[MaybeOnATile].params(step).get("cell")
        return [] if cell is None else [parse_cell(cell)]

    def arrows(self, state: BanditsState, step: Step) -> list[dict[str, Any]]:
        """Moves drawn on the map: `{"from", "to", "kind"}` cell ids."""
        return []

    def lines(self, state: BanditsState, step: Step) -> list[Msg]:
        """What the step lists under its title (every roll, move and merge)."""
        return []

    def view(self, state: BanditsState, step: Step) -> dict[str, Any] | None:
        lit, arrows, lines = (
            self.lit(state, step),
            self.arrows(state, step),
            self.lines(state, step),
        )
        if not (lit or arrows or lines):
            return None
        return {"lit": [cell_id(c) for c in lit], "arrows": arrows, "lines": lines}


class Reminder(BanditsStep):
    """A step the table does by hand (setup, the night's chores): its line, the rule
    quoted, one tap when it is done."""

    text: Msg
    rule: Msg | None = None

    def title(self, state: BanditsState, step: Step) -> Msg:
        return self.text

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return self.rule

    def question(self, state: BanditsState, step: Step) -> Question:
        return confirm()

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        pass
