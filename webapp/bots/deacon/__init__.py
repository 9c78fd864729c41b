"""Deacon, Reef Project's automated opponent, as a Botdeck plug-in.

Deacon rulebook: `shared/rules/reef-project-deacon.md`. Botdeck knows the board (its
islands, routes and sectors), where both Ships are and every Reef Ball, so it names
the route Deacon deploys on and the island it sails to; it keeps Deacon's tracks, VP,
Missions, Crew and deck, and asks the table only what it cannot know.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import (
    SETUP_OPTION,
    Bot,
    Checklist,
    Context,
    Msg,
    ScoreSheet,
    msg,
    register,
)
from ...engine.cards import Pile
from ...engine.scoring import SCORE_SHEET, ScoreSheetStep
from ...engine.text import reason
from ..deckfile import DeckError
from . import cards as cards_module
from . import (  # noqa: F401  (register the step types)
    kinds,
    steps_board,
    steps_cards,
    steps_crew,
    steps_effects,
    steps_player,
    steps_setup,
)
from .board import BoardError, DeaconBoard, demo_board, validate_board
from .copy_parts import DeaconParts
from .corrections import DeaconCorrections
from .entry import DEACON_DECK
from .rules import END_VP, OBJECTIVE_VP, who_has_least
from .state import DeaconState
from .stepkit import STEP_TYPES, new
from .steps_player import close_sheet, score_sheet
from .turn import next_checklist, turn_cycle

__all__ = ["DEACON_BOT", "DeaconBot"]

# Deacon rulebook, "Setup" 3: "Shuffle the 5 Ship cards and draw 2."
SHIP_CARDS = [f"S{n}" for n in range(1, 6)]
ADVANCED = [f"{n}A" for n in range(1, 5)]

STEP_TYPES.add(SCORE_SHEET, ScoreSheetStep(score_sheet, close_sheet))


def cards_it_may_draw(options: dict[str, Any]) -> list[str]:
    """Every card Botdeck may have to shuffle into Deacon's deck in a game with these
    options, whatever the draw: "Setup" 3 draws any 2 of the 5 Ship cards (the table
    keeps one, Deacon the other); "Difficulty modifiers" swap in Advanced cards chosen at
    random, each replacing the Basic card of its number (all four: Basic 1–4 never
    play). Botdeck shuffles a deck only if it holds them all, so that no game it starts
    stops at "Setup" 4 whatever the seed."""
    advanced = options["advanced"]
    swapped = {card[:-1] for card in ADVANCED} if advanced == len(ADVANCED) else set()
    basic = [card for card in cards_module.BASIC if card not in swapped]
    return [*SHIP_CARDS, *basic, *(ADVANCED if advanced else [])]


class DeaconBot(Bot[DeaconState]):
    id = "deacon"
    name = msg("Deacon")
    game_name = msg("Reef Project")
    step_types = STEP_TYPES  # type: ignore[assignment]
    cards = DEACON_DECK
    corrections = DeaconCorrections()
    board = DeaconBoard()
    copy = DeaconParts()
    options_schema = {
        "type": "object",
        "properties": {
            # "B sides of ships": Deacon plays the side you play.
            "side": {"enum": ["A", "B"], "default": "A"},
            # Difficulty modifiers: "Deacon is the first player."
            "first": {"enum": ["you", "deacon"], "default": "you"},
            # Difficulty modifiers: "Randomly select 1-4 Advanced cards and swap them".
            "advanced": {"type": "integer", "minimum": 0, "maximum": 4, "default": 0},
            # Difficulty modifiers: "Deacon gains printed bonuses for placing Crew tiles".
            "crew_bonus": {"type": "boolean", "default": False},
            "deck_mode": {"enum": ["app", "physical"], "default": "app"},
            # The board file the game plays on (the demo board if none is given).
            "board": {"type": "object"},
            # When its printed parts are asked: at setup (games started now), or the
            # first time each matters (games of an earlier Botdeck, replayed as played).
            "parts": {"enum": ["first_use", "setup"], "default": "first_use"},
            **SETUP_OPTION,
            # The invented values of its printed parts, chosen by name to try the app.
            "demo_components": {"type": "boolean", "default": False},
        },
        "additionalProperties": False,
    }
    new_game_options = {"parts": "setup", "setup": "together"}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        board = options.get("board") or demo_board()
        try:
            board = validate_board(board)
        except BoardError as error:
            raise ValueError(msg("option 'board': {why}", why=reason(error))) from None
        return {**options, "board": board}

    def setup(
        self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random
    ) -> DeaconState:
        if options["deck_mode"] != "physical":
            held = {card["id"] for card in deck["cards"]}
            missing = [card for card in cards_it_may_draw(options) if card not in held]
            if missing:
                missing_card = msg(
                    "the deck has no card {missing}: play the printed cards", missing=missing[0]
                )
                raise DeckError(missing_card)
        # "Setup" 3: two Ship cards drawn; Difficulty modifiers: 1–4 Advanced cards
        # chosen at random replace the Basic cards of the same number.
        ships = rng.sample(SHIP_CARDS, 2)
        advanced = sorted(rng.sample(ADVANCED, options["advanced"]))
        return DeaconState(
            turns=turn_cycle(options["first"] == "deacon"),
            board=options["board"],
            side=options["side"],
            physical=options["deck_mode"] == "physical",
            crew_bonus=options["crew_bonus"],
            parts_at_setup=options["parts"] == "setup",
            setup_together=options["setup"] == "together",
            demo_components=options["demo_components"],
            advanced=advanced,
            ships=ships,
            cards=Pile(),
        )

    def next_checklist(self, state: DeaconState, ctx: Context) -> Checklist | None:
        return next_checklist(state, ctx)

    def after_change(self, state: DeaconState, ctx: Context) -> None:
        if state.last in (None, "setup", "scoring"):
            return
        best = max(state.total_vp, state.your_vp)
        # Deacon rulebook, "Objectives": "When any of the players reaches 22 VP, check who
        # has the least VP" — once, at the end of the turn being played.
        if state.objective is None and best >= OBJECTIVE_VP and ctx.checklist is not None:
            state.objective = who_has_least(state)
            ctx.checklist.steps.append(new(kinds.OBJECTIVE))
        # "End of the game": "As soon as any player reaches 45 VP, complete the round ...
        # and then play 1 last round."
        if best >= END_VP and state.turns.trigger_end():
            ctx.note(
                msg(
                    "45 VP reached: this round is completed, then round {round} is the last.",
                    round=state.turns.end_round or state.turns.round,
                )
            )

    def state_to_json(self, state: DeaconState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: dict[str, Any]) -> DeaconState:
        return DeaconState.from_json(data)

    def space_name(self, space: str) -> Msg:
        if space == "none":
            return msg("None (no more)")
        if space.startswith("i"):
            return msg("Island {n}", n=space[1:])
        if space.startswith("r"):
            a, b = space[1:].split("-")
            return msg("Route {a}–{b}", a=a, b=b)
        if space.startswith("s:"):
            return msg("Sector {sector}", sector=space[2:])
        return Msg(space)

    def score_sheet(self, state: DeaconState) -> ScoreSheet | None:
        return score_sheet(state) if state.turns.over else None


DEACON_BOT = register(DeaconBot())
