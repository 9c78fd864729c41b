"""A game's options: checked against the bot's declared JSON Schema, completed with the
schema's defaults, then given to the bot for what a schema cannot say. Any game may also
hold the engine's own option, the earlier release that played its first actions
(`earlier.OPTION`), checked against the engine's schema.

The options a game stores (and a game file carries) are exactly what this returns, so
checking them again when the game is reopened or imported gives them back unchanged.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import jsonschema

from . import earlier
from .schema import first_error, in_words, path_name, quoted, schema_defaults
from .text import Msg, msg

if TYPE_CHECKING:
    from .bot import Bot


class OptionsError(ValueError):
    """Options a game cannot start with; the message names the option."""


# the engine's own options, which every bot's games may hold
ENGINE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {earlier.OPTION: earlier.SCHEMA},
}


def checked_options(bot: Bot[Any], raw: Any) -> dict[str, Any]:
    """The game's options as it stores them, or OptionsError naming the field."""
    if not isinstance(raw, dict):
        raise OptionsError(msg("the options are not a set of named values"))
    own = {key: value for key, value in raw.items() if key == earlier.OPTION}
    error = first_error(own, ENGINE_SCHEMA) or first_error(
        {key: value for key, value in raw.items() if key not in own}, bot.options_schema
    )
    if error is not None:
        raise OptionsError(_in_words(error))
    options = {**copy.deepcopy(schema_defaults(bot.options_schema)), **copy.deepcopy(raw)}
    for key in own:
        del options[key]
    return {**bot.check_options(options), **copy.deepcopy(own)}


def _in_words(error: jsonschema.ValidationError) -> Msg:
    """One schema error as a sentence that names the option (never the whole value)."""
    path, wrong = in_words(error)
    if error.validator == "additionalProperties" and len(path) == 1:
        return msg("unknown option {name}", name=quoted(path[0]))
    return msg("option '{field}' {wrong}", field=path_name(path), wrong=wrong)
