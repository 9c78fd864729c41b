"""The one question a step may ask, and how an answer to it is checked.

Each kind of question is a class with its own `parse` (the answer checked), `label`
(the answer in words) and `template` (how the web layer asks it). Answers arrive
from forms as strings and from the headless API as Python values; `parse` accepts
both and returns the plain JSON value stored in the game's answer list, or raises
`InvalidAnswer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from .json_input import JsonInputError, parse_json
from .refusals import Problem, problems_of
from .text import Msg, msg, nmsg, reason


class InvalidAnswer(ValueError):
    """The answer does not fit the pending step's question; `problems`: what is wrong
    with each field of its form, when it is a form (shown next to each field)."""

    def __init__(self, *args: Any, problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(*args)
        self.problems = problems


def _refused(error: ValueError) -> InvalidAnswer:
    """A check's refusal as the question's: its words, and its fields' problems."""
    return InvalidAnswer(reason(error), problems=problems_of(error))


class Kind(StrEnum):
    CONFIRM = "confirm"
    YESNO = "yesno"
    NUMBER = "number"
    CHOICE = "choice"
    SPACE = "space"
    ENTRY = "entry"  # what is printed on a card, entered with the bot's own editor
    DICE = "dice"  # dice the app rolls for the table, or the table's own roll
    FIELDS = "fields"  # a small form (choices, numbers, yes/no) answered in one tap


@dataclass(frozen=True)
class Choice:
    value: str
    label: Msg
    hint: Msg | None = None
    primary: bool = False  # the obvious next tap, drawn as the main button
    #: what this answer does that a mis-tap must not do (a character dies): the table is
    #: asked to confirm it first (`Game.answer(..., ask_first=True)`)
    confirm: Msg | None = None
    #: drawn apart from the other answers, after them: it closes a phase ("Night falls")
    apart: bool = False
    #: the rules forbid it now, in their words: shown with them, not tappable, and
    #: refused with them if it is sent anyway (a Railway where bandits are); found in a
    #: game's log, it was taken on a release that allowed it (`forbidden_now`)
    refused: Msg | None = None


def choice(
    value: str,
    label: Msg,
    hint: Msg | None = None,
    *,
    primary: bool = False,
    confirm: Msg | None = None,
    apart: bool = False,
    refused: Msg | None = None,
) -> Choice:
    """One answer of a `choose` question; `hint` says why it may be wrong now; `confirm`
    what it does, said before it is taken; `apart`: set apart from the others; `refused`
    why the rules forbid it now."""
    return Choice(value, label, hint, primary, confirm, apart, refused)


def is_chosen(choices: tuple[Choice, ...], raw: Any) -> bool:
    """Whether `raw` is one of these buttons; InvalidAnswer in the rules' words if it is
    one they forbid now."""
    chosen = next((c for c in choices if raw == c.value), None)
    if chosen is not None and chosen.refused is not None:
        raise InvalidAnswer(chosen.refused)
    return chosen is not None


def forbidden_now(choices: tuple[Choice, ...], raw: Any) -> bool:
    """Whether `raw` is one of these buttons the rules forbid now. A game's log that
    holds it was written by an earlier release that allowed it (the rule came since): it
    is read as it was taken then, where a tap now is refused in the rules' words."""
    return any(c.value == raw and c.refused is not None for c in choices)


def confirm_of(question: Question, value: Any) -> Msg | None:
    """What the chosen button of `question` asks to confirm (None: nothing)."""
    choices: tuple[Choice, ...] = getattr(question, "choices", ())
    return next((c.confirm for c in choices if c.value == value and c.confirm), None)


DONE = "done"
ROLL = "roll"


def read_formerly(
    formerly: Question | None, raw: Any, *, as_sent: bool = False
) -> tuple[bool, Any]:
    """`raw` read as `formerly`, the question a step asked before it changed, if it is an
    answer that question stored: (True, its value), else (False, None). A game file holds
    the value it stored (`True`, not 1: a value of another type is not its); a game's log
    holds what its form sent ("yes", "done"), read again as it was read then (`as_sent`)."""
    if formerly is None or raw is None or isinstance(raw, dict):
        return False, None
    if isinstance(raw, str) and not as_sent:
        return False, None
    try:
        value = formerly.parse(raw)
    except InvalidAnswer:
        return False, None
    if isinstance(raw, str) or (type(value) is type(raw) and bool(value == raw)):
        return True, value
    return False, None


@dataclass(frozen=True)
class Question:
    """What every question has: its kind, its prompt, how it is asked on a page."""

    kind: ClassVar[Kind]
    prompt: Msg | None = None

    @property
    def template(self) -> str:
        """The web layer's template that asks it (templates/questions/<kind>.html)."""
        return f"questions/{self.kind}.html"

    def parse(self, raw: Any) -> Any:
        """Check `raw` against this question; return the value to store."""
        raise NotImplementedError

    def read_stored(self, raw: Any) -> Any:
        """An answer the game's log holds, read again (a replay, an undo, a game file):
        checked as `parse` does, except what only an answer given now must pass (a printed
        part checked more strictly since it was stored is read as it was then)."""
        return self.parse(raw)

    def label(self, value: Any, space_name: Any = None) -> Msg:
        """The answer in words, for the history and the ticked checklist."""
        return msg("{value}", value=str(value))


@dataclass(frozen=True)
class Confirm(Question):
    kind = Kind.CONFIRM

    def parse(self, raw: Any) -> Any:
        if raw in (DONE, True, None, ""):
            return DONE
        raise InvalidAnswer(msg("this step only needs to be marked done"))

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("Done")


@dataclass(frozen=True)
class YesNo(Question):
    kind = Kind.YESNO

    def parse(self, raw: Any) -> Any:
        if raw in (True, "yes", "true", "1"):
            return True
        if raw in (False, "no", "false", "0"):
            return False
        raise InvalidAnswer(msg("the answer must be yes or no"))

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("Yes") if value else msg("No")


def _whole_number(raw: Any) -> int:
    if isinstance(raw, bool):
        raise InvalidAnswer(msg("the answer must be a whole number"))
    try:
        return int(str(raw).strip())
    except ValueError:
        raise InvalidAnswer(msg("the answer must be a whole number")) from None


@dataclass(frozen=True)
class Number(Question):
    kind = Kind.NUMBER
    minimum: int = 0
    maximum: int = 0

    def parse(self, raw: Any) -> Any:
        value = _whole_number(raw)
        if not self.minimum <= value <= self.maximum:
            raise InvalidAnswer(
                msg(
                    "the number must be between {minimum} and {maximum}",
                    minimum=self.minimum,
                    maximum=self.maximum,
                )
            )
        return value

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("{value}", value=value)


@dataclass(frozen=True)
class Choose(Question):
    kind = Kind.CHOICE
    choices: tuple[Choice, ...] = ()

    def parse(self, raw: Any) -> Any:
        if is_chosen(self.choices, raw):
            return raw
        raise InvalidAnswer(msg("the answer is not one of the listed choices"))

    def read_stored(self, raw: Any) -> Any:
        return raw if forbidden_now(self.choices, raw) else self.parse(raw)

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return next((c.label for c in self.choices if c.value == value), super().label(value))


@dataclass(frozen=True)
class Space(Question):
    """A space tapped on the board. `listed`: the spaces are also buttons under the
    question (a map of 60 tiles is not: it is tapped on the board only); `choices`:
    answers given by a button instead of a space ("Night falls")."""

    kind = Kind.SPACE
    spaces: tuple[str, ...] = ()
    listed: bool = True
    choices: tuple[Choice, ...] = ()
    formerly: Question | None = None  # as `Fields.formerly`

    def parse(self, raw: Any) -> Any:
        if raw in self.spaces or is_chosen(self.choices, raw):
            return raw
        raise InvalidAnswer(msg("the answer is not one of the board spaces offered"))

    def read_stored(self, raw: Any) -> Any:
        if forbidden_now(self.choices, raw):
            return raw
        if raw not in self.spaces and not is_chosen(self.choices, raw):
            was, value = read_formerly(self.formerly, raw, as_sent=True)
            if was:
                return value
        return self.parse(raw)

    def label(self, value: Any, space_name: Any = None) -> Msg:
        chosen = next((c.label for c in self.choices if c.value == value), None)
        if chosen is not None:
            return chosen
        formerly = self.formerly
        if value not in self.spaces and read_formerly(formerly, value, as_sent=True)[0]:
            assert formerly is not None  # (read by it)
            return formerly.label(value, space_name)
        if space_name is not None:
            return space_name(value)  # type: ignore[no-any-return]
        return super().label(value)


@dataclass(frozen=True)
class Entry(Question):
    kind = Kind.ENTRY
    #: checks the entered content (raises ValueError) and returns it
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    #: what the editor starts from (a draft), and which card part it is
    draft: Any = field(default=None, compare=False)
    #: how an answer already in the log is read (None: as `check`): its shape and ranges,
    #: without what `check` has since refused that the table could once save
    stored: Callable[[Any], Any] | None = field(default=None, compare=False)

    def parse(self, raw: Any) -> Any:
        return self._checked(raw, self.check)

    def read_stored(self, raw: Any) -> Any:
        return self._checked(raw, self.stored or self.check)

    def _checked(self, raw: Any, check: Callable[[Any], Any] | None) -> Any:
        if isinstance(raw, str):
            try:
                raw = parse_json(raw)
            except JsonInputError as error:
                raise InvalidAnswer(
                    msg("the entry cannot be read: {why}", why=reason(error))
                ) from None
        if check is None:
            raise InvalidAnswer(msg("nothing can be entered here"))
        try:
            return check(raw)
        except ValueError as error:
            raise _refused(error) from None

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("entered")


FIELD_KINDS = ("choice", "number", "yesno")
_YES = ("yes", "on", "true", "1")
_NO = ("no", "off", "false", "0", "")


@dataclass(frozen=True)
class Field:
    """One field of a `Fields` form; its answer is stored under `name` (the form field
    is `entry.<name>`). `row` and `column`: its place in a grid of fields (a Score Board's
    sections: a row a section, a column its first space or its red star), drawn as one
    table with the columns' names on top; `label` still names it whole."""

    name: str
    label: Msg
    kind: str  # "choice" | "number" | "yesno"
    choices: tuple[Choice, ...] = ()  # kind "choice"
    minimum: int = 0  # kind "number"
    maximum: int = 0
    required: bool = True  # "number"/"choice": blank allowed when False (read as None)
    default: Any = None  # what the form starts with
    row: Msg | None = None
    column: Msg | None = None

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            # internal: a bot declares a field of an unknown kind
            raise ValueError(f"a field is one of {', '.join(FIELD_KINDS)}, not {self.kind!r}")

    def _refused(self, said: Msg, why: Msg) -> InvalidAnswer:
        """`said` names the field, for a page without the form; `why` is shown by it."""
        return InvalidAnswer(said, problems=(Problem(self.name, why, said),))

    def parse(self, raw: Any) -> Any:
        """The field's value read from what the form (text) or the API (typed) sent."""
        if self.kind == "yesno":
            return self._yes_or_no(raw)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.required:
                raise self._refused(
                    msg("{label}: an answer is needed", label=self.label),
                    msg("An answer is needed."),
                )
            return None
        if self.kind == "choice":
            if any(raw == choice.value for choice in self.choices):
                return raw
            raise self._refused(
                msg("{label}: the answer is not one of its choices", label=self.label),
                msg("Choose one of its answers."),
            )
        try:
            value = _whole_number(raw)
        except InvalidAnswer:
            raise self._refused(
                msg("{label}: the answer must be a whole number", label=self.label),
                msg("A whole number is needed."),
            ) from None
        if not self.minimum <= value <= self.maximum:
            raise self._refused(
                msg(
                    "{label}: the number must be between {minimum} and {maximum}",
                    label=self.label,
                    minimum=self.minimum,
                    maximum=self.maximum,
                ),
                msg("From {minimum} to {maximum}.", minimum=self.minimum, maximum=self.maximum),
            )
        return value

    def _yes_or_no(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        said = "" if raw is None else str(raw).strip().lower()
        if said in _YES:
            return True
        if said in _NO:
            return False
        raise self._refused(
            msg("{label}: the answer must be yes or no", label=self.label),
            msg("Ticked or not."),
        )


@dataclass(frozen=True)
class FieldGrid:
    """Fields drawn as one table (`Field.row`, `Field.column`): its columns' names, and
    each row's name and fields, a column each (None: that row has no such field)."""

    columns: tuple[Msg, ...]
    rows: tuple[tuple[Msg, tuple[Field | None, ...]], ...]


def field_blocks(fields: tuple[Field, ...]) -> list[Field | FieldGrid]:
    """A form's fields as it draws them: one by one, or a run of fields placed in rows
    and columns as one grid."""
    blocks: list[Field | FieldGrid] = []
    run: list[tuple[Msg, Msg, Field]] = []  # (row, column, field)

    def close_run() -> None:
        if not run:
            return
        rows = tuple(dict.fromkeys(r for r, _, _ in run))
        # the columns in the order of the fullest row (a first section has no first
        # space to enter: its row alone would put its red star first)
        fullest = max(([c for r, c, _ in run if r == row] for row in rows), key=len)
        columns = tuple(dict.fromkeys([*fullest, *(c for _, c, _ in run)]))
        placed = {(r, c): f for r, c, f in run}
        blocks.append(
            FieldGrid(columns, tuple((r, tuple(placed.get((r, c)) for c in columns)) for r in rows))
        )
        run.clear()

    for one in fields:
        if one.row is not None and one.column is not None:
            run.append((one.row, one.column, one))
            continue
        close_run()
        blocks.append(one)
    close_run()
    return blocks


@dataclass(frozen=True)
class Fields(Question):
    """A small form answered in one tap (a tile revealed: its type, a red star, a camp),
    or one of `choices` given by a button instead ("Cancel"). The stored answer is
    `{name: value}` for every field, or the chosen button's value.

    `draft`: as `Entry.draft`, what `CopyParts.kept_key` reads to keep the answer for the
    owner's next game (None: never kept).

    `formerly`: the question the step asked before it became this form. A game's
    actions are its log, so an answer stored by that question is still read (`True` as
    a game file holds it; "yes" as its log holds what the form sent: `read_formerly`),
    and the step resolves it as it did then.

    `check`: the form's fields checked together once each is read (a Score Board's
    sections one after the other), raising `FieldsRefused`; an answer already in the
    log is not checked again (`read_stored`): it was saved as the checks were then."""

    kind = Kind.FIELDS
    fields: tuple[Field, ...] = ()
    submit: Msg | None = None  # the form's button ("Reveal it"); None: "Save"
    choices: tuple[Choice, ...] = ()
    describe: Callable[[dict[str, Any]], Msg] | None = field(default=None, compare=False)
    draft: Any = field(default=None, compare=False)
    formerly: Question | None = None
    check: Callable[[dict[str, Any]], dict[str, Any]] | None = field(default=None, compare=False)

    def stored_formerly(self, raw: Any) -> bool:
        """Whether `raw` is an answer the former question stored (read on replay)."""
        return read_formerly(self.formerly, raw)[0]

    def parse(self, raw: Any) -> Any:
        value = self._read(raw, as_sent=False)
        if self.check is None or not isinstance(value, dict):  # a button, or no check
            return value
        try:
            return self.check(value)
        except ValueError as error:
            raise _refused(error) from None

    def read_stored(self, raw: Any) -> Any:
        return self._read(raw, as_sent=True)

    def _read(self, raw: Any, *, as_sent: bool) -> Any:
        """The form's fields or one of its buttons, or (`as_sent`: read from a game's log)
        an answer its former question's form sent, or a button the rules forbid now."""
        if as_sent and forbidden_now(self.choices, raw):
            return raw
        own = isinstance(raw, str) and (
            is_chosen(self.choices, raw) or raw.lstrip().startswith("{") or raw == ""
        )
        if not own:
            was, former = read_formerly(self.formerly, raw, as_sent=as_sent)
            if was:
                return former
        if isinstance(raw, str) and is_chosen(self.choices, raw):
            return raw
        if isinstance(raw, str) and raw.lstrip().startswith("{"):
            try:
                raw = parse_json(raw)
            except JsonInputError as error:
                raise InvalidAnswer(
                    msg("the form cannot be read: {why}", why=reason(error))
                ) from None
        elif raw is None or raw == "":
            raw = {}  # a form of yes/no boxes, none ticked, sends no field at all
        if not isinstance(raw, dict):
            raise InvalidAnswer(msg("the answer is not the form's fields or one of its buttons"))
        named = {f.name: f for f in self.fields}
        unknown = sorted(str(key) for key in raw if key not in named)
        if unknown:
            raise InvalidAnswer(msg("the form has no field {unknown}", unknown=repr(unknown[0])))
        value: dict[str, Any] = {}
        problems: list[Problem] = []
        for name, one in named.items():  # every field said wrong at once, not one a save
            try:
                value[name] = one.parse(raw.get(name))
            except InvalidAnswer as error:
                problems.extend(error.problems)
        if problems:
            raise InvalidAnswer(problems[0].sentence(), problems=tuple(problems))
        return value

    def blocks(self) -> list[Field | FieldGrid]:
        """Its fields as the form draws them (`field_blocks`)."""
        return field_blocks(self.fields)

    def label(self, value: Any, space_name: Any = None) -> Msg:
        chosen = next((c.label for c in self.choices if c.value == value), None)
        if chosen is not None:
            return chosen
        if self.describe is not None and isinstance(value, dict):
            return self.describe(value)
        if self.formerly is not None and self.stored_formerly(value):
            return self.formerly.label(value, space_name)
        return msg("entered")


# Deck Goes West, "Contents": "Job Dice * 10: Dice with faces [0,0,1,1,1,2]".
JOB_DIE = (0, 0, 1, 1, 1, 2)


@dataclass(frozen=True)
class Dice(Question):
    """Dice to roll: Botdeck rolls them for the table (`"roll"`, with the game's seeded
    dice, so the same step rolls the same after an undo), or the table enters its own
    roll (a list of faces, or `{"0": face, "1": face…}` from a form). What is stored is
    always the faces, so a replay never rolls again.

    `faces`: every die is that custom die (the job die `JOB_DIE`), its `sides` then
    `len(faces)`; what is rolled and stored is the face's value."""

    kind = Kind.DICE
    sides: tuple[int, ...] = (6,)  # one number per die: 6 for a d6, 8 for a d8…
    faces: tuple[int, ...] | None = None

    def values(self, sides: int) -> tuple[int, ...]:
        """What a die of `sides` can show: 1 to sides, or the custom die's distinct faces."""
        if self.faces is not None:
            return tuple(sorted(set(self.faces)))
        return tuple(range(1, sides + 1))

    def roll(self, rng: random.Random) -> list[int]:
        if self.faces is not None:
            faces = self.faces
            return [faces[rng.randint(1, len(faces)) - 1] for _ in self.sides]
        return [rng.randint(1, sides) for sides in self.sides]

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, dict):
            raw = [raw.get(str(index)) for index in range(len(self.sides))]
        elif isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list | tuple) or len(raw) != len(self.sides):
            raise InvalidAnswer(
                nmsg("the roll is {n} die", "the roll is {n} dice", len(self.sides))
            )
        faces = [_whole_number(face) for face in raw]
        for face, sides in zip(faces, self.sides, strict=True):
            if face in self.values(sides):
                continue
            if self.faces is None:
                raise InvalidAnswer(msg("a d{sides} shows 1 to {sides}", sides=sides))
            shown = ", ".join(str(value) for value in self.values(sides))
            raise InvalidAnswer(msg("this die shows only {shown}", shown=shown))
        return faces

    def label(self, value: Any, space_name: Any = None) -> Msg:
        return msg("rolled {faces}", faces=" · ".join(str(face) for face in value))


def confirm(prompt: Msg | None = None) -> Question:
    return Confirm(prompt)


def yes_no(prompt: Msg) -> Question:
    return YesNo(prompt)


def number(prompt: Msg | None, minimum: int, maximum: int) -> Question:
    return Number(prompt, minimum, maximum)


def choose(prompt: Msg, *choices: Choice) -> Question:
    return Choose(prompt, tuple(choices))


def space(
    prompt: Msg,
    spaces: list[str] | tuple[str, ...],
    *,
    listed: bool = True,
    choices: tuple[Choice, ...] = (),
    formerly: Question | None = None,
) -> Question:
    """A space tapped on the board (`listed`: also as buttons), or one of `choices`;
    `formerly`: the question the step asked before (`Fields.formerly`)."""
    return Space(prompt, tuple(spaces), listed, tuple(choices), formerly)


def entry(
    prompt: Msg,
    check: Callable[[Any], Any],
    draft: Any,
    *,
    stored: Callable[[Any], Any] | None = None,
) -> Question:
    """What is printed, entered: `check` refuses what cannot be printed; `stored`, if
    given, reads an answer the log already holds (see `Entry.stored`)."""
    return Entry(prompt, check, draft, stored)


def dice(prompt: Msg, *sides: int, faces: tuple[int, ...] | None = None) -> Question:
    """`dice(prompt, 6, 6)`: two six-sided dice; with `faces`, one custom die per side
    count given (one die if none is)."""
    if faces is not None:
        return Dice(prompt, (len(faces),) * (len(sides) or 1), tuple(faces))
    return Dice(prompt, tuple(sides) or (6,))


def job_dice(prompt: Msg, count: int) -> Question:
    """`count` job dice (faces 0, 0, 1, 1, 1, 2)."""
    return Dice(prompt, (len(JOB_DIE),) * count, JOB_DIE)


def fields(
    prompt: Msg | None,
    *fields: Field,
    submit: Msg | None = None,
    choices: tuple[Choice, ...] = (),
    describe: Callable[[dict[str, Any]], Msg] | None = None,
    draft: Any = None,
    formerly: Question | None = None,
    check: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Question:
    """A small form: `fields(prompt, Field("camp", msg("A camp"), "yesno"), submit=…)`."""
    return Fields(prompt, tuple(fields), submit, tuple(choices), describe, draft, formerly, check)
