"""What the Solo Enemy's templates show: its board, its card, its Heroes, the round."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg
from ...engine.geometry import COMPASS
from ...engine.scoring import ScoreLine
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


@dataclass(frozen=True)
class TrackSpace:
    space: int
    ore: int
    level: int
    reached: bool


@dataclass(frozen=True)
class EnemyPageView:
    """What the Solo Enemy's templates draw (`bot_view`): its board, its card, its
    Heroes, the round, its counters."""

    faction: Msg | None
    card: dict[str, Any] | None  # the card shown: a Hero's, or the Enemy's in a battle
    card_role: str  # "hero" or "battle"
    heroes: list[HeroView]
    round: list[PhaseView]
    resources: list[tuple[str, Msg, int]]
    tax: list[tuple[int, Msg]]  # the Tax Track, highest slot first
    level: int
    next_cost: int | None
    track: list[TrackSpace]
    towers_allowed: int
    vp_lines: list[ScoreLine]  # the VP it gained during the game, by source
    deck: int  # cards in its deck
    discard: int


def enemy_view(state: EnemyState, deck: dict[str, Any]) -> EnemyPageView:
    battle = state.battle
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
            TrackSpace(n, space["ore"], space["level"], n <= state.track)
            for n, space in enumerate(state.profile["track"], start=1)
        ]
    # The card on show: the Enemy's card while a battle is fought with it; otherwise the
    # card of the Hero acting (or that acted last), not a battle's card left on show.
    shown: str | None
    if battle is not None and battle.card is not None:
        shown, role = battle.card, "battle"
    else:
        acting = state.heroes[state.acting].card if state.acting is not None else None
        shown, role = acting or state.shown, "hero"
    return EnemyPageView(
        faction=faction_name(state.faction) if state.faction else None,
        card=find_card(deck, shown) if shown else None,
        card_role=role,
        heroes=heroes,
        round=round_view(state),
        resources=[(r, RESOURCE_NAMES[r], state.resources[r]) for r in RESOURCES],
        tax=sorted(((slot, RESOURCE_NAMES[r]) for r, slot in state.tax.items()), reverse=True),
        level=capital_level(state),
        next_cost=next_track_cost(state),
        track=track,
        towers_allowed=towers_allowed(state),
        vp_lines=vp_lines(state),
        deck=len(state.cards),
        discard=len(state.cards.discard),
    )
