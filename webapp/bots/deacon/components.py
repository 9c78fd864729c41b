"""What the printed boards show that Deacon's turns need, entered once and kept.

Deacon's rules read the Research track (Milestones, Missions within reach, its end
VP), the Seafloor track's Oxygen Tanks, the Reef Ball deployment area and columns,
the effects along the score track, its Ship board's Crew rows, the Mission colours
and the VP of the Pollution tiles. None of it is on the cards: the table enters
each part the first time it matters, and Botdeck offers it filled in next game
(kept under `kept_key(part)`).

Each part comes from the form's fields (`space3.vp`, `step2.tank`, `row1.colour`…,
sent as `entry.<field>`) or as nested JSON (the kept shape); `check_part` returns
the nested shape or raises ComponentError naming the field. A part with rows has a
count field (`spaces`, `steps`, `columns`, `marks`, `rows`, `types`): the form may
send more rows than that, the extra ones are ignored. Left blank, the count is the
last row with anything filled in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine import msg
from ...engine.text import reason
from ..deckfile import package_json
from .cards import DeckError, validate_effects
from .entry import EntryError, effects_text, parse_effects

PARTS = ("research", "seafloor", "reef_balls", "score_track", "crew", "missions", "pollution")
PART_NAMES = {
    "research": msg("Research track"),
    "seafloor": msg("Seafloor track and its Oxygen Tanks"),
    "reef_balls": msg("Reef Balls: initial deployment area and columns"),
    "score_track": msg("Effects along the score track"),
    "crew": msg("Crew rows of its Ship board"),
    "missions": msg("Mission colours"),
    "pollution": msg("VP of the Pollution tiles"),
}
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "white", "black")
COLOUR_NAMES = {
    "red": msg("Red"),
    "orange": msg("Orange"),
    "yellow": msg("Yellow"),
    "green": msg("Green"),
    "blue": msg("Blue"),
    "purple": msg("Purple"),
    "white": msg("White"),
    "black": msg("Black"),
}
SIZES = ("small", "medium", "large")  # Pollution tiles
DEMO_LABEL = msg("Demo values — not the printed boards")

MAX_TANK_EFFECTS = 4
MAX_VP = 30  # no space of a printed track is worth more


class ComponentError(ValueError):
    """A printed part that cannot be used; the message names the field."""


@dataclass(frozen=True)
class Rows:
    """The repeated rows of a part: `spaces: [...]` nested, `space3.vp` on the form."""

    key: str  # the nested list: "spaces"
    count: str  # the form's count field: "spaces"
    prefix: str  # a row's fields: "space3.vp"
    low: int
    high: int
    columns: tuple[str, ...]  # () for a row that is one value: "type2"

    def field(self, number: int, column: str | None = None) -> str:
        return f"{self.prefix}{number}" + (f".{column}" if column else "")

    def row_fields(self, number: int) -> list[str]:
        return [self.field(number, c) for c in self.columns] or [self.field(number)]

    def fields(self) -> list[str]:
        """Every field of the most rows the part may have, row by row."""
        return [name for n in range(1, self.high + 1) for name in self.row_fields(n)]


ROWS = {
    "research": Rows("spaces", "spaces", "space", 4, 20, ("vp", "milestone", "missions")),
    "seafloor": Rows("spaces", "steps", "step", 3, 16, ("tank",)),
    "reef_balls": Rows("columns", "columns", "column", 1, 6, ("balls", "vp")),
    "score_track": Rows("effects", "marks", "mark", 1, 10, ("at", "effects")),
    "crew": Rows("rows", "rows", "row", 2, 4, ("colour", "tiles")),
    "missions": Rows("types", "types", "type", 2, 5, ()),
}
SCALARS = {"reef_balls": ("initial",), "pollution": SIZES}


def kept_key(part: str) -> str:
    return "components:" + part


# --- reading fields ---------------------------------------------------------------------


def _blank(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, str) and not value.strip())


def _number(raw: Any, field: str, low: int, high: int) -> int:
    """A whole number from a form (text) or JSON; blank is 0 where the least is 0."""
    if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
        raise ComponentError(msg("field '{field}': a whole number is needed", field=field))
    if _blank(raw) and low == 0:
        raw = 0
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise ComponentError(
            msg("field '{field}': a whole number is needed", field=field)
        ) from None
    if not low <= value <= high:
        raise ComponentError(
            msg("field '{field}': from {low} to {high}", field=field, low=low, high=high)
        )
    return value


def _flag(raw: Any, field: str) -> bool:
    """A checkbox: sent as "on" when ticked, absent when not; true/false as JSON."""
    if raw in (True, "on", "yes", "true", "1", 1):
        return True
    if _blank(raw) or raw in ("off", "no", "false", "0", 0):
        return False
    raise ComponentError(msg("field '{field}': ticked or not", field=field))


def _colour(raw: Any, field: str) -> str:
    colour = str(raw or "").strip().casefold()
    if colour not in COLOURS:
        raise ComponentError(
            msg("field '{field}': choose a colour ({value})", field=field, value=", ".join(COLOURS))
        )
    return colour


def _effects(raw: Any, field: str, *, low: int) -> list[dict[str, Any]]:
    """A comma line (`vp:2,research`) or a JSON list of effects; plain VP allowed."""
    try:
        effects = parse_effects(raw, field=field) if isinstance(raw, str) else raw
        if raw is None or effects == []:
            if low:
                raise ComponentError(
                    msg("field '{field}': type the effects, as vp:2,research", field=field)
                )
            return []
        if isinstance(effects, list) and len(effects) > MAX_TANK_EFFECTS:
            raise ComponentError(
                msg("field '{field}': at most {limit} effects", field=field, limit=MAX_TANK_EFFECTS)
            )
        return validate_effects(effects, field=field)
    except (EntryError, DeckError) as error:
        raise ComponentError(reason(error)) from None


# --- the shapes: nested JSON and the form's fields ---------------------------------------


def _flat(part: str, data: dict[str, Any]) -> dict[str, Any]:
    """The nested part as the form's fields; ComponentError for a malformed one."""
    scalars = SCALARS.get(part, ())
    rows = ROWS.get(part)
    known = set(scalars) | ({rows.key} if rows else set())
    unknown = sorted(str(k) for k in set(data) - known)
    if unknown:
        raise ComponentError(msg("field '{unknown}': there is no such field", unknown=unknown[0]))
    fields = {name: data.get(name) for name in scalars}
    if rows is None:
        return fields
    items = data[rows.key]
    if not isinstance(items, list):
        raise ComponentError(msg("field '{key}': a list is needed", key=rows.key))
    if len(items) > rows.high:
        raise ComponentError(msg("field '{key}': at most {high}", key=rows.key, high=rows.high))
    fields[rows.count] = len(items)
    for number, item in enumerate(items, start=1):
        if not rows.columns:
            fields[rows.field(number)] = item
            continue
        if not isinstance(item, dict):
            raise ComponentError(
                msg("field '{field}': a set of fields is needed", field=rows.field(number))
            )
        extra = sorted(str(k) for k in set(item) - set(rows.columns))
        if extra:
            raise ComponentError(
                msg("field '{field}': there is no such field", field=rows.field(number, extra[0]))
            )
        fields.update({rows.field(number, c): item.get(c) for c in rows.columns})
    return fields


def _form_fields(part: str, raw: Any) -> dict[str, Any]:
    """The part as the form's fields, whichever way it came; unknown fields refused."""
    if not isinstance(raw, dict):
        raise ComponentError(msg("the part is not a set of fields"))
    rows = ROWS.get(part)
    nested = part == "pollution" or (rows is not None and isinstance(raw.get(rows.key), list))
    fields = _flat(part, raw) if nested else raw
    known = set(SCALARS.get(part, ()))
    if rows is not None:
        known |= {rows.count, *rows.fields()}
    unknown = sorted(str(k) for k in set(fields) - known)
    if unknown:
        raise ComponentError(msg("field '{unknown}': there is no such field", unknown=unknown[0]))
    return fields


def _row_count(fields: dict[str, Any], rows: Rows) -> int:
    """How many rows the part has: its count field, or the last row filled in."""
    raw = fields.get(rows.count)
    if _blank(raw):
        filled = [
            n
            for n in range(1, rows.high + 1)
            if any(not _blank(fields.get(name)) for name in rows.row_fields(n))
        ]
        if not filled:
            raise ComponentError(
                msg(
                    "field '{count}': how many, from {low} to {high}",
                    count=rows.count,
                    low=rows.low,
                    high=rows.high,
                )
            )
        raw = max(filled)
    return _number(raw, rows.count, rows.low, rows.high)


# --- the parts -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Form:
    """The part's fields, read one at a time: each error names its field."""

    fields: dict[str, Any]

    def number(self, name: str, low: int, high: int) -> int:
        return _number(self.fields.get(name), name, low, high)

    def flag(self, name: str) -> bool:
        return _flag(self.fields.get(name), name)

    def colour(self, name: str) -> str:
        return _colour(self.fields.get(name), name)

    def effects(self, name: str, *, low: int) -> list[dict[str, Any]]:
        return _effects(self.fields.get(name), name, low=low)

    def rows(self, part: str) -> tuple[Rows, range]:
        rows = ROWS[part]
        return rows, range(1, _row_count(self.fields, rows) + 1)


def _research(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Research track and Missions": its Scientist's position decides
    which Mission cards it may take; "When it reaches the Milestone space it skips it";
    "End of the game" 2B: VP according to its position."""
    rows, numbers = form.rows("research")
    spaces = []
    for n in numbers:
        milestone = form.flag(rows.field(n, "milestone"))
        if milestone and n == 1:
            # Deacon rulebook, "Setup" 5B: its Scientist starts on space 1.
            raise ComponentError(msg("field 'space1.milestone': the Scientists start here"))
        spaces.append(
            {
                "vp": form.number(rows.field(n, "vp"), 0, MAX_VP),
                "milestone": milestone,
                "missions": form.number(rows.field(n, "missions"), 0, 5),
            }
        )
    return {"spaces": spaces}


def _seafloor(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Exploring the Reef": "It gets all the rewards from Oxygen Tank
    tiles, when reached"; a step with no tank is left blank."""
    rows, numbers = form.rows("seafloor")
    return {"spaces": [{"tank": form.effects(rows.field(n, "tank"), low=0)} for n in numbers]}


def _reef_balls(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Deploy a Reef Ball": its initial Reef Balls first, then a
    column at a time, scoring the column's VP once it is empty."""
    rows, numbers = form.rows("reef_balls")
    columns = [
        {
            "balls": form.number(rows.field(n, "balls"), 1, 6),
            "vp": form.number(rows.field(n, "vp"), 0, 10),
        }
        for n in numbers
    ]
    return {"initial": form.number("initial", 0, 10), "columns": columns}


def _score_track(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Deacon cards effects": "Deacon resolves the furthest effect
    that its Scoring marker has crossed": each effect and the VP it is printed at."""
    rows, numbers = form.rows("score_track")
    marks: list[dict[str, Any]] = []
    for n in numbers:
        at = form.number(rows.field(n, "at"), 1, 99)
        if marks and at <= marks[-1]["at"]:
            raise ComponentError(
                msg(
                    "field '{field}': after {marks} VP ({value}), up the track",
                    field=rows.field(n, "at"),
                    marks=marks[-1]["at"],
                    value=rows.field(n - 1, "at"),
                )
            )
        marks.append({"at": at, "effects": form.effects(rows.field(n, "effects"), low=1)})
    return {"effects": marks}


def _crew(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Hiring Crew": tiles are placed left to right in the row of
    their colour, its starting Crew included; a full row scores 4 VP."""
    rows, numbers = form.rows("crew")
    crew: list[dict[str, Any]] = []
    for n in numbers:
        colour = form.colour(rows.field(n, "colour"))
        if colour in (row["colour"] for row in crew):
            raise ComponentError(
                msg(
                    "field '{field}': {colour} is already the colour of another row",
                    field=rows.field(n, "colour"),
                    colour=colour,
                )
            )
        crew.append({"colour": colour, "tiles": form.number(rows.field(n, "tiles"), 2, 6)})
    return {"rows": crew}


def _missions(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Deacon cards effects": it "takes a Mission of a type it does not
    already have"; a set is one of each colour."""
    rows, numbers = form.rows("missions")
    types: list[str] = []
    for n in numbers:
        colour = form.colour(rows.field(n))
        if colour in types:
            raise ComponentError(
                msg(
                    "field '{field}': {colour} is already a Mission colour",
                    field=rows.field(n),
                    colour=colour,
                )
            )
        types.append(colour)
    return {"types": types}


def _pollution(form: _Form) -> dict[str, Any]:
    """Deacon rulebook, "Recycling a Pollution tile": it keeps every tile and scores
    it at the end ("End of the game" 2E)."""
    return {size: form.number(size, -10, 10) for size in SIZES}


CHECKS: dict[str, Callable[[_Form], dict[str, Any]]] = {
    "research": _research,
    "seafloor": _seafloor,
    "reef_balls": _reef_balls,
    "score_track": _score_track,
    "crew": _crew,
    "missions": _missions,
    "pollution": _pollution,
}


def check_part(part: str, raw: Any) -> dict[str, Any]:
    """A printed part from the form's fields or as nested JSON, checked; ComponentError
    names the field that is wrong."""
    if part not in CHECKS:
        raise ComponentError(msg("there is no printed part {part}", part=repr(part)))
    return CHECKS[part](_Form(_form_fields(part, raw)))


def part_check(part: str) -> Callable[[Any], dict[str, Any]]:
    """`check_part` for one part, as an entry question's check."""
    return lambda raw: check_part(part, raw)


def part_fields(part: str, kept: dict[str, Any] | None) -> dict[str, Any]:
    """What each field of the part's form shows: the part kept from an earlier game (or
    the demo values), then blank rows up to the most the part may have."""
    rows = ROWS.get(part)
    blank: dict[str, Any] = dict.fromkeys(SCALARS.get(part, ()), "")
    if rows is not None:
        blank[rows.count] = ""
        blank.update({f: (False if f.endswith(".milestone") else "") for f in rows.fields()})
    if kept is None:
        return blank
    fields = _flat(part, kept)
    for name, value in fields.items():
        if isinstance(value, list):  # effects, shown as the line they are typed as
            fields[name] = effects_text(value)
    return {**blank, **fields}


# Invented values, plausible for a quick start: not the printed boards (DEMO_LABEL).
# Shared: copy a part before changing it.
DEMO_COMPONENTS: dict[str, dict[str, Any]] = package_json(__package__, "demo_components.json")
