"""What the Bandits' templates draw: the map as a grid of cells (with the table's
headings), and the counters' panel. Plain values: the templates do no rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg
from .night import appear_rolls, furthest_forward
from .state import BanditsState, cell_id
from .stepkit import column_name, row_name, tile_name

CELL = 100  # a tile's side in the drawing's units
MARGIN = 44  # room for the headings


@dataclass(frozen=True)
class Meeple:
    index: int
    initial: str
    name: str


@dataclass(frozen=True)
class CellView:
    space: str
    name: Msg
    x: int  # its top-left corner in the drawing
    y: int
    up: bool
    type: str | None
    star: int | None
    camp: bool
    railway: bool
    bandits: int
    meeples: tuple[Meeple, ...]


@dataclass(frozen=True)
class MapView:
    width: int
    height: int
    cells: tuple[CellView, ...]
    columns: tuple[tuple[Msg, int], ...]  # heading, x of its centre
    rows: tuple[tuple[Msg, int], ...]
    bandits: int
    pile: int
    people: tuple[Meeple, ...] = ()  # the living characters, for the legend

    def centre(self, space: str) -> tuple[int, int] | None:
        for cell in self.cells:
            if cell.space == space:
                return (cell.x + CELL // 2, cell.y + CELL // 2)
        return None

    def arrows(self, extras: Any) -> list[dict[str, Any]]:
        """The step's arrows as lines of the drawing, shortened so both tiles stay
        readable."""
        drawn = []
        for arrow in (extras or {}).get("arrows", []):
            start, end = self.centre(arrow["from"]), self.centre(arrow["to"])
            if start is None or end is None:
                continue
            dx, dy = end[0] - start[0], end[1] - start[1]
            drawn.append(
                {
                    "x1": start[0] + dx * 0.22,
                    "y1": start[1] + dy * 0.22,
                    "x2": start[0] + dx * 0.72,
                    "y2": start[1] + dy * 0.72,
                    "kind": arrow["kind"],
                }
            )
        return drawn

    def box(self, space: str) -> dict[str, float]:
        """Where a cell's tap target sits over the drawing, in percent."""
        for cell in self.cells:
            if cell.space == space:
                return {
                    "left": 100 * cell.x / self.width,
                    "top": 100 * cell.y / self.height,
                    "width": 100 * CELL / self.width,
                    "height": 100 * CELL / self.height,
                }
        return {}


@dataclass(frozen=True)
class Panel:
    mode: str
    day: int
    phase: str | None
    scores: tuple[tuple[Msg, int, bool], ...]  # name, score, dead
    tracker: int
    score_end: int | None
    bandit_end: int | None
    stars: int  # Bandit die rolls tonight, as things stand
    section_space: int
    die: int
    pile: int
    bandits: int
    groups: int


@dataclass(frozen=True)
class BanditsView:
    map: MapView
    panel: Panel


def character_initials(names: list[str]) -> list[str]:
    """What marks each character on the map: its initial, or its number when two share one
    ("Player 1", "Player 2")."""
    initials = [name[:1].upper() for name in names]
    if len(set(initials)) < len(initials):
        initials = [str(i + 1) for i in range(len(names))]
    return initials


def map_view(state: BanditsState) -> MapView:
    if not state.tiles:
        return MapView(CELL, CELL, (), (), (), 0, state.pile)
    columns = [c for c, _ in state.tiles]
    rows = [r for _, r in state.tiles]
    west, north = min(columns), min(rows)
    across, down = max(columns) - west + 1, max(rows) - north + 1
    here: dict[tuple[int, int], list[Meeple]] = {}
    initials = character_initials(state.names)
    for i in state.living if state.meeples else ():
        here.setdefault(state.meeples[i], []).append(Meeple(i, initials[i], state.names[i]))
    cells = tuple(
        CellView(
            cell_id(cell),
            tile_name(cell),
            MARGIN + (cell[0] - west) * CELL,
            MARGIN + (cell[1] - north) * CELL,
            tile.up,
            tile.type,
            tile.star,
            tile.camp,
            tile.railway,
            state.bandits.get(cell, 0),
            tuple(here.get(cell, ())),
        )
        for cell, tile in sorted(state.tiles.items())
    )
    return MapView(
        MARGIN + across * CELL + 8,
        MARGIN + down * CELL + 8,
        cells,
        tuple((column_name(west + n), MARGIN + n * CELL + CELL // 2) for n in range(across)),
        tuple((row_name(north + n), MARGIN + n * CELL + CELL // 2) for n in range(down)),
        sum(state.bandits.values()),
        state.pile,
        tuple(sorted((m for group in here.values() for m in group), key=lambda m: m.index)),
    )


def panel(state: BanditsState) -> Panel:
    shown = [
        (msg("{name}", name=state.names[i]), state.score_of(i), state.dead[i])
        for i in range(len(state.names))
    ]
    if state.shared_score:
        shown = [(msg("Together"), state.scores[0], any(state.dead))]
    board = state.board
    return Panel(
        state.mode,
        state.day,
        state.last,
        tuple(shown),
        state.tracker,
        None if board is None else board.score_end,
        None if board is None else board.bandit_end,
        appear_rolls(state),
        furthest_forward(state),
        state.die,
        state.pile,
        sum(state.bandits.values()),
        len(state.bandits),
    )


def bandits_view(state: BanditsState, deck: dict[str, Any]) -> BanditsView:
    return BanditsView(map_view(state), panel(state))
