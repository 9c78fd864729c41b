"""A battle, in the rules' order ("Attacking and Defending"): the players choose and pay
their jobs, the attackers roll for hits, the defenders for saves, damage; then the
counter-attack the same way round. Botdeck rolls the bandits' dice (one job die per
bandit on the tile, for attack and for defence alike) and rolls or reads the players'.

Bandits attack at night ("Bandits Attack"); by day the players may attack them
("Attack Bandits"). The battle being fought is `state.battle`.
"""

from __future__ import annotations

from typing import Any, NotRequired

from ...engine import Context, Msg, Step, TypedParams, msg, nmsg
from ...engine.geometry import Cell
from ...engine.questions import Field, Question, choice, choose, fields, job_dice
from . import kinds
from .death import death_choice, dies
from .land import add_bandits
from .night import roll_job_dice
from .state import BanditsState, cell_id
from .stepkit import STEP_TYPES, BanditsStep, TileParams, cell_of, names, new, tile_name

BANDITS, PLAYERS = "bandits", "players"
ATTACK, DEFENCE = "attack", "defence"
MOST_DICE = 30
DONE = "done"


def battle_steps(cell: Cell, *, night: bool) -> list[Step]:
    """ "The order of a battle" 1, then the rolls: at night the bandits attack, by day
    the players do."""
    return [new(kinds.BATTLE_JOBS, cell=cell_id(cell), night=night)]


def rolls_in_order(cell: str, attacker: str, state: BanditsState) -> list[Step]:
    """ "Primary attack" 2–4, "Counter attack" 5–7: each roll a step; the defenders'
    roll settles the damage."""
    defender = PLAYERS if attacker == BANDITS else BANDITS
    order = [(attacker, ATTACK), (defender, DEFENCE), (defender, ATTACK), (attacker, DEFENCE)]
    battle = state.battle or {}
    steps = []
    for n, (side, role) in enumerate(order, start=1):
        if side == BANDITS:
            kind = "bandit_roll"
        else:
            kind = "player_roll" if battle.get(role, 0) > 0 else "no_roll"
        steps.append(new(kind, cell=cell, role=role, last=n == len(order)))
    return steps


class BattleJobsParams(TileParams):
    night: bool  # the bandits attack (by day: the players do)


@STEP_TYPES.register(kinds.BATTLE_JOBS)
class BattleJobs(BanditsStep, TypedParams[BattleJobsParams]):
    """ "1. All players on the tile choose jobs they wish to activate, and pay their cost
    (But do not roll Attack or Defence with dice requirements yet)"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        p = self.params(step)
        cell = cell_of(p)
        n, who, tile = (
            state.bandits.get(cell, 0),
            names(state, state.on_tile(cell)),
            tile_name(cell),
        )
        if p["night"]:
            return nmsg(
                "{n} bandit attacks {who} on {tile}",
                "{n} bandits attack {who} on {tile}",
                n,
                who=who,
                tile=tile,
            )
        return nmsg(
            "{who} against {n} bandit on {tile}",
            "{who} against {n} bandits on {tile}",
            n,
            who=who,
            tile=tile,
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg(
            "Every player on the tile chooses the jobs to use and pays their costs; roll "
            "nothing yet. Then say how many job dice they roll in all."
        )

    def question(self, state: BanditsState, step: Step) -> Question:
        return fields(
            msg("The players' dice"),
            Field("attack", msg("Attack dice"), "number", minimum=0, maximum=MOST_DICE, default=0),
            Field(
                "defence", msg("Defence dice"), "number", minimum=0, maximum=MOST_DICE, default=0
            ),
            submit=msg("Jobs paid: fight"),
            describe=lambda v: msg(
                "{attack} attack, {defence} defence dice",
                attack=int(v["attack"]),
                defence=int(v["defence"]),
            ),
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        attacker = BANDITS if p["night"] else PLAYERS
        state.battle = {
            "cell": p["cell"],
            "attacker": attacker,
            ATTACK: int(value["attack"]),
            DEFENCE: int(value["defence"]),
            "hits": 0,
        }
        ctx.insert(*rolls_in_order(p["cell"], attacker, state))


def settle(state: BanditsState, step: Step, saves: int, ctx: Context) -> None:
    """ "Defenders take 1 damage for every hit above saves": a defender's roll ends an
    attack. "Bandits take 'n' Damage by removing 'n' Bandits from the board. Players take
    'n' damage by all players on the tile taking 'n' Pain cards each"."""
    p = Roll.params(step)
    battle = state.battle or {}
    damage = max(int(battle.get("hits", 0)) - saves, 0)
    cell = cell_of(p)
    defending_bandits = step.kind == "bandit_roll"
    if damage == 0:
        ctx.note(msg("No damage."))
    elif defending_bandits:
        taken = min(damage, state.bandits.get(cell, 0))
        add_bandits(state, cell, -taken)
        state.removed += taken
        ctx.note(
            nmsg(
                "{n} bandit is removed from {tile}.",
                "{n} bandits are removed from {tile}.",
                taken,
                tile=tile_name(cell),
            ),
            places=[cell_id(cell)],
        )
    else:
        ctx.insert(new(kinds.PAIN, cell=p["cell"], pain=damage))
    battle["hits"] = 0
    if p.get("last"):
        state.battle = None  # the counter-attack is settled: the battle is over


class RollParams(TileParams):
    role: str  # ATTACK or DEFENCE
    last: NotRequired[bool]  # the counter-attack's defence: the battle ends with it
    faces: NotRequired[list[int]]  # the bandits' dice, once Botdeck rolled them


class Roll(BanditsStep, TypedParams[RollParams]):
    """One side's roll; the attack's hits are kept for the defenders' roll."""

    def record(self, state: BanditsState, step: Step, total: int, ctx: Context) -> None:
        battle = state.battle or {}
        if self.params(step)["role"] == ATTACK:
            battle["hits"] = total
            ctx.note(nmsg("{n} hit.", "{n} hits.", total))
        else:
            ctx.note(nmsg("{n} save.", "{n} saves.", total))
            settle(state, step, total, ctx)


@STEP_TYPES.register(kinds.BANDIT_ROLL)
class BanditRoll(Roll):
    """ "Bandits have 1⬢ attack and 1⬢ defence for every bandit on the tile"."""

    automatic = True

    def title(self, state: BanditsState, step: Step) -> Msg:
        p = self.params(step)
        n = state.bandits.get(cell_of(p), 0)
        if p["role"] == ATTACK:
            return nmsg(
                "The bandit rolls its attack: {n} job die",
                "The bandits roll their attack: {n} job dice",
                n,
            )
        return nmsg(
            "The bandit rolls its defence: {n} job die",
            "The bandits roll their defence: {n} job dice",
            n,
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        n = state.bandits.get(cell_of(p), 0)
        faces = roll_job_dice(ctx.rng(f"battle/{p['cell']}/{p['role']}"), n)
        p["faces"] = faces
        if faces:
            ctx.note(msg("Botdeck rolled {faces}.", faces=" · ".join(map(str, faces))))
        self.record(state, step, sum(faces), ctx)


@STEP_TYPES.register(kinds.PLAYER_ROLL)
class PlayerRoll(Roll):
    def title(self, state: BanditsState, step: Step) -> Msg:
        p = self.params(step)
        n = int((state.battle or {}).get(p["role"], 0))
        if p["role"] == ATTACK:
            return nmsg(
                "The players roll their attack: {n} job die",
                "The players roll their attack: {n} job dice",
                n,
            )
        return nmsg(
            "The players roll their defence: {n} job die",
            "The players roll their defence: {n} job dice",
            n,
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg("Your own standard d6: 1–2 is 0, 3–5 is 1, 6 is 2.")

    def question(self, state: BanditsState, step: Step) -> Question:
        n = int((state.battle or {}).get(self.params(step)["role"], 0))
        return job_dice(msg("Job dice"), max(n, 1))

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        self.record(state, step, sum(int(face) for face in value), ctx)


@STEP_TYPES.register(kinds.NO_ROLL)
class NoRoll(Roll):
    """A side with no dice for this roll rolls nothing: 0 hits, or 0 saves."""

    automatic = True

    def title(self, state: BanditsState, step: Step) -> Msg:
        if self.params(step)["role"] == ATTACK:
            return msg("The players have no attack dice")
        return msg("The players have no defence dice")

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        self.record(state, step, 0, ctx)


class PainParams(TileParams):
    pain: int  # Pain cards each


@STEP_TYPES.register(kinds.PAIN)
class Pain(BanditsStep, TypedParams[PainParams]):
    """Players' damage; "If a players hand EVER has as many danger cards as their hand
    limit that character dies and is out"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        p = self.params(step)
        return nmsg(
            "{who}: take {n} Pain card each into your discard pile",
            "{who}: take {n} Pain cards each into your discard pile",
            int(p["pain"]),
            who=names(state, state.on_tile(cell_of(p))),
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg(
            "A hand that ever holds as many Danger cards as its hand limit: that character dies."
        )

    def question(self, state: BanditsState, step: Step) -> Question:
        return choose(
            msg("Taken"),
            choice(DONE, msg("Done"), primary=True),
            *(death_choice(state, i, str(i)) for i in state.on_tile(cell_of(self.params(step)))),
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        if value != DONE:
            dies(state, int(value), ctx)
