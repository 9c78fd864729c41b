"""Covenant deck files: reading, checking, and the board layout they carry.

A deck file is JSON checked against `deck.schema.json` (published with the
app), then against the board layout it declares: a space named on a card must
exist on that board. Errors name the card and the field.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, msg
from ...engine.file_versions import refused_as_newer
from ...engine.schema import in_words
from ..deckfile import (
    DECK_FORMAT,
    DECK_VERSION,
    DeckError,
    bundled_deck_files,
    card_place,
    first_error,
    placed,
    schema_error,
)

HARBOR = "H"

__all__ = ["DeckError", "deck_schema", "demo_deck", "validate_deck"]


deck_schema, demo_deck = bundled_deck_files(__package__)


def validate_deck(deck: Any) -> dict[str, Any]:
    """Return the deck if it is usable, else raise DeckError naming card and field (or
    saying that a newer Botdeck made it)."""
    with refused_as_newer(deck, DeckError):
        error = schema_error(deck, deck_schema())
        if error is not None:
            raise DeckError(_describe_schema_error(deck, error))
        layout = Layout(tuple(deck["layout"]["rows"]))
        seen: set[str] = set()
        for card in deck["cards"]:
            where = msg("card {card}", card=card["id"])
            if card["id"] in seen:
                raise DeckError(msg("{where} is listed twice (field 'id')", where=where))
            seen.add(card["id"])
            for side, content in card["sides"].items():
                for number, section in enumerate(content["sections"], start=1):
                    if section is not None:
                        _check_spaces(layout, section, _section_place(where, side, number))
    return deck


def validate_section(section: Any, rows: list[int] | tuple[int, ...]) -> dict[str, Any]:
    """One section entered by hand: the schema's section shape, on this board."""
    schema = {**deck_schema(), "$ref": "#/$defs/section"}
    schema.pop("required", None)
    schema.pop("properties", None)
    schema.pop("additionalProperties", None)
    error = first_error(section, schema)
    if error is not None:
        path, wrong = in_words(error)
        raise DeckError(placed(None, path, wrong))
    _check_spaces(Layout(tuple(rows)), section, msg("this section"))
    return section  # type: ignore[no-any-return]


CARD_COUNT = 18  # Solo rulebook, "Setup": "the 18 Wayward Covenant cards"


def card_numbers() -> list[str]:
    """The ids a player gives the printed cards: 01 to 18."""
    return [f"{n:02d}" for n in range(1, CARD_COUNT + 1)]


def card_ids(deck: dict[str, Any]) -> list[str]:
    """The numbers the table may name: 01 to 18, and any other id the deck uses."""
    return sorted(set(card_numbers()) | {c["id"] for c in deck["cards"]})


def empty_deck(name: str, rows: list[int] | None = None) -> dict[str, Any]:
    """A deck of the player's own cards, before any card is entered."""
    return {
        "format": DECK_FORMAT,
        "version": DECK_VERSION,
        "bot": "covenant",
        "name": name,
        "layout": {"rows": list(rows or [3, 3, 3, 3])},
        "cards": [],
    }


def deck_progress(deck: dict[str, Any]) -> dict[str, int]:
    """How much of the 18 cards' two sides is entered ("14 of 18 cards, 52 of 72
    sections"). Sections per side are data; a side not seen yet counts as many as
    the most any side of the deck prints."""
    cards = {c["id"]: c for c in deck["cards"]}
    printed = [len(side["sections"]) for c in cards.values() for side in c["sides"].values()]
    per_side = max(printed, default=4)
    known = total = complete = 0
    for number in sorted(set(card_numbers()) | set(cards)):
        sides = cards.get(number, {}).get("sides", {})
        card_known = 0
        for side in ("normal", "hard"):
            sections = sides[side]["sections"] if side in sides else None
            count = len(sections) if sections is not None else per_side
            total += count
            entered = sum(1 for x in sections or [] if x is not None)
            known += entered
            card_known += entered == count
        complete += card_known == 2
    return {
        "cards": len(cards),
        "card_total": max(CARD_COUNT, len(cards)),
        "complete": complete,
        "sections": known,
        "section_total": total,
    }


def set_section(
    deck: dict[str, Any], card_id: str, side: str, index: int, count: int, section: dict[str, Any]
) -> None:
    """Write an entered section into a deck, adding the card or side if new."""
    card = next((c for c in deck["cards"] if c["id"] == card_id), None)
    if card is None:
        card = {"id": card_id, "sides": {}}
        deck["cards"].append(card)
        deck["cards"].sort(key=lambda c: c["id"])
    sections = card["sides"].setdefault(side, {"sections": [None] * count})["sections"]
    if len(sections) < count:
        sections.extend([None] * (count - len(sections)))
    sections[index] = section


def _section_place(card: Msg, side: str, number: int) -> Msg:
    side_name = {"normal": msg("normal side"), "hard": msg("hard side")}.get(side)
    if side_name is None:  # a side the schema refuses: named as the file spells it
        return msg("{card}, side {side}, section {n}", card=card, side=side, n=number)
    return msg("{card}, {side}, section {n}", card=card, side=side_name, n=number)


def _describe_schema_error(deck: dict[str, Any], error: Any) -> Msg:
    path, wrong = in_words(error)
    where, rest = card_place(deck, path)
    if len(rest) >= 4 and rest[0] == "sides" and rest[2] == "sections" and rest[3] is not None:
        where = _section_place(where, str(rest[1]), int(rest[3]) + 1)
        rest = rest[4:]
    return placed(where, rest, wrong)


def _check_spaces(layout: Layout, section: dict[str, Any], where: Msg) -> None:
    named = [("advancements", s) for s in section["advancements"]]
    named += [("influence", entry["space"]) for entry in section["influence"]]
    named.append(("end", section["end"]))
    for field, space in named:
        if not layout.has(space):
            raise DeckError(
                msg(
                    "{where}, field '{field}': space {space} is off the board",
                    where=where,
                    field=field,
                    space=space,
                )
            )
        if field != "end" and space == HARBOR:
            raise DeckError(
                msg(
                    "{where}, field '{field}': the Harbor cannot be used here",
                    where=where,
                    field=field,
                )
            )


class Layout:
    """The Harbor on the left, then Ocean rows; `rows[i]` spaces in Row i+1."""

    def __init__(self, rows: tuple[int, ...]) -> None:
        self.rows = rows

    def has(self, space: str) -> bool:
        if space == HARBOR:
            return True
        try:
            row, index = (int(part) for part in space.split("."))
        except ValueError:
            return False
        return 1 <= row <= len(self.rows) and 1 <= index <= self.rows[row - 1]

    def ocean_spaces(self) -> list[str]:
        return [
            f"{r}.{s}" for r, count in enumerate(self.rows, start=1) for s in range(1, count + 1)
        ]

    def all_spaces(self) -> list[str]:
        return [HARBOR, *self.ocean_spaces()]

    def distance(self, a: str, b: str) -> int:
        """Orthogonal moves between spaces; the Harbor touches every Row 1 space."""
        if a == b:
            return 0
        if HARBOR in (a, b):
            other = b if a == HARBOR else a
            return int(other.split(".")[0])
        (ra, sa), (rb, sb) = (tuple(int(p) for p in x.split(".")) for x in (a, b))
        return abs(ra - rb) + abs(sa - sb)


def space_name(space: str) -> Msg:
    """'Harbor', '2.2'…: what the board prints on the space (Row 2's middle space is
    "2.2"), so a question, the history and the board name a space one way."""
    if space == HARBOR:
        return msg("Harbor")
    return Msg(space)  # a number, the same in every language
