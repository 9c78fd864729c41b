"""The night phase, every step in the rulebook's order ("Night Phase" 1–7), then the
end-of-night check ("Character death"). Botdeck rolls the Compass die for every group
and the Bandit die (or reads the table's own roll), and shows every move on the map."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Step, TypedParams, msg, nmsg
from ...engine.questions import Question, choice, choose, confirm, dice
from . import kinds
from .death import death_choice, dies
from .land import remove_tiles, too_far_east
from .night import (
    Move,
    appear,
    appear_rolls,
    attack_order,
    furthest_forward,
    move_bandits,
    roll_compass,
    split_groups,
)
from .state import SOLO, BanditsState, cell_id, parse_cell
from .stepkit import STEP_TYPES, BanditsStep, Reminder, names, new, tile_name
from .steps_battle import battle_steps

FINE = "fine"


def night_steps() -> list[Step]:
    return [
        new(kinds.TRACKER),
        new(kinds.TRADE_ROW),
        new(kinds.EXHAUSTION),
        new(kinds.ATTACKS),
        new(kinds.MOVES),
        new(kinds.FAR_EAST),
        new(kinds.APPEAR_ROLL),
        new(kinds.NIGHT_END),
    ]


@STEP_TYPES.register(kinds.TRACKER)
class Tracker(BanditsStep):
    """Night phase 1: "Move the Bandit Tracker. One space on the score board." The
    players lose "when the bandits reach the end of their score track"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Move the Bandit Tracker one space, to {space}", space=state.tracker + 1)

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        if state.board is None:
            return None
        left = state.board.bandit_end - state.tracker - 1
        if left <= 0:
            return msg("That is the end of the Bandit track: the Bandits win.")
        return nmsg(
            "{n} space left before the end of the Bandit track.",
            "{n} spaces left before the end of the Bandit track.",
            left,
        )

    def question(self, state: BanditsState, step: Step) -> Question:
        return confirm()

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        state.tracker += 1


@STEP_TYPES.register(kinds.TRADE_ROW)
class TradeRow(Reminder):
    """Night phase 2: "Move the Trade Row"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Move the Trade Row")

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg(
            "1. The rightmost card to the Trade Row discard pile. 2. Every card one space "
            "right. 3. A card from the draw pile into the leftmost space."
        )


@STEP_TYPES.register(kinds.EXHAUSTION)
class Exhaustion(Reminder):
    """Night phase 3: "Everyone takes an Exhaustion Card ... to the top of their Discard
    Pile (Or Draw pile if they prefer)" — in solo, both characters."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("{who}: take an Exhaustion card each", who=names(state, state.living))

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        solo = msg("Both your characters take one. ") if state.mode == SOLO else msg("")
        return msg(
            "{solo}From the E pile to the top of your discard pile (or draw pile if you prefer).",
            solo=solo,
        )


@STEP_TYPES.register(kinds.ATTACKS)
class Attacks(BanditsStep):
    """Night phase 4: "Starting From West to East, Each Group of bandits on the same
    tile as a player Attacks"."""

    automatic = True

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Bandits attack")

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        order = attack_order(state)
        if not order:
            ctx.note(msg("No bandits share a tile with a player: no attack."))
        for cell in reversed(order):  # each inserted right after this step: west first
            ctx.insert(*battle_steps(cell, night=True))


@STEP_TYPES.register(kinds.MOVES)
class Moves(BanditsStep):
    """Night phase 5: Botdeck rolls the Compass die for every group that moves."""

    automatic = True
    hidden_unless_noted = True

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Bandits move")

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        moves = move_bandits(state, roll_compass(ctx.rng("compass")))
        if not moves and not any(state.bandits.values()):
            ctx.note(msg("No bandits on the map: none move."))
            return
        if not moves:
            ctx.note(msg("No group moves: every one is on a Bandit Camp or a player's tile."))
            return
        ctx.insert(new(kinds.MOVES_SHOWN, moves=[m.to_json() for m in moves]))


def move_of(data: dict[str, Any]) -> Move:
    return Move(**{**data, "start": tuple(data["start"]), "end": tuple(data["end"])})


def move_said(move: Move) -> Msg:
    where = tile_name(move.start)
    if move.how == "plus":
        said = msg("{tile} rolled +: one more bandit ({n})", tile=where, n=move.size)
    elif move.how == "blocked":
        said = msg(
            "{tile} rolled {roll}, no tile that way or back: one more bandit ({n})",
            tile=where,
            roll=move.roll,
            n=move.size,
        )
    elif move.how == "opposite":
        said = msg(
            "{tile} rolled {roll}, no tile that way: {n} move back the other way to {to}",
            tile=where,
            roll=move.roll,
            n=move.size,
            to=tile_name(move.end),
        )
    else:
        said = msg(
            "{tile} rolled {roll}: {n} move to {to}",
            tile=where,
            roll=move.roll,
            n=move.size,
            to=tile_name(move.end),
        )
    if move.chained:
        said = msg("{said} (rolled at once: a group came onto it)", said=said)
    if move.merged:
        said = msg("{said}, and the groups merge", said=said)
    return said


class MovesShownParams(TypedDict):
    moves: list[dict[str, Any]]  # each `night.Move.to_json`


@STEP_TYPES.register(kinds.MOVES_SHOWN)
class MovesShown(Reminder, TypedParams[MovesShownParams]):
    """Every roll, move and merge, on the map as arrows and listed."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return nmsg(
            "Move the bandits as the map shows ({n} roll)",
            "Move the bandits as the map shows ({n} rolls)",
            len(self.params(step)["moves"]),
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg("West first, then north. A group on a Bandit Camp or a player's tile stays.")

    def lines(self, state: BanditsState, step: Step) -> list[Msg]:
        return [move_said(move_of(m)) for m in self.params(step)["moves"]]

    def lit(self, state: BanditsState, step: Step) -> list[tuple[int, int]]:
        return sorted({move_of(m).end for m in self.params(step)["moves"]})

    def arrows(self, state: BanditsState, step: Step) -> list[dict[str, Any]]:
        return [
            {"from": cell_id(m.start), "to": cell_id(m.end), "kind": m.how}
            for m in map(move_of, self.params(step)["moves"])
            if m.start != m.end
        ]


@STEP_TYPES.register(kinds.FAR_EAST)
class FarEast(BanditsStep):
    """Night phase 6: "Remove all tiles more than 3 complete spaces East of the Eastmost
    player, along with any Bandits on them"."""

    automatic = True

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Remove tiles far to the east")

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        cells = too_far_east(state)
        if cells:
            ctx.insert(new(kinds.REMOVE_FAR, cells=[cell_id(c) for c in cells]))
        else:  # a step of the rulebook's list: it stays in the checklist, saying why
            ctx.note(msg("No tile is more than 3 spaces east of the eastmost player."))


class RemoveFarParams(TypedDict):
    cells: list[str]  # the tiles removed


@STEP_TYPES.register(kinds.REMOVE_FAR)
class RemoveFar(BanditsStep, TypedParams[RemoveFarParams]):
    def title(self, state: BanditsState, step: Step) -> Msg:
        cells = self.params(step)["cells"]
        bandits = sum(state.bandits.get(parse_cell(c), 0) for c in cells)
        return nmsg(
            "Remove the {n} lit tile more than 3 spaces east of the eastmost player ({b} "
            "bandits on them)",
            "Remove the {n} lit tiles more than 3 spaces east of the eastmost player ({b} "
            "bandits on them)",
            len(cells),
            b=bandits,
        )

    def lit(self, state: BanditsState, step: Step) -> list[tuple[int, int]]:
        return [parse_cell(c) for c in self.params(step)["cells"]]

    def question(self, state: BanditsState, step: Step) -> Question:
        return confirm()

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        remove_tiles(state, [parse_cell(c) for c in self.params(step)["cells"]])


@STEP_TYPES.register(kinds.APPEAR_ROLL)
class AppearRoll(BanditsStep):
    """Night phase 7: the Bandit die "as many times as are indicated in the red star in
    the same section as the furthest forward player or bandit tracker"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return nmsg(
            "Bandits appear: roll the d{sides} Bandit die {n} time",
            "Bandits appear: roll the d{sides} Bandit die {n} times",
            appear_rolls(state),
            sides=state.die,
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg(
            "The red star of the section holding space {space} (the furthest forward of the "
            "players and the Bandit Tracker). Each roll adds a bandit to every tile with "
            "that red-star number.",
            space=furthest_forward(state),
        )

    def question(self, state: BanditsState, step: Step) -> Question:
        count = appear_rolls(state)
        if count == 0:
            return choose(msg("No roll"), choice(FINE, msg("Done"), primary=True))
        return dice(msg("The Bandit die"), *([state.die] * count))

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        rolls = [] if value == FINE else [int(face) for face in value]
        added = appear(state, rolls)
        splits, left = split_groups(state)
        for cell in left:
            ctx.note(
                msg(
                    "{tile} keeps {n}: no tile is free around it.",
                    tile=tile_name(cell),
                    n=state.bandits[cell],
                ),
                places=[cell_id(cell)],
            )
        if added or splits:
            ctx.insert(
                new(
                    kinds.APPEAR_SHOWN,
                    added=[[cell_id(c), n] for c, n in added.items()],
                    splits=[s.to_json() for s in splits],
                )
            )
        elif not rolls:
            ctx.note(msg("The section's red star is 0: no bandit appears."))
        else:
            ctx.note(msg("No tile has that red-star number: no bandit appears."))


class AppearShownParams(TypedDict):
    added: list[list[Any]]  # each [tile, bandits that appeared there]
    splits: list[dict[str, Any]]  # each `night.Split.to_json`


@STEP_TYPES.register(kinds.APPEAR_SHOWN)
class AppearShown(Reminder, TypedParams[AppearShownParams]):
    """ "If after bandits appear, a group of bandits has 6 or more members, split the
    group": one bandit to each of the four directions that has a tile, again while any
    group has 6 or more."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        total = sum(n for _, n in self.params(step)["added"])
        return nmsg("Add {n} bandit as the map shows", "Add {n} bandits as the map shows", total)

    def lines(self, state: BanditsState, step: Step) -> list[Msg]:
        p = self.params(step)
        said = [
            nmsg("{tile}: +{n} bandit", "{tile}: +{n} bandits", n, tile=tile_name(c))
            for c, n in p["added"]
        ]
        for split in p["splits"]:
            said.append(
                nmsg(
                    "{tile} had {size}: it splits, one bandit to each of {n} tile around it",
                    "{tile} had {size}: it splits, one bandit to each of {n} tiles around it",
                    len(split["to"]),
                    tile=tile_name(tuple(split["cell"])),
                    size=split["size"],
                )
            )
        return said

    def lit(self, state: BanditsState, step: Step) -> list[tuple[int, int]]:
        return sorted(parse_cell(c) for c, _ in self.params(step)["added"])

    def arrows(self, state: BanditsState, step: Step) -> list[dict[str, Any]]:
        return [
            {"from": cell_id(tuple(s["cell"])), "to": cell_id(tuple(to)), "kind": "split"}
            for s in self.params(step)["splits"]
            for to in s["to"]
        ]


@STEP_TYPES.register(kinds.NIGHT_END)
class NightEnd(BanditsStep):
    """ "Character death": "at the end of the Night phase, if a player's hand has at
    least as many cards (of any kind) in their hand as their hand size ... that
    character dies"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("End of the night: does any hand hold as many cards as its hand size?")

    def question(self, state: BanditsState, step: Step) -> Question:
        return choose(
            msg("Hands"),
            choice(FINE, msg("Every hand is below its hand size"), primary=True),
            *(death_choice(state, i, str(i)) for i in state.living),
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        if value != FINE:
            dies(state, int(value), ctx)
