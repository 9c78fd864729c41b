"""The game owns its move stack (webapp/engine/history.py), as a chess board does: every
action the table takes is on it with its words, Undo takes back a unit and Redo brings
it back, a resumed game reads its whole log itself when Undo goes further back than it
holds, and the event log read back gives the same stack as the taps made."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from webapp.engine import Game, History, HistoryNeeded, InvalidAnswer
from webapp.engine.game import SNAPSHOT_EVERY
from webapp.engine.history import STORED_TAIL, back_to, trimmed

from ..random_play import BOTS, random_answer
from .test_resume import now, resumed
from .test_snapshots import played


def seen(game: Game) -> Any:
    return now(game, 0)


@dataclass(frozen=True)
class Logged:
    """One event of a log, as storage reads it back."""

    kind: str
    action: dict[str, Any] | None
    summary: dict[str, Any]
    in_effect: int


def logged(game: Game, kind: str, said: Any) -> Logged:
    action = game.actions[-1] if kind == "action" else None
    return Logged(kind, action, said.to_json(), len(game.actions))


@pytest.mark.parametrize("bot_id", BOTS)
def test_every_action_taken_is_on_the_stack_with_its_words(bot_id):
    game = played(bot_id, 1, 20)
    assert game.history.in_effect == len(game.actions) == 20
    answered = game.since_last_tap()[0]  # the step the last action resolved
    assert game.history.next_undo_said() == game.step_said(answered)
    assert not game.history.redo


@pytest.mark.parametrize("bot_id", BOTS)
def test_redo_brings_back_what_undo_took_back_as_one_unit(bot_id):
    game = played(bot_id, 2, 2 * SNAPSHOT_EVERY + 5)
    before = seen(game)
    taken = game.undo_to(10)
    assert len(taken) == 2 * SNAPSHOT_EVERY - 5 and game.history.in_effect == 10
    assert game.redo() == taken
    assert seen(game) == before
    assert game.history.undo_size() == len(taken)  # one unit: the next Undo takes it all
    assert game.undo_unit() == taken and game.history.in_effect == 10


@pytest.mark.parametrize("bot_id", BOTS)
def test_going_back_to_a_snapshot_replays_without_adding_to_the_stack(bot_id):
    game = played(bot_id, 3, SNAPSHOT_EVERY + 7)
    game.undo()  # replays the actions after the snapshot before
    assert game.history.in_effect == len(game.actions) == SNAPSHOT_EVERY + 6
    assert len(game.history.redo) == 1  # what it took back, still there to redo


def test_a_new_action_leaves_nothing_to_redo():
    game = played("covenant", 4, 6)
    action = game.undo()
    assert game.history.redo
    game.apply_action(action)
    assert not game.history.redo
    with pytest.raises(InvalidAnswer, match="^there is nothing to redo$"):
        game.redo()


@pytest.mark.parametrize("bot_id", BOTS)
def test_a_resumed_game_reads_its_whole_log_when_undo_goes_back_further(bot_id):
    game = played(bot_id, 5, 2 * SNAPSHOT_EVERY + 3)
    again = resumed(game)
    reads = []

    def whole() -> Game:
        reads.append(1)
        return Game.replay(game.bot.id, game.options, game.seed, game.initial_deck, game.actions)

    again.kept_by(whole)
    taken = again.undo_to(3)  # before the snapshot it resumed from
    assert reads == [1] and not again.partial
    assert taken == game.undo_to(3)
    assert seen(again) == seen(game)
    assert again.redo() == game.redo() and seen(again) == seen(game)


def test_without_its_log_a_resumed_game_says_it_needs_its_whole_history():
    game = played("covenant", 5, SNAPSHOT_EVERY + 3)
    again = resumed(game)
    before = seen(again)
    with pytest.raises(HistoryNeeded, match="^this goes back before the stored snapshot$"):
        again.undo_to(2)
    assert seen(again) == before and again.history.in_effect == len(again.actions)


def test_a_resumed_game_keeps_what_redo_brings_back():
    game = played("covenant", 6, 20)
    taken = game.undo_to(15)
    again = resumed(game)
    assert again.history.next_redo_said() == game.history.next_redo_said()
    assert again.redo() == game.redo() == taken
    assert seen(again) == seen(game)


def test_a_resumed_game_takes_back_what_one_redo_brought_back_as_one_unit():
    """After a restart, the next Undo still takes back all that the last Redo brought back
    together: the units are stored with the game."""
    game = played("covenant", 6, 20)
    game.undo_to(15)
    game.redo()
    again = resumed(game)
    assert again.history.undo_size() == game.history.undo_size() == 5
    assert again.history.next_undo_said() == game.history.next_undo_said()
    assert again.undo_unit() == game.undo_unit()
    assert len(again.actions) == len(game.actions) == 15 and seen(again) == seen(game)


def test_undo_needs_the_words_of_every_action_it_takes_back_even_the_first():
    """What an undo back to a point takes back must be held in words, back to the start
    of the game; undoing nothing needs none."""
    history = History([None, {"text": "b"}], [], {})
    with pytest.raises(HistoryNeeded, match="before the stored snapshot"):
        history.check_undo(0)
    history.check_undo(1)  # its words are held
    history.check_undo(2)  # nothing taken back


def test_undo_back_to_the_end_of_a_unit_leaves_the_unit_whole():
    """Redo brings back five actions as one unit; two more are taken, then taken back to
    the end of the unit: the next Undo takes back the five together."""
    game = played("covenant", 6, 20)
    game.undo_to(15)
    game.redo()
    rng = random.Random(0)
    game.answer(random_answer(game, rng))
    game.answer(random_answer(game, rng))
    game.undo_to(20)
    assert len(game.undo_unit()) == 5 and len(game.actions) == 15


def test_two_actions_brought_back_by_one_redo_are_one_unit_in_words_too():
    game = played("covenant", 6, 20)
    game.undo_to(18)
    assert str(game.history.next_redo_said()).startswith("2 actions, up to “")
    game.redo()
    assert str(game.history.redone_said()).startswith("Redone: 2 actions, up to “")
    assert str(game.history.next_undo_said()).startswith("2 actions, back to “")
    assert len(game.undo_unit()) == 2


def test_a_unit_back_to_the_start_says_so():
    game = played("covenant", 6, 4)
    game.undo_to(0)
    assert str(game.history.undone_said()) == "Undone: 4 actions, back to the start of the game"
    game.redo()
    assert str(game.history.next_undo_said()) == "4 actions, back to the start of the game"


def test_several_actions_back_to_one_whose_words_are_not_held_are_counted():
    assert str(back_to(1, 5, None)) == "1 action"
    assert str(back_to(3, 5, None)) == "3 actions"


def test_nothing_to_redo_or_not_held_has_no_words():
    assert History().next_redo_said() is None  # a game just started
    assert History().undone_said() is None  # nothing undone
    assert History([{"text": "a"}], [None], {}).next_redo_said() is None  # not held


def test_a_served_game_lets_go_of_old_words_and_reads_them_back():
    """With a log to read them from, memory holds only the latest words; an undo of older
    ones reads the whole game again first."""
    game = played("covenant", 7, 3 * STORED_TAIL)
    assert game.history.summaries[0] is not None  # a game of its own: every word held
    actions = list(game.actions)
    game.kept_by(
        lambda: Game.replay(game.bot.id, game.options, game.seed, game.initial_deck, actions)
    )
    assert game.history.summaries[0] is None  # let go of
    game.undo_to(5)
    assert game.history.in_effect == 5 and game.history.summaries[4] is not None


def test_a_long_game_holds_the_words_of_its_latest_actions_only():
    """Memory lets go of all but the latest STORED_TAIL words once it holds twice as many,
    again and again however long the game: it holds between the two, never more."""
    entries: list[Any] = []
    held = []
    for number in range(10 * STORED_TAIL):
        entries.append({"action": number})
        trimmed(entries)
        held.append(sum(entry is not None for entry in entries))
        assert None not in entries[-STORED_TAIL:]  # the latest always held
    first = held.index(STORED_TAIL, 2 * STORED_TAIL)  # the first time it let go
    assert first == 2 * STORED_TAIL  # with one more than twice STORED_TAIL held
    assert held[:first] == list(range(1, first + 1))
    assert min(held[first:]) == STORED_TAIL and max(held[first:]) == 2 * STORED_TAIL


@pytest.mark.parametrize("bot_id", BOTS)
def test_the_log_read_back_is_the_stack_the_taps_made(bot_id):
    rng = random.Random(bot_id)
    game = played(bot_id, 8, 12)
    log = [
        Logged("action", action, summary, number)
        for number, (action, summary) in enumerate(
            zip(game.actions, game.history.summaries, strict=True), start=1
        )
    ]
    for _ in range(12):
        choice = rng.choice(["undo", "back", "redo"])
        if choice == "redo" and game.history.redo:
            game.redo()
            log.append(logged(game, "redo", game.history.redone_said()))
        elif choice == "back" and len(game.actions) > 2:
            game.undo_to(rng.randrange(len(game.actions) - 1))
            log.append(logged(game, "undo", game.history.undone_said()))
        elif game.actions:
            game.undo_unit()
            log.append(logged(game, "undo", game.history.undone_said()))
    actions, read = History.from_log(log)
    assert actions == game.actions
    assert json.dumps(read.stored()) == json.dumps(game.history.stored())


def test_new_actions_after_undoing_what_one_redo_brought_back_are_undone_one_at_a_time():
    """Redo brings back five actions as one unit and Undo takes them back together; the
    table then takes five new actions, back at the count where that unit ended: the next
    Undo takes back only the newest. Guards `History.undo` letting go of a unit it took
    back (a unit left behind would take back the five new actions at once)."""
    game = played("covenant", 6, 20)
    game.undo_to(15)
    game.redo()
    assert len(game.undo_unit()) == 5 and len(game.actions) == 15
    rng = random.Random(0)
    for _ in range(5):
        game.answer(random_answer(game, rng))
    newest = game.actions[-1]
    assert game.history.undo_size() == 1
    assert game.undo_unit() == [newest] and len(game.actions) == 19


def test_a_redo_that_fails_half_way_leaves_the_game_exactly_as_it_was():
    """The table undoes back past a snapshot; the fourth of the actions Redo would bring
    back cannot be read any more (a log from an earlier Botdeck, say): Redo is refused,
    and the game is as it was, its stacks, snapshots and stored form included, not with
    the first three brought back. Guards `Game._redo` going back when it fails."""
    game = played("covenant", 9, SNAPSHOT_EVERY + 10)
    game.undo_to(SNAPSHOT_EVERY - 5)
    group = game.history.redo[-1]
    assert group is not None and len(group) == 15
    group[3] = ({"nonsense": 1}, group[3][1])

    def everything() -> Any:
        return (
            seen(game),
            list(game.actions),
            json.dumps(game.history.stored()),
            [snapshot.actions for snapshot in game.snapshots],
            game.stored(),
        )

    before = everything()
    with pytest.raises(InvalidAnswer, match="^an action is either an answer or a correction$"):
        game.redo()
    assert everything() == before
