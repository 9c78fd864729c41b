"""What the Covenant's templates show: its card, the board, its achievements."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import Msg, msg
from .deck import HARBOR, Layout, space_name
from .rules import ACHIEVEMENT_NAMES, covenant_cannons, explorer_target
from .state import ACHIEVEMENTS, CovenantState
from .steps_player import covenant_score_lines, covenant_total, score_winner


@dataclass
class SpaceView:
    id: str
    name: Msg
    explored: bool
    sea: bool
    island: list[str] | None  # its buildings, when the Covenant controls the island
    covenant_ship: bool
    player_ship: bool
    advancement: bool = False
    cubes: int = 0
    end: bool = False
    bottom_target: bool = False


@dataclass
class ColumnView:
    label: Msg | None
    spaces: list[SpaceView] = field(default_factory=list)


def board_view(
    state: CovenantState, section: dict[str, Any] | None, *, player_ship: bool = True
) -> list[ColumnView]:
    rows = tuple(state.rows)
    cubes: dict[str, int] = {}
    if section:
        for entry in section["influence"]:
            cubes[entry["space"]] = cubes.get(entry["space"], 0) + entry["cubes"]

    def view(space: str) -> SpaceView:
        return SpaceView(
            space,
            space_name(space, rows),
            explored=space == HARBOR or space in state.explored,
            sea=space in state.open_sea,
            island=state.islands.get(space),
            covenant_ship=state.ship == space,
            player_ship=player_ship and state.facts.player_space == space,
            advancement=bool(section) and space in section["advancements"],  # type: ignore[index]
            cubes=cubes.get(space, 0),
            end=bool(section) and section["end"] == space,  # type: ignore[index]
            bottom_target=bool(section) and state.facts.bottom_target == space,
        )

    columns = [ColumnView(None, [view(HARBOR)])]
    for number, count in enumerate(rows, start=1):
        columns.append(
            ColumnView(
                msg("Row {row}", row=number), [view(f"{number}.{s}") for s in range(1, count + 1)]
            )
        )
    return columns


@dataclass
class AchievementView:
    id: str
    name: Msg
    claimed: bool
    progress: str  # "2/4", "3/5", "12/30"…


def achievement_views(state: CovenantState) -> list[AchievementView]:
    progress = {
        "legendary": f"{state.cubes['legendary']}/4",
        "terror_of_the_sea": "",
        "expert_sailors": f"{state.cubes['expert_sailors']}/3",
        "elite_vessel": f"{len(state.upgrades)}/4",
        "explorer": f"{state.cubes['explorer']}/{explorer_target(state)}",
        "builder": f"{state.buildings}/5",
        "settler": f"{state.permanent_cubes}/6",
        "capitalist": f"{state.coins}/30",
    }
    return [
        AchievementView(name, ACHIEVEMENT_NAMES[name], name in state.claimed, progress[name])
        for name in ACHIEVEMENTS
    ]


def covenant_view(state: CovenantState, deck: dict[str, Any]) -> dict[str, Any]:
    card = section = None
    current = state.current
    if current is not None:
        card = next((c for c in deck["cards"] if c["id"] == current["card"]), None)
        if card is not None:
            section = card["sides"][current["side"]]["sections"][current["section"]]
    space = state.facts.player_space or HARBOR
    # On your turn the board shows the table as it is, without the last card's grid.
    covenant_acting = state.last in ("covenant", "bonus")
    return {
        "cov_acting": covenant_acting,
        "cov_card": card,
        "cov_current": current,
        "cov_section": section,
        "cov_board": board_view(
            state, section if covenant_acting else None, player_ship=covenant_acting
        ),
        "cov_achievements": achievement_views(state),
        "cov_attack_cannons": covenant_cannons(state, space=space, defending=False).total,
        "cov_defend_cannons": covenant_cannons(state, space=state.ship, defending=True).total,
        "cov_score_lines": covenant_score_lines(state),
        "cov_score_total": covenant_total(state),
        "cov_winner": score_winner(state) if "player" in state.score else None,
        "cov_space_name": lambda s: space_name(s, tuple(state.rows)),
        "cov_layout": Layout(tuple(state.rows)),
    }
