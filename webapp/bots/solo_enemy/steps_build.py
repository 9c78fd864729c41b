"""The two Build cards: its Capital City Track, and its Towers and Vessels.

Solo rulebook, "Build — Capital City Track" and "Build — Towers and Vessels".
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import confirm, number, yes_no
from . import kinds
from .faction import UNIT_NAMES
from .rules import (
    MAX_TOWERS,
    TOKEN_VP,
    can_pay,
    capital_level,
    next_track_cost,
    pay,
    pay_up_to,
    short_of,
    tower_cost,
    towers_allowed,
)
from .state import AIR, COURTYARD, LAND, SEA, EnemyState
from .stepkit import (
    ActionParams,
    EnemyStep,
    HeroParams,
    TokensStep,
    hero_name,
    new,
    step_type,
    track_place,
)
from .steps_actions import ActionStep, Price, fail, then_follow, try_units

VESSELS = ("air_vessel", "sea_vessel")


@step_type(kinds.BUILD_TRACK)
class BuildTrack(ActionStep):
    action = "build_track"

    def perform(self, state: EnemyState, step: Step, ctx: Context) -> None:
        # Solo rulebook, "Build — Capital City Track": it must pay the Ore of the next
        # open space; it fails without it. Reaching the end triggers the end (see
        # `after_change`).
        p = self.params(step)
        cost = next_track_cost(state)
        if cost is None:
            fail(state, ctx, p, msg("Its Capital City Track has no space left."))
            return
        if state.resources["ore"] < cost:
            price = {"ore": cost, "mana": 0, "food": 0}
            fail(state, ctx, p, short_of(state, msg("The next space"), price))
            return
        advance_track(state, ctx, p, cost, pay)


def advance_track(state: EnemyState, ctx: Context, p: ActionParams, ore: int, price: Price) -> None:
    """Solo rulebook, "Build — Capital City Track": it pays the Ore and advances its
    Action Token one space; then you may Follow."""
    ctx.note(price(state, {"ore": ore, "mana": 0, "food": 0}))
    state.track += 1
    ctx.insert(*then_follow(ctx, p, new(kinds.TRACK_ADVANCE, space=state.track)))


class TrackAdvanceParams(TypedDict):
    space: int  # of its Capital City Track


@step_type(kinds.TRACK_ADVANCE)
class TrackAdvance(EnemyStep, TypedParams[TrackAdvanceParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Move its Action Token to space {space} of its Capital City Track",
            space=self.params(step)["space"],
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Its Capital City Level is now {level}.", level=capital_level(state))

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return {"lit": [track_place(self.params(step)["space"])]}

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Moved"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type(kinds.BUILD_TOWERS)
class BuildTowers(ActionStep):
    action = "build_towers"

    def perform(self, state: EnemyState, step: Step, ctx: Context) -> None:
        # Solo rulebook, "Build — Towers and Vessels": Tower > Air Vessel > Sea Vessel.
        p = self.params(step)
        allowed = towers_allowed(state)
        hero = state.heroes[p["hero"]]
        if state.towers >= allowed:
            ctx.note(
                msg(
                    "No Tower: it has {towers} and its Capital City Level allows {allowed}.",
                    towers=state.towers,
                    allowed=allowed,
                )
            )
        elif hero.place == COURTYARD:
            ctx.note(msg("No Tower: its Hero is in its Courtyard, not on a Land Region."))
        else:
            ctx.insert(new(kinds.TOWER_SERF, hero=p["hero"], card=p["card"]))
            return
        try_units(state, ctx, p, "build", VESSELS)


@step_type(kinds.TOWER_SERF)
class TowerSerf(EnemyStep, TypedParams[ActionParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Is one of its Serfs in {hero}'s Region?", hero=hero_name(self.params(step)["hero"])
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("A Tower needs a Serf in the Region: without one it builds a Vessel instead.")

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("A Serf there?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if value:
            ctx.insert(new(kinds.TOWER_DISTANCE, **p))
        else:
            try_units(state, ctx, p, "build", VESSELS)


class TowerDistanceParams(ActionParams):
    overturned: NotRequired[bool]  # the table made it succeed


@step_type(kinds.TOWER_DISTANCE)
class TowerDistance(EnemyStep, TypedParams[TowerDistanceParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("How many Land Regions is that Region from its Capital City?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "A Tower costs 1 Ore for each Land Region between it and its Capital City (the "
            "fewest a March would take). It has {ore} Ore.",
            ore=state.resources["ore"],
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("Land Regions away"), 1, 12)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        cost = tower_cost(value)
        overturned = p.get("overturned", False)  # the table made it succeed
        if not can_pay(state, cost) and not overturned:
            ctx.note(short_of(state, msg("A Tower there"), cost))
            try_units(state, ctx, p, "build", VESSELS)
            return
        ctx.note((pay_up_to if overturned else pay)(state, cost))
        state.towers = min(state.towers + 1, MAX_TOWERS)
        ctx.insert(
            *then_follow(
                ctx,
                p,
                new(kinds.TOWER_BUILD, hero=p["hero"]),
                new(kinds.TOWER_TOKENS, hero=p["hero"]),
            )
        )


@step_type(kinds.TOWER_BUILD)
class TowerBuild(EnemyStep, TypedParams[HeroParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Build: put one of its Towers in {hero}'s Region",
            hero=hero_name(self.params(step)["hero"]),
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Built"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type(kinds.TOWER_TOKENS)
class TowerTokens(TokensStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("How many Exploration Tokens does its new Tower reveal around it?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        # Solo rulebook, "Build — Towers and Vessels": the tokens its Tower reveals are
        # collected on its board; "Collecting Exploration Tokens": VP for each.
        return msg(
            "They go on its board whatever they show; it gains {vp} VP for each.", vp=TOKEN_VP
        )


class PlaceVesselParams(HeroParams):
    unit: str  # "air_vessel" or "sea_vessel"
    place: str  # where its Hero was: `state.LAND`, `COURTYARD`…


@step_type(kinds.PLACE_VESSEL)
class PlaceVessel(EnemyStep, TypedParams[PlaceVesselParams]):
    """Solo rulebook, "Build — Towers and Vessels": where a new Vessel goes, who boards."""

    def _asks_shore(self, step: Step) -> bool:
        p = self.params(step)
        return p["unit"] == "sea_vessel" and p["place"] == LAND

    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        hero = hero_name(p["hero"])
        if self._asks_shore(step):
            return msg("Is {hero} on a Shore Region?", hero=hero)
        if p["place"] in (AIR, SEA):
            return msg(
                "Build: its new {unit} goes in its Capital City",
                unit=UNIT_NAMES[p["unit"]],
            )
        return msg(
            "Build: its new {unit} goes in {hero}'s Region, {hero} aboard",
            unit=UNIT_NAMES[p["unit"]],
            hero=hero,
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        if self._asks_shore(step):
            return msg(
                "A Sea Vessel is built in the Hero's Region only on a Shore Region; otherwise "
                "in its Capital City."
            )
        if self.params(step)["place"] in (AIR, SEA):
            return msg("Its Hero is already in a Vessel.")
        return msg(
            "It fits as many Units aboard as it can: its Hero first, then Warriors, then Serfs."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        if self._asks_shore(step):
            return yes_no(msg("On a Shore Region?"))
        return confirm(msg("Built"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        hero = state.heroes[p["hero"]]
        if p["place"] in (AIR, SEA):
            return
        if self._asks_shore(step) and not value:
            ctx.note(msg("The Sea Vessel is built in its Capital City; its Hero stays."))
            return
        hero.place = AIR if p["unit"] == "air_vessel" else SEA
        if self._asks_shore(step):
            ctx.note(
                msg(
                    "The Sea Vessel is built in that Region with the Hero aboard, then as many "
                    "Warriors and Serfs as fit."
                )
            )
