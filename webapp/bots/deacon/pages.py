"""Deacon's web side: its templates, its view, the names its templates draw with, and
its quick-entry editor (a card, a list of effects, a printed part)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import Msg, msg
from ..pages import BotPages, EntryEditor, Figure, Templates, figure
from .board_editor import BOARD_EDITOR
from .cards import ADVANCED, BASIC, EFFECT_NAMES, POWER_NAMES, SHIPS, card_label
from .components import COLOUR_NAMES, COLOURS
from .editor import edit_entry, entry_view, start_entry
from .part_forms import EFFECTS_HINT, PART_FORMS, PartForm
from .state import DeaconState
from .view import (
    EFFECT_LABELS,
    POWER_EFFECTS,
    DeaconPageView,
    EffectView,
    card_view,
    deacon_view,
    effect_views,
    lit,
)

CARD_GROUPS: tuple[tuple[Msg, tuple[str, ...]], ...] = (
    (msg("Basic cards"), BASIC),
    (msg("Advanced cards"), ADVANCED),
    (msg("Ship cards"), SHIPS),
)
# What a bare list of effects is (the ENTRY draft's `what`).
REWARD_NAMES = {
    "tile": msg("The Seafloor tile above its Diver"),
    "tank": msg("The Oxygen Tank it reached"),
    "bonus": msg("The bonus printed under its Crew tile"),
}


@dataclass(frozen=True, kw_only=True)
class DeaconPages(BotPages[DeaconPageView]):
    """Its pages, and the names its templates draw with (the game, the card library, the
    entry forms)."""

    effect_names: Mapping[str, Msg] = field(default_factory=lambda: EFFECT_NAMES)
    effect_labels: Mapping[str, Msg] = field(default_factory=lambda: EFFECT_LABELS)
    power_names: Mapping[str, Msg] = field(default_factory=lambda: POWER_NAMES)
    power_effects: Mapping[str, list[EffectView]] = field(default_factory=lambda: POWER_EFFECTS)
    colour_names: Mapping[str, Msg] = field(default_factory=lambda: COLOUR_NAMES)
    part_colours: tuple[str, ...] = COLOURS
    part_forms: Mapping[str, PartForm] = field(default_factory=lambda: PART_FORMS)
    reward_names: Mapping[str, Msg] = field(default_factory=lambda: REWARD_NAMES)
    effects_hint: Msg = EFFECTS_HINT
    card_groups: tuple[tuple[Msg, tuple[str, ...]], ...] = CARD_GROUPS
    card_label: Callable[[str], Msg] = card_label
    #: a card of a deck (a dict) → its `CardView`, as the library draws it
    card_view: Callable[..., Any] = card_view
    effect_views: Callable[..., Any] = effect_views
    #: `(bot_view, extras)` → the view lit by the step being asked (`extras["highlight"]`)
    lit: Callable[..., Any] = lit


def key_figures(state: DeaconState, view: DeaconPageView) -> list[Figure]:
    """Its VP, its Research and Diver (how far along their tracks, once printed), and the
    Reef Balls it has left to place."""
    p = view.panel
    return [
        figure(msg("VP"), "star", p.vp),
        figure(msg("Research"), "dc-research", p.research, of=p.research_spaces),
        figure(msg("Diver"), "dc-diver", p.diver or None, of=p.diver_steps if p.diver else None),
        figure(msg("Reef Balls left"), "dc-ball", p.reef_left),
    ]


def cards_entered(progress: Mapping[str, int]) -> Msg:
    return msg("{complete} of {n} cards", complete=progress["complete"], n=progress["card_total"])


PAGES = DeaconPages(
    icon="dc-ball",
    templates=Templates(
        options="deacon/_options.html",
        board="deacon/_board.html",
        state="deacon/_state.html",
        extras="deacon/_extras.html",
        card="deacon/_card.html",
        entry="deacon/_entry.html",
        library_card="deacon/_library_card.html",
        library_deck="deacon/_library_deck.html",
    ),
    view=deacon_view,
    entry=EntryEditor(start=start_entry, edit=edit_entry, view=entry_view),
    progress_text=cards_entered,
    icons="deacon/_icons.html",
    stylesheet="deacon.css",
    board_editor=BOARD_EDITOR,
    figures=key_figures,
)
