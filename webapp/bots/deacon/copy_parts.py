"""The printed parts of the table's copy of Reef Project that Deacon's games use
(`Bot.copy`): its tracks and tiles, entered once (components.py), in the order the
rulebook's "Setup" sets them out.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...engine import Msg
from ...engine.capabilities import CopyPart, CopyParts
from .board import DEMO_LABEL as DEMO_BOARD_LABEL
from .components import DEMO_COMPONENTS, PART_NAMES, kept_key
from .components import DEMO_LABEL as DEMO_PARTS_LABEL
from .steps_setup import components_question
from .turn import SETUP_PARTS


class DeaconParts(CopyParts):
    def parts(
        self, options: dict[str, Any] | None = None, entered: Collection[str] = ()
    ) -> list[CopyPart]:
        """Every printed part, in the order the rulebook's "Setup" sets them out: any
        game may need any of them."""
        return [
            CopyPart(
                kept_key(part), PART_NAMES[part], components_question(part), DEMO_COMPONENTS[part]
            )
            for part in SETUP_PARTS
        ]

    def kept_key(self, draft: Any) -> str | None:
        if isinstance(draft, dict) and draft.get("kind") == "components":
            return kept_key(str(draft["part"]))
        return None

    def demo_labels(self, options: dict[str, Any]) -> list[Msg]:
        labels = []
        if options.get("board", {}).get("demo"):
            labels.append(DEMO_BOARD_LABEL)
        if options.get("demo_components"):
            labels.append(DEMO_PARTS_LABEL)
        return labels
