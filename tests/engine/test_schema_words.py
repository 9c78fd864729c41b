"""A file or a form refused by its schema is refused in a player's words
(webapp/engine/schema.py `in_words`): where, and what is wrong, for each rule a schema
uses — never jsonschema's English, never the whole value."""

from __future__ import annotations

from typing import Any

import pytest

from webapp.engine.schema import QUOTED, first_error, in_words, quoted

CASES: list[tuple[str, dict[str, Any], Any, list[Any], str]] = [
    # (what, schema, data, where, words)
    ("missing", {"required": ["a", "b"]}, {"a": 1}, ["b"], "is missing"),
    (
        "unknown",
        {"properties": {"a": {}}, "additionalProperties": False},
        {"a": 1, "zz": 2, "yy": 3},
        ["yy"],
        "is not a field Botdeck knows",
    ),
    ("text", {"type": "string"}, 1, [], "must be a text"),
    ("whole", {"type": "integer"}, "1", [], "must be a whole number"),
    ("number", {"type": "number"}, "1", [], "must be a number"),
    ("on/off", {"type": "boolean"}, 1, [], "must be on or off"),
    ("list", {"type": "array"}, 1, [], "must be a list"),
    ("a list, not names", {"type": "array"}, {"a": 1}, [], "must be a list"),
    ("object", {"type": "object"}, 1, [], "must be a set of named values"),
    ("empty", {"type": "null"}, 1, [], "must be empty"),
    ("two types", {"type": ["integer", "null"]}, "x", [], "must be a value of type integer/null"),
    ("enum", {"enum": ["a", "b"]}, "c", [], "must be one of a, b, not 'c'"),
    ("const", {"const": "deck"}, "desk", [], "must be 'deck'"),
    ("minimum", {"minimum": 2}, 1, [], "must be at least 2"),
    ("exclusive minimum", {"exclusiveMinimum": 2}, 2, [], "must be at least 3"),
    ("maximum", {"maximum": 5}, 6, [], "must be at most 5"),
    ("exclusive maximum", {"exclusiveMaximum": 5}, 5, [], "must be at most 4"),
    ("not empty", {"minLength": 1}, "", [], "must not be empty"),
    ("min length", {"minLength": 3}, "ab", [], "has at least 3 characters"),
    ("max length 1", {"maxLength": 1}, "ab", [], "has at most 1 character"),
    ("max length", {"maxLength": 2}, "abc", [], "has at most 2 characters"),
    ("exactly", {"minItems": 2, "maxItems": 2}, [1], [], "must hold exactly 2 values"),
    ("exactly 1", {"minItems": 1, "maxItems": 1}, [1, 2], [], "must hold exactly 1 value"),
    ("at most", {"maxItems": 1}, [1, 2], [], "must hold at most 1 value"),
    ("at most 2", {"minItems": 0, "maxItems": 2}, [1, 2, 3], [], "must hold at most 2 values"),
    ("at least", {"minItems": 2, "maxItems": 4}, [1], [], "must hold at least 2 values"),
    ("at least 1", {"minItems": 1}, [], [], "must hold at least 1 value"),
    ("twice", {"uniqueItems": True}, [1, 1], [], "lists the same value twice"),
    ("pattern", {"pattern": "^[A-Z]$"}, "ab", [], "is not written as expected: 'ab'"),
    ("not", {"not": {"const": 1}}, 1, [], "is not allowed here"),
    ("other", {"multipleOf": 2}, 3, [], "does not fit: 3 (multipleOf)"),
    (
        "deep",
        {"properties": {"cards": {"items": {"properties": {"cost": {"minimum": 0}}}}}},
        {"cards": [{"cost": 0}, {"cost": -1}]},
        ["cards", 1, "cost"],
        "must be at least 0",
    ),
]


@pytest.mark.parametrize(
    ("schema", "data", "where", "words"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_each_schema_rule_is_refused_in_a_players_words(
    schema: dict[str, Any], data: Any, where: list[Any], words: str
) -> None:
    error = first_error(data, schema)
    assert error is not None
    path, said = in_words(error)
    assert (path, str(said)) == (where, words)


def test_a_long_value_is_quoted_cut_never_whole() -> None:
    error = first_error("x" * 500, {"enum": ["a"]})
    assert error is not None
    said = str(in_words(error)[1])
    assert said == "must be one of a, not '" + "x" * 38 + "…"


def test_a_value_the_schema_allows_nowhere_is_not_allowed_here() -> None:
    # a false subschema: no value may stand there
    error = first_error({"a": 1}, {"properties": {"a": False}})
    assert error is not None and str(in_words(error)[1]) == "is not allowed here"


def test_a_value_is_quoted_whole_up_to_its_limit_then_cut() -> None:
    assert quoted("x" * (QUOTED - 2)) == repr("x" * (QUOTED - 2))  # 40 with its quotes
    assert quoted("x" * (QUOTED - 1)) == "'" + "x" * (QUOTED - 2) + "…"
