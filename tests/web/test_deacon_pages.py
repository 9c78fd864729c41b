"""Deacon's pages: the view of its board and counters, built from a state made by hand,
and the templates that draw them (board, state panel, card, quick entry, lobby)."""

from __future__ import annotations

import html
import json
from typing import Any

import jinja2
import pytest

from webapp.bots.deacon.editor import edit_entry, effects_text, entry_view, start_entry
from webapp.bots.deacon.pages import PAGES
from webapp.bots.deacon.state import DeaconState, ReefSupply
from webapp.bots.deacon.view import DeaconPageView, deacon_view, lit
from webapp.engine import EndRule, Seat, TurnCycle
from webapp.engine.cards import Pile

# Five islands around two ocean sectors: A (1, 2, 3) and B (2, 4, 5, 3).
BOARD: dict[str, Any] = {
    "format": "botdeck-board",
    "version": 1,
    "bot": "deacon",
    "name": "Test board",
    "demo": True,
    "islands": [
        {"number": 1, "x": 100, "y": 100},
        {"number": 2, "x": 400, "y": 100},
        {"number": 3, "x": 250, "y": 400},
        {"number": 4, "x": 800, "y": 150},
        {"number": 5, "x": 700, "y": 550},
    ],
    "routes": [
        {"a": 1, "b": 2, "cost": 1},
        {"a": 2, "b": 3, "cost": 0},
        {"a": 1, "b": 3, "cost": 2},
        {"a": 2, "b": 4, "cost": 1},
        {"a": 4, "b": 5, "cost": 1},
        {"a": 3, "b": 5, "cost": 2},
    ],
    "sectors": [
        {"id": "A", "routes": [[1, 2], [2, 3], [3, 1]], "sharks": 2},
        {"id": "B", "routes": [[2, 4], [4, 5], [5, 3], [3, 2]], "sharks": 3},
    ],
}
DECK: dict[str, Any] = {
    "demo": True,
    "cards": [
        {
            "id": "3",
            "islands": [4, 2, 1],
            "effects": [{"effect": "research"}, {"effect": "symbols", "symbols": [2, 1]}],
        },
        {"id": "S1", "name": "Coral", "islands": [5, 1, 3], "power": "deploy_research"},
    ],
}


def a_state(**changes: Any) -> DeaconState:
    turns = TurnCycle([Seat("you"), Seat("deacon")], EndRule.FINISH_THE_ROUND_AND_ONE_MORE)
    turns.position, turns.round = 1, 2
    state = DeaconState(turns=turns, board=BOARD, ship="S1", shown="3")
    state.at, state.you_at = 2, 5
    state.balls = {"deacon": ["1-2", "2-3"], "you": ["1-3", "2-3"]}
    state.cleaned = ["A"]
    state.vp = {"symbols": 4, "missions": 4, "mystery": 1}
    state.your_vp = 9
    state.research, state.diver, state.milestones = 3, 2, 1
    state.missions = ["red", "blue", "red"]
    state.crew = [2, 3]
    state.pollution = {"small": 1, "medium": 0, "large": 0}
    state.reef = ReefSupply(initial=0, columns=[2, 0, 3], column=0)
    state.components = {
        "crew": {"rows": [{"colour": "red", "tiles": 4}, {"colour": "blue", "tiles": 3}]},
        "reef_balls": {"initial": 3, "columns": [{"balls": 3, "vp": 2}, {"balls": 3, "vp": 3}]},
        "research": {"spaces": [{"vp": 0, "milestone": False, "missions": 1}] * 10},
    }
    state.cards = Pile(cards=["1", "2", "4"], discard=["5"])
    for key, value in changes.items():
        setattr(state, key, value)
    return state


# The step being asked lights these (its view's `highlight`).
HIGHLIGHT = {"island": 4, "path": [2, 4], "deploy": "2-4", "closing": ["B"]}


def view(state: DeaconState, highlight: dict[str, Any] = HIGHLIGHT) -> DeaconPageView:
    """The page's view of the state, lit as the page lights it for the step asked."""
    page = lit(deacon_view(state, DECK), {"highlight": highlight})
    assert page is not None
    return page


def words(message: Any) -> str:
    return message.render(lambda s: s, lambda s, p, n: s if n == 1 else p)


# --- the view -----------------------------------------------------------------------


def test_each_island_shows_the_ships_on_it_and_this_turns_target():
    board = view(a_state()).board
    islands = {i.number: i for i in board.islands}
    assert islands[2].ships == ("deacon",) and islands[5].ships == ("you",)
    assert islands[4].target and not islands[2].target
    assert islands[4].space == "i4" and words(islands[4].name) == "Island 4"
    assert (islands[1].x, islands[1].y) == (100, 100)


def test_each_route_shows_its_cost_its_reef_balls_and_its_midpoint():
    routes = {r.key: r for r in view(a_state()).board.routes}
    assert routes["2-3"].balls == ("deacon", "you")
    assert routes["1-3"].balls == ("you",) and routes["4-5"].balls == ()
    assert routes["1-3"].cost == 2 and routes["1-2"].mid == (250.0, 100.0)
    assert routes["2-4"].space == "r2-4" and words(routes["2-4"].name) == "Route 2–4"


def test_this_turns_path_and_deploy_route_are_highlighted_with_the_checklists_words():
    board = view(a_state()).board
    routes = {r.key: r for r in board.routes}
    assert board.path == ["2-4"] and routes["2-4"].path and not routes["1-2"].path
    assert routes["2-4"].deploy and board.deploy == "2-4"
    assert [words(label) for label, _, _ in board.labels] == ["Island 4", "Route 2–4", "Sector B"]


def test_a_sector_is_a_polygon_round_its_routes_with_its_sharks_and_whether_it_is_cleaned():
    sectors = {s.id: s for s in view(a_state()).board.sectors}
    assert set(sectors["A"].points.split()) == {"100,100", "400,100", "250,400"}
    corners = sectors["B"].points.split()
    assert corners in (["400,100", "250,400", "700,550", "800,150"],
                       ["400,100", "800,150", "700,550", "250,400"])  # fmt: skip
    assert sectors["A"].cleaned and not sectors["B"].cleaned
    assert sectors["A"].closed  # 1-2, 2-3 and 1-3 all hold a Reef Ball
    assert not sectors["B"].closed and sectors["B"].closing
    assert sectors["B"].sharks == 3 and sectors["B"].space == "s:B"
    assert words(sectors["B"].name) == "Sector B"
    x, y = sectors["A"].label
    assert 100 < x < 400 and 100 < y < 400


def test_the_demo_board_is_labelled_and_an_empty_board_draws_nothing():
    assert view(a_state()).board.demo
    empty = view(a_state(board={})).board
    assert empty.islands == [] and empty.routes == [] and not empty.demo


def test_the_card_shows_its_islands_with_the_one_chosen_and_its_effects_in_order():
    card = view(a_state()).card
    assert card is not None and card.kind == "basic"
    assert [(i.number, i.chosen) for i in card.islands] == [(4, True), (2, False), (1, False)]
    assert [e.effect for e in card.effects] == ["research", "symbols"]
    assert card.effects[1].symbols == (2, 1) and card.effects[1].count == 2
    assert card.elsewhere is None


def test_a_card_whose_islands_it_could_not_reach_says_where_it_went():
    card = view(a_state(), {"island": 5, "path": [2, 4, 5]}).card
    assert card is not None and card.elsewhere == 5
    assert not any(i.chosen for i in card.islands)


def test_the_panel_counts_its_vp_by_source_tracks_missions_crew_reef_balls_and_pollution():
    panel = view(a_state()).panel
    assert panel.vp == 9 and panel.your_vp == 9
    assert [(words(label), n) for label, n in panel.vp_lines] == [
        ("Symbols on its cards", 4),
        ("Mission sets", 4),
        ("Other", 1),
    ]
    assert (panel.research, panel.research_spaces, panel.milestones) == (3, 10, 1)
    assert [(m.key, m.n) for m in panel.missions] == [("red", 2), ("blue", 1)]
    assert [(r.colour, r.tiles, r.size, r.full) for r in panel.crew] == [
        ("red", 2, 4, False),
        ("blue", 3, 3, True),
    ]
    assert [(c.balls, c.vp, c.current) for c in panel.reef_columns] == [
        (2, 2, True),
        (0, 3, False),
        (3, None, False),
    ]
    assert panel.reef_left == 5
    assert [(p.key, p.n) for p in panel.pollution] == [("small", 1), ("medium", 0), ("large", 0)]
    assert (panel.deck, panel.discard) == (3, 1)
    assert words(panel.turn) == "Deacon's turn" and panel.its_turn and panel.round == 2


def test_the_panel_shows_its_ship_card_and_the_objective():
    panel = view(a_state(objective="deacon")).panel
    assert panel.ship is not None and panel.ship.name == "Coral"
    assert panel.ship.power == "deploy_research"
    assert "Deacon had fewer VP" in words(panel.objective)
    assert words(view(a_state()).panel.objective) == "At 22 VP"


def test_the_view_and_the_state_round_trip_through_json_unchanged():
    state = a_state()
    again = DeaconState.from_json(json.loads(json.dumps(state.to_json())))
    assert view(again) == view(state)


# --- the quick-entry editor ---------------------------------------------------------


def test_effects_are_posted_in_the_comma_syntax():
    effects = [
        {"effect": "research"},
        {"effect": "symbols", "symbols": [2, 1]},
        {"effect": "vp", "n": 3},
    ]
    assert effects_text(effects) == "research,symbols:2+1,vp:3"


def test_a_card_is_entered_by_typing_its_islands_and_tapping_its_effects_in_order():
    draft = start_entry({"kind": "card", "card": "3"})
    typed = {"entry.island1": "4", "entry.island2": "9", "entry.island3": "2"}
    draft = edit_entry(draft, {**typed, "op": "add", "value": "research"})
    draft = edit_entry(draft, {**typed, "op": "add", "value": "symbols"})
    assert entry_view(draft)["missing"] == ["pending"]
    draft = edit_entry(draft, {**typed, "op": "symbol", "value": "2"})
    draft = edit_entry(draft, {**typed, "op": "symbol", "value": "1"})
    draft = edit_entry(draft, {**typed, "op": "symbols_done"})
    draft = edit_entry(draft, {**typed, "op": "add", "value": "deploy"})
    shown = entry_view(draft)
    assert shown["text"] == "research,symbols:2+1,deploy" and shown["missing"] == []
    assert draft["islands"] == ["4", "9", "2"]
    draft = edit_entry(draft, {**typed, "op": "remove"})
    assert entry_view(draft)["text"] == "research,symbols:2+1"


def test_a_card_entered_before_is_offered_as_it_was():
    draft = start_entry({"kind": "card", "card": "3", "existing": DECK["cards"][0]})
    assert draft["islands"] == ["4", "2", "1"]
    assert entry_view(draft)["text"] == "research,symbols:2+1"


def test_plain_vp_is_a_reward_not_a_card_effect():
    card = start_entry({"kind": "card", "card": "3"})
    with pytest.raises(ValueError, match="^not an effect$"):
        edit_entry(card, {"op": "add", "value": "vp"})
    reward = start_entry({"kind": "effects"})
    reward = edit_entry(reward, {"op": "add", "value": "vp"})
    reward = edit_entry(reward, {"op": "vp", "value": "3"})
    assert entry_view(reward)["text"] == "vp:3"


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ({}, "not a Deacon entry"),
        (
            {"kind": "card", "effects": [{"effect": "steal"}], "islands": ["", "", ""]},
            "an effect is not one",
        ),
    ],
)
def test_a_draft_the_browser_altered_is_refused(bad, said):
    with pytest.raises(ValueError, match=said):
        entry_view(bad)
    with pytest.raises(ValueError, match=said):
        edit_entry(bad, {"op": "remove"})


# --- the templates ------------------------------------------------------------------


@pytest.fixture
def render(app):
    """Renders one of Deacon's templates, its icons included, in a request of the app."""
    env = app.jinja_env.overlay(
        loader=jinja2.ChoiceLoader(
            [app.jinja_loader, jinja2.PackageLoader("webapp.bots.deacon", "templates")]
        )
    )

    def rendered(template: str, **context: Any) -> str:
        with app.test_request_context("/"):
            app.update_template_context(context)
            context.setdefault("pages", PAGES)
            return html.unescape(env.get_template(template).render(context))

    return rendered


class Opened:
    id = "g1"


def game_context(state: DeaconState, **more: Any) -> dict[str, Any]:
    return {
        "bot_view": view(state),
        "state": state,
        "demo": True,
        "version": 7,
        "opened": Opened(),
        **more,
    }


def test_the_board_draws_islands_routes_sectors_ships_and_reef_balls(render):
    shown = render("deacon/_board.html", **game_context(a_state()))
    assert "Demo board — not the printed board" in shown
    assert shown.count('class="dc-island-disc"') == 5
    assert shown.count('<line class="dc-route') == 6
    assert shown.count('class="dc-ball owner-deacon"') == 2
    assert shown.count('class="dc-ball owner-you"') == 2
    assert 'points="100,100 400,100 250,400"' in shown
    assert "dc-ship owner-deacon" in shown and "dc-ship owner-you" in shown
    assert "Island 4" in shown and "Route 2–4" in shown and "Sector B" in shown
    assert "dc-tap" not in shown  # no question asks for a space


def test_the_spaces_a_question_offers_are_tapped_on_the_board(render):
    picks = ("i4", "r2-4", "s:B")
    shown = render("deacon/_board.html", **game_context(a_state(), pickable=picks))
    for space in picks:
        assert f'"value": "{space}"' in shown
    assert 'hx-post="/g/g1/answer"' in shown and '"version": "7"' in shown
    assert shown.count('class="board-tap dc-tap ') == 3


def test_the_state_panel_shows_every_counter(render):
    shown = render("deacon/_state.html", **game_context(a_state()))
    counters = "Its VP|Research|Diver|Reef Balls left|Missions|Crew|Pollution tiles|Objective"
    for text in (*counters.split("|"), "Deacon's turn", "Ship card 1", "Coral"):
        assert text in shown, text
    assert shown.count('class="dc-tile on"') == 5


def test_the_card_is_drawn_with_its_islands_and_effects(render):
    shown = render("deacon/_card.html", **game_context(a_state()))
    assert "goes here" in shown and "Demo deck — not the printed cards" in shown
    assert "#i-dc-research" in shown and "#i-dc-symbols" in shown and "Symbols 2+1" in shown
    back = render("deacon/_card.html", **game_context(a_state(shown=None)))
    assert "3 cards in its deck" in back


def test_every_icon_the_templates_use_is_in_its_sprite(render):
    sprite = render("deacon/_icons.html")
    for effect in (*PAGES.effect_names, "energy", "shark", "ship", "ball", "cleaned"):
        assert f'id="i-dc-{effect}"' in sprite, effect


def test_the_card_editor_posts_islands_and_effects_as_entry_fields(render):
    draft = start_entry({"kind": "card", "card": "3", "existing": DECK["cards"][0]})
    shown = render("deacon/_entry.html", bot=type("B", (), {"id": "deacon"}), draft=draft,
                   save_url="/g/g1/answer", version=7)  # fmt: skip
    assert 'name="entry.island1" value="4"' in shown
    assert 'name="entry.effects" value="research,symbols:2+1"' in shown
    assert 'hx-post="/entry/deacon"' in shown


def test_the_lobby_offers_the_side_and_the_difficulty_modifiers(render):
    shown = render("deacon/_options.html")
    for field in ('name="side" value="A" checked', 'name="side" value="B"',
                  'name="first" value="deacon"', 'name="crew_bonus"',
                  'name="advanced" value="4"'):  # fmt: skip
        assert field in shown
    assert "Recommended for a first game" in shown


def test_the_board_drawn_once_shows_each_states_ships_balls_and_sectors():
    """The drawing of a board file is worked out once and shared (`_drawing`): each state
    still gets its own Ships, Reef Balls and sectors cleaned or closed on it, and a board
    file changed in place is drawn anew."""
    from webapp.bots.deacon.view_board import board_view

    first = board_view(a_state())
    moved = board_view(a_state(at=4, you_at=1, balls={"deacon": ["4-5"], "you": []}, cleaned=["B"]))
    assert {i.number: i.ships for i in first.islands if i.ships} == {2: ("deacon",), 5: ("you",)}
    assert {i.number: i.ships for i in moved.islands if i.ships} == {4: ("deacon",), 1: ("you",)}
    assert {r.key: r.balls for r in first.routes if r.balls} == {
        "1-2": ("deacon",),
        "2-3": ("deacon", "you"),
        "1-3": ("you",),
    }
    assert {r.key: r.balls for r in moved.routes if r.balls} == {"4-5": ("deacon",)}
    assert [(s.id, s.cleaned, s.closed) for s in first.sectors] == [
        ("A", True, True),
        ("B", False, False),
    ]
    assert [(s.id, s.cleaned, s.closed) for s in moved.sectors] == [
        ("A", False, False),
        ("B", True, False),
    ]
    assert board_view(a_state()) == first  # the first state again: drawn the same
    costlier = json.loads(json.dumps(BOARD))
    costlier["routes"][0]["cost"] = 2
    assert next(r.cost for r in board_view(a_state(board=costlier)).routes if r.key == "1-2") == 2
    assert next(r.cost for r in board_view(a_state()).routes if r.key == "1-2") == 1
