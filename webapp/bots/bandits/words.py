"""What the map's changes say, in the players' words (the notes under a step)."""

from __future__ import annotations

from ...engine import Msg, msg, nmsg
from .land import PileOut
from .state import BanditsState
from .stepkit import names


def pile_out_said(state: BanditsState, out: PileOut) -> Msg:
    """ "If there are no more tiles to reveal. Remove the Eastmost row on the board, and
    anything on them. Shuffle them to create a new Land Draw deck. If a player is on a
    removed Tile, they take an Exhaustion Card and move West to the nearest tile."."""
    said = nmsg(
        "The tile pile ran out: take the eastmost row off the map ({n} tile) with its "
        "bandits and shuffle it into a new pile.",
        "The tile pile ran out: take the eastmost row off the map ({n} tiles) with its "
        "bandits and shuffle them into a new pile.",
        len(out.cells),
    )
    if not out.moved:
        return said
    return msg(
        "{said} {who}: take an Exhaustion card; the meeple moves west to the nearest tile.",
        said=said,
        who=names(state, sorted(out.moved)),
    )
