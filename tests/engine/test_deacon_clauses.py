"""Deacon's rulebook clause by clause, in whole games: Objectives, the end, the B side,
Ship powers, printed cards, an incomplete board, Cleaning the Ocean, the score sheet."""

from __future__ import annotations

import copy

from webapp.bots.deacon.board import demo_board
from webapp.bots.deacon.cards import demo_deck, empty_deck
from webapp.bots.deacon.rules import route_costs
from webapp.bots.deacon.state import DEACON, YOU
from webapp.bots.deacon.steps_player import diver_race, score_sheet, sector_majorities
from webapp.bots.deacon.view import panel_view
from webapp.engine import Game

from .deacon import COMPONENTS, balls, board, new_game, play, state


def deacon_turn_kinds(game: Game) -> list[str]:
    checklist = next(c for c in reversed(game.checklists) if c.header["kind"] == DEACON)
    return [step.kind for step in checklist.steps]


def is_deacon_turn(game: Game) -> bool:
    return game.checklists[-1].header["kind"] == DEACON


# --- Objectives ---------------------------------------------------------------------


def test_objectives_when_you_have_the_least_vp_you_draw_3_and_keep_1() -> None:
    game = new_game()
    play(game, until="your_vp")
    game.correct("vp", 23)  # Deacon reaches 22 first; you have the least
    play(game, until="objective")
    assert game.state.objective == YOU
    assert "draw 3 Objective cards" in str(game.pending().title)


def test_objectives_when_deacon_has_the_least_you_draw_only_2() -> None:
    game = new_game()
    play(game, {"your_vp": 22}, until="objective")
    assert game.state.objective == DEACON
    assert "draw 2 Objective cards" in str(game.pending().title)


def test_objectives_are_drawn_once() -> None:
    game = new_game()
    play(game, {"your_vp": [22, 30, 35, 40]}, until=lambda p: game.state.turns.round == 4)
    objectives = [s for c in game.checklists for s in c.steps if s.kind == "objective"]
    assert len(objectives) == 1


# --- End of the game ------------------------------------------------------------------


def test_45_vp_completes_the_round_then_plays_one_last_round() -> None:
    game = new_game()
    play(game, {"your_vp": 45}, until="your_vp")
    play(game, {"your_vp": 45}, until="your_ship")  # the end came in round 1
    assert game.state.turns.end_round == 2
    play(game, until="remove_ships")
    rounds = [c.header.get("round") for c in game.checklists if c.header["kind"] in (YOU, DEACON)]
    assert rounds == [1, 1, 2, 2]


def test_the_last_round_is_headed_so_only_once_it_is_played() -> None:
    """ "End of the game": "As soon as any player reaches 45 VP, complete the round ...
    and then play 1 last round": the rest of round 1 after your 45 VP is a plain round;
    round 2 is headed "Last round", on its turns and on Deacon's panel."""
    game = new_game()
    play(game, {"your_vp": 45}, until=lambda p: game.state.turns.end_round is not None)
    assert game.state.turns.end_round == 2 and game.state.turns.round == 1
    assert game.state.turns.current.kind == YOU
    assert not panel_view(game.state, game.deck).last_round
    play(game, until=lambda p: game.state.turns.round == 2)
    assert panel_view(game.state, game.deck).last_round
    play(game, until="remove_ships")
    turns = [str(c.title) for c in game.checklists if c.header["kind"] in (YOU, DEACON)]
    assert turns == [
        "Round 1 · Your turn",
        "Round 1 · Deacon's turn",
        "Last round 2 · Your turn",
        "Last round 2 · Deacon's turn",
    ]


def test_at_the_end_ship_tokens_are_removed_before_the_final_scoring() -> None:
    game = new_game()
    play(game, {"your_vp": 45}, until="remove_ships")
    kinds = [s.kind for s in game.checklist.steps]
    assert kinds.index("remove_ships") < kinds.index("score_you") < kinds.index("score_sheet")


# --- B sides of ships --------------------------------------------------------------------


def test_b_side_filled_crew_rows_score_at_the_end() -> None:
    s = state(board([(1, 2, 1)]), side="B", crew=[3, 3, 1], components=COMPONENTS)
    lines = {str(label): points for label, points in score_sheet(s).sides[1].groups[0].lines}
    assert lines["Filled Crew rows (B side)"] == 8


# --- Ship powers -------------------------------------------------------------------------


def test_ship_power_when_its_ship_card_is_drawn() -> None:
    deck = demo_deck()
    for card in deck["cards"]:
        if card["id"] in ("S1", "S2", "S3", "S4", "S5"):
            card["power"] = "deploy_research"
    game = new_game(deck=deck, seed=2)
    for _ in range(12):
        play(game, until=lambda p: is_deacon_turn(game) and p.step.kind == "move")
        if game.state.shown == game.state.ship:
            break
        play(game, until=lambda p: not is_deacon_turn(game))
    assert game.state.shown == game.state.ship
    turn = deacon_turn_kinds(game)
    after_move = [k for k in turn[turn.index("move") + 1 :] if k != "components"]
    assert after_move == ["e_deploy", "e_research"]


# --- Printed cards (physical deck) ---------------------------------------------------------


def test_printed_cards_are_named_and_a_new_card_is_entered_once() -> None:
    deck = empty_deck("My cards")
    game = Game("deacon", {"deck_mode": "physical"}, 1, deck)
    play(game, until="identify_card")
    assert game.state.cards.unseen == 9
    choices = [c.value for c in game.pending().question.choices]
    assert game.state.ship in choices and "1" in choices and "1A" not in choices
    game.answer("3")
    assert game.pending().step.kind == "enter_card"
    game.answer({"island1": "4", "island2": "9", "island3": "2", "effects": "research,deploy"})
    assert any(c["id"] == "3" for c in game.deck["cards"])
    assert game.pending().step.kind in ("move", "components")


# --- An incomplete board ------------------------------------------------------------------


def test_an_incomplete_board_asks_per_listed_island_with_the_rules_quoted() -> None:
    lonely = demo_board()
    lonely["islands"].append({"number": 40, "x": 990, "y": 690})  # an island with no route
    game = new_game(board=lonely)
    pending = play(game, until="reach_check")
    assert pending is not None
    assert "at most 1 route that costs 2" in str(
        game.bot.step_types["reach_check"].detail(game.state, pending.step)
    )
    game.answer(False)
    game.answer(False)
    game.answer(False)
    assert game.pending().step.kind == "adjacent_island"


def test_none_of_its_islands_lights_the_routes_to_the_adjacent_islands_to_compare() -> None:
    """Deacon rulebook, "Move Deacon's Ship": "If no listed Islands are viable, then Deacon
    will move to an adjacent Island using the route that has the least energy cost"."""
    lonely = demo_board()
    lonely["islands"].append({"number": 40, "x": 990, "y": 690})
    game = new_game(board=lonely)
    play(game, until="reach_check")
    for _ in range(3):
        game.answer(False)
    pending = game.pending()
    lit = game.bot.step_types["adjacent_island"].highlight(game.state, pending.step)
    here = str(game.state.at)
    out = {k for k in route_costs(game.state.board) if here in k.split("-")}
    assert lit is not None and set(lit["path"]) == out and out


# --- Cleaning the Ocean ---------------------------------------------------------------------


def test_your_reef_ball_that_closes_a_sector_resolves_cleaning_the_ocean() -> None:
    game = new_game()
    play(game, until="your_ball")
    sector = game.state.board["sectors"][0]
    keys = [f"r{min(a, b)}-{max(a, b)}" for a, b in sector["routes"]]
    for key in keys:
        game.answer(key)
    assert game.pending().step.kind == "cleaning"
    game.answer("done")
    assert sector["id"] in game.state.cleaned


# --- The score sheet ------------------------------------------------------------------------


def test_diver_race_ties_are_broken_by_research_and_neutral_divers_have_level_5() -> None:
    s = state(board([(1, 2, 1)]), diver=4, research=4)
    s.score.update(diver=4, research=6, neutral_steps=[4, 9])
    race = diver_race(s)
    # The neutral Diver at 9 is first (12), you (4, level 6) second, then the neutral
    # Diver at 4 (level 5) before Deacon (4, level 4): Deacon is fourth.
    assert race[YOU] == 10 and race[DEACON] == 0


def test_cleaned_sector_majority_2_vp_per_shark_second_1_ties_by_research() -> None:
    b = board([(1, 2, 0), (2, 3, 0), (1, 3, 0)], [("A", [(1, 2), (2, 3), (1, 3)], 3)])
    s = balls(balls(state(b, research=2), DEACON, "1-2"), YOU, "2-3")
    s.cleaned = ["A"]
    s.score["research"] = 5
    won = sector_majorities(s)
    assert won[YOU] == [("A", 6)] and won[DEACON] == [("A", 3)]


def test_a_sector_not_cleaned_scores_nothing() -> None:
    b = board([(1, 2, 0), (2, 3, 0), (1, 3, 0)], [("A", [(1, 2), (2, 3), (1, 3)], 3)])
    s = balls(state(b), DEACON, "1-2", "2-3", "1-3")
    assert sector_majorities(s) == {DEACON: [], YOU: []}


def test_a_tie_is_your_loss() -> None:
    s = state(board([(1, 2, 1)]), components=copy.deepcopy(COMPONENTS))
    sheet = score_sheet(s)
    you, deacon = sheet.sides
    s.your_vp = deacon.total - you.total
    assert "tie is your loss" in str(score_sheet(s).winner)


def test_state_round_trips_through_json() -> None:
    game = new_game(seed=5)
    play(game, until=lambda p: game.state.turns.round == 3)
    data = game.bot.state_to_json(game.state)
    assert game.bot.state_to_json(game.bot.state_from_json(data)) == data


def test_every_counter_of_its_state_panel_can_be_corrected_and_undone() -> None:
    game = new_game()
    play(game, until=lambda p: is_deacon_turn(game) and p.step.kind == "move")
    fields = {c.field for c in game.bot.corrections.offered(game.state)}
    assert {"vp", "research", "diver", "pollution_small", "column0", "initial"} <= fields
    assert {f"missions_{t}" for t in game.state.components["missions"]["types"]} <= fields
    colour = game.state.components["missions"]["types"][0]
    before = list(game.state.missions)
    game.correct(f"missions_{colour}", 3)
    assert game.state.missions.count(colour) == 3
    game.undo()
    assert game.state.missions == before


def test_its_objective_status_and_discard_pile_can_be_corrected() -> None:
    game = new_game()
    play(game, until=lambda p: p.step.kind == "your_ship" and bool(game.state.cards.discard))
    assert game.state.objective is None
    game.correct("objective", 2)
    assert game.state.objective == DEACON
    deck = len(game.state.cards)
    game.correct("discard", 0)
    assert game.state.cards.discard == [] and len(game.state.cards) == deck + 1
    game.undo()
    assert game.state.cards.discard


def test_deacon_never_recycles_pollution_tiles_and_scores_them_at_the_end() -> None:
    # Deacon rulebook, "Recycling a Pollution tile"; "End of the game" 2E.
    s = state(board([(1, 2, 1)]), components=copy.deepcopy(COMPONENTS))
    s.pollution = {"small": 2, "medium": 1, "large": 0}
    lines = {str(label): points for label, points in score_sheet(s).sides[1].groups[0].lines}
    assert lines["Pollution tiles"] == 2 * -1 + 1 * -2


def test_a_reef_ball_of_deacon_that_closes_a_sector_resolves_cleaning_the_ocean() -> None:
    game = new_game(
        board=board(
            [(1, 2, 0), (2, 3, 0), (1, 3, 0), (3, 9, 1)],
            [("A", [(1, 2), (2, 3), (1, 3)], 2)],
        ),
    )
    play(game, {"start_island": ["i1", "i9"], "your_ship": "i9"}, until="your_ball")
    game.answer("r2-3")
    game.answer("r1-3")  # its Reef Ball on 1-2, the cheapest from island 1, closes A
    play(game, {"your_ship": "i9"}, until="cleaning")
    pending = game.pending()
    assert pending is not None and pending.step.params == {"sector": "A", "by": DEACON}
    game.answer("small")
    assert game.state.cleaned == ["A"] and game.state.pollution["small"] == 1
