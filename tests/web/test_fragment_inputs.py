"""A board, card, state panel or strip of key figures is drawn again only when its inputs
change (their digest, `webapp/web/fragments.py`), so its inputs must name everything it
draws: on random games of every bot, whenever a region's inputs are the same as at an
earlier step, the region drawn afresh is the same HTML as it was then."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from webapp.engine.actions import Answered
from webapp.service import games
from webapp.web import fragments

from ..random_play import BOTS, OPTIONS, random_answer, starting_deck

STEPS = 80


@pytest.mark.parametrize("watch", [False, True], ids=["play", "watch"])
@pytest.mark.parametrize("bot_id", BOTS)
def test_a_region_whose_inputs_did_not_change_draws_the_same(app, bot_id, watch):
    seen: dict[tuple[str, str], str] = {}
    compared: Counter[str] = Counter()
    for number, options in enumerate(OPTIONS[bot_id]):
        rng = random.Random(number)
        with app.test_request_context("/"):
            app.preprocess_request()
            game_id = games.create_game(
                bot_id,
                options,
                name="Inputs",
                seed=number,
                deck=starting_deck(bot_id, options),
            )
            for _ in range(STEPS):
                opened = games.open_game(game_id)
                context = fragments.page_context(opened, watch=watch)
                for name in context["fragment_names"]:
                    digest = fragments.inputs_digest(name, context)
                    if digest is None:
                        continue
                    drawn = fragments.render_block(
                        fragments.PAGE, name, **{**context, "version": fragments.VERSION_MARK}
                    )
                    if (name, digest) in seen:
                        compared[name] += 1
                        assert drawn == seen[(name, digest)], (name, opened.version)
                    seen[(name, digest)] = drawn
                if opened.game.pending() is None:
                    break
                answer = random_answer(opened.game, rng)
                games.act(game_id, opened.version, Answered(answer))
    assert compared.total() > 20  # regions often stay as they were: the check had work to do
    assert compared["figures"] > 5  # the key figures too (a tap seldom changes them all)
