"""Games logged while the Solo Enemy asked its supply one Unit at a time ("Is an Air
Vessel left in its supply?" yes/no) still load and replay: a game's actions are its log.

`data/solo_enemy_supply_one_unit_at_a_time.json` was played and stored by Botdeck as it
was before the supply became one form (commit 4b6a0e1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from webapp.engine import Fields, Game

from .solo_enemy import left, new_game

OLD = Path(__file__).parent / "data" / "solo_enemy_supply_one_unit_at_a_time.json"


def old_game() -> dict[str, Any]:
    """The stored game, its state with the fields added since at their defaults."""
    old = json.loads(OLD.read_text())
    old["state"] = {"setup_together": False, **old["state"]}
    return old


def test_a_game_logged_one_unit_at_a_time_replays_to_the_state_it_had():
    old = old_game()
    logged = [action["answer"] for action in old["actions"]]
    assert any(a is True for a in logged) and any(a is False for a in logged)  # yes/no
    game = Game.replay(old["bot"], old["options"], old["seed"], None, old["actions"])
    assert game.bot.state_to_json(game.state) == old["state"]


def test_a_game_file_logged_one_unit_at_a_time_imports():
    old = old_game()
    data = {**Game.file_header(), "bot": old["bot"], "options": old["options"]}
    data.update(seed=old["seed"], deck=None, actions=old["actions"])
    said: list[Any] = []
    game = Game.from_export(data, said=said)
    assert game.bot.state_to_json(game.state) == old["state"]
    assert len(said) == len(old["actions"])


def test_a_game_stored_at_a_one_unit_question_resumes_with_the_form_and_undoes():
    """Stored while "Is an Air Vessel left?" waited: the same step now asks the form; its
    undo replays the yes/no answers logged since the snapshot before."""
    old = old_game()
    game = Game.resume(old["bot"], old["options"], old["seed"], None, old["stored"])
    pending = game.pending()
    assert pending is not None and pending.step.kind == "supply"
    assert isinstance(pending.question, Fields)
    assert [f.name for f in pending.question.fields] == ["air_vessel", "sea_vessel"]
    game.answer(left("sea_vessel"))
    assert str(game.pending().title) == (
        "Build: its new Sea Vessel goes in Hero 1's Region, Hero 1 aboard"
    )
    game.undo()
    assert game.pending().step.kind == "supply"
    game.undo()  # back before the snapshot's last answers: the logged yes/no replayed
    assert game.pending().step.kind == "x_objective"


def test_a_logged_no_then_yes_reads_as_it_did_one_unit_at_a_time():
    """A logged "no" to the Air Vessel asks the rest (Sea Vessel first); a logged "yes"
    recruits the first Unit still asked."""
    game = new_game("recruit")
    game.answer(False)
    pending = game.pending()
    assert pending.step.kind == "supply"
    assert pending.step.params["units"] == ["sea_vessel", "warrior", "serf"]
    game.answer(True)
    assert str(game.pending().title) == "Recruit: put a new Sea Vessel with Hero 1"
    assert game.state.resources == {"ore": 1, "mana": 3, "food": 2}


def test_a_logged_no_to_the_last_unit_fails_the_action():
    game = new_game("recruit", corrections={"ore": 0})  # only the Serf
    assert game.pending().step.params["units"] == ["serf"]
    game.answer(False)
    assert game.pending().step.kind == "move_start"
    assert game.state.heroes[0].failed
