"""The checklists of a game against the Covenant, in the order they come.

Solo rulebook, "Game play": the Covenant always takes the first turn; then you
and it alternate. "Difficulty scaling — Extreme": after each third card drawn
and completed, a bonus card with the same section. "Achievements": the end.
"""

from __future__ import annotations

from typing import Any

from ...engine import SCORE_SHEET, Checklist, Context, EndRule, Msg, Seat, TurnCycle, msg
from ...engine.cards import draw_from
from . import kinds
from .deck import card_ids
from .rules import covenant_name, discard_current, pile_for, side_for_turn
from .sections import start_card
from .state import AI, PLAYER, CovenantState, TurnFacts
from .stepkit import new
from .steps_cards import CARDS


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
    for space in state.facts.battled_islands:
        state.forget_island(space)
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
    key = pile_for(state, side)
    params = {"side": side, "key": key, "bonus": bonus}
    if not state.physical:
        card, said = draw_from(CARDS, state, new("draw", **params), ctx)
        return Checklist(
            title, header, start_card(state, deck, header, card, side, bonus=bonus, said=said)
        )
    # Physical deck: the table turns the card over and tells the app which.
    steps = []
    if not state.ai.piles.get(key):
        steps.append(new(kinds.PHYSICAL_SHUFFLE, key=key))
    steps.append(new(kinds.IDENTIFY_CARD, **params, cards=card_ids(deck)))
    return Checklist(title, header, steps)


def turn_title(state: CovenantState, *, bonus: bool) -> Msg:
    final = state.turns.last_turn
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
    last = state.turns.last_turn
    if not state.coop:
        title = msg("Your last turn") if last else msg("Your turn")
    elif last:
        title = msg("{player}'s last turn", player=state.players[player])
    else:
        title = msg("{player}'s turn", player=state.players[player])
    return Checklist(
        title, {"kind": "player", "player": player}, [new(kinds.YOUR_TURN, player=player)]
    )


def scoring(state: CovenantState) -> Checklist:
    for ai in state.ais:
        discard_current(state, ai)
    state.last = "scoring"
    steps = [new(kinds.SCORE_OTHER, ai=index) for index in range(len(state.ais))]
    steps += [new(kinds.SCORE_PLAYER, player=player) for player in range(state.player_count)]
    steps.append(new(SCORE_SHEET))
    return Checklist(msg("Final scoring"), {"kind": "scoring"}, steps)
