"""JSON Schema checks shared by deck files and game options: the first error that
tells the player what to change, and where.

The schemas themselves belong to the bots; this module only runs them.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable
from typing import Any, cast

import jsonschema

from .text import Msg, msg, nmsg

# what a refusal quotes of a value: enough to recognise it, never a whole upload
QUOTED = 40


# What was found to follow its schema, by digest: a game checks its deck each time it is
# built (70 ms for a Covenant deck of 50 cards, 1 ms to digest). The newest KNOWN_VALID.
KNOWN_VALID = 512
_known_valid: dict[bytes, None] = {}
_known_lock = threading.Lock()


def _digest(data: Any, schema: dict[str, Any]) -> bytes | None:
    """The data and its schema as canonical JSON, digested; None for what JSON cannot hold."""
    try:
        text = json.dumps([schema, data], sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return hashlib.blake2b(text.encode(), digest_size=20).digest()


def first_error(data: Any, schema: dict[str, Any]) -> jsonschema.ValidationError | None:
    """The error of the shallowest field, or None when `data` follows `schema`."""
    key = _digest(data, schema)
    if key is not None and key in _known_valid:
        return None
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        return deepest(errors[0])
    if key is not None:
        with _known_lock:
            _known_valid[key] = None
            while len(_known_valid) > KNOWN_VALID:
                del _known_valid[next(iter(_known_valid))]
    return None


def deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """oneOf/allOf errors hide the useful one among their context."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def path_name(path: Iterable[str | int]) -> str:
    """Where a value is, as a player reads it: `players`, `factions[2]`, `seats[1].age`."""
    name = ""
    for part in path:
        name += f"[{part}]" if isinstance(part, int) else f"{'.' if name else ''}{part}"
    return name


def quoted(value: Any) -> str:
    """A value as a refusal quotes it: `'abc'`, cut after QUOTED characters."""
    text = repr(value)
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


def type_words(wanted: Any) -> Msg:
    """What a JSON type is, in a player's words: "a whole number", "a list"."""
    name = wanted if isinstance(wanted, str) else "/".join(map(str, wanted))
    words = {
        "boolean": msg("on or off"),
        "string": msg("a text"),
        "array": msg("a list"),
        "integer": msg("a whole number"),
        "number": msg("a number"),
        "object": msg("a set of named values"),
        "null": msg("empty"),
    }
    return words.get(name, msg("a value of type {name}", name=name))


def in_words(error: jsonschema.ValidationError) -> tuple[list[str | int], Msg]:
    """Where a schema error is (its path, down to the missing or unknown field) and what
    is wrong there, as a translatable predicate: "must be a whole number", "is missing".
    Never jsonschema's English, never the whole value."""
    path: list[str | int] = list(error.absolute_path)
    if error.schema is False:  # a value the schema allows nowhere (`"items": false`)
        return path, msg("is not allowed here")
    rule, limit = error.validator, error.validator_value
    schema = cast(dict[str, Any], error.schema)
    instance = error.instance
    if rule == "required" and isinstance(instance, dict):
        # the rule's own error: one of its names is missing
        missing = next(name for name in limit if name not in instance)
        return [*path, missing], msg("is missing")
    if rule == "additionalProperties" and isinstance(instance, dict):
        # the rule's own error: a name is not one of its properties
        unknown = sorted(set(instance) - set(schema.get("properties", {})))
        return [*path, unknown[0]], msg("is not a field Botdeck knows")
    if rule == "type":
        return path, msg("must be {kind}", kind=type_words(limit))
    if rule == "enum":
        return path, msg(
            "must be one of {values}, not {value}",
            values=", ".join(map(str, limit)),
            value=quoted(instance),
        )
    if rule == "const":
        return path, msg("must be {value}", value=quoted(limit))
    if rule in ("minimum", "exclusiveMinimum"):
        low = limit if rule == "minimum" else limit + 1
        return path, msg("must be at least {limit}", limit=low)
    if rule in ("maximum", "exclusiveMaximum"):
        high = limit if rule == "maximum" else limit - 1
        return path, msg("must be at most {limit}", limit=high)
    if rule == "minLength":
        if limit == 1:
            return path, msg("must not be empty")
        return path, nmsg("has at least {n} character", "has at least {n} characters", limit)
    if rule == "maxLength":
        return path, nmsg("has at most {n} character", "has at most {n} characters", limit)
    if rule in ("minItems", "maxItems"):
        if schema.get("minItems") == schema.get("maxItems"):
            return path, nmsg("must hold exactly {n} value", "must hold exactly {n} values", limit)
        if rule == "maxItems":
            return path, nmsg("must hold at most {n} value", "must hold at most {n} values", limit)
        return path, nmsg("must hold at least {n} value", "must hold at least {n} values", limit)
    if rule == "uniqueItems":
        return path, msg("lists the same value twice")
    if rule == "pattern":
        return path, msg("is not written as expected: {value}", value=quoted(instance))
    if rule == "not":
        return path, msg("is not allowed here")
    return path, msg("does not fit: {value} ({rule})", value=quoted(instance), rule=str(rule))


def schema_defaults(schema: dict[str, Any]) -> dict[str, Any]:
    """The `default` of each top-level property that declares one."""
    return {
        name: prop["default"]
        for name, prop in schema.get("properties", {}).items()
        if isinstance(prop, dict) and "default" in prop
    }
