"""Reading form values: anything a device sends is checked here first."""

from __future__ import annotations

import unicodedata
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request
from werkzeug.exceptions import BadRequest, HTTPException

from ..bots.pages import BotPages, FormFields
from ..engine import Bot, checked_options
from ..engine.text import msg, single_line


class FormError(BadRequest):
    """A form field a Botdeck page never sends (a missing or too long field): answered
    by the 400 page's own translated words, so its description is never shown."""


def form_int(name: str) -> int:
    raw = request.form.get(name, "")
    try:
        value = int(raw)
    except ValueError:
        # internal: shown as the 400 page
        raise FormError(f"{name} must be a whole number") from None
    if not 0 <= value < 2**31:
        raise FormError(f"{name} is out of range")  # internal: shown as the 400 page
    return value


def query_int(name: str) -> int | None:
    """A whole number from the address (`?name=12`), or None when it is missing or not
    one Botdeck writes there (0 ≤ n < 2**31: no sign, no "1e3", no 10**30)."""
    raw = request.args.get(name, "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10:
        return None
    value = int(raw)
    return value if value < 2**31 else None


def form_text(
    name: str, *, max_length: int = 200, required: bool = True, one_line: bool = True
) -> str:
    """A text field, stripped (and made one line unless `one_line=False`); FormError if
    it is missing or longer than `max_length`."""
    value = request.form.get(name, "")
    value = single_line(value) if one_line else value.strip()
    if required and not value:
        raise FormError(f"{name} is missing")  # internal: shown as the 400 page
    if len(value) > max_length:
        raise FormError(f"{name} is too long")  # internal: shown as the 400 page
    return value


CHECKED = ("on", "1", "true", "yes")
UNCHECKED = ("", "off", "0", "false", "no")


def form_options(
    bot: Bot[Any], pages: BotPages[Any], form: FormFields | None = None
) -> dict[str, Any]:
    """The start-a-game form (the request's, unless `form` is given) as the bot's
    options, checked (ValueError naming the option).

    Each option of the bot's schema is read from the field of its name: a checkbox is a
    boolean (unticked, it sends nothing: off), a repeated field a list, a whole number a
    number; an empty field leaves the schema's default. The bot's `read_form` then reads
    the fields that are not options.
    """
    sent: FormFields = request.form if form is None else form
    options: dict[str, Any] = {}
    for name, declared in bot.options_schema.get("properties", {}).items():
        kind, value = declared.get("type"), sent.get(name) or ""
        if kind == "boolean":
            if value not in CHECKED + UNCHECKED:
                raise ValueError(msg("option '{name}' must be on or off", name=name))
            options[name] = value in CHECKED
        elif kind == "array" and sent.getlist(name):
            options[name] = sent.getlist(name)
        elif kind == "integer" and value:
            try:
                options[name] = int(value)
            except ValueError:
                raise ValueError(msg("option '{name}' must be a whole number", name=name)) from None
        elif value:
            options[name] = value
    return checked_options(bot, pages.read_form(sent, options))


def uploaded_file(field: str) -> bytes | None:
    """The content of the file sent as `field`, or None if no file was chosen."""
    upload = request.files.get(field)
    if upload is None or not upload.filename:
        return None
    with upload.stream:  # a large upload is a temporary file: closed once read
        return upload.read()


def local_path(target: str) -> str | None:
    """`target` if it is a path on this server ("/g/…"), else None: never another
    site ("//evil", "https://…", "/\\evil"), never a control character (a header cannot
    hold one)."""
    if not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    if any(unicodedata.category(c)[0] == "C" for c in target):
        return None
    parts = urlsplit(target)
    return None if parts.scheme or parts.netloc else target


def posts_to(target: Any, *endpoints: str) -> bool:
    """Whether `target` is a path of this app that one of `endpoints` answers by POST."""
    path = local_path(target) if isinstance(target, str) else None
    if path is None:
        return False
    try:
        endpoint, _ = current_app.url_map.bind("localhost").match(path, method="POST")
    except HTTPException:
        return False
    return endpoint in endpoints


ENTRY_PREFIX = "entry."
# A field holds a number, a name or a line of effects: Deacon's card prints up to 8
# ("research,symbols:2+1,pollution_medium,…" runs past 100 characters).
ENTRY_FIELDS, ENTRY_KEY_LENGTH, ENTRY_VALUE_LENGTH = 80, 40, 200


def entry_value() -> Any:
    """An entered card part or board: the JSON `value` an editor built, or a plain
    form whose fields are named `entry.<field>` (the bot checks what they hold)."""
    # A malformed multipart field name (a bare newline) reaches Flask as a None key.
    fields = {
        key[len(ENTRY_PREFIX) :]: value
        for key, value in request.form.items()
        if isinstance(key, str) and key.startswith(ENTRY_PREFIX)
    }
    if not fields:
        return form_text("value", required=False, max_length=20_000, one_line=False)
    too_long = any(
        len(key) > ENTRY_KEY_LENGTH or len(value) > ENTRY_VALUE_LENGTH
        for key, value in fields.items()
    )
    if len(fields) > ENTRY_FIELDS or too_long:
        # internal: shown as the 400 page
        raise FormError("the entry has too many or too long fields")
    return {key: value.strip() for key, value in fields.items()}
