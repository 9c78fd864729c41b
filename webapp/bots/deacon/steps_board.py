"""Deacon on the board: A. Deploy a Reef Ball, B. Move its Ship, and Cleaning the Ocean.

Deacon rulebook, "Turn overview": "On its turn, Deacon does in this order: A. Deploy a
Reef Ball (if possible) B. Draw a card and move its Ship to another Island C. Perform
actions from the card".
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import choice, choose, confirm, space, yes_no
from . import kinds
from .rules import (
    BallSource,
    adjacent_deploy,
    anywhere_deploy,
    next_ball,
    path_routes,
    place_ball,
    route_costs,
    sectors_closed_by,
    take_ball,
)
from .state import DEACON, SIZES, YOU, DeaconState
from .stepkit import DeaconStep, new, step_type

SIZE_NAMES = {
    "small": msg("a small Pollution tile"),
    "medium": msg("a medium Pollution tile"),
    "large": msg("a large Pollution tile"),
}


def ball_from(column: int | None) -> Msg:
    if column is None:
        return msg("from its initial deployment area")
    return msg("from column {n} of its deployment area", n=column + 1)


def decide_ball(state: DeaconState, ctx: Context, route: str | None, why: str) -> None:
    """Where the Reef Ball goes and where it comes from: a step to place it, or why
    there is none."""
    source = next_ball(state, state.components["reef_balls"]["columns"])
    if route is None:
        ctx.note(msg("No route without one of its Reef Balls: no Reef Ball this time."))
        return
    if source is None:
        ctx.note(msg("Its deployment area is empty: no Reef Ball this time."))
        return
    ctx.insert(
        new(kinds.PLACE_BALL, route=route, column=source.column, bonus=source.bonus, why=why)
    )


@step_type(kinds.DEPLOY_ADJACENT)
class DeployAdjacent(DeaconStep):
    """A. Deacon rulebook, "Deploy a Reef Ball": before moving its Ship."""

    automatic = True
    hidden_unless_noted = True

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("A. Deploy a Reef Ball next to its Ship")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        decide_ball(state, ctx, adjacent_deploy(state), "adjacent")


@step_type(kinds.E_DEPLOY)
class DeployAnywhere(DeaconStep):
    """Deacon cards effects, deploy: anywhere on the main board."""

    automatic = True
    hidden_unless_noted = True

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Deploy a Reef Ball anywhere on the main board")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        found = anywhere_deploy(state)
        decide_ball(state, ctx, None if found is None else found[0], "anywhere")


class PlaceBallParams(TypedDict):
    route: str  # "3-7"
    column: int | None  # of its deployment area (None: the initial one)
    bonus: int  # VP when this ball empties its column
    why: str  # "adjacent" (before it moves) or "anywhere" (the deploy effect)
    closing: NotRequired[bool]


@step_type(kinds.PLACE_BALL)
class PlaceBall(DeaconStep, TypedParams[PlaceBallParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        p = self.params(step)
        a, b = p["route"].split("-")
        # the place named in the sentence, not as a label: French needs its article
        # there ("sur la route 3–7"), so the sentence holds the word "Route" itself
        return msg(
            "Place a Reef Ball {source} on Route {a}–{b}", source=ball_from(p["column"]), a=a, b=b
        )

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        p = self.params(step)
        if p["why"] == "adjacent":
            why = msg(
                "The cheapest route from its Ship without one of its Reef Balls (tied: the "
                "route to the lowest numbered island)."
            )
        elif p.get("closing") or sectors_closed_by(state, p["route"]):
            why = msg("The cheapest route that closes an Ocean sector (tied: the lowest island).")
        else:
            why = msg(
                "No route closes a sector: the cheapest route without one of its Reef Balls "
                "(tied: the lowest numbered island)."
            )
        if p["bonus"]:
            return msg("{why} It empties that column: +{vp} VP.", why=why, vp=p["bonus"])
        return why

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        p = self.params(step)
        return {
            "deploy": p["route"],
            "closing": sectors_closed_by(state, p["route"]),
        }

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Placed"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        take_ball(state, BallSource(p["column"], p["bonus"]))
        closed = place_ball(state, DEACON, p["route"])
        ctx.insert(*(new(kinds.CLEANING, sector=s, by=DEACON) for s in closed))


class CleaningParams(TypedDict):
    sector: str
    by: str  # who closed it: `state.DEACON` or `YOU`


@step_type(kinds.CLEANING)
class Cleaning(DeaconStep, TypedParams[CleaningParams]):
    """Deacon rulebook, "Cleaning the Ocean": "Same as the core rules"; "Recycling a
    Pollution tile": Deacon never recycles one and scores any it gained at the end."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg(
            "Sector {sector} is closed: Cleaning the Ocean, as the core rules say",
            sector=self.params(step)["sector"],
        )

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        return {"closing": [self.params(step)["sector"]]}

    def question(self, state: DeaconState, step: Step) -> Question:
        if self.params(step)["by"] == YOU:
            return confirm(msg("Cleaned"))
        return choose(
            msg("Which Pollution tile does Deacon keep from it?"),
            choice("none", msg("None")),
            *(choice(size, SIZE_NAMES[size]) for size in SIZES),
        )

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if p["sector"] not in state.cleaned:
            state.cleaned.append(p["sector"])
        if value in SIZES:
            state.pollution[value] += 1


class MoveParams(TypedDict):
    """Its move, worked out from the board (`rules.Move`)."""

    island: int | None  # None: no island it can move to
    path: list[int]
    listed: int | None  # which listed island it is, None: the adjacent fallback
    islands: list[int]  # the islands its card lists


@step_type(kinds.MOVE)
class MoveShip(DeaconStep, TypedParams[MoveParams]):
    """B. Deacon rulebook, "Move Deacon's Ship", worked out from the board."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        island = self.params(step)["island"]
        if island is not None:
            return msg("B. Move its Ship to Island {n}", n=island)
        if state.at is None:
            return msg("B. No island it can move to: its Ship stays where it is")
        return msg("B. No island it can move to: its Ship stays on Island {n}", n=state.at)

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        # Deacon rulebook, "Turn overview": "it will never choose RECHARGE, it will always
        # TRAVEL"; "Deacon does not gain resources or actions printed on the Islands. It
        # instead performs the actions on its cards."
        return msg(
            "{why} It always travels, never recharges, and gains nothing printed on the "
            "island: its card's actions follow.",
            why=self.why(state, step),
        )

    def why(self, state: DeaconState, step: Step) -> Msg:
        p = self.params(step)
        listed = p["islands"]
        if p["listed"] is None:
            return msg(
                "None of {a}, {b}, {c} can be reached by its movement rules: it sails to an "
                "adjacent island by the route with the least energy printed (tied: the lowest "
                "number).",
                a=listed[0],
                b=listed[1],
                c=listed[2],
            )
        way = " → ".join(str(n) for n in p["path"])
        skipped = listed[: p["listed"]]
        if not skipped:
            return msg("The leftmost island on its card, by {way}.", way=way)
        island = p["island"]
        assert island is not None  # one of the listed islands: it moves there
        return msg(
            "{skipped}: out of reach by its movement rules; island {n} is next on its card, "
            "by {way}.",
            skipped=", ".join(str(n) for n in skipped),
            n=island,
            way=way,
        )

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        p = self.params(step)
        return {
            "island": p["island"],
            "path": path_routes(p["path"]),
        }

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Moved") if self.params(step)["island"] is not None else None)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if p["island"] is not None:
            state.at = p["island"]


RULES_QUOTED = msg(
    "It has to move to another island; not the island your Ship is on; it can use any "
    "number of routes that have one of its Reef Balls or at most 1 energy; and at most 1 "
    "route that costs 2."
)


class ReachCheckParams(TypedDict):
    listed: list[int]  # the islands its card lists
    index: int  # which of them is asked


@step_type(kinds.REACH_CHECK)
class ReachCheck(DeaconStep, TypedParams[ReachCheckParams]):
    """B, on a board Botdeck cannot read whole: the table checks each listed island."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        p = self.params(step)
        island = p["listed"][p["index"]]
        return msg("B. Can its Ship legally reach Island {n}?", n=island)

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return RULES_QUOTED

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        p = self.params(step)
        return {"island": p["listed"][p["index"]]}

    def question(self, state: DeaconState, step: Step) -> Question:
        return yes_no(msg("Can it go there?"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        listed, index = p["listed"], p["index"]
        if value:
            state.at = listed[index]
            ctx.note(
                msg("Move its Ship to Island {n}.", n=listed[index]),
                places=[f"i{listed[index]}"],
            )
        elif index + 1 < len(listed):
            ctx.insert(new(kinds.REACH_CHECK, listed=listed, index=index + 1))
        else:
            ctx.insert(new(kinds.ADJACENT_ISLAND, listed=listed))


@step_type(kinds.ADJACENT_ISLAND)
class AdjacentIsland(DeaconStep):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg(
            "B. None of its islands: it moves to the adjacent island by the route with the "
            "least energy printed (tied: the lowest number). Which island?"
        )

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        # Deacon rulebook, "Move Deacon's Ship": "it will move to an adjacent Island using
        # the route that has the least energy cost": the routes out of its island that the
        # board knows are lit to compare. Every island stays an answer: this board is not
        # whole, and a route it lacks may be the one.
        here = state.at
        routes = [key for key in route_costs(state.board) if str(here) in key.split("-")]
        return {"path": routes} if here is not None and routes else None

    def question(self, state: DeaconState, step: Step) -> Question:
        return space(msg("Its Ship goes to"), island_spaces(state))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.at = int(value[1:])


def island_spaces(state: DeaconState) -> list[str]:
    return [
        f"i{int(i['number'])}"
        for i in sorted(state.board.get("islands", []), key=lambda i: int(i["number"]))
    ]


def route_spaces(state: DeaconState) -> list[str]:
    return [
        f"r{key}"
        for key in sorted(route_costs(state.board), key=lambda k: tuple(map(int, k.split("-"))))
    ]
