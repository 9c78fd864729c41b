"""A form drawn again with what the player sent (FormEncode's `htmlfill`, in small).

A refused start-a-game form comes back with every field as the player left it, whatever
template drew it (the lobby's own fields or a bot's options): the rendered HTML is read
tag by tag and each `<input>`, `<select>`'s `<option>` and `<textarea>` takes the value
sent for its name. A file field cannot be filled again (browsers forbid it).

Not FormEncode itself: its `htmlfill.render` gives a repeated text field (the players'
names, several `<input name="players">`) the whole list as one value, where each field
here takes its own, in order.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from typing import Protocol

from markupsafe import Markup

# One tag (a quoted value may hold ">"), or a textarea with its content.
TAG = re.compile(
    r"""<(?P<tag>input|select|/select|option|textarea)\b(?:[^>"']|"[^"]*"|'[^']*')*>""",
    re.IGNORECASE,
)
TEXTAREA_END = re.compile(r"</textarea\s*>", re.IGNORECASE)
CHOICES = ("radio", "checkbox")
NOT_FILLED = ("file", "hidden", "submit", "button", "reset", "image", "password")


class FormValues(Protocol):
    def getlist(self, key: str) -> list[str]: ...


class _Attrs(HTMLParser):
    """The attributes of one start tag, in order (None: a bare attribute)."""

    def __init__(self, tag: str) -> None:
        super().__init__(convert_charrefs=True)
        self.attrs: list[tuple[str, str | None]] = []
        self.feed(tag)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs = attrs


def _tag(name: str, attrs: list[tuple[str, str | None]]) -> str:
    parts = [name]
    for key, value in attrs:
        parts.append(key if value is None else f'{key}="{escape(value)}"')
    return "<" + " ".join(parts) + ">"


def _set(attrs: list[tuple[str, str | None]], key: str, value: str | None, on: bool) -> None:
    attrs[:] = [(k, v) for k, v in attrs if k != key]
    if on:
        attrs.append((key, value))


def refill(html: str, values: FormValues) -> Markup:
    """`html` (a rendered form) with each field holding what `values` sent for it."""
    seen: dict[str, int] = {}  # how many fields of a repeated name were filled so far
    select: str | None = None
    out: list[str] = []
    position = 0
    for found in TAG.finditer(html):
        out.append(html[position : found.start()])
        position = found.end()
        tag = found["tag"].lower()
        if tag == "/select":
            select = None
            out.append(found[0])
            continue
        attrs = _Attrs(found[0]).attrs
        given = dict(attrs)
        name = given.get("name") or ""
        if tag == "select":
            select = name
            out.append(found[0])
        elif tag == "option" and select is not None and "value" in given:
            chosen = given["value"] in values.getlist(select)
            _set(attrs, "selected", None, chosen)
            out.append(_tag("option", attrs))
        elif tag == "input" and name:
            kind = (given.get("type") or "text").lower()
            if kind in CHOICES:
                _set(attrs, "checked", None, (given.get("value") or "on") in values.getlist(name))
            elif kind not in NOT_FILLED:
                sent = values.getlist(name)
                index = seen.get(name, 0)
                seen[name] = index + 1
                _set(attrs, "value", sent[index] if index < len(sent) else "", True)
            out.append(_tag("input", attrs))
        elif tag == "textarea" and name:
            end = TEXTAREA_END.search(html, position)
            sent = values.getlist(name)
            out.append(found[0] + escape(sent[0] if sent else ""))
            if end is not None:
                position = end.start()
        else:
            out.append(found[0])
    out.append(html[position:])
    return Markup("".join(out))


def refilled(html: str, values: FormValues | None) -> Markup:
    """The template filter: the form as drawn when there is nothing to put back."""
    return Markup(html) if values is None else refill(html, values)
