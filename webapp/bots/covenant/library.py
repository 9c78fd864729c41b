"""The Covenant's deck of cards (`Bot.cards`): its deck files, and the card library,
where a card is entered section by section (a side's section is one part).
"""

from __future__ import annotations

from typing import Any

from ...engine.capabilities import DeckRules
from ...engine.text import msg
from . import deck as deck_module
from .steps_cards import entry_check, printed_sections


class CovenantDeck(DeckRules):
    def deck_schema(self) -> dict[str, Any]:
        return deck_module.deck_schema()

    def demo_deck(self) -> dict[str, Any]:
        return deck_module.demo_deck()

    def validate_deck(self, deck: Any) -> dict[str, Any]:
        return deck_module.validate_deck(deck)

    def empty_deck(self, name: str) -> dict[str, Any]:
        return deck_module.empty_deck(name)

    def deck_progress(self, deck: dict[str, Any]) -> dict[str, int]:
        return deck_module.deck_progress(deck)

    def learn(self, deck: dict[str, Any], entry: dict[str, Any], answer: Any) -> None:
        deck_module.set_section(
            deck,
            entry["card"],
            entry["side"],
            answer["index"],
            answer["sections"],
            answer["section"],
        )

    def deck_entry(self, deck: dict[str, Any], card: str, part: str) -> dict[str, Any]:
        """`part` is "side.index": "hard.2" is the third section of the hard side."""
        side, _, index_text = part.partition(".")
        if side not in ("normal", "hard") or not index_text.isdigit() or int(index_text) > 7:
            raise ValueError(msg("no such part of a card"))
        count = printed_sections(deck, card, side)
        printed = [len(s["sections"]) for c in deck["cards"] for s in c["sides"].values()]
        index = int(index_text)
        if count is not None and index >= count:
            raise ValueError(msg("this side prints fewer sections"))
        existing = None
        if count is not None:
            existing = next(c for c in deck["cards"] if c["id"] == card)["sides"][side]["sections"][
                index
            ]
        return {
            "card": card,
            "side": side,
            "sections": count or max(printed + [4, index + 1]),
            "fixed_count": count is not None,
            "wanted": index,
            "rows": list(deck["layout"]["rows"]),
            "section": existing,
        }

    def check_entry(self, deck: dict[str, Any], entry: dict[str, Any], raw: Any) -> Any:
        count = printed_sections(deck, entry["card"], entry["side"])
        check = entry_check(deck["layout"]["rows"], count, entry["wanted"])
        return check(raw)

    def known_entry(self, deck: dict[str, Any], entry: dict[str, Any]) -> Any:
        card = next((c for c in deck["cards"] if c["id"] == entry["card"]), None)
        sections = (card or {}).get("sides", {}).get(entry["side"], {}).get("sections")
        if not sections:
            return None
        section = sections[min(entry["wanted"], len(sections) - 1)]
        return None if section is None else {"sections": len(sections), "section": section}
