"""A Hero on the move: after a failed action, and after its Tax.

Solo rulebook, "Moving a Hero if an Action Fails": the card's compass against the
Game Board's, the golden rule (turn clockwise until it can move), mustering from
the Courtyard, boarding an empty Vessel, never into its Capital City or beside
another of its Heroes, battle on entering your Region; "Collecting Exploration
Tokens", "Moving on Ferry Routes", the Air and Sea Vessel rules, "Moving and
Gaining Resources".
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.geometry import clockwise_from
from ...engine.questions import choose, confirm
from . import kinds
from .cards import DIRECTION_NAMES
from .faction import RESOURCES
from .rules import LAND_MOVES, TOKEN_VP, VESSEL_MOVES, gain, starts_a_battle
from .state import AIR, COURTYARD, LAND, SEA, EnemyState
from .stepkit import (
    EnemyStep,
    HeroParams,
    TokensStep,
    card_of,
    choice,
    hero_name,
    new,
    region_choices,
    step_type,
)
from .steps_battle import battle_start


def compass_view(compass: str, *, turning: bool = True) -> dict[str, Any]:
    # Solo rulebook, "Moving a Hero": if it cannot move the arrow's way, it turns
    # clockwise until it points to a Region it can move into.
    return {"compass": compass, "turning": turning, "order": clockwise_from(compass)}


class CompassParams(HeroParams):
    compass: str  # the card's compass: the way it moves


class MoveStartParams(CompassParams):
    why: str  # "failed" (its action) or "tax"


@step_type(kinds.MOVE_START)
class MoveStart(EnemyStep, TypedParams[MoveStartParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        hero = hero_name(p["hero"])
        direction = DIRECTION_NAMES[p["compass"]]
        if p["why"] == "tax":
            return msg("After its Tax, {hero} moves {direction}", hero=hero, direction=direction)
        return msg("{hero} moves {direction}", hero=hero, direction=direction)

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Turn the card so its compass matches the Game Board's (top left). Draw the arrow "
            "from the centre of its Region; if it cannot move that way, turn clockwise to the "
            "first Region it can move into. In doubt, clockwise."
        )

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return compass_view(self.params(step)["compass"])

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Found its way"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        hero = state.heroes[p["hero"]]
        params = {"hero": p["hero"], "compass": p["compass"]}
        if hero.place in (AIR, SEA):
            ctx.insert(*movement(hero.place, **params))
        else:
            ctx.insert(new(kinds.MOVE_BOARD, **params))


def movement(mode: str, **params: Any) -> list[Step]:
    """The rules of its move, then each Region it enters, then the tokens it picked up."""
    return [
        new(kinds.MOVE_RULES, mode=mode, **params),
        new(kinds.MOVE_REGION, mode=mode, index=1, **params),
        new(kinds.MOVE_TOKENS, **params),
    ]


@step_type(kinds.MOVE_BOARD)
class MoveBoard(EnemyStep, TypedParams[CompassParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Is an empty Vessel of its in {hero}'s Region?",
            hero=hero_name(self.params(step)["hero"]),
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "If so, the Hero boards it and moves with it, taking 1 other Unit aboard if there is "
            "one (a Warrior before a Serf, never another Hero)."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("An empty Vessel?"),
            choice("none", msg("No")),
            choice(AIR, msg("An empty Air Vessel")),
            choice(SEA, msg("An empty Sea Vessel")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        hero = state.heroes[p["hero"]]
        params = {"hero": p["hero"], "compass": p["compass"]}
        if value != "none":
            hero.place = value
            ctx.insert(*movement(value, **params))
            return
        muster = [new(kinds.MUSTER, **params)] if hero.place == COURTYARD else []
        ctx.insert(*muster, *movement(LAND, **params))


@step_type(kinds.MUSTER)
class Muster(EnemyStep, TypedParams[CompassParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Leaving its Capital City, {hero} takes Units from its Courtyard",
            hero=hero_name(self.params(step)["hero"]),
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "All it can without going over 5 Units: as many Warriors as possible, and at least "
            "1 Serf if there is one."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Army gathered"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


RULES = {
    LAND: msg(
        "Every Unit in its Region moves with it. Never into its Capital City, nor into a "
        "Region with another of its Heroes. If the arrow follows a Ferry Route, it takes it "
        "(of several branches, the one without a Graticule). It stops on entering a Region "
        "you control: battle."
    ),
    AIR: msg(
        "The Vessel moves alone with whoever is aboard; Units left behind stay. No Ferry "
        "Routes, no Graticules. It may cross the centre Sea Region (counting 1) but not stop "
        "there; a second move that would end at sea goes to the next Land Region clockwise "
        "instead. It stops at once on entering a Region you control: battle."
    ),
    SEA: msg(
        "The Vessel moves alone with whoever is aboard; Units left behind stay. It may use "
        "Graticules and wrap around the map; it docks and undocks for free. It stops in a Sea "
        "Region with your Sea Vessel: battle. After its second move it docks on the Shore the "
        "compass points to; ending beside Land Regions you control, it docks by your weakest "
        "army there and battles it, whatever the card's direction and strengths. In doubt, "
        "bend the path clockwise."
    ),
}


class MoveParams(CompassParams):
    mode: str  # how it moves: `state.LAND`, `AIR`, `SEA`


@step_type(kinds.MOVE_RULES)
class MoveRules(EnemyStep, TypedParams[MoveParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        hero = hero_name(p["hero"])
        mode = p["mode"]
        if mode == AIR:
            return msg("Fly {hero}'s Air Vessel {n} Regions", hero=hero, n=VESSEL_MOVES)
        if mode == SEA:
            return msg("Sail {hero}'s Sea Vessel {n} Regions", hero=hero, n=VESSEL_MOVES)
        return msg("Move {hero}'s army {n} Region", hero=hero, n=LAND_MOVES)

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return RULES[self.params(step)["mode"]]

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return compass_view(self.params(step)["compass"])

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Moved"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        hero = state.heroes[self.params(step)["hero"]]
        if hero.place == COURTYARD:
            hero.place = LAND


class MoveRegionParams(MoveParams):
    index: int  # which Region of its move, from 1


@step_type(kinds.MOVE_REGION)
class MoveRegion(EnemyStep, TypedParams[MoveRegionParams]):
    """Each Region it enters: a Resource to collect, or your Region and a battle."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        if p["mode"] == LAND:
            return msg("Where did its army go?")
        if p["index"] == 1:
            return msg("The first Region its Vessel entered")
        return msg("The second Region its Vessel entered")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Entering a Resource Region, it collects 1 of that Resource; in a Region of yours "
            "the battle comes first, and it collects only if it wins."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        choices = [
            *region_choices(),
            choice("none", msg("No Resource there (Sea, Swamp, Desert…)")),
            choice("battle", msg("A Region you control: battle")),
        ]
        if self.params(step)["index"] > 1:
            choices.append(choice("stopped", msg("It did not move on")))
        return choose(msg("The Region"), *choices)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if value == "battle":
            ctx.note(starts_a_battle(state))
            ctx.insert(battle_start(ctx, "move", p["hero"]))
            return
        if value in RESOURCES:
            ctx.note(gain(state, value, 1))
        if value != "stopped" and p["mode"] != LAND and p["index"] < VESSEL_MOVES:
            ctx.insert(new(kinds.MOVE_REGION, **{**p, "index": p["index"] + 1}))


@step_type(kinds.MOVE_TOKENS)
class MoveTokens(TokensStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("How many Exploration Tokens were in the Regions it passed through or ended in?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "It takes them at once onto its board, whatever they show: +{vp} VP each.",
            vp=TOKEN_VP,
        )


def move_start(ctx: Context, hero: int, card: str, why: str) -> Step:
    return new(kinds.MOVE_START, hero=hero, compass=card_of(ctx, card)["compass"], why=why)
