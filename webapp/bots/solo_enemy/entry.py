"""Quick entry of a Solo Action Card: one form, a tap per printed feature.

The card's action, whether it may be Followed, its compass direction, its
Strength and its two Tactic Cards are radio buttons and one optional text field:
the whole card is sent at once (fields `entry.<name>`) and checked here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.text import msg
from .. import whole_cards
from .cards import (
    BOT_ID,
    card_numbers,
    deck_schema,
    demo_deck,
    tactic_names,
    validate_card,
    validate_deck,
)

OTHER = "__other__"  # the tactic is typed in, not one of the names offered
FORM_FIELDS = ("action", "follow", "compass", "strength", "attacking", "defending")


class EntryError(ValueError):
    pass


def card_from_form(card_id: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The card the form describes (not checked yet)."""
    missing = [name for name in FORM_FIELDS if fields.get(name) in (None, "")]
    if missing:
        raise EntryError(msg("field '{missing}': choose what the card shows", missing=missing[0]))
    tactics = {}
    for role in ("attacking", "defending"):
        name = fields[role]
        if name == OTHER:
            name = str(fields.get(f"{role}_other", "")).strip()
            if not name:
                raise EntryError(
                    msg("field '{role}_other': type the Tactic Card's name", role=role)
                )
        tactics[role] = str(name).strip()
    try:
        strength = int(str(fields["strength"]))
    except ValueError:
        raise EntryError(msg("field 'strength': a whole number is needed")) from None
    follow = fields["follow"]
    if follow not in (True, False, "yes", "no"):
        raise EntryError(msg("field 'follow': yes or no"))
    return {
        "id": card_id,
        "action": fields["action"],
        "follow": follow in (True, "yes"),
        "compass": fields["compass"],
        "strength": strength,
        "tactics": tactics,
    }


def card_check(card_id: str) -> Callable[[Any], dict[str, Any]]:
    """What an entered card must look like: the form's fields, or a card as JSON."""
    return whole_cards.card_check(
        card_id,
        from_form=card_from_form,
        whole_card_field="tactics",
        validate=validate_card,
        error=EntryError,
    )


def form_values(card: dict[str, Any] | None, tactics: list[str]) -> dict[str, Any]:
    """What each field of the form shows: a card entered before, or nothing chosen."""
    if card is None:
        return {"attacking_other": "", "defending_other": ""}
    values: dict[str, Any] = {
        "action": card["action"],
        "follow": "yes" if card["follow"] else "no",
        "compass": card["compass"],
        "strength": str(card["strength"]),
    }
    for role in ("attacking", "defending"):
        name = card["tactics"][role]
        values[role] = name if name in tactics else OTHER
        values[f"{role}_other"] = "" if name in tactics else name
    return values


#: The Solo Enemy's deck of whole cards (`Bot.cards`): its deck files and card library;
#: the quick-entry form offers the Tactic Cards the deck names
ENEMY_DECK = whole_cards.WholeCards(
    BOT_ID,
    schema=deck_schema,
    demo=demo_deck,
    validate=validate_deck,
    card_ids=card_numbers,
    card_check=card_check,
    entry_draft=lambda deck: {"tactics": tactic_names(deck)},
)
