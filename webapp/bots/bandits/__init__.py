"""The Bandits of Deck Goes West: the night phase run on a map that grows west.

Botdeck keeps the map (tiles, bandit groups, meeples), rolls every die of the night and
moves every group by the rules ("Night Phase" 1–7); the table tells it by taps on the
map what only the table knows. No card or tile of the game is shipped: the players
enter what their tiles show as they are revealed.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import (
    SCORE_SHEET,
    SETUP_OPTION,
    Bot,
    Context,
    Msg,
    ScoreSheetStep,
    msg,
    register,
)
from ...engine.scoring import ScoreSheet
from .copy_parts import BanditsParts
from .corrections import BanditsCorrections
from .score_sheet import outcome_said, score_sheet
from .state import (
    BANDIT_DICE,
    COOP,
    LAND_TILES,
    MAX_CHARACTERS,
    MODES,
    NAME_LENGTH,
    SOLO,
    BanditsState,
)
from .stepkit import STEP_TYPES, tile_name
from .turn import end_if_decided, next_checklist

STEP_TYPES.add(SCORE_SHEET, ScoreSheetStep(score_sheet))


def default_names(mode: str, count: int) -> list[str]:
    if mode == SOLO:
        return [f"Character {n}" for n in range(1, 3)]
    return [f"Player {n}" for n in range(1, count + 1)]


class BanditsBot(Bot[BanditsState]):
    id = "bandits"
    name = msg("The Bandits")
    game_name = msg("Deck Goes West")
    step_types = STEP_TYPES  # type: ignore[assignment]
    copy = BanditsParts()
    corrections = BanditsCorrections()
    # Rules, "Verses, Co-op and Single player"; "Board Setup" 11: "Select a Bandit
    # Dice ... If this is your first game choose the D20"; "Contents": 48 Land Tiles.
    options_schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": list(MODES), "default": COOP},
            "players": {
                "type": "array",
                "items": {"type": "string", "maxLength": NAME_LENGTH},
                "maxItems": MAX_CHARACTERS,
            },
            "bandit_die": {"type": "integer", "enum": list(BANDIT_DICE), "default": 20},
            "land_tiles": {"type": "integer", "minimum": 13, "maximum": 200, "default": LAND_TILES},
            **SETUP_OPTION,
        },
        "additionalProperties": False,
    }
    new_game_options = {"setup": "together"}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Solo: two characters of one player. Co-op and versus: 2 to 5 players (two
        meeples each of 10). A blank name is "Player N"; names differ."""
        typed = [name.strip() for name in options.pop("players", None) or []]
        mode = options["mode"]
        if mode == SOLO:
            typed = (typed + ["", ""])[:2]
        else:
            while len(typed) > 2 and not typed[-1]:
                typed.pop()
            typed += [""] * (2 - len(typed))
        fallback = default_names(mode, len(typed))
        names = [name or fallback[n] for n, name in enumerate(typed)]
        if len(set(names)) != len(names):
            raise ValueError(msg("option 'players': every character needs a different name"))
        return {**options, "players": names}

    def setup(
        self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random
    ) -> BanditsState:
        names = list(options["players"])
        shared = options["mode"] != "versus"
        return BanditsState(
            mode=options["mode"],
            names=names,
            die=int(options["bandit_die"]),
            land_tiles=int(options["land_tiles"]),
            dead=[False] * len(names),
            scores=[0] * (1 if shared else len(names)),
            setup_together=options["setup"] == "together",
        )

    def next_checklist(self, state: BanditsState, ctx: Context) -> Any:
        return next_checklist(state, ctx)

    def after_change(self, state: BanditsState, ctx: Context) -> None:
        end_if_decided(state, ctx)

    def game_decided(self, state: BanditsState) -> Msg | None:
        """Once won or lost (a death, a track's end): a tap that decides it is confirmed
        first."""
        if state.outcome is None:
            return None
        return msg("This ends the game. {outcome}", outcome=outcome_said(state))

    def state_to_json(self, state: BanditsState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: dict[str, Any]) -> BanditsState:
        return BanditsState.from_json(data)

    def space_name(self, space: str) -> Msg:
        try:
            return tile_name(space)
        except ValueError:
            return msg("{value}", value=space)

    def score_sheet(self, state: BanditsState) -> ScoreSheet | None:
        return score_sheet(state) if state.outcome is not None else None


register(BanditsBot())
