"""Deacon's quick-entry editor: a card (its 3 islands, then its effects tapped in printed
order; a Ship card's power and name), a bare list of effects (a Seafloor tile's top
reward, an Oxygen Tank, a Crew bonus), or one printed part of its components.

The editor holds a draft that goes to the browser and back with each tap; the finished
entry is posted as form fields (`entry.island1..3`, `entry.effects` in the comma syntax
`research,symbols:2+1,deploy`, `entry.power`, `entry.name`, or a part's fields) and the
rules check it (`entry.py`, `components.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.text import msg
from .cards import CARD_EFFECTS, EFFECTS, MAX_EFFECTS
from .components import DEMO_COMPONENTS, part_fields
from .entry import ISLAND_FIELDS, MAX_SYMBOL_TYPES, MAX_SYMBOLS, MAX_VP, effects_text
from .part_forms import PART_FORMS
from .view import EffectView, effect_views

CARD, EFFECTS_KIND, COMPONENTS = "card", "effects", "components"
KINDS = (CARD, EFFECTS_KIND, COMPONENTS)
# A reward (a Seafloor tile, an Oxygen Tank, a Crew bonus) may print plain VP, never a
# reshuffle, which only its cards print.
REWARD_EFFECTS = tuple(e for e in EFFECTS if e != "reshuffle")


def _effect_dict(effect: Mapping[str, Any]) -> dict[str, Any]:
    """An effect of a card or a reward, as the deck file writes it."""
    name = str(effect.get("effect", ""))
    if name == "symbols":
        return {"effect": name, "symbols": [int(n) for n in effect.get("symbols") or []]}
    if name == "vp":
        return {"effect": name, "n": int(effect.get("n", 1))}
    return {"effect": name}


def start_entry(draft: Any, kept: Any = None) -> dict[str, Any]:
    """The editor's first draft from the rules' ENTRY draft (or a library card's
    `deck_entry`): what was entered before, or what was kept from the last game."""
    draft = dict(draft or {})
    kind = draft.get("kind", CARD)
    if kind == COMPONENTS:
        part = str(draft.get("part", ""))
        return {
            "kind": COMPONENTS,
            "part": part,
            "fields": part_fields(part, kept),
            "kept": kept is not None,
            # only a game that plays invented values by name offers them
            "offer_demo": bool(draft.get("demo")),
        }
    if kind == EFFECTS_KIND:
        return {
            "kind": EFFECTS_KIND,
            "what": str(draft.get("what") or ""),
            "effects": [_effect_dict(e) for e in draft.get("effects") or []],
            "pending": None,
        }
    existing = draft.get("existing") or {}
    card = str(draft.get("card") or existing.get("id") or "")
    islands = [str(n) for n in existing.get("islands") or []]
    return {
        "kind": CARD,
        "card": card,
        "ship": card.startswith("S"),
        "islands": (islands + ["", "", ""])[:3],
        "effects": [_effect_dict(e) for e in existing.get("effects") or []],
        "power": existing.get("power") or "",
        "name": existing.get("name") or "",
        "pending": None,
    }


def _checked_draft(draft: Any) -> dict[str, Any]:
    """The draft the browser sent back, or ValueError: it is not one of ours."""
    if not isinstance(draft, dict) or draft.get("kind") not in KINDS:
        raise ValueError(msg("not a Deacon entry"))
    if draft["kind"] == COMPONENTS:
        if draft.get("part") not in PART_FORMS or not isinstance(draft.get("fields"), dict):
            raise ValueError(msg("a part's fields are missing"))
        return draft
    effects = draft.get("effects")
    if not isinstance(effects, list) or len(effects) > MAX_EFFECTS:
        raise ValueError(msg("the effects are missing"))
    try:
        draft = {**draft, "effects": [_effect_dict(e) for e in effects]}
    except (TypeError, ValueError, AttributeError):
        raise ValueError(msg("an effect is not one")) from None
    allowed = CARD_EFFECTS if draft["kind"] == CARD else REWARD_EFFECTS
    if any(e["effect"] not in allowed for e in draft["effects"]):
        raise ValueError(msg("an effect is not one"))
    if draft.get("pending") not in (None, "symbols", "vp"):
        raise ValueError(msg("unknown pending effect"))
    if draft["kind"] == CARD:
        islands = draft.get("islands")
        if not isinstance(islands, list) or len(islands) != 3:
            raise ValueError(msg("the islands are missing"))
    return draft


def _symbols(draft: dict[str, Any]) -> list[int]:
    return [int(n) for n in draft.get("symbols") or []][:MAX_SYMBOL_TYPES]


def edit_entry(draft: Any, tap: dict[str, str]) -> dict[str, Any]:
    """One tap: add an effect (symbols and VP ask their numbers first), remove the last,
    start again. The islands typed so far come with every tap and are kept."""
    draft = _checked_draft(draft)
    if draft["kind"] == COMPONENTS:
        # The invented values, to start a game before reading the printed part.
        if tap.get("op") != "demo" or not draft.get("offer_demo"):
            raise ValueError(msg("unknown tap"))
        part = draft["part"]
        return {**draft, "fields": part_fields(part, DEMO_COMPONENTS[part]), "demo": True}
    if draft["kind"] == CARD:
        draft["islands"] = [
            tap.get(f"entry.{f}", draft["islands"][i])[:2] for i, f in enumerate(ISLAND_FIELDS)
        ]
        draft["power"] = tap.get("entry.power", draft.get("power", ""))[:40]
        draft["name"] = tap.get("entry.name", draft.get("name", ""))[:40]
    op, value = tap.get("op", ""), tap.get("value", "")
    effects: list[dict[str, Any]] = draft["effects"]
    allowed = CARD_EFFECTS if draft["kind"] == CARD else REWARD_EFFECTS
    if op == "add":
        if len(effects) >= MAX_EFFECTS:
            raise ValueError(msg("at most {limit} effects", limit=MAX_EFFECTS))
        if value not in allowed:
            raise ValueError(msg("not an effect"))
        if value == "symbols":
            draft.update(pending="symbols", symbols=[])
        elif value == "vp":
            draft["pending"] = "vp"
        else:
            effects.append({"effect": value})
    elif op == "symbol" and draft.get("pending") == "symbols":
        symbols = _symbols(draft)
        if len(symbols) >= MAX_SYMBOL_TYPES:
            raise ValueError(msg("at most {limit} symbol types", limit=MAX_SYMBOL_TYPES))
        symbols.append(_bounded(value, 1, MAX_SYMBOLS))
        draft["symbols"] = symbols
    elif op == "symbols_done" and draft.get("pending") == "symbols":
        if not _symbols(draft):
            raise ValueError(msg("tap how many symbols of each type first"))
        effects.append({"effect": "symbols", "symbols": _symbols(draft)})
        draft.update(pending=None, symbols=[])
    elif op == "vp" and draft.get("pending") == "vp":
        effects.append({"effect": "vp", "n": _bounded(value, 1, MAX_VP)})
        draft["pending"] = None
    elif op == "cancel":
        draft.update(pending=None, symbols=[])
    elif op == "remove":
        if effects:
            effects.pop()
    elif op == "clear":
        effects.clear()
        draft.update(pending=None, symbols=[])
    elif op != "islands":  # "islands": only keep what was typed
        raise ValueError(msg("unknown tap"))
    return draft


def _bounded(value: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ValueError(msg("not a number")) from None
    if not low <= number <= high:
        raise ValueError(msg("a number from {low} to {high}", low=low, high=high))
    return number


def entry_view(draft: dict[str, Any]) -> dict[str, Any]:
    """What the editor shows of a draft: its effects as drawn, the field the entered
    effects are posted in, and what is still missing before it can be saved."""
    draft = _checked_draft(draft)
    if draft["kind"] == COMPONENTS:
        return {"draft": draft}
    effects: list[EffectView] = effect_views(draft["effects"])
    missing = []
    if draft["kind"] == CARD and draft["ship"]:
        if not draft.get("power"):
            missing.append("power")
    elif not draft["effects"]:
        missing.append("effects")
    if draft.get("pending"):
        missing.append("pending")
    return {
        "draft": draft,
        "effects": effects,
        "text": effects_text(draft["effects"]),
        "palette": CARD_EFFECTS if draft["kind"] == CARD else REWARD_EFFECTS,
        "missing": missing,
        "symbols": _symbols(draft),
    }
