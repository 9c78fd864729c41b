"""The Bandits' counters the player may correct by hand (`Bot.corrections`): the Bandit
Tracker, the score (or each character's), the Land tiles left; a tile is corrected by
tapping it on the map."""

from __future__ import annotations

from ...engine import Correction, Corrections, msg
from .state import BanditsState


class BanditsCorrections(Corrections[BanditsState]):
    def offered(self, state: BanditsState) -> list[Correction]:
        longest = 200 if state.board is None else max(state.board.score_end, state.board.bandit_end)
        fixes = [Correction("tracker", msg("Bandit Tracker"), 0, longest)]
        if state.shared_score:
            fixes.append(Correction("score", msg("Score"), 0, longest))
        else:
            fixes += [
                Correction(f"score_{i}", msg("{name}'s score", name=state.names[i]), 0, longest)
                for i in state.living
            ]
        fixes.append(Correction("pile", msg("Land tiles left in the pile"), 0, 200))
        return fixes

    def correct(self, state: BanditsState, field: str, value: int) -> None:
        if field == "tracker":
            state.tracker = value
        elif field == "pile":
            state.pile = value
        elif field == "score":
            state.scores[0] = value
        elif field.startswith("score_"):
            state.scores[int(field.removeprefix("score_"))] = value
        else:
            raise ValueError(msg("unknown counter {field}", field=repr(field)))
