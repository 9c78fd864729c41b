"""A game's options: checked against the bot's declared JSON Schema, completed with the
schema's defaults, then given to the bot for what a schema cannot say.

The options a game stores (and a game file carries) are exactly what this returns, so
checking them again when the game is reopened or imported gives them back unchanged.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import jsonschema

from .schema import field_name, first_error, schema_defaults

if TYPE_CHECKING:
    from .bot import Bot

# what a refusal quotes of a value: enough to recognise it, never a whole upload
QUOTED = 40
TYPE_WORDS = {
    "boolean": "on or off",
    "string": "a text",
    "array": "a list",
    "integer": "a whole number",
    "number": "a number",
    "object": "a set of named values",
}


class OptionsError(ValueError):
    """Options a game cannot start with; the message names the option."""


def checked_options(bot: Bot[Any], raw: Any) -> dict[str, Any]:
    """The game's options as it stores them, or OptionsError naming the field."""
    if not isinstance(raw, dict):
        raise OptionsError("the options are not a set of named values")
    error = first_error(raw, bot.options_schema)
    if error is not None:
        raise OptionsError(_in_words(error))
    options = {**copy.deepcopy(schema_defaults(bot.options_schema)), **copy.deepcopy(raw)}
    return bot.check_options(options)


def _quoted(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


def _in_words(error: jsonschema.ValidationError) -> str:
    """One schema error as a sentence that names the option (never the whole value)."""
    rule, limit = error.validator, error.validator_value
    schema = error.schema if isinstance(error.schema, dict) else {}
    if rule == "additionalProperties":
        unknown = sorted(set(error.instance) - set(schema.get("properties", {})))
        return f"unknown option {_quoted(unknown[0] if unknown else '?')}"
    if rule == "required":
        missing = [name for name in limit if name not in error.instance]
        where = field_name(error)
        return f"option '{where}{'.' if where else ''}{missing[0]}' is missing"
    field = f"option '{field_name(error)}'"
    if rule == "type":
        wanted = limit if isinstance(limit, str) else "/".join(limit)
        return f"{field} must be {TYPE_WORDS.get(wanted, wanted)}"
    if rule == "enum":
        return f"{field} must be one of {', '.join(map(str, limit))}, not {_quoted(error.instance)}"
    if rule == "maxLength":
        return f"{field} has at most {limit} characters"
    if rule == "minLength":
        return (
            f"{field} must not be empty"
            if limit == 1
            else f"{field} has at least {limit} characters"
        )
    if rule in ("minItems", "maxItems"):
        if schema.get("minItems") == schema.get("maxItems"):
            return f"{field} must hold exactly {limit} values"
        return f"{field} must hold {'at most' if rule == 'maxItems' else 'at least'} {limit} values"
    return f"{field}: {_quoted(error.instance)} does not fit ({rule})"
