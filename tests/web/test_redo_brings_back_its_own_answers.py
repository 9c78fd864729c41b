"""Redo brings back exactly what was undone, every time: an answer the table's copy or
the card library would give at once (a printed part, a card it knows) is not given
again as a new action when Redo reaches its step. A new action would take what the
copy holds now, not what the game had, and leave nothing to redo."""

from __future__ import annotations

import json
import random
from typing import Any

from webapp.bots.deacon.components import DEMO_COMPONENTS
from webapp.engine import Kind
from webapp.engine.actions import Answered, Redo, Undo
from webapp.service import games, library, table_copy
from webapp.storage import db

from ..random_play import random_answer, starting_deck
from .conftest import OWNER

THE_GAMES_MISSIONS = {"types": ["black", "yellow", "white"]}
THE_COPYS_MISSIONS_NOW = {"types": ["blue", "orange"]}


def undone_one_by_one_then_redone(game_id: str, back: int) -> games.OpenGame:
    """Undo `back` times, then Redo as many times, each a tap of its own."""
    opened = games.open_game(game_id)
    for _ in range(back):
        opened = games.act(game_id, opened.version, Undo())
    for _ in range(back):
        opened = games.act(game_id, opened.version, Redo())
    return opened


def kinds_logged(game_id: str) -> list[str]:
    return [event.kind for event in db.events(game_id)]


def test_redo_brings_back_the_games_own_mission_colours_not_those_the_copy_holds_now(app):
    """A Deacon game enters its Mission colours (kept in the table's copy); the copy is
    changed since. Undo back past that entry, then Redo again and again: every action
    comes back as it was, the colours the game had among them."""
    with app.app_context():
        game_id = games.create_game("deacon", {}, name="Reef", seed=4, device=None)
        opened = games.open_game(game_id)
        while (pending := opened.game.pending()).step.kind == "components":
            part = pending.question.draft["part"]
            value = THE_GAMES_MISSIONS if part == "missions" else DEMO_COMPONENTS[part]
            opened = games.act(game_id, opened.version, Answered(value))
        entered = [action["answer"] for action in opened.game.actions]
        assert THE_GAMES_MISSIONS in entered
        assert table_copy.usable_value("deacon", {"kind": "components", "part": "missions"}, "")
        rng = random.Random(1)
        for _ in range(6):
            answer = random_answer(opened.game, rng)
            opened = games.act(game_id, opened.version, Answered(answer))
        played = json.dumps(opened.game.actions)
        part = table_copy.find_part("deacon", "components:missions", "")
        assert part is not None
        table_copy.save_part("deacon", part.part, THE_COPYS_MISSIONS_NOW, "")
        logged = kinds_logged(game_id)
        back = len(opened.game.actions) - entered.index(THE_GAMES_MISSIONS) + 2

        redone = undone_one_by_one_then_redone(game_id, back)

        assert json.dumps(redone.game.actions) == played
        assert not redone.game.history.redo
        assert kinds_logged(game_id) == [*logged, *["undo"] * back, *["redo"] * back]


def test_redo_brings_back_a_card_the_library_knows_without_entering_it_again(app):
    """A physical-deck game: a card entered goes into its library deck, which would
    answer it at once next time. Undo back past that card, then Redo one at a time: the
    card is the game's own again, and everything after it comes back too."""
    with app.app_context():
        options: dict[str, Any] = {"difficulty": "expert", "deck_mode": "physical"}
        deck_id = library.create("covenant", "Our cards", OWNER)
        game_id = games.create_game(
            "covenant",
            options,
            name="Ours",
            deck=starting_deck("covenant", options),
            deck_id=deck_id,
            seed=4,
            device=None,
        )
        rng = random.Random(1)
        opened, entries = games.open_game(game_id), []
        while len(opened.game.actions) < 40:
            if opened.game.pending().question.kind is Kind.ENTRY:
                entries.append(len(opened.game.actions))
            answer = random_answer(opened.game, rng)
            opened = games.act(game_id, opened.version, Answered(answer))
        assert entries and entries[-1] > 2  # a card entered, then more actions
        played = json.dumps(opened.game.actions)
        logged = kinds_logged(game_id)
        back = len(opened.game.actions) - entries[-1] + 2

        redone = undone_one_by_one_then_redone(game_id, back)

        assert json.dumps(redone.game.actions) == played
        assert not redone.game.history.redo
        assert kinds_logged(game_id) == [*logged, *["undo"] * back, *["redo"] * back]
