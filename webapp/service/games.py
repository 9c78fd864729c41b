"""Games as the web sees them: stored event logs turned into live engine games.

Every change goes through `act` (a typed change: webapp/engine/actions.py): under the
game's lock it checks the version the device saw, applies the change to the engine,
appends one event row (committed before returning) and only then updates the
in-memory copy. A view never takes that lock: `read` and `change` call its renderer
with the game held still.

Undo and Redo are the engine game's (its move stack, webapp/engine/history.py): this
module stores each as one event of the log, and gives the game `whole`, which reads it
again from its whole log when it needs what it does not hold.

The last games opened stay in memory (least recently used out). Every `STORE_EVERY`
versions a snapshot of the game is stored with the event, in the same transaction;
after a restart a game is resumed from it and the few events since, not replayed
from its first action. The log stays the truth: a game whose snapshot cannot be used
(or an undo further back than it, an export) is rebuilt from the whole log.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, TypeGuard, TypeVar

from ..engine import Against, Game, History, HistoryNeeded, Msg, get_bot, msg
from ..engine.actions import Action, Answered, Change, Corrected, Overturned, Redo, Undo, kind_of
from ..engine.questions import Entry, Fields, Question
from ..engine.text import single_line
from ..storage import db, safety
from . import history, library, live, table_copy

# under the web app, its log ("webapp"): a game that cannot be read is said there
log = logging.getLogger(__name__)


class GameNotFound(LookupError):
    pass


class NothingToUndo(ValueError):
    pass


class NotInEffect(ValueError):
    """A History entry that was taken back since (or is not an action): there is no
    going back to it."""


class GameUnreadable(RuntimeError):
    """A stored game Botdeck cannot rebuild (a bug, logged): its log is intact, and
    it can still be undone and exported from the log alone (see `act`, `export_game`)."""


@dataclass
class OpenGame:
    row: db.GameRow
    game: Game
    version: int
    stored_at: int = 0  # the version of the game's stored snapshot (0: none)
    # the kind and words of the change that made this version, when it was made here
    # (None: opened from storage): the other devices are told an undo or a redo
    made_by: tuple[str, dict[str, Any]] | None = None
    # what the pages work out once per version (webapp/web/fragments.py: digests, the
    # update a page holding given fragments gets): a change makes a new OpenGame, so
    # nothing here outlives the version it was worked out at
    memo: dict[Any, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def summaries(self) -> list[dict[str, Any] | None]:
        """The words of each action in effect (None: from before the snapshot resumed)."""
        return self.game.history.summaries

    @property
    def can_undo(self) -> bool:
        return bool(self.game.actions)

    @property
    def can_redo(self) -> bool:
        return bool(self.game.history.redo)

    def last_summary(self) -> Msg | None:
        """What Undo would take back, in words: the last action, or "7 actions, back to
        …" after a Redo that brought back several."""
        return self.game.history.next_undo_said()

    def next_redo(self) -> Msg | None:
        """What Redo would bring back, in words."""
        return self.game.history.next_redo_said()


# The games opened last, least recently used first: a game is ~0.5 MB in memory, and a
# server left running all season opens hundreds.
CACHED_GAMES = 32
_cache: OrderedDict[tuple[str, str], OpenGame] = OrderedDict()
_cache_guard = threading.Lock()
_locks: dict[tuple[str, str], threading.RLock] = {}
_locks_guard = threading.Lock()
# A snapshot is stored with the event every this many versions: a restart replays at
# most this many events, and a snapshot (tens of KB) is written once per so many taps.
STORE_EVERY = 16
# What `_stored` writes: the engine's stored game, its history inside it. Formats 1 and
# 2 (the history beside it; in 1, each redo entry one action) are read too, another is not.
SNAPSHOT_FORMAT = 3


def _cached(key: tuple[str, str]) -> OpenGame | None:
    with _cache_guard:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
        return found


def _keep(key: tuple[str, str], opened: OpenGame) -> None:
    with _cache_guard:
        _cache[key] = opened
        _cache.move_to_end(key)
        while len(_cache) > CACHED_GAMES:
            _cache.popitem(last=False)


def _drop(key: tuple[str, str]) -> None:
    with _cache_guard:
        _cache.pop(key, None)


def _key(game_id: str) -> tuple[str, str]:
    return (db.database(), game_id)


def lock(game_id: str) -> threading.RLock:
    """The game's lock: hold it to change the game or to read it for a render.

    The engine changes a game in place, so a render must not run while a tap
    from another device is being applied.
    """
    with _locks_guard:
        return _locks.setdefault(_key(game_id), threading.RLock())


T = TypeVar("T")


def read(game_id: str, render: Callable[[OpenGame], T]) -> T:
    """`render(game)` with the game held still (under its lock): no tap from another
    device changes it meanwhile. GameNotFound and GameUnreadable as `open_game`."""
    with lock(game_id):
        return render(open_game(game_id))


def change(
    game_id: str,
    version: int,
    made: Change,
    device: str = "",
    *,
    ask_first: bool = False,
    then: Callable[[OpenGame, Exception | None], T],
) -> T:
    """`act` (the change `made`), then `then(the game changed, None)` with the game held
    still; a change refused (StaleVersion, or a ValueError: NothingToUndo, the engine's)
    leaves it as it was, and `then(the game as it is, the refusal)` is called instead.
    GameNotFound and GameUnreadable are raised as `act` raises them."""
    with lock(game_id):
        try:
            opened = act(game_id, version, made, device, ask_first=ask_first)
        except (db.StaleVersion, ValueError) as refused:
            return then(open_game(game_id), refused)
        return then(opened, None)


def new_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits: also the game's unguessable link


def create_game(
    bot_id: str,
    options: dict[str, Any],
    *,
    name: str,
    deck: dict[str, Any] | None = None,
    seed: int | None = None,
    device: str | None = None,
    deck_id: str | None = None,
    new_deck: str | None = None,
) -> str:
    """Start a game (joined by `device`); ValueError for bad options or an unusable deck.

    `deck_id`: the library deck it plays with, which learns what is entered;
    `new_deck`: the name of a new library deck of `device`'s for it to learn into, made
    only once the game is known to start (a refused game leaves no deck behind).
    """
    seed = secrets.randbelow(2**31) if seed is None else seed
    game = Game(bot_id, {**options, **get_bot(bot_id).new_game_options}, seed, deck)
    summary, game_id = lobby_summary(game), new_id()
    with db.all_or_nothing():  # the new deck and its game, or neither
        if new_deck is not None and device is not None:
            deck_id = library.create(bot_id, new_deck, device)
        db.insert_game(
            game_id,
            watch_id=new_id(),
            deck_id=deck_id,
            device=device,
            name=name,
            bot=bot_id,
            options=game.options,
            seed=seed,
            deck=game.initial_deck,
            summary=summary,
            now=db.now(),
        )
    row = db.find_game(game_id)
    assert row is not None  # (just stored)
    game.kept_by(_whole_log(row))
    with lock(game_id):  # the game just built is the one to play: not replayed again
        _keep(_key(game_id), OpenGame(row, game, row.version))
    # its first question may already be answered by the table's copy (a printed part):
    # its History names the device as every tap does, by its name (its id is its secret)
    found = db.find_device(device) if device is not None else None
    fill_from_library(game_id, open_game(game_id), found.name if found is not None else "")
    return game_id


@dataclass
class PreparedImport:
    """A game file replayed in full and checked, ready to store."""

    game: Game
    events: list[db.NewEvent]


def prepare_import(data: Any) -> PreparedImport:
    """Replay a game file in full, once (BadGameFile if it cannot be); nothing is stored.
    Each action is stored with its words and its turn as the history shows them."""
    said: list[Msg] = []
    turns: list[Msg | None] = []
    game = Game.from_export(data, said=said, turns=turns)
    events = [
        db.NewEvent("action", action, words.to_json(), number, _json(turn))
        for number, (action, words, turn) in enumerate(
            zip(game.actions, said, turns, strict=True), start=1
        )
    ]
    return PreparedImport(game, events)


def _json(message: Msg | None) -> dict[str, Any] | None:
    return None if message is None else message.to_json()


def _turn(game: Game) -> dict[str, Any] | None:
    """The title of the turn the game is at, as an event stores it."""
    checklist = game.checklist
    return None if checklist is None else checklist.title.to_json()


def import_rows(
    prepared: PreparedImport,
    *,
    name: str,
    device: str | None = None,
    dates: tuple[str, str] | None = None,
) -> db.NewGame:
    """A prepared game as the rows it is stored as (`dates`: when a restored game was
    created and last played). Nothing is stored: a collection works out all of its
    games' rows before the one transaction that stores them."""
    game = prepared.game
    return db.new_game(
        name=name,
        device=device,
        bot=game.bot.id,
        options=game.options,
        seed=game.seed,
        # what the game started with: its actions enter the rest again as they replay
        deck=game.initial_deck,
        summary=lobby_summary(game),
        now=db.now(),
        events=prepared.events,
        dates=dates,
    )


def store_import(
    rows: db.NewGame, *, game_id: str | None = None, watch_id: str | None = None
) -> str:
    """Store an imported game: under new ids, or the ones it had (a restored
    collection)."""
    game_id = game_id or new_id()
    db.store_game(game_id, watch_id or new_id(), rows)
    return game_id


def file_name(data: Any, fallback: str) -> str:
    """The name a game file gives its game, made one line, or `fallback`."""
    name = data.get("name") if isinstance(data, dict) else None
    return (single_line(name)[:80] if isinstance(name, str) else "") or fallback


def import_game(data: Any, *, name: str, device: str | None = None) -> str:
    """Store an exported game under a new id after replaying it in full."""
    return store_import(import_rows(prepare_import(data), name=name, device=device))


def forget_all() -> None:
    """Drop every open game of this database (it was restored from a backup)."""
    database = db.database()
    with _cache_guard:
        for key in [key for key in _cache if key[0] == database]:
            _cache.pop(key, None)


def lobby_summary(game: Game) -> dict[str, Any]:
    """What the lobby shows of a game without opening it: where it stands, and once it
    is over, how the table fared against the bot (for its record)."""
    checklist = game.checklist
    summary: dict[str, Any] = {
        "over": game.over,
        "title": checklist.title.to_json() if checklist else None,
        "actions": len(game.actions),
    }
    against = against_the_bot(game) if game.over else None
    if against is not None:
        summary["result"] = against.to_json()
    return summary


def against_the_bot(game: Game) -> Against | None:
    """How the table fared in a game that is over, from its score sheet (None: the bot
    keeps no sheet, or it cannot be drawn: logged)."""
    try:
        sheet = game.bot.score_sheet(game.state)
    except Exception:
        log.exception("the score sheet of a %s game cannot be read", game.bot.id)
        return None
    return None if sheet is None else sheet.against_the_bot()


def open_game(game_id: str) -> OpenGame:
    with lock(game_id):
        head = db.game_head(game_id)
        if head is None:
            _drop(_key(game_id))
            raise GameNotFound(game_id)
        name, version, updated_at, owner = head
        cached = _cached(_key(game_id))
        if cached is not None and cached.version == version:
            cached.row = replace(
                cached.row, name=name, version=version, updated_at=updated_at, owner=owner
            )
            return cached
        row = db.find_game(game_id)
        if row is None:
            raise GameNotFound(game_id)
        opened = _resumed(row) or _rebuild(row)
        _keep(_key(game_id), opened)
        return opened


def _whole_log(row: db.GameRow) -> Callable[[], Game]:
    """How the game reads itself again from its whole log, as it then stands."""
    return lambda: _replayed(row)


def _replayed(row: db.GameRow) -> Game:
    """The game replayed from its whole log, every word of its history held."""
    actions, held = History.from_log(db.events(row.id))
    try:
        return Game.replay(
            row.bot, row.options, row.seed, row.deck, actions, deck_checked=True, history=held
        )
    except Exception as error:
        log.exception("game %s cannot be rebuilt from its log", row.id)
        raise GameUnreadable(row.id) from error


def _rebuild(row: db.GameRow) -> OpenGame:
    """The game replayed from its whole log."""
    game = _replayed(row)
    game.kept_by(_whole_log(row))
    return OpenGame(row, game, row.version, db.snapshot_version(row.id) or 0)


def _stored(opened: OpenGame) -> str:
    """What is stored of a game so that `_resumed` can take it back: the engine's
    stored game (its history included)."""
    game = opened.game
    return json.dumps({"format": SNAPSHOT_FORMAT, "bot": game.bot.id, "game": game.stored()})


def _resumed(row: db.GameRow) -> OpenGame | None:
    """The game from its stored snapshot and the events since (None: it has none that
    can be used, or the events since go back before it)."""
    found = db.find_snapshot(row.id)
    if found is None:
        return None
    version, text = found
    try:
        data = json.loads(text)
        if data.get("format") not in (1, 2, SNAPSHOT_FORMAT) or data.get("bot") != row.bot:
            return None
        held = None  # format 3: in the engine's stored game
        if data["format"] in (1, 2):
            held = History.from_stored(data, single_redo=data["format"] == 1)
        game = Game.resume(
            row.bot, row.options, row.seed, row.deck, data["game"], deck_checked=True, history=held
        )
        opened = OpenGame(row, game, version, version)
        for event in db.events_after(row.id, version):
            _replay_event(game, event)
            opened.version = event.seq
    except HistoryNeeded:
        return None
    except Exception:  # a snapshot of an earlier Botdeck, say: the log is the truth
        log.warning("game %s: its stored snapshot is not used", row.id)
        return None
    if game.needs_history or opened.version != row.version:
        return None
    game.kept_by(_whole_log(row))
    return opened


def _replay_event(game: Game, event: db.Event) -> None:
    """Apply one stored event to a game being resumed, as `act` applied it (HistoryNeeded
    if it goes back before the game's snapshot)."""
    if event.kind == "action" and event.action is not None:
        game.apply_logged(event.action, event.summary)
    elif event.kind == "undo" and game.actions:
        game.undo_to(game.history.undo_target(event.in_effect))
    elif event.kind == "redo" and game.history.redo:
        game.redo()


def _apply(game: Game, action: Action, ask_first: bool = False) -> Msg:
    """Apply an action and say it in words: the step and the answer given. `ask_first`:
    a tap to confirm first raises ConfirmFirst (the engine's), nothing changed."""
    return game.step_said(game.take(action, ask_first=ask_first))


def act(
    game_id: str,
    version: int,
    change: Change,
    device: str = "",
    *,
    ask_first: bool = False,
) -> OpenGame:
    """Apply one change at the version the device saw: an action, an `Undo` (the next
    unit, or back to a point) or a `Redo` (webapp/engine/actions.py). Raises StaleVersion
    if the game moved on, or the engine's ValueError for a bad answer; in both cases
    nothing is stored and the open game stays as it was. `ask_first`: an action the
    table must confirm raises ConfirmFirst (a ValueError).
    """
    kind = kind_of(change)
    with lock(game_id):
        try:
            opened = open_game(game_id)
        except GameUnreadable:
            if not isinstance(change, Undo):
                raise
            _undo_in_log(game_id, version, device, change.to)
            live.publish(_key(game_id), version + 1)
            return open_game(game_id)  # GameUnreadable again if the last tap was not the cause
        if version != opened.version:
            raise db.StaleVersion(game_id)
        asked = opened.game.pending()
        try:
            changed, said, turn = _changed(opened, change, ask_first)
        except ValueError:
            raise  # refused: the engine put the game back as it was
        except BaseException:
            _drop(_key(game_id))  # a bug half-way: read it again next time
            raise
        new_version = opened.version + 1
        store = new_version - changed.stored_at >= STORE_EVERY
        event = db.NewEvent(
            kind,
            None if isinstance(change, Undo | Redo) else change.to_json(),
            said.to_json(),
            len(changed.game.actions),
            turn,
        )
        try:
            db.append_event(
                game_id,
                expected_version=opened.version,
                event=event,
                game_summary=lobby_summary(changed.game),
                device=device,
                now=db.now(),
                snapshot=_stored(changed) if store else None,
            )
        except BaseException:
            _drop(_key(game_id))  # not stored: the engine copy is ahead of the log
            raise
        changed.version = new_version
        if store:
            changed.stored_at = new_version
        changed.game.read_whole()  # the words of what Undo takes next, once stored
        changed.made_by = (kind, event.summary)
        _keep(_key(game_id), changed)
        if isinstance(change, Answered) and asked is not None:
            entered = changed.game.actions[-1]["answer"]
            _once_stored(lambda: _remember(changed.row, asked.question, entered), lambda: None)
    live.publish(_key(game_id), changed.version)
    if kind in ("undo", "redo"):
        # Undo: the part is asked again, offered as the copy holds it. Redo: what comes
        # next is the game's own answer, on the redo list; one filled in here would be a
        # new action (whatever the library or the copy holds now), and a new action
        # drops what is left to redo.
        return changed
    # a part answered from the copy but not stored: the game as stored, read again
    return _once_stored(
        lambda: fill_from_library(game_id, changed, device), lambda: open_game(game_id)
    )


def _once_stored(follow_up: Callable[[], T], otherwise: Callable[[], T]) -> T:
    """What a tap does once it is stored (what the table entered kept for its next game,
    the next part answered from its copy): a database that cannot take it now (another
    program holding it, a full disk) leaves the tap as stored and answered, never told as
    refused; the part is asked again, the entry kept at its next answer."""
    try:
        return follow_up()
    except (db.DatabaseBusy, sqlite3.Error, OSError) as error:
        if not safety.from_around(error):
            raise
        log.warning("a tap's follow-up was not stored: %s", error)
        return otherwise()


def undo_back_to(game_id: str, version: int, seq: int, device: str) -> OpenGame:
    """Undo back to here: every action after the History entry `seq` taken back, as
    one event, at the version the device saw (StaleVersion: nothing changed; NotInEffect
    if that entry was taken back since or is not an action; NothingToUndo if nothing
    came after it)."""
    with lock(game_id):
        head = db.game_head(game_id)
        if head is None:
            raise GameNotFound(game_id)
        if head[1] != version:
            raise db.StaleVersion(game_id)
        entry = history.entry(game_id, seq)
        if entry is None or not entry.in_effect:
            raise NotInEffect(msg("it is no longer in effect"))
        if not entry.undoes:
            raise NothingToUndo(msg("nothing came after it"))
        return act(game_id, version, Undo(entry.event.in_effect), device)


def keeps_answer(question: Question) -> TypeGuard[Entry | Fields]:
    """Whether an answer to `question` may be kept for the owner's next game (the bot's
    `kept_key` of its draft decides): an entry, or a form that has a draft."""
    return isinstance(question, Entry) or (
        isinstance(question, Fields) and question.draft is not None
    )


def _remember(row: db.GameRow, question: Question, entered: Any) -> None:
    """What the table entered goes into the library deck it came from, or is kept for
    the next game when it is not a card (a faction's costs, a form's values)."""
    if isinstance(question, Entry):
        library.learn(row.deck_id, row.bot, question.draft, entered)
        library.keep(row.bot, question.draft, entered, row.owner)
    elif keeps_answer(question) and isinstance(entered, dict):  # not a button ("Cancel")
        library.keep(row.bot, question.draft, entered, row.owner)


def fill_from_library(game_id: str, opened: OpenGame, device: str) -> OpenGame:
    """A card part the library knows is never entered twice, nor a printed part the
    table's copy holds: answer it at once (an answer in the game's log, as if tapped:
    a replay never reads the copy)."""
    pending = opened.game.pending()
    if pending is None or not keeps_answer(pending.question):
        return opened
    question, bot_id = pending.question, opened.row.bot
    known = None
    if isinstance(question, Entry):
        known = library.known_entry(opened.row.deck_id, bot_id, question.draft)
    if known is None:
        known = table_copy.usable_value(bot_id, question.draft, opened.row.owner)
        if known is not None:
            try:
                question.parse(known)
            except ValueError:  # checked more strictly since it was kept: asked again
                return opened
    if known is None:
        return opened
    return act(game_id, opened.version, Answered(known), device=device)


class NotYours(PermissionError):
    """Only the device that started (or imported) a game deletes it for everyone."""


class StartedHere(PermissionError):
    """A game's own device does not leave it: it deletes it (or keeps it)."""


# A deleted game is kept this long, for its owner to bring back, then removed for good.
KEPT_DELETED = timedelta(days=30)


def can_delete(row: db.GameRow, device: str) -> bool:
    """Whether `device` deletes the game for everyone: it started or imported it. A game
    from before devices (no owner) is no one's to delete until a device claims it."""
    return row.owner is not None and row.owner == device


def delete_game(game_id: str, device: str) -> db.GameRow:
    """Delete the game for every device (GameNotFound, or NotYours if `device` is not
    its owner: nothing changed). Its open pages are told; it is kept for KEPT_DELETED."""
    with lock(game_id):
        row = db.find_game(game_id)
        if row is None:
            raise GameNotFound(game_id)
        if not can_delete(row, device) or not db.delete_game(game_id, owner=device, now=db.now()):
            raise NotYours(game_id)
        _drop(_key(game_id))
    live.publish(_key(game_id), -1)
    return row


def leave_game(game_id: str, device: str) -> db.GameRow:
    """Take the game off this device's list only (GameNotFound; StartedHere for its
    owner, who would lose the only device that can delete it)."""
    row = db.find_game(game_id)
    if row is None:
        raise GameNotFound(game_id)
    if can_delete(row, device):
        raise StartedHere(game_id)
    db.leave_game(device, game_id)
    return row


def _deleted_since(now: str) -> str:
    """The oldest deletion still kept at `now` (a stamp as `db.now` writes it)."""
    return (datetime.fromisoformat(now) - KEPT_DELETED).isoformat(timespec="milliseconds")


def recently_deleted(device: str, now: str) -> list[tuple[db.GameRow, int]]:
    """The games this device deleted and can bring back at `now`, each with the days it
    is still kept (rounded up: "1 day" until its last minute)."""
    found = []
    for row in db.recently_deleted(device, _deleted_since(now)):
        assert row.deleted_at is not None  # the query asked for deleted ones
        left = datetime.fromisoformat(row.deleted_at) + KEPT_DELETED - datetime.fromisoformat(now)
        found.append((row, max(1, math.ceil(left / timedelta(days=1)))))
    return found


def bring_back(game_id: str, device: str, now: str) -> db.GameRow:
    """Undelete a game this device deleted less than KEPT_DELETED before `now`: its
    history, links and place in every device's list as they were (GameNotFound if it
    is not one)."""
    with lock(game_id):
        if not db.bring_back(game_id, owner=device, since=_deleted_since(now)):
            raise GameNotFound(game_id)
        _drop(_key(game_id))
        row = db.find_game(game_id)
    assert row is not None  # just brought back, under its lock
    return row


def purge_deleted(now: str) -> int:
    """Remove for good what was deleted more than KEPT_DELETED before `now`; how many."""
    return db.purge_deleted(_deleted_since(now))


def watch_key(game_id: str) -> tuple[str, str]:
    """What `live.wait` takes to follow this game."""
    return _key(game_id)


def undone_or_redone(opened: OpenGame, kind: str) -> Msg | None:
    """What the undo or redo that made `opened` did, in words ("Undone: …", "Undone: 7
    actions, back to …"): the entry it moved onto the redo list (undo) or back into
    effect (redo)."""
    if kind == "undo":
        return opened.game.history.undone_said()
    if kind == "redo":
        return opened.game.history.redone_said()
    return None


def _changed(
    opened: OpenGame, change: Change, ask_first: bool = False
) -> tuple[OpenGame, Msg, dict[str, Any] | None]:
    """The game after the change, the change in words for the history, and the title of
    its turn: the turn an action or a redo was taken at, the turn an undo went back to.
    `ask_first`: an action the table must confirm raises ConfirmFirst."""
    game = opened.game
    turn = _turn(game)
    match change:
        case Undo(to):
            if not game.actions:
                raise NothingToUndo(msg("nothing to undo"))
            if to is None:
                game.undo_unit()
            else:
                game.undo_to(to)
            said, turn = game.history.undone_said(), _turn(game)
        case Redo():
            if not game.history.redo:
                raise NothingToUndo(msg("nothing to redo"))
            game.redo()
            said = game.history.redone_said()
        case Answered() | Corrected() | Overturned():
            said = _apply(game, change, ask_first)
        case _:
            # internal: the web layer sends only the changes above
            raise ValueError(f"unknown change {change!r}")
    assert said is not None  # the game holds the words of what it just changed
    return OpenGame(opened.row, game, opened.version, opened.stored_at), said, turn


def _undo_in_log(game_id: str, version: int, device: str, to: int | None = None) -> None:
    """Undo the last unit (or back to `to` actions) of a game that cannot be rebuilt,
    from its log alone."""
    row = db.find_game(game_id)
    if row is None:
        raise GameNotFound(game_id)
    if version != row.version:
        raise db.StaleVersion(game_id)
    actions, held = History.from_log(db.events(game_id))
    if not actions:
        raise NothingToUndo(msg("nothing to undo"))
    to = len(actions) - held.undo_size() if to is None else to
    if not 0 <= to < len(actions):
        raise NothingToUndo(msg("nothing to undo"))
    held.undo(actions[to:], to)
    said = held.undone_said()
    assert said is not None  # the whole log: every action's words
    db.append_event(
        game_id,
        expected_version=version,
        event=db.NewEvent("undo", None, said.to_json(), to),
        game_summary=row.summary,
        device=device,
        now=db.now(),
    )


def export_game(game_id: str) -> dict[str, Any]:
    """The game file; for a game that cannot be rebuilt, what replays it (from the log)."""
    try:
        opened = open_game(game_id)
    except GameUnreadable:
        row = db.find_game(game_id)
        if row is None:
            raise GameNotFound(game_id) from None
        actions, _ = History.from_log(db.events(game_id))
        return {
            **Game.file_header(),
            "bot": row.bot,
            "options": row.options,
            "seed": row.seed,
            "deck": row.deck,
            "actions": actions,
            "name": row.name,
        }
    return {**opened.game.export(), "name": opened.row.name}
