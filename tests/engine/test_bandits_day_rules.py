"""Deck Goes West's day rules Botdeck applies: "Build Railway" refused where bandits are,
"Character death" at any moment of the day, and every tap that ends the game confirmed
first. Each test is named after the clause it checks."""

from __future__ import annotations

import random

import pytest

from webapp.bots.bandits.land import pile_runs_out
from webapp.bots.bandits.night import appear_rolls, attack_order, may_move
from webapp.engine import ConfirmFirst, Game, InvalidAnswer
from webapp.engine.game import GameOver

from .. import random_play
from .bandits import new_game, play, to_day

NO_BANDITS = {"up": True, "type": "other", "star": None, "camp": False, "railway": False}


def with_bandits(game: Game, cell: str, bandits: int) -> None:
    """Bandits put on a face-up tile by hand (the tile's Correct form), back at the map."""
    game.answer(cell)
    game.answer("correct")
    game.answer({**NO_BANDITS, "bandits": bandits})
    assert game.pending().step.kind == "day_map"


def choices(game: Game) -> dict[str, str]:
    return {c.value: str(c.label) for c in game.pending().question.choices}


# --- Build Railway: "Cannot be done if there are bandits on the tile." ------------------


def test_build_railway_cannot_be_done_if_there_are_bandits_on_the_tile() -> None:
    """Refused by the rules, in the rule's words, and nothing changes: no token, no VP,
    no step asking who built it."""
    game = new_game()
    to_day(game)
    with_bandits(game, "0,0", 2)
    game.answer("0,0")
    before, actions = game.state.to_json(), len(game.actions)
    with pytest.raises(InvalidAnswer, match="Cannot be done if there are bandits on the tile"):
        game.answer("railway")
    assert game.state.to_json() == before and len(game.actions) == actions
    assert not game.state.tiles[(0, 0)].railway and game.state.scores == [0]
    assert game.pending().step.kind == "tile"


def test_build_railway_refused_with_bandits_when_one_meeple_builds_it_too() -> None:
    game = new_game()
    to_day(game)
    game.answer("-1,0")
    game.answer("move:1")  # Ben alone on -1,0
    with_bandits(game, "-1,0", 1)
    game.answer("-1,0")
    with pytest.raises(InvalidAnswer, match="No Railway on tile 1W·0"):
        game.answer("railway")
    assert game.state.scores == [0]


def test_build_railway_the_tile_says_why_before_the_tap() -> None:
    game = new_game()
    to_day(game)
    with_bandits(game, "0,0", 2)
    game.answer("0,0")
    railway = next(c for c in game.pending().question.choices if c.value == "railway")
    assert str(railway.refused) == (
        "No Railway on tile 0·0: “Cannot be done if there are bandits on the tile.”"
    )


def test_build_railway_once_the_bandits_are_removed_scores_again() -> None:
    """The rule forbids it while bandits are there: removed, the Railway is built."""
    game = new_game()
    to_day(game)
    with_bandits(game, "0,0", 1)
    game.answer("0,0")
    game.answer("remove")
    game.answer(1)
    game.answer("0,0")
    railway = next(c for c in game.pending().question.choices if c.value == "railway")
    assert railway.refused is None
    game.answer("railway")
    game.answer("0")
    assert game.state.tiles[(0, 0)].railway and game.state.scores == [3]


# --- Character death: "If a players hand EVER has as many danger cards as their hand
# limit that character dies and is out." ---------------------------------------------


def test_character_death_a_hand_full_of_danger_cards_by_day_is_offered_on_the_players_tile():
    game = new_game()
    to_day(game)
    game.answer("0,0")  # both meeples start here
    offered = choices(game)
    assert offered["dies:0"] == "Anna's hand is full: Anna dies"
    assert offered["dies:1"] == "Ben's hand is full: Ben dies"
    game.answer("back")
    game.answer("-1,0")  # nobody there
    assert not any(value.startswith("dies:") for value in choices(game))


def test_character_death_by_day_in_coop_the_whole_team_loses_at_once() -> None:
    """Co-op: "If any player dies ... the whole team lose": the day ends there."""
    game = new_game()
    to_day(game)
    game.answer("0,0")
    step = game.answer("dies:1")
    assert game.state.dead == [False, True]
    assert game.state.outcome == {"result": "lost", "why": "death", "who": 1}
    assert [str(n) for n in step.notes] == ["Ben dies and is out."]
    assert game.pending().step.kind == "score_sheet"


def test_character_death_by_day_in_versus_that_player_is_out_and_the_day_goes_on() -> None:
    game = new_game("versus", players=["A", "B", "C"])
    to_day(game)
    game.answer("0,0")
    game.answer("dies:2")
    assert game.state.dead == [False, False, True] and game.state.outcome is None
    assert game.pending().step.kind == "day_map"
    game.answer("0,0")
    assert "dies:2" not in choices(game) and "move:2" not in choices(game)
    assert [c.field for c in game.bot.corrections.offered(game.state)] == [
        "tracker",
        "score_0",
        "score_1",
        "pile",
    ]


def test_character_death_by_day_is_logged_and_undone() -> None:
    game = new_game()
    to_day(game)
    game.answer("0,0")
    game.answer("dies:0")
    assert game.step_said(game.checklist.steps[-1]) is not None
    game.undo()
    assert game.state.dead == [False, False] and game.state.outcome is None
    assert game.pending().step.kind == "tile"
    again = Game.replay(
        "bandits", game.options, game.seed, None, [*game.actions, {"answer": "dies:0"}]
    )
    assert again.state.dead == [True, False]


def test_character_death_is_out_no_longer_attacked_nor_stopping_a_group_nor_in_pain() -> None:
    """ "that character dies and is out": its tile is no player's tile any more — the
    group there attacks no one at night and may move; no Pain is taken there."""
    game = new_game("versus", players=["A", "B", "C"])
    to_day(game)
    game.answer("-1,0")
    game.answer("move:2")  # C alone on -1,0
    with_bandits(game, "-1,0", 2)
    assert attack_order(game.state) == [(-1, 0)] and not may_move(game.state, (-1, 0))
    game.answer("-1,0")
    game.answer("dies:2")
    assert attack_order(game.state) == [] and may_move(game.state, (-1, 0))
    assert game.state.on_tile((-1, 0)) == []
    game.answer("night")
    play(game, until="moves")
    assert not any(s.kind == "battle_jobs" for s in game.checklist.steps)


def test_character_death_the_dead_are_no_longer_the_furthest_forward_player() -> None:
    """Night phase 7: the red star "in the same section as the furthest forward player
    or bandit tracker" — a character who is out is not a player any more."""
    game = new_game("versus", players=["A", "B", "C"])
    to_day(game)
    game.correct("score_2", 12)  # C's token in the section of 3 rolls
    assert appear_rolls(game.state) == 3
    game.answer("0,0")
    game.answer("dies:2")
    assert appear_rolls(game.state) == 2


def test_character_death_the_dead_are_not_moved_when_the_pile_runs_out() -> None:
    """ "If a player is on a removed Tile, they take an Exhaustion Card and move West":
    not a character who is out."""
    game = new_game("versus", players=["A", "B", "C"])
    to_day(game)
    game.answer("0,0")
    game.answer("dies:2")
    out = pile_runs_out(game.state)
    assert out is not None and sorted(out.moved) == [0, 1]


def test_character_death_in_pain_and_at_nights_end_is_confirmed_and_noted() -> None:
    game = new_game()
    to_day(game)
    game.answer("night")
    play(game, until="night_end")
    asked = next(c for c in game.pending().question.choices if c.value == "0")
    assert str(asked.label) == "Anna's hand is full: Anna dies"
    assert str(asked.confirm) == "Anna dies and is out."


# --- every tap that ends the game is confirmed first --------------------------------------


def test_a_tap_that_ends_the_game_is_asked_first_and_changes_nothing() -> None:
    game = new_game()
    to_day(game)
    game.answer("0,0")
    before, actions = game.state.to_json(), len(game.actions)
    with pytest.raises(ConfirmFirst) as asked:
        game.answer("dies:0", ask_first=True)
    assert str(asked.value.what) == str(asked.value) == "Anna's hand is full: Anna dies"
    assert [str(line) for line in asked.value.then] == [
        "Anna dies and is out.",
        "This ends the game. The Bandits win: Anna died.",
    ]
    assert game.state.to_json() == before and len(game.actions) == actions
    game.answer("dies:0")  # confirmed: taken as any answer
    assert game.state.outcome is not None
    game.answer(True)  # the score sheet read: the game closed
    # over: nothing waits, so nothing can be overturned
    assert game.pending() is None
    with pytest.raises(GameOver, match="^the game is over$"):
        game.overturn("fail")


def test_a_death_that_leaves_the_versus_game_going_is_still_confirmed() -> None:
    game = new_game("versus", players=["A", "B", "C"])
    to_day(game)
    game.answer("0,0")
    with pytest.raises(ConfirmFirst) as asked:
        game.answer("dies:1", ask_first=True)
    assert [str(line) for line in asked.value.then] == [
        "B dies and is out: the meeple leaves the map and B plays no more."
    ]
    assert game.state.dead == [False, False, False]


@pytest.mark.parametrize("how", ["score", "tracker", "correction"])
def test_every_tap_that_ends_the_game_is_confirmed_first(how: str) -> None:
    """Winning on the score track, the Bandit Tracker's last space, a counter set to a
    track's end: each decides the game, and is asked before it is taken."""
    game = new_game()
    to_day(game)
    if how == "score":
        game.answer("score")
        tap = lambda: game.answer({"points": 30}, ask_first=True)  # noqa: E731
        said = "This ends the game. The players win: the score track's end is reached."
    elif how == "tracker":
        game.correct("tracker", 14)
        game.answer("night")
        tap = lambda: game.answer("done", ask_first=True)  # noqa: E731
        said = "This ends the game. The Bandits win: their tracker reached the end of its track."
    else:
        tap = lambda: game.correct("tracker", 15, ask_first=True)  # noqa: E731
        said = "This ends the game. The Bandits win: their tracker reached the end of its track."
    before = game.state.to_json()
    with pytest.raises(ConfirmFirst) as asked:
        tap()
    assert [str(line) for line in asked.value.then] == [said]
    assert game.state.to_json() == before


def test_a_tap_that_does_not_end_the_game_is_never_asked() -> None:
    game = new_game()
    to_day(game)
    game.answer("score", ask_first=True)
    game.answer({"points": 3}, ask_first=True)
    assert game.state.scores == [3]


def decided_by(how: str) -> Game:
    """A game the table has just decided, each way the rules decide one, the deciding
    tap asked first and then confirmed (the page sends it again, `ask_first` off)."""
    game = new_game("versus", players=["Anna", "Ben"]) if how == "last_standing" else new_game()
    to_day(game)
    if how in ("death_by_day", "last_standing"):
        game.answer("0,0")
        tap = lambda **asked: game.answer("dies:1", **asked)  # noqa: E731
    elif how == "death_at_nights_end":
        game.answer("night")
        play(game, until="night_end")
        tap = lambda **asked: game.answer("0", **asked)  # noqa: E731
    elif how == "score_track":
        game.answer("score")
        tap = lambda **asked: game.answer({"points": 30}, **asked)  # noqa: E731
    elif how == "bandit_tracker":
        game.correct("tracker", 14)
        game.answer("night")
        tap = lambda **asked: game.answer("done", **asked)  # noqa: E731
    else:
        tap = lambda **asked: game.correct("tracker", 15, **asked)  # noqa: E731
    with pytest.raises(ConfirmFirst) as asked:
        tap(ask_first=True)
    assert asked.value.then  # what the tap does: it ends the game
    tap()  # confirmed
    assert game.state.outcome is not None
    return game


@pytest.mark.parametrize(
    "how",
    [
        "death_by_day",
        "death_at_nights_end",
        "score_track",
        "bandit_tracker",
        "counter_set_to_the_end",
        "last_standing",
    ],
)
def test_once_the_game_is_decided_no_later_tap_asks_this_ends_the_game_again(how: str) -> None:
    """Rules, "Winning, Losing and Scoring": the game is won or lost once, and the table
    confirmed it. Every later tap of that game, asked first as the page asks every tap
    (counters set to a track's end too, the score sheet read), is taken at once."""
    game = decided_by(how)
    outcome = dict(game.state.outcome)
    for fix in game.bot.corrections.offered(game.state):
        game.correct(fix.field, fix.maximum, ask_first=True)
    while game.pending() is not None:
        game.answer(True, ask_first=True)
    assert game.over and game.state.outcome == outcome


@pytest.mark.parametrize("bot_id", ["covenant", "deacon", "solo_enemy"])
def test_a_bot_that_says_nothing_of_its_end_is_never_asked(bot_id: str) -> None:
    """Played to its end with every tap asked first: none is held back."""
    game = random_play.new_game(bot_id, random_play.OPTIONS[bot_id][0], 3)
    rng = random.Random(3)
    while game.pending() is not None:
        game.answer(random_play.random_answer(game, rng), ask_first=True)
    assert game.over


# --- Order of Play: the day's actions, then "Night falls" ------------------------------


def test_night_falls_is_a_plain_answer_set_apart_from_the_days_actions() -> None:
    game = new_game()
    to_day(game)
    question = game.pending().question
    by_value = {c.value: c for c in question.choices}
    assert not by_value["night"].primary and by_value["night"].apart
    assert not by_value["score"].apart and not by_value["tray"].apart
    assert [c.value for c in question.choices][-1] == "night"
