"""Deacon's state: its Ship and yours on the board, every Reef Ball, its tracks, its deck.

Plain dataclasses that round-trip through JSON (`to_json` / `from_json`). The board
itself is the game's board file (kept whole in the state: a game never changes when
the library's board is edited later).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Final, Literal

from ...engine import TurnCycle
from ...engine.cards import Pile

DEACON: Final = "deacon"
YOU: Final = "you"
OWNERS = (DEACON, YOU)
SIZES = ("small", "medium", "large")  # Pollution tiles
# Deacon rulebook, "Setup" 5B: "place its Scientist marker on the 1 space of the
# Research track".
START_RESEARCH = 1


#: the kind of checklist a game last opened (its phase)
Phase = Literal["setup", "deacon", "you", "scoring"]


@dataclass
class ReefSupply:
    """Where its next Reef Ball comes from (Deacon rulebook, "Deploy a Reef Ball").

    `initial`: left in the initial deployment area (None until the printed area is
    known); `columns`: balls left in each column, left to right; `column`: the column
    it is emptying now, once the initial balls are gone.
    """

    initial: int | None = None
    columns: list[int] = field(default_factory=list)
    column: int | None = None

    @property
    def left(self) -> int:
        return (self.initial or 0) + sum(self.columns)


@dataclass
class DeaconState:
    turns: TurnCycle
    board: dict[str, Any] = field(default_factory=dict)  # the board file this game plays on
    side: str = "A"  # its Ship board's side, as yours
    physical: bool = False  # the table shuffles and turns over the printed cards
    crew_bonus: bool = False  # modifier: it gains the bonuses printed under its Crew
    # its printed parts asked at setup, in the rulebook's order (a game of an earlier
    # Botdeck asked each the first time it mattered, and replays so)
    parts_at_setup: bool = False
    # the parts first, then the setup's runs of Done steps as one (`together`)
    setup_together: bool = False
    demo_components: bool = False  # the table chose invented values by name
    advanced: list[str] = field(default_factory=list)  # Advanced cards swapped in
    ships: list[str] = field(default_factory=list)  # the 2 Ship cards drawn at setup
    ship: str | None = None  # its Ship card (and board)
    cards: Pile = field(default_factory=Pile)
    shown: str | None = None  # the card on show this turn
    at: int | None = None  # the island of its Ship
    you_at: int | None = None  # the island of your Ship
    balls: dict[str, list[str]] = field(default_factory=lambda: {DEACON: [], YOU: []})
    cleaned: list[str] = field(default_factory=list)  # sectors with no Pollution left
    vp: dict[str, int] = field(default_factory=dict)  # its VP by where they came from
    your_vp: int = 0
    research: int = START_RESEARCH  # its Scientist's space
    diver: int = 0  # its Diver's step on the Seafloor track (0: not on it yet)
    milestones: int = 0  # Milestone tiles it discarded face down
    missions: list[str] = field(default_factory=list)  # colours, in the order taken
    crew: list[int] = field(default_factory=list)  # tiles in each Crew row, top first
    interns: int = 0
    pollution: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIZES, 0))
    reef: ReefSupply = field(default_factory=ReefSupply)
    components: dict[str, Any] = field(default_factory=dict)  # printed parts entered
    objective: str | None = None  # who drew Objective cards at 22 VP: "you" / "deacon"
    last: Phase | None = None  # kind of the checklist last opened
    score: dict[str, Any] = field(default_factory=dict)  # the final scoring, as asked

    @property
    def total_vp(self) -> int:
        return sum(self.vp.values())

    def add_vp(self, source: str, points: int) -> None:
        self.vp[source] = self.vp.get(source, 0) + points

    def has_ball(self, owner: str, route: str) -> bool:
        return route in self.balls[owner]

    def filled(self, route: str) -> bool:
        """A route with a Reef Ball on it, anyone's."""
        return any(route in self.balls[owner] for owner in OWNERS)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["turns"] = self.turns.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DeaconState:
        data = dict(data)
        data["cards"] = Pile.from_json(data.get("cards", {}))
        data["turns"] = TurnCycle.from_json(data["turns"])
        data["reef"] = ReefSupply(**data.get("reef", {}))
        return cls(**data)
