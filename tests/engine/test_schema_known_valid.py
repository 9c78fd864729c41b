"""A deck (or any data) found to follow its schema is not checked again while it is the
same: a game checks its deck each time it is built, 70 ms for a Covenant deck."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from webapp.engine import schema
from webapp.engine.schema import first_error

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"cards": {"type": "array", "items": {"type": "integer", "minimum": 1}}},
    "required": ["cards"],
}


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Each data the schema's validator was built to check, from a fresh memory."""
    monkeypatch.setattr(schema, "_known_valid", {})
    built: list[Any] = []
    real = jsonschema.Draft202012Validator

    class Counted:  # the real validator, each data it checks written down
        def __init__(self, schema: dict[str, Any]) -> None:
            self.validator = real(schema)

        def iter_errors(self, instance: Any) -> Any:
            built.append(copy.deepcopy(instance))
            return self.validator.iter_errors(instance)

    monkeypatch.setattr(jsonschema, "Draft202012Validator", Counted)
    return built


def test_data_that_followed_its_schema_is_not_checked_again(checks: list[Any]) -> None:
    assert first_error({"cards": [1, 2]}, SCHEMA) is None
    assert first_error({"cards": [1, 2]}, SCHEMA) is None
    assert checks == [{"cards": [1, 2]}]


def test_data_changed_after_its_check_is_checked_again_and_refused(checks: list[Any]) -> None:
    deck = {"cards": [1, 2]}
    assert first_error(deck, SCHEMA) is None
    deck["cards"].append(0)
    error = first_error(deck, SCHEMA)
    assert (
        error is not None
        and error.validator == "minimum"
        and list(error.absolute_path)
        == [
            "cards",
            2,
        ]
    )
    assert len(checks) == 2


def test_the_same_data_against_another_schema_is_checked_against_it(checks: list[Any]) -> None:
    assert first_error({"cards": [1]}, SCHEMA) is None
    stricter = {**SCHEMA, "properties": {"cards": {"type": "array", "minItems": 2}}}
    error = first_error({"cards": [1]}, stricter)
    assert error is not None and error.validator == "minItems"


def test_data_refused_is_checked_every_time(checks: list[Any]) -> None:
    for _ in range(2):
        error = first_error({"cards": "none"}, SCHEMA)
        assert error is not None and error.validator == "type"
    assert len(checks) == 2


def test_data_json_cannot_hold_is_checked_every_time(checks: list[Any]) -> None:
    for _ in range(2):
        error = first_error({"cards": {1, 2}}, SCHEMA)
        assert error is not None and error.validator == "type"
    assert len(checks) == 2


def test_only_the_newest_data_found_valid_are_remembered(
    checks: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "KNOWN_VALID", 2)
    for first in (1, 2, 3):
        assert first_error({"cards": [first]}, SCHEMA) is None
    assert len(schema._known_valid) == 2
    assert first_error({"cards": [3]}, SCHEMA) is None  # remembered
    assert first_error({"cards": [1]}, SCHEMA) is None  # the oldest, forgotten: checked again
    assert [data["cards"] for data in checks] == [[1], [2], [3], [1]]
