"""The Covenant's rules that are plain arithmetic on its state.

Each function cites the clause of the solo rulebook it implements.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ...engine import Msg, msg, nmsg
from .deck import HARBOR
from .state import ACHIEVEMENTS, CovenantState


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
    state: CovenantState, *, space: str, defending: bool, bonus: int = 0, halved: bool = False
) -> Cannons:
    """Solo rulebook, "Battling the Wayward Covenant's Ship": its cannons."""
    lines: list[tuple[Msg, int]] = [(msg("Base cannon"), 1)]
    if state.upgrade_cannons:
        lines.append((msg("Cannons on its Ship Upgrades"), state.upgrade_cannons))
    if defending and space == HARBOR:
        lines.append((msg("Defending in the Harbor"), 4))
    buildings = len(state.islands.get(space, []))
    if buildings:
        lines.append((msg("Its buildings on this space"), buildings))
    if state.pirate_strength // 2:
        lines.append(
            (
                msg("1 per 2 cannons or battle abilities in its Pirate pile"),
                state.pirate_strength // 2,
            )
        )
    if bonus:
        lines.append((msg("Attack Flag bonus this battle"), bonus))
    return Cannons(tuple(lines), halved)


def garrison_damage(state: CovenantState) -> Msg:
    """Solo rulebook, "Garrison damage": 1 damage, but never the 5th this way."""
    if state.damage >= 4:
        return msg("A Garrison would deal its 5th damage: ignored, as the rulebook says.")
    state.damage += 1
    return msg("Your Garrison deals the Covenant's ship 1 damage.")


def sink_covenant(state: CovenantState, *, on_its_turn: bool) -> Msg:
    """Solo rulebook, "Sinking the Wayward Covenant's Ship"."""
    taken = min(5, state.coins)
    state.coins -= taken
    state.ship = HARBOR
    state.damage = 0
    if on_its_turn:
        state.facts.sunk = True
    return nmsg(
        "Take {n} coin from its Dock for your Treasure chest; its ship goes to the Harbor.",
        "Take {n} coins from its Dock for your Treasure chest; its ship goes to the Harbor.",
        taken,
    )


def add_legendary_cube(state: CovenantState) -> Msg | None:
    if "legendary" in state.claimed:
        return None
    state.cubes["legendary"] += 1
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
    """Solo rulebook, "Explorer": 5 cubes in a solo game (3 in 2 vs 2 mode)."""
    return 5


def achievements_met(state: CovenantState) -> list[str]:
    """Solo rulebook, "Achievements & end game scoring": every threshold it meets."""
    met = {
        "legendary": state.cubes["legendary"] >= 4,
        "terror_of_the_sea": state.sank_you,
        "expert_sailors": state.cubes["expert_sailors"] >= 3,
        "elite_vessel": len(state.upgrades) >= 4,
        "explorer": state.cubes["explorer"] >= explorer_target(state),
        "builder": state.buildings >= 5,
        "settler": state.permanent_cubes >= 6,
        "capitalist": state.coins >= 30,
    }
    return [name for name in ACHIEVEMENTS if met[name]]


def claim_achievements(state: CovenantState) -> list[Msg]:
    """Claim what it has newly met; the 4th achievement triggers the end."""
    notes = []
    for name in achievements_met(state):
        if name not in state.claimed:
            state.claimed.append(name)
            notes.append(
                msg("The Covenant claims the {name} achievement.", name=ACHIEVEMENT_NAMES[name])
            )
    # Solo rulebook, "Achievements": if the Covenant claims a fourth achievement
    # first, it has triggered the end of the game.
    if len(state.claimed) >= 4 and state.end_by is None:
        state.end_by = "covenant"
        notes.append(msg("Fourth achievement: the Covenant triggers the end of the game."))
    return notes


def player_triggers_end(state: CovenantState) -> Msg | None:
    if state.player_achievements >= 4 and state.end_by is None:
        state.end_by = "player"
        return msg(
            "You claimed a fourth achievement first: the Covenant takes one additional turn."
        )
    return None


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


def side_for_turn(state: CovenantState, turn: int, *, bonus: bool) -> str:
    if state.difficulty == "hard":
        # Hard: each odd numbered turn a normal card, each even one a hard card.
        return "normal" if turn % 2 == 1 else "hard"
    return "normal" if state.difficulty == "normal" else "hard"


def section_for_turn(turn: int) -> int:
    """Solo rulebook, "Wayward Covenant's turn": turns 1-3 the first section,
    4-6 the second, and so on (0-based here)."""
    return (turn - 1) // 3


def draw_card(state: CovenantState, side: str, rng: random.Random) -> tuple[str, bool]:
    """Take the top card of that side's pile; reshuffle its discards if empty.

    The solo rulebook does not say what happens when the deck runs out; Botdeck
    shuffles that pile's discards into a new pile (the step says so).
    """
    pile = state.piles.setdefault(side, [])
    reshuffled = False
    if not pile:
        pile.extend(state.discard.get(side, []))
        state.discard[side] = []
        rng.shuffle(pile)
        reshuffled = True
    return pile.pop(0), reshuffled


def discard_current(state: CovenantState) -> None:
    if state.current is not None:
        state.discard.setdefault(state.current["side"], []).append(state.current["card"])
        state.current = None
