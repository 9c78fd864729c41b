"""The shape every bot plug-in has.

A bot is a package that subclasses `Bot`, declares its step types and registers
itself with `registry.register`. The engine drives it: it asks the bot for the
next checklist whenever the current one is finished, and hands each answer to
the step type that owns the pending step.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar, cast

from .capabilities import NO_PARTS, BoardRules, CopyParts, DeckRules
from .questions import DONE, Kind, Question, confirm
from .steps import TOGETHER, Checklist, Step
from .text import Msg, msg, nmsg

if TYPE_CHECKING:  # scoring's step type is built on this module's StepType
    from .scoring import ScoreSheet

State = TypeVar("State")
T = TypeVar("T", bound=type)
#: the params of one kind of step, as its step type reads them: a TypedDict
Params = TypeVar("Params", bound=Mapping[str, Any])


class Context:
    """What a step type may do besides changing the bot's state.

    `earlier`: the date of the earlier release that played this step, if one did (it
    belongs to the part of the game that release took: `earlier.EarlierRelease`)."""

    def __init__(
        self,
        seed: int,
        action_index: int,
        checklist: Checklist | None,
        deck: dict[str, Any] | None = None,
        earlier: str | None = None,
    ) -> None:
        self._seed = seed
        self.deck: dict[str, Any] = deck or {}
        self._action_index = action_index
        self.checklist = checklist
        self.earlier = earlier
        self.notes: list[Msg] = []
        self.places: list[str] = []

    def played_before(self, release: str) -> bool:
        """Whether a release older than the one of `release` (a date, "2026-11-25")
        played this step: what a bot's rules did differently before that release is
        what was played, and its log replays only so."""
        return self.earlier is not None and self.earlier < release

    def rng(self, purpose: str) -> random.Random:
        """A generator derived from the game's seed, this action and a purpose.

        Redoing the same answers after an undo reaches the same action index,
        so it flips the same coin and deals the same cards.
        """
        return random.Random(f"{self._seed}/{purpose}/{self._action_index}")

    def note(self, message: Msg, *, places: Iterable[str] = ()) -> None:
        """Say what the app did or decided; `places`: the places of the bot's board the
        message names (as its SPACE questions name them), lit while the table acts."""
        self.notes.append(message)
        self.light(*places)

    def light(self, *places: str) -> None:
        """Places of the board the table must act on because of this step, besides
        those its notes name (each once, in the order named)."""
        self.places.extend(p for p in places if p not in self.places)

    def insert(self, *steps: Step) -> None:
        """Put steps right after the one being resolved."""
        assert self.checklist is not None
        self.checklist.insert_after_current(list(steps))


class StepType(Generic[State]):
    """How one kind of step reads, what it asks, and what answering it does."""

    #: resolved by the engine as soon as it is reached, with no tap and no
    #: stored answer (a decision the app can make from what it already knows)
    automatic: bool = False
    #: a bookkeeping step: once done, its line is shown only if it noted something
    #: (an automatic check that found nothing to say needs no line in the checklist)
    hidden_unless_noted: bool = False
    #: an automatic step whose line alone says what the table now does on the board ("It
    #: gains 2 coins"): shown under "Now on the board" after the tap that ran it, even
    #: when it noted nothing (an automatic step that noted something is shown with them)
    board_line: bool = False

    def title(self, state: State, step: Step) -> Msg:
        raise NotImplementedError

    def upcoming(self, state: State, step: Step) -> Msg:
        """Its line while the steps before it are still being asked: its title, unless
        the title would tell what those steps have not settled yet (who wins)."""
        return self.title(state, step)

    def detail(self, state: State, step: Step) -> Msg | None:
        """A longer explanation or the rulebook clause, shown under the title."""
        return None

    def question(self, state: State, step: Step) -> Question:
        raise NotImplementedError

    def resolve(self, state: State, step: Step, value: Any, ctx: Context) -> None:
        raise NotImplementedError

    def items(self, state: State, step: Step) -> tuple[tuple[Msg, Msg | None], ...]:
        """What the step lists besides its title and detail, each a line and its detail
        (a run of things done at the table with one Done: `together`)."""
        return ()


class TypedParams(Generic[Params]):
    """The second base of a step type that reads its step's params: `Params` is the
    TypedDict of what its kind of step holds (`class Battle(CovenantStep,
    TypedParams[BattleParams])`), and `self.params(step)` reads them so typed (another
    step of that kind: `Battle.params(other)`). The stored shape is unchanged:
    `Step.params` stays the plain JSON object."""

    @classmethod
    def params(cls, step: Step) -> Params:
        """The step's params, as its kind holds them (the one place they are cast)."""
        return cast(Params, step.params)


class TogetherParams(TypedDict):
    #: each step of the run, as `Step.to_json` stores it
    steps: list[dict[str, Any]]


class Together(StepType[Any], TypedParams[TogetherParams]):
    """Things the table does one after the other at the table, none with anything to
    tell Botdeck (each a Done): listed in one step, done with one tap. Each is resolved
    in order by its own step type, as if tapped one by one (`steps.together`)."""

    def __init__(self, kinds: StepTypes) -> None:
        self.kinds = kinds

    def _each(self, step: Step) -> list[tuple[StepType[Any], Step]]:
        inner = [Step.from_json(data) for data in self.params(step)["steps"]]
        return [(self.kinds[one.kind], one) for one in inner]

    def title(self, state: Any, step: Step) -> Msg:
        count = len(self.params(step)["steps"])
        return nmsg(
            "At the table: {n} thing, in order", "At the table: {n} things, in order", count
        )

    def detail(self, state: Any, step: Step) -> Msg | None:
        return msg("Do them in this order, then tap All done.")

    def items(self, state: Any, step: Step) -> tuple[tuple[Msg, Msg | None], ...]:
        each = self._each(step)
        return tuple((kind.title(state, one), kind.detail(state, one)) for kind, one in each)

    def question(self, state: Any, step: Step) -> Question:
        return confirm(msg("All done"))

    def resolve(self, state: Any, step: Step, value: Any, ctx: Context) -> None:
        for kind, one in self._each(step):
            asked = kind.question(state, one)
            if asked.kind is not Kind.CONFIRM:
                # internal: a bot put a step with something to tell Botdeck in a run
                raise ValueError(f"step {one.kind!r} asks more than Done")
            kind.resolve(state, one, asked.parse(DONE), ctx)


class StepTypes(dict[str, StepType[Any]]):
    """A bot's step types by kind; `register(kind)` is the class decorator that adds one.
    Every bot has the engine's `together` (a run of Done steps as one)."""

    def __init__(self) -> None:
        super().__init__()
        self[TOGETHER] = Together(self)

    def add(self, kind: str, step_type: StepType[Any]) -> None:
        """Add a step type made elsewhere (one of the engine's, bound to the bot)."""
        if kind in self:
            # internal: two step types of a bot share a name, at import
            raise ValueError(f"step kind {kind!r} is registered twice")
        self[kind] = step_type

    def register(self, kind: str) -> Callable[[T], T]:
        def add(cls: T) -> T:
            self.add(kind, cls())
            return cls

        return add


@dataclass(frozen=True)
class Correction:
    """A counter the player may set by hand when table and app disagree."""

    field: str
    label: Msg
    minimum: int
    maximum: int


@dataclass(frozen=True)
class Overturn:
    """A decision the bot took by itself (from printed costs, say) that the table may
    overturn when something the bot cannot see changes the rules."""

    to: str  # the outcome the table would give it instead (the bot's word)
    label: Msg  # the quiet button: "It can after all"
    detail: Msg  # what was decided and why the table may overturn it
    said: Msg  # the line logged: "Hero 1's Recruit succeeds"


class Corrections(Generic[State]):
    """The counters a player may set by hand when table and app disagree (this base: a
    bot with none)."""

    def offered(self, state: State) -> list[Correction]:
        """The counters the player may set now, each with its label and range."""
        return []

    def correct(self, state: State, field: str, value: int) -> None:
        """Set one of them (a field offered, a value in its range)."""
        raise ValueError(msg("unknown counter {field}", field=repr(field)))


class Overturns(Generic[State]):
    """Decisions the bot took by itself (from printed costs, say) that the table may
    overturn when something the bot cannot see changes the rules (this base: none)."""

    def offered(self, state: State, step: Step) -> Overturn | None:
        """What the table may overturn while `step` waits (None: nothing)."""
        return None

    def overturn(self, state: State, to: str, ctx: Context) -> None:
        """Give the decision the outcome `to` instead. `ctx.checklist`'s current step is
        the logged overturn: the bot drops or inserts the steps after it."""
        raise ValueError(msg("Botdeck decided nothing here that the table can overturn"))


#: what a bot that declares no counters and decides nothing the table may overturn has
NO_CORRECTIONS: Corrections[Any] = Corrections()
NO_OVERTURNS: Overturns[Any] = Overturns()

#: the options of a bot that has none
NO_OPTIONS: dict[str, Any] = {"type": "object", "additionalProperties": False}


class Bot(ABC, Generic[State]):
    """A bot's rules: its options, setup, checklists, step types, state as JSON, score
    sheet; and what it has besides, each an object it declares: its deck of cards, its
    board, the printed parts of the table's copy (`capabilities`), the counters the
    player may correct, the decisions the table may overturn. What its pages show is
    declared apart, in its package's `pages` module (`webapp.bots.pages`)."""

    id: str
    name: Msg
    game_name: Msg
    step_types: dict[str, StepType[State]]
    #: the game's options, as stored: a JSON Schema (its `default`s fill what is left out)
    options_schema: dict[str, Any] = NO_OPTIONS
    #: options every game started now gets, whatever the table chose: they tell a game
    #: of this Botdeck from an older one's, whose stored options lack them (read with
    #: the schema's default: the older behaviour, so its log replays as it was played)
    new_game_options: dict[str, Any] = {}
    #: its deck of cards, if it plays one. A bot without cards has no deck (its games
    #: hold an empty one: `capabilities.demo_deck`), no card region, no deck fields and
    #: no card library.
    cards: DeckRules | None = None
    #: the board it plays on, if the table copies one (a game takes it as its option
    #: `board`, left out: the demo board; the players keep their own in the library)
    board: BoardRules | None = None
    #: the other printed parts of the table's copy, entered once and kept (a faction's
    #: board costs, a printed track), and what else the table enters that is kept
    copy: CopyParts = NO_PARTS
    #: the counters the player may correct by hand
    corrections: Corrections[State] = NO_CORRECTIONS
    #: the decisions it takes by itself that the table may overturn
    overturns: Overturns[State] = NO_OVERTURNS

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """What the options schema cannot say, on options that follow it (defaults
        filled): return them as the game stores them, or ValueError naming the option."""
        return options

    @abstractmethod
    def setup(self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random) -> State:
        """The bot's state before its first turn."""

    @abstractmethod
    def next_checklist(self, state: State, ctx: Context) -> Checklist | None:
        """The next turn's checklist, or None when the game is over."""

    @abstractmethod
    def state_to_json(self, state: State) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State: ...

    def after_change(self, state: State, ctx: Context) -> None:
        """Called after every answer and correction (thresholds, achievements)."""

    def game_decided(self, state: State) -> Msg | None:
        """Once its rules have decided the game (won, lost), what ends it, in words; None
        while it goes on. A tap that decides it is confirmed first (`Game.answer`'s
        `ask_first`); a bot that says nothing here is never asked."""
        return None

    def space_name(self, space: str) -> Msg:
        return Msg(space)

    def score_sheet(self, state: State) -> ScoreSheet | None:
        """The final score sheet, shown at the score-sheet step and once the game is over
        (None: the bot has none, and its template `<id>/_score.html` ends the game)."""
        return None
