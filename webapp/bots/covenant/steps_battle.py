"""Battles with the Covenant: its cannons, the outcome, plunder and damage.

Solo rulebook, "Battles vs the Wayward Covenant", "Sinking the Wayward
Covenant's Ship" and "The Covenant getting into multiple battles".
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg, nmsg
from ...engine.questions import choose, number
from . import kinds
from .deck import HARBOR
from .rules import (
    add_legendary_cube,
    covenant_cannons,
    covenant_name,
    garrison_damage,
    sink_covenant,
)
from .state import CovenantState
from .stepkit import (
    BUILDING_NAMES,
    CovenantStep,
    OneSpaceStep,
    PlaceParams,
    SpaceParams,
    at,
    choice,
    new,
    remove_pending,
    step_type,
    where,
)
from .targets import closest, outside_harbor, target_space


class BattleParams(TypedDict):
    """A battle with the Covenant (`stepkit.battle_step` says what each holds)."""

    target: str  # "ship" or "building"
    why: str  # "player", "flag", "top", "pirate_place", "pirate_end", "building"
    space: str | None
    player: NotRequired[int | None]  # a battle stored before 2 vs 2 has none
    bonus: int
    halved: bool
    defending: bool
    group: str | None
    places: list[PlaceParams]
    garrison: bool


def battle_space(state: CovenantState, step: Step) -> str:
    """Where it fights: the space given, or where the player it attacks is."""
    p = Battle.params(step)
    space = p["space"]
    return space if space is not None else target_space(state, p.get("player"))


def battle_cannons(state: CovenantState, step: Step) -> Any:
    p = Battle.params(step)
    return covenant_cannons(
        state,
        space=battle_space(state, step),
        defending=p["defending"],
        bonus=p["bonus"],
        halved=p["halved"],
    )


@step_type(kinds.BATTLE)
class Battle(CovenantStep, TypedParams[BattleParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        space = where(state, battle_space(state, step))
        place = at(state, battle_space(state, step))  # "in the Harbor", "on 2.2"
        why = p["why"]
        if state.coop and why != "player" and p["target"] == "ship":
            player = p.get("player")
            player = state.facts.target if player is None else player
            return msg(
                "{covenant} battles {player}'s Ship {at}",
                covenant=covenant_name(state, state.active),
                player=state.players[player] if player is not None else "?",
                at=place,
            )
        if why == "player":
            return msg("You attack the Covenant's ship {at}", at=place)
        if why == "flag":
            if p["bonus"]:
                return nmsg(
                    "Attack Flag: the Covenant attacks your Ship, +{n} cube this battle",
                    "Attack Flag: the Covenant attacks your Ship, +{n} cubes this battle",
                    p["bonus"],
                )
            return msg("Attack Flag: the Covenant attacks your Ship")
        if why == "top":
            return msg("You carry 3 or more coins: the Covenant attacks your Ship")
        if why == "pirate_place":
            return msg("The Covenant battles your Ship in Pirate mode {at}", at=place)
        if why == "pirate_end":
            return msg("It ends its turn where your Ship is in Pirate mode: battle {at}", at=place)
        return msg("The Covenant battles your Fort or Garrison on {space}", space=space)

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        p = self.params(step)
        cannons = battle_cannons(state, step)
        if p["halved"] and p["target"] == "ship":
            lead = msg(
                "Your Ship first, with half its cannons; then your Fort or Garrison "
                "with the other half. Losing either ends its battles this turn."
            )
        elif p["halved"]:
            lead = msg("Now your Fort or Garrison, with the other half of its cannons.")
        elif p["target"] == "ship" and p["why"] != "player":
            lead = msg("The Covenant has no battle abilities and wins ties in ship battles.")
        elif p["why"] == "player":
            lead = msg("It has no battle abilities and wins ties in ship battles.")
        else:
            lead = msg("Normal tie rules apply to building battles.")
        if state.turns.last_turn:
            # Solo rulebook, "Achievements & end game scoring": on the last turns —
            # yours, or the Covenant's additional one when you claimed a fourth
            # Achievement first — "you get +2 cubes in any battles".
            lead = msg("Last turn: you get +2 battle cubes. {lead}", lead=lead)
        return nmsg(
            "{lead} It drops {n} battle cube.",
            "{lead} It drops {n} battle cubes.",
            cannons.total,
            lead=lead,
        )

    def places(self, state: CovenantState, step: Step) -> list[str]:
        return [battle_space(state, step)]

    def view(self, state: CovenantState, step: Step) -> dict[str, Any] | None:
        return {
            "cannons": battle_cannons(state, step),
            "lit": self.places(state, step),
        }

    def question(self, state: CovenantState, step: Step) -> Question:
        if self.params(step)["target"] == "building":
            return choose(
                msg("Who won?"),
                choice("covenant_won", msg("The Covenant won")),
                choice("held", msg("Your buildings held")),
            )
        return choose(
            msg("Who won?"),
            choice("covenant_won", msg("The Covenant won"), msg("A tie counts as its win")),
            choice("covenant_sank_you", msg("The Covenant won and sank your Ship")),
            choice("you_won", msg("You won")),
            choice("you_sank", msg("You sank the Covenant's ship")),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if p["target"] == "building":
            self._building(state, step, value, ctx)
            return
        state.facts.ship_battles += 1
        follow: list[Step] = []
        if value in ("covenant_won", "covenant_sank_you"):
            # Solo rulebook, "Legendary": a cube each time it defeats your Ship.
            legendary = add_legendary_cube(state)
            if legendary:
                ctx.note(legendary)
            if value == "covenant_sank_you":
                # "Terror of the Sea: If the Covenant ever sinks you, it claims this"
                state.ai.sank_you = True
            follow += [
                new(kinds.PLACE, space=e["space"], cubes=e["cubes"], source=e["source"])
                for e in p["places"]
            ]
            follow.append(new(kinds.PLUNDER))
            if state.ai.damage < 4:
                follow.append(new(kinds.BATTLE_DAMAGE))
        elif value == "you_won":
            if p["places"]:
                ctx.note(msg("It lost: it does not place those cubes."))
            self._lost(state, p, ctx)
            if state.ai.damage < 4:
                follow.append(new(kinds.BATTLE_DAMAGE))
            if state.ai.coins or state.ai.cargo:
                follow.append(new(kinds.PLUNDERED))
        else:
            # its ship goes back to the Harbor
            ctx.note(sink_covenant(state, on_its_turn=p["why"] != "player"), places=[HARBOR])
            self._lost(state, p, ctx)
        ctx.insert(*follow)

    def _building(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if p["garrison"]:
            # Solo rulebook, "Garrison damage": it takes 1 damage when it gets into
            # a battle with your Garrison, never the 5th this way.
            ctx.note(garrison_damage(state), places=[battle_space(state, step)])
        if value == "covenant_won":
            # "Wayward Covenant attacking your Buildings" is a regular building battle:
            # what it leaves there is asked again on its next turn.
            state.facts.battled_islands.append(battle_space(state, step))
            ctx.insert(
                *[
                    new(kinds.PLACE, space=e["space"], cubes=e["cubes"], source=e["source"])
                    for e in p["places"]
                ]
            )
        else:
            ctx.note(msg("It lost: it does not place those cubes."))
            self._lost(state, p, ctx)

    @staticmethod
    def _lost(state: CovenantState, p: BattleParams, ctx: Context) -> None:
        if p["group"] == "double":
            # "If it loses either battle, it skips all future battles that turn"
            assert ctx.checklist is not None
            if remove_pending(ctx.checklist, lambda s: s.kind == "battle"):
                ctx.note(msg("It lost: it skips its other battles this turn."))


@step_type(kinds.BATTLE_DAMAGE)
class BattleDamage(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Damage to the Covenant's ship")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(
            msg("How much damage did its ship take in this battle?"), 0, 4 - state.ai.damage
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.damage += value


@step_type(kinds.PLUNDER)
class Plunder(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Plunder: coins the Covenant took")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Plunder goes straight to its Dock.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins did it plunder?"), 0, 20)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.add_coins(value)
        ctx.insert(new(kinds.PLUNDER_CARGO))


@step_type(kinds.PLUNDER_CARGO)
class PlunderCargo(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Plunder: cargo the Covenant took")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Every 3 cargo on its Dock becomes 1 coin at once.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much cargo did it plunder?"), 0, 20)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        converted = state.ai.add_cargo(value)
        if converted:
            ctx.note(
                nmsg(
                    "Its Dock turns cargo into {n} coin.",
                    "Its Dock turns cargo into {n} coins.",
                    converted,
                )
            )


@step_type(kinds.PLUNDERED)
class Plundered(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Your plunder from its Dock")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many of its coins did you take?"), 0, state.ai.coins)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.coins -= value
        if state.ai.cargo:
            ctx.insert(new(kinds.PLUNDERED_CARGO))


@step_type(kinds.PLUNDERED_CARGO)
class PlunderedCargo(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Your plunder: cargo from its Dock")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much of its cargo did you take?"), 0, state.ai.cargo)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.cargo -= value


@step_type(kinds.ATTACK_BUILDING)
class AttackBuilding(OneSpaceStep[SpaceParams]):
    """Your turn: you attack one of its Forts or Garrisons."""

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "You attack its buildings on {space}", space=where(state, self.params(step)["space"])
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Exactly like a regular building battle.")

    def question(self, state: CovenantState, step: Step) -> Question:
        buildings = state.ai.islands.get(self.params(step)["space"], [])
        choices = [
            choice(b, msg("You destroyed its {building}", building=BUILDING_NAMES[b]))
            for b in buildings
            if b in ("fort", "garrison")
        ]
        choices.append(choice("held", msg("Its buildings held")))
        return choose(msg("What happened?"), *choices)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        buildings = state.ai.islands.get(p["space"])
        if value != "held" and buildings is not None and value in buildings:
            buildings.remove(value)
            ctx.note(
                msg(
                    "Its {building} on {space} is removed.",
                    building=BUILDING_NAMES[value],
                    space=where(state, p["space"]),
                ),
                places=[p["space"]],
            )


class PickTargetParams(TypedDict):
    why: str  # "top" (the icon's attack) or "flag"


@step_type(kinds.PICK_TARGET)
class PickTarget(CovenantStep, TypedParams[PickTargetParams]):
    """Whose Ship an attack goes to (2 vs 2: the target rule)."""

    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Which Ship does it attack?")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        facts = state.facts
        if not state.coop:
            facts.target = 0
            return
        if facts.ship_battles:
            # "Each Covenant AI will only fight 1 player ship at most on its turn."
            self._no_attack(ctx, msg("It already fought a player Ship this turn: no attack."))
            return
        if self.params(step)["why"] == "top":
            # the icon's attack happens "even if you are in Harbor"
            candidates = [p for p, rich in enumerate(facts.rich) if rich]
        else:
            candidates = outside_harbor(state)  # "(A) not in Harbor"
        if not candidates:
            self._no_attack(ctx, msg("Every player is in the Harbor: no attack."))
            return
        nearest = closest(state, candidates)  # "(B) closest to where the AI started"
        if len(nearest) == 1:
            facts.target = nearest[0]
            ctx.note(
                msg(
                    "It attacks {player}: the closest to where it started its turn.",
                    player=state.players[nearest[0]],
                )
            )
        else:
            ctx.insert(new(kinds.TARGET_DAMAGE, players=nearest))

    @staticmethod
    def _no_attack(ctx: Context, why: Msg) -> None:
        assert ctx.checklist is not None
        ctx.note(why)
        following = ctx.checklist.steps[ctx.checklist.cursor + 1 :]
        battle = next((s for s in following if s.kind == "battle"), None)
        if battle is not None:
            remove_pending(ctx.checklist, lambda s: s is battle)


class TargetDamageParams(TypedDict):
    players: list[int]  # the players as close as each other


@step_type(kinds.TARGET_DAMAGE)
class TargetDamage(CovenantStep, TypedParams[TargetDamageParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Both Ships are as close: which has the most damage?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "2-player co-op: if tied, it attacks the player with the most damage on "
            "their Ship who is not in Harbor; if still tied, a coin flip."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return choose(
            msg("More damage on the Ship of…"),
            *(
                choice(str(p), msg("{player}", player=state.players[p]))
                for p in self.params(step)["players"]
            ),
            choice("same", msg("The same damage")),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        players = self.params(step)["players"]
        if value == "same":
            target = ctx.rng("coin").choice(players)
            ctx.note(msg("Coin flip: it attacks {player}.", player=state.players[target]))
        else:
            target = int(value)
        state.facts.target = target
