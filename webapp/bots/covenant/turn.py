"""The checklists of a game against the Covenant, in the order they come.

Solo rulebook, "Game play": the Covenant always takes the first turn; then you
and it alternate. "Difficulty scaling — Extreme": after each third card drawn
and completed, a bonus card with the same section. "Achievements": the end.
"""

from __future__ import annotations

from typing import Any

from ...engine import Checklist, Context, msg
from .deck import HARBOR
from .rules import covenant_name, discard_current, draw_card, section_for_turn, side_for_turn
from .state import CovenantState, TurnFacts
from .stepkit import new
from .steps_right import effect_steps


def next_checklist(state: CovenantState, ctx: Context, deck: dict[str, Any]) -> Checklist | None:
    if state.last == "scoring":
        return None
    # Extreme: "after each third Covenant card is drawn and completed, draw and
    # complete another Covenant card" — before anyone else plays.
    if (
        state.last == "covenant"
        and state.difficulty == "extreme"
        and state.ai.turn % 3 == 0
        and state.end_trigger is None
    ):
        return covenant_turn(state, ctx, deck, bonus=True)
    state.position = (state.position + 1) % len(state.order)
    kind, index = state.order[state.position]
    # Solo: "If the Covenant claims a fourth Achievement first ... You get one more
    # turn"; "If you claim a fourth Achievement first, the Covenant takes one
    # additional turn". Everyone other than whoever triggered the end plays once
    # more; when the turn comes back to them, the game is scored.
    if state.end_trigger is not None and [kind, index] == list(state.end_trigger):
        return scoring(state)
    if kind == "ai":
        state.active = index
        return covenant_turn(state, ctx, deck, bonus=False)
    return player_turn(state, index)


def turn_order(players: int, start: int) -> list[list[Any]]:
    """Solo: the Covenant, then you. 2 vs 2: "You will complete the turn for the
    Covenant you were assigned, then you will complete your own turn. Then your
    partner does the same" — from a random start player."""
    order: list[list[Any]] = []
    for offset in range(players):
        player = (start + offset) % players
        order += [["ai", player], ["player", player]]
    return order


def covenant_turn(
    state: CovenantState, ctx: Context, deck: dict[str, Any], *, bonus: bool
) -> Checklist:
    discard_current(state)
    if not bonus:
        state.ai.turn += 1
    side = side_for_turn(state, state.ai.turn, bonus=bonus)
    card_id, reshuffled = draw_card(state, side, ctx.rng("draw"))
    card = next(c for c in deck["cards"] if c["id"] == card_id)
    sections = card["sides"][side]["sections"]
    wanted = section_for_turn(state.ai.turn)
    index = min(wanted, len(sections) - 1)
    section = sections[index]
    state.ai.current = {"card": card_id, "side": side, "section": index, "bonus": bonus}
    players = state.player_count
    state.facts = TurnFacts(
        ships=[None] * players,
        pirate=[False] * players,
        rich=[False] * players,
        start_space=state.ai.ship,
    )
    final = state.end_trigger is not None
    state.last = "bonus" if bonus else "covenant"

    steps = [
        new(
            "reveal",
            card=card_id,
            side=side,
            section=index,
            bonus=bonus,
            turn=state.ai.turn,
            reshuffled=reshuffled,
            capped=wanted != index,
        ),
        *[new("player_ship", player=player) for player in range(players)],
    ]
    explored = set(state.explored)
    # its own islands and its ally's hold none of your buildings
    surveyed = {s for ai in state.ais for s in ai.islands} | set(state.open_sea) | {HARBOR}

    def explore(space: str) -> None:
        if space != HARBOR and space not in explored:
            explored.add(space)
            steps.append(new("explore", space=space))

    # 1. Claim advancements
    for space in section["advancements"]:
        explore(space)
        steps.append(new("claim", space=space))
    # 2-3. What the table holds where it places cubes and where it ends
    for space in [e["space"] for e in section["influence"]] + [section["end"]]:
        explore(space)
        if space not in surveyed:
            surveyed.add(space)
            steps.append(new("island_check", space=space))
    # 4. Conditional effects: the facts they need
    if section.get("top"):
        steps += [new("top_check", player=player) for player in range(players)]
    if section.get("bottom"):
        steps.append(new("bottom_check"))
    steps.append(new("plan", section=section))
    steps += effect_steps(section["effects"])
    steps.append(new("end_of_turn"))

    covenant = covenant_name(state, state.active)
    if not state.coop:
        if bonus:
            title = msg("The Covenant's bonus card")
        elif final:
            title = msg("The Covenant's additional last turn")
        else:
            title = msg("The Covenant's turn {turn}", turn=state.ai.turn)
    elif bonus:
        title = msg("{covenant}: bonus card", covenant=covenant)
    elif final:
        title = msg("{covenant}: last turn", covenant=covenant)
    else:
        title = msg("{covenant}: turn {turn}", covenant=covenant, turn=state.ai.turn)
    header = {
        "kind": "covenant",
        "ai": state.active,
        "turn": state.ai.turn,
        "card": card_id,
        "side": side,
        "section": index + 1,
        "bonus": bonus,
    }
    return Checklist(title, header, steps)


def player_turn(state: CovenantState, player: int) -> Checklist:
    state.last = "player"
    last = state.end_trigger is not None
    if not state.coop:
        title = msg("Your last turn") if last else msg("Your turn")
    elif last:
        title = msg("{player}'s last turn", player=state.players[player])
    else:
        title = msg("{player}'s turn", player=state.players[player])
    return Checklist(title, {"kind": "player", "player": player}, [new("your_turn", player=player)])


def scoring(state: CovenantState) -> Checklist:
    for ai in state.ais:
        discard_current(state, ai)
    state.last = "scoring"
    steps = [new("score_other", ai=index) for index in range(len(state.ais))]
    steps += [new("score_player", player=player) for player in range(state.player_count)]
    steps.append(new("score_sheet"))
    return Checklist(msg("Final scoring"), {"kind": "scoring"}, steps)
