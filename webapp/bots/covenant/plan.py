"""Which of the Covenant's cube placements mean battles, once the table answered.

Solo rulebook, "Place influence cubes" and "Clarifications — when do battles
occur?" / "The Covenant getting into multiple battles". Decided all at once so
that a battle on the right side of the card can cancel one on the left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import Msg, Step
from .deck import HARBOR
from .rules import covenant_cannons
from .state import BOTH, FORT, GARRISON, SEA, CovenantState
from .stepkit import battle_step, new


@dataclass
class Entry:
    space: str
    cubes: int
    source: str  # "card" or "bottom" (the conditional placement)
    outcome: str = "place"  # place | skip:<reason> | building | pirate


@dataclass
class Placements:
    entries: list[Entry]
    building_candidates: list[str]
    pirate_battle: bool
    end_pirate: bool
    top_attack: bool
    notes: list[Msg] = field(default_factory=list)


def attack_flag_on_right(state: CovenantState, effects: list[dict[str, Any]]) -> bool:
    """Will the right side of the card attack the player with an Attack Flag?"""
    facts = state.facts
    extra_cannons = 0
    for effect in effects:
        kind = effect["type"]
        if kind == "upgrade":
            extra_cannons += effect["cannons"]
        elif kind == "attack":
            if not (effect.get("unless_in_harbor") and facts.player_space == HARBOR):
                return True
        elif kind == "if_cannons":
            branch = (
                effect["then"]
                if cannons_reach(state, effect, extra_cannons)
                else effect["otherwise"]
            )
            if attack_flag_on_right(state, branch):
                return True
    return False


def cannons_reach(state: CovenantState, effect: dict[str, Any], extra: int = 0) -> bool:
    """Solo rulebook, "If AI would drop at least N cubes in a battle": decided
    from its cannon total attacking you where your Ship is."""
    space = state.facts.player_space or HARBOR
    total = covenant_cannons(state, space=space, defending=False).total + extra
    return bool(total >= effect["at_least"])


def plan_placements(state: CovenantState, section: dict[str, Any]) -> Placements:
    facts = state.facts
    flag = attack_flag_on_right(state, section["effects"])
    top_attack = bool(section.get("top")) and facts.rich_ship
    attacks_you = flag or top_attack
    entries = [Entry(e["space"], e["cubes"], "card") for e in section["influence"]]
    if section.get("bottom") and facts.bottom_target:
        entries.append(Entry(facts.bottom_target, 2, "bottom"))

    building_candidates: list[str] = []
    pirate_battle = False
    for entry in entries:
        found = facts.islands.get(entry.space)
        has_building = found in (FORT, GARRISON, BOTH) and entry.space not in state.islands
        # The conditional placement ignores an island where you are in Pirate mode.
        pirate_here = entry.source == "card" and facts.pirate and facts.player_space == entry.space
        if entry.space == HARBOR:
            entry.outcome = "skip:harbor"
        elif entry.space in state.open_sea or found == SEA:
            entry.outcome = "skip:sea"
        elif not (has_building or pirate_here):
            entry.outcome = "place"
        elif entry.cubes == 1:
            # "if the influence amount to be placed is 1, ignore it"
            entry.outcome = "skip:one_cube"
        elif has_building and attacks_you:
            # "The Covenant will never battle a Fort or Garrison the same turn it attacks you"
            entry.outcome = "skip:attacks"
        elif pirate_here and flag:
            # "only resolve the Attack Flag battle on the right side"
            entry.outcome = "skip:flag_only"
        elif has_building:
            entry.outcome = "building"
            if entry.space not in building_candidates:
                building_candidates.append(entry.space)
        else:
            entry.outcome = "pirate"
            pirate_battle = True
    end_pirate = facts.pirate and facts.player_space == section["end"] and not flag
    return Placements(entries, building_candidates, pirate_battle, end_pirate, top_attack)


def resolution_steps(
    state: CovenantState, section: dict[str, Any], placements: Placements, chosen: str | None
) -> list[Step]:
    """The placement, battle and end-position steps, in rulebook order."""
    facts = state.facts
    double = placements.pirate_battle and chosen is not None
    steps: list[Step] = []
    ship_battle_emitted = False
    double_emitted = False

    def place_params(entry: Entry) -> dict[str, Any]:
        return {"space": entry.space, "cubes": entry.cubes, "source": entry.source}

    def emit_double() -> None:
        # "the Covenant first battles your Ship but with only half of its normal
        # Cannons amount (rounded up). If the Covenant wins, it then battles your
        # Fort/Garrison with the other half (also rounded up). If it loses either
        # battle, it skips all future battles that turn and does not place the cubes."
        assert chosen is not None
        pirate_entry = next(e for e in placements.entries if e.outcome == "pirate")
        building_entry = next(e for e in placements.entries if e.space == chosen)
        steps.append(battle_step("pirate_place", pirate_entry.space, halved=True, group="double"))
        steps.append(
            battle_step(
                "building",
                chosen,
                target="building",
                halved=True,
                group="double",
                places=[place_params(pirate_entry), place_params(building_entry)],
                garrison=facts.islands.get(chosen) in (GARRISON, BOTH),
            )
        )

    # "it only fights one battle for the island with the most coins ... Cube
    # placements on the other islands with Forts and/or Garrisons are ignored."
    for entry in placements.entries:
        if entry.outcome == "building" and entry.space != chosen:
            entry.outcome = "skip:one_building_battle"

    def emit(entry: Entry) -> None:
        nonlocal ship_battle_emitted, double_emitted
        if entry.outcome.startswith("skip:"):
            steps.append(
                new("skip_place", space=entry.space, cubes=entry.cubes, reason=entry.outcome[5:])
            )
        elif entry.outcome == "place":
            steps.append(new("place", **place_params(entry)))
        elif double:
            if not double_emitted:
                double_emitted = ship_battle_emitted = True
                emit_double()
        elif entry.outcome == "building":
            steps.append(
                battle_step(
                    "building",
                    entry.space,
                    target="building",
                    places=[place_params(entry)],
                    garrison=facts.islands.get(entry.space) in (GARRISON, BOTH),
                )
            )
        else:  # a battle against your Ship in Pirate mode
            ship_battle_emitted = True
            steps.append(battle_step("pirate_place", entry.space, places=[place_params(entry)]))

    for entry in placements.entries:
        if entry.source == "card":
            emit(entry)
    # 3. The end turn position: "The Covenant will battle your Ship if you are in
    # Pirate mode on a space where it is designated to ... end its turn".
    if placements.end_pirate and not ship_battle_emitted:
        steps.append(battle_step("pirate_end", section["end"]))
    steps.append(new("end_position", space=section["end"]))
    # 4. Conditional effects: the top icon, then the bottom icon.
    if placements.top_attack:
        steps.append(battle_step("top", facts.player_space or HARBOR))
    for entry in placements.entries:
        if entry.source == "bottom":
            emit(entry)
    return steps
