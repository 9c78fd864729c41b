"""The table overturns an action Botdeck decided.

Solo rulebook, "Solo Action Cards — The Actions": "Note that abilities from the Heroes
or from the Capital City may alter the normal rules of these actions." Botdeck decides
Recruit, Research and both Builds from what its board prints; the table, which sees the
abilities, may say "it can after all" or "it cannot after all". The game goes back to
the state Botdeck decided from, and the action then goes on as the rulebook says it
goes on after that outcome. Tax "cannot fail", and whether an Attack finds an army is
the table's own answer: neither is Botdeck's decision.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from ...engine import Context, Msg, Overturn, Overturns, Question, Step, TypedParams, msg
from ...engine.questions import choose
from . import kinds
from .cards import action_name
from .corrections import EnemyCorrections
from .faction import UNIT_NAMES, UNITS
from .rules import MAX_TOWERS, next_track_cost, pay_up_to
from .state import EnemyState
from .stepkit import ActionParams, EnemyStep, choice, hero_name, new, step_type
from .steps_actions import SupplyParams, cast_spell, fail, place_unit
from .steps_build import VESSELS, advance_track
from .steps_move import MoveStart

SUCCEED, FAIL = "succeed", "fail"
TOWER = "tower"
# The steps of a successful action, up to the offer to Follow it: while one of them
# waits, the table may still say the action could not be performed.
SUCCESS_STEPS = frozenset(
    {
        "supply",
        "place_unit",
        "place_vessel",
        "track_advance",
        "cast_spell",
        "tower_serf",
        "tower_distance",
        "tower_build",
        "tower_tokens",
        "follow",
        "overturn_unit",
    }
)


def overturnable(state: EnemyState, step: Step) -> Overturn | None:
    """The decision the table may overturn while `step` waits: a failed action at the
    first step of its Hero's move (nothing of the move answered yet), a successful one
    at any step of it before the turn ends."""
    decision = state.decision
    if decision is None:
        return None
    hero, action = hero_name(decision["hero"]), action_name(decision["action"])
    if state.heroes[decision["hero"]].failed:
        if step.kind != kinds.MOVE_START or MoveStart.params(step)["hero"] != decision["hero"]:
            return None
        if decision["action"] == "build_track" and next_track_cost(state) is None:
            return None  # no space left on its track: no ability adds one
        return Overturn(
            SUCCEED,
            msg("It can after all"),
            msg(
                "Botdeck decided from the costs its board prints: this action fails. If an "
                "ability of its Heroes or Capital City lets it, it succeeds instead: it pays "
                "the printed price as far as its Resources go, does not move, and you may "
                "Follow it."
            ),
            msg("{hero} can perform “{action}” after all", hero=hero, action=action),
        )
    if step.kind not in SUCCESS_STEPS:
        return None
    return Overturn(
        FAIL,
        msg("It cannot after all"),
        msg(
            "Botdeck decided from the costs its board prints: this action succeeds. If an "
            "ability (its own or yours) forbids it, it fails instead: what it paid comes back "
            "and {hero} moves.",
            hero=hero,
        ),
        msg("{hero} cannot perform “{action}” after all", hero=hero, action=action),
    )


def overturn(
    state: EnemyState, to: str, ctx: Context, correct: Callable[[EnemyState, str, int], None]
) -> None:
    """The action as it stood when Botdeck decided, given the other outcome. A counter
    the table corrected since keeps the value it was given (`correct`)."""
    decision = state.decision
    if decision is None or to not in (SUCCEED, FAIL):
        raise ValueError(msg("Botdeck decided nothing here that the table can overturn"))
    _restore(state, decision)
    for field, value in list(decision.get("corrected", {}).items()):
        correct(state, field, value)
    assert ctx.checklist is not None
    ctx.checklist.drop_pending()  # the rest of the outcome it had
    action_params: ActionParams = {"hero": decision["hero"], "card": decision["card"]}
    if to == FAIL:
        # Solo rulebook, "Action Selection Phase": an action it cannot perform is a
        # "Failed Action": "Instead that Hero performs a Move Action"; "Following a Solo
        # Action Card": a failed action "may not be Followed".
        fail(state, ctx, action_params)
        return
    # "If the Enemy is able to perform the listed action by meeting its requirements,
    # they MUST do so": each action as it goes on once it can be paid for.
    action = decision["action"]
    if action == "research":
        cast_spell(state, ctx, action_params, pay_up_to)
    elif action == "build_track":
        ore = next_track_cost(state)
        if ore is None:
            raise ValueError(msg("Its Capital City Track has no space left."))
        advance_track(state, ctx, action_params, ore, pay_up_to)
    else:  # Recruit, or Build — Towers and Vessels: which Unit or feature, in priority order
        units: tuple[str, ...] = UNITS
        if action != "recruit":
            # An ability may let it build beyond its Capital City Level, not beyond its
            # components: "Gather that Faction's components as if it were a normal
            # game" (Solo rulebook, "Components and Setup Changes") — 3 Towers.
            units = (TOWER, *VESSELS) if state.towers < MAX_TOWERS else VESSELS
        build = "recruit" if action == "recruit" else "build"
        ctx.insert(new(kinds.OVERTURN_UNIT, **action_params, action=build, units=list(units)))


def _restore(state: EnemyState, decision: dict[str, Any]) -> None:
    """The state as it was when Botdeck decided (what the action paid and changed since
    comes back), the decision still kept."""
    before = EnemyState.from_json(copy.deepcopy(decision["before"]))
    for field in fields(EnemyState):
        setattr(state, field.name, getattr(before, field.name))
    state.decision = decision


@step_type(kinds.OVERTURN_UNIT)
class OverturnUnit(EnemyStep, TypedParams[SupplyParams]):
    """After "it can after all" on a Recruit or a Build of Towers and Vessels: which Unit
    or feature its abilities let it have, the first in the card's priority order."""

    def title(self, state: EnemyState, step: Step) -> Msg:
        p = self.params(step)
        if p["action"] == "recruit":
            return msg("Which Unit does {hero} recruit?", hero=hero_name(p["hero"]))
        return msg("What does {hero} build?", hero=hero_name(p["hero"]))

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        if self.params(step)["action"] == "recruit":
            # Solo rulebook, "Recruit": "Air Vessel > Sea Vessel > Warrior > Serf".
            order = msg("Air Vessel > Sea Vessel > Warrior > Serf")
        else:
            # Solo rulebook, "Build — Towers and Vessels": "Tower > Air Vessel > Sea Vessel".
            order = msg("Tower > Air Vessel > Sea Vessel")
        return msg(
            "The first in priority order ({order}) that its abilities allow and its supply "
            "holds. It pays the printed price as far as its Resources go.",
            order=order,
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("It gets"),
            *(
                choice(unit, msg("Tower") if unit == TOWER else UNIT_NAMES[unit])
                for unit in self.params(step)["units"]
            ),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        params = {"hero": p["hero"], "card": p["card"]}
        if value == TOWER:
            ctx.insert(new(kinds.TOWER_DISTANCE, **params, overturned=True))
            return
        place_unit(state, ctx, p, value, pay_up_to)


class EnemyOverturns(Overturns[EnemyState]):
    """Recruit, Research and both Builds, decided from what its board prints
    (`Bot.overturns`)."""

    def offered(self, state: EnemyState, step: Step) -> Overturn | None:
        return overturnable(state, step)

    def overturn(self, state: EnemyState, to: str, ctx: Context) -> None:
        overturn(state, to, ctx, EnemyCorrections().correct)
