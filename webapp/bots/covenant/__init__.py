"""The Wayward Covenant: Dead Reckoning's solo opponent, as a Botdeck plug-in."""

from __future__ import annotations

import random
from typing import Any

from ...engine import Bot, Checklist, Context, Correction, Msg, msg, register
from . import steps_battle, steps_left, steps_player, steps_right  # noqa: F401  (register steps)
from .deck import DeckError, deck_schema, demo_deck, space_name, validate_deck
from .rules import claim_achievements, deal_piles, player_triggers_end
from .state import DIFFICULTIES, CovenantState, Upgrade
from .stepkit import STEP_TYPES
from .turn import next_checklist
from .view import covenant_view

__all__ = ["COVENANT", "CovenantBot", "DeckError"]

TRUE = (True, "1", "true", "on", "yes")


class CovenantBot(Bot[CovenantState]):
    id = "covenant"
    name = msg("Wayward Covenant")
    game_name = msg("Dead Reckoning")
    step_types = STEP_TYPES  # type: ignore[assignment]
    option_names = ("difficulty", "saga")

    def parse_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        unknown = set(raw) - {"difficulty", "saga"}
        if unknown:
            raise ValueError(f"unknown option {sorted(unknown)[0]!r}")
        difficulty = raw.get("difficulty", "normal")
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        saga = raw.get("saga", False)
        if saga not in (*TRUE, False, "0", "false", "off", "no", "", None):
            raise ValueError("the Saga option is on or off")
        return {"difficulty": difficulty, "saga": saga in TRUE}

    def demo_deck(self) -> dict[str, Any]:
        return demo_deck()

    def deck_schema(self) -> dict[str, Any]:
        return deck_schema()

    def validate_deck(self, deck: Any) -> dict[str, Any]:
        return validate_deck(deck)

    def setup(
        self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random
    ) -> CovenantState:
        difficulty = options["difficulty"]
        sides = {"normal": ["normal"], "hard": ["normal", "hard"]}.get(difficulty, ["hard"])
        for card in deck["cards"]:
            for side in sides:
                content = card["sides"].get(side)
                if content is None or any(s is None for s in content["sections"]):
                    raise DeckError(
                        f"card {card['id']}: its {side} side is not complete, and "
                        f"{difficulty} difficulty needs it"
                    )
        # Solo rulebook, "Setup": the 18 cards shuffled into one facedown deck.
        ids = [card["id"] for card in deck["cards"]]
        return CovenantState(
            difficulty=difficulty,
            saga=options["saga"],
            rows=list(deck["layout"]["rows"]),
            piles=deal_piles(ids, difficulty, rng),
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

    def corrections(self, state: CovenantState) -> list[Correction]:
        return [
            Correction(field, label, 0, maximum) for field, (label, maximum) in CORRECTIONS.items()
        ]

    def correct(self, state: CovenantState, field: str, value: int) -> None:
        if field in ("legendary", "expert_sailors", "explorer"):
            state.cubes[field] = value
        elif field == "upgrades":
            del state.upgrades[value:]
            state.upgrades += [Upgrade(0, 0) for _ in range(value - len(state.upgrades))]
        elif field == "upgrade_cannons":
            state.upgrade_cannon_fix = value - sum(u.cannons for u in state.upgrades)
        else:
            setattr(state, field, value)

    def correction_label(self, field: str) -> Msg:
        return CORRECTIONS[field][0] if field in CORRECTIONS else Msg(field)

    def space_name(self, space: str) -> Msg:
        return space_name(space)

    def view(self, state: CovenantState, deck: dict[str, Any]) -> dict[str, Any]:
        return covenant_view(state, deck)


CORRECTIONS: dict[str, tuple[Msg, int]] = {
    "coins": (msg("Coins"), 200),
    "cargo": (msg("Cargo on its Dock"), 2),
    "mercantile": (msg("Mercantile pile"), 40),
    "pirate": (msg("Pirate pile"), 40),
    "pirate_strength": (msg("Cannons and battle abilities in its Pirate pile"), 80),
    "upgrades": (msg("Ship Upgrades"), 8),
    "upgrade_cannons": (msg("Cannons on its Ship Upgrades"), 16),
    "damage": (msg("Damage"), 4),
    "legendary": (msg("Legendary cubes"), 4),
    "expert_sailors": (msg("Expert Sailors cubes"), 3),
    "explorer": (msg("Explorer cubes"), 12),
    "player_achievements": (msg("Your achievements"), 9),
}

COVENANT = register(CovenantBot())
