"""Left side of the Covenant card: what it does on the board.

Solo rulebook, "Left side effects": in order, claim advancements, place
influence cubes, the end turn position, conditional effects.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg, nmsg
from ...engine.questions import choose, confirm, number, space, yes_no
from . import kinds
from .deck import HARBOR, Layout
from .plan import plan_placements, resolution_steps
from .rules import add_legendary_cube, garrison_damage
from .state import BOTH, FORT, GARRISON, NOTHING, SEA, CovenantState
from .stepkit import (
    CovenantStep,
    OneSpaceStep,
    PlaceParams,
    PlayerParams,
    SpaceParams,
    SpacesParams,
    SpacesStep,
    choice,
    new,
    step_type,
    where,
)


class RevealParams(TypedDict):
    card: str
    side: str  # "normal" or "hard"
    section: int  # from 0
    bonus: bool
    turn: int
    said: NotRequired[dict[str, Any] | None]  # what drawing it did besides (a `Msg`)
    capped: NotRequired[bool]  # its last section stands in for the one the turn needs


@step_type(kinds.REVEAL)
class Reveal(CovenantStep, TypedParams[RevealParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        side = msg("normal side") if p["side"] == "normal" else msg("hard side")
        if p["bonus"]:
            return msg(
                "Bonus card {card}, {side}: same section as the card before it ({section})",
                card=p["card"],
                side=side,
                section=p["section"] + 1,
            )
        return msg(
            "Card {card}, {side}: turn {turn} uses section {section}",
            card=p["card"],
            side=side,
            turn=p["turn"],
            section=p["section"] + 1,
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        said = p.get("said")
        if said:
            ctx.note(Msg.from_json(said))
        if p.get("capped"):
            ctx.note(
                msg(
                    "The card prints fewer sections than this turn needs: its last section "
                    "applies (the rulebook does not say; Botdeck does this)."
                )
            )


def _player(p: PlayerParams) -> int:
    return int(p.get("player", 0))


@step_type(kinds.PLAYER_SHIP)
class PlayerShip(CovenantStep, TypedParams[PlayerParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg(
                "Where is {player}'s Ship?", player=state.players[_player(self.params(step))]
            )
        return msg("Where is your Ship?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Tap its space on the board. The Covenant's battles depend on it.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("The Ship is on…"), Layout(tuple(state.rows)).all_spaces())

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        player = _player(self.params(step))
        state.facts.ships[player] = value
        state.facts.pirate[player] = False
        if value != HARBOR:
            # A ship that stopped on an Ocean board has explored it: never ask.
            if value not in state.explored:
                state.explored.append(value)
            ctx.insert(new(kinds.PLAYER_MODE, player=player))


@step_type(kinds.PLAYER_MODE)
class PlayerMode(CovenantStep, TypedParams[PlayerParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg(
                "Is {player}'s Ship in Pirate mode?",
                player=state.players[_player(self.params(step))],
            )
        return msg("Is your Ship in Pirate mode?")

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Pirate mode?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.facts.pirate[_player(self.params(step))] = bool(value)


@step_type(kinds.EXPLORE)
class Explore(CovenantStep, TypedParams[SpaceParams]):
    """Asks about a space only if it is still not known to be explored."""

    hidden_unless_noted = True

    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "Is the Ocean board at {space} still unexplored?",
            space=where(state, self.params(step)["space"]),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if p["space"] not in state.explored:
            ctx.insert(new(kinds.EXPLORE_CHECK, space=p["space"]))


@step_type(kinds.EXPLORE_CHECK)
class ExploreCheck(OneSpaceStep[SpaceParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "Is the Ocean board at {space} still unexplored?",
            space=where(state, self.params(step)["space"]),
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Asked once per space: Botdeck remembers the answer.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Unexplored?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        # Solo rulebook, "Left side effects", Important: an effect that touches an
        # unexplored Ocean board reveals it and gives the Covenant an Explorer cube.
        space_ = self.params(step)["space"]
        state.explored.append(space_)
        if value:
            state.ai.cubes["explorer"] += 1
            ctx.note(
                msg(
                    "Reveal the Ocean board at {space} as normal. The Covenant places a cube "
                    "on Explorer.",
                    space=where(state, space_),
                ),
                places=[space_],
            )


@step_type(kinds.CLAIM)
class Claim(OneSpaceStep[SpaceParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg(
            "The Covenant claims the Advancement at {space}",
            space=where(state, self.params(step)["space"]),
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Take it from the board. What was there?")

    def question(self, state: CovenantState, step: Step) -> Question:
        choices = [
            choice("mercantile", msg("An Advancement without cannons or battle abilities")),
            choice("pirate", msg("An Advancement with cannons or battle abilities")),
            choice("merchant", msg("A Merchant ship")),
        ]
        if state.saga:
            choices += [
                choice("saga_merchant", msg("A Merchant ship Encounter from a Saga")),
                choice("encounter", msg("Another Encounter (not a Merchant ship)")),
                choice("fortune", msg("A Fortune Encounter")),
            ]
        choices.append(choice("nothing", msg("Nothing: the space is empty")))
        return choose(msg("It took…"), *choices)

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        space_ = self.params(step)["space"]
        if value == "mercantile":
            # Solo rulebook, "Claim advancements": no cannon and no battle ability
            # means the Mercantile pile.
            state.ai.mercantile += 1
            ctx.note(msg("Into its Mercantile pile."), places=[space_])
        elif value == "pirate":
            ctx.insert(new(kinds.ADVANCEMENT_PILE, space=space_, minimum=1, origin="advancement"))
        elif value == "merchant":
            self._merchant_ship(state, space_, ctx)
            ctx.light(space_)
        elif value in ("saga_merchant", "encounter"):
            # Solo rulebook, "AI and Saga content": do not flip it; it goes
            # straight into the Mercantile pile.
            state.ai.mercantile += 1
            ctx.note(
                msg("Saga rules: not flipped, straight into its Mercantile pile."), places=[space_]
            )
        elif value == "fortune":
            ctx.note(msg("Saga rules: the Covenant ignores Fortune Encounters."))
        else:
            ctx.note(msg("Nothing to claim."))

    @staticmethod
    def _merchant_ship(state: CovenantState, space_: str, ctx: Context) -> None:
        # Solo rulebook, "Claim advancements": flip a coin; tails it keeps the
        # Advancement on the front side; heads a cube on Legendary and the back
        # side. It never gets the coins of the card's "Win" condition.
        heads = ctx.rng("coin").random() < 0.5
        if heads:
            ctx.note(msg("Coin flip: heads. It keeps the Merchant ship on its back side."))
            legendary = add_legendary_cube(state)
            if legendary:
                ctx.note(legendary)
            side = "back"
        else:
            ctx.note(msg("Coin flip: tails. It keeps the Merchant ship on its front side."))
            side = "front"
        ctx.note(msg("It gets no coins from the card's Win condition."))
        ctx.insert(new(kinds.ADVANCEMENT_PILE, space=space_, minimum=0, origin=side))


class AdvancementPileParams(SpaceParams):
    minimum: int  # the fewest cannons and battle abilities it can show
    origin: str  # "advancement", or the Merchant ship's side: "front", "back"


@step_type(kinds.ADVANCEMENT_PILE)
class AdvancementPile(CovenantStep, TypedParams[AdvancementPileParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        origin = self.params(step)["origin"]
        if origin == "front":
            return msg("Which pile does the Merchant ship's front side go to?")
        if origin == "back":
            return msg("Which pile does the Merchant ship's back side go to?")
        return msg("Sort the Advancement into its Pirate pile")

    def question(self, state: CovenantState, step: Step) -> Question:
        return number(
            msg("How many cannons and battle abilities does it show?"),
            self.params(step)["minimum"],
            8,
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        if value == 0:
            state.ai.mercantile += 1
            ctx.note(
                msg("No cannon or battle ability: into its Mercantile pile."),
                places=[p["space"]],
            )
        else:
            state.ai.pirate += 1
            state.ai.pirate_strength += value
            ctx.note(msg("Into its Pirate pile."), places=[p["space"]])


ISLAND_CHOICES = {
    SEA: msg("Open sea: no island"),
    NOTHING: msg("An island without your Fort or Garrison"),
    FORT: msg("An island with your Fort"),
    GARRISON: msg("An island with your Garrison"),
    BOTH: msg("An island with your Fort and your Garrison"),
}
COOP_ISLAND_CHOICES = {
    SEA: msg("Open sea: no island"),
    NOTHING: msg("An island without a Fort or Garrison of yours"),
    FORT: msg("An island with a Fort of yours"),
    GARRISON: msg("An island with a Garrison of yours"),
    BOTH: msg("An island with a Fort and a Garrison of yours"),
}


@step_type(kinds.ISLAND_CHECK)
class IslandCheck(OneSpaceStep[SpaceParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("What is at {space}?", space=where(state, self.params(step)["space"]))

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("Where you have a Fort or Garrison, placing its cubes can mean a battle.")

    def question(self, state: CovenantState, step: Step) -> Question:
        labels = COOP_ISLAND_CHOICES if state.coop else ISLAND_CHOICES
        return choose(msg("There is…"), *(choice(k, v) for k, v in labels.items()))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        space_ = self.params(step)["space"]
        # Kept for the next turns too: an explored Ocean board's islands stay where
        # they are; what is built on them changes as `CovenantState.forget_island` says.
        if value == SEA:
            if space_ not in state.open_sea:
                state.open_sea.append(space_)
        else:
            state.known_islands[space_] = value


class IslandKnownParams(SpaceParams):
    what: str  # what the table said is there (`state.NOTHING`, `FORT`…)


@step_type(kinds.ISLAND_KNOWN)
class IslandKnown(OneSpaceStep[IslandKnownParams]):
    """What the table said of an island on an earlier turn, nothing since could change."""

    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        labels = COOP_ISLAND_CHOICES if state.coop else ISLAND_CHOICES
        return msg(
            "{space}: {what}, as the table said before",
            space=where(state, p["space"]),
            what=labels[p["what"]],
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type(kinds.TOP_CHECK)
class TopCheck(CovenantStep, TypedParams[PlayerParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.coop:
            return msg(
                "Conditional attack: does {player} have 3 or more coins on their Ship?",
                player=state.players[_player(self.params(step))],
            )
        return msg("Conditional attack: do you have 3 or more coins on your Ship?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Icon at the top of the centre line: with 3 or more coins on your Ship, the "
            "Covenant attacks you, even in the Harbor."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("3 or more coins on your Ship?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.facts.rich[_player(self.params(step))] = bool(value)


@step_type(kinds.BOTTOM_CHECK)
class BottomCheck(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Conditional placement: coins or cargo on an island it does not control?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Icon at the bottom of the centre line. Do not count an island where your "
            "Ship is in Pirate mode."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return yes_no(msg("Any coins or cargo on such an island?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        if value:
            ctx.insert(new(kinds.BOTTOM_TARGET))
        else:
            ctx.note(msg("No such island: the conditional placement does nothing."))


def bottom_candidates(state: CovenantState) -> list[str]:
    """Islands it does not control (nor its ally: it never replaces its cubes) and
    without a player's Ship in Pirate mode."""
    facts = state.facts
    return [
        s
        for s in Layout(tuple(state.rows)).ocean_spaces()
        if not state.controlled_by_a_covenant(s)
        and s not in state.open_sea
        and not facts.pirates_at(s)
    ]


@step_type(kinds.BOTTOM_TARGET)
class BottomTarget(CovenantStep):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Which island has the most coins?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Among islands it does not control and without your Ship in Pirate mode. "
            "If tied, count coins and cargo together. It places 2 cubes there."
        )

    def places(self, state: CovenantState, step: Step) -> list[str]:
        return bottom_candidates(state)

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap that island"), bottom_candidates(state))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.facts.bottom_target = value
        if value not in state.explored:
            state.explored.append(value)
        if value not in state.known_islands:
            ctx.insert(new(kinds.ISLAND_CHECK, space=value))


def continue_plan(state: CovenantState, section: dict[str, Any], ctx: Context) -> None:
    """Ask what only the table can settle, then lay out the placements and battles."""
    placements = plan_placements(state, section)
    candidates = placements.building_candidates
    if len(candidates) > 1 and state.facts.building_choice is None:
        ctx.insert(new(kinds.PICK_BUILDING_BATTLE, section=section, spaces=candidates))
        return
    if len(placements.pirate_players) > 1:
        ctx.insert(
            new(kinds.PICK_PIRATE_BATTLE, section=section, players=placements.pirate_players)
        )
        return
    chosen = state.facts.building_choice or (candidates[0] if candidates else None)
    ctx.insert(*resolution_steps(state, section, placements, chosen))


class PlanParams(TypedDict):
    section: dict[str, Any]  # the card's section this turn, as the deck holds it


@step_type(kinds.PLAN)
class Plan(CovenantStep, TypedParams[PlanParams]):
    """Decides which placements mean battles once the table has answered."""

    hidden_unless_noted = True

    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("Botdeck works out the Covenant's battles")

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        continue_plan(state, self.params(step)["section"], ctx)


class PickBuildingBattleParams(SpacesParams):
    section: dict[str, Any]


@step_type(kinds.PICK_BUILDING_BATTLE)
class PickBuildingBattle(SpacesStep[PickBuildingBattleParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("It would fight more than one building battle: which island has the most coins?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "Solo rulebook: it fights only one building battle, for the island with the "
            "most coins on it (if tied, the higher end-game coin value). Its cubes for the "
            "other islands with your Forts and Garrisons are ignored."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return space(msg("Tap that island"), self.params(step)["spaces"])

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.facts.building_choice = value
        continue_plan(state, self.params(step)["section"], ctx)


class PickPirateBattleParams(TypedDict):
    section: dict[str, Any]
    players: list[int]  # whose Ships in Pirate mode it lands on


@step_type(kinds.PICK_PIRATE_BATTLE)
class PickPirateBattle(CovenantStep, TypedParams[PickPirateBattleParams]):
    """2 vs 2: it lands on both your Ships in Pirate mode; you choose the fight."""

    def title(self, state: CovenantState, step: Step) -> Msg:
        return msg("It lands on both your Ships in Pirate mode: which battle happens?")

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg(
            "2-player co-op: each Covenant fights one player Ship at most on its turn, "
            "and here the players choose which fight happens."
        )

    def question(self, state: CovenantState, step: Step) -> Question:
        return choose(
            msg("It battles the Ship of…"),
            *(
                choice(str(p), msg("{player}", player=state.players[p]))
                for p in self.params(step)["players"]
            ),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        state.facts.pirate_choice = int(value)
        continue_plan(state, self.params(step)["section"], ctx)


SKIP_REASONS = {
    "sea": msg("Open sea: nothing to place."),
    "harbor": msg("The Harbor: nothing to place."),
    "one_cube": msg(
        "A single cube where you have a Fort, a Garrison or your Ship in Pirate mode is ignored."
    ),
    "attacks": msg("It never battles a Fort or Garrison on a turn it attacks you: ignored."),
    "flag_only": msg(
        "It attacks you with its Attack Flag later, so this battle is not fought: ignored."
    ),
    "one_building_battle": msg("Only one building battle a turn: ignored."),
    "one_ship_battle": msg("It fights one player Ship at most this turn: ignored."),
}


class SkipPlaceParams(SpaceParams):
    cubes: int  # printed
    reason: str  # a key of SKIP_REASONS


@step_type(kinds.SKIP_PLACE)
class SkipPlace(CovenantStep, TypedParams[SkipPlaceParams]):
    automatic = True

    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        return nmsg(
            "No cube on {space} ({n} printed)",
            "No cubes on {space} ({n} printed)",
            p["cubes"],
            space=where(state, p["space"]),
        )

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        p = self.params(step)
        ctx.note(SKIP_REASONS[p["reason"]], places=[p["space"]])


@step_type(kinds.PLACE)
class Place(OneSpaceStep[PlaceParams]):
    def title(self, state: CovenantState, step: Step) -> Msg:
        p = self.params(step)
        return nmsg(
            "Place {n} influence cube on {space}",
            "Place {n} influence cubes on {space}",
            p["cubes"],
            space=where(state, p["space"]),
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        space_ = self.params(step)["space"]
        if space_ in state.ai.islands:
            return msg("Its own island: add what fits, skip the rest.")
        if state.coop and state.controlled_by_a_covenant(space_):
            # 2 vs 2: "The Covenant players will never replace each other's cubes"
            # and "will never cause its ally to lose control of an island".
            return msg(
                "Its ally's island: place only on free spaces, never on the other "
                "Covenant's cubes; skip the rest."
            )
        if state.turns.last_turn:
            return msg(
                "Last turn: it replaces only 1 of your cubes for every 2 it normally "
                "would. Skip any cube that cannot be placed."
            )
        if state.coop:
            # "it will always replace the cubes of the player who controls the island first"
            return msg(
                "Replace the cubes of the player who controls the island first, never "
                "the other Covenant's; skip any cube that cannot be placed."
            )
        return msg("Replace cubes as in the normal rules; skip any cube that cannot be placed.")

    def question(self, state: CovenantState, step: Step) -> Question:
        if state.controlled_by_a_covenant(self.params(step)["space"]):
            return confirm()
        return yes_no(msg("Does the Covenant now control this island?"))

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        space_ = self.params(step)["space"]
        if value is True and not state.controlled_by_a_covenant(space_):
            # Solo rulebook, "Place influence cubes": taking control removes the
            # island's buildings and gives it a permanent cube there.
            state.ai.islands[space_] = []
            state.known_islands[space_] = NOTHING
            ctx.note(
                msg(
                    "Remove any buildings on {space}; it gets a permanent cube on the island.",
                    space=where(state, space_),
                ),
                places=[space_],
            )


@step_type(kinds.END_POSITION)
class EndPosition(CovenantStep, TypedParams[SpaceParams]):
    def places(self, state: CovenantState, step: Step) -> list[str]:
        return [HARBOR if state.facts.sunk else self.params(step)["space"]]

    def title(self, state: CovenantState, step: Step) -> Msg:
        if state.facts.sunk:
            return msg("Move the Covenant's ship to the Harbor: it was sunk this turn")
        return msg(
            "Move the Covenant's ship to {space}", space=where(state, self.params(step)["space"])
        )

    def detail(self, state: CovenantState, step: Step) -> Msg | None:
        return msg("The orange space on the card: its ship token goes straight there.")

    def question(self, state: CovenantState, step: Step) -> Question:
        return confirm()

    def resolve(self, state: CovenantState, step: Step, value: Any, ctx: Context) -> None:
        space_ = self.params(step)["space"]
        # Solo rulebook, "Sinking": sunk on its turn, it ends in the Harbor
        # whatever the card says.
        state.ai.ship = HARBOR if state.facts.sunk else space_
        if state.facts.sunk:
            return
        # Solo rulebook, "Garrison damage": 1 damage when it ends its turn on an
        # island with your Garrison (not one it took control of this turn).
        if space_ not in state.ai.islands and state.known_islands.get(space_) in (GARRISON, BOTH):
            ctx.note(garrison_damage(state), places=[space_])
