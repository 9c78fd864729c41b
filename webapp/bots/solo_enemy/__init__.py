"""The Solo Enemy of Heroes of Land, Air & Sea, as a Botdeck plug-in.

Solo rulebook: `shared/rules/heroes-of-land-air-sea-solo.md`. The Enemy's three
Heroes act once each per round, between your two actions; Botdeck draws (or the
table names) its Solo Action Cards, keeps its Resources, Capital City Track, VP
and deck, and decides what it can pay for; what depends on the map is asked.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import (
    SETUP_OPTION,
    Bot,
    Checklist,
    Context,
    ScoreSheet,
    msg,
    register,
)
from ...engine.cards import Pile
from . import (  # noqa: F401  (register the step types)
    overturn,
    steps_actions,
    steps_battle,
    steps_build,
    steps_cards,
    steps_move,
    steps_player,
    steps_setup,
)
from .cards import CARD_COUNT, DeckError, card_numbers
from .copy_parts import EnemyParts
from .corrections import EnemyCorrections
from .entry import ENEMY_DECK
from .faction import NAME_LENGTH, TRACK_SPACES, faction_key
from .overturn import EnemyOverturns
from .rules import trigger_end
from .state import EnemyState
from .stepkit import STEP_TYPES
from .steps_player import score_sheet
from .turn import next_checklist, turn_cycle

__all__ = ["SOLO_ENEMY", "SoloEnemyBot"]

MAX_FACTIONS = 12


class SoloEnemyBot(Bot[EnemyState]):
    id = "solo_enemy"
    name = msg("Solo Enemy")
    game_name = msg("Heroes of Land, Air & Sea")
    step_types = STEP_TYPES  # type: ignore[assignment]
    cards = ENEMY_DECK
    corrections = EnemyCorrections()
    overturns = EnemyOverturns()
    copy = EnemyParts()
    # Solo rulebook, "Components and Setup Changes": your faction, and the factions you
    # own that the Enemy's is drawn from.
    options_schema = {
        "type": "object",
        "properties": {
            "you": {
                "type": "string",
                "minLength": 1,
                "maxLength": NAME_LENGTH,
                "default": "humans",
            },
            "factions": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH},
                "maxItems": MAX_FACTIONS,
            },
            "deck_mode": {"type": "string", "enum": ["app", "physical"], "default": "app"},
            **SETUP_OPTION,
        },
        "additionalProperties": False,
    }
    new_game_options = {"setup": "together"}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A base-game faction by its key; yours never among those the Enemy is drawn
        from; each once; at least one."""
        you = faction_key(options["you"])
        factions: list[str] = []
        seen = {you.casefold()}
        for key in map(faction_key, options.get("factions", [])):
            if key.casefold() not in seen:
                seen.add(key.casefold())
                factions.append(key)
        if not factions:
            raise ValueError(
                msg(
                    "option 'factions': name at least one faction you own besides yours: "
                    "the Enemy is drawn from them"
                )
            )
        return {**options, "you": you, "factions": factions}

    def setup(
        self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random
    ) -> EnemyState:
        # Solo rulebook, "Components and Setup Changes": the Enemy's faction drawn at
        # random; the 8 Solo Action Cards shuffled into a face-down deck.
        faction = rng.choice(options["factions"])
        physical = options["deck_mode"] == "physical"
        if physical:
            ids = card_numbers()
        else:
            ids = [card["id"] for card in deck["cards"]]
            if len(ids) < CARD_COUNT:
                raise DeckError(
                    msg(
                        "the deck has {count} of its {total} cards: play it with the printed "
                        "cards to enter the others",
                        count=len(ids),
                        total=CARD_COUNT,
                    )
                )
            rng.shuffle(ids)
        return EnemyState(
            turns=turn_cycle(),
            you=options["you"],
            faction=faction,
            physical=physical,
            cards=Pile(ids),
            setup_together=options["setup"] == "together",
        )

    def next_checklist(self, state: EnemyState, ctx: Context) -> Checklist | None:
        return next_checklist(state, ctx)

    def after_change(self, state: EnemyState, ctx: Context) -> None:
        # Solo rulebook, "End of the Game": the end of its Capital City Track triggers
        # the end, however it got there (a Build, or a correction).
        if state.profile and state.track >= TRACK_SPACES and trigger_end(state, "track"):
            ctx.note(
                msg(
                    "It reached the end of its Capital City Track: the game ends after round "
                    "{round}.",
                    round=state.turns.end_round or state.turns.round,
                )
            )

    def state_to_json(self, state: EnemyState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: dict[str, Any]) -> EnemyState:
        return EnemyState.from_json(data)

    def score_sheet(self, state: EnemyState) -> ScoreSheet | None:
        return score_sheet(state) if state.turns.over else None


SOLO_ENEMY = register(SoloEnemyBot())
