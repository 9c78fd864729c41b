"""Your turns (what Botdeck needs to know of them), the Objectives, and the end: the
final scoring as the rulebook's "End of the game" lists it, and the score sheet."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import (
    Context,
    Msg,
    Question,
    ScoreGroup,
    ScoreLine,
    ScoreSheet,
    ScoreSide,
    Standing,
    Step,
    TypedParams,
    msg,
    nmsg,
)
from ...engine.questions import confirm, number, space
from . import kinds
from .rules import FULL_ROW_VP, full_rows, place_ball, sectors
from .state import DEACON, SIZES, YOU, DeaconState
from .stepkit import DeaconStep, new, step_type
from .steps_board import island_spaces, route_spaces

NONE = "none"
MAX_VP = 300
# Deacon rulebook, "End of the game" 1: "Deacon gains 15 VP" for the Objective.
OBJECTIVE_VP = 15
# "End of the game" 2C: "the player furthest on the track gains 12 points, the second
# player gains 10 and the third one gains 6 VP".
DIVER_RACE = (12, 10, 6)
# "Non-player Divers have a Research level of 5."
NEUTRAL_RESEARCH = 5
# 2D: "3 VP for each set of 3 different resources still in your Cargo area".
SET_OF_RESOURCES_VP = 3


@step_type(kinds.YOUR_SHIP)
class YourShip(DeaconStep):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Where is your Ship now?")

    def highlight(self, state: DeaconState, step: Step) -> dict[str, Any] | None:
        return {"island": state.you_at}

    def question(self, state: DeaconState, step: Step) -> Question:
        return space(msg("Your Ship's island"), island_spaces(state))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.you_at = int(value[1:])


class YourBallParams(TypedDict):
    more: NotRequired[bool]  # another one, after a sector you closed


@step_type(kinds.YOUR_BALL)
class YourBall(DeaconStep, TypedParams[YourBallParams]):
    """Your Reef Balls close sectors and count in the majorities at the end."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if self.params(step).get("more"):
            return msg("Another Reef Ball of yours?")
        return msg("Did you deploy Reef Balls? Tap each route")

    def question(self, state: DeaconState, step: Step) -> Question:
        spaces = [s for s in route_spaces(state) if not state.has_ball(YOU, s[1:])]
        return space(msg("Your Reef Ball's route"), [NONE, *spaces])

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        if value == NONE:
            return
        closed = place_ball(state, YOU, value[1:])
        ctx.insert(
            *(new(kinds.CLEANING, sector=s, by=YOU) for s in closed),
            new(kinds.YOUR_BALL, more=True),
        )


@step_type(kinds.YOUR_VP)
class YourVp(DeaconStep):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Your score now")

    def question(self, state: DeaconState, step: Step) -> Question:
        return number(msg("Your VP on the score track"), 0, MAX_VP)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.your_vp = int(value)


@step_type(kinds.OBJECTIVE)
class Objective(DeaconStep):
    """Deacon rulebook, "Objectives": at 22 VP, whoever has the least VP — you: draw 3
    Objective cards, keep 1; Deacon: draw only 2, keep 1. Deacon does not get one."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if state.objective == YOU:
            return msg("22 VP reached and you have the least: draw 3 Objective cards, keep 1")
        return msg("22 VP reached and Deacon has the least: draw 2 Objective cards, keep 1")

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return msg("Discard the others. Deacon does not get an Objective card.")

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        pass


# --- the end ----------------------------------------------------------------------------


@step_type(kinds.REMOVE_SHIPS)
class RemoveShips(DeaconStep):
    """ "End of the game": "At the end of the last round, remove Ship tokens from the main
    board and proceed to the final scoring." """

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("The last round is over: remove both Ship tokens from the main board")

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.at = state.you_at = None


ASKED = {
    # "1. You reveal your Objective card and gain points depending on fulfilled conditions."
    "objective": (msg("Your Objective card: the VP it gives you"), 0, 60),
    # "2A. 1 VP per Mission they have fulfilled."
    "missions": (msg("Missions you fulfilled"), 0, 30),
    # "2B. VP according to their position on the Research track."
    "research": (msg("Your Scientist's space on the Research track"), 1, 30),
    # "2C. ... their Diver's position on the Seafloor track".
    "diver": (msg("Your Diver's step on the Seafloor track (0: not on it)"), 0, 30),
    "neutrals": (msg("How many neutral Divers are on the Seafloor track?"), 0, 3),
    # "2D. 3 VP for each set of 3 different resources still in your Cargo area".
    "sets": (msg("Sets of 3 different resources in your Cargo area"), 0, 20),
    # "2E. VP from the unused Pollution tiles they own."
    "pollution": (msg("VP of your unused Pollution tiles"), -60, 60),
}


class ScoreYouParams(TypedDict):
    what: str  # a key of ASKED


@step_type(kinds.SCORE_YOU)
class ScoreYou(DeaconStep, TypedParams[ScoreYouParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return ASKED[self.params(step)["what"]][0]

    def question(self, state: DeaconState, step: Step) -> Question:
        _, low, high = ASKED[self.params(step)["what"]]
        return number(None, low, high)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        what = self.params(step)["what"]
        state.score[what] = int(value)
        if what == "neutrals":
            state.score["neutral_steps"] = []
            ctx.insert(*(new(kinds.NEUTRAL_DIVER, n=n) for n in range(1, int(value) + 1)))


class NeutralDiverParams(TypedDict):
    n: int


@step_type(kinds.NEUTRAL_DIVER)
class NeutralDiver(DeaconStep, TypedParams[NeutralDiverParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Neutral Diver {n}: its step on the Seafloor track", n=self.params(step)["n"])

    def question(self, state: DeaconState, step: Step) -> Question:
        return number(None, 0, 30)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.score.setdefault("neutral_steps", []).append(int(value))


def scoring_steps() -> list[Step]:
    return [new(kinds.REMOVE_SHIPS)] + [new(kinds.SCORE_YOU, what=what) for what in ASKED]


# --- the score sheet ----------------------------------------------------------------------


def research_vp(state: DeaconState, space_no: int) -> int:
    spaces = state.components.get("research", {}).get("spaces", [])
    if not spaces:
        return 0
    return int(spaces[min(max(space_no, 1), len(spaces)) - 1]["vp"])


def ranked(entries: list[tuple[str, int, int]], awards: tuple[int, ...]) -> dict[str, int]:
    """Places by (how far, Research level), higher first; an exact tie shares the better
    place. Returns what each entrant gains."""
    order = sorted(entries, key=lambda e: (-e[1], -e[2]))
    gains: dict[str, int] = {}
    for who, far, level in order:
        place = next(i for i, e in enumerate(order) if (e[1], e[2]) == (far, level))
        gains[who] = awards[place] if place < len(awards) else 0
    return gains


def diver_race(state: DeaconState) -> dict[str, int]:
    """ "2C": 12 / 10 / 6 VP by Diver position; neutral Divers take part with a Research
    level of 5; ties broken by Research level."""
    entries = [
        (DEACON, state.diver, state.research),
        (YOU, state.score.get("diver", 0), state.score.get("research", 1)),
    ]
    entries += [
        (f"neutral{n}", step, NEUTRAL_RESEARCH)
        for n, step in enumerate(state.score.get("neutral_steps", []))
    ]
    return ranked(entries, DIVER_RACE)


def sector_majorities(state: DeaconState) -> dict[str, list[tuple[str, int]]]:
    """ "3": each cleaned sector: most Reef Balls on its routes 2 VP per shark, second 1
    VP per shark; ties broken by the Research track."""
    won: dict[str, list[tuple[str, int]]] = {DEACON: [], YOU: []}
    levels = {DEACON: state.research, YOU: state.score.get("research", 1)}
    for sector, (routes, sharks) in sectors(state.board).items():
        if sector not in state.cleaned:
            continue
        counts = {who: sum(1 for r in routes if state.has_ball(who, r)) for who in (DEACON, YOU)}
        present = [(who, counts[who], levels[who]) for who in (DEACON, YOU) if counts[who]]
        gains = ranked(present, (2 * sharks, sharks))
        for who, points in gains.items():
            if points:
                won[who].append((sector, points))
    return won


def pollution_vp(state: DeaconState) -> int:
    values = state.components.get("pollution", {})
    return sum(state.pollution[size] * int(values.get(size, 0)) for size in SIZES)


def deacon_lines(state: DeaconState) -> list[ScoreLine]:
    race = diver_race(state)
    lines = [
        ScoreLine(msg("VP during the game"), state.total_vp),
        ScoreLine(msg("Objective (Deacon always gains 15)"), OBJECTIVE_VP),
        ScoreLine(msg("Missions: 1 VP each"), len(state.missions)),
        ScoreLine(
            msg("Research track, space {n}", n=state.research), research_vp(state, state.research)
        ),
        ScoreLine(msg("Diver race, step {n}", n=state.diver), race[DEACON]),
        ScoreLine(msg("Pollution tiles"), pollution_vp(state)),
    ]
    rows = state.components.get("crew", {}).get("rows", [])
    if state.side == "B" and rows:
        lines.append(
            ScoreLine(msg("Filled Crew rows (B side)"), FULL_ROW_VP * full_rows(state, rows))
        )
    return lines


def your_lines(state: DeaconState) -> list[ScoreLine]:
    s = state.score
    race = diver_race(state)
    return [
        ScoreLine(msg("VP during the game"), state.your_vp),
        ScoreLine(msg("Your Objective card"), s.get("objective", 0)),
        ScoreLine(msg("Missions: 1 VP each"), s.get("missions", 0)),
        ScoreLine(
            msg("Research track, space {n}", n=s.get("research", 1)),
            research_vp(state, s.get("research", 1)),
        ),
        ScoreLine(msg("Diver race, step {n}", n=s.get("diver", 0)), race[YOU]),
        ScoreLine(msg("Sets of 3 resources: 3 VP each"), SET_OF_RESOURCES_VP * s.get("sets", 0)),
        ScoreLine(msg("Pollution tiles"), s.get("pollution", 0)),
    ]


def sector_lines(state: DeaconState, who: str) -> list[ScoreLine]:
    return [
        ScoreLine(msg("Sector {sector}", sector=sector), points)
        for sector, points in sector_majorities(state)[who]
    ]


def totals(state: DeaconState) -> dict[str, int]:
    return {
        DEACON: sum(p for _, p in deacon_lines(state) + sector_lines(state, DEACON)),
        YOU: sum(p for _, p in your_lines(state) + sector_lines(state, YOU)),
    }


def score_sheet(state: DeaconState) -> ScoreSheet:
    """ "If you have more VP than Deacon, you win. If you are tied or have fewer VP, then
    you lose." """
    total = totals(state)
    sides = []
    for who, lines, label in (
        (YOU, your_lines(state), msg("You")),
        (DEACON, deacon_lines(state), msg("Deacon")),
    ):
        sides.append(
            ScoreSide(
                msg("{who}: {n} VP", who=label, n=total[who]),
                total[who],
                (
                    ScoreGroup(None, tuple(lines)),
                    ScoreGroup(msg("Cleaned sectors"), tuple(sector_lines(state, who))),
                ),
                bot=who == DEACON,
            )
        )
    if total[YOU] > total[DEACON]:
        winner = msg("You win, {you} to {deacon}.", you=total[YOU], deacon=total[DEACON])
    elif total[YOU] == total[DEACON]:
        winner = msg("A tie is your loss: Deacon wins at {n} each.", n=total[YOU])
    else:
        winner = msg("Deacon wins, {deacon} to {you}.", you=total[YOU], deacon=total[DEACON])
    return ScoreSheet(
        msg("Final scoring"), tuple(sides), winner, msg("Close the game"), standings(state, total)
    )


def standings(state: DeaconState, total: dict[str, int]) -> tuple[Standing, ...]:
    """Deacon (the bot, its side and difficulty modifiers) and you. "If you have more VP
    than Deacon, you win. If you are tied or have fewer VP, then you lose." Setup: "You
    are the first player"; difficulty modifiers: "Deacon is the first player"."""
    won = total[YOU] > total[DEACON]
    deacon_first = state.turns.order[0].kind == DEACON
    modifiers = deacon_first + bool(state.advanced) + state.crew_bonus
    role = msg("Side {side}", side=state.side)
    if modifiers:
        role = nmsg(
            "Side {side}, {n} difficulty modifier",
            "Side {side}, {n} difficulty modifiers",
            modifiers,
            side=state.side,
        )
    return (
        Standing(msg("Deacon"), total[DEACON], not won, bot=True, first=deacon_first, role=role),
        Standing(msg("You"), total[YOU], won, first=not deacon_first),
    )


def close_sheet(state: DeaconState, sheet: ScoreSheet) -> None:
    state.score["totals"] = totals(state)
