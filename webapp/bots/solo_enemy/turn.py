"""The checklists of a game against the Solo Enemy, in the order they come.

Solo rulebook, "Gameplay Overview": each round, Enemy Hero 1, your action 1,
Enemy Hero 2, your action 2, Enemy Hero 3, then the Collection Phase. "End of the
Game": once triggered, the round is completed and one more is played; a
destroyed Capital City ends the game at once.
"""

from __future__ import annotations

from ...engine import SCORE_SHEET, Checklist, Context, EndRule, Seat, Step, TurnCycle, msg, together
from ...engine.turns import round_title
from . import kinds
from .faction import faction_name
from .rules import needs_reshuffle
from .state import EnemyState
from .stepkit import hero_name, new

SETUP_ITEMS = ("components", "heroes", "resources", "track", "cards", "spells", "capital")
ENEMY, PLAYER, COLLECTION = "enemy", "player", "collection"
# Solo rulebook, "Gameplay Overview": Enemy Hero 1, your action 1, Enemy Hero 2,
# your action 2, Enemy Hero 3; then the Collection Phase.
ROUND = (
    Seat(ENEMY, 0),
    Seat(PLAYER, 1),
    Seat(ENEMY, 1),
    Seat(PLAYER, 2),
    Seat(ENEMY, 2),
    Seat(COLLECTION),
)


def turn_cycle() -> TurnCycle:
    """The round, over and over; "End of the Game": once triggered, the round is
    completed and one more round is played."""
    return TurnCycle(list(ROUND), EndRule.FINISH_THE_ROUND_AND_ONE_MORE)


def next_checklist(state: EnemyState, ctx: Context) -> Checklist | None:
    state.decision = None  # a decision can be overturned only in its Hero's turn
    if state.turns.over:
        return None
    if state.last is None:
        return setup(state)
    seat = state.turns.advance()
    if seat is None:
        return scoring(state)
    if seat.kind == ENEMY:
        return hero_turn(state, seat.index)
    if seat.kind == PLAYER:
        return player_action(state, seat.index)
    return collection(state)


def setup(state: EnemyState) -> Checklist:
    """Solo rulebook, "Components and Setup Changes", in its order."""
    state.last = "setup"
    steps = [new(kinds.FACTION_DRAWN), new(kinds.FACTION_COSTS)]
    table = [new(kinds.SETUP_TABLE, item=item) for item in SETUP_ITEMS]
    steps += together(*table) if state.setup_together else table
    steps += [new(kinds.TAX_SLOT, slot=4), new(kinds.TAX_SLOT, slot=3)]
    title = msg("Setting up the {faction} as the Solo Enemy", faction=faction_name(state.faction))
    return Checklist(title, {"kind": "setup"}, steps)


def draw_steps(state: EnemyState, purpose: str, hero: int | None) -> list[Step]:
    """Turn over the top card: the app draws it, or the table names the printed one.

    Solo rulebook, "Action Selection Phase": a single card left in the deck is
    shuffled with the discard pile first, shown as its own step.
    """
    steps = []
    if needs_reshuffle(state):
        steps.append(new(kinds.PHYSICAL_RESHUFFLE if state.physical else kinds.RESHUFFLE))
    kind = kinds.IDENTIFY_CARD if state.physical else kinds.DRAW
    steps.append(new(kind, purpose=purpose, hero=hero))
    return steps


def hero_turn(state: EnemyState, hero: int) -> Checklist:
    state.last = "enemy"
    state.acting = hero
    header = {"kind": "enemy", "round": state.turns.round, "hero": hero + 1, "card": None}
    title = round_title(state.turns, msg("Enemy {hero}", hero=hero_name(hero)))
    return Checklist(title, header, draw_steps(state, "hero", hero))


def player_action(state: EnemyState, action: int) -> Checklist:
    state.last = "player"
    title = round_title(state.turns, msg("Your action {n}", n=action))
    header = {"kind": "player", "round": state.turns.round, "action": action}
    return Checklist(title, header, [new(kinds.YOUR_ACTION, action=action)])


def collection(state: EnemyState) -> Checklist:
    """Solo rulebook, "Collection Phase — Discard Cards": it collects as a normal
    player, then its 3 cards go to the discard pile."""
    state.last = "collection"
    state.acting = None
    steps = [new(kinds.COLLECT, resource=r) for r in ("ore", "mana", "food")]
    steps.append(new(kinds.PHYSICAL_DISCARD if state.physical else kinds.DISCARD_SLOTS))
    if not state.turns.ending:
        steps.append(new(kinds.X_OBJECTIVE))
    title = round_title(state.turns, msg("Collection"))
    return Checklist(title, {"kind": "collection", "round": state.turns.round}, steps)


def scoring(state: EnemyState) -> Checklist:
    """Solo rulebook, "End of the Game": Victory Points totalled as normal; the
    Enemy's Heroes give none. A player whose Capital City is destroyed scores 0."""
    state.last = "scoring"
    state.acting = None
    steps = []
    if state.destroyed != "enemy":
        steps.append(new(kinds.SCORE_ENEMY))
    if state.destroyed != "you":
        steps.append(new(kinds.SCORE_PLAYER))
    steps.append(new(SCORE_SHEET))
    return Checklist(msg("Final scoring"), {"kind": "scoring"}, steps)
