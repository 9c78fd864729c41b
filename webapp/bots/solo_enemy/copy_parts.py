"""The printed parts of the table's copy of Heroes of Land, Air & Sea that the Solo
Enemy's games use (`Bot.copy`): the costs each faction's Solo C.C. Board prints, entered
once per faction (faction.py) and kept for the next game.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...engine import msg
from ...engine.capabilities import CopyPart, CopyParts
from .faction import KNOWN_FACTIONS, NAME_LENGTH, faction_key, faction_name, kept_key
from .steps_setup import costs_question

COSTS = kept_key("")  # what every faction's costs are kept under, then its name


class EnemyParts(CopyParts):
    extra = msg("Another faction")

    def parts(
        self, options: dict[str, Any] | None = None, entered: Collection[str] = ()
    ) -> list[CopyPart]:
        """A game: the costs of each faction the Enemy may be drawn from. The copy: the
        base game's factions, then any other whose costs were entered."""
        if options is not None:
            return [_costs_part(faction) for faction in options["factions"]]
        named = (key[len(COSTS) :] for key in entered if key.startswith(COSTS))
        others = sorted(
            name
            for name in named
            if name not in KNOWN_FACTIONS and 0 < len(name) <= NAME_LENGTH and name.strip()
        )
        return [_costs_part(faction) for faction in [*KNOWN_FACTIONS, *others]]

    def extra_part(self, name: str) -> CopyPart:
        name = " ".join(name.split())
        if not 0 < len(name) <= NAME_LENGTH:
            raise ValueError(
                msg("a faction's name: from 1 to {limit} characters", limit=NAME_LENGTH)
            )
        return _costs_part(faction_key(name))

    def kept_key(self, draft: Any) -> str | None:
        """A faction's board costs, entered in a game, are kept for the next."""
        if isinstance(draft, dict) and draft.get("kind") == "faction":
            return kept_key(str(draft["faction"]))
        return None


def _costs_part(faction: str) -> CopyPart:
    return CopyPart(
        kept_key(faction),
        msg("Costs of the {faction}", faction=faction_name(faction)),
        costs_question(faction),
    )
