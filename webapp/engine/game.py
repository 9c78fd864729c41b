"""A game: its bot, options, seed, deck and the list of actions taken.

Replaying the actions from the seed rebuilds the same game card for card; that
list is the only thing storage has to keep. The game owns its move stack, as a chess
board does: Undo goes back to the nearest snapshot and replays the few actions after
it, and `history` (webapp/engine/history.py) keeps what Undo and Redo take next, in
words.

A game can also be resumed from a snapshot stored as text (`stored`, `resume`), so a
long game is not replayed from its first action after a restart. A resumed game does
not hold the actions taken before that snapshot (their places in `actions` are None).
What would need them — an undo further back, an export — reads the whole game through
`whole`, the function storage gives it; without one, it raises `HistoryNeeded`.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import orjson

from .actions import Action, Answered, Corrected, Overturned, action_of
from .bot import Bot, Context, Overturn
from .capabilities import demo_deck, validate_deck
from .earlier import OPTION, RELEASES, EarlierRelease
from .file_versions import NEWER, refused_as_newer, unknown_fields, version_refusal, written_by
from .history import History, HistoryNeeded
from .options import checked_options
from .questions import ROLL, Dice, InvalidAnswer, Number, Question, confirm_of
from .registry import get_bot
from .steps import Checklist, Step
from .text import Msg, msg, reason, single_line

EXPORT_FORMAT = "botdeck-game"
EXPORT_VERSION = 1
# what a game file holds (`export`): in one from a newer Botdeck, another field is
# something this Botdeck does not know (webapp/engine/file_versions.py)
FILE_FIELDS = frozenset(
    ("format", "version", "revision", "name", "bot", "options", "seed", "deck", "actions")
    + ("turns", "over", "state")  # written for reading: a replay does not need them
)
#: a seed is a signed 64-bit whole number (what a game file and storage can hold)
SEED_RANGE = range(-(2**63), 2**63)
# A long game takes a few thousand taps; a file holding more is refused before replaying.
MAX_ACTIONS = 20_000
# Every this many actions the game keeps a snapshot: undo goes back to the nearest one
# and replays fewer than this many, however long the game is.
SNAPSHOT_EVERY = 32
# The table's reason for overturning a decision, as logged: a few words.
REASON_LENGTH = 80

T = TypeVar("T")


class GameOver(ValueError):
    """The game has ended: no step is waiting for an answer."""


class BadGameFile(ValueError):
    """An exported game that cannot be read back."""


class ConfirmFirst(ValueError):
    """A tap the table is asked to confirm before it is taken (it decides the game, or
    its button says so): nothing was changed. `what`: the tap in words; `then`: what it
    does."""

    def __init__(self, what: Msg, then: tuple[Msg, ...]) -> None:
        super().__init__(what)
        self.what = what
        self.then = then


@dataclass(frozen=True)
class Snapshot:
    """The game as it stood after `actions` actions.

    The bot's state, the open checklist and the working deck are kept as JSON text
    (nothing shared with the live game, which changes them in place); the finished
    checklists are shared as they are, for nothing ever changes a finished one.
    """

    actions: int
    finished: tuple[Checklist, ...]
    text: str  # {"state", "open"} as JSON
    over: bool
    # the working deck as JSON: the very string of the snapshot before when the deck did
    # not change (a deck is tens of KB, and most snapshots of a game hold the same one)
    deck: str


@dataclass(frozen=True)
class Pending:
    """The step waiting for the player, with everything needed to show it."""

    index: int
    step: Step
    title: Msg
    detail: Msg | None
    question: Question
    overturn: Overturn | None = None  # a decision the table may overturn here
    items: tuple[tuple[Msg, Msg | None], ...] = ()  # listed under its detail (StepType.items)


class Game:
    def __init__(
        self,
        bot_id: str,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        deck: dict[str, Any] | None = None,
        *,
        deck_checked: bool = False,
    ) -> None:
        """`deck_checked`: the deck was validated when it was first stored."""
        self.bot: Bot[Any] = get_bot(bot_id)
        self.options = checked_options(self.bot, options or {})
        # the earlier release that played its first actions, if one did (its rules read them)
        self.earlier = EarlierRelease.of(self.options)
        if seed not in SEED_RANGE:
            raise ValueError(msg("the seed must be a whole number between -2⁶³ and 2⁶³ − 1"))
        self.seed = int(seed)
        if deck is None:
            deck = demo_deck(self.bot)
        elif not deck_checked:
            deck = validate_deck(self.bot, deck)
        # The deck the game started with (what a replay starts from), and the
        # deck as the game knows it now: in physical-deck mode, cards entered
        # during the game (answers in its log) are added to the working copy.
        self.initial_deck: dict[str, Any] = deck
        # (a deck is JSON data: copied through orjson, ten times deepcopy's speed)
        self.deck: dict[str, Any] = orjson.loads(orjson.dumps(deck))
        self.state: Any = self.bot.setup(
            self.options, self.deck, random.Random(f"{self.seed}/setup")
        )
        self.actions: list[dict[str, Any]] = []
        self.checklists: list[Checklist] = []
        self.over = False
        # What Undo and Redo take next, in words: each action in effect, what Redo
        # brings back, the units of several actions.
        self.history = History()
        # Resumed from a stored snapshot (`resume`): the actions before it, and the
        # checklists finished before it, are not held.
        self.partial = False
        # The game read again from its whole log, for what a resumed game (or the
        # history it let go of) does not hold: given by storage (None: not kept there).
        # With it, the history holds only its latest entries.
        self.whole: Callable[[], Game] | None = None
        # Replaying actions already taken (going back to a snapshot, a redo): they are
        # not new actions for the history.
        self._replaying = False
        self._advance()
        self.snapshots: list[Snapshot] = [self._snapshot()]

    # --- reading -------------------------------------------------------------

    @property
    def checklist(self) -> Checklist | None:
        return self.checklists[-1] if self.checklists else None

    def pending(self) -> Pending | None:
        checklist = self.checklist
        if self.over or checklist is None or checklist.current is None:
            return None
        step = checklist.current
        kind = self.bot.step_types[step.kind]
        return Pending(
            len(self.actions),
            step,
            kind.title(self.state, step),
            kind.detail(self.state, step),
            kind.question(self.state, step),
            self.bot.overturns.offered(self.state, step),
            kind.items(self.state, step),
        )

    def step_title(self, step: Step) -> Msg:
        """The step's line: as it read when it was resolved, or as it reads now."""
        if step.shown_title is not None:
            return step.shown_title
        return self.bot.step_types[step.kind].title(self.state, step)

    def upcoming_title(self, step: Step) -> Msg:
        """The line of a step not reached yet (`StepType.upcoming`)."""
        return self.bot.step_types[step.kind].upcoming(self.state, step)

    def step_answer(self, step: Step) -> Msg | None:
        """The answer in words, as it was given (None: not answered, or no answer to show)."""
        return step.shown_answer

    def step_said(self, step: Step) -> Msg:
        """A resolved step and its answer in one line, for the history and the game file."""
        if step.shown_answer is None:
            return self.step_title(step)
        return msg("{step} — {answer}", step=self.step_title(step), answer=step.shown_answer)

    def since_last_tap(self) -> list[Step]:
        """The steps the last action resolved, in order: the step answered (corrected,
        overturned) and the automatic steps that ran after it, up to the step waiting
        now. At the start of a game: the automatic steps of its setup. What the table
        must now do on the board is in their notes."""
        return [step for _, step in self._since_last_tap()]

    def _since_last_tap(self) -> list[tuple[int, Step]]:
        """`since_last_tap`, each step with how many checklists back it is (0: the
        last one)."""
        found: list[tuple[int, Step]] = []
        for back, checklist in enumerate(reversed(self.checklists)):
            for step in reversed(checklist.steps[: checklist.cursor]):
                if not step.done:
                    continue
                found.append((back, step))
                if not self.bot_step_is_automatic(step):
                    return found[::-1]
        return found[::-1]

    # --- acting --------------------------------------------------------------

    def answer(
        self,
        raw: Any,
        *,
        expected_index: int | None = None,
        ask_first: bool = False,
        stored: bool = False,
    ) -> Step:
        """Answer the pending step; returns it, resolved. Raises on a bad answer.

        `ask_first`: a tap the table must confirm (it decides the game, or its button
        asks for it) raises ConfirmFirst instead, nothing changed. A replay never asks:
        what the log holds was confirmed. `stored`: an answer the log holds, read as it
        was saved (`Question.read_stored`)."""
        pending = self.pending()
        if pending is None:
            raise GameOver(msg("the game is over"))
        if expected_index is not None and expected_index != pending.index:
            raise InvalidAnswer(msg("that step has already been answered"))
        question = pending.question
        if isinstance(question, Dice) and raw == ROLL:
            # the game's own dice: the same step rolls the same (after an undo too)
            raw = question.roll(random.Random(f"{self.seed}/dice/{len(self.actions)}"))
        value = question.read_stored(raw) if stored else question.parse(raw)
        label = question.label(value, self.bot.space_name)
        warned = confirm_of(question, value) if ask_first else None
        return self._apply(Answered(value), (pending.title, label), ask_first, warned)

    def correct(self, field: str, raw: Any, *, ask_first: bool = False) -> Step:
        """Set one of the bot's counters by hand; logged like an answer."""
        if self.over:
            raise GameOver(msg("the game is over"))
        allowed = {c.field: c for c in self.bot.corrections.offered(self.state)}
        if field not in allowed:
            raise InvalidAnswer(msg("{field} cannot be corrected", field=repr(field)))
        spec = allowed[field]
        value = Number(minimum=spec.minimum, maximum=spec.maximum).parse(raw)
        title = msg("Correction: {label} set to {value}", label=spec.label, value=value)
        return self._apply(Corrected(field, value), (title, None), ask_first)

    def overturn(self, to: str, reason_given: str = "", *, ask_first: bool = False) -> Step:
        """The table overturns what the bot decided at the pending step (the outcome
        `to`, as offered); logged like an answer, with the table's reason if it gave one."""
        pending = self.pending()
        if pending is None:
            raise GameOver(msg("the game is over"))
        offered = pending.overturn
        if offered is None or offered.to != to:
            raise InvalidAnswer(msg("Botdeck decided nothing here that the table can overturn"))
        said = single_line(reason_given)[:REASON_LENGTH]
        title = msg("Overturned by the table: {what}", what=offered.said)
        shown = msg("{value}", value=said) if said else None
        return self._apply(Overturned(to, said), (title, shown), ask_first)

    def _apply(
        self,
        action: Action,
        shown: tuple[Msg, Msg | None],
        ask_first: bool = False,
        warned: Msg | None = None,
    ) -> Step:
        """Apply an answer or a correction; `shown`: its line and answer in words, kept.
        If the bot refuses it (or fails) half-way, the game is put back as it was; so it
        is if `ask_first` and it must be confirmed (`warned`, or it decides the game)."""
        before = len(self.actions)
        undecided = ask_first and self.bot.game_decided(self.state) is None
        try:
            step = self._change(action, shown)
        except BaseException:
            self._go_back_to(before)
            raise
        then = [warned] if warned is not None else []
        decided = self.bot.game_decided(self.state) if undecided else None
        if decided is not None:
            then.append(decided)
        if then:
            self._go_back_to(before)
            raise ConfirmFirst(shown[1] or shown[0], tuple(then))
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self.snapshots.append(self._snapshot())
        if not self._replaying:  # a new action: its words on the history, nothing to redo
            self.history.take(self.step_said(step).to_json())
            self._trim()
        return step

    def _change(self, action: Action, shown: tuple[Msg, Msg | None]) -> Step:
        checklist = self.checklist
        if checklist is None:
            raise GameOver(msg("the game is over"))
        ctx = self._context(checklist, automatic=False)
        match action:
            case Corrected(field, value):
                self.bot.corrections.correct(self.state, field, value)
                step = Step("correction", {"field": field, "value": value}, done=True, answer=value)
                checklist.steps.insert(checklist.cursor, step)
                checklist.cursor += 1
            case Overturned(to, reason):
                step = Step("overturn", {"to": to}, done=True, answer=reason)
                checklist.steps.insert(checklist.cursor, step)
                # the logged step is the current one while the bot drops or adds what follows
                self.bot.overturns.overturn(self.state, to, ctx)
                checklist.cursor += 1
            case Answered(value):
                step = checklist.steps[checklist.cursor]
                self.bot.step_types[step.kind].resolve(self.state, step, value, ctx)
                step.done, step.answer = True, value
                checklist.cursor += 1
        step.shown_title, step.shown_answer = shown
        self.bot.after_change(self.state, ctx)
        step.notes.extend(ctx.notes)
        step.places.extend(p for p in ctx.places if p not in step.places)
        self.actions.append(action.to_json())
        self._advance()
        return step

    def _advance(self) -> None:
        """Resolve automatic steps and open the next checklist when one ends."""
        while not self.over:
            checklist = self.checklist
            if checklist is None or checklist.finished:
                ctx = self._context(checklist, automatic=True)
                following = self.bot.next_checklist(self.state, ctx)
                if following is None:
                    self.over = True
                    return
                self.checklists.append(following)
                continue
            step = checklist.steps[checklist.cursor]
            kind = self.bot.step_types[step.kind]
            if not kind.automatic:
                return
            ctx = self._context(checklist, automatic=True)
            step.shown_title = kind.title(self.state, step)
            kind.resolve(self.state, step, None, ctx)
            self.bot.after_change(self.state, ctx)
            step.done = True
            step.notes.extend(ctx.notes)
            step.places.extend(p for p in ctx.places if p not in step.places)
            checklist.cursor += 1

    def _context(self, checklist: Checklist | None, *, automatic: bool) -> Context:
        """The context of the step resolved now: a tap (`automatic` False), or a step
        the engine runs after the last action."""
        index, date = len(self.actions), None
        if self.earlier is not None and self.earlier.played(index, automatic=automatic):
            date = self.earlier.date
        return Context(self.seed, index, checklist, self.deck, date)

    # --- replay, export, import --------------------------------------------------

    @classmethod
    def resume(
        cls,
        bot_id: str,
        options: dict[str, Any],
        seed: int,
        deck: dict[str, Any] | None,
        stored: str,
        *,
        deck_checked: bool = False,
        history: History | None = None,
    ) -> Game:
        """The game as `stored` (the text of `stored()`) left it, without replaying the
        actions before it. Its history is the one stored in it, or `history` (stored
        beside it by an earlier Botdeck). ValueError, KeyError… (the bot's own errors
        too) if the text is not one."""
        game = cls(bot_id, options, seed, deck, deck_checked=deck_checked)
        data = json.loads(stored)
        base, now = (
            Snapshot(
                int(part["actions"]),
                (),
                str(part["text"]),
                bool(part["over"]),
                str(part["deck"] or data["base"]["deck"]),
            )
            for part in (data["base"], data["now"])
        )
        after = data["after"]
        if not 0 <= base.actions <= now.actions or base.actions + len(after) != now.actions:
            # internal: a damaged database; the web layer offers Undo and Export
            raise ValueError("the stored game's snapshots and actions do not add up")
        game._restore(now)
        # the actions before the base snapshot are not held (see `partial`): only their
        # number counts, for what an action's place in the game decides (its dice)
        game.actions = [*cast(list[dict[str, Any]], [None] * base.actions), *after]
        game.snapshots = [base] if now.actions == base.actions else [base, now]
        game.partial = True
        if history is None:
            history = (
                History.from_stored(data["history"])
                if "history" in data
                else History([None] * now.actions)  # no words held: Undo reads the log
            )
        game._held(history)
        return game

    def _held(self, history: History) -> None:
        """Take `history` as the game's (read from storage with the actions in effect)."""
        if history.in_effect != len(self.actions):
            # internal: a damaged database; the web layer offers Undo and Export
            raise ValueError("the stored history and the actions in effect do not add up")
        self.history = history

    def stored(self) -> str:
        """The game as it stands, as text `resume` takes back: the game now, the snapshot
        before it with the actions since, and the latest of its history, so that Undo and
        Redo work after a resume."""
        count = len(self.actions)
        base = next(
            (snapshot for snapshot in reversed(self.snapshots) if snapshot.actions < count),
            self.snapshots[0],
        )
        now = self.snapshots[-1] if self.snapshots[-1].actions == count else self._snapshot()
        return json.dumps(
            {
                "base": {
                    "actions": base.actions,
                    "over": base.over,
                    "text": base.text,
                    "deck": base.deck,
                },
                "after": self.actions[base.actions :],
                "now": {
                    "actions": now.actions,
                    "over": now.over,
                    "text": now.text,
                    "deck": None if now.deck == base.deck else now.deck,  # the same: once
                },
                "history": self.history.stored(),
            }
        )

    @classmethod
    def replay(
        cls,
        bot_id: str,
        options: dict[str, Any],
        seed: int,
        deck: dict[str, Any] | None,
        actions: list[dict[str, Any]],
        *,
        deck_checked: bool = False,
        history: History | None = None,
    ) -> Game:
        """The game replayed from its actions, with `history` as its log says (None: the
        words of these actions, nothing to redo)."""
        game = cls(bot_id, options, seed, deck, deck_checked=deck_checked)
        if history is None:
            for action in actions:
                game.apply_action(action)
            return game
        with game._replay():  # their words are the log's: not worked out again
            for action in actions:
                game.apply_action(action)
        game._held(history)
        return game

    # --- undo and redo: the move stack ---------------------------------------------

    def undo(self) -> dict[str, Any]:
        """Take back the last action; returns it. The game goes back to its nearest
        snapshot and replays the few actions after it: the same cost at any length."""
        if not self.actions:
            raise InvalidAnswer(msg("there is nothing to undo"))
        return self.undo_to(len(self.actions) - 1)[0]

    def undo_unit(self) -> list[dict[str, Any]]:
        """Undo as the table's Undo does: the last action, or all the actions one Redo
        brought back together; returns them, oldest first."""
        if not self.actions:
            raise InvalidAnswer(msg("there is nothing to undo"))
        return self.undo_to(len(self.actions) - self.history.undo_size())

    def undo_to(self, count: int) -> list[dict[str, Any]]:
        """Take back every action after the first `count` at once ("Undo back to here");
        returns them, oldest first, and Redo brings them back at once. From the nearest
        snapshot, as `undo`: the same cost however many are taken back."""
        if not 0 <= count < len(self.actions):
            raise InvalidAnswer(msg("there is nothing to undo back to there"))
        return self._whole_if_needed(lambda: self._undo_to(count))

    def _undo_to(self, count: int) -> list[dict[str, Any]]:
        if self.whole is not None:  # its words can be read: HistoryNeeded before any change
            self.history.check_undo(count)
        undone = self.actions[count:]
        self._go_back_to(count)
        self.history.undo(undone, count)
        self._trim()
        return undone

    def redo(self) -> list[dict[str, Any]]:
        """Bring back what the last undo took back, as one unit; returns those actions.
        Any new action leaves nothing to redo."""
        if not self.history.redo:
            raise InvalidAnswer(msg("there is nothing to redo"))
        return self._whole_if_needed(self._redo)

    def _redo(self) -> list[dict[str, Any]]:
        actions = [action for action, _ in self.history.next_redo()]  # HistoryNeeded first
        before = len(self.actions)
        try:
            with self._replay():
                for action in actions:
                    self.apply_action(action)
        except BaseException:
            if len(self.actions) > before:
                self._go_back_to(before)  # the game as it was: none of them, not some
            raise
        self.history.redone()
        self._trim()
        return actions

    @property
    def needs_history(self) -> bool:
        """What Undo or Redo would take next is not held (from before the snapshot the
        game resumed from, or let go of)."""
        return self.history.needs_history

    def read_whole(self) -> None:
        """If what Undo or Redo would take next is not held, read the whole game (through
        `whole`): its words are then shown before the tap."""
        if self.needs_history and self.whole is not None:
            self._become(self.whole())

    def _whole_if_needed(self, change: Callable[[], T]) -> T:
        """`change()`; if it needs what the game does not hold (it changed nothing then),
        the whole game is read through `whole` and it is made again."""
        try:
            return change()
        except HistoryNeeded:
            if self.whole is None:
                raise
            self._become(self.whole())
            return change()

    def _become(self, whole: Game) -> None:
        """Take over `whole`'s actions, snapshots, state and history: the same game, with
        everything held."""
        self.actions, self.snapshots, self.history = whole.actions, whole.snapshots, whole.history
        self.state, self.deck, self.checklists = whole.state, whole.deck, whole.checklists
        self.over, self.partial = whole.over, whole.partial

    def kept_by(self, whole: Callable[[], Game]) -> None:
        """Storage keeps this game's log: `whole` reads it again from it, so its history
        need hold only its latest words."""
        self.whole = whole
        self._trim()

    def apply_logged(self, action: dict[str, Any], said: dict[str, Any]) -> Step:
        """Apply an action of the game's log, its words as the log holds them."""
        with self._replay():
            step = self.apply_action(action)
        self.history.take(said)
        self._trim()
        return step

    def _trim(self) -> None:
        """Let go of the words memory need not hold, when they can be read again."""
        if self.whole is not None:
            self.history.trim()

    @contextlib.contextmanager
    def _replay(self) -> Iterator[None]:
        """Actions applied again (going back to a snapshot, a redo) are not new actions
        for the history."""
        was, self._replaying = self._replaying, True
        try:
            yield
        finally:
            self._replaying = was

    # --- snapshots ---------------------------------------------------------------

    def _snapshot(self) -> Snapshot:
        # The open checklist, and those before it that the last action's steps reach
        # into: a game resumed from this snapshot still knows what that action did.
        spans = max((back for back, _ in self._since_last_tap()), default=0) + 1
        cut = max(0, len(self.checklists) - spans)
        finished, last = self.checklists[:cut], self.checklists[cut:]
        text = json.dumps(
            {
                "state": self.bot.state_to_json(self.state),
                "open": [checklist.to_json() for checklist in last],
            }
        )
        deck = json.dumps(self.deck)
        before = getattr(self, "snapshots", None)
        if before and before[-1].deck == deck:
            deck = before[-1].deck
        return Snapshot(len(self.actions), tuple(finished), text, self.over, deck)

    def _restore(self, snapshot: Snapshot) -> None:
        data = json.loads(snapshot.text)
        self.state = self.bot.state_from_json(data["state"])
        self.deck = json.loads(snapshot.deck)
        self.checklists = [*snapshot.finished, *map(Checklist.from_json, data["open"])]
        self.over = snapshot.over

    def _go_back_to(self, count: int) -> None:
        """The game as it was after its first `count` actions: from the nearest
        snapshot, replaying what came after it. HistoryNeeded (nothing changed) if a
        resumed game would have to go back before the snapshot it resumed from."""
        actions = self.actions[:count]
        if self.snapshots[0].actions > count:
            # internal: caught: the full history is loaded instead
            raise HistoryNeeded("this goes back before the stored snapshot")
        while self.snapshots[-1].actions > count:
            self.snapshots.pop()
        snapshot = self.snapshots[-1]
        self._restore(snapshot)
        self.actions = actions[: snapshot.actions]
        with self._replay():
            for action in actions[snapshot.actions :]:
                self.apply_action(action)

    def apply_action(self, action: dict[str, Any]) -> Step:
        """Apply one stored action (as found in `actions`), checking it again; returns
        its step, resolved."""
        return self.take(action_of(action), stored=True)

    def take(self, action: Action, *, ask_first: bool = False, stored: bool = False) -> Step:
        """Apply an action as the table took it (`stored`: an answer read as the log saved
        it); returns its step, resolved."""
        match action:
            case Corrected(field, value):
                return self.correct(field, value, ask_first=ask_first)
            case Overturned(to, reason):
                return self.overturn(to, reason, ask_first=ask_first)
            case Answered(value):
                return self.answer(value, ask_first=ask_first, stored=stored)

    @staticmethod
    def file_header() -> dict[str, Any]:
        """What every game file starts with: its format and version (and the revision of
        the Botdeck that wrote it: webapp/engine/file_versions.py)."""
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, **written_by()}

    def export(self) -> dict[str, Any]:
        """The whole game as JSON-ready data: enough to replay it, and readable (a
        resumed game reads its whole log for it, through `whole`)."""
        if self.partial:
            if self.whole is not None:
                return self.whole().export()
            # internal: caught: the full history is loaded instead
            raise HistoryNeeded("a resumed game does not hold its earlier actions")
        return {
            **self.file_header(),
            "bot": self.bot.id,
            "options": self.options,
            "seed": self.seed,
            "deck": self.initial_deck,
            "actions": self.actions,
            "turns": [
                {
                    "title": str(checklist.title),
                    **checklist.header,
                    "answers": [
                        {
                            "step": s.kind,
                            # JSON values only: every snapshot writes them as JSON
                            "params": dict(s.params),
                            "answer": s.answer,
                            "said": str(self.step_said(s)),
                        }
                        for s in checklist.steps
                        if s.done and not self.bot_step_is_automatic(s)
                    ],
                }
                for checklist in self.checklists
            ],
            "over": self.over,
            "state": self.bot.state_to_json(self.state),
        }

    def bot_step_is_automatic(self, step: Step) -> bool:
        kind = self.bot.step_types.get(step.kind)
        return kind is not None and kind.automatic

    @classmethod
    def from_export(
        cls, data: Any, *, said: list[Msg] | None = None, turns: list[Msg | None] | None = None
    ) -> Game:
        """Rebuild a game from `export()` output by replaying its actions (once: the
        working deck learns what a physical-deck game's actions enter, so a second
        replay must start again from `initial_deck`). `said`, if given, receives each
        action's step and answer in words, as the history shows them; `turns` the title
        of the turn each was taken in. A file from a newer Botdeck that cannot be read
        is refused as such (webapp/engine/file_versions.py).

        A file an earlier release wrote, whose answers today's rules would take for
        other steps than the ones it names (its `turns`), is read as that release played
        it: its actions are that release's (`earlier.EarlierRelease`)."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise BadGameFile(msg("this is not a Botdeck game file"))
        refused = version_refusal(data, EXPORT_VERSION)
        if refused is not None:
            raise BadGameFile(refused)
        if unknown_fields(data, FILE_FIELDS):
            raise BadGameFile(NEWER)
        with refused_as_newer(data, BadGameFile):
            return cls._replayed_file(data, said, turns)

    @classmethod
    def _replayed_file(
        cls, data: dict[str, Any], said: list[Msg] | None, turns: list[Msg | None] | None
    ) -> Game:
        """`from_export` once the file's format and version are known to be readable."""
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise BadGameFile(msg("the game file has no list of actions"))
        if len(actions) > MAX_ACTIONS:
            raise BadGameFile(
                msg("the game file holds more than {limit} actions", limit=MAX_ACTIONS)
            )
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadGameFile(msg("the game file has no whole-number seed"))
        if seed not in SEED_RANGE:
            raise BadGameFile(msg("the game file's seed is outside -2⁶³ … 2⁶³ − 1"))
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise BadGameFile(msg("the game file's options are not a list of named values"))
        deck = data.get("deck")
        if deck is not None and not isinstance(deck, dict):
            raise BadGameFile(msg("the game file's deck is not a deck"))
        bot = str(data.get("bot"))
        read: FileRead | None = None
        try:
            read, refused = cls._file_replay(bot, options, seed, deck, actions), None
        except BadGameFile as error:
            refused = error
        if (read is None or not _steps_as_written(read[0], data)) and OPTION not in options:
            # written by an earlier release (it says which step each answer was for):
            # read as that release played it, if that is what the file says
            for date in RELEASES:
                stamped = {**options, **EarlierRelease(date, len(actions)).option()}
                try:
                    earlier = cls._file_replay(bot, stamped, seed, deck, actions)
                except BadGameFile:
                    continue
                if _steps_as_written(earlier[0], data):
                    read = earlier
                    break
        if read is None:
            assert refused is not None  # (today's rules could not read it)
            raise refused
        game, game_said, game_turns = read
        if said is not None:
            said.extend(game_said)
        if turns is not None:
            turns.extend(game_turns)
        return game

    @classmethod
    def _file_replay(
        cls,
        bot: str,
        options: dict[str, Any],
        seed: int,
        deck: dict[str, Any] | None,
        actions: list[Any],
    ) -> FileRead:
        """A game file's actions replayed (BadGameFile if they cannot be); with each
        action's step and answer in words, and the title of the turn it was taken in."""
        said: list[Msg] = []
        turns: list[Msg | None] = []
        try:
            game = cls(bot, options, seed, deck)
        except ValueError as error:  # the bot, its options or deck: the engine's own words
            raise BadGameFile(msg("the game cannot be set up: {why}", why=reason(error))) from error
        for number, action in enumerate(actions, start=1):
            turns.append(game.checklist.title if game.checklist else None)
            try:
                step = game.apply_action(action)
            except InvalidAnswer as error:
                raise BadGameFile(
                    msg(
                        "its action {number} cannot be taken: {why}",
                        number=number,
                        why=reason(error),
                    )
                ) from error
            except GameOver as error:
                raise BadGameFile(
                    msg("its action {number} comes after the game ended", number=number)
                ) from error
            except (ValueError, KeyError, TypeError) as error:  # not words for a person
                raise BadGameFile(
                    msg("its action {number} is not one Botdeck can read", number=number)
                ) from error
            said.append(game.step_said(step))
        return game, said, turns


#: a game file replayed: the game, each action's words, the title of its turn
FileRead = tuple[Game, list[Msg], list[Msg | None]]


def _steps_as_written(game: Game, data: dict[str, Any]) -> bool:
    """Whether the game answered its actions at the steps its file says each was for
    (the kinds of its `turns`' answers; a file without them says nothing otherwise)."""
    written = data.get("turns")
    if not isinstance(written, list):
        return True
    try:
        kinds = [[answer["step"] for answer in turn["answers"]] for turn in written]
    except (KeyError, TypeError):
        return True
    return kinds == [
        [s.kind for s in checklist.steps if s.done and not game.bot_step_is_automatic(s)]
        for checklist in game.checklists
    ]
