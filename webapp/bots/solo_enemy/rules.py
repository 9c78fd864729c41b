"""The Solo Enemy's rules that are plain arithmetic on its state.

Each function cites the clause of the solo rulebook it implements ("Solo
rulebook") or, where the solo rules say "as normal", the base game's rule.
"""

from __future__ import annotations

from ...engine import Msg, msg, nmsg
from .faction import RESOURCE_NAMES, RESOURCES, TRACK_SPACES, UNIT_NAMES, UNITS
from .state import EnemyState

MAX_RESOURCE = 10  # base rules, "Resource Track": no Resource ever exceeds 10
MAX_TOWERS = 3  # a faction has 3 Towers
# Solo rulebook, "Moving a Hero if an Action Fails": its army moves 1 Region; a
# Vessel's rules speak of its "second movement".
LAND_MOVES = 1
VESSEL_MOVES = 2
BATTLE_VP = 1  # Solo rulebook, "Attack": "The Enemy also gains 1 VP for starting a Battle"
TOKEN_VP = 1  # Solo rulebook, "Collecting Exploration Tokens": VP for each Token
CAPITAL_VP = 5  # base rules, "Destroying a Capital City": 5 VP to whoever destroys it


# --- resources ---------------------------------------------------------------------


def cost_text(cost: dict[str, int]) -> Msg:
    """ "2 Ore, 1 Food"; "nothing" for a free cost."""
    parts = [
        msg("{n} {resource}", n=cost[r], resource=RESOURCE_NAMES[r]) for r in RESOURCES if cost[r]
    ]
    if not parts:
        return msg("nothing")
    text = parts[0]
    for part in parts[1:]:
        text = msg("{first}, {second}", first=text, second=part)
    return text


def can_pay(state: EnemyState, cost: dict[str, int]) -> bool:
    return all(state.resources[r] >= cost[r] for r in RESOURCES)


def pay(state: EnemyState, cost: dict[str, int]) -> Msg:
    if not can_pay(state, cost):
        # internal: callers check can_pay first
        raise ValueError("the Enemy cannot pay that")
    for r in RESOURCES:
        state.resources[r] -= cost[r]
    return msg("It pays {cost}.", cost=cost_text(cost))


def pay_up_to(state: EnemyState, cost: dict[str, int]) -> Msg:
    """What an action the table made succeed pays (see overturn.py): the printed price,
    as far as its Resources go; the table corrects them if an ability sets another."""
    if can_pay(state, cost):
        return pay(state, cost)
    paid = {r: min(cost[r], state.resources[r]) for r in RESOURCES}
    for r in RESOURCES:
        state.resources[r] -= paid[r]
    return msg(
        "It pays {paid} of the printed {cost}: correct its Resources if an ability sets "
        "another price.",
        paid=cost_text(paid),
        cost=cost_text(cost),
    )


def gain(state: EnemyState, resource: str, amount: int) -> Msg:
    """Add Resources, never past 10 on its Resource Track."""
    before = state.resources[resource]
    state.resources[resource] = min(MAX_RESOURCE, before + amount)
    gained = state.resources[resource] - before
    if gained < amount:
        return msg(
            "It gains {n} {resource} ({lost} lost: a Resource never exceeds 10).",
            n=gained,
            resource=RESOURCE_NAMES[resource],
            lost=amount - gained,
        )
    return msg("It gains {n} {resource}.", n=gained, resource=RESOURCE_NAMES[resource])


def unit_cost(state: EnemyState, unit: str) -> dict[str, int]:
    assert state.profile is not None
    return state.profile["units"][unit]  # type: ignore[no-any-return]


def short_of(state: EnemyState, what: Msg, cost: dict[str, int]) -> Msg:
    return msg(
        "{what} costs {cost}; it has {has}.",
        what=what,
        cost=cost_text(cost),
        has=cost_text(state.resources),
    )


def affordable_units(
    state: EnemyState, units: tuple[str, ...] = UNITS
) -> tuple[list[str], list[Msg]]:
    """The units it can pay for, in priority order, and why the others cannot be."""
    can, cannot = [], []
    for unit in units:
        cost = unit_cost(state, unit)
        if can_pay(state, cost):
            can.append(unit)
        else:
            cannot.append(short_of(state, UNIT_NAMES[unit], cost))
    return can, cannot


# --- its Capital City ---------------------------------------------------------------


def capital_level(state: EnemyState) -> int:
    """The level its Capital City Track marks: 1 on Start, then as the space prints."""
    if state.track == 0 or state.profile is None:
        return 1
    return int(state.profile["track"][state.track - 1]["level"])


def next_track_cost(state: EnemyState) -> int | None:
    """Solo rulebook, "Build — Capital City Track": the Ore of the next open space."""
    if state.profile is None or state.track >= TRACK_SPACES:
        return None
    return int(state.profile["track"][state.track]["ore"])


def towers_allowed(state: EnemyState) -> int:
    # Solo rulebook, "Build — Towers and Vessels": "the Enemy may not build more
    # Towers than its Capital City Level allows" — one per level, of its 3.
    return min(capital_level(state), MAX_TOWERS)


def tower_cost(regions: int) -> dict[str, int]:
    # Base rules, "Build a Tower": 1 Ore for each Land Region between the Tower's
    # Region and its Capital City.
    return {"ore": regions, "mana": 0, "food": 0}


def trigger_end(state: EnemyState, reason: str) -> bool:
    """Solo rulebook, "End of the Game": the current round is completed, then one more
    round is played (the turn cycle's end rule). Once triggered, the end cannot be
    undone; True if this triggered it."""
    if not state.turns.trigger_end():
        return False
    state.end_reason = reason
    return True


def destroy_capital(state: EnemyState, whose: str) -> None:
    """Base rules, "Destroying a Capital City": its owner ("you" or "enemy") is out and
    scores 0; the destroyer gains 5 VP. Solo rulebook, "End of the Game": "if a Capital
    City is destroyed then the game is automatically over"."""
    state.destroyed = whose
    state.turns.end_now()
    if whose == "you":
        state.add_vp("capital", CAPITAL_VP)


# --- the Tax Track ------------------------------------------------------------------


def tax_income(state: EnemyState) -> dict[str, int]:
    """Solo rulebook, "Tax": it collects the amount of every slot of the Tax Track."""
    return {r: state.tax[r] for r in RESOURCES}


def cycle_tax(state: EnemyState) -> None:
    """Base rules, "Tax": the token in slot "2" moves to "3", "3" to "4", "4" back to "2"."""
    following = {2: 3, 3: 4, 4: 2}
    state.tax = {r: following[slot] for r, slot in state.tax.items()}


def set_tax_slot(state: EnemyState, resource: str, slot: int) -> None:
    """Put a Resource Token on a slot; the token that was there takes its old slot."""
    other = next((r for r, s in state.tax.items() if s == slot and r != resource), None)
    if other is not None:
        state.tax[other] = state.tax[resource]
    state.tax[resource] = slot


# --- the deck -----------------------------------------------------------------------


def needs_reshuffle(state: EnemyState) -> bool:
    # Solo rulebook, "Action Selection Phase": "If ever there is a single Solo Enemy
    # Card in the deck, instead of drawing it take that card and ALL cards in the
    # discard pile (not cards in Hero Slots) and shuffle them together."
    return len(state.cards) <= 1


def where_is(state: EnemyState, card: str) -> Msg | None:
    """Why the table cannot be turning this card over now, if it cannot."""
    if card in state.cards.discard:
        return msg("in the discard pile")
    for number, hero in enumerate(state.heroes, start=1):
        if hero.card == card:
            return msg("in Hero Slot {n}", n=number)
    return None


def discard_slots(state: EnemyState) -> None:
    """Solo rulebook, "Collection Phase": all 3 cards from the Hero Slots to the discard."""
    for card in state.slots:
        state.cards.put(card)
    for hero in state.heroes:
        hero.card, hero.failed = None, False


# --- movement -----------------------------------------------------------------------


def collect_tokens(state: EnemyState, tokens: int) -> Msg | None:
    """Solo rulebook, "Collecting Exploration Tokens": taken onto its board, whatever
    they show; it gains VP for each."""
    if not tokens:
        return None
    state.tokens += tokens
    state.add_vp("tokens", tokens * TOKEN_VP)
    return nmsg(
        "It collects {n} Exploration Token: +{vp} VP.",
        "It collects {n} Exploration Tokens: +{vp} VP.",
        tokens,
        vp=tokens * TOKEN_VP,
    )


def starts_a_battle(state: EnemyState) -> Msg:
    """Solo rulebook, "Attack": "The Enemy also gains 1 VP for starting a Battle" (by its
    Attack card, or by moving into your Region)."""
    state.add_vp("battles", BATTLE_VP)
    return msg("It gains {vp} VP for starting a Battle.", vp=BATTLE_VP)
