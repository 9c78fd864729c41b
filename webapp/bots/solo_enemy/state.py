"""The Solo Enemy's state: its board, its three Heroes, its deck, the round.

Plain dataclasses that round-trip through JSON (`to_json` / `from_json`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ...engine import TurnCycle
from ...engine.cards import Pile
from ..stored import stored_asdict
from .faction import HEROES, RESOURCES

# Where a Hero is: in its Courtyard (its Capital City), with its army on the map,
# or aboard one of its Vessels (which then moves alone).
COURTYARD, LAND, AIR, SEA = "courtyard", "land", "air", "sea"
PLACES = (COURTYARD, LAND, AIR, SEA)
# Solo rulebook, "Components and Setup Changes": all 3 Resource Tokens on the "3".
START_RESOURCES = 3


#: the kind of checklist a game last opened (its phase)
Phase = Literal["setup", "enemy", "player", "collection", "scoring"]


@dataclass
class Hero:
    place: str = COURTYARD
    card: str | None = None  # the card in its Hero Slot this round
    failed: bool = False  # its action this round failed (it moved instead)


@dataclass
class Battle:
    """The battle being fought: who started it, which army, the card drawn for it."""

    why: str  # "attack" (its Attack card), "move" (it moved into your Region), "player"
    hero: int | None  # the Enemy Hero whose army fights, if one does
    target: str = "army"  # your attack: "army" or "capital"
    card: str | None = None
    strength: int = 0  # printed at the bottom of its card
    its: str | None = None  # the Tactic Card its card shows for this side of the battle
    yours: str | None = None  # your Tactic Card, when named
    cancelled: bool = False

    @property
    def enemy_attacks(self) -> bool:
        return self.why != "player"


@dataclass
class EnemyState:
    turns: TurnCycle  # the round and the end (turn.py declares them)
    you: str = ""  # your faction
    faction: str = ""  # the Enemy's faction, drawn at setup
    physical: bool = False  # the table shuffles and turns over the printed cards
    setup_together: bool = False  # the table's setup list as one step (an older game: each)
    profile: dict[str, Any] | None = None  # the costs its Solo C.C. board prints
    resources: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(RESOURCES, START_RESOURCES)
    )
    tax: dict[str, int] = field(default_factory=dict)  # resource -> its slot: 4, 3 or 2
    track: int = 0  # Capital City Track spaces it has advanced from Start
    towers: int = 0
    vp: dict[str, int] = field(default_factory=dict)  # by where they came from
    tokens: int = 0  # Exploration Tokens on its board
    heroes: list[Hero] = field(default_factory=lambda: [Hero() for _ in range(HEROES)])
    cards: Pile = field(default_factory=Pile)  # its Solo Action Cards
    acting: int | None = None  # the Hero acting now (or last)
    end_reason: str | None = None  # "objective" or "track"
    destroyed: str | None = None  # whose Capital City was destroyed: "you" or "enemy"
    battle: Battle | None = None
    shown: str | None = None  # the card on show: the acting Hero's, or a battle's
    cancels: dict[str, bool] = field(default_factory=dict)  # "yours|its" -> cancels?
    last: Phase | None = None  # kind of the checklist last opened
    # the action Botdeck decided this turn and the state just before (overturn.py)
    decision: dict[str, Any] | None = None
    score: dict[str, int] = field(default_factory=dict)

    @property
    def total_vp(self) -> int:
        return sum(self.vp.values())

    def add_vp(self, source: str, points: int) -> None:
        self.vp[source] = self.vp.get(source, 0) + points

    @property
    def deck(self) -> list[str]:
        """Its face-down cards (top first when the app shuffled them)."""
        return self.cards.cards

    @property
    def discard(self) -> list[str]:
        return self.cards.discard

    @property
    def slots(self) -> list[str]:
        """The cards in its Hero Slots, left to right."""
        return [hero.card for hero in self.heroes if hero.card is not None]

    def to_json(self) -> dict[str, Any]:
        return stored_asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EnemyState:
        data = dict(data)
        data["heroes"] = [Hero(**hero) for hero in data.get("heroes", [])]
        data["cards"] = Pile.from_json(data.get("cards", {}))
        data["turns"] = TurnCycle.from_json(data["turns"])
        if data.get("battle") is not None:
            data["battle"] = Battle(**data["battle"])
        decision = data.get("decision")
        if decision is not None and "before" in decision:
            # the state it was decided from as this release keeps it: one an earlier
            # release stored lacks what was added since (read with its defaults)
            data["decision"] = {**decision, "before": cls.from_json(decision["before"]).to_json()}
        return cls(**data)
