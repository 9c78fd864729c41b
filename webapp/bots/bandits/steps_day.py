"""The day: the players act at the table and tell Botdeck, by tapping the map, only
what it cannot know — a tile revealed, a meeple moved, a railway built, bandits removed
— or ask it for dice and battles. Each answer is logged and undone like any other."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, InvalidAnswer, Msg, Step, TypedParams, msg, nmsg
from ...engine.questions import (
    Field,
    Question,
    choice,
    choose,
    dice,
    fields,
    job_dice,
    number,
    space,
)
from . import kinds
from .death import death_choice, dies
from .land import add_bandits, reveal, westmost_railway
from .night import d6_successes
from .state import VERSUS, BanditsState, Tile, cell_id
from .stepkit import STEP_TYPES, BanditsStep, TileParams, cell_of, new, tile_name
from .steps_battle import battle_steps
from .steps_setup import describe_tile, tile_fields, tile_form
from .words import pile_out_said

NIGHT, SCORE, TRAY = "night", "score", "tray"
BACK, CORRECT, RAILWAY, REMOVE, FIGHT, TAKE_OFF = (
    "back",
    "correct",
    "railway",
    "remove",
    "fight",
    "take_off",
)
MOST_DICE = 30
DIES = "dies:"  # a tile's answer: that character's hand is full (`dies:1`)


def day_steps() -> list[Step]:
    return [new(kinds.DAY_MAP)]


@STEP_TYPES.register(kinds.DAY_MAP)
class DayMap(BanditsStep):
    """ "Day Phase": draw cards, untap, actions, discard Item cards, pass the P1 token.
    The map step comes back after every change until the night falls."""

    hidden_unless_noted = True

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Play your day; tap a tile on the map when something changes on it")

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        if state.mode == VERSUS:
            day = msg(
                "Draw up to your hand size, untap your Character card; the P1 player takes "
                "one action, then 1 or 2 each clockwise until all pass; discard Item cards "
                "if you wish; pass the P1 token left."
            )
        else:
            day = msg(
                "Draw up to your hand size, untap your Character card, take your actions in "
                "any order, then discard Item cards if you wish."
            )
        # "Character death": "If a players hand EVER has as many danger cards as their
        # hand limit that character dies" — by day too: said where the day is played.
        death = msg(
            "A hand that ever holds as many Danger cards as its hand limit: tap that "
            "character's tile."
        )
        return msg("{day} {death}", day=day, death=death)

    def question(self, state: BanditsState, step: Step) -> Question:
        return space(
            msg("Which tile?"),
            [cell_id(c) for c in sorted(state.tiles)],
            listed=False,
            choices=(
                choice(SCORE, msg("Score points")),
                choice(TRAY, msg("Roll job dice")),
                # "Order of Play": the day ends and the night begins — not one of the
                # day's actions, so a plain button set apart from them
                choice(NIGHT, msg("Night falls"), apart=True),
            ),
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        if value == NIGHT:
            return
        if value == SCORE:
            ctx.insert(new(kinds.SCORE), new(kinds.DAY_MAP))
        elif value == TRAY:
            ctx.insert(new(kinds.TRAY), new(kinds.DAY_MAP))
        else:
            ctx.insert(new(kinds.TILE, cell=value), new(kinds.DAY_MAP))


@STEP_TYPES.register(kinds.TILE)
class TileStep(BanditsStep, TypedParams[TileParams]):
    """A tile tapped: a face-down one is revealed (or corrected); on a face-up one a
    meeple arrives, a railway is built, bandits are removed or fought."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        p = self.params(step)
        tile = state.tiles.get(cell_of(p))
        if tile is not None and not tile.up:
            return msg("Revealed: what is on {tile}?", tile=tile_name(cell_of(p)))
        return msg("What happens on {tile}?", tile=tile_name(cell_of(p)))

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        cell = cell_of(self.params(step))
        tile = state.tiles.get(cell)
        if tile is not None and not tile.up:
            return msg(
                "A Bandit Camp adds a bandit; face-down tiles are put on its empty sides, "
                "except east of the eastmost tile."
            )
        return None

    def question(self, state: BanditsState, step: Step) -> Question:
        cell = cell_of(self.params(step))
        tile = state.tiles.get(cell)
        back = choice(BACK, msg("Nothing: back to the map"))
        fix = choice(CORRECT, msg("Correct this tile"))
        if tile is None:
            return choose(msg("This tile is no longer on the map"), back)
        if not tile.up:
            return tile_form(msg("Reveal it"), back, fix)
        bandits = state.bandits.get(cell, 0)
        offered = [
            choice(f"move:{i}", msg("Move {name}'s meeple here", name=state.names[i]))
            for i in state.living
            if state.meeples[i] != cell
        ]
        if not tile.railway:
            # shown with the rule's words, not tappable, and refused in them if sent
            refused = railway_refused(cell) if bandits else None
            offered.append(choice(RAILWAY, msg("A Railway is built here"), refused=refused))
        if bandits:
            offered.append(choice(REMOVE, msg("Bandits are removed here by a job")))
            hint = None if state.on_tile(cell) else msg("No meeple is on this tile")
            offered.append(choice(FIGHT, msg("The players attack the bandits here"), hint))
        offered += [death_choice(state, i, DIES + str(i)) for i in state.on_tile(cell)]
        return choose(msg("What happened?"), *offered, fix, back)

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        cell = cell_of(p)
        tile = state.tiles.get(cell)
        if value == BACK or tile is None:
            return
        if value == CORRECT:
            ctx.insert(new(kinds.CORRECT_TILE, cell=p["cell"]))
        elif isinstance(value, dict):
            revealed = reveal(state, cell, value["type"], value["star"], value["camp"])
            if revealed.camp:
                ctx.note(
                    msg("A Bandit Camp: a bandit is added to {tile}.", tile=tile_name(cell)),
                    places=[cell_id(cell)],
                )
            if revealed.new:
                ctx.note(
                    nmsg(
                        "Put {n} tile face down around {tile}.",
                        "Put {n} tiles face down around {tile}.",
                        len(revealed.new),
                        tile=tile_name(cell),
                    ),
                    places=[cell_id(c) for c in revealed.new],
                )
            for out in revealed.pile_out:
                ctx.note(pile_out_said(state, out))
        elif value.startswith("move:"):
            character = int(value.split(":")[1])
            state.meeples[character] = cell
        elif value.startswith(DIES):
            dies(state, int(value.removeprefix(DIES)), ctx)
        elif value == RAILWAY:
            # where bandits are, it is refused when tapped (its choice's `refused`); a log
            # of a release that allowed it replays it as built then
            here = state.on_tile(cell)
            if len(here) == 1:
                build_railway(state, cell, here[0], ctx)
            else:
                ctx.insert(new(kinds.RAILWAY_BY, cell=p["cell"]))
        elif value == REMOVE:
            ctx.insert(new(kinds.REMOVE_BANDITS, cell=p["cell"]))
        elif value == FIGHT:
            ctx.insert(*battle_steps(cell, night=False))


def railway_refused(cell: tuple[int, int]) -> Msg:
    """Rules, "Build Railway": "Cannot be done if there are bandits on the tile." """
    return msg(
        "No Railway on {tile}: “Cannot be done if there are bandits on the tile.”",
        tile=tile_name(cell),
    )


def build_railway(state: BanditsState, cell: tuple[int, int], builder: int, ctx: Context) -> None:
    """Rules, "Build Railway": "If this is the most West Railway yet, score 3 VP.
    Otherwise score 2 VP". ("Cannot be done if there are bandits on the tile": the tile's
    menu refuses it. The releases up to that of 2026-11-25 let it be built, and a
    game they logged replays as they played it: `questions.forbidden_now`.)"""
    points = 3 if westmost_railway(state, cell) else 2
    state.tiles[cell].railway = True
    state.add_score(builder, points)
    ctx.note(
        nmsg(
            "{name} scores {n} VP for the railway.",
            "{name} scores {n} VP for the railway.",
            points,
            name=state.names[builder],
        ),
        places=[cell_id(cell)],
    )


@STEP_TYPES.register(kinds.RAILWAY_BY)
class RailwayBy(BanditsStep, TypedParams[TileParams]):
    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Who built the railway on {tile}?", tile=tile_name(cell_of(self.params(step))))

    def question(self, state: BanditsState, step: Step) -> Question:
        here = state.on_tile(cell_of(self.params(step))) or state.living
        return choose(
            msg("The builder"), *(choice(str(i), msg("{name}", name=state.names[i])) for i in here)
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        build_railway(state, cell_of(self.params(step)), int(value), ctx)


@STEP_TYPES.register(kinds.REMOVE_BANDITS)
class RemoveBandits(BanditsStep, TypedParams[TileParams]):
    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg(
            "How many bandits are removed from {tile}?", tile=tile_name(cell_of(self.params(step)))
        )

    def question(self, state: BanditsState, step: Step) -> Question:
        return number(
            msg("Bandits removed"), 1, max(state.bandits.get(cell_of(self.params(step)), 0), 1)
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        cell = cell_of(self.params(step))
        taken = min(int(value), state.bandits.get(cell, 0))
        add_bandits(state, cell, -taken)
        state.removed += taken


@STEP_TYPES.register(kinds.CORRECT_TILE)
class CorrectTile(BanditsStep, TypedParams[TileParams]):
    """*Correct* for any tile: face up or down, what it shows, its railway and bandits;
    or off the map."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Correct {tile}", tile=tile_name(cell_of(self.params(step))))

    def question(self, state: BanditsState, step: Step) -> Question:
        cell = cell_of(self.params(step))
        tile = state.tiles.get(cell, Tile())
        return fields(
            msg("The tile as it is on the table"),
            Field("up", msg("Face up"), "yesno", default=tile.up),
            *tile_fields(tile, type_required=False),
            Field("railway", msg("A Railway token"), "yesno", default=tile.railway),
            Field(
                "bandits",
                msg("Bandits on it"),
                "number",
                minimum=0,
                maximum=99,
                default=state.bandits.get(cell, 0),
            ),
            submit=msg("Save the tile"),
            choices=(
                choice(TAKE_OFF, msg("Take this tile off the map")),
                choice(BACK, msg("Nothing: back to the map")),
            ),
            describe=describe_correction,
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        cell = cell_of(self.params(step))
        if value == BACK:
            return
        if value == TAKE_OFF:
            if len(state.tiles) == 1:
                raise InvalidAnswer(msg("the map keeps at least one tile"))
            state.tiles.pop(cell, None)
            state.bandits.pop(cell, None)
            return
        if value["up"] and value["type"] is None:
            raise InvalidAnswer(msg("a face-up tile needs its type"))
        state.tiles[cell] = Tile(
            up=value["up"],
            type=value["type"] if value["up"] else None,
            star=value["star"] if value["up"] else None,
            camp=value["camp"] and value["up"],
            railway=value["railway"],
        )
        add_bandits(state, cell, int(value["bandits"]) - state.bandits.get(cell, 0))


def describe_correction(value: dict[str, Any]) -> Msg:
    if not value.get("up"):
        return nmsg("face down, {n} bandit", "face down, {n} bandits", int(value["bandits"]))
    return nmsg(
        "{tile}, {n} bandit",
        "{tile}, {n} bandits",
        int(value["bandits"]),
        tile=describe_tile(value),
    )


@STEP_TYPES.register(kinds.SCORE)
class Score(BanditsStep):
    """The mission's scoring is the table's: it says who scored what."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Who scores, and how much?")

    def question(self, state: BanditsState, step: Step) -> Question:
        who: list[Field] = []
        if not state.shared_score:
            who.append(
                Field(
                    "who",
                    msg("Player"),
                    "choice",
                    choices=tuple(
                        choice(str(i), msg("{name}", name=state.names[i])) for i in state.living
                    ),
                )
            )
        return fields(
            msg("Points on the score track"),
            *who,
            Field(
                "points",
                msg("Points (negative to take back)"),
                "number",
                minimum=-max(state.scores),
                maximum=50,
                default=1,
            ),
            submit=msg("Score"),
            describe=lambda value: self.said(state, value),
        )

    def said(self, state: BanditsState, value: dict[str, Any]) -> Msg:
        points = int(value["points"])
        if "who" in value and value["who"] is not None:
            return nmsg(
                "{name}: {n} VP", "{name}: {n} VP", points, name=state.names[int(value["who"])]
            )
        return nmsg("{n} VP", "{n} VP", points)

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        who = int(value.get("who") or 0)
        state.add_score(who, int(value["points"]))
        if min(state.scores) < 0:
            raise InvalidAnswer(msg("a score cannot go below 0"))


@STEP_TYPES.register(kinds.TRAY)
class Tray(BanditsStep):
    """Rules, "Rolling Dice": "+n⬢": roll n dice, gain 1 of the resource per success."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("How many job dice?")

    def question(self, state: BanditsState, step: Step) -> Question:
        return fields(
            msg("The dice tray"),
            Field("count", msg("Dice"), "number", minimum=1, maximum=MOST_DICE, default=1),
            Field("d6", msg("We roll our own standard d6"), "yesno", default=False),
            submit=msg("Next"),
            describe=lambda value: nmsg("{n} die", "{n} dice", int(value["count"])),
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        ctx.insert(new(kinds.TRAY_ROLL, count=int(value["count"]), d6=bool(value["d6"])))


class TrayRollParams(TypedDict):
    count: int  # dice
    d6: bool  # standard d6 (else job dice)


@STEP_TYPES.register(kinds.TRAY_ROLL)
class TrayRoll(BanditsStep, TypedParams[TrayRollParams]):
    def title(self, state: BanditsState, step: Step) -> Msg:
        p = self.params(step)
        if p["d6"]:
            return nmsg(
                "Roll {n} standard d6: 3–5 is 1 success, 6 is 2",
                "Roll {n} standard d6: 3–5 is 1 success, 6 is 2",
                p["count"],
            )
        return nmsg("Roll {n} job die", "Roll {n} job dice", p["count"])

    def question(self, state: BanditsState, step: Step) -> Question:
        p = self.params(step)
        count = int(p["count"])
        if p["d6"]:
            return dice(msg("Standard d6"), *([6] * count))
        return job_dice(msg("Job dice"), count)

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        faces = [int(face) for face in value]
        total = sum(d6_successes(f) for f in faces) if self.params(step)["d6"] else sum(faces)
        ctx.note(
            nmsg(
                "{n} success: gain {n} of the resource.",
                "{n} successes: gain {n} of the resource.",
                total,
            )
        )
