"""The turn cycle every bot runs on: its order, its rounds, the rulebooks' two ends."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

import pytest

from webapp.engine import EndRule, Seat, TurnCycle

COVENANT, YOU = Seat("ai"), Seat("player")
# Heroes' Solo Enemy: Enemy Hero 1, your action 1, Enemy Hero 2, your action 2, Enemy
# Hero 3, then the Collection Phase.
ROUND = [
    Seat("enemy", 0),
    Seat("player", 1),
    Seat("enemy", 1),
    Seat("player", 2),
    Seat("enemy", 2),
    Seat("collection"),
]


def covenant_solo() -> TurnCycle:
    return TurnCycle([COVENANT, YOU], EndRule.EVERYONE_ELSE_ONCE_MORE)


def solo_enemy_rounds() -> TurnCycle:
    return TurnCycle(list(ROUND), EndRule.FINISH_THE_ROUND_AND_ONE_MORE)


def seats_until_scored(cycle: TurnCycle) -> list[Seat]:
    seats = []
    while (seat := cycle.advance()) is not None:
        seats.append(seat)
    return seats


def test_the_order_repeats_and_each_return_to_the_first_seat_starts_a_round():
    cycle = covenant_solo()
    assert cycle.current is None and cycle.round == 0
    assert [cycle.advance() for _ in range(5)] == [COVENANT, YOU, COVENANT, YOU, COVENANT]
    assert cycle.round == 3 and cycle.current == COVENANT
    assert not cycle.ending


def test_the_covenant_claiming_a_fourth_achievement_gives_you_one_more_turn():
    cycle = covenant_solo()
    cycle.advance()
    assert cycle.trigger_end(COVENANT)
    assert cycle.ending
    assert seats_until_scored(cycle) == [YOU]


def test_your_fourth_achievement_gives_the_covenant_one_additional_turn():
    cycle = covenant_solo()
    cycle.advance()
    cycle.advance()
    assert cycle.trigger_end()  # by the seat whose turn it is: yours
    assert cycle.end_trigger == YOU
    assert seats_until_scored(cycle) == [COVENANT]


def test_the_turn_that_triggers_the_end_is_not_a_last_turn_the_turns_after_it_are():
    """Dead Reckoning solo rulebook, "Achievements & end game scoring": whoever did not
    trigger the end takes one more turn, where "last turn rules apply"; the rest of the
    triggering turn is played as usual."""
    cycle = covenant_solo()
    cycle.advance()
    assert not cycle.last_turn
    cycle.trigger_end()  # the Covenant's fourth achievement, on its own turn
    assert cycle.ending and not cycle.last_turn
    assert cycle.advance() == YOU and cycle.last_turn


def test_in_2_vs_2_every_turn_after_the_trigger_is_a_last_turn():
    order = [Seat("ai", 0), Seat("player", 0), Seat("ai", 1), Seat("player", 1)]
    cycle = TurnCycle(order, EndRule.EVERYONE_ELSE_ONCE_MORE)
    cycle.advance()
    cycle.advance()
    cycle.trigger_end()  # player 0, on their own turn
    last = []
    while cycle.advance() is not None:
        last.append(cycle.last_turn)
    assert last == [True, True, True]


def test_where_one_more_round_is_played_a_last_turn_is_a_turn_of_the_last_round():
    cycle = solo_enemy_rounds()
    cycle.advance()
    cycle.trigger_end()
    assert not cycle.last_turn
    last = []
    while cycle.advance() is not None:
        last.append((cycle.round, cycle.last_turn))
    assert last == [(1, False)] * 5 + [(2, True)] * 6


def test_in_2_vs_2_everyone_else_plays_once_more_until_the_turn_returns_to_the_trigger():
    order = [Seat("ai", 1), Seat("player", 1), Seat("ai", 0), Seat("player", 0)]
    cycle = TurnCycle(order, EndRule.EVERYONE_ELSE_ONCE_MORE)
    for _ in range(3):
        cycle.advance()
    cycle.trigger_end(Seat("ai", 0))  # a fourth achievement on its own turn
    assert seats_until_scored(cycle) == [Seat("player", 0), Seat("ai", 1), Seat("player", 1)]


def test_an_end_triggered_mid_round_completes_the_round_and_plays_one_more():
    cycle = solo_enemy_rounds()
    for _ in range(len(ROUND) + 2):  # round 2, your action 1
        cycle.advance()
    assert cycle.round == 2
    assert cycle.trigger_end()
    assert cycle.end_round == 3 and not cycle.last_round
    rest = seats_until_scored(cycle)
    assert rest == ROUND[2:] + ROUND
    assert cycle.round == 3 and cycle.last_round


def test_an_end_triggered_at_the_collection_still_plays_one_more_round():
    cycle = solo_enemy_rounds()
    for _ in range(len(ROUND)):  # round 1, Collection
        cycle.advance()
    cycle.trigger_end()
    assert seats_until_scored(cycle) == ROUND


def test_once_triggered_the_end_cannot_be_moved():
    cycle = solo_enemy_rounds()
    cycle.advance()
    assert cycle.trigger_end()
    for _ in range(len(ROUND)):
        cycle.advance()
    assert not cycle.trigger_end()
    assert cycle.end_round == 2


def test_a_destroyed_capital_city_ends_the_game_at_once():
    cycle = solo_enemy_rounds()
    cycle.advance()
    cycle.advance()
    cycle.end_now()
    assert cycle.ending
    assert cycle.advance() is None
    assert cycle.over and cycle.current == Seat("player", 1)  # where the game stopped


def test_once_the_turns_are_over_no_one_plays_again():
    cycle = covenant_solo()
    cycle.advance()
    cycle.trigger_end(COVENANT)
    seats_until_scored(cycle)
    assert cycle.over
    assert cycle.advance() is None and cycle.advance() is None


def test_the_covenants_end_needs_to_know_who_triggered_it():
    with pytest.raises(ValueError, match="triggered by a seat"):
        covenant_solo().trigger_end()


def test_a_turn_order_has_at_least_one_seat():
    with pytest.raises(ValueError, match=r"^a turn order needs at least one seat$"):
        TurnCycle([], EndRule.FINISH_THE_ROUND_AND_ONE_MORE)


def test_a_turn_cycle_round_trips_through_json():
    cycle = solo_enemy_rounds()
    for _ in range(8):
        cycle.advance()
    cycle.trigger_end()
    data = json.loads(json.dumps(cycle.to_json()))
    assert data["order"][0] == ["enemy", 0]
    assert TurnCycle.from_json(data) == cycle


def test_a_turn_cycle_ended_at_once_round_trips_through_json_stopped_and_over():
    cycle = solo_enemy_rounds()
    cycle.advance()
    cycle.end_now()
    cycle.advance()
    assert cycle.stopped and cycle.over
    back = TurnCycle.from_json(json.loads(json.dumps(cycle.to_json())))
    assert back == cycle and back.stopped and back.over


@dataclass
class BotState:
    turns: TurnCycle
    coins: int = 0


def test_a_bot_state_holding_a_turn_cycle_round_trips_through_asdict_and_json():
    """What a bot's `state_to_json` / `state_from_json` do with the cycle inside."""
    state = BotState(covenant_solo(), coins=3)
    state.turns.advance()
    state.turns.trigger_end(COVENANT)
    data = json.loads(json.dumps(asdict(state)))
    back = BotState(**{**data, "turns": TurnCycle.from_json(data["turns"])})
    assert back == state
    assert seats_until_scored(back.turns) == [YOU]


def test_a_seat_stored_without_its_index_is_the_first_of_its_kind():
    assert Seat.from_json({"kind": "player"}) == Seat("player", 0)
    assert Seat.from_json({"kind": "ai", "index": 1}) == Seat("ai", 1)


def test_an_end_no_seat_triggered_before_anyone_played_is_refused_in_words() -> None:
    """Everyone else plays once more after the seat that triggered the end: before any
    turn there is no such seat (a bot's mistake, said as such)."""
    cycle = TurnCycle([COVENANT, YOU], EndRule.EVERYONE_ELSE_ONCE_MORE)
    with pytest.raises(
        ValueError, match="^the end is triggered by a seat, and no one has played yet$"
    ):
        cycle.trigger_end()
    assert cycle.end_trigger is None and not cycle.ending
