"""The service's answers where a mutation test found no test looking (make mutate): a
deleted game's open pages are told it is gone, each refusal names the game, a tap that
decides the game is asked first, and what Redo and a resumed game bring back of the
log is read as it was saved."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from webapp.bots.solo_enemy.faction import profile_fields, read_profile
from webapp.engine import (
    Context,
    Game,
    InvalidAnswer,
    Msg,
    Overturn,
    Overturns,
    ScoreSheet,
    Step,
    msg,
)
from webapp.engine.actions import Answered, Corrected, Redo, Undo, action_of
from webapp.engine.game import ConfirmFirst
from webapp.engine.registry import register, unregister
from webapp.service import games, live
from webapp.storage import db

from ..dice_bot import TURNS, DiceBot
from ..engine.solo_enemy import deck as solo_enemy_deck
from ..engine.solo_enemy import new_game as solo_enemy_game


def started(app: Flask) -> str:
    """A game started by the device "owner" (another device, "someone else", exists too)."""
    with app.app_context():
        for device in ("owner", "someone else"):
            db.insert_device(device, device.title(), db.now())
        return games.create_game("covenant", {"difficulty": "normal"}, name="Kept", device="owner")


def test_deleting_a_game_tells_its_open_pages_it_is_gone(app: Flask) -> None:
    game_id = started(app)
    heard: list[tuple[Any, int]] = []
    stop = live.listen(lambda name, version: heard.append((name, version)))
    try:
        with app.app_context():
            games.delete_game(game_id, "owner")
            gone = live.topic(games._key(game_id))
    finally:
        stop()
    assert heard == [(gone, -1)]  # -1: deleted (a page then says so and offers the lobby)


def test_a_deleted_game_is_not_served_from_memory(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        games.open_game(game_id)  # in memory
        games.delete_game(game_id, "owner")
        assert games._key(game_id) not in games._cache
        with pytest.raises(games.GameNotFound) as refused:
            games.open_game(game_id)
    assert refused.value.args == (game_id,)


def test_each_refusal_of_a_game_names_the_game(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        with pytest.raises(games.GameNotFound) as missing:
            games.delete_game("nosuchgame", "owner")
        assert missing.value.args == ("nosuchgame",)
        with pytest.raises(db.StaleVersion) as stale:
            games.act(game_id, 5, Corrected("coins", 4))
        assert stale.value.args == (game_id,)
        with pytest.raises(games.NotYours) as not_yours:
            games.delete_game(game_id, "someone else")
        assert not_yours.value.args == (game_id,)
        with pytest.raises(games.StartedHere) as started_here:
            games.leave_game(game_id, "owner")
        assert started_here.value.args == (game_id,)
        with pytest.raises(games.GameNotFound) as never_deleted:
            games.bring_back("nosuchgame", "owner", "2026-01-01T00:00:00")
        assert never_deleted.value.args == ("nosuchgame",)
        with pytest.raises(games.GameNotFound) as to_leave:
            games.leave_game("nosuchgame", "owner")
        assert to_leave.value.args == ("nosuchgame",)


def test_a_game_brought_back_is_read_again_from_the_database(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        games.open_game(game_id)
        games.delete_game(game_id, "owner")
        games.bring_back(game_id, "owner", db.now())
        assert games._key(game_id) not in games._cache
        assert games.open_game(game_id).game.pending() is not None


def test_an_imported_game_is_stored_with_its_summary_and_each_action_numbered(app: Flask) -> None:
    """The lobby lists an imported game where it stands; the History numbers its actions
    from 1 (the actions in effect once each is taken)."""
    game_id = started(app)
    with app.app_context():
        for value in (3, 4, 5):
            opened = games.open_game(game_id)
            games.act(game_id, opened.version, Corrected("coins", value))
        exported = games.export_game(game_id)
        copy = games.import_game(exported, name="Copy")
        row = db.find_game(copy)
        assert row is not None
        assert row.summary == games.lobby_summary(games.open_game(game_id).game)
        assert [event.in_effect for event in db.events(copy)] == [1, 2, 3]


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"name": "Sunday night"}, "Sunday night"),
        ({"name": "a\nb"}, "a b"),
        ({"name": "x" * 90}, "x" * 80),
        ({"name": 5}, "game.json"),
        ({"name": ""}, "game.json"),
        ({}, "game.json"),
        (["a list"], "game.json"),
    ],
)
def test_a_game_file_names_its_game_in_one_line_of_80_or_leaves_the_file_name(
    data: Any, named: str
) -> None:
    assert games.file_name(data, "game.json") == named


def test_a_game_deleted_while_its_file_is_read_from_its_log_is_not_found(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that cannot be rebuilt is exported from its log: gone meanwhile (deleted
    on another device), it is not found, by its id."""
    game_id = started(app)

    def unreadable(found: str) -> Any:
        raise games.GameUnreadable(found)

    monkeypatch.setattr(games, "open_game", unreadable)
    monkeypatch.setattr(db, "find_game", lambda found, **_: None)
    with app.app_context(), pytest.raises(games.GameNotFound) as missing:
        games.export_game(game_id)
    assert missing.value.args == (game_id,)


@pytest.mark.parametrize("to", ["3", 2.0, True])
def test_an_undo_back_to_anything_but_a_whole_number_is_refused(app: Flask, to: Any) -> None:
    game_id = started(app)
    with app.app_context():
        opened = games.act(game_id, 0, Corrected("coins", 4))
        with pytest.raises(ValueError, match="^an undo goes back to a whole number of actions$"):
            games.act(game_id, opened.version, Undo(to))  # refused as it is made
        assert games.open_game(game_id).version == opened.version  # nothing stored


# --- what the service applies, and how (make mutate found no test looking) ----------


class RunHome(Overturns[dict]):
    """The dice bot's move, which the table may overturn: "it runs home"."""

    def offered(self, state: dict, step: Step) -> Overturn | None:
        if step.kind != "move":
            return None
        return Overturn(
            "home", msg("It runs home"), msg("It may run home"), msg("The bot runs home")
        )

    def overturn(self, state: dict, to: str, ctx: Context) -> None:
        state["turn"] = TURNS
        assert ctx.checklist is not None
        ctx.checklist.drop_pending()


class RunawayDiceBot(DiceBot):
    """The tests' dice bot, whose move the table may overturn: "it runs home", which
    ends the game, and so decides it."""

    id = "dice_runaway"
    overturns = RunHome()

    def game_decided(self, state: dict) -> Msg | None:
        return msg("The bot is home") if state["turn"] >= TURNS else None


@pytest.fixture
def runaway(app: Flask) -> Iterator[str]:
    """A game of the runaway dice bot, its move waiting."""
    register(RunawayDiceBot())
    try:
        with app.app_context():
            game_id = games.create_game(RunawayDiceBot.id, {}, name="Runaway", seed=1)
            games.act(game_id, 0, Answered([1, 2]))
        yield game_id
    finally:
        unregister(RunawayDiceBot.id)


def test_an_overturn_that_decides_the_game_is_confirmed_first(app: Flask, runaway: str) -> None:
    overturn = {"overturn": "home", "reason": ""}
    with app.app_context():
        with pytest.raises(ConfirmFirst) as asked:
            games.act(runaway, 1, action_of(overturn), ask_first=True)
        assert [str(then) for then in asked.value.then] == ["The bot is home"]
        assert db.find_game(runaway).version == 1  # nothing stored
        assert games.open_game(runaway).game.pending().step.kind == "move"
        confirmed = games.act(runaway, 1, action_of(overturn))  # the table said yes
        assert confirmed.game.over and db.find_game(runaway).version == 2


def test_an_unknown_change_is_refused_and_nothing_is_stored(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        for change in ["undo", {"correct": "coins", "value": 4}, None]:  # not typed changes
            with pytest.raises(ValueError, match="^unknown change"):
                games.act(game_id, 0, change)  # type: ignore[arg-type]
        assert db.find_game(game_id).version == 0
        assert games.open_game(game_id).game.actions == []


# A Solo C.C. Board saved all 0 by an earlier Botdeck: refused if given now, played as
# it was from a game's log (see tests/engine/test_printed_solo_board.py).
ALL_ZERO = read_profile(
    {**profile_fields(None), **{f"track{n}.level": str(min(n, 3)) for n in range(1, 7)}}
)


def refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("rebuilt from the whole log")


def test_an_answer_saved_before_a_stricter_check_is_redone_and_resumed_as_played(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redo brings an answer of the log back as it was saved; so does a game resumed
    from its stored snapshot and the events since (not rebuilt from its whole log)."""
    game = solo_enemy_game(set_up=False)
    game.answer("done")
    logged = [*game.actions, {"answer": ALL_ZERO}]
    played = Game.replay("solo_enemy", game.options, game.seed, solo_enemy_deck(), logged)
    monkeypatch.setattr(games, "STORE_EVERY", 2)  # a snapshot stored with the undo
    with app.app_context():
        game_id = games.import_game({**played.export(), "name": "Old"}, name="Old")
        undone = games.act(game_id, 2, Undo())
        assert len(undone.game.actions) == 1 and undone.stored_at == 3
        assert games.act(game_id, 3, Redo()).game.state.profile == ALL_ZERO
        games.forget_all()  # as after a restart
        monkeypatch.setattr(games, "_rebuild", refused)
        assert games.open_game(game_id).game.state.profile == ALL_ZERO


@pytest.mark.parametrize("fails_at", [1, 2])
def test_a_redo_refused_half_way_is_refused_in_its_words_and_brings_back_nothing(
    app: Flask, monkeypatch: pytest.MonkeyPatch, fails_at: int
) -> None:
    """A redo of three actions whose first or second is refused: the refusal is the
    one given, the game keeps none of them, and the redo can be tried again."""
    game_id = started(app)
    with app.app_context():
        for version, coins in enumerate((3, 4, 5)):
            games.act(game_id, version, Corrected("coins", coins))
        games.act(game_id, 3, Undo(0))
        real, calls = Game.apply_action, []

        def refuses(game: Game, action: dict[str, Any]) -> Step:
            calls.append(action)
            if len(calls) == fails_at:
                raise InvalidAnswer(msg("refused by the test"))
            return real(game, action)

        monkeypatch.setattr(Game, "apply_action", refuses)  # what the game's redo applies
        with pytest.raises(InvalidAnswer, match="^refused by the test$"):
            games.act(game_id, 4, Redo())
        assert len(calls) == fails_at
        opened = games.open_game(game_id)
        assert opened.game.actions == [] and opened.can_redo
        assert db.find_game(game_id).version == 4  # nothing stored
        monkeypatch.setattr(Game, "apply_action", real)
        assert len(games.act(game_id, 4, Redo()).game.actions) == 3


class Broken(RuntimeError):
    pass


def test_a_change_a_bug_stops_after_the_engine_took_it_is_not_kept_in_memory(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine took the correction, then its words could not be said (a bug): the
    tap fails, nothing is stored, and the next tap meets the game as stored, not the
    copy in memory that holds the correction."""
    game_id = started(app)

    def fails(self: Game, step: Step) -> Msg:
        raise Broken("its words cannot be said")

    with app.app_context():
        games.open_game(game_id)  # in memory
        with monkeypatch.context() as patched:
            patched.setattr(Game, "step_said", fails)
            with pytest.raises(Broken, match="its words cannot be said"):
                games.act(game_id, 0, Corrected("coins", 4))
        assert games.open_game(game_id).game.actions == []
        assert db.find_game(game_id).version == 0


def test_a_change_the_database_could_not_store_is_not_kept_in_memory(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = started(app)

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    with app.app_context():
        games.open_game(game_id)  # in memory
        with monkeypatch.context() as patched:
            patched.setattr(db, "append_event", disk_full)
            with pytest.raises(sqlite3.OperationalError, match="disk is full"):
                games.act(game_id, 0, Corrected("coins", 4))
        assert games.open_game(game_id).game.actions == []
        stored = games.act(game_id, 0, Corrected("coins", 5))
        assert stored.game.actions == [{"correct": "coins", "value": 5}]


# --- a log or a deck as an earlier Botdeck stored it ---------------------------------


def test_a_stored_deck_is_not_checked_again_when_its_game_is_read(app: Flask) -> None:
    """A deck stored before a stricter check (here, a field an earlier Botdeck wrote that
    deck files no longer take) still plays its game after a restart."""
    game_id = started(app)
    with app.app_context():
        games.act(game_id, 0, Corrected("coins", 4))
        deck = {**db.find_game(game_id).deck, "notes": "kept by an earlier Botdeck"}
        connection = db.get_db()
        connection.execute("UPDATE games SET deck = ? WHERE id = ?", (json.dumps(deck), game_id))
        connection.commit()
        games.forget_all()  # as after a restart
        assert games.open_game(game_id).game.actions == [{"correct": "coins", "value": 4}]


def logged(app: Flask, game_id: str, kind: str, in_effect: int) -> None:
    """An event appended as an earlier Botdeck stored it."""
    with app.app_context():
        version = db.find_game(game_id).version
        said = msg("Undone").to_json()
        db.append_event(
            game_id,
            expected_version=version,
            event=db.NewEvent(kind, None, said, in_effect),
            game_summary=db.find_game(game_id).summary,
            device="",
            now=db.now(),
        )
        games.forget_all()  # read again from the log


def test_an_undo_an_earlier_botdeck_stored_with_nothing_to_undo_changed_nothing(
    app: Flask,
) -> None:
    """Before undo was refused with nothing to undo, such a tap was stored: read again,
    it changes nothing (it is not a redo of what the undo before took back)."""
    game_id = started(app)
    with app.app_context():
        games.act(game_id, 0, Corrected("coins", 4))
        games.act(game_id, 1, Undo())
    logged(app, game_id, "undo", 0)
    with app.app_context():
        opened = games.open_game(game_id)
        assert opened.game.actions == [] and opened.can_redo


def test_an_undo_that_does_not_say_what_it_left_takes_back_the_next_undos_unit(
    app: Flask,
) -> None:
    game_id = started(app)
    with app.app_context():
        for version, coins in enumerate((3, 4)):
            games.act(game_id, version, Corrected("coins", coins))
    logged(app, game_id, "undo", 2)  # 2 actions in effect "after" it: no undo says so
    with app.app_context():
        opened = games.open_game(game_id)
        assert opened.game.actions == [{"correct": "coins", "value": 3}]


# --- the stored snapshot: when it is written, when it is used ------------------------


def corrections(app: Flask, game_id: str, count: int) -> None:
    """`count` more taps (coin corrections), each at the game's version."""
    with app.app_context():
        for _ in range(count):
            version = db.find_game(game_id).version
            games.act(game_id, version, Corrected("coins", version % 9 + 1))


def test_a_snapshot_is_stored_every_16_versions_counted_from_the_last_even_after_a_restart(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = started(app)
    monkeypatch.setattr(games, "_resumed", lambda row: None)  # every read rebuilds the game
    corrections(app, game_id, 10)
    with app.app_context():
        games.forget_all()  # a restart before any snapshot
    corrections(app, game_id, 6)
    with app.app_context():
        assert db.snapshot_version(game_id) == 16
        games.forget_all()  # a restart after it
    corrections(app, game_id, 15)
    with app.app_context():
        assert db.snapshot_version(game_id) == 16  # 31: not yet
    corrections(app, game_id, 1)
    with app.app_context():
        assert db.snapshot_version(game_id) == 32


def snapshot_taken(app: Flask, monkeypatch: pytest.MonkeyPatch, game_id: str = "") -> str:
    """A game (started here, or `game_id`) with 3 taps whose snapshot was stored with the
    last, read again as after a restart."""
    game_id = game_id or started(app)
    monkeypatch.setattr(games, "STORE_EVERY", 3)
    corrections(app, game_id, 3)
    with app.app_context():
        assert db.snapshot_version(game_id) == 3
        games.forget_all()
    return game_id


def test_a_game_resumed_from_its_snapshot_plays_its_own_deck(
    app: Flask, monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    game_id = snapshot_taken(app, monkeypatch, game_id)  # its deck: the tests' own
    monkeypatch.setattr(games, "_rebuild", refused)
    with app.app_context():
        row = db.find_game(game_id)
        assert not row.deck.get("demo")
        assert games.open_game(game_id).game.deck == row.deck


def test_a_stored_deck_is_not_checked_again_when_its_game_is_resumed(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = snapshot_taken(app, monkeypatch)
    monkeypatch.setattr(games, "_rebuild", refused)
    with app.app_context():
        deck = {**db.find_game(game_id).deck, "notes": "kept by an earlier Botdeck"}
        connection = db.get_db()
        connection.execute("UPDATE games SET deck = ? WHERE id = ?", (json.dumps(deck), game_id))
        connection.commit()
        assert len(games.open_game(game_id).game.actions) == 3


def stored_snapshot(app: Flask, game_id: str, change: Any) -> None:
    with app.app_context():
        connection = db.get_db()
        data = json.loads(connection.execute("SELECT data FROM snapshots").fetchone()[0])
        connection.execute("UPDATE snapshots SET data = ?", (json.dumps(change(data)),))
        connection.commit()


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda data: {**data, "format": 99}, id="a newer format"),
        pytest.param(lambda data: {**data, "bot": "deacon"}, id="another bot's"),
    ],
)
def test_a_snapshot_this_botdeck_does_not_read_is_left_and_the_game_rebuilt(
    app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, change: Any
) -> None:
    game_id = snapshot_taken(app, monkeypatch)
    stored_snapshot(app, game_id, change)
    rebuilt: list[str] = []
    real = games._rebuild
    monkeypatch.setattr(
        games, "_rebuild", lambda row, **kw: rebuilt.append(row.id) or real(row, **kw)
    )
    with app.app_context(), caplog.at_level(logging.WARNING):
        assert len(games.open_game(game_id).game.actions) == 3
    assert rebuilt == [game_id]
    assert caplog.records == []  # expected: nothing to say


def test_a_snapshot_that_cannot_be_read_is_said_in_the_log_and_the_game_rebuilt(
    app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = snapshot_taken(app, monkeypatch)
    stored_snapshot(app, game_id, lambda data: {**data, "game": "not a game"})
    with app.app_context(), caplog.at_level(logging.WARNING):
        assert len(games.open_game(game_id).game.actions) == 3
    said = [record.getMessage() for record in caplog.records]
    assert said == [f"game {game_id}: its stored snapshot is not used"]


def test_each_game_started_without_a_seed_is_shuffled_afresh(app: Flask) -> None:
    """A hundred games, a hundred seeds (from 2³¹: two alike once in some 400,000 runs),
    each below 2³¹, as a game file's seed has always been (a 32-bit integer to any
    program that reads one)."""
    with app.app_context():
        seeds = {
            db.find_game(games.create_game("covenant", {}, name=f"Game {n}")).seed
            for n in range(100)
        }
    assert len(seeds) == 100 and all(0 <= seed < 2**31 for seed in seeds)


# --- how a game over fared, kept in its summary ---------------------------------------


class SheetlessDiceBot(DiceBot):
    """The tests' dice bot, keeping no score sheet (its pages end the game)."""

    id = "dice_sheetless"

    def score_sheet(self, state: dict) -> ScoreSheet | None:
        return None


class BrokenSheetDiceBot(DiceBot):
    """The tests' dice bot, whose score sheet cannot be drawn (a bug)."""

    id = "dice_broken_sheet"

    def score_sheet(self, state: dict) -> ScoreSheet | None:
        if state["turn"] >= TURNS:
            raise Broken("the sheet cannot be drawn")
        return None


def played_to_the_end(app: Flask, bot: DiceBot) -> dict[str, Any]:
    """A game of `bot` played to its end from the service; its lobby summary."""
    register(bot)
    try:
        with app.app_context():
            game_id = games.create_game(bot.id, {}, name="To the end", seed=1)
            while not (opened := games.open_game(game_id)).game.over:
                pending = opened.game.pending()
                answer = [1, 2] if pending.step.kind == "roll" else True
                games.act(game_id, opened.version, Answered(answer))
            return db.find_game(game_id).summary
    finally:
        unregister(bot.id)


def test_a_bot_that_keeps_no_score_sheet_ends_its_game_with_no_record(app: Flask) -> None:
    summary = played_to_the_end(app, SheetlessDiceBot())
    assert summary["over"] is True and "result" not in summary


def test_a_score_sheet_that_cannot_be_drawn_is_logged_and_the_game_still_ends(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR):
        summary = played_to_the_end(app, BrokenSheetDiceBot())
    assert summary["over"] is True and "result" not in summary
    said = {record.getMessage() for record in caplog.records}
    assert "the score sheet of a dice_broken_sheet game cannot be read" in said


def test_a_games_span_runs_from_its_first_tap_to_its_last(app: Flask) -> None:
    game_id = started(app)
    with app.app_context():
        assert db.play_span(game_id) is None  # no tap yet
        corrections(app, game_id, 3)
        times = [event.created_at for event in db.events(game_id)]
        assert db.play_span(game_id) == (times[0], times[-1])


def test_the_lobby_line_of_a_game_says_where_it_stands(app: Flask) -> None:
    """What the lobby shows without opening a game: the turn it is at, its taps, over or
    not (its summary, stored with each tap)."""
    game_id = started(app)
    with app.app_context():
        opened = games.act(game_id, 0, Corrected("coins", 4))
        summary = db.find_game(game_id).summary
        title = opened.game.checklist.title.to_json()
    assert summary == {"over": False, "title": title, "actions": 1}
