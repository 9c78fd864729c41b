"""Your actions between the Enemy's, the Collection Phase, the end and the score.

Solo rulebook, "Gameplay Overview" (your 2 actions; the Enemy cannot Follow),
"Collection Phase — Discard Cards", "End of the Game".
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import (
    SCORE_SHEET,
    Context,
    Msg,
    Question,
    ScoreGroup,
    ScoreLine,
    ScoreSheet,
    ScoreSheetStep,
    ScoreSide,
    Standing,
    Step,
    TypedParams,
    msg,
)
from ...engine.questions import choose, confirm, number, yes_no
from . import kinds
from .faction import RESOURCE_NAMES, faction_name
from .rules import CAPITAL_VP, cycle_tax, destroy_capital, discard_slots, gain, trigger_end
from .state import EnemyState
from .stepkit import STEP_TYPES, TAX_TRACK, EnemyStep, choice, end_checklist, new, step_type
from .steps_actions import tax_track_text


class YourActionParams(TypedDict):
    action: int  # your first or second action this round


@step_type(kinds.YOUR_ACTION)
class YourAction(EnemyStep, TypedParams[YourActionParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Take your action {n}", n=self.params(step)["action"])

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Play it as usual; the Enemy does not Follow it. Tap what Botdeck needs to know, "
            "then end your action."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("What now?"),
            choice("done", msg("My action is done"), primary=True),
            choice("attack", msg("I attack one of its armies")),
            choice("tax", msg("I took the Tax action"), msg("The Tax Track advances")),
            choice("capital", msg("A Capital City was destroyed")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        again = new(kinds.YOUR_ACTION, action=self.params(step)["action"])
        if value == "attack":
            ctx.insert(new(kinds.ATTACK_WHICH), again)
        elif value == "tax":
            # Base rules, "Tax": the tokens advance after every Tax action.
            cycle_tax(state)
            ctx.note(tax_track_text(state), places=[TAX_TRACK])
            ctx.insert(again)
        elif value == "capital":
            ctx.insert(new(kinds.CAPITAL_WHICH))


@step_type(kinds.CAPITAL_WHICH)
class CapitalWhich(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Whose Capital City was destroyed?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "The game is over at once: its owner is out of the game and scores 0; whoever "
            "destroyed it gains {vp} VP.",
            vp=CAPITAL_VP,
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("Destroyed"),
            choice("enemy", msg("The Enemy's")),
            choice("you", msg("Yours")),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        destroy_capital(state, value)
        end_checklist(ctx)


REGIONS = {
    "ore": msg("Mountains"),
    "mana": msg("Forests"),
    "food": msg("Plains"),
}


class CollectParams(TypedDict):
    resource: str


@step_type(kinds.COLLECT)
class Collect(EnemyStep, TypedParams[CollectParams]):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Collection: how much {resource} does it collect?",
            resource=RESOURCE_NAMES[self.params(step)["resource"]],
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "As a normal player: 1 for each {regions} Region it controls (a Unit or Structure "
            "there), +1 for each of its Serfs on a Worker Space there, +2 with a Tower there.",
            regions=REGIONS[self.params(step)["resource"]],
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("It collects"), 0, 10)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value:
            ctx.note(gain(state, self.params(step)["resource"], value))


@step_type(kinds.DISCARD_SLOTS)
class DiscardSlots(EnemyStep):
    automatic = True

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Its 3 cards go from the Hero Slots to the discard pile")

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        discard_slots(state)


@step_type(kinds.PHYSICAL_DISCARD)
class PhysicalDiscard(DiscardSlots):
    automatic = False

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Put the 3 cards of its Hero Slots face up on the discard pile")

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Discarded"))


@step_type(kinds.X_OBJECTIVE)
class XObjective(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Did you or the Enemy achieve an X-Objective this round?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "eXplore, eXpand, eXploit or eXterminate, as in a normal game. If so, the next round "
            "is the last one."
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return yes_no(msg("An X-Objective?"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value and trigger_end(state, "objective"):
            ctx.note(
                msg(
                    "The end is triggered: round {round} is the last.",
                    round=state.turns.end_round or state.turns.round,
                )
            )


@step_type(kinds.SCORE_ENEMY)
class ScoreEnemy(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("The Enemy's end-of-game Victory Points")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "Total its points as normal (its Towers, Capital City, Regions it occupies…) on top "
            "of the {vp} VP Botdeck counted during the game. Its Heroes give no points.",
            vp=state.total_vp,
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("End-of-game VP"), 0, 200)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        state.score["enemy_end"] = value


@step_type(kinds.SCORE_PLAYER)
class ScorePlayer(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Your Victory Points")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Your whole total, as in a normal game.")

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("Your VP"), 0, 300)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        state.score["you"] = value


def scores(state: EnemyState) -> tuple[int, int]:
    """(the Enemy's total, yours): a destroyed Capital City's owner scores 0."""
    enemy = 0 if state.destroyed == "enemy" else state.total_vp + state.score.get("enemy_end", 0)
    you = 0 if state.destroyed == "you" else state.score.get("you", 0)
    return enemy, you


def winner(state: EnemyState) -> str:
    enemy, you = scores(state)
    return "you" if you > enemy else "enemy" if enemy > you else "tie"


VP_SOURCES = {
    "spells": msg("Spells cast"),
    "battles": msg("Battles started"),
    "tokens": msg("Exploration Tokens"),
    "capital": msg("A Capital City destroyed"),
    "corrected": msg("Corrections"),
}


def vp_lines(state: EnemyState) -> list[ScoreLine]:
    """The VP it gained during the game, by where they came from."""
    return [ScoreLine(VP_SOURCES[source], points) for source, points in state.vp.items() if points]


def score_sheet(state: EnemyState) -> ScoreSheet:
    """Its VP line by line (none if its Capital City was destroyed), then yours."""
    enemy, you = scores(state)
    if state.destroyed == "enemy":
        lines = [ScoreLine(msg("Its Capital City was destroyed: it scores 0"), 0)]
    else:
        end = ScoreLine(
            msg("End-of-game scoring (its Heroes give none)"), state.score.get("enemy_end", 0)
        )
        lines = [*vp_lines(state), end]
    name = msg("The {faction}, Solo Enemy", faction=faction_name(state.faction))
    yours = msg("You (your Capital City was destroyed)") if state.destroyed == "you" else msg("You")
    won = {"you": msg("You win!"), "enemy": msg("The Enemy wins."), "tie": msg("A tie.")}
    return ScoreSheet(
        headline=msg("The final score"),
        sides=(
            ScoreSide(msg("The Enemy"), enemy, (ScoreGroup(name, tuple(lines)),), bot=True),
            ScoreSide(yours, you),
        ),
        winner=won[winner(state)],
        close=msg("End the game"),
        standings=standings(state),
    )


def standings(state: EnemyState) -> tuple[Standing, ...]:
    """The Solo Enemy (the bot, as its faction) and you (as yours), as the sheet scores
    them (a tie: neither won). Solo rulebook, "Game play": each round "The Enemy draws
    a Solo Action Card, and performs that action with its first Hero", then "You perform
    your first action"."""
    enemy, you = scores(state)
    result = winner(state)
    return (
        Standing(
            msg("Solo Enemy"),
            enemy,
            result == "enemy",
            bot=True,
            first=True,
            role=faction_name(state.faction),
        ),
        Standing(msg("You"), you, result == "you", role=faction_name(state.you)),
    )


def keep_the_totals(state: EnemyState, sheet: ScoreSheet) -> None:
    enemy, you = scores(state)
    state.score.update(enemy=enemy, total_you=you)


STEP_TYPES.add(SCORE_SHEET, ScoreSheetStep(score_sheet, keep_the_totals))
