"""The Bandits' step kinds, one constant each (README, "Adding a bot")."""

from __future__ import annotations

from typing import Final

# steps_battle.py
BANDIT_ROLL: Final = "bandit_roll"
BATTLE_JOBS: Final = "battle_jobs"
NO_ROLL: Final = "no_roll"
PAIN: Final = "pain"
PLAYER_ROLL: Final = "player_roll"

# steps_day.py
CORRECT_TILE: Final = "correct_tile"
DAY_MAP: Final = "day_map"
RAILWAY_BY: Final = "railway_by"
REMOVE_BANDITS: Final = "remove_bandits"
SCORE: Final = "score"
TILE: Final = "tile"
TRAY: Final = "tray"
TRAY_ROLL: Final = "tray_roll"

# steps_night.py
APPEAR_ROLL: Final = "appear_roll"
APPEAR_SHOWN: Final = "appear_shown"
ATTACKS: Final = "attacks"
EXHAUSTION: Final = "exhaustion"
FAR_EAST: Final = "far_east"
MOVES: Final = "moves"
MOVES_SHOWN: Final = "moves_shown"
NIGHT_END: Final = "night_end"
REMOVE_FAR: Final = "remove_far"
TRACKER: Final = "tracker"
TRADE_ROW: Final = "trade_row"

# steps_setup.py
CARDS_SETUP: Final = "cards_setup"
DICE_SETUP: Final = "dice_setup"
FACE_DOWN: Final = "face_down"
MEEPLES: Final = "meeples"
MISSION: Final = "mission"
PLACE_BOARD: Final = "place_board"
PLAYERS_SETUP: Final = "players_setup"
SCORE_BOARD: Final = "score_board"
START_TILE: Final = "start_tile"
START_TILES: Final = "start_tiles"
