"""Maps for the Bandits' rule tests: a state built from a picture of the map.

A picture is rows of cells, north first; each cell two characters: ".." no tile,
"##" face down, "w_" water, "r_" river, "m_" mountain, "o_" other land, then the
second character a digit red star (or "_" none, "c" a camp). The picture's top-left
cell is column `west`, row `north`.
"""

from __future__ import annotations

from webapp.bots.bandits.state import COOP, BanditsState, ScoreBoard, Tile

TYPES = {"w": "water", "r": "river", "m": "mountain", "o": "other"}


def state(
    picture: str = "",
    *,
    west: int = 0,
    north: int = 0,
    bandits: dict[tuple[int, int], int] | None = None,
    meeples: list[tuple[int, int]] | None = None,
    mode: str = COOP,
    sections: list[list[int]] | None = None,
    pile: int = 30,
) -> BanditsState:
    tiles: dict[tuple[int, int], Tile] = {}
    for r, line in enumerate(picture.split()):
        for c in range(0, len(line), 2):
            code = line[c : c + 2]
            cell = (west + c // 2, north + r)
            if code == "..":
                continue
            if code == "##":
                tiles[cell] = Tile()
                continue
            mark = code[1]
            tiles[cell] = Tile(
                up=True,
                type=TYPES[code[0]],
                star=int(mark) if mark.isdigit() else None,
                camp=mark == "c",
            )
    people = meeples if meeples is not None else [(99, 99), (99, 99)]
    return BanditsState(
        mode=mode,
        names=[f"P{n}" for n in range(1, len(people) + 1)],
        die=20,
        board=ScoreBoard(40, 20, sections or [[0, 1], [10, 2], [20, 3]]),
        tiles=tiles,
        bandits=dict(bandits or {}),
        meeples=list(people),
        dead=[False] * len(people),
        scores=[0] if mode != "versus" else [0] * len(people),
        pile=pile,
    )


def rolls(*faces: str):  # type: ignore[no-untyped-def]
    """A Compass die that shows these faces in turn."""
    queue = list(faces)
    return lambda: queue.pop(0)


# --- whole games -----------------------------------------------------------------

from typing import Any  # noqa: E402

import webapp.bots  # noqa: E402,F401  (registers the bots)
from webapp.engine import Game, Pending  # noqa: E402

from .helpers import play as play_with  # noqa: E402

BOARD = {"score_end": 30, "bandit_end": 15, "stars_1": 2, "start_2": 10, "stars_2": 3}
START = {"type": "other", "star": 5, "camp": False}


def rolled(pending: Pending) -> Any:
    return "roll"


DEFAULTS: dict[str, Any] = {
    "score_board": BOARD,
    "start_tile": START,
    "day_map": "night",
    "battle_jobs": {"attack": 0, "defence": 0},
    "player_roll": rolled,
    "appear_roll": lambda p: "roll" if p.question.kind == "dice" else "fine",
    "night_end": "fine",
    "pain": "done",
    "tray": {"count": 2, "d6": False},
    "tray_roll": rolled,
    "score": {"points": 1},
    "tile": lambda p: (
        {"type": "other", "star": 6, "camp": True} if p.question.kind == "fields" else "back"
    ),
}


def new_game(mode: str = "coop", seed: int = 1, **options: Any) -> Game:
    players = options.pop("players", ["Anna", "Ben"])
    return Game("bandits", {"mode": mode, "players": players, **options}, seed)


def play(game: Game, answers: dict[str, Any] | None = None, **kw: Any) -> Pending | None:
    return play_with(game, answers, defaults=DEFAULTS, **kw)


def to_day(game: Game) -> Pending:
    """Through setup to the first day's map step."""
    pending = play(game, until="day_map")
    assert pending is not None
    return pending
