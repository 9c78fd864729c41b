"""The checklists of a game against the Covenant, in the order they come.

Solo rulebook, "Game play": the Covenant always takes the first turn; then you
and it alternate. "Difficulty scaling — Extreme": after each third card drawn
and completed, a bonus card with the same section. "Achievements": the end.
"""

from __future__ import annotations

from typing import Any

from ...engine import Checklist, Context, msg
from .deck import HARBOR
from .rules import discard_current, draw_card, section_for_turn, side_for_turn
from .state import CovenantState, TurnFacts
from .stepkit import new
from .steps_right import effect_steps


def next_checklist(state: CovenantState, ctx: Context, deck: dict[str, Any]) -> Checklist | None:
    last, end_by = state.last, state.end_by
    if last == "scoring":
        return None
    if last is None:
        return covenant_turn(state, ctx, deck, bonus=False)
    if last in ("covenant", "bonus"):
        if end_by == "player":  # that was its additional turn
            return scoring(state)
        if (
            last == "covenant"
            and state.difficulty == "extreme"
            and state.turn % 3 == 0
            and end_by is None
        ):
            return covenant_turn(state, ctx, deck, bonus=True)
        return player_turn(state)
    # after your turn
    if end_by == "covenant":  # that was your last turn
        return scoring(state)
    return covenant_turn(state, ctx, deck, bonus=False)


def covenant_turn(
    state: CovenantState, ctx: Context, deck: dict[str, Any], *, bonus: bool
) -> Checklist:
    discard_current(state)
    if not bonus:
        state.turn += 1
    side = side_for_turn(state, state.turn, bonus=bonus)
    card_id, reshuffled = draw_card(state, side, ctx.rng("draw"))
    card = next(c for c in deck["cards"] if c["id"] == card_id)
    sections = card["sides"][side]["sections"]
    wanted = section_for_turn(state.turn)
    index = min(wanted, len(sections) - 1)
    section = sections[index]
    state.current = {"card": card_id, "side": side, "section": index, "bonus": bonus}
    state.facts = TurnFacts()
    final = state.end_by == "player"
    state.last = "bonus" if bonus else "covenant"

    steps = [
        new(
            "reveal",
            card=card_id,
            side=side,
            section=index,
            bonus=bonus,
            turn=state.turn,
            reshuffled=reshuffled,
            capped=wanted != index,
        ),
        new("player_ship"),
    ]
    explored = set(state.explored)
    surveyed = set(state.islands) | set(state.open_sea) | {HARBOR}

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
        steps.append(new("top_check"))
    if section.get("bottom"):
        steps.append(new("bottom_check"))
    steps.append(new("plan", section=section))
    steps += effect_steps(section["effects"])
    steps.append(new("end_of_turn"))

    if bonus:
        title = msg("The Covenant's bonus card")
    elif final:
        title = msg("The Covenant's additional last turn")
    else:
        title = msg("The Covenant's turn {turn}", turn=state.turn)
    header = {
        "kind": "covenant",
        "turn": state.turn,
        "card": card_id,
        "side": side,
        "section": index + 1,
        "bonus": bonus,
    }
    return Checklist(title, header, steps)


def player_turn(state: CovenantState) -> Checklist:
    state.last = "player"
    title = msg("Your last turn") if state.end_by == "covenant" else msg("Your turn")
    return Checklist(title, {"kind": "player", "after_turn": state.turn}, [new("your_turn")])


def scoring(state: CovenantState) -> Checklist:
    discard_current(state)
    state.last = "scoring"
    steps = [new("score_other"), new("score_player"), new("score_sheet")]
    return Checklist(msg("Final scoring"), {"kind": "scoring"}, steps)
