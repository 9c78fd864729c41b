"""Your turn: what you do to the Covenant between its turns; and the final score.

Solo rulebook, "When do battles occur? — On your turn", "Achievements & end
game scoring".
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, msg
from ...engine.questions import choose, confirm, number, space, yes_no
from .deck import Layout
from .state import CovenantState
from .stepkit import BUILDING_NAMES, CovenantStep, battle_step, choice, new, step_type, where


def fortified_islands(state: CovenantState) -> list[str]:
    return [s for s, b in state.islands.items() if "fort" in b or "garrison" in b]


@step_type("your_turn")
class YourTurn(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Play your turn")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if state.end_by == "covenant":
            return msg(
                "The Covenant triggered the end: play your last turn with the normal "
                "last-turn rules, then the game is scored."
            )
        return msg("Play as usual. Tap anything you do to the Covenant, then end your turn.")

    def question(self, state: CovenantState, step: Step) -> Question:
        choices = [choice("end", msg("End my turn"), primary=True)]
        choices.append(choice("battle", msg("I battle its ship")))
        if fortified_islands(state):
            choices.append(choice("building", msg("I attack its Fort or Garrison")))
        if state.islands:
            choices.append(choice("island", msg("I take an island from it")))
        choices.append(choice("achievement", msg("I claimed an achievement")))
        choices.append(choice("fix_island", msg("Correct one of its islands")))
        return choose(msg("What now?"), *choices)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if value == "end":
            return
        follow: list[Step] = []
        if value == "battle":
            # Solo rulebook, "On your turn": you may attack its Ship when on its space.
            follow.append(battle_step("player", state.ship, defending=True))
        elif value == "building":
            follow.append(new("pick_island", purpose="building", spaces=fortified_islands(state)))
        elif value == "island":
            follow.append(new("pick_island", purpose="take", spaces=sorted(state.islands)))
        elif value == "achievement":
            follow.append(new("player_achievements"))
        else:
            follow.append(new("fix_island"))
        follow.append(new("your_turn"))
        ctx.insert(*follow)


@step_type("pick_island")
class PickIsland(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if step.params["purpose"] == "take":
            return msg("Which island did you take from it?")
        return msg("Which of its islands do you attack?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if step.params["purpose"] == "take":
            return msg("Its buildings there and its permanent cube go.")
        return None

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap the island"), step.params["spaces"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if step.params["purpose"] == "building":
            ctx.insert(new("attack_building", space=value))
            return
        buildings = state.islands.pop(value, [])
        state.facts.islands.pop(value, None)
        ctx.note(msg("It loses the island at {space}.", space=where(state, value)))
        for b in buildings:
            ctx.note(msg("Its {building} there is removed.", building=BUILDING_NAMES[b]))


@step_type("player_achievements")
class PlayerAchievements(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Your achievements")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "If you claim a fourth achievement first, the Covenant takes one "
            "additional turn and the game ends."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many achievements have you claimed in all?"), 0, 9)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.player_achievements = value  # the end trigger is checked after every change


@step_type("fix_island")
class FixIsland(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Correct an island: which space?")

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap the space"), Layout(tuple(state.rows)).ocean_spaces())

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        ctx.insert(new("fix_island_control", space=value))


@step_type("fix_island_control")
class FixIslandControl(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "Does the Covenant control the island at {space}?",
            space=where(state, step.params["space"]),
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Its island?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        space_ = step.params["space"]
        if not value:
            state.islands.pop(space_, None)
            return
        state.islands[space_] = []
        if space_ in state.open_sea:
            state.open_sea.remove(space_)
        ctx.insert(*[new("fix_island_building", space=space_, building=b) for b in BUILDING_NAMES])


@step_type("fix_island_building")
class FixIslandBuilding(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "Does it have a {building} on {space}?",
            building=BUILDING_NAMES[step.params["building"]],
            space=where(state, step.params["space"]),
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Its building?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if value:
            state.islands.setdefault(step.params["space"], []).append(step.params["building"])


# --- final scoring -----------------------------------------------------------------


@step_type("score_other")
class ScoreOther(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("The Covenant's other end-game coins")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Score it as a regular player would (its islands and so on), but without "
            "the purple End of Game effects of its Advancements."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins is that?"), 0, 300)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.score["other"] = value


@step_type("score_player")
class ScorePlayer(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Your final score")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins did you score?"), 0, 999)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.score["player"] = value
        if value == covenant_total(state):
            ctx.insert(new("score_tiebreak"))


@step_type("score_tiebreak")
class ScoreTiebreak(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("A tie: who wins the normal tie-breaker?")

    def question(self, state: CovenantState, step: Step) -> Question:
        return choose(
            msg("The tie-breaker goes to…"),
            choice("player", msg("You")),
            choice("covenant", msg("The Covenant")),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.score["tiebreak"] = 1 if value == "player" else 0


@step_type("score_sheet")
class ScoreSheet(CovenantStep):
    def view(self, state: CovenantState, step: Step) -> dict[str, Any] | None:
        return {"score_sheet": True}

    def title(self, state: CovenantState, step: Step) -> Msg:
        winner = score_winner(state)
        if winner == "player":
            return msg("You win against the Covenant")
        return msg("The Covenant wins")

    def question(self, state: CovenantState, step: Step) -> Question:
        return confirm(msg("Close the game"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.score["closed"] = 1


def covenant_score_lines(state: CovenantState) -> list[tuple[Msg, int]]:
    """Solo rulebook, end of "Achievements & end game scoring"."""
    return [
        (msg("Coins on its Dock"), state.coins),
        # "The AI does score 1 coin per 2 Advancements it controls."
        (msg("1 per 2 Advancements ({n})", n=state.advancements), state.advancements // 2),
        (msg("Other end-game coins"), state.score.get("other", 0)),
    ]


def covenant_total(state: CovenantState) -> int:
    return sum(value for _, value in covenant_score_lines(state))


def score_winner(state: CovenantState) -> str:
    player, covenant = state.score.get("player", 0), covenant_total(state)
    if player != covenant:
        return "player" if player > covenant else "covenant"
    return "player" if state.score.get("tiebreak") else "covenant"
