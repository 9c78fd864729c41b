"""Quick entry of a Deacon card, and of any printed list of effects.

The form sends the card's 3 Islands (`island1`..`island3`, as typed) and either its
effects as one line in printed order, or (a Ship card) its power and an optional name
(fields `entry.<name>`). The line of effects is a comma list:

    research,symbols:2+1,deploy,vp:3

`symbols:2+1` is a "1 VP per symbol type" effect showing 2 symbols of one type and 1
of another; `vp:3` is 3 plain VP (never on a card: Oxygen Tanks, the score track,
Seafloor tiles and Crew bonuses print them). The same line, or a JSON list of effects,
is what a Seafloor tile, an Oxygen Tank, a score-track effect or a Crew bonus is
entered as.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.text import Msg, msg, reason
from .. import whole_cards
from .cards import (
    BOT_ID,
    CARD_EFFECTS,
    EFFECTS,
    MAX_EFFECTS,
    DeckError,
    card_ids,
    card_kind,
    deck_schema,
    demo_deck,
    validate_card,
    validate_deck,
    validate_effects,
)

ISLAND_FIELDS = ("island1", "island2", "island3")
FORM_FIELDS = (*ISLAND_FIELDS, "effects", "power", "name")
# Plain effects are typed by their name; these two carry a count after a colon.
_PLAIN = tuple(e for e in CARD_EFFECTS if e != "symbols")
_EXAMPLES = {"symbols": "symbols:2+1", "vp": "vp:3"}
MAX_SYMBOL_TYPES, MAX_SYMBOLS, MAX_VP = 4, 5, 10


class EntryError(ValueError):
    pass


def parse_effects(
    text: str, *, allow_vp: bool = True, field: str = "effects"
) -> list[dict[str, Any]]:
    """The comma line as effect objects (not checked against the schema yet); an
    empty line is an empty list."""
    effects: list[dict[str, Any]] = []
    items = [item.strip().casefold() for item in text.split(",")]
    for position, item in enumerate((i for i in items if i), start=1):
        name, colon, count = (part.strip() for part in item.partition(":"))
        where = msg("field '{field}', effect {n} ({item})", field=field, n=position, item=item)
        if name == "symbols":
            effects.append({"effect": "symbols", "symbols": _symbols(count, where)})
        elif name == "vp" and allow_vp:
            effects.append({"effect": "vp", "n": _count(count, where, MAX_VP)})
        elif name in _PLAIN and not colon:
            effects.append({"effect": name})
        elif name in _PLAIN:
            raise EntryError(msg("{where}: nothing follows '{name}'", where=where, name=name))
        elif name == "vp":
            raise EntryError(
                msg("{where}: plain VP are never printed on a Deacon card", where=where)
            )
        else:
            known = ", ".join(_EXAMPLES.get(e, e) for e in _known(allow_vp))
            raise EntryError(
                msg("{where}: not an effect; one of {known}", where=where, known=known)
            )
    return effects


def _known(allow_vp: bool) -> tuple[str, ...]:
    return EFFECTS if allow_vp else CARD_EFFECTS


def _count(text: str, where: Msg, high: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= high:
        raise EntryError(
            msg("{where}: a whole number from 1 to {high} after the colon", where=where, high=high)
        )
    return int(text)


def _symbols(text: str, where: Msg) -> list[int]:
    """`2+1`: how many symbols of each type are shown."""
    counts = [part.strip() for part in text.split("+")] if text else []
    if not 1 <= len(counts) <= MAX_SYMBOL_TYPES:
        raise EntryError(
            msg(
                "{where}: the symbols of each type, 1 to {limit} types, as symbols:2+1",
                where=where,
                limit=MAX_SYMBOL_TYPES,
            )
        )
    return [_count(c, where, MAX_SYMBOLS) for c in counts]


def effects_text(effects: list[dict[str, Any]]) -> str:
    """Effect objects as the comma line the form shows: `research,symbols:2+1,vp:3`."""
    items = []
    for effect in effects:
        if effect["effect"] == "symbols":
            items.append("symbols:" + "+".join(str(n) for n in effect["symbols"]))
        elif effect["effect"] == "vp":
            items.append(f"vp:{effect['n']}")
        else:
            items.append(effect["effect"])
    return ",".join(items)


def _checked_effects(raw: Any, *, allow_vp: bool, field: str) -> list[dict[str, Any]]:
    """A comma line, or a list of effect objects (or of comma items), checked."""
    if isinstance(raw, str):
        effects: Any = parse_effects(raw, allow_vp=allow_vp, field=field)
    elif isinstance(raw, list):
        effects = []
        for item in raw:
            text = isinstance(item, str)
            effects += parse_effects(item, allow_vp=allow_vp, field=field) if text else [item]
    else:
        raise EntryError(msg("field '{field}': a list of effects is needed", field=field))
    if not effects:
        raise EntryError(
            msg("field '{field}': type the effects, as research,symbols:2+1", field=field)
        )
    if len(effects) > MAX_EFFECTS:
        raise EntryError(
            msg("field '{field}': at most {limit} effects", field=field, limit=MAX_EFFECTS)
        )
    try:
        return validate_effects(effects, allow_vp=allow_vp, field=field)
    except DeckError as error:
        raise EntryError(reason(error)) from None


def effects_check(allow_vp: bool = True) -> Callable[[Any], list[dict[str, Any]]]:
    """What an entered list of effects must look like (a Seafloor tile, an Oxygen Tank,
    a score-track effect, a Crew bonus): the comma line, a JSON list of effects, or
    the form's field `effects` holding either."""

    def check(raw: Any) -> list[dict[str, Any]]:
        if isinstance(raw, dict):
            unknown = sorted(set(raw) - {"effects"})
            if unknown:
                raise EntryError(
                    msg("field '{unknown}': there is no such field", unknown=unknown[0])
                )
            raw = raw.get("effects", "")
        return _checked_effects(raw, allow_vp=allow_vp, field="effects")

    return check


def _island(fields: dict[str, Any], name: str) -> int:
    raw = fields.get(name)
    text = str(raw).strip() if raw is not None and not isinstance(raw, bool) else ""
    if not text:
        raise EntryError(msg("field '{name}': type the Island's number", name=name))
    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise EntryError(msg("field '{name}': an Island's number, from 1 to 99", name=name))
    return int(text)


def card_from_form(card_id: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The card the form describes; its effects are checked here, the rest after."""
    unknown = sorted(set(fields) - set(FORM_FIELDS))
    if unknown:
        raise EntryError(msg("field '{unknown}' is not on a Deacon card", unknown=unknown[0]))
    islands = [_island(fields, name) for name in ISLAND_FIELDS]
    for position in (1, 2):
        if islands[position] in islands[:position]:
            raise EntryError(
                msg(
                    "field 'island{n}': Island {island} is already on this card; "
                    "the 3 Islands are all different",
                    n=position + 1,
                    island=islands[position],
                )
            )
    card: dict[str, Any] = {"id": card_id, "islands": islands}
    power = str(fields.get("power") or "").strip()
    effects = fields.get("effects") or ""
    if card_kind(card_id) == "ship":
        if effects:
            raise EntryError(msg("field 'effects': a Ship card prints a power, not effects"))
        if not power:
            raise EntryError(msg("field 'power': choose the Ship's power"))
        card["power"] = power
        name = str(fields.get("name") or "").strip()
        if name:
            card["name"] = name
        return card
    if power:
        raise EntryError(msg("field 'power': only a Ship card prints a power"))
    if str(fields.get("name") or "").strip():
        raise EntryError(msg("field 'name': only a Ship card has a name"))
    card["effects"] = _checked_effects(effects, allow_vp=False, field="effects")
    return card


def card_check(card_id: str) -> Callable[[Any], dict[str, Any]]:
    """What an entered card must look like: the form's fields, or a card as JSON."""
    card_kind(card_id)  # an unknown card is a mistake of the caller, not of the table
    return whole_cards.card_check(
        card_id,
        from_form=card_from_form,
        whole_card_field="islands",
        validate=validate_card,
        error=EntryError,
    )


def form_values(card: dict[str, Any] | None) -> dict[str, str]:
    """What each field of the form shows: a card entered before, or blanks."""
    values = dict.fromkeys(FORM_FIELDS, "")
    if card is not None:
        values.update(zip(ISLAND_FIELDS, (str(n) for n in card["islands"]), strict=True))
        values["effects"] = effects_text(card.get("effects", []))
        values["power"] = card.get("power", "")
        values["name"] = card.get("name", "")
    return values


#: Deacon's deck of whole cards (`Bot.cards`): its deck files and card library
DEACON_DECK = whole_cards.WholeCards(
    BOT_ID,
    schema=deck_schema,
    demo=demo_deck,
    validate=validate_deck,
    card_ids=card_ids,
    card_check=card_check,
)
