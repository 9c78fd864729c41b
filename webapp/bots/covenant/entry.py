"""Quick entry: what a Covenant card section prints, built with taps.

A draft travels with the editor (a hidden field); each tap is an operation the
server applies and the editor comes back redrawn with a preview of the card.
Nothing here is stored until the section is saved (as a game answer, or into a
library deck).
"""

from __future__ import annotations

import copy
from typing import Any

from ...engine.text import Msg, msg, reason
from .deck import HARBOR, DeckError, Layout, validate_section

MODES = ("cycle", "end", "advancement")
# what the palette adds, and what each needs to be asked before it is complete
NUMBERS = {
    "coins": ("amount", range(1, 11)),
    "repair": ("amount", range(1, 6)),
    "if_cannons": ("at_least", range(3, 13)),
}
SIMPLE = ("coins_per_mercantile", "expert_sailors", "merchant_ship")


class EntryError(ValueError):
    pass


def blank_section() -> dict[str, Any]:
    return {
        "advancements": [],
        "influence": [],
        "end": None,
        "top": False,
        "bottom": False,
        "effects": [],
    }


def new_draft(
    card: str,
    side: str,
    *,
    sections: int,
    fixed_count: bool,
    wanted: int,
    rows: list[int],
    section: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A fresh draft for one side's section of one card (or an entered one, to edit)."""
    return {
        "card": card,
        "side": side,
        "sections": sections,
        "fixed_count": fixed_count,
        "wanted": wanted,
        "rows": rows,
        "mode": "cycle",
        "branch": None,
        "pending": None,
        "section": {**blank_section(), **copy.deepcopy(section or {})},
    }


def checked_draft(raw: Any) -> dict[str, Any]:
    """A draft sent back by a browser: the right shape, or EntryError."""
    lost = EntryError("the card being entered was lost: start its entry again")
    if not isinstance(raw, dict) or not isinstance(raw.get("section"), dict):
        raise lost
    rows = raw.get("rows")
    if not (
        isinstance(rows, list)
        and 0 < len(rows) < 9
        and all(isinstance(r, int) and not isinstance(r, bool) and 0 < r < 9 for r in rows)
    ):
        raise EntryError(msg("the board of this card is unknown"))
    checks = [
        isinstance(raw.get("card"), str) and 0 < len(raw["card"]) <= 12,
        raw.get("side") in ("normal", "hard"),
        raw.get("mode") in MODES,
        isinstance(raw.get("sections"), int) and 1 <= raw["sections"] <= 8,
        isinstance(raw.get("wanted"), int) and 0 <= raw["wanted"] < 50,
        isinstance(raw.get("fixed_count"), bool),
        raw.get("branch") in (None, "then", "otherwise"),
        raw.get("pending") is None
        or (isinstance(raw["pending"], dict) and raw["pending"].get("type") in PICKED),
    ]
    if not all(checks):
        raise lost
    section = raw["section"]
    layout = Layout(tuple(rows))
    shapes = [
        isinstance(section.get("top"), bool),
        isinstance(section.get("bottom"), bool),
        section.get("end") is None
        or (isinstance(section["end"], str) and layout.has(section["end"])),
        isinstance(section.get("advancements"), list)
        and all(isinstance(s, str) and layout.has(s) for s in section["advancements"]),
        isinstance(section.get("influence"), list)
        and all(
            isinstance(e, dict)
            and isinstance(e.get("space"), str)
            and layout.has(e["space"])
            and isinstance(e.get("cubes"), int)
            for e in section["influence"]
        ),
        isinstance(section.get("effects"), list)
        and all(_effect_shape(e) for e in section["effects"]),
    ]
    if not all(shapes):
        raise lost
    return raw


def _effect_shape(effect: Any, nested: bool = False) -> bool:
    if not isinstance(effect, dict) or not isinstance(effect.get("type"), str):
        return False
    if effect["type"] != "if_cannons":
        return True
    return not nested and all(
        isinstance(effect.get(b), list) and all(_effect_shape(e, True) for e in effect[b])
        for b in ("then", "otherwise")
    )


def index_of(draft: dict[str, Any]) -> int:
    """The section being entered: this turn's, or the last one the side prints."""
    return int(min(draft["wanted"], draft["sections"] - 1))


def answer_of(draft: dict[str, Any]) -> dict[str, Any]:
    return {"sections": draft["sections"], "section": draft["section"]}


def problems(draft: dict[str, Any]) -> list[Msg | str]:
    """What stops the section from being saved (an empty list: it can be)."""
    section = draft["section"]
    if section.get("end") is None:
        return ["end"]
    if draft.get("pending"):
        return ["pending"]
    try:
        validate_section(section, draft["rows"])
    except DeckError as error:
        return [reason(error)]
    return []


def _cubes(section: dict[str, Any], space: str) -> int:
    return sum(e["cubes"] for e in section["influence"] if e["space"] == space)


def _set_cubes(section: dict[str, Any], space: str, cubes: int) -> None:
    entries = [e for e in section["influence"] if e["space"] != space]
    if cubes:
        position = next(
            (i for i, e in enumerate(section["influence"]) if e["space"] == space), len(entries)
        )
        entries.insert(position, {"space": space, "cubes": cubes})
    section["influence"] = entries


def _tap_space(draft: dict[str, Any], space: str) -> None:
    section = draft["section"]
    if not Layout(tuple(draft["rows"])).has(space):
        raise EntryError(msg("space {space} is off the board", space=space))
    if draft["mode"] == "end":
        section["end"] = space
        draft["mode"] = "cycle"
        return
    if space == HARBOR:
        raise EntryError(msg("the Harbor only takes the end space"))
    advancement = space in section["advancements"]
    if draft["mode"] == "advancement":
        if advancement:
            section["advancements"].remove(space)
        elif len(section["advancements"]) < 2:
            section["advancements"].append(space)
        return
    # the cycle: nothing → advancement → 1 → 2 → 3 cubes → nothing
    cubes = _cubes(section, space)
    if not advancement and cubes == 0:
        if len(section["advancements"]) < 2:
            section["advancements"].append(space)
        else:
            _set_cubes(section, space, 1)
    elif advancement and cubes == 0:
        section["advancements"].remove(space)
        _set_cubes(section, space, 1)
    elif cubes < 3:
        _set_cubes(section, space, cubes + 1)
    else:
        _set_cubes(section, space, 0)
        if advancement:
            section["advancements"].remove(space)


def _target(draft: dict[str, Any]) -> list[dict[str, Any]]:
    """Where a new effect goes: the right side, or the open 'if at least N' branch."""
    effects: list[dict[str, Any]] = draft["section"]["effects"]
    if draft.get("branch") and effects and effects[-1]["type"] == "if_cannons":
        return effects[-1][draft["branch"]]  # type: ignore[no-any-return]
    draft["branch"] = None
    return effects


PICKED = ("coins", "repair", "if_cannons", "build", "produce", "upgrade", "attack", "after_turn")


def _add(draft: dict[str, Any], form: dict[str, str]) -> None:
    kind = form.get("effect", "")
    pending = draft.get("pending") or {}
    if pending and pending.get("type") != kind:
        pending = {}
    if kind in SIMPLE:
        _target(draft).append({"type": kind})
    elif kind in NUMBERS:
        field, allowed = NUMBERS[kind]
        value = _int(form.get("value"), allowed)
        if kind == "if_cannons":
            if draft.get("branch"):
                raise EntryError(msg("an 'if at least N cubes' cannot hold another"))
            draft["section"]["effects"].append(
                {"type": "if_cannons", "at_least": value, "then": [], "otherwise": []}
            )
            draft["branch"] = "then"
        else:
            _target(draft).append({"type": kind, field: value})
    elif kind == "build":
        building = form.get("value")
        if building not in ("fort", "garrison", "outpost"):
            raise EntryError(msg("unknown building"))
        _target(draft).append({"type": "build", "building": building})
    elif kind == "produce":
        _target(draft).append({"type": "produce", "islands": _int(form.get("value"), (1, 2))})
    elif kind == "upgrade":
        if "level" not in pending:
            draft["pending"] = {"type": "upgrade", "level": _int(form.get("value"), range(1, 5))}
            return
        _target(draft).append(
            {
                "type": "upgrade",
                "level": pending["level"],
                "cannons": _int(form.get("value"), range(0, 5)),
            }
        )
    elif kind == "attack":
        if "bonus" not in pending:
            draft["pending"] = {"type": "attack", "bonus": _int(form.get("value"), range(0, 7))}
            return
        effect = {"type": "attack", "bonus": pending["bonus"]}
        if form.get("value") == "unless_in_harbor":
            effect["unless_in_harbor"] = True
        _target(draft).append(effect)
    elif kind == "after_turn":
        if "coins" not in pending:
            draft["pending"] = {
                "type": "after_turn",
                "coins": _int(form.get("value"), range(0, 11)),
            }
            return
        cargo = _int(form.get("value"), range(0, 11))
        effect = {"type": "after_turn"}
        if pending["coins"]:
            effect["coins"] = pending["coins"]
        if cargo:
            effect["cargo"] = cargo
        if len(effect) == 1:
            raise EntryError(msg("an after-turn placement puts at least 1 coin or cargo"))
        _target(draft).append(effect)
    else:
        raise EntryError(msg("unknown icon"))
    draft["pending"] = None


def _int(raw: str | None, allowed: Any) -> int:
    try:
        value = int(raw or "")
    except ValueError:
        raise EntryError(msg("a number is needed")) from None
    if value not in allowed:
        raise EntryError(msg("that number is not printed on such an icon"))
    return value


def edit(draft: Any, form: dict[str, str]) -> dict[str, Any]:
    """Apply one tap of the editor to the draft; EntryError for a tap that cannot be."""
    draft = checked_draft(draft)
    op = form.get("op", "")
    section = draft["section"]
    if op == "space":
        _tap_space(draft, form.get("space", ""))
    elif op == "mode":
        if form.get("value") not in MODES:
            raise EntryError(msg("unknown entry mode"))
        draft["mode"] = form["value"]
    elif op == "toggle":
        if form.get("value") not in ("top", "bottom"):
            raise EntryError(msg("unknown conditional icon"))
        section[form["value"]] = not section[form["value"]]
    elif op == "add":
        _add(draft, form)
    elif op == "branch":
        if form.get("value") not in ("then", "otherwise", "close"):
            raise EntryError(msg("unknown branch"))
        draft["branch"] = None if form["value"] == "close" else form["value"]
        _target(draft)
    elif op == "pick":  # an icon that needs its number (or building…) next
        if form.get("effect") not in PICKED:
            raise EntryError(msg("unknown icon"))
        draft["pending"] = {"type": form["effect"]}
    elif op == "cancel":
        draft["pending"] = None
    elif op == "remove":
        if section["effects"]:
            last = section["effects"][-1]
            if last["type"] == "if_cannons" and draft.get("branch") and last[draft["branch"]]:
                last[draft["branch"]].pop()
            else:
                section["effects"].pop()
                draft["branch"] = None
    elif op == "sections":
        if draft.get("fixed_count"):
            raise EntryError(msg("this side's number of sections is known"))
        draft["sections"] = _int(form.get("value"), range(1, 9))
    elif op == "clear":
        draft["section"] = blank_section()
        draft["branch"] = draft["pending"] = None
    else:
        raise EntryError(msg("unknown tap"))
    return draft


def view(draft: dict[str, Any]) -> dict[str, Any]:
    """What the editor shows: each space's marks, the preview, what is missing."""
    section = draft["section"]
    rows = draft["rows"]
    spaces = {
        space: {
            "advancement": space in section["advancements"],
            "cubes": _cubes(section, space),
            "end": section.get("end") == space,
        }
        for space in Layout(tuple(rows)).all_spaces()
    }
    preview = dict(section, end=section.get("end") or "")
    return {
        "draft": draft,
        "spaces": spaces,
        "columns": [
            [f"{r}.{s}" for s in range(1, count + 1)] for r, count in enumerate(rows, start=1)
        ],
        "preview": preview,
        "index": index_of(draft),
        "problems": problems(draft),
        "answer": answer_of(draft),
        "numbers": {kind: list(allowed) for kind, (_, allowed) in NUMBERS.items()},
    }
