"""What the printed boards show that Deacon's turns need, entered once and kept.

Deacon's rules read the Research track (Milestones, Missions within reach, its end
VP), the Seafloor track's Oxygen Tanks, the Reef Ball deployment area and columns,
the effects along the score track, its Ship board's Crew rows, the Mission colours
and the VP of the Pollution tiles. None of it is on the cards: the table enters
each part the first time it matters, and Botdeck offers it filled in next game
(kept under `kept_key(part)`).

`check_part` takes a part as the form's fields or as nested JSON (`part_reading.py`)
and returns the nested shape, or raises ComponentError naming each field that is wrong:
first what each field may hold, then what a printed part can be (a track whose spaces
go up, the counts the rulebook allows). `read_part` reads an answer a game's log
already holds: each field only, as it was checked when it was saved.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from ...engine import msg
from ...engine.refusals import Problem, refuse_all
from ..deckfile import package_json
from .entry import effects_text
from .part_reading import (
    COLOURS,
    ComponentError,
    PartFields,
    Rows,
    nested_fields,
    refuse,
    unknown_field,
)

__all__ = ["COLOURS", "ComponentError", "check_part", "part_check", "part_fields", "read_part"]

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

MAX_VP = 30  # no space of a printed track is worth more


ROWS = {
    "research": Rows("spaces", "spaces", "space", 4, 20, ("vp", "milestone", "missions")),
    "seafloor": Rows("spaces", "steps", "step", 3, 16, ("tank",)),
    "reef_balls": Rows("columns", "columns", "column", 1, 6, ("balls", "vp")),
    "score_track": Rows("effects", "marks", "mark", 1, 10, ("at", "effects")),
    "crew": Rows("rows", "rows", "row", 2, 4, ("colour", "tiles")),
    "missions": Rows("types", "types", "type", 2, 5, ()),
}
SCALARS: dict[str, tuple[str, ...]] = {"reef_balls": ("initial",), "pollution": SIZES}
# Rows a printed part has, where the rulebook says more than `ROWS` lets a game's log
# hold (games saved before it was checked): see `_printed_research` and `_printed_crew`.
PRINTED_ROWS = {"research": (5, 20), "crew": (3, 3)}


def printed_rows(part: str) -> tuple[int, int]:
    """The fewest and most rows of a printed part (its form's count field)."""
    rows = ROWS[part]
    return PRINTED_ROWS.get(part, (rows.low, rows.high))


def kept_key(part: str) -> str:
    return "components:" + part


# --- each part's fields, read ------------------------------------------------------------


def _research(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Research track and Missions": its Scientist's position decides
    which Mission cards it may take; "When it reaches the Milestone space it skips it";
    "End of the game" 2B: VP according to its position."""
    rows = ROWS["research"]
    spaces = []
    for n in form.rows(rows):
        milestone = form.flag(rows.field(n, "milestone"))
        if milestone and n == 1:
            # Deacon rulebook, "Setup" 5B: its Scientist starts on space 1.
            raise refuse(
                "space1.milestone",
                msg("Its Scientist starts here: space 1 is never a Milestone."),
            )
        spaces.append(
            {
                "vp": form.number(rows.field(n, "vp"), 0, MAX_VP),
                "milestone": milestone,
                "missions": form.number(rows.field(n, "missions"), 0, 5),
            }
        )
    return {"spaces": spaces}


def _seafloor(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Exploring the Reef": "It gets all the rewards from Oxygen Tank
    tiles, when reached"; a step with no tank is left blank."""
    rows = ROWS["seafloor"]
    return {
        "spaces": [{"tank": form.effects(rows.field(n, "tank"), low=0)} for n in form.rows(rows)]
    }


def _reef_balls(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Deploy a Reef Ball": its initial Reef Balls first, then a
    column at a time, scoring the column's VP once it is empty."""
    rows = ROWS["reef_balls"]
    columns = [
        {
            "balls": form.number(rows.field(n, "balls"), 1, 6),
            "vp": form.number(rows.field(n, "vp"), 0, 10),
        }
        for n in form.rows(rows)
    ]
    return {"initial": form.number("initial", 0, 10), "columns": columns}


def _score_track(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Deacon cards effects": "Deacon resolves the furthest effect
    that its Scoring marker has crossed": each effect and the VP it is printed at, up
    the track."""
    rows = ROWS["score_track"]
    marks: list[dict[str, Any]] = []
    for n in form.rows(rows):
        at = form.number(rows.field(n, "at"), 1, 99)
        if marks and at <= marks[-1]["at"]:
            raise refuse(
                rows.field(n, "at"),
                msg(
                    "Further up the track than effect {n}, at {marks} VP.",
                    marks=marks[-1]["at"],
                    n=n - 1,
                ),
            )
        marks.append({"at": at, "effects": form.effects(rows.field(n, "effects"), low=1)})
    return {"effects": marks}


def _crew(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Hiring Crew": tiles are placed left to right in the row of
    their colour, its starting Crew included; a full row scores 4 VP."""
    rows = ROWS["crew"]
    crew: list[dict[str, Any]] = []
    for n in form.rows(rows):
        colour = form.colour(rows.field(n, "colour"))
        if colour in (row["colour"] for row in crew):
            raise refuse(
                rows.field(n, "colour"),
                msg("{colour} is already the colour of another row.", colour=COLOUR_NAMES[colour]),
            )
        crew.append({"colour": colour, "tiles": form.number(rows.field(n, "tiles"), 2, 6)})
    return {"rows": crew}


def _missions(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Deacon cards effects": it "takes a Mission of a type it does not
    already have"; a set is one of each colour."""
    rows = ROWS["missions"]
    types: list[str] = []
    for n in form.rows(rows):
        colour = form.colour(rows.field(n))
        if colour in types:
            raise refuse(
                rows.field(n),
                msg("{colour} is already a Mission colour.", colour=COLOUR_NAMES[colour]),
            )
        types.append(colour)
    return {"types": types}


def _pollution(form: PartFields) -> dict[str, Any]:
    """Deacon rulebook, "Recycling a Pollution tile": it keeps every tile and scores
    it at the end ("End of the game" 2E)."""
    return {size: form.number(size, -10, 10) for size in SIZES}


READERS: dict[str, Callable[[PartFields], dict[str, Any]]] = {
    "research": _research,
    "seafloor": _seafloor,
    "reef_balls": _reef_balls,
    "score_track": _score_track,
    "crew": _crew,
    "missions": _missions,
    "pollution": _pollution,
}


def _form_fields(part: str, raw: Any) -> dict[str, Any]:
    """The part as the form's fields, whichever way it came; unknown fields refused."""
    if not isinstance(raw, dict):
        raise refuse(None, msg("the part is not a set of fields"))
    rows = ROWS.get(part)
    nested = part == "pollution" or (rows is not None and isinstance(raw.get(rows.key), list))
    fields = nested_fields(raw, SCALARS.get(part, ()), rows) if nested else raw
    known = set(SCALARS.get(part, ()))
    if rows is not None:
        known |= {rows.count, *rows.fields()}
    unknown = sorted(str(k) for k in set(fields) - known)
    if unknown:
        raise unknown_field(unknown[0])
    return fields


def read_part(part: str, raw: Any) -> dict[str, Any]:
    """A printed part from the form's fields or as nested JSON, each field read and
    within its range; ComponentError names the field that is not. Nothing more is asked
    of an answer a game's log holds (see `check_part`)."""
    if part not in READERS:
        raise refuse(None, msg("there is no printed part {part}", part=repr(part)))
    return READERS[part](PartFields(_form_fields(part, raw)))


# --- what printed cardboard can be ----------------------------------------------------------


def _printed_count(part: str, count: int) -> Problem | None:
    low, high = printed_rows(part)
    if low <= count <= high:
        return None
    return Problem(ROWS[part].count, msg("From {minimum} to {maximum}.", minimum=low, maximum=high))


def _printed_research(part: dict[str, Any]) -> list[Problem]:
    """Deacon rulebook, "End of the game": "Non-player Divers have a Research level of
    5" — the track reaches level 5 at least (its Scientist starts on space 1, "Setup" 5B).
    2B: VP "according to their position on the Research track", and "Research track and
    Missions": "Its position determines which Mission cards are available" — going up
    the track, neither ever goes down; at its end Deacon scores VP and can take a
    Mission ("Deacon cards effects": it "takes a Mission")."""
    spaces, rows = part["spaces"], ROWS["research"]
    problems = [p for p in [_printed_count("research", len(spaces))] if p is not None]
    for n, (before, space) in enumerate(pairwise(spaces), start=2):
        if space["vp"] < before["vp"]:
            problems.append(
                Problem(
                    rows.field(n, "vp"),
                    msg("Never fewer VP than the space before ({n}).", n=before["vp"]),
                )
            )
        if space["missions"] < before["missions"]:
            problems.append(
                Problem(
                    rows.field(n, "missions"),
                    msg(
                        "Never fewer Missions within reach than the space before ({n}).",
                        n=before["missions"],
                    ),
                )
            )
    last = len(spaces)
    if spaces and spaces[-1]["vp"] == 0:
        problems.append(
            Problem(rows.field(last, "vp"), msg("The end of the track scores VP: at least 1."))
        )
    if spaces and spaces[-1]["missions"] == 0:
        problems.append(
            Problem(
                rows.field(last, "missions"),
                msg("At the end of the track it can take a Mission: at least 1."),
            )
        )
    return problems


def _printed_seafloor(part: dict[str, Any]) -> list[Problem]:
    """Deacon rulebook, "Exploring the Reef": "It gets all the rewards from Oxygen Tank
    tiles, when reached" — the track has Oxygen Tanks."""
    if any(space["tank"] for space in part["spaces"]):
        return []
    return [
        Problem(
            "step1.tank",
            msg("No step has an Oxygen Tank: type the rewards of each tank on its step."),
        )
    ]


def _printed_reef_balls(part: dict[str, Any]) -> list[Problem]:
    """Deacon rulebook, "Deploy a Reef Ball": "After its initial Reef Balls from
    Deployment area are used, Deacon selects a Reef Ball from the column with the
    highest VP value, then it continues […] until it is empty and bot receives the VP
    bonus" — initial Reef Balls to use, and a VP bonus on every column."""
    problems = []
    if part["initial"] == 0:
        problems.append(
            Problem("initial", msg("Its first Reef Balls come from this area: at least 1."))
        )
    for n, column in enumerate(part["columns"], start=1):
        if column["vp"] == 0:
            problems.append(
                Problem(
                    ROWS["reef_balls"].field(n, "vp"),
                    msg("An emptied column scores its VP bonus: at least 1."),
                )
            )
    return problems


def _printed_crew(part: dict[str, Any]) -> list[Problem]:
    """Deacon rulebook, "Hiring Crew": "In a situation that Deacon already filled 2 rows,
    and there is no matching Crew tile […] for the remaining row" — 3 rows."""
    problem = _printed_count("crew", len(part["rows"]))
    return [] if problem is None else [problem]


def _printed_pollution(part: dict[str, Any]) -> list[Problem]:
    """Deacon rulebook, "End of the game" 2E: "VP from the unused Pollution tiles they
    own" — tiles all at 0 VP would score nothing: the form as it starts."""
    if any(part[size] for size in SIZES):
        return []
    return [Problem("small", msg("Every tile at 0 VP: type the VP printed on each."))]


PRINTED: dict[str, Callable[[dict[str, Any]], list[Problem]]] = {
    "research": _printed_research,
    "seafloor": _printed_seafloor,
    "reef_balls": _printed_reef_balls,
    "crew": _printed_crew,
    "pollution": _printed_pollution,
}


def check_part(part: str, raw: Any) -> dict[str, Any]:
    """A printed part from the form's fields or as nested JSON, read (`read_part`) and
    checked like printed cardboard; ComponentError lists every field that is wrong."""
    read = read_part(part, raw)
    refuse_all(PRINTED.get(part, lambda _: [])(read), ComponentError)
    return read


def part_check(part: str) -> Callable[[Any], dict[str, Any]]:
    """`check_part` for one part, as an entry question's check."""
    return lambda raw: check_part(part, raw)


def part_read(part: str) -> Callable[[Any], dict[str, Any]]:
    """`read_part` for one part, as an entry question's reading of a stored answer."""
    return lambda raw: read_part(part, raw)


def part_fields(part: str, kept: dict[str, Any] | None) -> dict[str, Any]:
    """What each field of the part's form shows: the part kept from an earlier game (or
    the demo values, or the fields the table sent: a refused save, shown again as typed),
    then blank rows up to the most the part may have."""
    rows = ROWS.get(part)
    blank: dict[str, Any] = dict.fromkeys(SCALARS.get(part, ()), "")
    if rows is not None:
        blank[rows.count] = ""
        blank.update({f: (False if f.endswith(".milestone") else "") for f in rows.fields()})
    if kept is None:
        return blank
    nested = part == "pollution" or (rows is not None and isinstance(kept.get(rows.key), list))
    if not nested:
        return {**blank, **{k: v for k, v in kept.items() if k in blank}}
    fields = nested_fields(kept, SCALARS.get(part, ()), rows)
    for name, value in fields.items():
        if isinstance(value, list):  # effects, shown as the line they are typed as
            fields[name] = effects_text(value)
    return {**blank, **fields}


# Invented values, plausible for a quick start: not the printed boards (DEMO_LABEL).
# Shared: copy a part before changing it.
DEMO_COMPONENTS: dict[str, dict[str, Any]] = package_json(__package__, "demo_components.json")
