"""The Bandits' web side: the map, the counters, the options; no cards."""

from __future__ import annotations

from ...engine import msg
from ..pages import Amount, BotPages, Figure, Templates, figure
from .state import BanditsState
from .view import BanditsView, bandits_view, character_initials


def key_figures(state: BanditsState, view: BanditsView) -> list[Figure]:
    """The score (shared, or each player's in versus) against the Score Board's end, the
    Bandit Tracker against its end, and the Land tiles left in the pile."""
    p = view.panel
    if state.shared_score:
        score = figure(msg("Score"), "star", state.scores[0] if state.scores else 0, of=p.score_end)
    else:
        initials = character_initials(state.names)
        score = Figure(
            msg("Scores"),
            "star",
            tuple(
                Amount(state.score_of(i), msg("{name}", name=name), initials[i])
                for i, name in enumerate(state.names)
            ),
            p.score_end,
        )
    return [
        score,
        figure(msg("Bandit Tracker"), "bd-bandit", p.tracker, of=p.bandit_end),
        figure(msg("Tiles left"), "bd-land", p.pile),
    ]


PAGES = BotPages[BanditsView](
    icon="bd-bandit",
    templates=Templates(
        options="bandits/_options.html",
        board="bandits/_board.html",
        state="bandits/_state.html",
        extras="bandits/_extras.html",
    ),
    view=bandits_view,
    icons="bandits/_icons.html",
    stylesheet="bandits.css",
    figures=key_figures,
)
