"""The Solo Enemy's step kinds, one constant each (README, "Adding a bot")."""

from __future__ import annotations

from typing import Final

# overturn.py
OVERTURN_UNIT: Final = "overturn_unit"

# steps_actions.py
ATTACK: Final = "attack"
ATTACK_PATH: Final = "attack_path"
CAST_SPELL: Final = "cast_spell"
FOLLOW: Final = "follow"
PLACE_UNIT: Final = "place_unit"
RECRUIT: Final = "recruit"
RESEARCH: Final = "research"
SUPPLY: Final = "supply"
TAX: Final = "tax"
TAX_CYCLE: Final = "tax_cycle"

# steps_battle.py
ATTACK_WHICH: Final = "attack_which"
BATTLE_CANCEL: Final = "battle_cancel"
BATTLE_LOSSES: Final = "battle_losses"
BATTLE_OUTCOME: Final = "battle_outcome"
BATTLE_TACTIC: Final = "battle_tactic"
REGION_RESOURCE: Final = "region_resource"

# steps_build.py
BUILD_TOWERS: Final = "build_towers"
BUILD_TRACK: Final = "build_track"
PLACE_VESSEL: Final = "place_vessel"
TOWER_BUILD: Final = "tower_build"
TOWER_DISTANCE: Final = "tower_distance"
TOWER_SERF: Final = "tower_serf"
TOWER_TOKENS: Final = "tower_tokens"
TRACK_ADVANCE: Final = "track_advance"

# steps_cards.py
DRAW: Final = "draw"
ENTER_CARD: Final = "enter_card"
IDENTIFY_CARD: Final = "identify_card"
PHYSICAL_RESHUFFLE: Final = "physical_reshuffle"
RESHUFFLE: Final = "reshuffle"

# steps_move.py
MOVE_BOARD: Final = "move_board"
MOVE_REGION: Final = "move_region"
MOVE_RULES: Final = "move_rules"
MOVE_START: Final = "move_start"
MOVE_TOKENS: Final = "move_tokens"
MUSTER: Final = "muster"

# steps_player.py
CAPITAL_WHICH: Final = "capital_which"
COLLECT: Final = "collect"
DISCARD_SLOTS: Final = "discard_slots"
PHYSICAL_DISCARD: Final = "physical_discard"
SCORE_ENEMY: Final = "score_enemy"
SCORE_PLAYER: Final = "score_player"
X_OBJECTIVE: Final = "x_objective"
YOUR_ACTION: Final = "your_action"

# steps_setup.py
FACTION_COSTS: Final = "faction_costs"
FACTION_DRAWN: Final = "faction_drawn"
SETUP_TABLE: Final = "setup_table"
TAX_SLOT: Final = "tax_slot"
