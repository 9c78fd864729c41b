"""C. Deacon's Crew: the three Crew icons of its cards, and what hiring does.

Deacon rulebook, "Hiring crew": it does not spend Coins; it takes the cheapest tile or
whichever colour it has the most of, depending on the icon; tiles go left to right in the
row of their colour; no benefit covered, no column bonus, but 4 VP for a filled row; an
Intern when every row but one is filled and no tile matches the remaining row.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import choice, choose, confirm, entry, yes_no
from . import kinds
from .entry import effects_check
from .rules import cheapest_wanted, hire, intern_row, most_wanted, smallest_row
from .state import DeaconState
from .stepkit import DeaconStep, effect_steps, new, step_type
from .steps_effects import EffectStep, colour


def rows(state: DeaconState) -> list[dict[str, Any]]:
    return state.components["crew"]["rows"]  # type: ignore[no-any-return]


def row_name(state: DeaconState, row: int) -> Msg:
    return msg("its {colour} row", colour=colour(rows(state)[row]["colour"]))


@step_type(kinds.E_CREW_CHEAPEST)
class CrewCheapest(DeaconStep):
    """ "Deacon hires the cheapest Crew tile. If the row with that Crew color already is
    full, then it takes the cheapest of a color it has the least of (topmost if tied)."
    "Hiring crew": it pays no Coins."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Crew: it hires the cheapest Crew tile of the Recruitment Center")

    def question(self, state: DeaconState, step: Step) -> Question:
        return choose(
            msg("The cheapest tile's colour"),
            *(choice(str(r), colour(row["colour"])) for r, row in enumerate(rows(state))),
            choice("none", msg("No Crew tile on offer")),
        )

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        if value == "none":
            ctx.insert(*offer_steps(state, []))
            return
        wanted = cheapest_wanted(state, rows(state), int(value))
        if wanted and wanted[0] == int(value):
            ctx.insert(*hired(state, ctx, int(value)))
        else:
            ctx.insert(*offer_steps(state, wanted))


@step_type(kinds.E_CREW_MOST)
class CrewMost(DeaconStep):
    """ "Deacon hires the cheapest Crew tile of the color that it has the most. If the row
    with that Crew color already is full, or there is no desired color in the offer, it
    takes a Crew of the next color below on the Ship board (bottom row wraps to top)."""

    automatic = True
    hidden_unless_noted = True

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Crew: the colour it has the most of")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        ctx.insert(*offer_steps(state, most_wanted(state, rows(state))))


def offer_steps(state: DeaconState, wanted: list[int]) -> list[Step]:
    if wanted:
        return [new(kinds.CREW_OFFER, rows=wanted)]
    return [new(kinds.CREW_NONE)]


class CrewOfferParams(TypedDict):
    rows: list[int]  # the rows it may take from, the one asked first


@step_type(kinds.CREW_OFFER)
class CrewOffer(DeaconStep, TypedParams[CrewOfferParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        row = self.params(step)["rows"][0]
        return msg(
            "Crew: is there any {colour} Crew tile in the Recruitment Center?",
            colour=colour(rows(state)[row]["colour"]),
        )

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return msg(
            "If there is, it hires the cheapest one, for {row}.",
            row=row_name(state, self.params(step)["rows"][0]),
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        return yes_no(msg("One on offer?"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        row, rest = p["rows"][0], p["rows"][1:]
        if value:
            ctx.insert(*hired(state, ctx, row))
        else:
            ctx.insert(*offer_steps(state, rest))


@step_type(kinds.CREW_NONE)
class CrewNone(DeaconStep):
    """ "Hiring crew": every row but one filled and no matching tile for the remaining
    row: an Intern (the cheapest tile flipped to the wild side)."""

    automatic = True
    hidden_unless_noted = True

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Crew: no tile it wants")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        row = intern_row(state, rows(state))
        if row is None:
            ctx.note(msg("No Crew tile it can take: it hires no one."))
            return
        state.interns += 1
        ctx.insert(new(kinds.CREW_INTERN, row=row))


class RowParams(TypedDict):
    row: int


@step_type(kinds.CREW_INTERN)
class CrewIntern(DeaconStep, TypedParams[RowParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg(
            "Crew: it takes an Intern — the cheapest tile flipped to its wild side — for {row}",
            row=row_name(state, self.params(step)["row"]),
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        points = hire(state, rows(state), self.params(step)["row"])
        if points:
            ctx.note(msg("A full Crew row: +{n} VP.", n=points))


def hired(state: DeaconState, ctx: Context, row: int) -> list[Step]:
    """The tile goes to its row, left to right (Deacon rulebook, "Hiring crew": no
    benefit covered, no column bonus, 4 VP for a filled row)."""
    points = hire(state, rows(state), row)
    ctx.note(
        msg(
            "It hires the cheapest tile of that colour and puts it in {row}, left to right.",
            row=row_name(state, row),
        )
    )
    if points:
        ctx.note(msg("A full Crew row: +{n} VP.", n=points))
    elif state.side == "B" and state.crew[row] >= int(rows(state)[row]["tiles"]):
        ctx.note(msg("A full Crew row: it scores at the end of the game (B side)."))
    if state.crew_bonus:
        # Difficulty modifiers: "Deacon gains printed bonuses for placing Crew tiles on
        # its Ship board as if they were on one of its cards."
        return [new(kinds.CREW_BONUS, row=row)]
    return []


@step_type(kinds.CREW_BONUS)
class CrewBonus(DeaconStep, TypedParams[RowParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg(
            "Crew bonus: what the space it covered in {row} prints",
            row=row_name(state, self.params(step)["row"]),
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        return entry(msg("The bonus"), effects_check(), {"kind": "effects", "what": "bonus"})

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        ctx.insert(*effect_steps(state, value, "bonus", ctx))


@step_type(kinds.E_CREW_SCORE)
class CrewScore(EffectStep):
    """ "1 VP for each Crew tile in the row that contains the fewest tiles (minimum of 1
    VP, because starting Crew also counts)."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Crew: +{n} VP, the tiles in its smallest Crew row", n=smallest_row(state))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.add_vp("crew", smallest_row(state))
