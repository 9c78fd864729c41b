"""Deacon's step kinds, one constant each (README, "Adding a bot")."""

from __future__ import annotations

from typing import Final

# steps_board.py
ADJACENT_ISLAND: Final = "adjacent_island"
CLEANING: Final = "cleaning"
DEPLOY_ADJACENT: Final = "deploy_adjacent"
E_DEPLOY: Final = "e_deploy"
MOVE: Final = "move"
PLACE_BALL: Final = "place_ball"
REACH_CHECK: Final = "reach_check"

# steps_cards.py
DRAW: Final = "draw"
ENTER_CARD: Final = "enter_card"
IDENTIFY_CARD: Final = "identify_card"
PHYSICAL_RESHUFFLE: Final = "physical_reshuffle"

# steps_crew.py
CREW_BONUS: Final = "crew_bonus"
CREW_INTERN: Final = "crew_intern"
CREW_NONE: Final = "crew_none"
CREW_OFFER: Final = "crew_offer"
E_CREW_CHEAPEST: Final = "e_crew_cheapest"
E_CREW_MOST: Final = "e_crew_most"
E_CREW_SCORE: Final = "e_crew_score"

# steps_effects.py
E_DIVER: Final = "e_diver"
E_MISSION: Final = "e_mission"
E_POLLUTION_MEDIUM: Final = "e_pollution_medium"
E_POLLUTION_SMALL: Final = "e_pollution_small"
E_RESEARCH: Final = "e_research"
E_RESHUFFLE: Final = "e_reshuffle"
E_RESTORATION: Final = "e_restoration"
E_SCORE_TRACK: Final = "e_score_track"
E_SYMBOLS: Final = "e_symbols"
E_VP: Final = "e_vp"

# steps_player.py
NEUTRAL_DIVER: Final = "neutral_diver"
OBJECTIVE: Final = "objective"
REMOVE_SHIPS: Final = "remove_ships"
SCORE_YOU: Final = "score_you"
YOUR_BALL: Final = "your_ball"
YOUR_SHIP: Final = "your_ship"
YOUR_VP: Final = "your_vp"

# steps_setup.py
BUILD_DECK: Final = "build_deck"
COMPONENTS: Final = "components"
DEACON_COMPONENTS: Final = "deacon_components"
DEACON_MISSION: Final = "deacon_mission"
FIRST_PLAYER: Final = "first_player"
MISSIONS_DEAL: Final = "missions_deal"
SECOND_MISSION: Final = "second_mission"
SETUP_CORE: Final = "setup_core"
SHIP_CHOICE: Final = "ship_choice"
SHIP_SIDES: Final = "ship_sides"
START_ISLAND: Final = "start_island"
