"""Translatable messages produced by the rules core.

The core never translates: it returns `Msg` values, and the web layer turns them
into words in the reader's language. `msg` and `nmsg` are also the keywords Babel
extracts (see babel.cfg), so every string written through them lands in the
catalogue.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Union

Param = Union[int, str, "Msg"]


@dataclass(frozen=True)
class Msg:
    """A message id (and plural form) with named parameters, translated late."""

    text: str
    plural: str | None = None
    count: int | None = None
    params: tuple[tuple[str, Param], ...] = field(default=())

    def render(
        self,
        gettext: Callable[[str], str],
        ngettext: Callable[[str, str, int], str],
    ) -> str:
        values = {
            key: value.render(gettext, ngettext) if isinstance(value, Msg) else value
            for key, value in self.params
        }
        if self.plural is not None and self.count is not None:
            template = ngettext(self.text, self.plural, self.count)
            values.setdefault("n", self.count)
        else:
            template = gettext(self.text)
        return template.format(**values) if values else template

    def __str__(self) -> str:  # English, untranslated: for logs and tests
        return self.render(lambda s: s, lambda s, p, n: s if n == 1 else p)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text}
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.count
        if self.params:
            data["params"] = {k: v.to_json() if isinstance(v, Msg) else v for k, v in self.params}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Msg:
        params = tuple(
            (k, cls.from_json(v) if isinstance(v, dict) else v)
            for k, v in data.get("params", {}).items()
        )
        return cls(data["text"], data.get("plural"), data.get("count"), params)


def msg(text: str, **params: Param) -> Msg:
    """A translatable sentence; `{name}` placeholders are filled from params."""
    return Msg(text, params=tuple(params.items()))


def nmsg(singular: str, plural: str, n: int, **params: Param) -> Msg:
    """A translatable sentence whose form depends on the count `n` (`{n}`)."""
    return Msg(singular, plural, n, tuple(params.items()))


def reason(error: BaseException) -> Msg | str:
    """What a refusal says: the `Msg` it was raised with (translated where it is shown),
    else its English text (an error only a programmer can cause)."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Msg) else str(error)


def single_line(text: str) -> str:
    """Text as one line: control characters (a newline, a NUL…) become spaces, and runs
    of spaces one. Names are shown in lists and sent in headers (a file's name)."""
    return " ".join("".join(" " if unicodedata.category(c)[0] == "C" else c for c in text).split())
