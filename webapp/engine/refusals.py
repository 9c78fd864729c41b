"""A form refused field by field: what a printed part's check raises (a Solo C.C. Board,
a Research track, a Score Board), so that each refusal can be shown next to its field.

A check is pure: value in, checked value out, or `FieldsRefused` naming each field that
is wrong and why. Where there is no form to show it on (the headless API, a game file),
the refusal reads as one sentence: its first problem, with its field's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .text import Msg, msg


@dataclass(frozen=True)
class Problem:
    """What is wrong with one field of a form (`field`: the form's name of it, as sent
    without its `entry.` prefix: "serf.free", "space3.vp"; None: the form as a whole)."""

    field: str | None
    why: Msg
    #: the whole sentence, when `why` already names the field (an effect typed wrong)
    said: Msg | None = None

    def sentence(self) -> Msg:
        if self.said is not None:
            return self.said
        if self.field is None:
            return self.why
        return msg("field '{field}': {why}", field=self.field, why=self.why)


class FieldsRefused(ValueError):
    """A form's value refused: `problems`, one per field that is wrong, in form order."""

    def __init__(self, *problems: Problem) -> None:
        if not problems:
            # internal: a refusal always says what is wrong
            raise TypeError("a refusal names at least one problem")
        super().__init__(problems[0].sentence())
        self.problems: tuple[Problem, ...] = problems

    @property
    def field(self) -> str | None:
        """The first field refused (None: the form as a whole)."""
        return self.problems[0].field


def refuse_all(problems: Iterable[Problem], error: type[FieldsRefused] = FieldsRefused) -> None:
    """Raise `error` with every problem found, if any was: the table sees them all at
    once rather than one a save."""
    found = tuple(problems)
    if found:
        raise error(*found)


def problems_of(error: BaseException) -> tuple[Problem, ...]:
    """The field-by-field problems an error carries (none for a plain refusal)."""
    found = getattr(error, "problems", ())
    return tuple(p for p in found if isinstance(p, Problem))
