"""A form refused field by field (engine/refusals.py): each problem names its field, a
form says every field that is wrong at once, a check of the whole form runs once every
field is read, and an answer already in a game's log is read as it was saved."""

from __future__ import annotations

import pytest

from webapp.engine import Field, InvalidAnswer, msg
from webapp.engine.questions import entry, field_blocks, fields
from webapp.engine.refusals import FieldsRefused, Problem

FORM = fields(
    msg("A form"),
    Field("a", msg("First"), "number", minimum=1, maximum=5),
    Field("b", msg("Second"), "number", minimum=0, maximum=3),
)


def no_two_the_same(value):
    if value["a"] == value["b"]:
        raise FieldsRefused(Problem("b", msg("Not the same as the first.")))
    return value


CHECKED = fields(msg("A form"), *FORM.fields, check=no_two_the_same)


def test_a_refusal_names_its_field_and_reads_as_one_sentence_without_the_form():
    error = FieldsRefused(Problem("serf.free", msg("Is this printed as free?")))
    assert error.field == "serf.free"
    assert str(error) == "field 'serf.free': Is this printed as free?"
    assert str(FieldsRefused(Problem(None, msg("Every cost is 0.")))) == "Every cost is 0."
    with pytest.raises(TypeError, match="a refusal names at least one problem"):
        FieldsRefused()


def test_a_form_says_every_field_that_is_wrong_at_once():
    with pytest.raises(InvalidAnswer) as refused:
        FORM.parse({"a": "9", "b": "x"})
    assert [(p.field, str(p.why)) for p in refused.value.problems] == [
        ("a", "From 1 to 5."),
        ("b", "A whole number is needed."),
    ]
    assert str(refused.value) == "First: the number must be between 1 and 5"


def test_a_forms_own_check_runs_once_each_field_is_read():
    assert CHECKED.parse({"a": "2", "b": "3"}) == {"a": 2, "b": 3}
    with pytest.raises(InvalidAnswer, match="field 'b': Not the same") as refused:
        CHECKED.parse({"a": "2", "b": "2"})
    assert refused.value.problems == (Problem("b", msg("Not the same as the first.")),)


def test_an_answer_in_a_games_log_is_not_judged_again_by_a_newer_check():
    assert CHECKED.read_stored({"a": 2, "b": 2}) == {"a": 2, "b": 2}
    with pytest.raises(InvalidAnswer, match="the number must be between 1 and 5"):
        CHECKED.read_stored({"a": 9, "b": 2})  # its fields are still read


def test_an_entrys_stored_reading_is_used_for_the_log_only():
    strict = entry(msg("Costs"), no_two_the_same, {"kind": "x"}, stored=lambda raw: raw)
    with pytest.raises(InvalidAnswer) as refused:
        strict.parse({"a": 1, "b": 1})
    assert refused.value.problems[0].field == "b"
    assert strict.read_stored({"a": 1, "b": 1}) == {"a": 1, "b": 1}


def test_fields_placed_in_rows_and_columns_are_one_grid_in_the_fullest_rows_order():
    one, two = msg("Section 1"), msg("Section 2")
    start, star = msg("Starts at"), msg("Red star")
    lone = Field("end", msg("Last space"), "number", maximum=9)
    grid = [
        Field("stars_1", msg("Star 1"), "number", row=one, column=star),
        Field("start_2", msg("Start 2"), "number", row=two, column=start),
        Field("stars_2", msg("Star 2"), "number", row=two, column=star),
    ]
    blocks = field_blocks((lone, *grid))
    assert blocks[0] is lone and len(blocks) == 2
    assert blocks[1].columns == (start, star)
    assert blocks[1].rows == ((one, (None, grid[0])), (two, (grid[1], grid[2])))


def test_rows_as_full_as_each_other_put_the_columns_in_the_first_rows_order():
    one, two = msg("Section 1"), msg("Section 2")
    a, b, c = msg("A"), msg("B"), msg("C")
    grid = [
        Field("b1", msg("B1"), "number", row=one, column=b),
        Field("c1", msg("C1"), "number", row=one, column=c),
        Field("a2", msg("A2"), "number", row=two, column=a),
        Field("c2", msg("C2"), "number", row=two, column=c),
    ]
    (block,) = field_blocks(tuple(grid))
    assert block.columns == (b, c, a)


def test_a_field_with_a_row_but_no_column_is_drawn_on_its_own():
    half = Field("half", msg("Half"), "number", row=msg("Section 1"))
    placed = Field("whole", msg("Whole"), "number", row=msg("Section 1"), column=msg("A"))
    blocks = field_blocks((half, placed))
    assert blocks[0] is half and len(blocks) == 2 and blocks[1].columns == (msg("A"),)
