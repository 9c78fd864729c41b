"""Battles with the Covenant: its cannons, the outcome, plunder and damage.

Solo rulebook, "Battles vs the Wayward Covenant", "Sinking the Wayward
Covenant's Ship" and "The Covenant getting into multiple battles".
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, msg, nmsg
from ...engine.questions import choose, number
from .rules import add_legendary_cube, covenant_cannons, garrison_damage, sink_covenant
from .state import CovenantState
from .stepkit import BUILDING_NAMES, CovenantStep, choice, new, remove_pending, step_type, where


def battle_cannons(state: CovenantState, step: Step) -> Any:
    p = step.params
    return covenant_cannons(
        state, space=p["space"], defending=p["defending"], bonus=p["bonus"], halved=p["halved"]
    )


@step_type("battle")
class Battle(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        p = step.params
        space = where(state, p["space"])
        why = p["why"]
        if why == "player":
            return msg("You attack the Covenant's ship on {space}", space=space)
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
            return msg("The Covenant battles your Ship in Pirate mode on {space}", space=space)
        if why == "pirate_end":
            return msg(
                "It ends its turn where your Ship is in Pirate mode: battle on {space}", space=space
            )
        return msg("The Covenant battles your Fort or Garrison on {space}", space=space)

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        p = step.params
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
            if state.end_by == "covenant" or state.end_by == "player":
                lead = msg("Last turn: you get +2 battle cubes. It wins ties in ship battles.")
        else:
            lead = msg("Normal tie rules apply to building battles.")
        return msg("{lead} It drops {total} battle cubes.", lead=lead, total=cannons.total)

    def view(self, state: CovenantState, step: Step) -> dict[str, Any] | None:
        return {"cannons": battle_cannons(state, step)}

    def question(self, state: CovenantState, step: Step) -> Question:
        if step.params["target"] == "building":
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
        p = step.params
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
                state.sank_you = True
            follow += [
                new("place", space=e["space"], cubes=e["cubes"], source=e["source"])
                for e in p["places"]
            ]
            follow.append(new("plunder"))
            if state.damage < 4:
                follow.append(new("battle_damage"))
        elif value == "you_won":
            if p["places"]:
                ctx.note(msg("It lost: it does not place those cubes."))
            self._lost(state, step, ctx)
            if state.damage < 4:
                follow.append(new("battle_damage"))
            if state.coins or state.cargo:
                follow.append(new("plundered"))
        else:
            ctx.note(sink_covenant(state, on_its_turn=p["why"] != "player"))
            self._lost(state, step, ctx)
        ctx.insert(*follow)

    def _building(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = step.params
        if p["garrison"]:
            # Solo rulebook, "Garrison damage": it takes 1 damage when it gets into
            # a battle with your Garrison, never the 5th this way.
            ctx.note(garrison_damage(state))
        if value == "covenant_won":
            ctx.insert(
                *[
                    new("place", space=e["space"], cubes=e["cubes"], source=e["source"])
                    for e in p["places"]
                ]
            )
        else:
            ctx.note(msg("It lost: it does not place those cubes."))
            self._lost(state, step, ctx)

    @staticmethod
    def _lost(state: CovenantState, step: Step, ctx: Context) -> None:
        if step.params["group"] == "double":
            # "If it loses either battle, it skips all future battles that turn"
            assert ctx.checklist is not None
            if remove_pending(ctx.checklist, lambda s: s.kind == "battle"):
                ctx.note(msg("It lost: it skips its other battles this turn."))


@step_type("battle_damage")
class BattleDamage(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Damage to the Covenant's ship")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much damage did its ship take in this battle?"), 0, 4 - state.damage)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.damage += value


@step_type("plunder")
class Plunder(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Plunder: coins the Covenant took")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Plunder goes straight to its Dock.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins did it plunder?"), 0, 20)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.add_coins(value)
        ctx.insert(new("plunder_cargo"))


@step_type("plunder_cargo")
class PlunderCargo(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Plunder: cargo the Covenant took")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Every 3 cargo on its Dock becomes 1 coin at once.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much cargo did it plunder?"), 0, 20)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        converted = state.add_cargo(value)
        if converted:
            ctx.note(
                nmsg(
                    "Its Dock turns cargo into {n} coin.",
                    "Its Dock turns cargo into {n} coins.",
                    converted,
                )
            )


@step_type("plundered")
class Plundered(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Your plunder from its Dock")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many of its coins did you take?"), 0, state.coins)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.coins -= value
        if state.cargo:
            ctx.insert(new("plundered_cargo"))


@step_type("plundered_cargo")
class PlunderedCargo(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Your plunder: cargo from its Dock")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much of its cargo did you take?"), 0, state.cargo)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.cargo -= value


@step_type("attack_building")
class AttackBuilding(CovenantStep):
    """Your turn: you attack one of its Forts or Garrisons."""

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("You attack its buildings on {space}", space=where(state, step.params["space"]))

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Exactly like a regular building battle.")

    def question(self, state: CovenantState, step: Step) -> Question:
        buildings = state.islands.get(step.params["space"], [])
        choices = [
            choice(b, msg("You destroyed its {building}", building=BUILDING_NAMES[b]))
            for b in buildings
            if b in ("fort", "garrison")
        ]
        choices.append(choice("held", msg("Its buildings held")))
        return choose(msg("What happened?"), *choices)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        buildings = state.islands.get(step.params["space"])
        if value != "held" and buildings is not None and value in buildings:
            buildings.remove(value)
            ctx.note(msg("Its {building} there is removed.", building=BUILDING_NAMES[value]))
