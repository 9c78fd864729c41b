"""Which player's Ship the Covenant battles.

Solo there is one Ship: yours. 2-player co-op, "Wayward Covenant rules
adjustments": it attacks the player who is (A) not in Harbor and (B) closest to
where it started the turn; if tied, the one with the most damage on their Ship;
if still tied, flip a coin. It fights one player Ship at most on its turn.
"""

from __future__ import annotations

from .deck import HARBOR, Layout
from .state import CovenantState


def outside_harbor(state: CovenantState) -> list[int]:
    """(A) the players not in Harbor."""
    return [p for p, space in enumerate(state.facts.ships) if space not in (None, HARBOR)]


def closest(state: CovenantState, players: list[int]) -> list[int]:
    """(B) those closest to where the Covenant started this turn."""
    if not players:
        return []
    layout = Layout(tuple(state.rows))
    start = state.facts.start_space
    distance = {p: layout.distance(start, state.facts.ships[p] or HARBOR) for p in players}
    nearest = min(distance.values())
    return [p for p in players if distance[p] == nearest]


def probable_target(state: CovenantState) -> int | None:
    """The player an attack would most likely meet (for "if it would drop N cubes")."""
    if not state.coop:
        return 0
    if state.facts.target is not None:
        return state.facts.target
    near = closest(state, outside_harbor(state))
    return near[0] if near else None


def target_space(state: CovenantState, player: int | None = None) -> str:
    """Where the battle happens: the target player's Ship."""
    player = state.facts.target if player is None else player
    if player is None:
        player = probable_target(state)
    if player is None or player >= len(state.facts.ships):
        return HARBOR
    return state.facts.ships[player] or HARBOR
