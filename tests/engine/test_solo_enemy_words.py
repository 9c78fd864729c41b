"""The Solo Enemy's arithmetic in the words it puts on the steps: what it pays and gains,
where a card is, the Exploration Tokens it collects, a Resource Token moved on the Tax
Track. Each word is what the table reads; each figure is what its board shows."""

from __future__ import annotations

import pytest

from webapp.bots.solo_enemy import rules

from .solo_enemy import cost, new_game


def enemy():  # type: ignore[no-untyped-def]
    return new_game("recruit").state


def test_a_free_cost_is_said_nothing_and_a_cost_names_each_resource_in_order() -> None:
    assert str(rules.cost_text(cost())) == "nothing"
    assert str(rules.cost_text(cost(food=1, ore=2))) == "2 Ore, 1 Food"
    assert str(rules.cost_text(cost(ore=1, mana=3, food=2))) == "1 Ore, 3 Mana, 2 Food"


def test_paying_takes_each_resource_and_says_what_it_paid() -> None:
    state = enemy()
    state.resources = {"ore": 4, "mana": 2, "food": 1}
    assert str(rules.pay(state, cost(ore=3, food=1))) == "It pays 3 Ore, 1 Food."
    assert state.resources == {"ore": 1, "mana": 2, "food": 0}


def test_a_cost_it_cannot_pay_is_refused_and_takes_nothing() -> None:
    state = enemy()
    state.resources = {"ore": 1, "mana": 0, "food": 0}
    with pytest.raises(ValueError, match="^the Enemy cannot pay that$"):
        rules.pay(state, cost(ore=2))
    assert state.resources == {"ore": 1, "mana": 0, "food": 0}


def test_a_resource_never_exceeds_10_and_the_step_says_how_many_were_lost() -> None:
    # base rules, "Resource Track": no Resource ever exceeds 10
    state = enemy()
    state.resources["ore"] = 9
    said = rules.gain(state, "ore", 3)
    assert str(said) == "It gains 1 Ore (2 lost: a Resource never exceeds 10)."
    assert state.resources["ore"] == 10
    assert str(rules.gain(state, "mana", 0)) == "It gains 0 Mana."


def test_a_card_that_cannot_be_turned_over_says_where_it_is() -> None:
    state = enemy()
    state.cards.discard.append("x-card")
    assert str(rules.where_is(state, "x-card")) == "in the discard pile"
    state.heroes[1].card = "y-card"
    assert str(rules.where_is(state, "y-card")) == "in Hero Slot 2"
    assert rules.where_is(state, "z-card") is None


def test_collecting_exploration_tokens_adds_them_up_with_1_vp_each() -> None:
    # Solo rulebook, "Collecting Exploration Tokens": taken onto its board; VP for each
    state = enemy()
    state.tokens, before = 2, state.total_vp
    assert str(rules.collect_tokens(state, 3)) == "It collects 3 Exploration Tokens: +3 VP."
    assert state.tokens == 5 and state.total_vp == before + 3 and type(state.vp["tokens"]) is int
    assert str(rules.collect_tokens(state, 1)) == "It collects 1 Exploration Token: +1 VP."
    assert rules.collect_tokens(state, 0) is None and state.tokens == 6


def test_a_resource_token_put_on_a_taken_slot_swaps_with_the_token_there() -> None:
    state = enemy()
    state.tax = {"ore": 1, "mana": 2, "food": 3}
    rules.set_tax_slot(state, "ore", 3)
    assert state.tax == {"ore": 3, "mana": 2, "food": 1}
    rules.set_tax_slot(state, "ore", 3)  # already there: nothing else moves
    assert state.tax == {"ore": 3, "mana": 2, "food": 1}


def test_the_end_is_triggered_once_and_keeps_the_reason_it_was_triggered_for() -> None:
    # Solo rulebook, "End of the Game": once triggered, the end cannot be undone
    state = enemy()
    assert rules.trigger_end(state, "objective") is True
    assert rules.trigger_end(state, "track") is False
    assert state.end_reason == "objective"
