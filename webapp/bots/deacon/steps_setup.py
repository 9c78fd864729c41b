"""Setting up a game against Deacon, as the rulebook's "Setup" lists it, and the printed
parts Botdeck asks for the first time they matter."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import Context, Msg, Question, Step, TypedParams, msg
from ...engine.questions import choice, choose, confirm, entry, space
from . import kinds
from .board import DEMO_LABEL
from .cards import SHIPS, card_label, find_card
from .components import PART_NAMES, part_check, part_read
from .rules import take_mission
from .state import DEACON, DeaconState, ReefSupply
from .stepkit import DeaconStep, PartStep, step_type
from .steps_board import island_spaces
from .steps_cards import deck_members
from .steps_effects import colour


def components_question(part: str, *, demo: bool = False) -> Question:
    """The form of a printed part, in a game and on the copy page; `demo`: a game that
    plays invented values offers them (the draft says so to the editor)."""
    draft: dict[str, Any] = {"kind": "components", "part": part}
    if demo:
        draft["demo"] = True
    return entry(msg("What it prints"), part_check(part), draft, stored=part_read(part))


@step_type(kinds.COMPONENTS)
class Components(PartStep):
    """A printed part entered once and kept for the next game."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Enter once what is printed: {part}", part=PART_NAMES[self.params(step)["part"]])

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        if state.parts_at_setup:
            return msg("Entered once: it goes into your copy of the game, used in every game.")
        return msg("Needed now. Entered once: Botdeck keeps it and offers it filled in next game.")

    def question(self, state: DeaconState, step: Step) -> Question:
        return components_question(self.params(step)["part"], demo=state.demo_components)

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        part = self.params(step)["part"]
        state.components[part] = value
        if part == "crew" and not state.crew:
            # Deacon cards effects, crew score: "starting Crew also counts".
            state.crew = [1] * len(value["rows"])
        if part == "reef_balls" and state.reef.initial is None:
            state.reef = ReefSupply(value["initial"], [c["balls"] for c in value["columns"]])


class TableStep(DeaconStep):
    """A line of the setup the table does: said, then tapped."""

    text: Msg
    more: Msg | None = None

    def title(self, state: DeaconState, step: Step) -> Msg:
        return self.text

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return self.more

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        pass


@step_type(kinds.SETUP_CORE)
class SetupCore(TableStep):
    """ "Setup" 1: "Set the game up for 2 players as per the core rules." """

    def title(self, state: DeaconState, step: Step) -> Msg:
        # the demo board in the reader's language (its file's name is English)
        board = (
            DEMO_LABEL
            if state.board.get("demo")
            else msg("{name}", name=state.board.get("name", ""))
        )
        return msg("Set the game up for 2 players as the core rules say, on {board}", board=board)


@step_type(kinds.FIRST_PLAYER)
class FirstPlayer(TableStep):
    """ "Setup" 2: "You are the first player." Difficulty modifiers: "Deacon is the first
    player." """

    def title(self, state: DeaconState, step: Step) -> Msg:
        if state.turns.order[0].kind == DEACON:
            return msg("Deacon is the first player (difficulty modifier)")
        return msg("You are the first player")


def ship_name(deck: dict[str, Any] | None, card: str) -> Msg:
    found = find_card(deck, card) if deck else None
    if found and found.get("name"):
        return msg("{label}: {name}", label=card_label(card), name=found["name"])
    return card_label(card)


@step_type(kinds.SHIP_CHOICE)
class ShipChoice(DeaconStep):
    """ "Setup" 3: "Shuffle the 5 Ship cards and draw 2. Choose 1 card, take the
    respective Ship board for yourself and remove the card. Give the Ship board from the
    second card to Deacon." With the printed cards, the table draws them and says which
    one is Deacon's."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if state.physical:
            return msg(
                "Shuffle the 5 Ship cards and draw 2: choose yours; Deacon takes the "
                "other's Ship board. Which Ship card is Deacon's?"
            )
        a, b = state.ships
        return msg(
            "Botdeck drew {a} and {b}: choose your Ship; Deacon takes the other's Ship board",
            a=card_label(a),
            b=card_label(b),
        )

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        return msg(
            "Your Ship card is then removed from the game. Tip: for a first game, play on "
            "the A side of your Ship board."
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        if state.physical:
            return choose(msg("Deacon's Ship card"), *(choice(s, card_label(s)) for s in SHIPS))
        return choose(msg("Your Ship"), *(choice(s, card_label(s)) for s in state.ships))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        if state.physical:
            state.ship = value
        else:
            state.ship = next(s for s in state.ships if s != value)
        ctx.note(msg("Deacon's Ship: {ship}.", ship=ship_name(ctx.deck, state.ship)))


@step_type(kinds.BUILD_DECK)
class BuildDeck(DeaconStep):
    """ "Setup" 4: "Shuffle the Deacon's Ship card with 8 Basic cards to create its
    deck." Difficulty modifiers: Advanced cards swapped for the Basic cards of their
    number."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if state.physical:
            return msg("Shuffle its Ship card with its 8 Basic cards: its deck, face down")
        return msg("Its deck: its Ship card and its 8 Basic cards, shuffled by Botdeck")

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        if not state.advanced:
            return None
        return msg(
            "Difficulty: Advanced cards {cards} replace the Basic cards of the same number.",
            cards=", ".join(state.advanced),
        )

    def question(self, state: DeaconState, step: Step) -> Question:
        return confirm(msg("Done"))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        members = deck_members(state)
        if state.physical:
            state.cards.unseen = len(members)
            return
        missing = [card for card in members if find_card(ctx.deck, card) is None]
        if missing:
            raise ValueError(
                msg("the deck has no card {missing}: play the printed cards", missing=missing[0])
            )
        ctx.rng("deacon_deck").shuffle(members)
        state.cards.cards = members


@step_type(kinds.DEACON_COMPONENTS)
class DeaconComponents(TableStep):
    text = msg(
        "Its player components as the core rules say, except: no resource markers, energy "
        "track or Coins; its Scientist on the 1 space of the Research track"
    )


@step_type(kinds.MISSIONS_DEAL)
class MissionsDeal(TableStep):
    """ "Setup" 6: "Take 3 Coins. Draw 5 Mission cards. Keep 1, shuffle and give Deacon 2
    randomly, then choose your second card from the remaining 2 and discard the remaining
    one to the bottom of the Mission deck." """

    text = msg("Take 3 Coins. Draw 5 Mission cards and keep 1")
    more = msg("Shuffle the other 4 face down: Deacon takes 2 of them at random.")


class MissionParams(TypedDict):
    n: int  # its first or second Mission card


@step_type(kinds.DEACON_MISSION)
class DeaconMission(DeaconStep, TypedParams[MissionParams]):
    def title(self, state: DeaconState, step: Step) -> Msg:
        return msg("Deacon's Mission card {n} of 2: its colour", n=self.params(step)["n"])

    def question(self, state: DeaconState, step: Step) -> Question:
        types = state.components["missions"]["types"]
        return choose(msg("Colour"), *(choice(t, colour(t)) for t in types))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        points = take_mission(state, value, state.components["missions"]["types"])
        if points:
            ctx.note(msg("A set of Missions: +{n} VP.", n=points))


@step_type(kinds.SECOND_MISSION)
class SecondMission(TableStep):
    text = msg(
        "Choose your second Mission from the 2 left; the other goes to the bottom of the "
        "Mission deck"
    )


class StartIslandParams(TypedDict):
    who: str  # `state.DEACON` or `YOU`


@step_type(kinds.START_ISLAND)
class StartIsland(DeaconStep, TypedParams[StartIslandParams]):
    """Where each Ship starts, as the core rules place it: Botdeck needs to know."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if self.params(step)["who"] == DEACON:
            return msg("Where does Deacon's Ship start?")
        return msg("Where does your Ship start?")

    def question(self, state: DeaconState, step: Step) -> Question:
        return space(msg("The island"), island_spaces(state))

    def resolve(self, state: DeaconState, step: Step, value: Any, ctx: Context) -> None:
        island = int(value[1:])
        if self.params(step)["who"] == DEACON:
            state.at = island
        else:
            state.you_at = island
        ctx.note(msg("On Island {n}.", n=island), places=[value])


@step_type(kinds.SHIP_SIDES)
class ShipSides(TableStep):
    """ "B sides of ships": if you play the B side, Deacon uses it too."""

    def title(self, state: DeaconState, step: Step) -> Msg:
        if state.side == "B":
            return msg("Both Ship boards on their B side")
        return msg("Both Ship boards on their A side")

    def detail(self, state: DeaconState, step: Step) -> Msg | None:
        if state.side == "B":
            return msg("Mission sets score 3 VP; filled Crew rows score at the end of the game.")
        return None
