"""What the Solo Enemy's templates show: its board, its card, its Heroes, the round."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg
from ...engine.geometry import COMPASS
from .cards import DIRECTION_LETTERS, find_card
from .faction import RESOURCE_NAMES, RESOURCES, faction_name
from .rules import capital_level, next_track_cost, towers_allowed
from .state import AIR, COURTYARD, LAND, SEA, EnemyState
from .stepkit import hero_name
from .steps_player import vp_lines

PLACE_NAMES = {
    COURTYARD: msg("in its Courtyard"),
    LAND: msg("with its army on the map"),
    AIR: msg("aboard its Air Vessel"),
    SEA: msg("aboard its Sea Vessel"),
}


@dataclass(frozen=True)
class CompassPoint:
    """A point of the compass rose as drawn (an SVG 120 across, North up)."""

    direction: str
    letter: Msg
    angle: int
    letter_at: tuple[float, float]
    number_at: tuple[float, float]


def _at(radius: float, angle: int, lift: float = 0) -> tuple[float, float]:
    rad = math.radians(angle)
    return round(radius * math.sin(rad), 1), round(-radius * math.cos(rad) + lift, 1)


COMPASS_POINTS = [
    CompassPoint(d, DIRECTION_LETTERS[d], 45 * i, _at(42, 45 * i, 4), _at(25, 45 * i))
    for i, d in enumerate(COMPASS)
]


@dataclass
class HeroView:
    index: int
    name: Msg
    place: Msg
    card: dict[str, Any] | None
    acting: bool
    failed: bool


@dataclass
class PhaseView:
    label: Msg
    status: str  # "done", "now" or "todo"


def round_view(state: EnemyState) -> list[PhaseView]:
    labels = {
        "enemy": lambda i: msg("Enemy {hero}", hero=hero_name(i)),
        "player": lambda i: msg("Your action {n}", n=i),
        "collection": lambda i: msg("Collection"),
    }
    phases = []
    for position, seat in enumerate(state.turns.order):
        if state.last in ("setup", "scoring", None):
            status = "todo"
        else:
            status = (
                "done"
                if position < state.turns.position
                else "now"
                if position == state.turns.position
                else "todo"
            )
        phases.append(PhaseView(labels[seat.kind](seat.index), status))
    return phases


def enemy_view(state: EnemyState, deck: dict[str, Any]) -> dict[str, Any]:
    battle = state.battle
    shown = find_card(deck, state.shown) if state.shown else None
    heroes = [
        HeroView(
            index,
            hero_name(index),
            PLACE_NAMES[hero.place],
            find_card(deck, hero.card) if hero.card else None,
            index == state.acting and state.last == "enemy",
            hero.failed,
        )
        for index, hero in enumerate(state.heroes)
    ]
    track = []
    if state.profile:
        track = [
            {"space": n, "ore": space["ore"], "level": space["level"], "reached": n <= state.track}
            for n, space in enumerate(state.profile["track"], start=1)
        ]
    return {
        "se_faction": faction_name(state.faction) if state.faction else None,
        "se_card": shown,
        "se_card_role": "battle" if battle and battle.card == state.shown else "hero",
        "se_heroes": heroes,
        "se_round": round_view(state),
        "se_resources": [(r, RESOURCE_NAMES[r], state.resources[r]) for r in RESOURCES],
        "se_tax": sorted(
            ((slot, RESOURCE_NAMES[r]) for r, slot in state.tax.items()), reverse=True
        ),
        "se_level": capital_level(state),
        "se_next_cost": next_track_cost(state),
        "se_track": track,
        "se_towers_allowed": towers_allowed(state),
        "se_vp_lines": vp_lines(state),
        "se_deck": len(state.cards),
        "se_discard": len(state.cards.discard),
    }
