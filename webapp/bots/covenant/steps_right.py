"""Right side of the Covenant card, and the end of its turn.

Solo rulebook, "Right side effects" (left to right, top to bottom) and
"End of turn".
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg, nmsg
from ...engine.questions import choose, confirm, number, space, yes_no
from . import kinds
from .deck import HARBOR
from .plan import attack_happens, cannons_reach
from .rules import add_legendary_cube, covenant_cannons
from .state import CovenantState, Upgrade
from .stepkit import (
    A_BUILDING,
    BUILDING_NAMES,
    CovenantStep,
    OnItsIslands,
    SpacesParams,
    SpacesStep,
    battle_step,
    choice,
    new,
    step_type,
    where,
)
from .targets import target_space


class EffectParams(TypedDict):
    """A right-side effect's step holds the effect as the deck prints it (deck.schema.json,
    `effect`): its `type`, and what that type has."""

    type: str


def effect_steps(effects: list[dict[str, Any]]) -> list[Step]:
    return [new("effect_" + effect["type"], **effect) for effect in effects]


class AmountParams(EffectParams):
    amount: int


@step_type(kinds.EFFECT_COINS)
class Coins(CovenantStep, TypedParams[AmountParams]):
    automatic = True
    board_line = True  # the table gives it the coins

    def title(self, state: CovenantState, step: Step) -> Msg:
        return nmsg("It gains {n} coin", "It gains {n} coins", self.params(step)["amount"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.add_coins(self.params(step)["amount"])


@step_type(kinds.EFFECT_COINS_PER_MERCANTILE)
class CoinsPerMercantile(CovenantStep):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("It gains 1 coin for every 2 Advancements in its Mercantile pile")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        gained = state.ai.mercantile // 2  # "rounded down"
        state.ai.add_coins(gained)
        ctx.note(nmsg("{n} coin.", "{n} coins.", gained))


class UpgradeParams(EffectParams):
    level: int
    cannons: int


@step_type(kinds.EFFECT_UPGRADE)
class UpgradeEffect(CovenantStep, TypedParams[UpgradeParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        return nmsg(
            "It gains the level {level} Ship Upgrade shown ({n} cannon)",
            "It gains the level {level} Ship Upgrade shown ({n} cannons)",
            p["cannons"],
            level=p["level"],
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Keep the tile by its other components. If that tile is gone, give it "
            "any Ship Upgrade tile of the same level."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        level = self.params(step)["level"]
        return choose(
            msg("Which tile did it get?"),
            choice("shown", msg("The tile shown")),
            choice("other", msg("Another level {level} tile", level=level)),
            choice("none", msg("No level {level} tile is left", level=level)),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if value == "shown":
            state.ai.upgrades.append(Upgrade(p["level"], p["cannons"]))
        elif value == "other":
            ctx.insert(new(kinds.UPGRADE_SUBSTITUTE, level=p["level"]))
        else:
            ctx.note(
                msg(
                    "No tile of that level is left: it gains nothing (the rulebook "
                    "does not say; Botdeck does this)."
                )
            )


class LevelParams(TypedDict):
    level: int


@step_type(kinds.UPGRADE_SUBSTITUTE)
class UpgradeSubstitute(CovenantStep, TypedParams[LevelParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("The level {level} tile it got instead", level=self.params(step)["level"])

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many cannons does that tile show?"), 0, 4)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.upgrades.append(Upgrade(self.params(step)["level"], value))


@step_type(kinds.EFFECT_REPAIR)
class Repair(CovenantStep, TypedParams[AmountParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return nmsg("It repairs {n} damage", "It repairs {n} damage", self.params(step)["amount"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        # "or as much as possible"
        repaired = min(state.ai.damage, self.params(step)["amount"])
        state.ai.damage -= repaired
        ctx.note(nmsg("{n} damage repaired.", "{n} damage repaired.", repaired))


def build_candidates(state: CovenantState, building: str) -> list[str]:
    return [s for s, buildings in state.ai.islands.items() if building not in buildings]


class BuildParams(EffectParams):
    building: str  # "fort", "garrison", "outpost"


@step_type(kinds.EFFECT_BUILD)
class Build(CovenantStep, TypedParams[BuildParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("It builds {a_building}", a_building=A_BUILDING[self.params(step)["building"]])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        building = self.params(step)["building"]
        candidates = build_candidates(state, building)
        if not candidates:
            ctx.note(msg("No island it controls can take one: nothing is built."))
        else:
            ctx.insert(new(kinds.BUILD_PLACE, building=building, spaces=candidates))


class BuildPlaceParams(SpacesParams):
    building: str


@step_type(kinds.BUILD_PLACE)
class BuildPlace(SpacesStep[BuildPlaceParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        building = BUILDING_NAMES[p["building"]]
        if len(p["spaces"]) == 1:
            return msg(
                "Place its {building} on {space}",
                building=building,
                space=where(state, p["spaces"][0]),
            )
        return msg("Where does its {building} go?", building=building)

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if len(self.params(step)["spaces"]) == 1:
            return None
        return msg(
            "Solo rulebook: the island of highest value (first-place coins) without one "
            "already; if tied, the highest combined coin and cargo production; if still "
            "tied, you choose."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        p = self.params(step)
        if len(p["spaces"]) == 1:
            return confirm()
        return space(msg("Tap that island"), p["spaces"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        target = p["spaces"][0] if len(p["spaces"]) == 1 else value
        state.ai.islands[target].append(p["building"])


class ProduceParams(EffectParams):
    islands: int  # 1 or 2


@step_type(kinds.EFFECT_PRODUCE)
class Produce(CovenantStep, TypedParams[ProduceParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        if self.params(step)["islands"] == 2:
            return msg("Its best 2 production islands both produce once")
        return msg("Its best production island produces")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if not state.ai.islands:
            ctx.note(msg("It controls no island: nothing is produced."))
            return
        ctx.insert(new(kinds.PRODUCE_COINS, islands=self.params(step)["islands"]))


@step_type(kinds.PRODUCE_COINS)
class ProduceCoins(OnItsIslands):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Production: coins")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Solo rulebook: its highest production island (with any Outpost or open sea "
            "bonus); ties go to the one producing the most cargo. It gains the goods at once."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins does it produce?"), 0, 20)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.ai.add_coins(value)
        ctx.insert(new(kinds.PRODUCE_CARGO))


@step_type(kinds.PRODUCE_CARGO)
class ProduceCargo(OnItsIslands):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Production: cargo")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much cargo does it produce?"), 0, 20)

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


@step_type(kinds.EFFECT_EXPERT_SAILORS)
class ExpertSailors(CovenantStep):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Expert Sailors")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        # "If the Covenant has not claimed the Expert Sailors Achievement, ... places
        # a cube on it. Otherwise ignore this icon."
        if "expert_sailors" in state.ai.claimed:
            ctx.note(msg("Already claimed: ignored."))
        else:
            state.ai.cubes["expert_sailors"] += 1
            ctx.note(msg("A cube on Expert Sailors."))


class AttackParams(EffectParams):
    bonus: NotRequired[int]
    unless_in_harbor: NotRequired[bool]


@step_type(kinds.EFFECT_ATTACK)
class Attack(CovenantStep, TypedParams[AttackParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        if self.params(step).get("unless_in_harbor"):
            return msg("Attack Flag, if you are not in the Harbor")
        return msg("Attack Flag")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if not attack_happens(state, p):
            if state.coop:
                ctx.note(msg("Every player is in the Harbor: no attack."))
            else:
                ctx.note(msg("You are in the Harbor: no attack."))
            return
        ctx.insert(
            new(kinds.PICK_TARGET, why="flag"),
            battle_step("flag", None, bonus=p.get("bonus", 0)),
        )


@step_type(kinds.EFFECT_MERCHANT_SHIP)
class MerchantShip(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("If there is a Merchant ship on an Ocean board, it defeats it")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "If there are several, you choose which. It gains the Advancement on its "
            "back, but not the coins of its Win condition."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Is there a Merchant ship on an Ocean board?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if not value:
            ctx.note(msg("No Merchant ship: nothing happens."))
            return
        legendary = add_legendary_cube(state)
        if legendary:
            ctx.note(legendary)
        ctx.insert(new(kinds.ADVANCEMENT_PILE, space=HARBOR, minimum=0, origin="back"))


class AfterTurnParams(TypedDict):
    """What "After its turn" places: at the end of the turn, on its island."""

    coins: NotRequired[int]
    cargo: NotRequired[int]


class AfterTurnEffectParams(EffectParams, AfterTurnParams):
    """The effect on its card."""


@step_type(kinds.EFFECT_AFTER_TURN)
class AfterTurn(CovenantStep, TypedParams[AfterTurnEffectParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return after_turn_title(self.params(step))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        state.ai.after_turn.append({"coins": p.get("coins", 0), "cargo": p.get("cargo", 0)})
        ctx.note(msg("Botdeck reminds you at the end of its turn."))


def after_turn_goods(p: AfterTurnParams) -> Msg:
    """What "After its turn" places, in words: "2 coins", "1 cargo", "2 coins and 1 cargo"."""
    coins, cargo = p.get("coins", 0), p.get("cargo", 0)
    coins_said = nmsg("{n} coin", "{n} coins", coins)
    cargo_said = nmsg("{n} cargo", "{n} cargo", cargo)
    if coins and cargo:
        return msg("{coins} and {cargo}", coins=coins_said, cargo=cargo_said)
    return coins_said if coins else cargo_said


def after_turn_title(p: AfterTurnParams) -> Msg:
    coins, cargo = p.get("coins", 0), p.get("cargo", 0)
    if coins and cargo:
        return msg(
            "After its turn: {coins} and {cargo} on its highest-value island",
            coins=nmsg("{n} coin", "{n} coins", coins),
            cargo=nmsg("{n} cargo", "{n} cargo", cargo),
        )
    if coins:
        return nmsg(
            "After its turn: {n} coin on its highest-value island",
            "After its turn: {n} coins on its highest-value island",
            coins,
        )
    return nmsg(
        "After its turn: {n} cargo on its highest-value island",
        "After its turn: {n} cargo on its highest-value island",
        cargo,
    )


class IfCannonsParams(EffectParams):
    at_least: int
    then: list[dict[str, Any]]  # effects
    otherwise: list[dict[str, Any]]


@step_type(kinds.EFFECT_IF_CANNONS)
class IfCannons(CovenantStep, TypedParams[IfCannonsParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return nmsg(
            "If it would drop at least {n} cube in a battle…",
            "If it would drop at least {n} cubes in a battle…",
            self.params(step)["at_least"],
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        total = covenant_cannons(state, space=target_space(state), defending=False).total
        if cannons_reach(state, p):
            ctx.note(nmsg("It has {n} cannon: yes.", "It has {n} cannons: yes.", total))
            ctx.insert(*effect_steps(p["then"]))
        else:
            ctx.note(
                nmsg(
                    "It has {n} cannon: no, otherwise…", "It has {n} cannons: no, otherwise…", total
                )
            )
            ctx.insert(*effect_steps(p["otherwise"]))


# --- end of turn ----------------------------------------------------------------


@step_type(kinds.END_OF_TURN)
class EndOfTurn(CovenantStep):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("End of its turn")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        follow = []
        if state.ai.islands:
            follow.append(new(kinds.COLLECT_COINS))
        else:
            state.ai.placed_last_turn = []
            ctx.note(msg("It controls no island: nothing to collect."))
        # With no island to put them on, "After its turn" has nothing to place: its
        # line is passed without a tap.
        placing = "after_turn_place" if state.ai.islands else "after_turn_nothing"
        follow += [new(placing, **placement) for placement in state.ai.after_turn]
        state.ai.after_turn = []
        ctx.insert(*follow)


def placed_on(state: CovenantState) -> str | None:
    """The island "After its turn" placed goods on last turn, if one is known (a game
    saved before Botdeck named it knows none)."""
    spaces = {p["space"] for p in state.ai.placed_last_turn if p.get("space")}
    return spaces.pop() if len(spaces) == 1 else None


@step_type(kinds.COLLECT_COINS)
class CollectCoins(OnItsIslands):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("It gains all coins on islands it controls")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        placed = sum(p["coins"] for p in state.ai.placed_last_turn)
        island = placed_on(state)
        if placed and island is not None:
            return nmsg(
                "Take them to its Dock. This includes the {n} coin placed on {space} after "
                "its last turn, if it still controls that island.",
                "Take them to its Dock. This includes the {n} coins placed on {space} after "
                "its last turn, if it still controls that island.",
                placed,
                space=where(state, island),
            )
        if placed:
            return nmsg(
                "Take them to its Dock. This includes the {n} coin placed after its last "
                "turn, if it still controls that island.",
                "Take them to its Dock. This includes the {n} coins placed after its last "
                "turn, if it still controls that island.",
                placed,
            )
        return msg("Take them to its Dock.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins did it take?"), 0, 40)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        # Solo rulebook, "End of turn": it always gains ALL coins and cargo on
        # islands it controls; they go to its Dock.
        state.ai.add_coins(value)
        ctx.insert(new(kinds.COLLECT_CARGO))


@step_type(kinds.COLLECT_CARGO)
class CollectCargo(OnItsIslands):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("It gains all cargo on islands it controls")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        placed = sum(p["cargo"] for p in state.ai.placed_last_turn)
        island = placed_on(state)
        if placed and island is not None:
            return msg(
                "Every 3 cargo on its Dock becomes 1 coin at once. This includes the "
                "{n} cargo placed on {space} after its last turn, if it still controls "
                "that island.",
                n=placed,
                space=where(state, island),
            )
        if placed:
            return msg(
                "Every 3 cargo on its Dock becomes 1 coin at once. This includes the "
                "{n} cargo placed after its last turn, if it still controls that island.",
                n=placed,
            )
        return msg("Every 3 cargo on its Dock becomes 1 coin at once.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How much cargo did it take?"), 0, 40)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        converted = state.ai.add_cargo(value)
        state.ai.placed_last_turn = []
        if converted:
            ctx.note(
                nmsg(
                    "Its Dock turns cargo into {n} coin.",
                    "Its Dock turns cargo into {n} coins.",
                    converted,
                )
            )


@step_type(kinds.AFTER_TURN_PLACE)
class AfterTurnPlace(CovenantStep, TypedParams[AfterTurnParams]):
    """Solo rulebook, "After end of turn, place … on the highest value island the AI
    controls": Botdeck knows its islands. With one, it names it; with several, the
    table, which sees their values, taps the highest.

    Until the table tapped it, the step was only marked done ("done", `formerly`): a game
    logged then still replays, its goods placed on an island it did not name, as then."""

    def places(self, state: CovenantState, step: Step) -> list[str]:
        return list(state.ai.islands)

    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        islands = list(state.ai.islands)
        if len(islands) == 1:
            return msg(
                "After its turn: {what} on {space}",
                what=after_turn_goods(p),
                space=where(state, islands[0]),
            )
        return after_turn_title(p)

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if not state.ai.islands:
            return msg("It controls no island: nothing is placed.")
        if len(state.ai.islands) == 1:
            return msg(
                "From the supply, on the only island it controls. It gains them at the "
                "end of its next turn: you have one turn to take that island."
            )
        return msg(
            "From the supply, on the island of highest value it controls (first-place "
            "coins). It gains them at the end of its next turn: you have one turn to take "
            "that island."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        if len(state.ai.islands) > 1:
            islands = list(state.ai.islands)
            return space(msg("Tap its island of highest value"), islands, formerly=confirm())
        return confirm()

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        islands = list(state.ai.islands)
        if not islands:
            return
        placed = {"coins": p.get("coins", 0), "cargo": p.get("cargo", 0)}
        if len(islands) > 1 and value not in islands:  # marked done (`formerly`): unnamed
            state.ai.placed_last_turn.append(placed)
            return
        island = value if len(islands) > 1 else islands[0]
        state.ai.placed_last_turn.append({**placed, "space": island})
        if len(islands) > 1:  # the step's line did not name it: its note does
            ctx.note(
                msg(
                    "{what} on {space}, from the supply.",
                    what=after_turn_goods(p),
                    space=where(state, island),
                ),
                places=[island],
            )


@step_type(kinds.AFTER_TURN_NOTHING)
class AfterTurnNothing(CovenantStep, TypedParams[AfterTurnParams]):
    """The "After its turn" effect when it controls no island: nothing to place or tap."""

    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return after_turn_title(self.params(step))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        ctx.note(msg("It controls no island: nothing is placed."))
