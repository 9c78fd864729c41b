"""What Deacon's templates show: the board (islands, routes, sectors, both Ships, every
Reef Ball, this turn's highlight), its card, and its counters.

The board is drawn from the game's board file (kept whole in the state) in SVG
coordinates: x 0..1000, y 0..700, the file's own.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...engine import Msg, msg, nmsg
from .state import DEACON, OWNERS, SIZES, YOU, DeaconState

# The SVG's viewBox (the board file's coordinates).
WIDTH, HEIGHT = 1000, 700

# An effect's short label, under its icon on a card and on the entry's buttons (its
# long name, `cards.EFFECT_NAMES`, says what it does).
EFFECT_LABELS = {
    "symbols": msg("Symbols"),
    "research": msg("Research"),
    "diver": msg("Diver"),
    "restoration": msg("Restoration"),
    "deploy": msg("Reef Ball"),
    "mission": msg("Mission"),
    "crew_cheapest": msg("Cheapest Crew"),
    "crew_most": msg("Crew it has most"),
    "crew_score": msg("Crew VP"),
    "score_track": msg("Score track"),
    "pollution_small": msg("Small Pollution"),
    "pollution_medium": msg("Medium Pollution"),
    "reshuffle": msg("Reshuffle"),
    "vp": msg("VP"),
}
SIZE_NAMES = {
    "small": msg("Small"),
    "medium": msg("Medium"),
    "large": msg("Large"),
}
COLOUR_NAMES = {
    "red": msg("Red"),
    "orange": msg("Orange"),
    "yellow": msg("Yellow"),
    "green": msg("Green"),
    "blue": msg("Blue"),
    "purple": msg("Purple"),
    "white": msg("White"),
    "black": msg("Black"),
}
# Where Deacon's VP came from (`DeaconState.vp`, as the rules add them), in the order
# the panel lists them.
VP_SOURCES = {
    "symbols": msg("Symbols on its cards"),
    "missions": msg("Mission sets"),
    "crew": msg("Crew"),
    "reef_columns": msg("Reef Ball columns emptied"),
    "seafloor": msg("Seafloor track"),
    "tank": msg("Oxygen Tanks"),
    "tile": msg("Seafloor tiles"),
    "score_track": msg("Score track"),
    "bonus": msg("Crew bonuses"),
    "rewards": msg("Other rewards"),
    "corrected": msg("Corrected by hand"),
}
OTHER_SOURCE = msg("Other")


def island_name(number: int) -> Msg:
    return msg("Island {n}", n=number)


def route_name(key: str) -> Msg:
    a, _, b = key.partition("-")
    return msg("Route {a}–{b}", a=a, b=b)


def sector_name(sector: str) -> Msg:
    return msg("Sector {sector}", sector=sector)


def route_key(a: int, b: int) -> str:
    """A route's key: its two islands, the smaller number first ("3-7")."""
    low, high = sorted((a, b))
    return f"{low}-{high}"


# --- the board ----------------------------------------------------------------------


@dataclass(frozen=True)
class IslandView:
    number: int
    x: int
    y: int
    ships: tuple[str, ...]  # whose Ships are here: "deacon", "you"
    target: bool  # where its Ship goes this turn
    on_path: bool  # an island on the way there
    space: str  # its space id when a SPACE question asks for it ("i7")
    name: Msg


@dataclass(frozen=True)
class RouteView:
    key: str
    a: int
    b: int
    cost: int  # energy icons printed on it (0..2)
    x1: float
    y1: float
    x2: float
    y2: float
    mid: tuple[float, float]
    balls: tuple[str, ...]  # whose Reef Balls are on it, Deacon's first
    path: bool  # its Ship travels along it this turn
    deploy: bool  # it gets its Reef Ball this turn
    space: str  # "r3-7"
    name: Msg
    angle: float  # degrees, for the energy pips drawn along it


@dataclass(frozen=True)
class SectorView:
    id: str
    points: str  # the SVG polygon ("x,y x,y …")
    label: tuple[float, float]
    sharks: int
    cleaned: bool  # no Pollution left on it
    closed: bool  # every route around it holds a Reef Ball
    closing: bool  # this turn's Reef Ball closes it
    space: str  # "s:A"
    name: Msg


@dataclass(frozen=True)
class BoardView:
    islands: list[IslandView]
    routes: list[RouteView]
    sectors: list[SectorView]
    name: str
    demo: bool  # the board file says it is not the printed board
    target: int | None
    path: list[str]  # route keys its Ship travels this turn
    deploy: str | None  # route key of this turn's Reef Ball
    closing: list[str]  # sectors this turn's Reef Ball closes
    labels: list[tuple[Msg, float, float]]  # this turn's highlight, named as the checklist


def _number(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _islands(board: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    return {
        _number(i.get("number")): (_number(i.get("x")), _number(i.get("y")))
        for i in board.get("islands", [])
        if isinstance(i, Mapping)
    }


def _route_keys(routes: Iterable[Any]) -> list[str]:
    keys = []
    for route in routes:
        if isinstance(route, str):
            keys.append(route)
        elif isinstance(route, (list, tuple)) and len(route) == 2:
            keys.append(route_key(_number(route[0]), _number(route[1])))
    return keys


def _ends(key: str) -> tuple[int, int]:
    a, _, b = key.partition("-")
    return _number(a), _number(b)


def loop_order(keys: list[str]) -> list[int]:
    """The islands around a sector, in the order its routes join them (a polygon).

    Routes that do not form one closed loop (a board still being drawn) fall back to
    its islands in order of angle around their centre: still a shape on the board.
    """
    if not keys:
        return []
    links: dict[int, list[int]] = {}
    for key in keys:
        a, b = _ends(key)
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    if all(len(ends) == 2 for ends in links.values()):
        start = min(links)
        order, previous, here = [start], None, start
        while True:
            step = next((n for n in links[here] if n != previous), None)
            if step is None or step == start:
                break
            order.append(step)
            previous, here = here, step
        if len(order) == len(links):
            return order
    return sorted(links)


def _polygon(order: list[int], at: Mapping[int, tuple[int, int]]) -> list[tuple[int, int]]:
    points = [at[n] for n in order if n in at]
    if len(points) != len(order) or len(set(order)) != len(order):
        return points
    if not _simple(points):  # routes given out of order: by angle around the centre
        cx = sum(x for x, _ in points) / len(points)
        cy = sum(y for _, y in points) / len(points)
        points.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    return points


def _simple(points: list[tuple[int, int]]) -> bool:
    """No two sides of the polygon cross (sides that share a corner excepted)."""
    sides = list(zip(points, points[1:] + points[:1], strict=True))

    def turn(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 0) - (value < 0)

    for i, (p1, p2) in enumerate(sides):
        for q1, q2 in sides[i + 1 :]:
            if len({p1, p2, q1, q2}) < 4:
                continue
            if turn(p1, p2, q1) * turn(p1, p2, q2) < 0 and turn(q1, q2, p1) * turn(q1, q2, p2) < 0:
                return False
    return True


def _centre(points: list[tuple[int, int]]) -> tuple[float, float]:
    """Where a sector's name goes: the polygon's centroid (its corners' mean if flat)."""
    if not points:
        return (0.0, 0.0)
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-6:
        return (
            round(sum(x for x, _ in points) / len(points), 1),
            round(sum(y for _, y in points) / len(points), 1),
        )
    return round(cx / (3 * area), 1), round(cy / (3 * area), 1)


@dataclass(frozen=True)
class Highlight:
    """What the board highlights now: where its Ship goes and by which routes, where its
    Reef Ball goes, the sectors that closes. From the state's `target` or from the step
    being asked (its view's `highlight`)."""

    island: int | None = None
    path: tuple[str, ...] = ()  # route keys
    path_islands: tuple[int, ...] = ()
    deploy: str | None = None
    closing: tuple[str, ...] = ()

    @classmethod
    def read(cls, data: Any) -> Highlight:
        """`path` as route keys ("3-7") or as the islands on the way (3, 5, 7)."""
        if not isinstance(data, Mapping):
            return cls()
        path = list(data.get("path") or [])
        if all(isinstance(p, str) and "-" in p for p in path):
            keys = [str(p) for p in path]
            islands = [n for key in keys for n in _ends(key)]
        else:
            islands = [_number(n) for n in path]
            keys = [route_key(a, b) for a, b in zip(islands, islands[1:], strict=False) if a != b]
        return cls(
            island=_number(data.get("island"), 0) or None,
            path=tuple(keys),
            path_islands=tuple(dict.fromkeys(islands)),
            deploy=str(data["deploy"]) if data.get("deploy") else None,
            closing=tuple(str(s) for s in data.get("closing") or []),
        )


def board_view(state: DeaconState, highlight: Highlight | None = None) -> BoardView:
    """The board as drawn; `highlight`: what to highlight (default: the state's target)."""
    board = state.board or {}
    at = _islands(board)
    islands = [
        IslandView(
            number=n,
            x=x,
            y=y,
            ships=tuple(
                owner for owner, place in ((DEACON, state.at), (YOU, state.you_at)) if place == n
            ),
            target=False,
            on_path=False,
            space=f"i{n}",
            name=island_name(n),
        )
        for n, (x, y) in sorted(at.items())
    ]
    routes = []
    for route in board.get("routes", []):
        if not isinstance(route, Mapping):
            continue
        a, b = _number(route.get("a")), _number(route.get("b"))
        if a not in at or b not in at:
            continue
        key = route_key(a, b)
        (x1, y1), (x2, y2) = at[min(a, b)], at[max(a, b)]
        routes.append(
            RouteView(
                key=key,
                a=min(a, b),
                b=max(a, b),
                cost=_number(route.get("cost")),
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                mid=(round((x1 + x2) / 2, 1), round((y1 + y2) / 2, 1)),
                balls=tuple(owner for owner in OWNERS if key in state.balls.get(owner, [])),
                path=False,
                deploy=False,
                space=f"r{key}",
                name=route_name(key),
                angle=round(math.degrees(math.atan2(y2 - y1, x2 - x1)), 1),
            )
        )
    filled = {key for owner in OWNERS for key in state.balls.get(owner, [])}
    sectors = []
    for sector in board.get("sectors", []):
        if not isinstance(sector, Mapping):
            continue
        sid = str(sector.get("id", ""))
        keys = _route_keys(sector.get("routes", []))
        points = _polygon(loop_order(keys), at)
        sectors.append(
            SectorView(
                id=sid,
                points=" ".join(f"{x},{y}" for x, y in points),
                label=_centre(points),
                sharks=_number(sector.get("sharks")),
                cleaned=sid in state.cleaned,
                closed=bool(keys) and all(key in filled for key in keys),
                closing=False,
                space=f"s:{sid}",
                name=sector_name(sid),
            )
        )
    plain = BoardView(
        islands=islands,
        routes=routes,
        sectors=sectors,
        name=str(board.get("name") or ""),
        demo=bool(board.get("demo")),
        target=None,
        path=[],
        deploy=None,
        closing=[],
        labels=[],
    )
    return lit_board(plain, highlight or Highlight.read(state.target))


def lit_board(board: BoardView, h: Highlight) -> BoardView:
    """The board with this highlight (and no other), each part named as the checklist
    names it ("Island 7", "Route 3–7", "Sector B")."""
    islands = [
        replace(i, target=i.number == h.island, on_path=i.number in h.path_islands)
        for i in board.islands
    ]
    routes = [replace(r, path=r.key in h.path, deploy=r.key == h.deploy) for r in board.routes]
    sectors = [replace(s, closing=s.id in h.closing) for s in board.sectors]
    labels: list[tuple[Msg, float, float]] = []
    for i in islands:
        if i.target:
            labels.append((i.name, i.x, i.y - 52))
    for r in routes:
        if r.deploy:
            labels.append((r.name, r.mid[0], r.mid[1] - 30))
    for s in sectors:
        if s.closing:
            labels.append((s.name, s.label[0], s.label[1] + 62))
    return replace(
        board,
        islands=islands,
        routes=routes,
        sectors=sectors,
        target=h.island,
        path=list(h.path),
        deploy=h.deploy,
        closing=list(h.closing),
        labels=labels,
    )


# --- its card -----------------------------------------------------------------------


@dataclass(frozen=True)
class EffectView:
    effect: str  # the effect's key, its icon's name
    count: int | None  # the number it shows (VP, symbols of one type), if any
    symbols: tuple[int, ...]  # "symbols": how many of each type are shown


@dataclass(frozen=True)
class CardIsland:
    number: int
    chosen: bool  # the island its Ship goes to this turn


@dataclass(frozen=True)
class CardView:
    id: str
    kind: str  # "basic", "advanced" or "ship"
    islands: list[CardIsland]
    effects: list[EffectView]  # in printed order (left to right, top to bottom)
    name: str | None  # a Ship card's name
    power: str | None  # a Ship card's power
    elsewhere: int | None  # it went to none of its islands: the island it went to


def card_kind(card_id: str) -> str:
    if card_id.startswith("S"):
        return "ship"
    return "advanced" if card_id.endswith("A") else "basic"


def effect_views(effects: Iterable[Any]) -> list[EffectView]:
    views = []
    for effect in effects:
        if not isinstance(effect, Mapping) or not effect.get("effect"):
            continue
        symbols = tuple(_number(n) for n in effect.get("symbols") or [])
        count = _number(effect["n"]) if "n" in effect else (len(symbols) if symbols else None)
        views.append(EffectView(str(effect["effect"]), count, symbols))
    return views


def card_view(card: Mapping[str, Any] | None, chosen: int | None = None) -> CardView | None:
    """A card of its deck as drawn: islands on top, effects (or a Ship's power) below."""
    if not card:
        return None
    numbers = [_number(n) for n in card.get("islands") or []]
    card_id = str(card.get("id", ""))
    return CardView(
        id=card_id,
        kind=card_kind(card_id),
        islands=[CardIsland(n, n == chosen) for n in numbers],
        effects=effect_views(card.get("effects") or []),
        name=card.get("name") or None,
        power=card.get("power") or None,
        elsewhere=chosen if chosen is not None and numbers and chosen not in numbers else None,
    )


def find_card(deck: Mapping[str, Any], card_id: str | None) -> dict[str, Any] | None:
    if card_id is None:
        return None
    return next((c for c in deck.get("cards", []) if c.get("id") == card_id), None)


# --- its counters -------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    key: str
    name: Msg
    n: int


@dataclass(frozen=True)
class CrewRow:
    colour: str | None  # as printed on its Ship board (None until entered)
    tiles: int  # tiles in the row, its starting Crew included
    size: int | None  # tiles that fill it
    full: bool


@dataclass(frozen=True)
class ReefColumn:
    balls: int  # left in it
    vp: int | None  # its bonus once emptied
    current: bool  # the column it takes its Reef Balls from now


@dataclass(frozen=True)
class PanelView:
    vp: int
    vp_lines: list[tuple[Msg, int]]  # where its VP came from
    your_vp: int
    research: int
    research_spaces: int | None
    milestones: int
    diver: int
    diver_steps: int | None
    missions: list[Count]  # by colour, in the order first taken
    crew: list[CrewRow]
    interns: int
    reef_initial: int | None
    reef_columns: list[ReefColumn]
    reef_left: int
    pollution: list[Count]  # small, medium, large
    objective: Msg
    deck: int
    discard: int
    ship: CardView | None  # its Ship card
    turn: Msg  # whose turn it is
    its_turn: bool
    round: int
    last_round: bool


def vp_lines(vp: Mapping[str, int]) -> list[tuple[Msg, int]]:
    known = [(VP_SOURCES[k], vp[k]) for k in VP_SOURCES if vp.get(k)]
    other = sum(n for k, n in vp.items() if k not in VP_SOURCES)
    return known + ([(OTHER_SOURCE, other)] if other else [])


def _part(state: DeaconState, part: str) -> Mapping[str, Any]:
    data = state.components.get(part)
    return data if isinstance(data, Mapping) else {}


def crew_rows(state: DeaconState) -> list[CrewRow]:
    printed = [r for r in _part(state, "crew").get("rows", []) if isinstance(r, Mapping)]
    count = max(len(printed), len(state.crew))
    rows = []
    for i in range(count):
        row = printed[i] if i < len(printed) else {}
        tiles = state.crew[i] if i < len(state.crew) else 1  # its starting Crew
        size = _number(row["tiles"]) if "tiles" in row else None
        rows.append(CrewRow(row.get("colour"), tiles, size, size is not None and tiles >= size))
    return rows


def reef_columns(state: DeaconState) -> list[ReefColumn]:
    printed = [c for c in _part(state, "reef_balls").get("columns", []) if isinstance(c, Mapping)]
    columns = []
    for i, balls in enumerate(state.reef.columns):
        vp = _number(printed[i]["vp"]) if i < len(printed) and "vp" in printed[i] else None
        columns.append(ReefColumn(balls, vp, state.reef.column == i))
    return columns


def objective_text(state: DeaconState) -> Msg:
    # Deacon rulebook, "Objectives": when anyone reaches 22 VP, whoever has the least
    # VP decides how many Objective cards you draw (3 if you, 2 if Deacon).
    if state.objective == YOU:
        return msg("Drawn: you had fewer VP (3 cards, keep 1)")
    if state.objective == DEACON:
        return msg("Drawn: Deacon had fewer VP (2 cards, keep 1)")
    return msg("At 22 VP")


def turn_text(state: DeaconState) -> Msg:
    seat = state.turns.current
    if state.turns.over:
        return msg("Final scoring")
    if seat is None:
        return msg("Setting up")
    return msg("Deacon's turn") if seat.kind == DEACON else msg("Your turn")


def panel_view(state: DeaconState, deck: Mapping[str, Any]) -> PanelView:
    research = _part(state, "research").get("spaces")
    seafloor = _part(state, "seafloor").get("spaces")
    return PanelView(
        vp=state.total_vp,
        vp_lines=vp_lines(state.vp),
        your_vp=state.your_vp,
        research=state.research,
        research_spaces=len(research) if isinstance(research, list) else None,
        milestones=state.milestones,
        diver=state.diver,
        diver_steps=len(seafloor) if isinstance(seafloor, list) else None,
        missions=[
            Count(colour, COLOUR_NAMES.get(colour, msg("{colour}", colour=colour)), n)
            for colour, n in Counter(state.missions).items()
        ],
        crew=crew_rows(state),
        interns=state.interns,
        reef_initial=state.reef.initial,
        reef_columns=reef_columns(state),
        reef_left=state.reef.left,
        pollution=[Count(size, SIZE_NAMES[size], state.pollution.get(size, 0)) for size in SIZES],
        objective=objective_text(state),
        deck=len(state.cards),
        discard=len(state.cards.discard),
        ship=card_view(find_card(deck, state.ship)) if state.ship else None,
        turn=turn_text(state),
        its_turn=state.turns.current is not None and state.turns.current.kind == DEACON,
        round=state.turns.round,
        last_round=state.turns.last_round,
    )


# --- the whole page -----------------------------------------------------------------


@dataclass(frozen=True)
class DeaconPageView:
    """What Deacon's templates draw (`bot_view`): the board, the card on show, the panel."""

    board: BoardView
    card: CardView | None  # the card on show this turn
    panel: PanelView
    demo_deck: bool  # the deck is the demo one, not the printed cards
    cards_left: Msg
    at: int | None  # the island of its Ship


def deacon_view(state: DeaconState, deck: dict[str, Any]) -> DeaconPageView:
    deck_size = len(state.cards)
    page = DeaconPageView(
        board=board_view(state),
        card=card_view(find_card(deck, state.shown)),
        panel=panel_view(state, deck),
        demo_deck=bool(deck.get("demo")),
        cards_left=nmsg("{n} card in its deck", "{n} cards in its deck", deck_size),
        at=state.at,
    )
    return lit(page, {"highlight": state.target}) if state.target else lit(page, None)


def lit(page: DeaconPageView | None, extras: Any) -> DeaconPageView | None:
    """The page with the highlight of the step being asked (its view's `highlight`).

    The card marks the island its Ship goes to: the step's, once its way is known, or
    else the island its Ship is on if the card lists it. A step that only names an
    island (is it reachable? where is your Ship?) marks none on the card.
    """
    if page is None:
        return None
    data = extras.get("highlight") if isinstance(extras, Mapping) else None
    h = Highlight.read(data)
    board = lit_board(page.board, h) if data is not None else page.board
    card = page.card
    if card is not None:
        numbers = [i.number for i in card.islands]
        if data is None:
            chosen = page.at if page.at in numbers else None
        else:
            chosen = h.island if h.path else None
        card = replace(
            card,
            islands=[CardIsland(n, n == chosen) for n in numbers],
            elsewhere=chosen if chosen is not None and chosen not in numbers else None,
        )
    return replace(page, board=board, card=card)


# Deacon rulebook, Appendix, "Deacon's Ship Powers": each power as the effects it
# performs, in their order (drawn as the icons of those effects).
POWER_EFFECTS: dict[str, list[EffectView]] = {
    "diver2_restore": effect_views(
        [{"effect": "diver"}, {"effect": "diver"}, {"effect": "restoration"}]
    ),
    "crew_hire_score": effect_views([{"effect": "crew_cheapest"}, {"effect": "crew_score"}]),
    "pollution_deploy": effect_views([{"effect": "pollution_medium"}, {"effect": "deploy"}]),
    "deploy_research": effect_views([{"effect": "deploy"}, {"effect": "research"}]),
    "mission_deploy": effect_views([{"effect": "mission"}, {"effect": "deploy"}]),
}
