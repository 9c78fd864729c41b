"""The Bandits' web side: the map, the counters, the options; no cards."""

from __future__ import annotations

from ..pages import BotPages, Templates
from .view import BanditsView, bandits_view

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
)
