"""The entry form of each printed part (`components.py`): its single fields, then a table
of its rows (a Research space, a Seafloor step, a column of Reef Balls…), each column
with its label and the kind of input it takes. The fields are the ones
`components.check_part` reads (`entry.space3.vp`, `entry.initial`…)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg
from .components import COLOURS, PART_NAMES, ROWS, printed_rows

NUMBER, FLAG, COLOUR, EFFECTS = "number", "flag", "colour", "effects"


@dataclass(frozen=True)
class Column:
    key: str  # the field's last part: "vp" in `space3.vp` ("" for a row of one value)
    label: Msg
    kind: str  # "number", "flag", "colour" or "effects"
    low: int = 0
    high: int = 99


@dataclass(frozen=True)
class Single:
    name: str
    label: Msg
    low: int
    high: int


@dataclass(frozen=True)
class PartForm:
    part: str
    name: Msg
    hint: Msg
    singles: tuple[Single, ...]
    count: str | None  # the field saying how many rows ("spaces")
    count_label: Msg | None
    row_label: Msg | None  # "Space {n}"
    columns: tuple[Column, ...]
    low: int  # rows it has at least, and at most
    high: int

    def field(self, number: int, column: Column) -> str:
        prefix = ROWS[self.part].prefix
        return f"{prefix}{number}" + (f".{column.key}" if column.key else "")

    def row_name(self, number: int) -> Msg:
        """ "Space 3": a row of the table."""
        return Msg(self.row_label.text if self.row_label else "{n}", params=(("n", number),))

    def shown_rows(self, fields: Mapping[str, Any]) -> int:
        """Rows shown open: the part's count, or the last row filled in, or its least."""
        count = str(fields.get(self.count or "", "") or "").strip()
        if count.isdigit():
            return min(int(count), self.high)
        filled = [
            n
            for n in range(1, self.high + 1)
            if any(_filled(fields.get(self.field(n, c))) for c in self.columns)
        ]
        return max([self.low, *filled])


def _filled(value: Any) -> bool:
    return value not in (None, "", False)


EFFECTS_HINT = msg("Effects typed as on a card: research, diver, vp:2, symbols:2+1…")

_COLUMNS: dict[str, tuple[Column, ...]] = {
    "research": (
        Column("vp", msg("VP at the end"), NUMBER, 0, 30),
        Column("milestone", msg("Milestone"), FLAG),
        Column("missions", msg("Missions it may take"), NUMBER, 0, 5),
    ),
    "seafloor": (Column("tank", msg("Oxygen Tank (blank: none)"), EFFECTS),),
    "reef_balls": (
        Column("balls", msg("Reef Balls"), NUMBER, 1, 6),
        Column("vp", msg("VP once empty"), NUMBER, 0, 10),
    ),
    "score_track": (
        Column("at", msg("At VP"), NUMBER, 1, 99),
        Column("effects", msg("Effects"), EFFECTS),
    ),
    "crew": (
        Column("colour", msg("Colour"), COLOUR),
        Column("tiles", msg("Tiles that fill it"), NUMBER, 2, 6),
    ),
    "missions": (Column("", msg("Colour"), COLOUR),),
}
_ROWS: dict[str, tuple[Msg, Msg]] = {
    "research": (msg("How many spaces"), msg("Space {n}")),
    "seafloor": (msg("How many steps"), msg("Step {n}")),
    "reef_balls": (msg("How many columns"), msg("Column {n}")),
    "score_track": (msg("How many effects"), msg("Effect {n}")),
    "crew": (msg("How many rows"), msg("Row {n}")),
    "missions": (msg("How many colours"), msg("Colour {n}")),
}
_SINGLES: dict[str, tuple[Single, ...]] = {
    "reef_balls": (Single("initial", msg("Reef Balls in its initial deployment area"), 0, 10),),
    "pollution": (
        Single("small", msg("VP of a small Pollution tile"), -10, 10),
        Single("medium", msg("VP of a medium Pollution tile"), -10, 10),
        Single("large", msg("VP of a large Pollution tile"), -10, 10),
    ),
}
_HINTS: dict[str, Msg] = {
    "research": msg("Space 1 first (its Scientist starts there); tick the Milestone spaces."),
    "seafloor": msg("Step 1 first; a step with an Oxygen Tank: type its rewards."),
    "reef_balls": msg("Its columns left to right."),
    "score_track": msg("Up the track: the VP each effect is printed at, then the effect."),
    "crew": msg("Its Ship board's rows, top to bottom; count its starting Crew."),
    "missions": msg("One of each colour of the Mission cards."),
    "pollution": msg("As printed on the tiles (negative for a loss)."),
}


def _form(part: str) -> PartForm:
    rows = ROWS.get(part)
    low, high = printed_rows(part) if rows else (0, 0)
    count_label, row_label = _ROWS.get(part, (None, None))
    return PartForm(
        part=part,
        name=PART_NAMES[part],
        hint=_HINTS[part],
        singles=_SINGLES.get(part, ()),
        count=rows.count if rows else None,
        count_label=count_label,
        row_label=row_label,
        columns=_COLUMNS.get(part, ()),
        low=low,
        high=high,
    )


PART_FORMS: dict[str, PartForm] = {part: _form(part) for part in PART_NAMES}
PART_COLOURS: tuple[str, ...] = COLOURS
