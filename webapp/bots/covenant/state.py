"""The Covenant's state: what it owns, what the table told the app, its deck.

Plain dataclasses that round-trip through JSON (`to_json` / `from_json`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .deck import HARBOR

# Solo rulebook, "Achievements": every achievement the Covenant can claim, in the
# rulebook's order; it never claims Master Merchant.
ACHIEVEMENTS = (
    "legendary",
    "terror_of_the_sea",
    "expert_sailors",
    "elite_vessel",
    "explorer",
    "builder",
    "settler",
    "capitalist",
)
CUBE_ACHIEVEMENTS = ("legendary", "expert_sailors", "explorer")
BUILDINGS = ("fort", "garrison", "outpost")
DIFFICULTIES = ("normal", "hard", "expert", "extreme")

# What the table says is on an island the Covenant does not control.
SEA, NOTHING, FORT, GARRISON, BOTH = "sea", "none", "fort", "garrison", "both"


@dataclass
class Upgrade:
    level: int
    cannons: int


@dataclass
class TurnFacts:
    """What the player told the app during the current Covenant turn."""

    player_space: str | None = None
    pirate: bool = False
    rich_ship: bool = False  # 3 or more coins on the player's Ship
    islands: dict[str, str] = field(default_factory=dict)
    bottom_target: str | None = None
    sunk: bool = False
    ship_battles: int = 0


@dataclass
class CovenantState:
    difficulty: str = "normal"
    saga: bool = False
    rows: list[int] = field(default_factory=lambda: [3, 3, 3, 3])
    # Solo rulebook, "Setup": its coin total is public, starting with 15.
    coins: int = 15
    cargo: int = 0
    mercantile: int = 0
    pirate: int = 0
    pirate_strength: int = 0  # cannons and battle abilities on its Pirate pile
    upgrades: list[Upgrade] = field(default_factory=list)
    upgrade_cannon_fix: int = 0  # set by a correction when tiles were misrecorded
    damage: int = 0
    ship: str = HARBOR
    islands: dict[str, list[str]] = field(default_factory=dict)  # space -> its buildings
    explored: list[str] = field(default_factory=list)
    open_sea: list[str] = field(default_factory=list)
    cubes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CUBE_ACHIEVEMENTS, 0))
    claimed: list[str] = field(default_factory=list)
    sank_you: bool = False
    turn: int = 0  # Covenant turns played: cards revealed, bonus cards not counted
    piles: dict[str, list[str]] = field(default_factory=dict)  # side -> card ids, top first
    discard: dict[str, list[str]] = field(default_factory=dict)
    current: dict[str, Any] | None = None  # the card on the table: id, side, section, bonus
    facts: TurnFacts = field(default_factory=TurnFacts)
    after_turn: list[dict[str, int]] = field(default_factory=list)  # due at end of this turn
    placed_last_turn: list[dict[str, int]] = field(default_factory=list)
    player_achievements: int = 0
    end_by: str | None = None  # "covenant" or "player": who claimed a 4th achievement first
    last: str | None = None  # kind of the checklist that was last opened
    score: dict[str, int] = field(default_factory=dict)

    # --- derived values ---------------------------------------------------

    @property
    def upgrade_cannons(self) -> int:
        return max(0, sum(u.cannons for u in self.upgrades) + self.upgrade_cannon_fix)

    @property
    def advancements(self) -> int:
        return self.mercantile + self.pirate

    @property
    def buildings(self) -> int:
        return sum(len(b) for b in self.islands.values())

    @property
    def permanent_cubes(self) -> int:
        # Solo rulebook, "Place influence cubes": taking control of an island gives
        # it a permanent cube there, so it has one per island it controls.
        return len(self.islands)

    def cards_left(self) -> int:
        return sum(len(pile) for pile in self.piles.values())

    def add_coins(self, coins: int) -> None:
        self.coins = max(0, self.coins + coins)

    def add_cargo(self, cargo: int) -> int:
        """Cargo goes to its Dock; returns the coins the conversion made."""
        # Solo rulebook, "End of turn": every 3 cargo on its Dock immediately
        # becomes 1 coin.
        self.cargo += cargo
        converted, self.cargo = divmod(self.cargo, 3)
        self.coins += converted
        return converted

    # --- JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CovenantState:
        data = dict(data)
        data["upgrades"] = [Upgrade(**u) for u in data.get("upgrades", [])]
        data["facts"] = TurnFacts(**data.get("facts", {}))
        return cls(**data)
