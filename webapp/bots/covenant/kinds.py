"""The kinds of the Wayward Covenant's steps: one constant each, so that a step made with
`new(kinds.X, …)` and its registration `@step_type(kinds.X)` name the same kind
and a misspelt one is an error mypy reports (the stored games keep these texts)."""

from __future__ import annotations

from typing import Final

# steps_battle.py
ATTACK_BUILDING: Final = "attack_building"
BATTLE: Final = "battle"
BATTLE_DAMAGE: Final = "battle_damage"
PICK_TARGET: Final = "pick_target"
PLUNDER: Final = "plunder"
PLUNDER_CARGO: Final = "plunder_cargo"
PLUNDERED: Final = "plundered"
PLUNDERED_CARGO: Final = "plundered_cargo"
TARGET_DAMAGE: Final = "target_damage"

# steps_cards.py
ENTER_SECTION: Final = "enter_section"
IDENTIFY_CARD: Final = "identify_card"
PHYSICAL_SHUFFLE: Final = "physical_shuffle"

# steps_left.py
ADVANCEMENT_PILE: Final = "advancement_pile"
BOTTOM_CHECK: Final = "bottom_check"
BOTTOM_TARGET: Final = "bottom_target"
CLAIM: Final = "claim"
END_POSITION: Final = "end_position"
EXPLORE: Final = "explore"
EXPLORE_CHECK: Final = "explore_check"
ISLAND_CHECK: Final = "island_check"
ISLAND_KNOWN: Final = "island_known"
PICK_BUILDING_BATTLE: Final = "pick_building_battle"
PICK_PIRATE_BATTLE: Final = "pick_pirate_battle"
PLACE: Final = "place"
PLAN: Final = "plan"
PLAYER_MODE: Final = "player_mode"
PLAYER_SHIP: Final = "player_ship"
REVEAL: Final = "reveal"
SKIP_PLACE: Final = "skip_place"
TOP_CHECK: Final = "top_check"

# steps_player.py
FIX_ISLAND: Final = "fix_island"
FIX_ISLAND_BUILDING: Final = "fix_island_building"
FIX_ISLAND_CONTROL: Final = "fix_island_control"
PICK_COVENANT: Final = "pick_covenant"
PICK_ISLAND: Final = "pick_island"
PLAYER_ACHIEVEMENTS: Final = "player_achievements"
PLAYER_BUILT: Final = "player_built"
SCORE_CUBES: Final = "score_cubes"
SCORE_OTHER: Final = "score_other"
SCORE_PLAYER: Final = "score_player"
SCORE_TIEBREAK: Final = "score_tiebreak"
YOUR_TURN: Final = "your_turn"

# steps_right.py
AFTER_TURN_NOTHING: Final = "after_turn_nothing"
AFTER_TURN_PLACE: Final = "after_turn_place"
BUILD_PLACE: Final = "build_place"
COLLECT_CARGO: Final = "collect_cargo"
COLLECT_COINS: Final = "collect_coins"
EFFECT_AFTER_TURN: Final = "effect_after_turn"
EFFECT_ATTACK: Final = "effect_attack"
EFFECT_BUILD: Final = "effect_build"
EFFECT_COINS: Final = "effect_coins"
EFFECT_COINS_PER_MERCANTILE: Final = "effect_coins_per_mercantile"
EFFECT_EXPERT_SAILORS: Final = "effect_expert_sailors"
EFFECT_IF_CANNONS: Final = "effect_if_cannons"
EFFECT_MERCHANT_SHIP: Final = "effect_merchant_ship"
EFFECT_PRODUCE: Final = "effect_produce"
EFFECT_REPAIR: Final = "effect_repair"
EFFECT_UPGRADE: Final = "effect_upgrade"
END_OF_TURN: Final = "end_of_turn"
PRODUCE_CARGO: Final = "produce_cargo"
PRODUCE_COINS: Final = "produce_coins"
UPGRADE_SUBSTITUTE: Final = "upgrade_substitute"
