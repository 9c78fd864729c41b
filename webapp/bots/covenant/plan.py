"""Which of the Covenant's cube placements mean battles, once the table answered.

Solo rulebook, "Place influence cubes" and "Clarifications — when do battles
occur?" / "The Covenant getting into multiple battles"; 2-player co-op, "Wayward
Covenant rules adjustments". Decided all at once so that a battle on the right
side of the card can cancel one on the left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import Msg, Step
from . import kinds
from .deck import HARBOR
from .rules import covenant_cannons
from .state import BOTH, FORT, GARRISON, SEA, CovenantState
from .stepkit import battle_step, new
from .targets import outside_harbor, target_space


@dataclass
class Entry:
    space: str
    cubes: int
    source: str  # "card" or "bottom" (the conditional placement)
    outcome: str = "place"  # place | skip:<reason> | building | pirate
    pirates: list[int] = field(default_factory=list)  # players in Pirate mode there


@dataclass
class Placements:
    entries: list[Entry]
    building_candidates: list[str]
    pirate_players: list[int]  # whose Ship in Pirate mode it would battle
    end_pirates: list[int]
    top_attack: bool
    as_before: bool  # played by a release before 2026-11-25 (`earlier`)
    notes: list[Msg] = field(default_factory=list)


def battles_a_ship(entry: Entry, *, as_before: bool) -> bool:
    """A placement that makes it battle a Ship in Pirate mode: on an island of its own,
    or on the island of the Fort/Garrison it also battles (multiple battles) — which a
    release before 2026-11-25 left out, battling the building only (`earlier`)."""
    if entry.outcome == "building":
        return bool(entry.pirates) and not as_before
    return entry.outcome == "pirate"


def attack_happens(state: CovenantState, effect: Mapping[str, Any]) -> bool:
    if state.coop:
        # 2 vs 2: it attacks a player who is "(A) not in Harbor".
        return bool(outside_harbor(state))
    # "Sometimes it will say 'If not in Harbor' in which case, if you are in
    # Harbor, the attack does not happen."
    return not (effect.get("unless_in_harbor") and state.facts.ships[0] == HARBOR)


def attack_flag_on_right(state: CovenantState, effects: list[dict[str, Any]]) -> bool:
    """Will the right side of the card attack a player with an Attack Flag?"""
    extra_cannons = 0
    for effect in effects:
        kind = effect["type"]
        if kind == "upgrade":
            extra_cannons += effect["cannons"]
        elif kind == "attack":
            if attack_happens(state, effect):
                return True
        elif kind == "if_cannons":
            reached = cannons_reach(state, effect, extra_cannons)
            if attack_flag_on_right(state, effect["then"] if reached else effect["otherwise"]):
                return True
    return False


def cannons_reach(state: CovenantState, effect: Mapping[str, Any], extra: int = 0) -> bool:
    """Solo rulebook, "If AI would drop at least N cubes in a battle": decided
    from its cannon total attacking the Ship it would battle, where that Ship is."""
    total = covenant_cannons(state, space=target_space(state), defending=False).total + extra
    return bool(total >= effect["at_least"])


def plan_placements(
    state: CovenantState, section: dict[str, Any], *, as_before: bool
) -> Placements:
    """What each placement of the card's section means; `as_before`: as a release before
    2026-11-25 played it (`earlier`)."""
    facts = state.facts
    flag = attack_flag_on_right(state, section["effects"])
    top_attack = bool(section.get("top")) and any(facts.rich)
    if state.coop and flag:
        # 2 vs 2: one player Ship at most; "If the AI has an Attack flag that is the battle."
        top_attack = False
    # The battle against a Ship that cancels a left-side pirate battle: the
    # Attack Flag (solo rulebook), or any attack in 2 vs 2 (one Ship a turn).
    ship_attack = flag or (state.coop and top_attack)
    attacks_you = flag or top_attack
    entries = [Entry(e["space"], e["cubes"], "card") for e in section["influence"]]
    if section.get("bottom") and facts.bottom_target:
        entries.append(Entry(facts.bottom_target, 2, "bottom"))

    building_candidates: list[str] = []
    for entry in entries:
        found = state.known_islands.get(entry.space)
        # 2 vs 2: its ally's Forts and Garrisons never block it (and an island a
        # Covenant controls holds no buildings of yours).
        has_building = found in (FORT, GARRISON, BOTH) and not state.controlled_by_a_covenant(
            entry.space
        )
        # The conditional placement ignores an island where you are in Pirate mode.
        entry.pirates = facts.pirates_at(entry.space) if entry.source == "card" else []
        if entry.space == HARBOR:
            entry.outcome = "skip:harbor"
        elif entry.space in state.open_sea or found == SEA:
            entry.outcome = "skip:sea"
        elif not (has_building or entry.pirates):
            entry.outcome = "place"
        elif entry.cubes == 1:
            # "if the influence amount to be placed is 1, ignore it"
            entry.outcome = "skip:one_cube"
        elif has_building and attacks_you:
            # "The Covenant will never battle a Fort or Garrison the same turn it attacks you"
            entry.outcome = "skip:attacks"
        elif entry.pirates and ship_attack:
            # "only resolve the Attack Flag battle on the right side"
            entry.outcome = "skip:flag_only"
        elif has_building:
            entry.outcome = "building"
            if entry.space not in building_candidates:
                building_candidates.append(entry.space)
        else:
            entry.outcome = "pirate"
    end_pirates = [] if ship_attack else facts.pirates_at(section["end"])
    pirate_players = sorted(
        {p for e in entries if battles_a_ship(e, as_before=as_before) for p in e.pirates}
        | set(end_pirates)
    )
    if state.coop and facts.pirate_choice is not None and len(pirate_players) > 1:
        # "If it's landing on both players who are in Pirate mode, the players
        # choose which fight happens."
        chosen = facts.pirate_choice
        for entry in entries:
            if entry.outcome == "pirate" and chosen not in entry.pirates:
                entry.outcome = "skip:one_ship_battle"
            elif entry.outcome == "building":  # its battle with the other Ship is off
                entry.pirates = [p for p in entry.pirates if p == chosen]
        end_pirates = [p for p in end_pirates if p == chosen]
        pirate_players = [chosen]
    return Placements(
        entries, building_candidates, pirate_players, end_pirates, top_attack, as_before
    )


def resolution_steps(
    state: CovenantState, section: dict[str, Any], placements: Placements, chosen: str | None
) -> list[Step]:
    """The placement, battle and end-position steps, in rulebook order."""
    ship_entries = [
        e for e in placements.entries if battles_a_ship(e, as_before=placements.as_before)
    ]
    double = bool(ship_entries) and chosen is not None
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
        # "(on that island or another island)": your Ship may be on the island of the
        # Fort/Garrison it battles; it is fought first all the same.
        assert chosen is not None
        pirate_entry = ship_entries[0]
        building_entry = next(e for e in placements.entries if e.space == chosen)
        # the cubes go where it battled and won: the Ship's island (unless a building
        # there was left out, "Cube placements on the other islands ... are ignored"),
        # and the chosen building's, once if they are the same island
        places = [building_entry]
        if pirate_entry is not building_entry and pirate_entry.outcome == "pirate":
            places.insert(0, pirate_entry)
        steps.append(
            battle_step(
                "pirate_place",
                pirate_entry.space,
                player=pirate_entry.pirates[0],
                halved=True,
                group="double",
            )
        )
        steps.append(
            battle_step(
                "building",
                chosen,
                target="building",
                halved=True,
                group="double",
                places=[place_params(entry) for entry in places],
                garrison=state.known_islands.get(chosen) in (GARRISON, BOTH),
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
                new(
                    kinds.SKIP_PLACE, space=entry.space, cubes=entry.cubes, reason=entry.outcome[5:]
                )
            )
        elif entry.outcome == "place":
            steps.append(new(kinds.PLACE, **place_params(entry)))
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
                    garrison=state.known_islands.get(entry.space) in (GARRISON, BOTH),
                )
            )
        elif not ship_battle_emitted:  # a battle against a Ship in Pirate mode
            ship_battle_emitted = True
            steps.append(
                battle_step(
                    "pirate_place",
                    entry.space,
                    player=entry.pirates[0],
                    places=[place_params(entry)],
                )
            )
        else:  # that Ship was already fought for another placement this turn
            steps.append(new(kinds.PLACE, **place_params(entry)))

    for entry in placements.entries:
        if entry.source == "card":
            emit(entry)
    # 3. The end turn position: "The Covenant will battle your Ship if you are in
    # Pirate mode on a space where it is designated to ... end its turn".
    if placements.end_pirates and not ship_battle_emitted:
        steps.append(battle_step("pirate_end", section["end"], player=placements.end_pirates[0]))
    steps.append(new(kinds.END_POSITION, space=section["end"]))
    # 4. Conditional effects: the top icon, then the bottom icon.
    if placements.top_attack:
        steps.append(new(kinds.PICK_TARGET, why="top"))
        steps.append(battle_step("top", None))
    for entry in placements.entries:
        if entry.source == "bottom":
            emit(entry)
    return steps
