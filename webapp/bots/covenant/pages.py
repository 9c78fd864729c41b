"""The Covenant's web side: its templates, its view, its quick-entry editor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import msg
from ..pages import Amount, BotPages, EntryEditor, Figure, Templates
from . import entry
from .state import CovenantAI, CovenantState
from .view import CovenantPageView, covenant_view


def card_inputs(state: CovenantState, view: CovenantPageView) -> Any:
    """What the card region draws (covenant/_card.html)."""
    names = [covenant.name for covenant in view.ais]
    return (
        view.card,
        view.current,
        view.acting,
        names,
        state.active,
        state.rows,
        state.ai.cards_left(),
    )


def board_inputs(state: CovenantState, view: CovenantPageView) -> Any:
    """What the board region draws (covenant/_board.html): not the Covenants' coins."""
    owners = [(covenant.name, covenant.ai.player) for covenant in view.ais]
    return (view.board, view.section, view.acting, owners, view.players, state.rows)


def state_inputs(state: CovenantState, view: CovenantPageView) -> Any:
    """What the state panel draws (covenant/_state.html): the state, not the deck (tens
    of KB, which the digest would otherwise go through at every tap)."""
    return state


# Solo rulebook: a 5th damage sinks it ("Garrison damage", "Sinking"); the game ends
# when a Covenant (or a player) has 4 Achievements ("Achievements & end game scoring").
DAMAGE_TO_SINK = 5
ACHIEVEMENTS_TO_END = 4


def key_figures(state: CovenantState, view: CovenantPageView) -> list[Figure]:
    """Its coins, Dock cargo, damage and Achievements; in 2 vs 2 each Covenant's, marked
    with its player's initial as the board marks its Ship."""
    both = len(view.ais) > 1

    def amounts(value: Callable[[CovenantAI], int]) -> tuple[Amount, ...]:
        return tuple(
            Amount(
                value(c.ai),
                c.name if both else None,
                state.players[c.ai.player][:1] if both else None,
            )
            for c in view.ais
        )

    return [
        Figure(msg("Coins"), "coin", amounts(lambda ai: ai.coins)),
        Figure(msg("Cargo"), "cargo", amounts(lambda ai: ai.cargo)),
        Figure(msg("Damage"), "damage", amounts(lambda ai: ai.damage), DAMAGE_TO_SINK),
        Figure(
            msg("Achievements"), "star", amounts(lambda ai: len(ai.claimed)), ACHIEVEMENTS_TO_END
        ),
    ]


def start_entry(draft: Any, kept: Any = None) -> dict[str, Any]:
    """The editor's first draft: one section of one side of a card (`deck_entry`)."""
    return entry.new_draft(**draft)


PAGES = BotPages[CovenantPageView](
    icon="ship",
    templates=Templates(
        options="covenant/_options.html",
        board="covenant/_board.html",
        state="covenant/_state.html",
        extras="covenant/_extras.html",
        card="covenant/_card.html",
        entry="covenant/_entry.html",
        library_card="covenant/_library_card.html",
        library_deck="covenant/_library_deck.html",
    ),
    view=covenant_view,
    entry=EntryEditor(start=start_entry, edit=entry.edit, view=entry.view),
    icons="covenant/_icons.html",
    stylesheet="covenant.css",
    fragment_inputs={"card": card_inputs, "board": board_inputs, "state": state_inputs},
    figures=key_figures,
)
