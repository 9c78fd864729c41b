"""What the Covenant's templates show: its card, the board, its achievements."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import Msg, msg
from .deck import HARBOR, space_name
from .rules import ACHIEVEMENT_NAMES, covenant_cannons, covenant_name, explorer_target
from .state import ACHIEVEMENTS, CovenantAI, CovenantState
from .targets import target_space


@dataclass
class SpaceView:
    id: str
    name: Msg
    explored: bool
    sea: bool
    island: list[str] | None  # a Covenant's buildings, when a Covenant controls the island
    island_owner: int | None  # which Covenant
    covenant_ships: list[int]
    player_ships: list[int]
    advancement: bool = False
    cubes: int = 0
    end: bool = False
    bottom_target: bool = False


@dataclass
class ColumnView:
    label: Msg | None
    spaces: list[SpaceView] = field(default_factory=list)


def board_view(
    state: CovenantState, section: dict[str, Any] | None, *, player_ships: bool = True
) -> list[ColumnView]:
    rows = tuple(state.rows)
    cubes: dict[str, int] = {}
    if section:
        for entry in section["influence"]:
            cubes[entry["space"]] = cubes.get(entry["space"], 0) + entry["cubes"]
    owners = {space: index for index, ai in enumerate(state.ais) for space in ai.islands}

    def view(space: str) -> SpaceView:
        owner = owners.get(space)
        return SpaceView(
            space,
            space_name(space),
            explored=space == HARBOR or space in state.explored,
            sea=space in state.open_sea,
            island=None if owner is None else state.ais[owner].islands[space],
            island_owner=owner,
            covenant_ships=[i for i, ai in enumerate(state.ais) if ai.ship == space],
            player_ships=[p for p, where in enumerate(state.facts.ships) if where == space]
            if player_ships
            else [],
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


def achievement_views(state: CovenantState, ai: CovenantAI) -> list[AchievementView]:
    progress = {
        "legendary": f"{ai.cubes['legendary']}/4",
        "terror_of_the_sea": "",
        "expert_sailors": f"{ai.cubes['expert_sailors']}/3",
        "elite_vessel": f"{len(ai.upgrades)}/4",
        "explorer": f"{ai.cubes['explorer']}/{explorer_target(state)}",
        "builder": f"{ai.buildings}/5",
        "settler": f"{ai.permanent_cubes}/6",
        "capitalist": f"{ai.coins}/30",
    }
    return [
        AchievementView(name, ACHIEVEMENT_NAMES[name], name in ai.claimed, progress[name])
        for name in ACHIEVEMENTS
    ]


@dataclass
class CovenantView:
    """One Covenant in the state panel and on the board."""

    index: int
    name: Msg
    ai: CovenantAI
    acting: bool
    achievements: list[AchievementView]
    attack_cannons: int
    defend_cannons: int


def covenant_views(state: CovenantState) -> list[CovenantView]:
    views = []
    for index, ai in enumerate(state.ais):
        acting = index == state.active
        space = target_space(state) if acting else HARBOR
        views.append(
            CovenantView(
                index,
                covenant_name(state, index),
                ai,
                acting,
                achievement_views(state, ai),
                covenant_cannons(state, space=space, defending=False, ai=ai).total,
                covenant_cannons(state, space=ai.ship, defending=True, ai=ai).total,
            )
        )
    return views


@dataclass(frozen=True)
class CovenantPageView:
    """What the Covenant's templates draw (`bot_view`): its card, the board, each
    Covenant, the players."""

    acting: bool  # a Covenant's turn: the board shows its card's grid
    card: dict[str, Any] | None  # the card drawn, as the deck has it
    current: dict[str, Any] | None  # which card, side and section it plays
    section: dict[str, Any] | None  # the section that applies
    board: list[ColumnView]
    ais: list[CovenantView]
    players: list[Msg]
    rows: tuple[int, ...]

    def space_name(self, space: str) -> Msg:
        return space_name(space)


def covenant_view(state: CovenantState, deck: dict[str, Any]) -> CovenantPageView:
    card = section = None
    current = state.ai.current
    if current is not None and current["section"] is not None:
        card = next((c for c in deck["cards"] if c["id"] == current["card"]), None)
        if card is not None:
            section = card["sides"][current["side"]]["sections"][current["section"]]
    # On your turn the board shows the table as it is, without the last card's grid.
    covenant_acting = state.last in ("covenant", "bonus")
    return CovenantPageView(
        acting=covenant_acting,
        card=card,
        current=current,
        section=section,
        board=board_view(state, section if covenant_acting else None, player_ships=covenant_acting),
        ais=covenant_views(state),
        players=[msg("{player}", player=name) for name in state.players] or [msg("You")],
        rows=tuple(state.rows),
    )
