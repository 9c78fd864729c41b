"""The Wayward Covenant: Dead Reckoning's solo opponent, as a Botdeck plug-in."""

from __future__ import annotations

import random
from typing import Any

from ...engine import Bot, Checklist, Context, Msg, ScoreSheet, msg, register
from ...engine.cards import Pile
from . import (  # noqa: F401  (register the step types)
    steps_battle,
    steps_cards,
    steps_left,
    steps_player,
    steps_right,
)
from .corrections import CovenantCorrections
from .deck import CARD_COUNT, DeckError, space_name
from .library import CovenantDeck
from .rules import (
    claim_achievements,
    deal_coop_decks,
    deal_piles,
    player_triggers_end,
)
from .state import DIFFICULTIES, CovenantAI, CovenantState
from .stepkit import STEP_TYPES
from .steps_player import score_sheet
from .turn import next_checklist, turn_cycle

__all__ = ["COVENANT", "CovenantBot", "DeckError"]

PLAYER_NAME_LENGTH = 30


class CovenantBot(Bot[CovenantState]):
    id = "covenant"
    name = msg("Wayward Covenant")
    game_name = msg("Dead Reckoning")
    step_types = STEP_TYPES  # type: ignore[assignment]
    cards = CovenantDeck()
    corrections = CovenantCorrections()
    # Solo rulebook, "Difficulty Levels"; 2-player co-op, "Setup adjustments": the two
    # players' names, one Covenant assigned to each.
    options_schema = {
        "type": "object",
        "properties": {
            "difficulty": {"type": "string", "enum": list(DIFFICULTIES), "default": "normal"},
            "saga": {"type": "boolean", "default": False},
            "coop": {"type": "boolean", "default": False},
            "players": {
                "type": "array",
                "items": {"type": "string", "maxLength": PLAYER_NAME_LENGTH},
                "minItems": 2,
                "maxItems": 2,
            },
            "deck_mode": {"type": "string", "enum": ["app", "physical"], "default": "app"},
        },
        "additionalProperties": False,
    }

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The players' names only in a co-op game: a blank one is "Player N"; two
        different ones."""
        names = options.pop("players", None) or ["", ""]
        if not options["coop"]:
            return options
        names = [name.strip() or f"Player {n}" for n, name in enumerate(names, start=1)]
        if names[0] == names[1]:
            raise ValueError(msg("option 'players': the two players need different names"))
        return {**options, "players": names}

    def setup(
        self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random
    ) -> CovenantState:
        difficulty = options["difficulty"]
        if options.get("deck_mode") == "physical":
            return self._physical_setup(options, deck, rng)
        sides = {"normal": ["normal"], "hard": ["normal", "hard"]}.get(difficulty, ["hard"])
        if len(deck["cards"]) < 1:
            raise DeckError(msg("the deck has no card yet: play it in physical-deck mode"))
        for card in deck["cards"]:
            for side in sides:
                content = card["sides"].get(side)
                if content is None or any(s is None for s in content["sections"]):
                    raise DeckError(
                        msg(
                            "card {card}: its {side} is not complete, and this difficulty needs it",
                            card=card["id"],
                            side=steps_cards.SIDE_NAMES[side],
                        )
                    )
        ids = [card["id"] for card in deck["cards"]]
        if not options.get("coop"):
            # Solo rulebook, "Setup": the 18 cards shuffled into one facedown deck;
            # "The Wayward Covenant always takes the first turn of the game."
            return CovenantState(
                difficulty=difficulty,
                saga=options["saga"],
                rows=list(deck["layout"]["rows"]),
                ais=[
                    CovenantAI(
                        piles={
                            key: Pile(cards=cards)
                            for key, cards in deal_piles(ids, difficulty, rng).items()
                        }
                    )
                ],
                turns=turn_cycle(1, 0),
            )
        if len(ids) < 2:
            raise DeckError(msg("the 2 vs 2 game needs a deck of at least 2 cards"))
        # 2-player co-op, "Setup adjustments": one Covenant AI assigned to each
        # player, a random start player, 2 separate 9-card decks.
        decks = deal_coop_decks(ids, rng)
        return CovenantState(
            difficulty=difficulty,
            saga=options["saga"],
            coop=True,
            rows=list(deck["layout"]["rows"]),
            players=list(options["players"]),
            ais=[CovenantAI(player=p, piles={"deck": Pile(cards=decks[p])}) for p in (0, 1)],
            turns=turn_cycle(2, rng.randrange(2)),
            player_achievements=[0, 0],
        )

    def _physical_setup(
        self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random
    ) -> CovenantState:
        """The printed cards: the table shuffles and deals them as the rules say."""
        difficulty, coop = options["difficulty"], bool(options.get("coop"))
        half = CARD_COUNT // 2
        if coop:
            sizes = {"deck": half}
        elif difficulty == "hard":
            sizes = {"normal": half, "hard": half}
        else:
            sizes = {"normal" if difficulty == "normal" else "hard": CARD_COUNT}
        players = 2 if coop else 1
        return CovenantState(
            difficulty=difficulty,
            saga=options["saga"],
            coop=coop,
            physical=True,
            pile_sizes=sizes,
            rows=list(deck["layout"]["rows"]),
            players=list(options.get("players", [])),
            ais=[
                CovenantAI(player=p, piles={key: Pile(unseen=size) for key, size in sizes.items()})
                for p in range(players)
            ],
            turns=turn_cycle(players, rng.randrange(players)),
            player_achievements=[0] * players,
        )

    def next_checklist(self, state: CovenantState, ctx: Context) -> Checklist | None:
        return next_checklist(state, ctx, ctx.deck)

    def after_change(self, state: CovenantState, ctx: Context) -> None:
        # Issue contract: thresholds are checked after every change, whoever made it.
        for note in claim_achievements(state):
            ctx.note(note)
        player_end = player_triggers_end(state)
        if player_end:
            ctx.note(player_end)

    def state_to_json(self, state: CovenantState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: dict[str, Any]) -> CovenantState:
        return CovenantState.from_json(data)

    def space_name(self, space: str) -> Msg:
        return space_name(space)

    def score_sheet(self, state: CovenantState) -> ScoreSheet | None:
        return score_sheet(state) if state.turns.over else None


COVENANT = register(CovenantBot())
