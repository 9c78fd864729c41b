"""The six Solo Actions, each with its priority order and its failure rule.

Solo rulebook, "Solo Action Cards — The Actions". Botdeck knows the Enemy's
Resources and what its board prints, so it decides by itself whether an action
can be paid for; what depends on the map is asked, with the rule quoted. A
failed action becomes a move ("Moving a Hero if an Action Fails"); a successful
one may be Followed ("Following a Solo Action Card").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import Field, choose, confirm, fields, yes_no
from . import kinds
from .cards import action_name
from .faction import RESOURCE_NAMES, RESOURCES, UNIT_NAMES, UNITS
from .rules import (
    affordable_units,
    can_pay,
    cycle_tax,
    gain,
    pay,
    short_of,
    starts_a_battle,
    tax_income,
    unit_cost,
)
from .state import COURTYARD, LAND, EnemyState
from .stepkit import (
    TAX_TRACK,
    ActionParams,
    EnemyStep,
    HeroParams,
    card_of,
    choice,
    hero_name,
    new,
    slot_place,
    step_type,
)
from .steps_battle import battle_start
from .steps_move import move_start


def fail(state: EnemyState, ctx: Context, p: ActionParams, *reasons: Msg) -> None:
    """Solo rulebook: an action it cannot perform is a Failed Action: that Hero moves."""
    for reason in reasons:
        ctx.note(reason)
    state.heroes[p["hero"]].failed = True
    ctx.note(
        msg("The action fails: {hero} moves instead.", hero=hero_name(p["hero"])),
        places=[slot_place(p["hero"])],
    )
    ctx.insert(move_start(ctx, p["hero"], p["card"], "failed"))


def then_follow(ctx: Context, p: ActionParams, *table: Step) -> list[Step]:
    """What the table does for a successful action, then the offer to Follow it.

    Solo rulebook, "Following a Solo Action Card": "You may Follow a successful
    Solo Action as if it were a normal action (except for Attack)"; the card says
    whether it may be Followed.
    """
    card = card_of(ctx, p["card"])
    steps = list(table)
    if card["follow"] and card["action"] != "attack":
        steps.append(new(kinds.FOLLOW, hero=p["hero"], card=card["id"], action=card["action"]))
    return steps


def try_units(
    state: EnemyState, ctx: Context, p: ActionParams, action: str, units: tuple[str, ...]
) -> None:
    """The Units it can pay for, in priority order: which are left in its supply? (The
    others are said in a note each: the form lists only those it can pay for.)"""
    can, cannot = affordable_units(state, units)
    if not can:
        fail(state, ctx, p, *cannot)
        return
    for reason in cannot:
        ctx.note(reason)
    ctx.insert(
        new(
            kinds.SUPPLY,
            hero=p["hero"],
            card=p["card"],
            action=action,
            units=can,
        )
    )


Price = Callable[[EnemyState, dict[str, int]], Msg]  # `pay`, or `pay_up_to` (overturned)


class ActionStep(EnemyStep, TypedParams[ActionParams]):
    """An action's opening: decided by Botdeck from what it knows, no tap needed. The
    state it decided from is kept: the table may overturn the decision (overturn.py)."""

    automatic = True
    action = ""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "{hero}: {action}",
            hero=hero_name(self.params(step)["hero"]),
            action=action_name(self.action),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        state.decision = {
            "hero": p["hero"],
            "card": p["card"],
            "action": self.action,
            "before": state.to_json(),
        }
        self.perform(state, step, ctx)

    def perform(self, state: EnemyState, step: Step, ctx: Context) -> None:
        raise NotImplementedError


@step_type(kinds.RECRUIT)
class Recruit(ActionStep):
    action = "recruit"

    def perform(self, state: EnemyState, step: Step, ctx: Context) -> None:
        # Solo rulebook, "Recruit": "Air Vessel > Sea Vessel > Warrior > Serf"; it fails
        # if it cannot pay for any Unit or none is left in the supply.
        try_units(state, ctx, self.params(step), "recruit", UNITS)


class SupplyParams(ActionParams):
    action: str  # "recruit" or "build"
    units: list[str]  # what it can pay for, in priority order


@step_type(kinds.SUPPLY)
class Supply(EnemyStep, TypedParams[SupplyParams]):
    """Which of the Units it can pay for are left in its supply, asked in one form: the
    first one left, in priority order, is the one it gets.

    Botdeck knows what it can pay for; only the table sees the supply. Until the form,
    the step asked one Unit at a time ("Is an Air Vessel left in its supply?" yes/no): a
    game logged then still replays, each yes or no read as it was (`formerly`)."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Which of these are left in its supply?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        if self.params(step)["action"] == "recruit":
            # Solo rulebook, "Recruit": "Units are recruited in priority order, meaning if
            # they can not be recruited then move to the next Unit in order: Air Vessel >
            # Sea Vessel > Warrior > Serf."
            return msg(
                "It can pay for each of these. Recruit goes in priority order: Air Vessel > "
                "Sea Vessel > Warrior > Serf; it recruits the first one left."
            )
        # Solo rulebook, "Build — Towers and Vessels": "Tower > Air Vessel > Sea Vessel".
        return msg(
            "It can pay for each of these. Build goes in priority order: Tower > Air Vessel > "
            "Sea Vessel; it builds the first one left."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        units = tuple(self.params(step)["units"])
        return fields(
            msg("Turn off each one its supply has run out of."),
            *(Field(unit, UNIT_NAMES[unit], "yesno", default=True) for unit in units),
            describe=lambda value: left_in_supply(units, value),
            formerly=yes_no(msg("In its supply?")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        units = tuple(p["units"])
        if isinstance(value, bool):  # logged before the form: is the first one left?
            left = {units[0]: value}
            rest = units[1:]
        else:
            left, rest = value, ()
        for unit in units:
            if not left.get(unit):
                continue
            cost = unit_cost(state, unit)
            if not can_pay(state, cost):
                # its Resources were corrected since the question: this Unit is out of reach
                ctx.note(short_of(state, UNIT_NAMES[unit], cost))
                continue
            place_unit(state, ctx, p, unit, pay)
            return
        if rest:  # the former question goes on to the next Unit it can pay for
            try_units(state, ctx, p, p["action"], rest)
            return
        # Solo rulebook, "Recruit": "This action will fail if the Enemy does not have the
        # required Resources available to recruit any Unit OR if no Units are available in
        # the supply."
        fail(state, ctx, p, msg("No Unit it can pay for is left in its supply."))


def left_in_supply(units: tuple[str, ...], value: dict[str, Any]) -> Msg:
    """The form's answer in words: the Units left, in priority order."""
    left = [UNIT_NAMES[unit] for unit in units if value.get(unit)]
    if not left:
        return msg("None left in its supply")
    said = left[-1]
    for name in reversed(left[:-1]):
        said = msg("{first}, {then}", first=name, then=said)
    return msg("Left in its supply: {units}", units=said)


def place_unit(state: EnemyState, ctx: Context, p: SupplyParams, unit: str, price: Price) -> None:
    """The Unit recruited or the Vessel built is paid for and placed; then you may Follow."""
    hero = p["hero"]
    ctx.note(price(state, unit_cost(state, unit)))
    if p["action"] == "recruit":
        placed = new(kinds.PLACE_UNIT, hero=hero, unit=unit)
    else:
        placed = new(kinds.PLACE_VESSEL, hero=hero, unit=unit, place=state.heroes[hero].place)
    ctx.insert(*then_follow(ctx, p, placed))


class PlaceUnitParams(HeroParams):
    unit: str


@step_type(kinds.PLACE_UNIT)
class PlaceUnit(EnemyStep, TypedParams[PlaceUnitParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        return msg(
            "Recruit: put a new {unit} with {hero}",
            unit=UNIT_NAMES[p["unit"]],
            hero=hero_name(p["hero"]),
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        # Solo rulebook, "Recruit": in the Region of the Hero, part of its army; in its
        # Capital City if the Region's 5-Unit limit is reached; in the Courtyard if the
        # Hero is there.
        if state.heroes[self.params(step)["hero"]].place == COURTYARD:
            return msg("Its Hero is in the Courtyard: the new Unit goes there too.")
        return msg(
            "In that Hero's Region, as part of its army; in its Capital City instead if the "
            "Region already holds 5 of its Units."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Placed"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type(kinds.RESEARCH)
class Research(ActionStep):
    action = "research"

    def perform(self, state: EnemyState, step: Step, ctx: Context) -> None:
        # Solo rulebook, "Research": it fails only if it cannot pay the Spell.
        p = self.params(step)
        assert state.profile is not None
        spell = state.profile["spells"][p["hero"]]
        if not can_pay(state, spell["cost"]):
            fail(state, ctx, p, short_of(state, msg("Its Spell"), spell["cost"]))
            return
        cast_spell(state, ctx, p, pay)


def cast_spell(state: EnemyState, ctx: Context, p: ActionParams, price: Price) -> None:
    """Solo rulebook, "Research": it casts its Hero's Spell and "will gain the Victory
    Points shown"; then you may Follow ("the player can follow it")."""
    assert state.profile is not None
    spell = state.profile["spells"][p["hero"]]
    ctx.note(price(state, spell["cost"]))
    if spell["vp"]:
        state.add_vp("spells", spell["vp"])
        ctx.note(msg("It gains {vp} VP.", vp=spell["vp"]))
    ctx.insert(*then_follow(ctx, p, new(kinds.CAST_SPELL, hero=p["hero"])))


def spell_name(state: EnemyState, hero: int) -> str:
    """The Spell's name as printed on the Hero's card ("" if the table left it blank)."""
    assert state.profile is not None
    return str(state.profile["spells"][hero]["name"])


@step_type(kinds.CAST_SPELL)
class CastSpell(EnemyStep, TypedParams[HeroParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        hero = self.params(step)["hero"]
        name = spell_name(state, hero)
        if name:
            return msg("{hero} casts {spell}", hero=hero_name(hero), spell=name)
        return msg("{hero} casts its Spell", hero=hero_name(hero))  # not "Hero 1's Spell"

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


@step_type(kinds.TAX)
class Tax(EnemyStep, TypedParams[ActionParams]):
    """Solo rulebook, "Tax": it collects every slot of the Tax Track; it cannot fail;
    the tokens cycle after you Follow (or not); then the Hero moves."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("{hero}: Tax", hero=hero_name(self.params(step)["hero"]))

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
        p = self.params(step)
        for resource, amount in tax_income(state).items():
            ctx.note(gain(state, resource, amount))
        ctx.insert(
            *then_follow(ctx, p),
            new(kinds.TAX_CYCLE),
            move_start(ctx, p["hero"], p["card"], "tax"),
        )


@step_type(kinds.TAX_CYCLE)
class TaxCycle(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Cycle the Tax Track's Resource Tokens: 2 to 3, 3 to 4, 4 to 2")

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Cycled"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        cycle_tax(state)
        ctx.note(tax_track_text(state), places=[TAX_TRACK])


def tax_track_text(state: EnemyState) -> Msg:
    slots = {slot: r for r, slot in state.tax.items()}
    return msg(
        "Tax Track: {four} on the 4, {three} on the 3, {two} on the 2.",
        four=RESOURCE_NAMES[slots[4]],
        three=RESOURCE_NAMES[slots[3]],
        two=RESOURCE_NAMES[slots[2]],
    )


class FollowParams(ActionParams):
    action: str  # the card's action, that you may Follow


@step_type(kinds.FOLLOW)
class Follow(EnemyStep, TypedParams[FollowParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("You may Follow: {action}", action=action_name(self.params(step)["action"]))

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


@step_type(kinds.ATTACK)
class Attack(EnemyStep, TypedParams[ActionParams]):
    """Solo rulebook, "Attack": only against an army of yours within 2 Regions whose
    Natural Strength is at most its own; the weakest; VP for starting the battle."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("{hero}: Attack", hero=hero_name(self.params(step)["hero"]))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "It attacks only an army of yours within 2 Regions whose Natural Strength is less "
            "than or equal to its own army's (every Unit in its Hero's Region)."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("Is there such an army of yours?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if not value:
            fail(
                state,
                ctx,
                p,
                msg("No army of yours within 2 Regions is weak enough."),
            )
            return
        ctx.note(starts_a_battle(state))
        hero, card = p["hero"], p["card"]
        ctx.insert(
            new(kinds.ATTACK_PATH, hero=hero, card=card, compass=card_of(ctx, card)["compass"]),
            battle_start(ctx, "attack", hero),
        )


class AttackPathParams(ActionParams):
    compass: str  # the card's


@step_type(kinds.ATTACK_PATH)
class AttackPath(EnemyStep, TypedParams[AttackPathParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Its army marches on your weakest army in reach: which way did it go?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Any direction, up to 2 Regions. Between armies of equal strength the card's "
            "compass decides: from its arrow, clockwise, the first it can reach."
        )

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return {"compass": self.params(step)["compass"], "turning": False}

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
        p = self.params(step)
        if value in RESOURCES:
            # Solo rulebook, "Moving and Gaining Resources": 1 Resource on entering a
            # Resource Region; with the Attack card it may gain 2.
            ctx.note(gain(state, value, 1))
        if value != "next":
            ctx.insert(new(kinds.MOVE_TOKENS, hero=p["hero"]))
        state.heroes[p["hero"]].place = _on_the_map(state.heroes[p["hero"]].place)


def _on_the_map(place: str) -> str:
    return LAND if place == COURTYARD else place
