"""Reading form values: anything a device sends is checked here first."""

from __future__ import annotations

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
