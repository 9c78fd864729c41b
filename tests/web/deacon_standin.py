"""Stand-in for webapp.bots.deacon.cards until it lands (tests only)."""

import sys
import types

from webapp.engine import msg

EFFECTS = "research diver restoration deploy mission crew_cheapest crew_most crew_score"
EFFECTS += " score_track pollution_small pollution_medium reshuffle symbols vp"
POWERS = "diver2_restore crew_hire_score pollution_deploy deploy_research mission_deploy"


def card_label(i):
    return msg("Ship card {n}", n=i[1:]) if i.startswith("S") else msg("Card {id}", id=i)


m = types.ModuleType("webapp.bots.deacon.cards")
m.BASIC = tuple(str(n) for n in range(1, 9))
m.ADVANCED = tuple(f"{n}A" for n in range(1, 5))
m.SHIPS = tuple(f"S{n}" for n in range(1, 6))
m.EFFECT_NAMES = {e: msg(e.replace("_", " ").capitalize()) for e in EFFECTS.split()}
m.POWER_NAMES = {p: msg(p) for p in POWERS.split()}
m.card_label = card_label
try:
    import webapp.bots.deacon.cards  # noqa: F401
except ModuleNotFoundError:
    sys.modules["webapp.bots.deacon.cards"] = m
