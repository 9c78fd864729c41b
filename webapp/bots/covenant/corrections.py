"""The Covenant's counters the player may correct by hand (`Bot.corrections`): each
Covenant's ("coins@1" in 2 vs 2) and each player's achievements."""

from __future__ import annotations

from ...engine import Correction, Corrections, Msg, msg
from .rules import covenant_name
from .state import CovenantState, Upgrade


class CovenantCorrections(Corrections[CovenantState]):
    def offered(self, state: CovenantState) -> list[Correction]:
        """Every counter, per Covenant ("coins@1") and per player in 2 vs 2."""
        found = []
        for index in range(len(state.ais)):
            suffix = f"@{index}" if state.coop else ""
            found += [
                Correction(field + suffix, self.label(state, field + suffix), 0, top)
                for field, (_, top) in CORRECTIONS.items()
            ]
        for player in range(state.player_count):
            field = "player_achievements" + (f"@{player}" if state.coop else "")
            found.append(Correction(field, self.label(state, field), 0, 9))
        return found

    def correct(self, state: CovenantState, field: str, value: int) -> None:
        name, _, index_text = field.partition("@")
        index = int(index_text or 0)
        if name == "player_achievements":
            state.player_achievements[index] = value
            return
        ai = state.ais[index]
        if name in ("legendary", "expert_sailors", "explorer"):
            ai.cubes[name] = value
        elif name == "upgrades":
            del ai.upgrades[value:]
            ai.upgrades += [Upgrade(0, 0) for _ in range(value - len(ai.upgrades))]
        elif name == "upgrade_cannons":
            ai.upgrade_cannon_fix = value - sum(u.cannons for u in ai.upgrades)
        else:
            setattr(ai, name, value)

    def label(self, state: CovenantState, field: str) -> Msg:
        name, _, index_text = field.partition("@")
        if name == "player_achievements":
            if not index_text:
                return msg("Your achievements")
            return msg("{player}'s achievements", player=state.players[int(index_text)])
        label = CORRECTIONS[name][0] if name in CORRECTIONS else Msg(name)
        if not index_text:
            return label
        return msg(
            "{label} ({covenant})", label=label, covenant=covenant_name(state, int(index_text))
        )


CORRECTIONS: dict[str, tuple[Msg, int]] = {
    "coins": (msg("Coins"), 200),
    "cargo": (msg("Cargo on its Dock"), 2),
    "mercantile": (msg("Mercantile pile"), 40),
    "pirate": (msg("Pirate pile"), 40),
    "pirate_strength": (msg("Cannons and battle abilities in its Pirate pile"), 80),
    "upgrades": (msg("Ship Upgrades"), 8),
    "upgrade_cannons": (msg("Cannons on its Ship Upgrades"), 16),
    "damage": (msg("Damage"), 4),
    "legendary": (msg("Legendary cubes"), 4),
    "expert_sailors": (msg("Expert Sailors cubes"), 3),
    "explorer": (msg("Explorer cubes"), 12),
}
