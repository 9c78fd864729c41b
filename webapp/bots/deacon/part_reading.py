"""Reading a printed part's fields, one at a time, each refusal naming its field: whole
numbers, ticks, colours, lines of effects, and the rows a part repeats (a Research
space, a Seafloor step). What a part is made of is in `components.py`.

A part comes as the form's fields (`space3.vp`, `step2.tank`, `row1.colour`…, sent as
`entry.<field>`) or as nested JSON (the kept shape: `{"spaces": [{"vp": 3, …}]}`); a
part with rows has a count field (`spaces`): the form may send more rows than that, the
extra ones are ignored; left blank, the count is the last row with anything filled in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Msg, msg
from ...engine.refusals import FieldsRefused, Problem
from ...engine.text import reason
from .cards import DeckError, validate_effects
from .entry import EntryError, parse_effects

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "white", "black")
MAX_TANK_EFFECTS = 4


class ComponentError(FieldsRefused):
    """A printed part that cannot be used; each problem names its field."""


def refuse(field: str | None, why: Msg) -> ComponentError:
    return ComponentError(Problem(field, why))


@dataclass(frozen=True)
class Rows:
    """The repeated rows of a part: `spaces: [...]` nested, `space3.vp` on the form."""

    key: str  # the nested list: "spaces"
    count: str  # the form's count field: "spaces"
    prefix: str  # a row's fields: "space3.vp"
    low: int  # rows an answer in a game's log may have (see `components.PRINTED_ROWS`)
    high: int
    columns: tuple[str, ...]  # () for a row that is one value: "type2"

    def field(self, number: int, column: str | None = None) -> str:
        return f"{self.prefix}{number}" + (f".{column}" if column else "")

    def row_fields(self, number: int) -> list[str]:
        return [self.field(number, c) for c in self.columns] or [self.field(number)]

    def fields(self) -> list[str]:
        """Every field of the most rows the part may have, row by row."""
        return [name for n in range(1, self.high + 1) for name in self.row_fields(n)]


def blank(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, str) and not value.strip())


def number(raw: Any, field: str, low: int, high: int) -> int:
    """A whole number from a form (text) or JSON; blank is 0 where the least is 0."""
    if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
        raise refuse(field, msg("A whole number is needed."))
    if blank(raw) and low == 0:
        raw = 0
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise refuse(field, msg("A whole number is needed.")) from None
    if not low <= value <= high:
        raise refuse(field, msg("From {minimum} to {maximum}.", minimum=low, maximum=high))
    return value


def flag(raw: Any, field: str) -> bool:
    """A checkbox: sent as "on" when ticked, absent when not; true/false as JSON."""
    if raw in (True, "on", "yes", "true", "1", 1):
        return True
    if blank(raw) or raw in ("off", "no", "false", "0", 0):
        return False
    raise refuse(field, msg("Ticked or not."))


def colour(raw: Any, field: str) -> str:
    chosen = str(raw or "").strip().casefold()
    if chosen not in COLOURS:
        raise refuse(field, msg("Choose a colour: {value}.", value=", ".join(COLOURS)))
    return chosen


def effects(raw: Any, field: str, *, low: int) -> list[dict[str, Any]]:
    """A comma line (`vp:2,research`) or a JSON list of effects; plain VP allowed."""
    try:
        read = parse_effects(raw, field=field) if isinstance(raw, str) else raw
        if raw is None or read == []:
            if low:
                raise refuse(field, msg("Type its effects, as vp:2,research."))
            return []
        if isinstance(read, list) and len(read) > MAX_TANK_EFFECTS:
            raise refuse(field, msg("At most {limit} effects.", limit=MAX_TANK_EFFECTS))
        return validate_effects(read, field=field)
    except (EntryError, DeckError) as error:
        said = reason(error)  # it names the field and the effect: "field 'step2.tank', effect 2"
        why = said if isinstance(said, Msg) else msg("{value}", value=said)
        raise ComponentError(Problem(field, why, why)) from None


def unknown_field(name: str) -> ComponentError:
    return refuse(None, msg("field '{unknown}': there is no such field", unknown=name))


def nested_fields(
    data: dict[str, Any], scalars: tuple[str, ...], rows: Rows | None
) -> dict[str, Any]:
    """A part as nested JSON, as the form's fields; ComponentError for a malformed one."""
    known = set(scalars) | ({rows.key} if rows else set())
    unknown = sorted(str(k) for k in set(data) - known)
    if unknown:
        raise unknown_field(unknown[0])
    fields = {name: data.get(name) for name in scalars}
    if rows is None:
        return fields
    items = data[rows.key]
    if not isinstance(items, list):
        raise refuse(None, msg("field '{key}': a list is needed", key=rows.key))
    if len(items) > rows.high:
        raise refuse(None, msg("field '{key}': at most {high}", key=rows.key, high=rows.high))
    fields[rows.count] = len(items)
    for n, item in enumerate(items, start=1):
        if not rows.columns:
            fields[rows.field(n)] = item
            continue
        if not isinstance(item, dict):
            raise refuse(
                None, msg("field '{field}': a set of fields is needed", field=rows.field(n))
            )
        extra = sorted(str(k) for k in set(item) - set(rows.columns))
        if extra:
            raise unknown_field(rows.field(n, extra[0]))
        fields.update({rows.field(n, c): item.get(c) for c in rows.columns})
    return fields


def row_count(fields: dict[str, Any], rows: Rows) -> int:
    """How many rows the part has: its count field, or the last row filled in."""
    raw = fields.get(rows.count)
    if blank(raw):
        filled = [
            n
            for n in range(1, rows.high + 1)
            if any(not blank(fields.get(name)) for name in rows.row_fields(n))
        ]
        if not filled:
            raise refuse(
                rows.count,
                msg("How many? From {minimum} to {maximum}.", minimum=rows.low, maximum=rows.high),
            )
        raw = max(filled)
    return number(raw, rows.count, rows.low, rows.high)


@dataclass(frozen=True)
class PartFields:
    """A part's fields, read one at a time: each refusal names its field."""

    fields: dict[str, Any]

    def number(self, name: str, low: int, high: int) -> int:
        return number(self.fields.get(name), name, low, high)

    def flag(self, name: str) -> bool:
        return flag(self.fields.get(name), name)

    def colour(self, name: str) -> str:
        return colour(self.fields.get(name), name)

    def effects(self, name: str, *, low: int) -> list[dict[str, Any]]:
        return effects(self.fields.get(name), name, low=low)

    def rows(self, rows: Rows) -> range:
        return range(1, row_count(self.fields, rows) + 1)
