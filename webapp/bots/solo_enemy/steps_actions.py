"""The six Solo Actions, each with its priority order and its failure rule.

Solo rulebook, "Solo Action Cards — The Actions". Botdeck knows the Enemy's
Resources and what its board prints, so it decides by itself whether an action
can be paid for; what depends on the map is asked, with the rule quoted. A
failed action becomes a move ("Moving a Hero if an Action Fails"); a successful
one may be Followed ("Following a Solo Action Card").
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, msg
from ...engine.questions import choose, confirm, number, yes_no
from .cards import action_name
from .faction import RESOURCE_NAMES, RESOURCES, UNIT_NAMES, UNITS
from .rules import (
    BATTLE_VP,
    TOKEN_VP,
    affordable_units,
    can_pay,
    capital_level,
    collect_tokens,
    cost_text,
    cycle_tax,
    gain,
    next_track_cost,
    pay,
    short_of,
    tax_income,
    tower_cost,
    towers_allowed,
    unit_cost,
)
from .state import AIR, COURTYARD, LAND, SEA, EnemyState
from .stepkit import EnemyStep, card_of, choice, hero_name, new, step_type
from .steps_battle import battle_start
from .steps_move import move_start

VESSELS = ("air_vessel", "sea_vessel")


def start_action(state: EnemyState, hero: int, card: dict[str, Any]) -> list[Step]:
    return [new(card["action"], hero=hero, card=card["id"])]


def fail(ctx: Context, step: Step, *reasons: Msg) -> None:
    """Solo rulebook: an action it cannot perform is a Failed Action: that Hero moves."""
    for reason in reasons:
        ctx.note(reason)
    ctx.note(msg("The action fails: {hero} moves instead.", hero=hero_name(step.params["hero"])))
    ctx.insert(move_start(ctx, step.params["hero"], step.params["card"], "failed"))


def then_follow(ctx: Context, step: Step, *table: Step) -> list[Step]:
    """What the table does for a successful action, then the offer to Follow it.

    Solo rulebook, "Following a Solo Action Card": "You may Follow a successful
    Solo Action as if it were a normal action (except for Attack)"; the card says
    whether it may be Followed.
    """
    card = card_of(ctx, step.params["card"])
    steps = list(table)
    if card["follow"] and card["action"] != "attack":
        steps.append(
            new("follow", hero=step.params["hero"], card=card["id"], action=card["action"])
        )
    return steps


def try_units(
    state: EnemyState, ctx: Context, step: Step, action: str, units: tuple[str, ...]
) -> None:
    """The first Unit in priority order it can pay for: is one left in its supply?"""
    can, cannot = affordable_units(state, units)
    if not can:
        fail(ctx, step, *cannot)
        return
    skipped = units.index(can[0])
    for reason in cannot[:skipped]:
        ctx.note(reason)
    ctx.insert(
        new("supply", hero=step.params["hero"], card=step.params["card"], action=action, units=can)
    )


class ActionStep(EnemyStep):
    """An action's opening: decided by Botdeck from what it knows, no tap needed."""

    automatic = True
    action = ""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "{hero}: {action}", hero=hero_name(step.params["hero"]), action=action_name(self.action)
        )


@step_type("recruit")
class Recruit(ActionStep):
    action = "recruit"

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        # Solo rulebook, "Recruit": "Air Vessel > Sea Vessel > Warrior > Serf"; it fails
        # if it cannot pay for any Unit or none is left in the supply.
        try_units(state, ctx, step, "recruit", UNITS)


@step_type("supply")
class Supply(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        unit = step.params["units"][0]
        return msg("Is a {unit} left in its supply?", unit=UNIT_NAMES[unit])

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        unit = step.params["units"][0]
        cost = cost_text(unit_cost(state, unit))
        if step.params["action"] == "recruit":
            return msg(
                "It can pay {cost} for it. Recruit goes in priority order: Air Vessel > Sea "
                "Vessel > Warrior > Serf.",
                cost=cost,
            )
        return msg(
            "It can pay {cost} for it. Build goes in priority order: Tower > Air Vessel > "
            "Sea Vessel.",
            cost=cost,
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("In its supply?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        hero, unit, rest = step.params["hero"], step.params["units"][0], step.params["units"][1:]
        if not value:
            if rest:
                ctx.insert(new("supply", **{**step.params, "units": rest}))
            else:
                fail(ctx, step, msg("No Unit it can pay for is left in its supply."))
            return
        ctx.note(pay(state, unit_cost(state, unit)))
        if step.params["action"] == "recruit":
            placed = new("place_unit", hero=hero, unit=unit)
        else:
            placed = new("place_vessel", hero=hero, unit=unit, place=state.heroes[hero].place)
        ctx.insert(*then_follow(ctx, step, placed))


@step_type("place_unit")
class PlaceUnit(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Recruit: put a new {unit} with {hero}",
            unit=UNIT_NAMES[step.params["unit"]],
            hero=hero_name(step.params["hero"]),
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        # Solo rulebook, "Recruit": in the Region of the Hero, part of its army; in its
        # Capital City if the Region's 5-Unit limit is reached; in the Courtyard if the
        # Hero is there.
        if state.heroes[step.params["hero"]].place == COURTYARD:
            return msg("Its Hero is in the Courtyard: the new Unit goes there too.")
        return msg(
            "In that Hero's Region, as part of its army; in its Capital City instead if the "
            "Region already holds 5 of its Units."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Placed"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type("place_vessel")
class PlaceVessel(EnemyStep):
    """Solo rulebook, "Build — Towers and Vessels": where a new Vessel goes, who boards."""

    def _asks_shore(self, step: Step) -> bool:
        return step.params["unit"] == "sea_vessel" and step.params["place"] == LAND

    def title(self, state: EnemyState, step: Step) -> Msg:
        hero = hero_name(step.params["hero"])
        if self._asks_shore(step):
            return msg("Is {hero} on a Shore Region?", hero=hero)
        if step.params["place"] in (AIR, SEA):
            return msg(
                "Build: its new {unit} goes in its Capital City",
                unit=UNIT_NAMES[step.params["unit"]],
            )
        return msg(
            "Build: its new {unit} goes in {hero}'s Region, {hero} aboard",
            unit=UNIT_NAMES[step.params["unit"]],
            hero=hero,
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        if self._asks_shore(step):
            return msg(
                "A Sea Vessel is built in the Hero's Region only on a Shore Region; otherwise "
                "in its Capital City."
            )
        if step.params["place"] in (AIR, SEA):
            return msg("Its Hero is already in a Vessel.")
        return msg(
            "It fits as many Units aboard as it can: its Hero first, then Warriors, then Serfs."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        if self._asks_shore(step):
            return yes_no(msg("On a Shore Region?"))
        return confirm(msg("Built"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        hero = state.heroes[step.params["hero"]]
        if step.params["place"] in (AIR, SEA):
            return
        if self._asks_shore(step) and not value:
            ctx.note(msg("The Sea Vessel is built in its Capital City; its Hero stays."))
            return
        hero.place = AIR if step.params["unit"] == "air_vessel" else SEA
        if self._asks_shore(step):
            ctx.note(
                msg(
                    "The Sea Vessel is built in that Region with the Hero aboard, then as many "
                    "Warriors and Serfs as fit."
                )
            )


@step_type("build_track")
class BuildTrack(ActionStep):
    action = "build_track"

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        # Solo rulebook, "Build — Capital City Track": it must pay the Ore of the next
        # open space; it fails without it. Reaching the end triggers the end (see
        # `after_change`).
        cost = next_track_cost(state)
        if cost is None:
            fail(ctx, step, msg("Its Capital City Track has no space left."))
            return
        if state.resources["ore"] < cost:
            price = {"ore": cost, "mana": 0, "food": 0}
            fail(ctx, step, short_of(state, msg("The next space"), price))
            return
        ctx.note(pay(state, {"ore": cost, "mana": 0, "food": 0}))
        state.track += 1
        ctx.insert(*then_follow(ctx, step, new("track_advance", space=state.track)))


@step_type("track_advance")
class TrackAdvance(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Move its Action Token to space {space} of its Capital City Track",
            space=step.params["space"],
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Its Capital City Level is now {level}.", level=capital_level(state))

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Moved"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type("build_towers")
class BuildTowers(ActionStep):
    action = "build_towers"

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        # Solo rulebook, "Build — Towers and Vessels": Tower > Air Vessel > Sea Vessel.
        allowed = towers_allowed(state)
        hero = state.heroes[step.params["hero"]]
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
            ctx.insert(new("tower_serf", hero=step.params["hero"], card=step.params["card"]))
            return
        try_units(state, ctx, step, "build", VESSELS)


@step_type("tower_serf")
class TowerSerf(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Is one of its Serfs in {hero}'s Region?", hero=hero_name(step.params["hero"]))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("A Tower needs a Serf in the Region: without one it builds a Vessel instead.")

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("A Serf there?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value:
            ctx.insert(new("tower_distance", **step.params))
        else:
            try_units(state, ctx, step, "build", VESSELS)


@step_type("tower_distance")
class TowerDistance(EnemyStep):
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
        cost = tower_cost(value)
        if not can_pay(state, cost):
            ctx.note(short_of(state, msg("A Tower there"), cost))
            try_units(state, ctx, step, "build", VESSELS)
            return
        ctx.note(pay(state, cost))
        state.towers += 1
        ctx.insert(
            *then_follow(
                ctx,
                step,
                new("tower_build", hero=step.params["hero"]),
                new("tower_tokens", hero=step.params["hero"]),
            )
        )


@step_type("tower_build")
class TowerBuild(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Build: put one of its Towers in {hero}'s Region", hero=hero_name(step.params["hero"])
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Built"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type("tower_tokens")
class TowerTokens(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("How many Exploration Tokens does its new Tower reveal around it?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        # Solo rulebook, "Build — Towers and Vessels": the tokens its Tower reveals are
        # collected on its board; "Collecting Exploration Tokens": VP for each.
        return msg(
            "They go on its board whatever they show; it gains {vp} VP for each.", vp=TOKEN_VP
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("Tokens"), 0, 8)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        note = collect_tokens(state, value)
        if note is not None:
            ctx.note(note)


@step_type("research")
class Research(ActionStep):
    action = "research"

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        # Solo rulebook, "Research": it casts its Hero's Spell and gains its VP; it fails
        # only if it cannot pay the Spell.
        assert state.profile is not None
        spell = state.profile["spells"][step.params["hero"]]
        if not can_pay(state, spell["cost"]):
            fail(ctx, step, short_of(state, msg("Its Spell"), spell["cost"]))
            return
        ctx.note(pay(state, spell["cost"]))
        if spell["vp"]:
            state.add_vp("spells", spell["vp"])
            ctx.note(msg("It gains {vp} VP.", vp=spell["vp"]))
        ctx.insert(*then_follow(ctx, step, new("cast_spell", hero=step.params["hero"])))


def spell_name(state: EnemyState, hero: int) -> Msg:
    assert state.profile is not None
    name = state.profile["spells"][hero]["name"]
    return msg("{spell}", spell=name) if name else msg("{hero}'s Spell", hero=hero_name(hero))


@step_type("cast_spell")
class CastSpell(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        hero = step.params["hero"]
        return msg("{hero} casts {spell}", hero=hero_name(hero), spell=spell_name(state, hero))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Apply it as its board says, even if it is useless here. You may interrupt it with "
            "one of your Spells; a Spell you turn against the Enemy: you make its choices."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("The Spell"),
            choice("cast", msg("Applied"), primary=True),
            choice("interrupted", msg("I interrupted it")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value == "interrupted":
            ctx.note(msg("Interrupted: it keeps the VP it gained for casting."))


@step_type("tax")
class Tax(EnemyStep):
    """Solo rulebook, "Tax": it collects every slot of the Tax Track; it cannot fail;
    the tokens cycle after you Follow (or not); then the Hero moves."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("{hero}: Tax", hero=hero_name(step.params["hero"]))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        income = tax_income(state)
        return msg(
            "It collects every slot of the Tax Track: {ore} Ore, {mana} Mana, {food} Food. "
            "Move its Resource Tokens up.",
            ore=income["ore"],
            mana=income["mana"],
            food=income["food"],
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Collected"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        for resource, amount in tax_income(state).items():
            ctx.note(gain(state, resource, amount))
        ctx.insert(
            *then_follow(ctx, step),
            new("tax_cycle"),
            move_start(ctx, step.params["hero"], step.params["card"], "tax"),
        )


@step_type("tax_cycle")
class TaxCycle(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Cycle the Tax Track's Resource Tokens: 2 to 3, 3 to 4, 4 to 2")

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Cycled"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        cycle_tax(state)
        ctx.note(tax_track_text(state))


def tax_track_text(state: EnemyState) -> Msg:
    slots = {slot: r for r, slot in state.tax.items()}
    return msg(
        "Tax Track: {four} on the 4, {three} on the 3, {two} on the 2.",
        four=RESOURCE_NAMES[slots[4]],
        three=RESOURCE_NAMES[slots[3]],
        two=RESOURCE_NAMES[slots[2]],
    )


@step_type("follow")
class Follow(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("You may Follow: {action}", action=action_name(step.params["action"]))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Take the same action as a normal action, if you wish. It does not Follow yours."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("Follow?"),
            choice("follow", msg("I Follow it")),
            choice("pass", msg("I don't")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type("attack")
class Attack(EnemyStep):
    """Solo rulebook, "Attack": only against an army of yours within 2 Regions whose
    Natural Strength is at most its own; the weakest; VP for starting the battle."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "{hero}: Attack. Is an army of yours within 2 Regions of its army, and no stronger?",
            hero=hero_name(step.params["hero"]),
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "It attacks only if your army's Natural Strength is less than or equal to its "
            "army's. Count every Unit in its Hero's Region."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("An army it can attack?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if not value:
            fail(ctx, step, msg("No army of yours within 2 Regions is weak enough."))
            return
        state.add_vp("battles", BATTLE_VP)
        ctx.note(msg("It gains {vp} VP for starting a Battle.", vp=BATTLE_VP))
        hero, card = step.params["hero"], step.params["card"]
        ctx.insert(
            new("attack_path", hero=hero, card=card, compass=card_of(ctx, card)["compass"]),
            battle_start(ctx, "attack", hero),
        )


PATHS = ("next", *RESOURCES, "none")


@step_type("attack_path")
class AttackPath(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Its army marches on your weakest army in reach: which way did it go?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Any direction, up to 2 Regions. Between armies of equal strength the card's "
            "compass decides: from its arrow, clockwise, the first it can reach."
        )

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return {"compass": step.params["compass"], "turning": False}

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("On its way"),
            choice("next", msg("Your army was in the next Region")),
            choice("ore", msg("Through Mountains: +1 Ore")),
            choice("mana", msg("Through a Forest: +1 Mana")),
            choice("food", msg("Through Plains: +1 Food")),
            choice("none", msg("Through a Region without Resources")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value in RESOURCES:
            # Solo rulebook, "Moving and Gaining Resources": 1 Resource on entering a
            # Resource Region; with the Attack card it may gain 2.
            ctx.note(gain(state, value, 1))
        if value != "next":
            ctx.insert(new("move_tokens", hero=step.params["hero"]))
        state.heroes[step.params["hero"]].place = _on_the_map(
            state.heroes[step.params["hero"]].place
        )


def _on_the_map(place: str) -> str:
    return LAND if place == COURTYARD else place
