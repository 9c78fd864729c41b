"""What Deacon's templates show (`bot_view`): the board (`view_board.py`), the card it
drew, and its counters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...engine import Msg, msg, nmsg
from .cards import card_kind, find_card
from .components import COLOUR_NAMES
from .state import DEACON, SIZES, YOU, DeaconState
from .stepkit import POWER_EFFECTS as POWERS
from .view_board import BoardView, Highlight, board_view, lit_board

# An effect's short label, under its icon on a card and on the entry's buttons (its
# long name, `cards.EFFECT_NAMES`, says what it does).
EFFECT_LABELS = {
    "symbols": msg("Symbols"),
    "research": msg("Research"),
    "diver": msg("Diver"),
    "restoration": msg("Restoration"),
    "deploy": msg("Deploy a Reef Ball"),
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


def effect_views(effects: Iterable[Any]) -> list[EffectView]:
    views = []
    for effect in effects:
        if not isinstance(effect, Mapping) or not effect.get("effect"):
            continue
        symbols = tuple(int(n) for n in effect.get("symbols") or [])
        count = int(effect["n"]) if "n" in effect else (len(symbols) if symbols else None)
        views.append(EffectView(str(effect["effect"]), count, symbols))
    return views


def card_view(card: Mapping[str, Any] | None, chosen: int | None = None) -> CardView | None:
    """A card of its deck as drawn: islands on top, effects (or a Ship's power) below."""
    if not card:
        return None
    numbers = [int(n) for n in card.get("islands") or []]
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
    reef_left: int | None  # None until its deployment area is entered
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
        size = int(row["tiles"]) if "tiles" in row else None
        rows.append(CrewRow(row.get("colour"), tiles, size, size is not None and tiles >= size))
    return rows


def reef_columns(state: DeaconState) -> list[ReefColumn]:
    printed = [c for c in _part(state, "reef_balls").get("columns", []) if isinstance(c, Mapping)]
    columns = []
    for i, balls in enumerate(state.reef.columns):
        vp = int(printed[i]["vp"]) if i < len(printed) and "vp" in printed[i] else None
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


def panel_view(state: DeaconState, deck: dict[str, Any]) -> PanelView:
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
            Count(colour, COLOUR_NAMES.get(colour, Msg(colour)), n)
            for colour, n in Counter(state.missions).items()
        ],
        crew=crew_rows(state),
        interns=state.interns,
        reef_initial=state.reef.initial,
        reef_columns=reef_columns(state),
        reef_left=None
        if state.reef.initial is None and not state.reef.columns
        else state.reef.left,
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
        card=card_view(find_card(deck, state.shown) if state.shown else None),
        panel=panel_view(state, deck),
        demo_deck=bool(deck.get("demo")),
        cards_left=nmsg("{n} card in its deck", "{n} cards in its deck", deck_size),
        at=state.at,
    )
    return _lit(page, None)


def lit(
    page: DeaconPageView | None, extras: Any, named: Collection[str] = ()
) -> DeaconPageView | None:
    """The page with the highlight of the step being asked (its view's `highlight`), and
    the spaces `named` under "Now on the board" lit on the board.

    The card marks the island its Ship goes to: the step's, once its way is known, or
    else the island its Ship is on if the card lists it. A step that only names an
    island (is it reachable? where is your Ship?) marks none on the card.
    """
    if page is None:
        return None
    return _lit(page, extras.get("highlight") if isinstance(extras, Mapping) else None, named)


def _lit(page: DeaconPageView, data: Any, named: Collection[str] = ()) -> DeaconPageView:
    h = Highlight.read(data)
    board = lit_board(page.board, h, named) if data is not None or named else page.board
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


# Deacon rulebook, Appendix, "Deacon's Ship Powers": each power drawn as the icons of the
# effects it performs, in their order.
POWER_EFFECTS: dict[str, list[EffectView]] = {
    power: effect_views(effects) for power, effects in POWERS.items()
}
