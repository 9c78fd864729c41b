"""Deacon's counters the player may correct by hand (`Bot.corrections`): its VP, its
tracks, Pollution tiles and Crew rows, the Reef Balls left, its Objective, its discard
pile and its Missions."""

from __future__ import annotations

from ...engine import Correction, Corrections, Msg, msg
from .state import DEACON, SIZES, YOU, DeaconState
from .steps_effects import colour


class DeaconCorrections(Corrections[DeaconState]):
    def offered(self, state: DeaconState) -> list[Correction]:
        found = [
            Correction("vp", LABELS["vp"], 0, 300),
            Correction("research", LABELS["research"], 1, track_length(state, "research")),
            Correction("diver", LABELS["diver"], 0, track_length(state, "seafloor")),
            Correction("milestones", LABELS["milestones"], 0, 10),
        ]
        found += [
            Correction(f"pollution_{s}", self.label(state, f"pollution_{s}"), 0, 10) for s in SIZES
        ]
        found += [
            Correction(f"crew{r}", self.label(state, f"crew{r}"), 1, 8)
            for r in range(len(state.crew))
        ]
        found += [
            Correction(f"column{c}", self.label(state, f"column{c}"), 0, 10)
            for c in range(len(state.reef.columns))
        ]
        if state.reef.initial is not None:
            found.append(Correction("initial", LABELS["initial"], 0, 10))
        # Its Objective status: 0 not drawn yet, 1 you had the least VP, 2 Deacon had.
        found.append(Correction("objective", LABELS["objective"], 0, 2))
        # Its discard pile, when the table's and Botdeck's disagree: the cards beyond the
        # number set go back under its deck.
        found.append(Correction("discard", LABELS["discard"], 0, len(state.cards.discard)))
        found += [
            Correction(f"missions_{t}", self.label(state, f"missions_{t}"), 0, 10)
            for t in state.components.get("missions", {}).get("types", [])
        ]
        return found

    def correct(self, state: DeaconState, field: str, value: int) -> None:
        if field == "vp":
            state.add_vp("corrected", value - state.total_vp)
        elif field in ("research", "diver", "milestones"):
            setattr(state, field, value)
        elif field.startswith("pollution_") and field[10:] in SIZES:
            state.pollution[field[10:]] = value
        elif field.startswith("crew") and field[4:].isdigit() and int(field[4:]) < len(state.crew):
            state.crew[int(field[4:])] = value
        elif (
            field.startswith("column")
            and field[6:].isdigit()
            and int(field[6:]) < len(state.reef.columns)
        ):
            state.reef.columns[int(field[6:])] = value
        elif field == "initial":
            state.reef.initial = value
        elif field == "objective":
            state.objective = (None, YOU, DEACON)[value]
        elif field == "discard":
            back = state.cards.discard[value:]
            state.cards.discard = state.cards.discard[:value]
            state.cards.cards += back
        elif field.startswith("missions_") and field[9:] in state.components.get(
            "missions", {}
        ).get("types", []):
            kind = field[9:]
            state.missions = [m for m in state.missions if m != kind] + [kind] * value
        else:
            raise ValueError(msg("unknown counter {field}", field=repr(field)))

    def label(self, state: DeaconState, field: str) -> Msg:
        if field.startswith("pollution_"):
            return POLLUTION_LABELS[field[10:]]
        if field.startswith("crew"):
            return msg("Crew tiles in row {n}", n=int(field[4:]) + 1)
        if field.startswith("missions_"):
            return msg("Its {colour} Missions", colour=colour(field[9:]))
        if field.startswith("column"):
            return msg("Reef Balls left in column {n}", n=int(field[6:]) + 1)
        return LABELS.get(field, Msg(field))


def track_length(state: DeaconState, part: str) -> int:
    """The spaces of a printed track, once entered (until then, any space up to 30)."""
    return len(state.components.get(part, {}).get("spaces", [])) or 30


LABELS: dict[str, Msg] = {
    "vp": msg("Deacon's Victory Points"),
    "research": msg("Its Scientist's space on the Research track"),
    "diver": msg("Its Diver's step on the Seafloor track"),
    "milestones": msg("Milestone tiles it discarded"),
    "initial": msg("Reef Balls left in its initial deployment area"),
    "objective": msg("Objectives drawn at 22 VP: 0 not yet, 1 you had the least, 2 Deacon had"),
    "discard": msg("Cards on its discard pile (the others go back under its deck)"),
}
POLLUTION_LABELS = {
    "small": msg("Small Pollution tiles it owns"),
    "medium": msg("Medium Pollution tiles it owns"),
    "large": msg("Large Pollution tiles it owns"),
}
