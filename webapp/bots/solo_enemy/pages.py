"""The Solo Enemy's web side: its templates, its view, the lobby's typed-in factions,
the entry forms of a card and of a faction's board."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import Msg, msg
from ..pages import BotPages, EntryEditor, Figure, FormFields, Templates, figure
from .cards import ACTION_NAMES, DIRECTION_NAMES
from .entry import form_values
from .faction import KNOWN_FACTIONS, RESOURCE_NAMES, UNIT_NAMES, faction_name, profile_fields
from .rules import MAX_RESOURCE
from .state import EnemyState
from .view import COMPASS_POINTS, CompassPoint, EnemyPageView, enemy_view

OTHER = "other"  # the lobby's "Another faction…": its name is typed in
TYPED_LENGTH = 200  # the other factions, typed in one field


@dataclass(frozen=True, kw_only=True)
class SoloEnemyPages(BotPages[EnemyPageView]):
    """Its pages, and the names its templates draw with in every region (the lobby, the
    game, the card library, the entry forms)."""

    factions: Mapping[str, Msg] = field(default_factory=lambda: KNOWN_FACTIONS)  # the lobby's
    action_names: Mapping[str, Msg] = field(default_factory=lambda: ACTION_NAMES)
    direction_names: Mapping[str, Msg] = field(default_factory=lambda: DIRECTION_NAMES)
    compass_points: tuple[CompassPoint, ...] = tuple(COMPASS_POINTS)
    resource_names: Mapping[str, Msg] = field(default_factory=lambda: RESOURCE_NAMES)
    unit_names: Mapping[str, Msg] = field(default_factory=lambda: UNIT_NAMES)


def typed_names(text: str) -> list[str]:
    """Names typed in one field, separated by commas."""
    if len(text) > TYPED_LENGTH:
        raise ValueError(msg("the other factions are a short list of names"))
    return [name.strip() for name in text.split(",") if name.strip()]


def read_form(form: FormFields, options: dict[str, Any]) -> dict[str, Any]:
    """ "Another faction…" is the name typed in `you_other`; the factions ticked and
    those typed in `other_factions` are the factions you own."""
    if options.get("you") == OTHER:
        typed = typed_names(form.get("you_other") or "")
        if not typed:
            raise ValueError(msg("type the name of your faction"))
        options["you"] = typed[0]
    named = [*options.get("factions", []), *typed_names(form.get("other_factions") or "")]
    seen: set[str] = set()
    factions = []
    for name in named:  # a faction ticked and typed in again is one faction
        if name.casefold() not in seen:
            seen.add(name.casefold())
            factions.append(name)
    if factions:
        options["factions"] = factions
    return options


def start_entry(draft: Any, kept: Any = None) -> dict[str, Any]:
    """The costs printed on a faction's board (as entered last time, if kept), or one
    Solo Action Card."""
    if draft.get("kind") == "faction":
        return {
            "kind": "faction",
            "faction": faction_name(draft["faction"]),
            "fields": profile_fields(kept),
            "kept": kept is not None,
        }
    tactics = list(draft.get("tactics") or [])
    return {
        "kind": "card",
        "card": draft["card"],
        "tactics": tactics,
        "values": form_values(draft.get("existing"), tactics),
    }


def key_figures(state: EnemyState, view: EnemyPageView) -> list[Figure]:
    """Its VP and the Resources every cost of its actions is paid from (never past 10)."""
    return [
        figure(msg("VP"), "star", state.total_vp),
        *(figure(name, key, amount, of=MAX_RESOURCE) for key, name, amount in view.resources),
    ]


def cards_entered(progress: Mapping[str, int]) -> Msg:
    return msg("{complete} of {n} cards", complete=progress["complete"], n=progress["card_total"])


PAGES = SoloEnemyPages(
    icon="crown",
    templates=Templates(
        options="solo_enemy/_options.html",
        board="solo_enemy/_board.html",
        state="solo_enemy/_state.html",
        extras="solo_enemy/_extras.html",
        card="solo_enemy/_card.html",
        entry="solo_enemy/_entry.html",
        library_card="solo_enemy/_library_card.html",
        library_deck="solo_enemy/_library_deck.html",
    ),
    view=enemy_view,
    read_form=read_form,
    entry=EntryEditor(start=start_entry),
    progress_text=cards_entered,
    icons="solo_enemy/_icons.html",
    stylesheet="solo_enemy.css",
    figures=key_figures,
)
