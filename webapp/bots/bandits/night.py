"""What the Bandits do at night, as rules on the map: who attacks, where every group
moves, where bandits appear and how big groups split. Dice come in as values (or a
function that rolls the next one), so every rule is tested with the rolls it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass

from ...engine.geometry import ORTHOGONAL, Cell, step
from .land import add_bandits, reading_order
from .state import BanditsState

# Rules, "Contents": "Compass Dice * 1: Dice with faces [N, S, W, W , W , + ]";
# "Job Dice * 10: Dice with faces [0,0,1,1,1,2]".
COMPASS_DIE = ("N", "S", "W", "W", "W", "+")
JOB_DIE = (0, 0, 1, 1, 1, 2)
OPPOSITE = {"N": "S", "S": "N", "W": "E", "E": "W"}
# Night phase 7: "If after bandits appear, a group of bandits has 6 or more members".
SPLIT_AT = 6


def roll_compass(rng: random.Random) -> Callable[[], str]:
    return lambda: COMPASS_DIE[rng.randint(1, 6) - 1]


def roll_job_dice(rng: random.Random, count: int) -> list[int]:
    return [JOB_DIE[rng.randint(1, 6) - 1] for _ in range(count)]


def d6_successes(face: int) -> int:
    """Rules, "Rolling Dice": "If using standard D6, treat 3,4,5 as 1 Success, and 6 as
    2 Successes"."""
    return 2 if face == 6 else 1 if face >= 3 else 0


# --- 4. Bandits attack -----------------------------------------------------------


def attack_order(state: BanditsState) -> list[Cell]:
    """Night phase 4: "Starting From West to East, Each Group of bandits on the same
    tile as a player Attacks" (a column from north to south)."""
    return reading_order(c for c, n in state.bandits.items() if n > 0 and state.on_tile(c))


# --- 5. Bandits move -------------------------------------------------------------


@dataclass
class Move:
    """One group's roll of the Compass die and what came of it.

    `how`: "moved" (the way rolled), "opposite" (it could not go that way), "blocked"
    (neither way: +1 bandit), "plus" (a "+": +1 bandit). `chained`: it rolled at once
    because a group moved onto it. `merged`: the group that moved onto its tile joined
    it (it did not move away), or it joined a group already there.
    """

    start: Cell
    roll: str
    end: Cell
    how: str
    size: int  # bandits in the group once it has rolled
    chained: bool = False
    merged: bool = False

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["start"], data["end"] = list(self.start), list(self.end)
        return data


def may_move(state: BanditsState, cell: Cell) -> bool:
    """Night phase 5: a group rolls when it is "not on the same tile as a player and
    not on a Bandit Camp"."""
    tile = state.tiles.get(cell)
    on_camp = tile is not None and tile.up and tile.camp
    return not on_camp and not state.on_tile(cell)


def move_bandits(state: BanditsState, roll: Callable[[], str]) -> list[Move]:
    """Night phase 5, every group that may move, "Starting from West, then North".

    "Bandits may move onto face up or face down tiles, but not off the tiles"; "If they
    cannot move in the rolled direction, move them in the opposite direction. If they
    still cannot move, add a bandit"; a "+" adds one bandit. "If a group of bandits
    meets [a] group that have not yet moved, roll movement for the other group
    immediately. If the second group do not move, the two groups merge" — and a group
    meeting one that has moved, or one that never moves, joins it on that tile.
    """
    groups = dict(state.bandits)
    waiting = set(c for c in groups if may_move(state, c))
    moves: list[Move] = []

    def roll_for(cell: Cell, chained: bool) -> None:
        """The group on `cell` rolls (and, chained, the group it moves onto)."""
        waiting.discard(cell)
        size = groups.pop(cell)
        face = roll()
        way = None if face == "+" else face
        how = "moved"
        if way is not None and step(cell, way) not in state.tiles:
            way, how = OPPOSITE[way], "opposite"
            if step(cell, way) not in state.tiles:
                way, how = None, "blocked"
        if way is None:
            groups[cell] = size + 1
            moves.append(Move(cell, face, cell, "plus" if face == "+" else how, size + 1, chained))
            return
        target = step(cell, way)
        move = Move(cell, face, target, how, size, chained)
        moves.append(move)
        if target in waiting:
            roll_for(target, chained=True)
        if target in groups:
            move.merged = True
        groups[target] = groups.get(target, 0) + size

    for cell in reading_order(waiting):
        if cell in waiting:
            roll_for(cell, chained=False)
    state.bandits = {cell: n for cell, n in groups.items() if n > 0}
    return moves


# --- 7. Bandits appear -----------------------------------------------------------


def furthest_forward(state: BanditsState) -> int:
    """The space of the furthest-forward player or the Bandit Tracker (a character who
    died "is out": not a player any more)."""
    players = [state.score_of(i) for i in state.living]
    return max([state.tracker, *players])


def appear_rolls(state: BanditsState) -> int:
    """Night phase 7: "Roll the chosen Bandit Dice, as many times as are indicated in the
    red star in the same section as the furthest forward player or bandit tracker"."""
    if state.board is None:
        return 0
    return state.board.stars_at(furthest_forward(state))


def appear(state: BanditsState, rolls: list[int]) -> dict[Cell, int]:
    """ "For each roll, add 1 bandit to every tile with the same number in it's red star
    on the map" (a face-down tile shows no number). Returns the bandits added per tile."""
    added: dict[Cell, int] = {}
    for rolled in rolls:
        for cell, tile in state.tiles.items():
            if tile.up and tile.star == rolled:
                add_bandits(state, cell, 1)
                added[cell] = added.get(cell, 0) + 1
    return {cell: added[cell] for cell in reading_order(added)}


@dataclass
class Split:
    cell: Cell
    size: int  # the group before it split
    to: list[Cell]  # one bandit went to each

    def to_json(self) -> dict[str, object]:
        return {"cell": list(self.cell), "size": self.size, "to": [list(c) for c in self.to]}


def split_groups(state: BanditsState) -> tuple[list[Split], list[Cell]]:
    """Night phase 7: a group of 6 or more: "Move 1 bandit in each of the four compas
    directions. If any direction is not possible, do not move that bandit. If this
    creates another group of at least 6 bandits do the same again."

    Groups split west to east, then north to south. A group with no tile beside it
    cannot split; on a map too small for its bandits the splitting could go round for
    ever, so it stops once every tile has split as often as there are bandits. Returns
    the splits and the groups of 6 or more left (those the map could not split).
    """
    splits: list[Split] = []
    stuck: set[Cell] = set()
    limit = len(state.tiles) * (sum(state.bandits.values()) + 1)
    while len(splits) < limit:
        big = [c for c in reading_order(state.bandits) if state.bandits[c] >= SPLIT_AT]
        big = [c for c in big if c not in stuck]
        if not big:
            break
        cell = big[0]
        to = [n for n in (step(cell, d) for d in ORTHOGONAL) if n in state.tiles]
        if not to:
            stuck.add(cell)
            continue
        splits.append(Split(cell, state.bandits[cell], to))
        add_bandits(state, cell, -len(to))
        for n in to:
            add_bandits(state, n, 1)
    left = [c for c in reading_order(state.bandits) if state.bandits[c] >= SPLIT_AT]
    return splits, left
