"""Which steps an earlier release played (webapp/engine/earlier.py): the taps it took,
and the steps it ran after the last of them before it left the game."""

from __future__ import annotations

from webapp.engine import Context
from webapp.engine.earlier import EarlierRelease


def test_an_earlier_release_played_its_taps_and_the_steps_it_ran_after_its_last():
    """Three actions taken: taps 0, 1 and 2 were its own, and so were the steps it ran
    after each, the third's too (the game as it left it); the fourth tap is today's."""
    earlier = EarlierRelease("2026-11-24", 3)
    taps = [earlier.played(index, automatic=False) for index in range(5)]
    assert taps == [True, True, True, False, False]
    ran = [earlier.played(index, automatic=True) for index in range(5)]
    assert ran == [True, True, True, True, False]
    assert EarlierRelease.of(earlier.option()) == earlier
    assert EarlierRelease.of({"difficulty": "hard"}) is None


def test_a_step_is_played_by_the_rules_of_a_release_only_if_one_before_it_played_it():
    def context(earlier: str | None) -> Context:
        return Context(1, 0, None, None, earlier)

    assert context("2026-11-24").played_before("2026-11-25")
    assert not context("2026-11-25").played_before("2026-11-25")  # that very release's
    assert not context("2026-11-24").played_before("2026-11-24")
    assert not context(None).played_before("2026-11-25")  # today's
