"""Your actions between the Enemy's, the Collection Phase, the end and the score.

Solo rulebook, "Gameplay Overview" (your 2 actions; the Enemy cannot Follow),
"Collection Phase — Discard Cards", "End of the Game".
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, msg
from ...engine.questions import choose, confirm, number, yes_no
from .faction import RESOURCE_NAMES
from .rules import CAPITAL_VP, cycle_tax, discard_slots, gain, trigger_end
from .state import EnemyState
from .stepkit import EnemyStep, choice, end_checklist, new, step_type
from .steps_actions import tax_track_text


@step_type("your_action")
class YourAction(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Take your action {n}", n=step.params["action"])

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
        again = new("your_action", action=step.params["action"])
        if value == "attack":
            ctx.insert(new("attack_which"), again)
        elif value == "tax":
            # Base rules, "Tax": the tokens advance after every Tax action.
            cycle_tax(state)
            ctx.note(tax_track_text(state))
            ctx.insert(again)
        elif value == "capital":
            ctx.insert(new("capital_which"))


@step_type("capital_which")
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
        # Solo rulebook, "End of the Game": "if a Capital City is destroyed then the game
        # is automatically over"; base rules: the destroyer gains 5 VP.
        state.destroyed = value
        if value == "you":
            state.add_vp("capital", CAPITAL_VP)
        end_checklist(ctx)


REGIONS = {
    "ore": msg("Mountains"),
    "mana": msg("Forests"),
    "food": msg("Plains"),
}


@step_type("collect")
class Collect(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "Collection: how much {resource} does it collect?",
            resource=RESOURCE_NAMES[step.params["resource"]],
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg(
            "As a normal player: 1 for each {regions} Region it controls (a Unit or Structure "
            "there), +1 for each of its Serfs on a Worker Space there, +2 with a Tower there.",
            regions=REGIONS[step.params["resource"]],
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return number(msg("It collects"), 0, 10)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        if value:
            ctx.note(gain(state, step.params["resource"], value))


@step_type("discard_slots")
class DiscardSlots(EnemyStep):
    automatic = True

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Its 3 cards go from the Hero Slots to the discard pile")

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        discard_slots(state)


@step_type("physical_discard")
class PhysicalDiscard(DiscardSlots):
    automatic = False

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Put the 3 cards of its Hero Slots face up on the discard pile")

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Discarded"))


@step_type("x_objective")
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
                    round=state.end_round or state.round,
                )
            )


@step_type("score_enemy")
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


@step_type("score_player")
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


@step_type("score_sheet")
class ScoreSheet(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("The final score")

    def view(self, state: EnemyState, step: Step) -> dict[str, Any] | None:
        return {"score_sheet": True}

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("End the game"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        enemy, you = scores(state)
        state.score.update(enemy=enemy, total_you=you)
