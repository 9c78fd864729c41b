"""What each kind of question reads and says (webapp/engine/questions.py), word for word:
a refusal is all the table sees of what went wrong, and a label is what the history keeps."""

from __future__ import annotations

import random

import pytest

from webapp.engine import InvalidAnswer, msg
from webapp.engine.questions import (
    JOB_DIE,
    Entry,
    choice,
    choose,
    dice,
    entry,
    fields,
    job_dice,
    number,
    space,
    yes_no,
)

PROMPT = msg("The prompt")


def test_a_yes_no_question_reads_true_and_false_as_a_browser_sends_them() -> None:
    question = yes_no(PROMPT)
    assert [question.parse(sent) for sent in ("yes", "true", "1", True)] == [True] * 4
    assert [question.parse(sent) for sent in ("no", "false", "0", False)] == [False] * 4
    for sent in ("TRUE", "FALSE", "maybe", 2):
        with pytest.raises(InvalidAnswer, match="^the answer must be yes or no$"):
            question.parse(sent)


def test_an_entry_that_is_not_json_is_refused_saying_why() -> None:
    question = entry(PROMPT, lambda entered: entered, {})
    with pytest.raises(InvalidAnswer, match="^the entry cannot be read: .+"):
        question.parse("{not json")
    assert question.parse('{"cost": 2}') == {"cost": 2}


def test_an_entry_with_nothing_to_check_it_takes_nothing() -> None:
    with pytest.raises(InvalidAnswer, match="^nothing can be entered here$"):
        Entry(PROMPT).parse({"cost": 2})


@pytest.mark.parametrize(
    ("count", "said"), [(1, "^the roll is 1 die$"), (2, "^the roll is 2 dice$")]
)
def test_a_roll_of_the_wrong_number_of_dice_says_how_many(count: int, said: str) -> None:
    question = dice(PROMPT, *([6] * count))
    with pytest.raises(InvalidAnswer, match=said):
        question.parse([1, 2, 3])


def test_a_face_a_die_cannot_show_is_refused_with_what_it_shows() -> None:
    with pytest.raises(InvalidAnswer, match="^a d8 shows 1 to 8$"):
        dice(PROMPT, 8).parse([9])
    with pytest.raises(InvalidAnswer, match="^this die shows only 0, 1, 2$"):
        job_dice(PROMPT, 2).parse([1, 3])
    assert job_dice(PROMPT, 2).parse("0, 2") == [0, 2]


def test_dice_with_no_sides_said_are_one_six_sided_die() -> None:
    assert dice(PROMPT).sides == (6,)  # type: ignore[attr-defined]
    assert dice(PROMPT).parse([6]) == [6]
    with pytest.raises(InvalidAnswer, match="^a d6 shows 1 to 6$"):
        dice(PROMPT).parse([7])


def test_a_custom_die_rolled_by_botdeck_shows_every_face_and_only_its_faces() -> None:
    die = job_dice(PROMPT, 1)
    rng = random.Random(1)
    shown = [die.roll(rng)[0] for _ in range(600)]  # type: ignore[attr-defined]
    assert set(shown) == set(JOB_DIE)
    # each face as often as it is printed: 0 and 1 and 1 of 6 faces twice, three times, once
    assert 150 < shown.count(0) < 250 and 250 < shown.count(1) < 350 and shown.count(2) < 150


def test_each_kind_of_question_keeps_the_prompt_it_was_given() -> None:
    made = [
        yes_no(PROMPT),
        number(PROMPT, 0, 3),
        choose(PROMPT, choice("a", msg("A"))),
        space(PROMPT, ["1.1"]),
        entry(PROMPT, lambda entered: entered, {}),
        dice(PROMPT, 6),
        dice(PROMPT, faces=JOB_DIE),
        job_dice(PROMPT, 1),
        fields(PROMPT),
    ]
    assert [question.prompt for question in made] == [PROMPT] * len(made)


def test_a_choice_not_listed_is_labelled_by_its_value() -> None:
    question = choose(PROMPT, choice("a", msg("Alpha")))
    assert str(question.label("a")) == "Alpha"
    assert str(question.label("zeta")) == "zeta"
