"""C. The actions on Deacon's card, one step each, in printed order.

Deacon rulebook, "Perform actions": "Actions from the card are performed left to right,
top to bottom. Deacon takes all the actions shown." Each effect as "Deacon cards
effects" (and "Key concepts") word it.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg, nmsg
from ...engine.questions import choice, choose, confirm, entry
from . import kinds
from .cards import effect_name
from .components import COLOUR_NAMES
from .entry import effects_check
from .rules import diver_step, lacking_types, research_step, score_track_effect, take_mission
from .state import DeaconState
from .stepkit import DeaconStep, effect_steps, new, step_type
from .steps_board import SIZE_NAMES


def colour(name: str) -> Msg:
    return COLOUR_NAMES.get(name) or msg("{colour}", colour=name)


class EffectParams(TypedDict):
    """A card effect's step (`stepkit.effect_steps`): the effect as the card prints it."""

    effect: dict[str, Any]  # its `effect` (which) and what it has: `n`, `symbols`…
    source: str  # where it comes from: the card's id, "tile", "tank", "bonus", "score_track"


class EffectStep(DeaconStep, TypedParams[EffectParams]):
    """A card effect the table carries out: said, then tapped."""

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Done"))


@step_type(kinds.E_SYMBOLS)
class Symbols(EffectStep):
    """ "Gain 1 VP per symbol type regardless of how many symbols of the same type."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        types = len([n for n in self.params(step)["effect"]["symbols"] if n])
        return nmsg("{n} symbol type: +{n} VP", "{n} symbol types: +{n} VP", types)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.add_vp("symbols", len([n for n in self.params(step)["effect"]["symbols"] if n]))


@step_type(kinds.E_VP)
class Points(EffectStep):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("+{n} VP", n=self.params(step)["effect"]["n"])

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        state.add_vp(
            p["source"] if p["source"] in SOURCES else "rewards",
            p["effect"]["n"],
        )


SOURCES = ("tank", "tile", "score_track", "bonus")


@step_type(kinds.E_RESEARCH)
class Research(EffectStep):
    def title(self, state: DeaconState, step: Step) -> Msg:
        if "research" not in state.components:  # a later line, before the track is entered
            return effect_name(self.params(step)["effect"])
        spaces = state.components["research"]["spaces"]
        if state.research >= len(spaces):
            return msg("Research: its Scientist is on the last space and stays")
        if spaces[state.research]["milestone"]:
            return msg(
                "Research: its Scientist to the Milestone space {n}, no extra step; the top "
                "Milestone tile face down by its Ship board, no reward",
                n=state.research + 1,
            )
        return msg("Research: move its Scientist to space {n}", n=state.research + 1)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        research_step(state, state.components["research"]["spaces"])


@step_type(kinds.E_DIVER)
class Diver(EffectStep):
    """ "Exploring the reef": one step per Diver icon; Oxygen Tank rewards; 1 VP past the
    final step."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if "seafloor" not in state.components:
            return effect_name(self.params(step)["effect"])
        spaces = state.components["seafloor"]["spaces"]
        if state.diver >= len(spaces):
            return msg("Diver: it is on the final step, so it gains 1 VP instead")
        tank = spaces[state.diver]["tank"]
        if tank:
            return msg(
                "Diver: move it to step {n}, an Oxygen Tank: it gains its rewards",
                n=state.diver + 1,
            )
        return msg("Diver: move it to step {n}", n=state.diver + 1)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        rewards = diver_step(state, state.components["seafloor"]["spaces"])
        ctx.insert(*effect_steps(state, rewards, "tank", ctx))


@step_type(kinds.E_RESTORATION)
class Restoration(DeaconStep):
    """ "Reef restoration": the Seafloor tile directly above its Diver, as if on its card;
    a choice of two: the top reward."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Reef Restoration: the Seafloor tile directly above its Diver")

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return msg("Enter what the tile shows; where it offers a choice, only its top reward.")

    def question(self, state: DeaconState, step: Step) -> Question:
        return entry(
            msg("The tile's actions"), effects_check(), {"kind": "effects", "what": "tile"}
        )

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        ctx.insert(*effect_steps(state, value, "tile", ctx))


@step_type(kinds.E_MISSION)
class Mission(DeaconStep, TypedParams[EffectParams]):
    """ "Deacon takes a Mission of a type it does not already have if possible. If tied
    it takes the leftmost card." Its Research level says which cards it can reach."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if "research" not in state.components:
            return effect_name(self.params(step)["effect"])
        spaces = state.components["research"]["spaces"]
        reach = spaces[min(state.research, len(spaces)) - 1]["missions"]
        return msg(
            "Mission: the leftmost card among the {n} it can reach of a colour it lacks",
            n=reach,
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        types = state.components["missions"]["types"]
        return choose(
            msg("That card's colour"),
            *(choice(t, colour(t)) for t in lacking_types(state, types)),
            choice("none", msg("None of those colours: no Mission")),
        )

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        if value == "none":
            return
        points = take_mission(state, value, state.components["missions"]["types"])
        if points:
            ctx.note(msg("A set of Missions: +{n} VP.", n=points))


@step_type(kinds.E_SCORE_TRACK)
class ScoreTrack(DeaconStep):
    """ "Deacon resolves the furthest effect that its Scoring marker has crossed." """

    automatic = True

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Score track: the furthest effect its Scoring marker has crossed")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        mark = score_track_effect(state, state.components["score_track"]["effects"])
        if mark is None:
            ctx.note(msg("Its Scoring marker has crossed no effect yet: nothing."))
            return
        ctx.note(msg("The effect at {n} VP.", n=mark["at"]))
        ctx.insert(*effect_steps(state, mark["effects"], "score_track", ctx))


@step_type(kinds.E_POLLUTION_SMALL)
class PollutionSmallest(DeaconStep):
    """ "Deacon takes the smallest available Pollution tile from the supply." """

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Pollution: it takes the smallest tile left in the supply")

    def question(self, state: DeaconState, step: Step) -> Question:
        return choose(
            msg("The smallest left"),
            *(choice(size, SIZE_NAMES[size]) for size in ("small", "medium", "large")),
            choice("none", msg("None left")),
        )

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        if value != "none":
            state.pollution[value] += 1


@step_type(kinds.E_POLLUTION_MEDIUM)
class PollutionMedium(EffectStep):
    """ "Deacon gains a medium Pollution tile." """

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Pollution: it gains a medium Pollution tile")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        state.pollution["medium"] += 1


@step_type(kinds.E_RESHUFFLE)
class Reshuffle(DeaconStep):
    """ "Re-shuffle discard pile with the deck (including this card)." """

    automatic = True

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Its discard pile is shuffled with its deck, this card included")

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        if state.physical:
            ctx.insert(new(kinds.PHYSICAL_RESHUFFLE))
            return
        size = state.cards.reshuffle(ctx.rng("deacon_reshuffle"))
        ctx.note(nmsg("A new deck of {n} card.", "A new deck of {n} cards.", size))
