"""How the releases before the one of 2026-11-25 played the Covenant, for the part of a
game they played (`Context.played_before`): its log replays only as it was played.

- What is at each island was asked every turn (Botdeck has since kept what the table
  said from turn to turn, until something the rules allow can change it).
- "After its turn" with no island to place on was marked done (it has since passed
  without a tap).
- With your Ship in Pirate mode on the very island of the Fort or Garrison it battled,
  only the building was battled, with all its cannons. The rulebook's "The Covenant
  getting into multiple battles" — your Ship first, with half its cannons, "on that
  island or another island" — is played since: that release played the rule wrongly,
  and its battle is read as it was fought.
"""

from __future__ import annotations

from ...engine import Context

#: the first release that plays the Covenant as today
RELEASE = "2026-11-25"


def as_before(ctx: Context) -> bool:
    """Whether this step was played by a release before `RELEASE`, and is read so."""
    return ctx.played_before(RELEASE)
