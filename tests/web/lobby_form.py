"""The lobby's start-a-game form as a browser sends it when the table changes nothing:
used by the tests and by the benchmark's newcomer (bench/newcomer.py)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class FormAsOpened(HTMLParser):
    """The fields a browser sends for the lobby's start form as it opens, untouched."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.first_option: str | None = None
        self.chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("file", "submit"):
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.fields.append((name, a.get("value") or ""))
        elif tag == "select" and name:
            self.select, self.first_option, self.chosen = name, None, False
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value") or ""
            if "selected" in a:
                self.fields.append((self.select, a.get("value") or ""))
                self.chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select:
            if not self.chosen:
                self.fields.append((self.select, self.first_option or ""))
            self.select = None


def form_as_opened(lobby: str) -> dict[str, Any]:
    form = lobby.split('<form method="post" action="/games"', 1)[1].split("</form>", 1)[0]
    reader = FormAsOpened()
    reader.feed("<form " + form)
    sent: dict[str, Any] = {}
    for name, value in reader.fields:
        sent.setdefault(name, []).append(value)
    return {name: values if len(values) > 1 else values[0] for name, values in sent.items()}
