"""Your turn: what you do to the Covenant between its turns; and the final score.

Solo rulebook, "When do battles occur? — On your turn", "Achievements & end
game scoring".
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
from ...engine.questions import choose, number, space, yes_no
from . import kinds
from .deck import Layout
from .rules import covenant_name
from .state import AI, CovenantState
from .stepkit import (
    A_BUILDING,
    BUILDING_NAMES,
    STEP_TYPES,
    CovenantStep,
    OneSpaceStep,
    PlayerParams,
    SpaceParams,
    SpacesParams,
    SpacesStep,
    battle_step,
    choice,
    new,
    step_type,
    where,
)


def fortified_islands(state: CovenantState) -> list[str]:
    return [s for s, b in state.ai.islands.items() if "fort" in b or "garrison" in b]


def _player(p: PlayerParams) -> int:
    return int(p.get("player", 0))


def action_steps(state: CovenantState, action: str) -> list[Step]:
    """What you do to the acting Covenant (in 2 vs 2: the one you picked)."""
    if action == "battle":
        # Solo rulebook, "On your turn": you may attack its Ship when on its space.
        return [battle_step("player", state.ai.ship, defending=True)]
    if action == "building":
        return [new(kinds.PICK_ISLAND, purpose="building", spaces=fortified_islands(state))]
    if action == "island":
        return [new(kinds.PICK_ISLAND, purpose="take", spaces=sorted(state.ai.islands))]
    return [new(kinds.FIX_ISLAND)]


def built_candidates(state: CovenantState) -> list[str]:
    """The islands Botdeck knows of that a player could build on (not a Covenant's)."""
    return sorted(s for s in state.known_islands if not state.controlled_by_a_covenant(s))


@step_type(kinds.YOUR_TURN)
class YourTurn(CovenantStep, TypedParams[PlayerParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Play your turn")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if state.turns.last_turn:
            return msg(
                "The end has been triggered: play your last turn with the normal "
                "last-turn rules, then the game is scored."
            )
        return msg("Play as usual. Tap anything you do to the Covenant, then end your turn.")

    def question(self, state: CovenantState, step: Step) -> Question:
        ais = state.ais
        choices = [choice("end", msg("End my turn"), primary=True)]
        choices.append(choice("battle", msg("I battle its ship")))
        if any("fort" in b or "garrison" in b for ai in ais for b in ai.islands.values()):
            choices.append(choice("building", msg("I attack its Fort or Garrison")))
        if any(ai.islands for ai in ais):
            choices.append(choice("island", msg("I take an island from it")))
        if built_candidates(state):
            choices.append(choice("built", msg("I built a Fort or Garrison")))
        choices.append(choice("achievement", msg("I claimed an achievement")))
        choices.append(choice("fix_island", msg("Correct one of its islands")))
        return choose(msg("What now?"), *choices)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if value == "end":
            return
        if value == "achievement":
            follow = [new(kinds.PLAYER_ACHIEVEMENTS, player=_player(p))]
        elif value == "built":
            follow = [new(kinds.PLAYER_BUILT, spaces=built_candidates(state))]
        elif state.coop:
            follow = [new(kinds.PICK_COVENANT, action=value)]
        else:
            follow = action_steps(state, value)
        ctx.insert(*follow, new(kinds.YOUR_TURN, player=_player(p)))


class PickCovenantParams(TypedDict):
    action: str  # what you do to it: "battle", "building", "island"


@step_type(kinds.PICK_COVENANT)
class PickCovenant(CovenantStep, TypedParams[PickCovenantParams]):
    """2 vs 2: which of the two Covenants you battle, attack or take from."""

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Which Covenant?")

    def question(self, state: CovenantState, step: Step) -> Question:
        return choose(
            msg("The Covenant of…"),
            *(choice(str(i), covenant_name(state, i)) for i in range(len(state.ais))),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.active = int(value)
        steps = action_steps(state, self.params(step)["action"])
        if steps[0].kind == "pick_island" and not PickIsland.params(steps[0])["spaces"]:
            ctx.note(msg("It has no such island."))
            return
        ctx.insert(*steps)


class PickIslandParams(SpacesParams):
    purpose: str  # "building" (you attack its buildings there) or "take"


@step_type(kinds.PICK_ISLAND)
class PickIsland(SpacesStep[PickIslandParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if self.params(step)["purpose"] == "take":
            return msg("Which island did you take from it?")
        return msg("Which of its islands do you attack?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if self.params(step)["purpose"] == "take":
            return msg("Its buildings there and its permanent cube go.")
        return None

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap the island"), self.params(step)["spaces"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if self.params(step)["purpose"] == "building":
            ctx.insert(new(kinds.ATTACK_BUILDING, space=value))
            return
        buildings = state.ai.islands.pop(value, [])
        state.forget_island(value)
        ctx.note(msg("It loses the island at {space}.", space=where(state, value)), places=[value])
        for b in buildings:
            ctx.note(
                msg(
                    "Its {building} on {space} is removed.",
                    building=BUILDING_NAMES[b],
                    space=where(state, value),
                )
            )


@step_type(kinds.PLAYER_BUILT)
class PlayerBuilt(SpacesStep[SpacesParams]):
    """Solo rulebook, "Player turn": "Your turns are played exactly the same as a normal
    game" — a Fort or Garrison you build changes what Botdeck knew of that island."""

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("On which island did you build?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Botdeck will ask what is there the next time it matters.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap the island"), self.params(step)["spaces"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.forget_island(value)


@step_type(kinds.PLAYER_ACHIEVEMENTS)
class PlayerAchievements(CovenantStep, TypedParams[PlayerParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg("{player}'s achievements", player=state.players[_player(self.params(step))])
        return msg("Your achievements")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        if state.coop:
            return msg("The game ends when any one player or Covenant reaches 4 achievements.")
        return msg(
            "If you claim a fourth achievement first, the Covenant takes one "
            "additional turn and the game ends."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many achievements have you claimed in all?"), 0, 9)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        # the end trigger is checked after every change
        state.player_achievements[_player(self.params(step))] = value


@step_type(kinds.FIX_ISLAND)
class FixIsland(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Correct an island: which space?")

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap the space"), Layout(tuple(state.rows)).ocean_spaces())

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        ctx.insert(new(kinds.FIX_ISLAND_CONTROL, space=value))


@step_type(kinds.FIX_ISLAND_CONTROL)
class FixIslandControl(OneSpaceStep[SpaceParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "Does the Covenant control the island at {space}?",
            space=where(state, self.params(step)["space"]),
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Its island?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        space_ = self.params(step)["space"]
        state.forget_island(space_)  # a correction: what the table said may be wrong too
        if not value:
            state.ai.islands.pop(space_, None)
            return
        state.ai.islands[space_] = []
        if space_ in state.open_sea:
            state.open_sea.remove(space_)
        ctx.insert(
            *[new(kinds.FIX_ISLAND_BUILDING, space=space_, building=b) for b in BUILDING_NAMES]
        )


class FixIslandBuildingParams(SpaceParams):
    building: str  # "fort", "garrison", "outpost"


@step_type(kinds.FIX_ISLAND_BUILDING)
class FixIslandBuilding(OneSpaceStep[FixIslandBuildingParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        return msg(
            "Does it have {a_building} on {space}?",
            a_building=A_BUILDING[p["building"]],
            space=where(state, p["space"]),
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Its building?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if value:
            state.ai.islands.setdefault(p["space"], []).append(p["building"])


# --- final scoring -----------------------------------------------------------------


class ScoreOtherParams(TypedDict):
    ai: int  # which Covenant


@step_type(kinds.SCORE_OTHER)
class ScoreOther(CovenantStep, TypedParams[ScoreOtherParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg(
                "{covenant}: other end-game coins",
                covenant=covenant_name(state, self.params(step)["ai"]),
            )
        return msg("The Covenant's other end-game coins")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Score it as a regular player would (its islands and so on), but without "
            "the purple End of Game effects of its Advancements."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins is that?"), 0, 300)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.score[f"other{self.params(step)['ai']}"] = value


@step_type(kinds.SCORE_PLAYER)
class ScorePlayer(CovenantStep, TypedParams[PlayerParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg("{player}'s final score", player=state.players[_player(self.params(step))])
        return msg("Your final score")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("How many coins did you score?"), 0, 999)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        state.score[f"player{_player(p)}"] = value
        last = _player(p) == state.player_count - 1
        if last and players_total(state) == covenants_total(state):
            if state.coop:
                # 2 vs 2: "use the normal tiebreaker but using total cubes for both
                # players against total cubes for both Covenant AI players"
                ctx.insert(
                    new(kinds.SCORE_CUBES, team="players"), new(kinds.SCORE_CUBES, team="covenants")
                )
            else:
                ctx.insert(new(kinds.SCORE_TIEBREAK))


@step_type(kinds.SCORE_TIEBREAK)
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


class ScoreCubesParams(TypedDict):
    team: str  # "players" or "covenants"


@step_type(kinds.SCORE_CUBES)
class ScoreCubes(CovenantStep, TypedParams[ScoreCubesParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if self.params(step)["team"] == "players":
            return msg("A tie: how many cubes do you two have on the board?")
        return msg("A tie: how many cubes do the two Covenants have on the board?")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(msg("Cubes in all"), 0, 200)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        state.score[f"cubes_{p['team']}"] = value
        if p["team"] == "covenants":
            state.score["tiebreak"] = int(state.score.get("cubes_players", 0) > value)


def covenant_score_lines(state: CovenantState, index: int = 0) -> list[ScoreLine]:
    """Solo rulebook, end of "Achievements & end game scoring"."""
    ai = state.ais[index]
    return [
        ScoreLine(msg("Coins on its Dock"), ai.coins),
        # "The AI does score 1 coin per 2 Advancements it controls."
        ScoreLine(msg("1 per 2 Advancements ({n})", n=ai.advancements), ai.advancements // 2),
        ScoreLine(msg("Other end-game coins"), state.score.get(f"other{index}", 0)),
    ]


def covenant_total(state: CovenantState, index: int = 0) -> int:
    return sum(value for _, value in covenant_score_lines(state, index))


def covenants_total(state: CovenantState) -> int:
    """2 vs 2: "Do the same for the 2 Covenant players" (a team score)."""
    return sum(covenant_total(state, i) for i in range(len(state.ais)))


def players_total(state: CovenantState) -> int:
    return sum(state.score.get(f"player{p}", 0) for p in range(state.player_count))


def score_winner(state: CovenantState) -> str:
    """ "The highest team score wins" (solo: you against the Covenant)."""
    players, covenants = players_total(state), covenants_total(state)
    if players != covenants:
        return "player" if players > covenants else "covenant"
    return "player" if state.score.get("tiebreak") else "covenant"


def score_sheet(state: CovenantState) -> ScoreSheet:
    """Each Covenant's coins line by line, then yours; 2 vs 2: the two teams' totals."""
    covenants = tuple(
        ScoreGroup(
            covenant_name(state, index) if state.coop else None,
            tuple(covenant_score_lines(state, index)),
        )
        for index in range(len(state.ais))
    )
    players: tuple[ScoreGroup, ...] = ()
    if state.coop:
        lines = tuple(
            ScoreLine(msg("{player}", player=name), state.score.get(f"player{index}", 0))
            for index, name in enumerate(state.players)
        )
        players = (ScoreGroup(None, lines),)
    won = score_winner(state) == "player"
    return ScoreSheet(
        headline=msg("You win against the Covenant") if won else msg("The Covenant wins"),
        sides=(
            ScoreSide(
                msg("The Covenants' team") if state.coop else msg("The Covenant"),
                covenants_total(state),
                covenants,
                bot=True,
            ),
            ScoreSide(
                msg("Your team") if state.coop else msg("You"), players_total(state), players
            ),
        ),
        winner=msg("You win!") if won else msg("The Covenant wins."),
        close=msg("Close the game"),
        standings=standings(state, won),
    )


# The difficulties in words (the lobby's start-a-game form says the same).
DIFFICULTY_NAMES = {
    "normal": msg("Normal"),
    "hard": msg("Hard"),
    "expert": msg("Expert"),
    "extreme": msg("Extreme"),
}


def standings(state: CovenantState, won: bool) -> tuple[Standing, ...]:
    """Each Covenant (the bot, at its difficulty) and each player, as the sheet scores
    them. Solo rulebook, "Game play": "The Wayward Covenant always takes the first turn
    of the game"; 2 vs 2: the Covenant of the random start player does."""
    first = state.turns.order[0]
    role = DIFFICULTY_NAMES[state.difficulty]
    if state.coop:
        role = msg("{difficulty}, 2 vs 2", difficulty=role)
    covenants = tuple(
        Standing(
            msg("Wayward Covenant") if not state.coop else covenant_name(state, index),
            covenant_total(state, index),
            not won,
            bot=True,
            first=first.kind == AI and first.index == ai.player,
            role=role,
        )
        for index, ai in enumerate(state.ais)
    )
    if not state.coop:
        return (*covenants, Standing(msg("You"), players_total(state), won))
    return (
        *covenants,
        *(
            Standing(msg("{player}", player=name), state.score.get(f"player{index}", 0), won)
            for index, name in enumerate(state.players)
        ),
    )


def close_the_sheet(state: CovenantState, sheet: ScoreSheet) -> None:
    state.score["closed"] = 1


STEP_TYPES.add(SCORE_SHEET, ScoreSheetStep(score_sheet, close_the_sheet))
