"""The map of land tiles: setup's start, tiles revealed, the tile pile running out,
tiles removed. Plain functions on the state; they return what they did (cells and
counts) and the steps put it into words.

Cell (0, 0) is the eastmost central start tile; columns grow east, rows south.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.geometry import ORTHOGONAL, Cell, step
from .state import BanditsState, Tile

# Rules, "Board Setup" 6: "deal 6 of them face up in a 2x3 grid. North to south
# should be 3 tiles" — two columns, the east one holding the start tile (0, 0).
START_UP: tuple[Cell, ...] = tuple((column, row) for row in (-1, 0, 1) for column in (-1, 0))
# "Board Setup" 7: "Deal 7 more Land Tiles, face down around them, to the North, West
# and South": 2 north, 3 west, 2 south — the spaces next to the grid's sides, so
# "around" a tile means its four sides, never its corners.
START_DOWN: tuple[Cell, ...] = (
    (-1, -2),
    (0, -2),
    (-2, -1),
    (-2, 0),
    (-2, 1),
    (-1, 2),
    (0, 2),
)
# "Board Setup" 8: "Add a Meeple for each player to the Eastmost Central tile".
MEEPLE_START: Cell = (0, 0)


def start_map(state: BanditsState) -> None:
    """The 2×3 face-up start and the 7 face-down tiles; the rest is the pile."""
    state.tiles = {cell: Tile(up=True) for cell in START_UP}
    state.tiles.update({cell: Tile() for cell in START_DOWN})
    state.pile = max(state.land_tiles - len(state.tiles), 0)


def eastmost(state: BanditsState) -> int:
    return max(column for column, _ in state.tiles)


def westmost(state: BanditsState) -> int:
    return min(column for column, _ in state.tiles)


def reading_order(cells: object) -> list[Cell]:
    """West to east, then north to south (the rules' "Starting from West, then North")."""
    return sorted(cells)  # type: ignore[call-overload, no-any-return]


@dataclass
class PileOut:
    """The tile pile ran out: the eastmost row went back into it, with what was on it."""

    cells: list[Cell]
    bandits: int
    moved: dict[int, Cell]  # characters who were on it: where they went


@dataclass
class Revealed:
    camp: bool = False
    new: list[Cell] = field(default_factory=list)  # face-down tiles put around it
    unfilled: list[Cell] = field(default_factory=list)  # no tile could be put there
    pile_out: list[PileOut] = field(default_factory=list)


def reveal(state: BanditsState, cell: Cell, kind: str, star: int | None, camp: bool) -> Revealed:
    """Rules, "Revealing Tiles": flip it face up; a Bandit Campfire adds a bandit "even
    if it already had bandits on it"; a face-down tile goes to "all empty spaces around
    it, except those East of the Eastmost tile"; "If there are no more tiles to reveal.
    Remove the Eastmost row on the board, and anything on them. Shuffle them to create a
    new Land Draw deck"."""
    state.tiles[cell] = Tile(up=True, type=kind, star=star, camp=camp)
    state.revealed += 1
    done = Revealed(camp=camp)
    if camp:
        add_bandits(state, cell, 1)
    for space in (step(cell, d) for d in ORTHOGONAL):
        if space in state.tiles or space[0] > eastmost(state):
            continue
        if state.pile == 0:
            out = pile_runs_out(state, keep=cell)
            if out is None:
                done.unfilled.append(space)
                continue
            done.pile_out.append(out)
            if space[0] > eastmost(state):
                continue
        state.tiles[space] = Tile()
        state.pile -= 1
        done.new.append(space)
    return done


def pile_runs_out(state: BanditsState, keep: Cell | None = None) -> PileOut | None:
    """The eastmost row goes back into the pile, its bandits with it; a player on it
    "take[s] an Exhaustion Card and move[s] West to the nearest tile". None: there is
    no row to take (the map is one row wide, or the row holds `keep`)."""
    column = eastmost(state)
    cells = reading_order(c for c in state.tiles if c[0] == column)
    if column == westmost(state) or (keep is not None and keep in cells):
        return None
    bandits = remove_tiles(state, cells)
    state.pile += len(cells)
    moved = {}
    for character in state.living if state.meeples else ():  # the dead have left the map
        at = state.meeples[character]
        if at in cells:
            state.meeples[character] = nearest_west(state, at)
            moved[character] = state.meeples[character]
    return PileOut(cells, bandits, moved)


def nearest_west(state: BanditsState, cell: Cell) -> Cell:
    """The nearest tile west of a removed one: along its row first, else the closest
    tile to the west (the northern one of two as close). There is one: the westmost
    column is never removed (`pile_runs_out`)."""
    row = [c for c in state.tiles if c[1] == cell[1] and c[0] < cell[0]]
    if row:
        return max(row)
    west = [c for c in state.tiles if c[0] < cell[0]]
    return min(west, key=lambda c: (abs(c[0] - cell[0]) + abs(c[1] - cell[1]), c[1]))


def remove_tiles(state: BanditsState, cells: list[Cell]) -> int:
    """Take tiles off the map with their bandits; returns how many bandits went."""
    bandits = 0
    for cell in cells:  # tiles of the map, each once
        del state.tiles[cell]
        bandits += state.bandits.pop(cell, 0)
    return bandits


def add_bandits(state: BanditsState, cell: Cell, count: int) -> None:
    total = state.bandits.get(cell, 0) + count
    if total > 0:
        state.bandits[cell] = total
    else:
        state.bandits.pop(cell, None)


def too_far_east(state: BanditsState) -> list[Cell]:
    """Night phase 6: "Remove all tiles more than 3 complete spaces East of the
    Eastmost player" — a tile 4 or more columns east of that player's."""
    players = [state.meeples[i][0] for i in state.living if state.meeples]
    if not players:
        return []
    limit = max(players) + 3
    return reading_order(c for c in state.tiles if c[0] > limit)


def westmost_railway(state: BanditsState, cell: Cell) -> bool:
    """Rules, "Build Railway": "If this is the most West Railway yet" (no railway so
    far is as far west)."""
    return all(
        other[0] > cell[0] for other, tile in state.tiles.items() if tile.railway and other != cell
    )
