"""The Solo Enemy's counters the player may correct by hand (`Bot.corrections`): its
Resources, VP, Capital City Track, Towers, Exploration Tokens, where each Hero is, and
its Tax Track once set out. A counter corrected while an action Botdeck decided may still
be overturned keeps its value through the overturn."""

from __future__ import annotations

from ...engine import Correction, Corrections, Msg, msg
from .faction import RESOURCE_NAMES, RESOURCES, TRACK_SPACES
from .rules import MAX_RESOURCE, MAX_TOWERS, set_tax_slot
from .state import PLACES, EnemyState
from .stepkit import hero_name
from .view import PLACE_NAMES


class EnemyCorrections(Corrections[EnemyState]):
    def offered(self, state: EnemyState) -> list[Correction]:
        found = [Correction(r, self.label(state, r), 0, MAX_RESOURCE) for r in RESOURCES]
        found += [
            Correction("vp", self.label(state, "vp"), 0, 300),
            Correction("track", self.label(state, "track"), 0, TRACK_SPACES),
            Correction("towers", self.label(state, "towers"), 0, MAX_TOWERS),
            Correction("tokens", self.label(state, "tokens"), 0, 40),
        ]
        found += [
            Correction(f"hero{n}", self.label(state, f"hero{n}"), 0, len(PLACES) - 1)
            for n in range(1, len(state.heroes) + 1)
        ]
        if len(state.tax) == len(RESOURCES):  # once the table has said where they stand
            found += [
                Correction(f"tax_{r}", self.label(state, f"tax_{r}"), 2, 4) for r in RESOURCES
            ]
        return found

    def correct(self, state: EnemyState, field: str, value: int) -> None:
        if state.decision is not None:  # it stands, whatever the table makes of the decision
            state.decision.setdefault("corrected", {})[field] = value
        if field in RESOURCES:
            state.resources[field] = value
        elif field == "vp":
            state.add_vp("corrected", value - state.total_vp)
        elif field in ("track", "towers", "tokens"):
            setattr(state, field, value)
        elif field.startswith("hero"):
            state.heroes[int(field[4:]) - 1].place = PLACES[value]
        elif field.startswith("tax_"):
            set_tax_slot(state, field[4:], value)
        else:
            raise ValueError(msg("unknown counter {field}", field=repr(field)))

    def label(self, state: EnemyState, field: str) -> Msg:
        if field in RESOURCES:
            return msg("{resource} (0 to 10)", resource=RESOURCE_NAMES[field])
        if field.startswith("hero"):
            return msg(
                "Where {hero} is: 0 {courtyard}, 1 {land}, 2 {air}, 3 {sea}",
                hero=hero_name(int(field[4:]) - 1),
                **{place: PLACE_NAMES[place] for place in PLACES},
            )
        if field.startswith("tax_"):
            return msg(
                "Tax Track slot of {resource} (2, 3 or 4)", resource=RESOURCE_NAMES[field[4:]]
            )
        return LABELS.get(field, Msg(field))


LABELS: dict[str, Msg] = {
    "vp": msg("Victory Points"),
    "track": msg("Capital City Track: spaces advanced"),
    "towers": msg("Towers built"),
    "tokens": msg("Exploration Tokens on its board"),
}
