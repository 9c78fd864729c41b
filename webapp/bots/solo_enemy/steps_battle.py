"""Battles with the Solo Enemy: on its actions and moves, and on your turn.

Solo rulebook, "Battling with a Solo Enemy": you choose your Tactic Card first;
the Enemy draws one Solo Action card, adds the Strength printed at its bottom and
plays the Tactic Card it shows for attacking or defending (no extra Strength, no
VP); a Tactic of yours that cancels it cancels that Strength too. A beaten Enemy
loses Units weak to strong; survivors go to its Courtyard, a destroyed Hero
respawns there.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import choose, confirm, yes_no
from . import kinds
from .cards import tactic_names
from .faction import RESOURCES
from .rules import CAPITAL_VP, destroy_capital, gain
from .state import COURTYARD, LAND, Battle, EnemyState
from .stepkit import (
    EnemyStep,
    choice,
    end_checklist,
    hero_name,
    new,
    region_choices,
    slot_place,
    step_type,
)
from .turn import draw_steps

OTHER_TACTIC = "other"


def battle_start(ctx: Context, why: str, hero: int | None, target: str = "army") -> Step:
    """The first step of a battle: your Tactic Card (the names the deck's cards print)."""
    return new(
        kinds.BATTLE_TACTIC, why=why, hero=hero, target=target, tactics=tactic_names(ctx.deck)
    )


def battle_title(state: EnemyState, why: str, hero: int | None, target: str) -> Msg:
    if why == "attack":
        return msg("Battle: {hero}'s army attacks yours", hero=hero_name(hero or 0))
    if why == "move":
        return msg("Battle: {hero}'s army entered your Region", hero=hero_name(hero or 0))
    if target == "capital":
        return msg("Battle: you attack its Capital City")
    if hero is None:
        return msg("Battle: you attack an army of its without a Hero")
    return msg("Battle: you attack {hero}'s army", hero=hero_name(hero))


class BattleTacticParams(TypedDict):
    why: str  # "attack", "move" (it starts it), "player" (you do)
    hero: int | None  # the Enemy Hero whose army fights, if one does
    target: str  # "army" or "capital"
    tactics: list[str]  # the Tactic Cards the deck's cards name


@step_type(kinds.BATTLE_TACTIC)
class BattleTactic(EnemyStep, TypedParams[BattleTacticParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        return battle_title(state, p["why"], p["hero"], p["target"])

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Total both armies' Strength as normal. Choose your Tactic Card first, then tell "
            "Botdeck which: it draws the Enemy's card after."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        named = [
            choice(name, msg("{tactic}", tactic=name)) for name in self.params(step)["tactics"]
        ]
        return choose(
            msg("Your Tactic Card"), *named, choice(OTHER_TACTIC, msg("Another Tactic Card"))
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        state.battle = Battle(
            p["why"], p["hero"], p["target"], yours=None if value == OTHER_TACTIC else value
        )
        ctx.insert(*draw_steps(state, "battle", None))


def cancel_key(yours: str, its: str) -> str:
    return f"{yours}|{its}"


def card_revealed(state: EnemyState, ctx: Context, card: dict[str, Any]) -> list[Step]:
    """Its battle card is face up: its Strength and Tactic; then does yours cancel it?"""
    battle = state.battle
    assert battle is not None
    role = "attacking" if battle.enemy_attacks else "defending"
    battle.card, battle.strength, battle.its = card["id"], card["strength"], card["tactics"][role]
    state.cards.put(card["id"])
    ctx.note(
        msg(
            "Card {card}: +{strength} Strength; it plays {tactic}.",
            card=card["id"],
            strength=card["strength"],
            tactic=battle.its,
        )
    )
    known = (
        None if battle.yours is None else state.cancels.get(cancel_key(battle.yours, battle.its))
    )
    if known is None:
        return [new(kinds.BATTLE_CANCEL), new(kinds.BATTLE_OUTCOME)]
    battle.cancelled = known
    ctx.note(cancel_note(battle))
    return [new(kinds.BATTLE_OUTCOME)]


def cancel_note(battle: Battle) -> Msg:
    if battle.cancelled:
        return msg(
            "Your {yours} cancels its {its}, and with it the card's +{strength} Strength.",
            yours=battle.yours or "",
            its=battle.its or "",
            strength=battle.strength,
        )
    return msg(
        "Your {yours} does not cancel its {its}.", yours=battle.yours or "", its=battle.its or ""
    )


@step_type(kinds.BATTLE_CANCEL)
class BattleCancel(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        battle = state.battle
        assert battle is not None
        if battle.yours is None:
            return msg("Does your Tactic Card cancel its {its}?", its=battle.its or "")
        return msg("Does your {yours} cancel its {its}?", yours=battle.yours, its=battle.its or "")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        battle = state.battle
        assert battle is not None
        return msg(
            "As the two Tactic Cards say. If yours cancels its Tactic, the card's +{strength} "
            "Strength is cancelled too. Botdeck remembers your answer for this game.",
            strength=battle.strength,
        )

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return {"battle": state.battle}

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("Cancelled?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        battle = state.battle
        assert battle is not None
        battle.cancelled = bool(value)
        if battle.yours is not None and battle.its is not None:
            state.cancels[cancel_key(battle.yours, battle.its)] = battle.cancelled


@step_type(kinds.BATTLE_OUTCOME)
class BattleOutcome(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Who won the battle?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        battle = state.battle
        assert battle is not None
        added = 0 if battle.cancelled else battle.strength
        if battle.enemy_attacks:
            ties = msg("Ties go to the defender: you.")
        else:
            ties = msg("Ties go to the defender: the Enemy.")
        return msg(
            "Its army: its Natural Strength and abilities, +{added} from its card. Its {its} "
            "adds no Strength and no VP but may change your Tactic Card's effect. {ties}",
            added=added,
            its=battle.its or "",
            ties=ties,
        )

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return {"battle": state.battle}

    def question(self, state: EnemyState, step: Step) -> Question:
        battle = state.battle
        assert battle is not None
        if battle.enemy_attacks:
            return choose(
                msg("The winner"),
                choice("enemy", msg("The Enemy won")),
                choice("you", msg("You won")),
                choice("capital", msg("It won and destroyed your Capital City")),
            )
        choices = [choice("you", msg("You won")), choice("enemy", msg("The Enemy won"))]
        if battle.target == "capital":
            choices.append(choice("capital", msg("You destroyed its Capital City")))
        return choose(msg("The winner"), *choices)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        battle = state.battle
        assert battle is not None
        if value == "capital":
            destroy_capital(state, "you" if battle.enemy_attacks else "enemy")
            if battle.enemy_attacks:
                ctx.note(msg("It gains {vp} VP. The game is over.", vp=CAPITAL_VP))
            else:
                ctx.note(msg("You gain {vp} VP. The game is over.", vp=CAPITAL_VP))
            state.battle = None
            end_checklist(ctx)
            return
        if value == "you":
            ctx.insert(new(kinds.BATTLE_LOSSES, hero=battle.hero))
            return
        if battle.enemy_attacks and battle.hero is not None:
            hero = state.heroes[battle.hero]
            hero.place = LAND if hero.place == COURTYARD else hero.place
            ctx.note(msg("Its army stays in the Region it won."))
            ctx.insert(new(kinds.REGION_RESOURCE, hero=battle.hero))
        state.battle = None


class BattleHeroParams(TypedDict):
    hero: int | None


@step_type(kinds.BATTLE_LOSSES)
class BattleLosses(EnemyStep, TypedParams[BattleHeroParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("It lost: remove its Units, weakest first")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        # Solo rulebook, "Battling with a Solo Enemy": it loses Units "weak to strong:
        # Serfs > Warriors > Air Vessel > Sea Vessel > Hero".
        return msg(
            "Serfs, then Warriors, its Air Vessel, its Sea Vessel, and its Hero last, until the "
            "Natural Strength removed is at least half its army's (rounded up). The survivors "
            "go back to its Courtyard; a destroyed Hero comes back there at once."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        hero = self.params(step)["hero"]
        if hero is not None:
            state.heroes[hero].place = COURTYARD
            ctx.note(
                msg("{hero} is back in its Courtyard.", hero=hero_name(hero)),
                places=[slot_place(hero)],
            )
        state.battle = None


@step_type(kinds.REGION_RESOURCE)
class RegionResource(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("It won: which Resource does that Region give?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Having won the battle, it collects 1 Resource of a Resource Region it entered.")

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("The Region"),
            *region_choices(),
            choice("none", msg("None (Swamp, Desert, Sea, a Capital City…)")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value in RESOURCES:
            ctx.note(gain(state, value, 1))


@step_type(kinds.ATTACK_WHICH)
class AttackWhich(EnemyStep):
    """Your turn: which of its armies you attack."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Which of its armies do you attack?")

    def question(self, state: EnemyState, step: Step) -> Question:
        choices = [
            choice(str(index), msg("{hero}'s army", hero=hero_name(index)))
            for index, hero in enumerate(state.heroes)
            if hero.place != COURTYARD
        ]
        choices += [
            choice("army", msg("An army of its without a Hero")),
            choice("capital", msg("Its Capital City")),
        ]
        return choose(msg("Its army"), *choices)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value == "capital":
            # its Heroes in the Courtyard defend their Capital City
            ctx.insert(battle_start(ctx, "player", None, "capital"))
        elif value == "army":
            ctx.insert(battle_start(ctx, "player", None))
        else:
            ctx.insert(battle_start(ctx, "player", int(value)))
