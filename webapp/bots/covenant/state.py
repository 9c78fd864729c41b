"""The Covenant's state: what it owns, what the table told the app, its deck.

Plain dataclasses that round-trip through JSON (`to_json` / `from_json`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ...engine import TurnCycle
from ...engine.cards import Pile
from ..stored import stored_asdict
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

# The seats of the turn order (`Seat(AI, i)`: Covenant i; `Seat(PLAYER, p)`: player p).
AI, PLAYER = "ai", "player"

# What the table says is on an island the Covenant does not control.
SEA, NOTHING, FORT, GARRISON, BOTH = "sea", "none", "fort", "garrison", "both"


#: the kind of checklist a game last opened (its phase)
Phase = Literal["covenant", "bonus", "player", "scoring"]


@dataclass
class Upgrade:
    level: int
    cannons: int


@dataclass
class TurnFacts:
    """What the table told the app during the current Covenant turn.

    `ships` and `pirate` hold one entry per player (one in solo, two in 2 vs 2).
    """

    ships: list[str | None] = field(default_factory=list)
    pirate: list[bool] = field(default_factory=list)
    rich: list[bool] = field(default_factory=list)  # 3 or more coins on that player's Ship
    islands: dict[str, str] = field(default_factory=dict)  # before known_islands: unused
    bottom_target: str | None = None
    start_space: str = HARBOR  # where its ship started the turn
    target: int | None = None  # the player its ship battles this turn, once decided
    building_choice: str | None = None  # the one building battle, when several were possible
    pirate_choice: int | None = None  # 2 vs 2: the Ship in Pirate mode the players chose
    sunk: bool = False
    ship_battles: int = 0
    # islands where it won a building battle: what is left there is asked next turn
    battled_islands: list[str] = field(default_factory=list)

    def pirates_at(self, space: str) -> list[int]:
        """The players whose Ship is in Pirate mode on that space."""
        return [
            player
            for player, (where, pirate) in enumerate(zip(self.ships, self.pirate, strict=True))
            if pirate and where == space
        ]


@dataclass
class CovenantAI:
    """One Wayward Covenant: what it owns, its deck and its turn."""

    player: int = 0  # the player it is assigned to (2 vs 2), 0 in solo
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
    cubes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CUBE_ACHIEVEMENTS, 0))
    claimed: list[str] = field(default_factory=list)
    sank_you: bool = False
    turn: int = 0  # its turns played: cards revealed, bonus cards not counted
    # its deck: one pile, or Hard's normal and hard piles (by the side they are played on)
    piles: dict[str, Pile] = field(default_factory=dict)
    current: dict[str, Any] | None = None  # the card on the table: id, side, section, bonus
    after_turn: list[dict[str, int]] = field(default_factory=list)  # due at end of this turn
    # what "After its turn" placed and on which island (`space`; absent in older games)
    placed_last_turn: list[dict[str, Any]] = field(default_factory=list)

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

    @property
    def discard(self) -> dict[str, list[str]]:
        """Each pile's discards."""
        return {key: pile.discard for key, pile in self.piles.items()}

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


@dataclass
class CovenantState:
    """The table: one Covenant (solo) or two (2 vs 2), the players, the board."""

    turns: TurnCycle  # the turn order and the end (turn.py declares them)
    difficulty: str = "normal"
    saga: bool = False
    coop: bool = False
    physical: bool = False  # the table shuffles and draws the printed cards
    pile_sizes: dict[str, int] = field(default_factory=dict)  # physical: cards in a full pile
    rows: list[int] = field(default_factory=lambda: [3, 3, 3, 3])
    players: list[str] = field(default_factory=list)  # names; empty in solo ("you")
    ais: list[CovenantAI] = field(default_factory=lambda: [CovenantAI()])
    active: int = 0  # the Covenant acting now (or last)
    explored: list[str] = field(default_factory=list)
    open_sea: list[str] = field(default_factory=list)
    # What the table said is on each island (SEA aside: `open_sea`), kept from turn to
    # turn until something the rules allow can change it (see `forget_island`).
    known_islands: dict[str, str] = field(default_factory=dict)
    facts: TurnFacts = field(default_factory=TurnFacts)
    player_achievements: list[int] = field(default_factory=lambda: [0])
    last: Phase | None = None  # kind of the checklist that was last opened
    score: dict[str, int] = field(default_factory=dict)

    @property
    def ai(self) -> CovenantAI:
        """The Covenant whose turn it is (or was last)."""
        return self.ais[self.active]

    @property
    def player_count(self) -> int:
        return 2 if self.coop else 1

    @property
    def end_by(self) -> str | None:
        """ "covenant" or "player": who triggered the end, if anyone has."""
        trigger = self.turns.end_trigger
        if trigger is None:
            return None
        return "covenant" if trigger.kind == AI else "player"

    def controlled_by_a_covenant(self, space: str) -> bool:
        return any(space in ai.islands for ai in self.ais)

    def forget_island(self, space: str) -> None:
        """What is on that island may have changed: ask the table next time.

        An explored Ocean board never changes ("reveal that Ocean board as normal":
        open sea stays open sea, an island an island); what changes is who has which
        building there. Solo rulebook, "Player turn": "Your turns are played exactly the
        same as a normal game" — you may build a Fort or Garrison, or take an island from
        the Covenant (its buildings go); "Wayward Covenant attacking your Buildings" is a
        regular building battle."""
        self.known_islands.pop(space, None)

    # --- JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return stored_asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CovenantState:
        data = dict(data)
        data["ais"] = [
            CovenantAI(
                **{
                    **ai,
                    "upgrades": [Upgrade(**u) for u in ai.get("upgrades", [])],
                    "piles": {k: Pile.from_json(p) for k, p in ai.get("piles", {}).items()},
                }
            )
            for ai in data.get("ais", [])
        ]
        data["facts"] = TurnFacts(**data.get("facts", {}))
        # A game saved before board knowledge was kept: this turn's answers hold it.
        data.setdefault("known_islands", dict(data["facts"].islands))
        data["turns"] = TurnCycle.from_json(data["turns"])
        return cls(**data)
