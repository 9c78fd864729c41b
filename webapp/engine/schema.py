"""JSON Schema checks shared by deck files and game options: the first error that
tells the player what to change, and where.

The schemas themselves belong to the bots; this module only runs them.
"""

from __future__ import annotations

from typing import Any

import jsonschema


def first_error(data: Any, schema: dict[str, Any]) -> jsonschema.ValidationError | None:
    """The error of the shallowest field, or None when `data` follows `schema`."""
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    return deepest(errors[0]) if errors else None


def deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """oneOf/allOf errors hide the useful one among their context."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def field_name(error: jsonschema.ValidationError) -> str:
    """Where the error is, as a player reads it: `players`, `factions[2]`."""
    name = ""
    for part in error.absolute_path:
        name += f"[{part}]" if isinstance(part, int) else f"{'.' if name else ''}{part}"
    return name


def schema_defaults(schema: dict[str, Any]) -> dict[str, Any]:
    """The `default` of each top-level property that declares one."""
    return {
        name: prop["default"]
        for name, prop in schema.get("properties", {}).items()
        if isinstance(prop, dict) and "default" in prop
    }
