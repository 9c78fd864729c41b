"""Reading form values: anything a device sends is checked here first."""

from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.exceptions import BadRequest


class FormError(BadRequest):
    pass


def form_int(name: str) -> int:
    raw = request.form.get(name, "")
    try:
        value = int(raw)
    except ValueError:
        raise FormError(f"{name} must be a whole number") from None
    if not 0 <= value < 2**31:
        raise FormError(f"{name} is out of range")
    return value


def form_text(name: str, *, max_length: int = 200, required: bool = True) -> str:
    value = request.form.get(name, "").strip()
    if required and not value:
        raise FormError(f"{name} is missing")
    if len(value) > max_length:
        raise FormError(f"{name} is too long")
    return value


ENTRY_PREFIX = "entry."


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
        return form_text("value", required=False, max_length=20_000)
    if len(fields) > 80 or any(len(key) > 40 or len(value) > 80 for key, value in fields.items()):
        raise FormError("the entry has too many or too long fields")
    return {key: value.strip() for key, value in fields.items()}
