"""The Enemy's faction: which one the app draws, and the costs its board prints.

Solo rulebook, "Components and Setup Changes": "Randomly select the Faction for
the Solo Enemy" and flip its C.C. Board to the Solo Enemy side. What that side
prints (Unit costs, its Heroes' Spells, the Ore of each Capital City Track space)
is entered once per faction and kept for the next game.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, msg

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


class ProfileError(ValueError):
    pass


def _number(raw: Any, field: str, low: int, high: int) -> int:
    if isinstance(raw, bool):
        raise ProfileError(msg("field '{field}': a whole number is needed", field=field))
    if raw in ("", None):
        raw = 0 if low == 0 else raw
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise ProfileError(msg("field '{field}': a whole number is needed", field=field)) from None
    if not low <= value <= high:
        raise ProfileError(
            msg("field '{field}': from {low} to {high}", field=field, low=low, high=high)
        )
    return value


def _flat(profile: dict[str, Any]) -> dict[str, Any]:
    """The nested profile as the form's fields: "warrior.food", "spell2.vp", "track3.ore"."""
    fields: dict[str, Any] = {}
    for unit, cost in profile["units"].items():
        fields.update({f"{unit}.{r}": cost[r] for r in RESOURCES})
    for number, spell in enumerate(profile["spells"], start=1):
        fields[f"spell{number}.name"] = spell["name"]
        fields[f"spell{number}.vp"] = spell["vp"]
        fields.update({f"spell{number}.{r}": spell["cost"][r] for r in RESOURCES})
    for number, space in enumerate(profile["track"], start=1):
        fields[f"track{number}.ore"] = space["ore"]
        fields[f"track{number}.level"] = space["level"]
    return fields


def check_profile(raw: Any) -> dict[str, Any]:
    """A faction's printed costs, from the form's fields or as nested data; ProfileError
    names the field that is wrong."""
    if not isinstance(raw, dict):
        raise ProfileError(msg("the costs are not a set of fields"))
    fields = _flat(raw) if isinstance(raw.get("units"), dict) else raw
    known = set(_flat(blank_profile()))
    unknown = sorted(set(fields) - known)
    if unknown:
        raise ProfileError(msg("field '{unknown}' is not on a faction's board", unknown=unknown[0]))

    def cost(prefix: str) -> dict[str, int]:
        return {
            r: _number(fields.get(f"{prefix}.{r}"), f"{prefix}.{r}", 0, MAX_COST) for r in RESOURCES
        }

    spells: list[dict[str, Any]] = []
    for number in range(1, HEROES + 1):
        name = fields.get(f"spell{number}.name") or ""
        if not isinstance(name, str) or len(name.strip()) > 40:
            raise ProfileError(
                msg("field 'spell{number}.name': at most 40 characters", number=number)
            )
        spells.append(
            {
                "name": name.strip(),
                "cost": cost(f"spell{number}"),
                "vp": _number(fields.get(f"spell{number}.vp"), f"spell{number}.vp", 0, 20),
            }
        )
    track: list[dict[str, int]] = []
    for number in range(1, TRACK_SPACES + 1):
        level = _number(fields.get(f"track{number}.level"), f"track{number}.level", 1, 9)
        if track and level < track[-1]["level"]:
            raise ProfileError(
                msg("field 'track{number}.level': a level never goes down the track", number=number)
            )
        track.append(
            {
                "ore": _number(fields.get(f"track{number}.ore"), f"track{number}.ore", 0, MAX_COST),
                "level": level,
            }
        )
    return {"units": {unit: cost(unit) for unit in UNITS}, "spells": spells, "track": track}


def profile_fields(profile: dict[str, Any] | None) -> dict[str, Any]:
    """What the costs form shows in each field: a kept profile, or blanks."""
    if profile is None:
        fields = _flat(blank_profile())
        return {k: ("" if k.endswith(".level") else v) for k, v in fields.items()}
    return _flat(profile)
