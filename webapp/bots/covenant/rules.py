"""The Covenant's rules that are plain arithmetic on its state.

Each function cites the clause of the solo rulebook it implements.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ...engine import Msg, Seat, msg, nmsg
from ...engine.cards import Pile
from .deck import HARBOR
from .state import ACHIEVEMENTS, AI, PLAYER, CovenantAI, CovenantState


@dataclass(frozen=True)
class Cannons:
    """The Covenant's cannon count for one battle, line by line."""

    lines: tuple[tuple[Msg, int], ...]
    halved: bool = False

    @property
    def full(self) -> int:
        return sum(value for _, value in self.lines)

    @property
    def total(self) -> int:
        # Solo rulebook, "Multiple battles": against your Ship and then your
        # Fort/Garrison it uses half its cannons in each, rounded up.
        return math.ceil(self.full / 2) if self.halved else self.full


def covenant_cannons(
    state: CovenantState,
    *,
    space: str,
    defending: bool,
    bonus: int = 0,
    halved: bool = False,
    ai: CovenantAI | None = None,
) -> Cannons:
    """Solo rulebook, "Battling the Wayward Covenant's Ship": its cannons."""
    ai = ai or state.ai
    lines: list[tuple[Msg, int]] = [(msg("Base cannon"), 1)]
    if ai.upgrade_cannons:
        lines.append((msg("Cannons on its Ship Upgrades"), ai.upgrade_cannons))
    if defending and space == HARBOR:
        lines.append((msg("Defending in the Harbor"), 4))
    buildings = len(ai.islands.get(space, []))
    if buildings:
        lines.append((msg("Its buildings on this space"), buildings))
    if ai.pirate_strength // 2:
        lines.append(
            (
                msg("1 per 2 cannons or battle abilities in its Pirate pile"),
                ai.pirate_strength // 2,
            )
        )
    if bonus:
        lines.append((msg("Attack Flag bonus this battle"), bonus))
    return Cannons(tuple(lines), halved)


def garrison_damage(state: CovenantState) -> Msg:
    """Solo rulebook, "Garrison damage": 1 damage, but never the 5th this way."""
    if state.ai.damage >= 4:
        return msg("A Garrison would deal its 5th damage: ignored, as the rulebook says.")
    state.ai.damage += 1
    return msg("Your Garrison deals the Covenant's ship 1 damage.")


def sink_covenant(state: CovenantState, *, on_its_turn: bool) -> Msg:
    """Solo rulebook, "Sinking the Wayward Covenant's Ship"."""
    taken = min(5, state.ai.coins)
    state.ai.coins -= taken
    state.ai.ship = HARBOR
    state.ai.damage = 0
    if on_its_turn:
        state.facts.sunk = True
    return nmsg(
        "Take {n} coin from its Dock for your Treasure chest; its ship goes to the Harbor.",
        "Take {n} coins from its Dock for your Treasure chest; its ship goes to the Harbor.",
        taken,
    )


def add_legendary_cube(state: CovenantState) -> Msg | None:
    if "legendary" in state.ai.claimed:
        return None
    state.ai.cubes["legendary"] += 1
    return msg("The Covenant places a cube on the Legendary achievement.")


ACHIEVEMENT_NAMES = {
    "legendary": msg("Legendary"),
    "terror_of_the_sea": msg("Terror of the Sea"),
    "expert_sailors": msg("Expert Sailors"),
    "elite_vessel": msg("Elite Vessel"),
    "explorer": msg("Explorer"),
    "builder": msg("Builder"),
    "settler": msg("Settler"),
    "capitalist": msg("Capitalist"),
}


def explorer_target(state: CovenantState) -> int:
    """Solo rulebook, "Explorer": 5 cubes in a solo game and 3 in 2 vs 2 mode."""
    return 3 if state.coop else 5


def achievements_met(ai: CovenantAI, *, explorer: int = 5) -> list[str]:
    """Solo rulebook, "Achievements & end game scoring": every threshold it meets."""
    met = {
        "legendary": ai.cubes["legendary"] >= 4,
        "terror_of_the_sea": ai.sank_you,
        "expert_sailors": ai.cubes["expert_sailors"] >= 3,
        "elite_vessel": len(ai.upgrades) >= 4,
        "explorer": ai.cubes["explorer"] >= explorer,
        "builder": ai.buildings >= 5,
        "settler": ai.permanent_cubes >= 6,
        "capitalist": ai.coins >= 30,
    }
    return [name for name in ACHIEVEMENTS if met[name]]


def claim_achievements(state: CovenantState) -> list[Msg]:
    """Each Covenant claims what it has newly met; a 4th achievement triggers the end."""
    notes = []
    for index, ai in enumerate(state.ais):
        for name in achievements_met(ai, explorer=explorer_target(state)):
            if name not in ai.claimed:
                ai.claimed.append(name)
                notes.append(
                    msg(
                        "{covenant} claims the {name} achievement.",
                        covenant=covenant_name(state, index),
                        name=ACHIEVEMENT_NAMES[name],
                    )
                )
        # Solo rulebook, "Achievements": a Covenant that claims a fourth
        # achievement first triggers the end of the game; 2-player co-op: "the
        # game still ends when any ONE player or Covenant reaches 4".
        if len(ai.claimed) >= 4 and state.turns.trigger_end(Seat(AI, index)):
            notes.append(
                msg(
                    "Fourth achievement: {covenant} triggers the end of the game.",
                    covenant=covenant_name(state, index),
                )
            )
    return notes


def player_triggers_end(state: CovenantState) -> Msg | None:
    for player, count in enumerate(state.player_achievements):
        if count >= 4 and state.turns.trigger_end(Seat(PLAYER, player)):
            if not state.coop:
                return msg(
                    "You claimed a fourth achievement first: the Covenant takes one "
                    "additional turn."
                )
            return msg(
                "{player} claimed a fourth achievement first: everyone else takes one more turn.",
                player=state.players[player],
            )
    return None


def covenant_name(state: CovenantState, index: int) -> Msg:
    """'The Covenant' in solo; 'Anna's Covenant' in 2 vs 2."""
    if not state.coop:
        return msg("The Covenant")
    return msg("{player}'s Covenant", player=state.players[state.ais[index].player])


# --- the deck ----------------------------------------------------------------


def deal_piles(card_ids: list[str], difficulty: str, rng: random.Random) -> dict[str, list[str]]:
    """Solo rulebook, "Difficulty scaling": which cards lie on which side."""
    ids = list(card_ids)
    if difficulty == "hard":
        # Hard: 9 random cards on the hard side, the other 9 normal, the two
        # piles shuffled apart (odd turns draw normal, even turns hard).
        rng.shuffle(ids)
        half = len(ids) // 2
        hard, normal = ids[:half], ids[half:]
        rng.shuffle(hard)
        rng.shuffle(normal)
        return {"normal": normal, "hard": hard}
    rng.shuffle(ids)
    # Normal: all on the blue side; Expert and Extreme: all on the red side.
    return {"normal" if difficulty == "normal" else "hard": ids}


def deal_coop_decks(card_ids: list[str], rng: random.Random) -> list[list[str]]:
    """2-player co-op, "Setup adjustments": 2 separate 9-card decks, one per Covenant."""
    ids = list(card_ids)
    rng.shuffle(ids)
    half = len(ids) // 2
    return [ids[:half], ids[half:]]


def side_for_turn(state: CovenantState, turn: int, *, bonus: bool) -> str:
    if state.difficulty == "hard":
        # Hard: each odd numbered turn a normal card, each even one a hard card
        # (2 vs 2: "the tenth turn should be a card on the hard side").
        return "normal" if turn % 2 == 1 else "hard"
    return "normal" if state.difficulty == "normal" else "hard"


def pile_for(state: CovenantState, side: str) -> str:
    """Solo Hard keeps its normal and hard piles apart; every other deck is one pile."""
    return side if not state.coop else "deck"


def section_for_turn(turn: int) -> int:
    """Solo rulebook, "Wayward Covenant's turn": turns 1-3 the first section,
    4-6 the second, and so on (0-based here)."""
    return (turn - 1) // 3


def discard_current(state: CovenantState, ai: CovenantAI | None = None) -> None:
    ai = ai or state.ai
    if ai.current is not None:
        ai.piles.setdefault(pile_for(state, ai.current["side"]), Pile()).put(ai.current["card"])
        ai.current = None
