"""A form refused field by field (a printed part that cannot be what is printed), shown
again as the device typed it: each refusal next to its field, the first one focused.

Nothing is stored: the game, the kept values and the other devices' pages stay as they
were. The form's templates read `refused` (what each field is refused for, and what is
wrong with the form as a whole) and `sent` (the fields as typed, in place of the values
the form would start from)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from flask import request
from flask_babel import gettext as _
from flask_babel import ngettext

from ..engine.refusals import Problem
from .forms import ENTRY_PREFIX
from .i18n import translate


@dataclass(frozen=True)
class RefusedForm:
    #: field name (as sent, without `entry.`) → why it is refused, in the reader's words
    fields: dict[str, str] = field(default_factory=dict)
    #: what is wrong with the form as a whole (every cost 0), or with a field it has not
    form: list[str] = field(default_factory=list)

    @property
    def first(self) -> str | None:
        """The field the keyboard's focus goes to (None: the form's own refusal)."""
        return next(iter(self.fields), None)

    def notice(self) -> str:
        """The words at the top of the window."""
        if not self.fields:
            return _("Not saved: the form says why.")
        return ngettext(
            "Not saved: %(num)d field to put right, marked in the form.",
            "Not saved: %(num)d fields to put right, marked in the form.",
            len(self.fields),
        )


def refused_form(problems: Iterable[Problem]) -> RefusedForm:
    """The problems as the form shows them; two on one field: the first."""
    refused = RefusedForm()
    for problem in problems:
        if problem.field is None:
            refused.form.append(translate(problem.why))
        else:
            refused.fields.setdefault(problem.field, translate(problem.why))
    return refused


def sent_fields() -> dict[str, str]:
    """The form's fields as the device sent them (`entry.<name>`), to show them again."""
    return {
        key[len(ENTRY_PREFIX) :]: value
        for key, value in request.form.items()
        if isinstance(key, str) and key.startswith(ENTRY_PREFIX)
    }
