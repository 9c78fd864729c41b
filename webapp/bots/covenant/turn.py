"""The checklists of a game against the Covenant, in the order they come.

Solo rulebook, "Game play": the Covenant always takes the first turn; then you
and it alternate. "Difficulty scaling — Extreme": after each third card drawn
and completed, a bonus card with the same section. "Achievements": the end.
"""

from __future__ import annotations

from typing import Any

from ...engine import (
    SCORE_SHEET,
    Checklist,
    Context,
    EndRule,
    Msg,
    Seat,
    Step,
    TurnCycle,
    msg,
)
from .deck import HARBOR, card_ids
from .rules import (
    covenant_name,
    discard_current,
    draw_card,
    pile_for,
    section_for_turn,
    side_for_turn,
)
from .state import AI, PLAYER, CovenantState, TurnFacts
from .stepkit import new
from .steps_right import effect_steps


def turn_cycle(players: int, start: int) -> TurnCycle:
    """Solo: the Covenant, then you. 2 vs 2: "You will complete the turn for the
    Covenant you were assigned, then you will complete your own turn. Then your
    partner does the same" — from a random start player.

    Solo: "If the Covenant claims a fourth Achievement first ... You get one more
    turn"; "If you claim a fourth Achievement first, the Covenant takes one
    additional turn": everyone other than whoever triggered the end plays once more.
    """
    order: list[Seat] = []
    for offset in range(players):
        player = (start + offset) % players
        order += [Seat(AI, player), Seat(PLAYER, player)]
    return TurnCycle(order, EndRule.EVERYONE_ELSE_ONCE_MORE)


def next_checklist(state: CovenantState, ctx: Context, deck: dict[str, Any]) -> Checklist | None:
    if state.turns.over:
        return None
    # Extreme: "after each third Covenant card is drawn and completed, draw and
    # complete another Covenant card" — before anyone else plays.
    if (
        state.last == "covenant"
        and state.difficulty == "extreme"
        and state.ai.turn % 3 == 0
        and not state.turns.ending
    ):
        return covenant_turn(state, ctx, deck, bonus=True)
    seat = state.turns.advance()
    if seat is None:
        return scoring(state)
    if seat.kind == AI:
        state.active = seat.index
        return covenant_turn(state, ctx, deck, bonus=False)
    return player_turn(state, seat.index)


def covenant_turn(
    state: CovenantState, ctx: Context, deck: dict[str, Any], *, bonus: bool
) -> Checklist:
    discard_current(state)
    if not bonus:
        state.ai.turn += 1
    side = side_for_turn(state, state.ai.turn, bonus=bonus)
    players = state.player_count
    state.facts = TurnFacts(
        ships=[None] * players,
        pirate=[False] * players,
        rich=[False] * players,
        start_space=state.ai.ship,
    )
    state.last = "bonus" if bonus else "covenant"
    header = {
        "kind": "covenant",
        "ai": state.active,
        "turn": state.ai.turn,
        "card": None,
        "side": side,
        "section": None,
        "bonus": bonus,
    }
    title = turn_title(state, bonus=bonus)
    if state.physical:
        # Physical deck: the table turns the card over and tells the app which.
        key = pile_for(state, side)
        steps = []
        if state.ai.remaining.get(key, 0) == 0:
            steps.append(new("physical_shuffle", key=key))
        steps.append(new("identify_card", side=side, key=key, bonus=bonus, cards=card_ids(deck)))
        return Checklist(title, header, steps)
    card_id, reshuffled = draw_card(state, side, ctx.rng("draw"))
    steps = start_card(state, deck, header, card_id, side, bonus=bonus, reshuffled=reshuffled)
    return Checklist(title, header, steps)


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
    reshuffled: bool = False,
) -> list[Step]:
    """The turn's steps once its card is on the table (and its section known)."""
    section, index, capped = known_section(deck, card_id, side, state.ai.turn)
    assert section is not None
    state.ai.current = {"card": card_id, "side": side, "section": index, "bonus": bonus}
    header.update(card=card_id, section=index + 1)
    players = state.player_count
    steps = [
        new(
            "reveal",
            card=card_id,
            side=side,
            section=index,
            bonus=bonus,
            turn=state.ai.turn,
            reshuffled=reshuffled,
            capped=capped,
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
    return steps


def turn_title(state: CovenantState, *, bonus: bool) -> Msg:
    final = state.turns.ending
    covenant = covenant_name(state, state.active)
    if not state.coop:
        if bonus:
            return msg("The Covenant's bonus card")
        if final:
            return msg("The Covenant's additional last turn")
        return msg("The Covenant's turn {turn}", turn=state.ai.turn)
    if bonus:
        return msg("{covenant}: bonus card", covenant=covenant)
    if final:
        return msg("{covenant}: last turn", covenant=covenant)
    return msg("{covenant}: turn {turn}", covenant=covenant, turn=state.ai.turn)


def player_turn(state: CovenantState, player: int) -> Checklist:
    state.last = "player"
    last = state.turns.ending
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
    steps.append(new(SCORE_SHEET))
    return Checklist(msg("Final scoring"), {"kind": "scoring"}, steps)
