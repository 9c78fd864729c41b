"""The Bandits' game as plain data: the map of land tiles, every bandit group, the
players' meeples, the score board and its counters. Round-trips through JSON.

The map is a grid of cells `(column, row)`: columns grow east, rows grow south (the
engine's geometry). Cell (0, 0) is the eastmost central start tile, where the meeples
start; the map grows west, to negative columns.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ...engine.geometry import Cell
from ...engine.text import msg

COOP, SOLO, VERSUS = "coop", "solo", "versus"
MODES = (COOP, SOLO, VERSUS)
# Rules, "Revealing Tiles" and "Movement": what a tile's type changes in the rules.
TILE_TYPES = ("water", "river", "mountain", "other")
BANDIT_DICE = (8, 10, 12, 20)
# Rules, "Contents": Land Tiles * 48.
LAND_TILES = 48
MAX_CHARACTERS = 5  # "Meeples * 10 (2 Per player)"
NAME_LENGTH = 30


#: the kind of checklist a game last opened (its phase)
Phase = Literal["setup", "day", "night", "end"]


@dataclass
class Tile:
    """One land tile: face down, or face up with what the rules read on it."""

    up: bool = False
    type: str | None = None  # one of TILE_TYPES once face up and entered
    star: int | None = None  # its red-star number (None: none, or not entered yet)
    camp: bool = False  # a Bandit Camp (the rules' "Revealing Tiles" says "Campfire")
    railway: bool = False  # a Railway token on it

    @property
    def entered(self) -> bool:
        return self.up and self.type is not None


@dataclass
class ScoreBoard:
    """What the chosen Score Board prints: where each track ends, and the red-star
    count of each section (`sections`: `[first space, stars]`, in track order)."""

    score_end: int
    bandit_end: int
    sections: list[list[int]]

    def stars_at(self, space: int) -> int:
        """The red star of the section holding this space."""
        stars = 0
        for first, count in self.sections:
            if space >= first:
                stars = count
        return stars


def cell_id(cell: Cell) -> str:
    """A cell as a space id: "-3,1"."""
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: Any) -> Cell:
    """A space id back to its cell (ValueError when it is not one)."""
    if not isinstance(text, str) or text.count(",") != 1:
        raise ValueError(msg("a tile is named by its column and row"))
    column, row = text.split(",")
    try:
        return (int(column), int(row))
    except ValueError:
        raise ValueError(msg("a tile is named by its column and row")) from None


@dataclass
class BanditsState:
    mode: str
    names: list[str]  # the characters, in seat order (solo: the two of one player)
    die: int  # the chosen Bandit die's sides
    land_tiles: int = LAND_TILES
    board: ScoreBoard | None = None
    tiles: dict[Cell, Tile] = field(default_factory=dict)
    bandits: dict[Cell, int] = field(default_factory=dict)  # groups: a count per tile
    meeples: list[Cell] = field(default_factory=list)  # one per character
    dead: list[bool] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)  # co-op and solo: one shared
    tracker: int = 0  # the Bandit Tracker
    pile: int = 0  # land tiles left in the draw pile
    day: int = 0
    last: Phase | None = None  # the checklist last opened
    outcome: dict[str, Any] | None = None  # once decided: {"result", "why", "who"}
    removed: int = 0  # bandits the players removed (battles and by hand)
    revealed: int = 0  # tiles revealed during the game
    battle: dict[str, Any] | None = None  # the battle being fought: where, dice, hits
    # the setup's runs of Done steps as one, its start tiles one form (an older game
    # asked each on its own, and replays so)
    setup_together: bool = False

    @property
    def shared_score(self) -> bool:
        return self.mode != VERSUS

    @property
    def living(self) -> list[int]:
        return [i for i, dead in enumerate(self.dead) if not dead]

    def score_of(self, character: int) -> int:
        return self.scores[0 if self.shared_score else character]

    def add_score(self, character: int, points: int) -> None:
        self.scores[0 if self.shared_score else character] += points

    def on_tile(self, cell: Cell) -> list[int]:
        """The living characters whose meeple is on this tile."""
        return [i for i in self.living if self.meeples and self.meeples[i] == cell]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["tiles"] = [[*cell, asdict(tile)] for cell, tile in sorted(self.tiles.items())]
        data["bandits"] = [[*cell, n] for cell, n in sorted(self.bandits.items())]
        data["meeples"] = [list(cell) for cell in self.meeples]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BanditsState:
        board = data.get("board")
        return cls(
            mode=data["mode"],
            names=list(data["names"]),
            die=int(data["die"]),
            land_tiles=int(data.get("land_tiles", LAND_TILES)),
            board=None if board is None else ScoreBoard(**board),
            tiles={(c, r): Tile(**tile) for c, r, tile in data["tiles"]},
            bandits={(c, r): int(n) for c, r, n in data["bandits"]},
            meeples=[(int(c), int(r)) for c, r in data["meeples"]],
            dead=list(data["dead"]),
            scores=list(data["scores"]),
            tracker=int(data["tracker"]),
            pile=int(data["pile"]),
            day=int(data["day"]),
            last=data.get("last"),
            outcome=data.get("outcome"),
            removed=int(data.get("removed", 0)),
            revealed=int(data.get("revealed", 0)),
            battle=data.get("battle"),
            setup_together=bool(data.get("setup_together", False)),
        )
