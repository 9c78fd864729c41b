"""The Enemy's faction: which one the app draws, and the costs its board prints.

Solo rulebook, "Components and Setup Changes": "Randomly select the Faction for
the Solo Enemy" and flip its C.C. Board to the Solo Enemy side. What that side
prints (Unit costs, its Heroes' Spells, the Ore of each Capital City Track space)
is entered once per faction and kept for the next game.

`check_profile` takes the form's fields (`warrior.food`, `spell2.vp`, `track3.ore`,
`serf.free`) or the nested profile it stores, and refuses what no printed board can be
(`FieldsRefused`, field by field): every cost 0 — the form as it starts — and a Unit,
Spell or track space costing nothing that the table has not said is printed free (its
row's Free box). `read_profile` reads an answer a game's log already holds: its shape
and ranges only, as they were checked when it was saved.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, msg
from ...engine.refusals import FieldsRefused, Problem, refuse_all

# The factions of the base game; any other the players own is named in the lobby.
KNOWN_FACTIONS = {
    "humans": msg("Humans"),
    "orcs": msg("Orcs"),
    "elves": msg("Elves"),
    "dwarves": msg("Dwarves"),
}
RESOURCES = ("ore", "mana", "food")
RESOURCE_NAMES = {"ore": msg("Ore"), "mana": msg("Mana"), "food": msg("Food")}
# Solo rulebook, "Recruit": "Air Vessel > Sea Vessel > Warrior > Serf".
UNITS = ("air_vessel", "sea_vessel", "warrior", "serf")
UNIT_NAMES = {
    "air_vessel": msg("Air Vessel"),
    "sea_vessel": msg("Sea Vessel"),
    "warrior": msg("Warrior"),
    "serf": msg("Serf"),
}
HEROES = 3
# Solo rulebook, "Build — Capital City Track": "a 6-space track".
TRACK_SPACES = 6
MAX_COST = 10  # no Resource ever exceeds 10 on a Resource Track
NAME_LENGTH = 30  # a faction's name, as the table types it


def faction_key(name: str) -> str:
    """A base-game faction by its key ("Elves" typed in is "elves"); any other as typed."""
    folded = name.casefold()
    return folded if folded in KNOWN_FACTIONS else name


def faction_name(key: str) -> Msg:
    return KNOWN_FACTIONS.get(key) or msg("{faction}", faction=key)


def kept_key(faction: str) -> str:
    return "faction:" + faction.casefold()


def blank_profile() -> dict[str, Any]:
    zero = dict.fromkeys(RESOURCES, 0)
    return {
        "units": {unit: dict(zero) for unit in UNITS},
        "spells": [{"name": "", "cost": dict(zero), "vp": 0} for _ in range(HEROES)],
        "track": [{"ore": 0, "level": 0} for _ in range(TRACK_SPACES)],
    }


# The rows of the board's grid, in the form's order: what each costs, and its Free box.
SPELL_ROWS = tuple(f"spell{n}" for n in range(1, HEROES + 1))
TRACK_ROWS = tuple(f"track{n}" for n in range(1, TRACK_SPACES + 1))
ROWS = (*UNITS, *SPELL_ROWS, *TRACK_ROWS)
FREE = "free"  # a row's box "printed free": `serf.free`; nested, the list `free`


class ProfileError(FieldsRefused):
    """A faction's costs that cannot be used; each problem names its field."""


def _refuse(field: str | None, why: Msg) -> ProfileError:
    return ProfileError(Problem(field, why))


def _number(raw: Any, field: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
        raise _refuse(field, msg("A whole number is needed."))
    if raw in ("", None):
        raw = 0 if low == 0 else raw
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise _refuse(field, msg("A whole number is needed.")) from None
    if not low <= value <= high:
        raise _refuse(field, msg("From {minimum} to {maximum}.", minimum=low, maximum=high))
    return value


def _ticked(raw: Any, field: str) -> bool:
    """A Free box: "on" when ticked on the form, absent when not; true/false as JSON."""
    if raw in (True, "on", "yes", "true", "1", 1):
        return True
    if raw in (None, False, "", "off", "no", "false", "0", 0):
        return False
    raise _refuse(field, msg("Ticked or not."))


def _nested(profile: dict[str, Any]) -> dict[str, Any]:
    """The nested profile as the form's fields; ProfileError for a malformed one."""
    extra = sorted(str(k) for k in set(profile) - {"units", "spells", "track", FREE})
    if extra:
        raise _refuse(None, msg("field '{unknown}' is not on a faction's board", unknown=extra[0]))
    units, spells, track = profile.get("units"), profile.get("spells"), profile.get("track")
    free = profile.get(FREE, [])
    if not isinstance(units, dict) or set(units) - set(UNITS):
        raise _refuse(None, msg("field 'units': the 4 Units, each with its costs"))
    if not isinstance(spells, list) or len(spells) != HEROES:
        raise _refuse(None, msg("field 'spells': one Spell for each of the 3 Heroes"))
    if not isinstance(track, list) or len(track) != TRACK_SPACES:
        raise _refuse(None, msg("field 'track': the 6 spaces of the Capital City Track"))
    if not isinstance(free, list) or not all(row in ROWS for row in free):
        raise _refuse(None, msg("field 'free': the rows printed free, by name"))
    fields: dict[str, Any] = {f"{row}.{FREE}": True for row in free}
    for unit, cost in units.items():
        fields.update({f"{unit}.{r}": _part(cost, r) for r in RESOURCES})
    for number, spell in enumerate(spells, start=1):
        fields[f"spell{number}.name"] = _part(spell, "name")
        fields[f"spell{number}.vp"] = _part(spell, "vp")
        fields.update({f"spell{number}.{r}": _part(_part(spell, "cost"), r) for r in RESOURCES})
    for number, space in enumerate(track, start=1):
        fields[f"track{number}.ore"] = _part(space, "ore")
        fields[f"track{number}.level"] = _part(space, "level")
    return fields


def _part(item: Any, key: str) -> Any:
    return item.get(key) if isinstance(item, dict) else None


def read_profile(raw: Any) -> dict[str, Any]:
    """A faction's costs from the form's fields or as nested data, each field read and
    within its range; ProfileError names the field that is not. Nothing more is asked
    of an answer a game's log holds (see `check_profile`)."""
    if not isinstance(raw, dict):
        raise _refuse(None, msg("the costs are not a set of fields"))
    fields = _nested(raw) if "units" in raw else raw
    known = set(_nested(blank_profile())) | {f"{row}.{FREE}" for row in ROWS}
    unknown = sorted(str(k) for k in set(fields) - known)
    if unknown:
        raise _refuse(
            None, msg("field '{unknown}' is not on a faction's board", unknown=unknown[0])
        )

    def cost(prefix: str) -> dict[str, int]:
        return {
            r: _number(fields.get(f"{prefix}.{r}"), f"{prefix}.{r}", 0, MAX_COST) for r in RESOURCES
        }

    spells: list[dict[str, Any]] = []
    for number in range(1, HEROES + 1):
        named = f"spell{number}.name"
        name = fields.get(named) or ""
        if not isinstance(name, str) or len(name.strip()) > 40:
            raise _refuse(named, msg("At most 40 characters."))
        spells.append(
            {
                "name": name.strip(),
                "cost": cost(f"spell{number}"),
                "vp": _number(fields.get(f"spell{number}.vp"), f"spell{number}.vp", 0, 20),
            }
        )
    track: list[dict[str, int]] = []
    for number in range(1, TRACK_SPACES + 1):
        field = f"track{number}.level"
        level = _number(fields.get(field), field, 1, 9)
        if track and level < track[-1]["level"]:
            # Solo rulebook, "Build — Capital City Track": each space advanced
            # "upgrades its entire Capital City"; its Level never goes down.
            raise _refuse(
                field,
                msg(
                    "A level never goes down the track: space {n} is at level {level}.",
                    n=number - 1,
                    level=track[-1]["level"],
                ),
            )
        track.append(
            {
                "ore": _number(fields.get(f"track{number}.ore"), f"track{number}.ore", 0, MAX_COST),
                "level": level,
            }
        )
    profile: dict[str, Any] = {
        "units": {unit: cost(unit) for unit in UNITS},
        "spells": spells,
        "track": track,
    }
    free = [row for row in ROWS if _ticked(fields.get(f"{row}.{FREE}"), f"{row}.{FREE}")]
    if free:  # stored only when some row is printed free: older profiles have no list
        profile[FREE] = free
    return profile


def row_costs(profile: dict[str, Any]) -> dict[str, int]:
    """What each row of the grid costs in all (a track space: its Ore)."""
    costs = {unit: sum(profile["units"][unit].values()) for unit in UNITS}
    costs.update(
        {row: sum(s["cost"].values()) for row, s in zip(SPELL_ROWS, profile["spells"], strict=True)}
    )
    costs.update({row: s["ore"] for row, s in zip(TRACK_ROWS, profile["track"], strict=True)})
    return costs


def check_profile(raw: Any) -> dict[str, Any]:
    """A faction's printed costs, read (`read_profile`) and checked like printed
    cardboard; ProfileError lists every field that is wrong.

    Solo rulebook, "Recruit", "Build" and "Research": the Enemy "pays Resources" for a
    Unit, "MUST pay the Ore amount listed on the next open space" of its Capital City
    Track, and a Spell "will fail if the Enemy does not have the required Resources".
    A board whose every cost is 0 is the form as it starts: the Enemy would pay for
    everything all game. A row costing nothing may be printed so — the table says it is
    (its Free box) — but is never taken as free unsaid."""
    profile = read_profile(raw)
    costs, free = row_costs(profile), set(profile.get(FREE, []))
    if not any(costs.values()):
        raise _refuse(
            None,
            msg(
                "Every cost is 0, as the form starts: the Enemy would pay for everything all "
                "game. Read each cost off the Solo side of its C.C. Board."
            ),
        )

    def problem(row: str) -> Problem | None:
        if costs[row] == 0 and row not in free:
            return Problem(
                f"{row}.{FREE}",
                msg("Is this printed as free? Tick Free if it is; otherwise enter its cost."),
            )
        if costs[row] and row in free:
            return Problem(
                f"{row}.{FREE}",
                msg("Ticked as free, yet it has a cost: untick Free or clear its cost."),
            )
        return None

    refuse_all((p for p in map(problem, ROWS) if p is not None), ProfileError)
    return profile


def profile_fields(profile: dict[str, Any] | None) -> dict[str, Any]:
    """What the costs form shows in each field: a kept profile, the fields the table
    sent (a refused save, shown again as typed), or blanks."""
    blank = {k: ("" if k.endswith(".level") else v) for k, v in _nested(blank_profile()).items()}
    blank.update({f"{row}.{FREE}": False for row in ROWS})
    if profile is None:
        return blank
    if "units" in profile:
        return {**blank, **_nested(profile)}
    return {**blank, **{k: v for k, v in profile.items() if k in blank}}
