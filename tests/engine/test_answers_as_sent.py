"""Answers as a form or the headless API send them (webapp/engine/questions.py): what is
read as yes, and what is never a whole number."""

from __future__ import annotations

import pytest

from webapp.engine import Field, InvalidAnswer, msg
from webapp.engine.questions import choice, choose, confirm, dice, fields, number, yes_no

# --- a number is a whole number, never JSON true or false ---------------------------------


@pytest.mark.parametrize("sent", [True, False, 2.5, "2.5"])
def test_a_number_question_refuses_what_is_not_a_whole_number(sent: object) -> None:
    """JSON `true` is not 1 (nor `false` 0), and 2.5 is not 2: the table meant something
    else, and a number read wrong would be stored in the game's log."""
    question = number(msg("How many coins?"), 0, 5)
    with pytest.raises(InvalidAnswer, match="^the answer must be a whole number$"):
        question.parse(sent)
    assert question.parse(1) == 1 and question.parse(" 2 ") == 2


def test_a_number_field_of_a_form_sent_as_json_refuses_true() -> None:
    form = fields(msg("The tile"), Field("gold", msg("Gold"), "number", maximum=5))
    with pytest.raises(InvalidAnswer, match="^Gold: the answer must be a whole number$"):
        form.parse('{"gold": true}')
    assert form.parse('{"gold": 1}') == {"gold": 1}


def test_a_die_the_table_rolled_is_never_true() -> None:
    roll = dice(msg("Roll"), 6, 6)
    with pytest.raises(InvalidAnswer, match="^the answer must be a whole number$"):
        roll.parse([True, 3])
    assert roll.parse([1, 3]) == [1, 3]


# --- what is read as yes -------------------------------------------------------------------


@pytest.mark.parametrize(
    "sent, read", [("1", True), ("0", False), ("yes", True), ("no", False), (True, True)]
)
def test_a_yes_or_no_question_reads_1_as_yes_and_0_as_no(sent: object, read: bool) -> None:
    """What a form's `value=1` or a script sends for yes."""
    assert yes_no(msg("Still unexplored?")).parse(sent) is read


@pytest.mark.parametrize(
    "sent, read",
    [
        ("Yes", True),
        ("ON", True),
        (" on ", True),
        ("TRUE", True),
        ("1", True),
        ("No", False),
        ("OFF", False),
        ("False", False),
        ("0", False),
        ("", False),
    ],
)
def test_a_yes_or_no_field_reads_yes_and_on_whatever_their_case(sent: str, read: bool) -> None:
    """A ticked box sends "on"; a script or an older form may send "Yes" or "ON"."""
    form = fields(msg("The tile"), Field("camp", msg("A camp"), "yesno"))
    assert form.parse({"camp": sent}) == {"camp": read}


def test_a_yes_or_no_field_refuses_anything_else() -> None:
    form = fields(msg("The tile"), Field("camp", msg("A camp"), "yesno"))
    with pytest.raises(InvalidAnswer, match="^A camp: the answer must be yes or no$"):
        form.parse({"camp": "maybe"})


@pytest.mark.parametrize("sent", ["done", True, None, ""])
def test_a_done_step_is_done_however_its_button_sends_it(sent: object) -> None:
    # a form's button, the headless API's True, or a button with no value at all
    assert confirm().parse(sent) == "done"


def test_a_done_step_refuses_any_other_answer() -> None:
    with pytest.raises(InvalidAnswer, match=r"^this step only needs to be marked done$"):
        confirm().parse("yes")


@pytest.mark.parametrize(("sent", "read"), [("true", True), ("false", False)])
def test_a_yes_or_no_question_reads_true_and_false_as_sent_by_json(sent: str, read: bool) -> None:
    assert yes_no(msg("A camp?")).parse(sent) is read


def test_a_number_out_of_its_range_is_refused_saying_the_range() -> None:
    with pytest.raises(InvalidAnswer, match=r"^the number must be between 1 and 5$"):
        number(msg("How many?"), 1, 5).parse("6")


def test_an_answer_that_is_not_one_of_the_choices_is_refused_saying_so() -> None:
    asked = choose(msg("Which?"), choice("a", msg("A")), choice("b", msg("B")))
    assert asked.parse("b") == "b"
    with pytest.raises(InvalidAnswer, match=r"^the answer is not one of the listed choices$"):
        asked.parse("c")
