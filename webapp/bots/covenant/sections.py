"""A Covenant card on the table: the section its turn plays, and the steps it makes.

Solo rulebook, "Wayward Covenant's turn": turns 1-3 use the card's first section,
4-6 the second, and so on; its left side (claim advancements, place influence, the
end space) and then its right side's effects, in printed order.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, Step
from . import kinds
from .deck import HARBOR
from .rules import section_for_turn
from .state import CovenantState
from .stepkit import new
from .steps_right import effect_steps


def known_section(
    deck: dict[str, Any], card_id: str, side: str, turn: int
) -> tuple[dict[str, Any] | None, int, bool]:
    """The section this turn uses, its index, and whether the card printed fewer."""
    card = next((c for c in deck["cards"] if c["id"] == card_id), None)
    sections = (card or {}).get("sides", {}).get(side, {}).get("sections")
    wanted = section_for_turn(turn)
    if not sections:
        return None, wanted, False
    index = min(wanted, len(sections) - 1)
    return sections[index], index, wanted != index


def start_card(
    state: CovenantState,
    deck: dict[str, Any],
    header: dict[str, Any],
    card_id: str,
    side: str,
    *,
    bonus: bool,
    said: Msg | None = None,
) -> list[Step]:
    """`said`: what drawing the card did besides (its deck reshuffled), to show."""
    """The turn's steps once its card is on the table (and its section known)."""
    section, index, capped = known_section(deck, card_id, side, state.ai.turn)
    assert section is not None
    state.ai.current = {"card": card_id, "side": side, "section": index, "bonus": bonus}
    header.update(card=card_id, section=index + 1)
    players = state.player_count
    steps = [
        new(
            kinds.REVEAL,
            card=card_id,
            side=side,
            section=index,
            bonus=bonus,
            turn=state.ai.turn,
            said=None if said is None else said.to_json(),
            capped=capped,
        ),
        *[new(kinds.PLAYER_SHIP, player=player) for player in range(players)],
    ]
    explored = set(state.explored)
    # its own islands and its ally's hold none of your buildings
    surveyed = {s for ai in state.ais for s in ai.islands} | set(state.open_sea) | {HARBOR}

    def explore(space: str) -> None:
        if space != HARBOR and space not in explored:
            explored.add(space)
            steps.append(new(kinds.EXPLORE, space=space))

    # 1. Claim advancements
    for space in section["advancements"]:
        explore(space)
        steps.append(new(kinds.CLAIM, space=space))
    # 2-3. What the table holds where it places cubes and where it ends: asked once,
    # then known from turn to turn (CovenantState.forget_island says until when)
    for space in [e["space"] for e in section["influence"]] + [section["end"]]:
        explore(space)
        if space not in surveyed:
            surveyed.add(space)
            known = state.known_islands.get(space)
            if known is None:
                steps.append(new(kinds.ISLAND_CHECK, space=space))
            else:
                steps.append(new(kinds.ISLAND_KNOWN, space=space, what=known))
    # 4. Conditional effects: the facts they need
    if section.get("top"):
        steps += [new(kinds.TOP_CHECK, player=player) for player in range(players)]
    if section.get("bottom"):
        steps.append(new(kinds.BOTTOM_CHECK))
    steps.append(new(kinds.PLAN, section=section))
    steps += effect_steps(section["effects"])
    steps.append(new(kinds.END_OF_TURN))
    return steps
