"""Each kind of question checks its own answers and says them in words; the dice
question rolls with the game's seeded dice or takes the table's own roll; a form of
fields is read field by field."""

from __future__ import annotations

import random

import pytest

from webapp.engine import Dice, Field, Fields, Game, InvalidAnswer, Kind, msg
from webapp.engine.questions import (
    JOB_DIE,
    Choice,
    Entry,
    choice,
    choose,
    confirm,
    dice,
    entry,
    fields,
    job_dice,
    number,
    space,
    yes_no,
)


@pytest.mark.parametrize(
    ("question", "raw", "stored", "said"),
    [
        (confirm(), "done", "done", "Done"),
        (yes_no(msg("?")), "yes", True, "Yes"),
        (number(msg("?"), 1, 5), "3", 3, "3"),
        (choose(msg("?"), Choice("a", msg("Alpha"))), "a", "a", "Alpha"),
        (space(msg("?"), ["2.2"]), "2.2", "2.2", "2.2"),
        (entry(msg("?"), lambda raw: raw, None), '{"x": 1}', {"x": 1}, "entered"),
        (dice(msg("?"), 6, 8), [3, 8], [3, 8], "rolled 3 · 8"),
        (dice(msg("?"), 6, 8), "3, 8", [3, 8], "rolled 3 · 8"),
        (dice(msg("?"), 6, 8), {"0": "3", "1": "8"}, [3, 8], "rolled 3 · 8"),
    ],
)
def test_each_kind_of_question_stores_its_answer_and_says_it(question, raw, stored, said):
    assert question.parse(raw) == stored
    assert str(question.label(stored)) == said
    assert question.template == f"questions/{question.kind}.html"


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ([7, 1], "a d6 shows 1 to 6"),
        ([1], "the roll is 2 dice"),
        ("one two", "whole number"),
        ({"0": "2"}, "whole number"),
        ([0, 3], "a d6 shows 1 to 6"),
        (True, "the roll is 2 dice"),
    ],
)
def test_a_roll_the_dice_cannot_show_is_refused(raw, why):
    with pytest.raises(InvalidAnswer, match=why):
        dice(msg("?"), 6, 6).parse(raw)


@pytest.fixture
def dice_game(monkeypatch) -> Game:
    """A game whose pending step asks two dice (a step type made to ask them)."""
    game = Game("covenant", {}, seed=42)
    kind = game.bot.step_types[game.pending().step.kind]
    monkeypatch.setattr(kind, "question", lambda state, step: dice(msg("Roll"), 6, 6))
    monkeypatch.setattr(kind, "resolve", lambda state, step, value, ctx: None)
    return game


def test_roll_for_me_stores_the_faces_and_rolls_the_same_after_an_undo(dice_game):
    assert dice_game.pending().question.kind is Kind.DICE
    assert isinstance(dice_game.pending().question, Dice)
    dice_game.answer("roll")
    rolled = dice_game.actions[-1]["answer"]
    assert len(rolled) == 2 and all(1 <= face <= 6 for face in rolled)
    dice_game.undo()
    dice_game.answer("roll")
    assert dice_game.actions[-1]["answer"] == rolled  # the game's own dice, not a new throw
    again = Game.replay("covenant", {}, 42, None, dice_game.actions)
    assert again.actions == dice_game.actions  # a replay reads the faces, never rolls


def test_the_tables_own_roll_is_stored_as_entered(dice_game):
    step = dice_game.answer({"0": "6", "1": "1"})
    assert dice_game.actions[-1] == {"answer": [6, 1]}
    assert str(dice_game.step_answer(step)) == "rolled 6 · 1"


# --- a die of its own: the job die --------------------------------------------------


def test_job_dice_roll_only_their_faces_and_the_same_with_the_same_seed():
    question = job_dice(msg("Battle"), 3)
    assert isinstance(question, Dice) and question.faces == JOB_DIE == (0, 0, 1, 1, 1, 2)
    assert question.sides == (6, 6, 6)
    throws = [question.roll(random.Random(seed)) for seed in range(200)]
    assert all(len(throw) == 3 and set(throw) <= {0, 1, 2} for throw in throws)
    assert {face for throw in throws for face in throw} == {0, 1, 2}
    assert question.roll(random.Random(7)) == question.roll(random.Random(7))


def test_a_custom_die_offers_its_distinct_faces_and_says_its_roll():
    question = dice(msg("?"), 6, 6, faces=JOB_DIE)
    assert question.sides == (6, 6) and question.values(6) == (0, 1, 2)
    assert question.parse({"0": "2", "1": "0"}) == [2, 0]
    assert str(question.label([1, 0, 2])) == "rolled 1 · 0 · 2"
    assert dice(msg("?"), faces=(1, 1, 5)).sides == (3,)  # one die when no count is given


@pytest.mark.parametrize("raw", [[3, 1], [1, 6], {"0": "-1", "1": "1"}])
def test_a_face_the_custom_die_lacks_is_refused(raw):
    with pytest.raises(InvalidAnswer, match="this die shows only 0, 1, 2"):
        job_dice(msg("?"), 2).parse(raw)


def test_roll_for_me_on_job_dice_stores_the_face_values(dice_game, monkeypatch):
    kind = dice_game.bot.step_types[dice_game.pending().step.kind]
    monkeypatch.setattr(kind, "question", lambda state, step: job_dice(msg("Roll"), 4))
    dice_game.answer("roll")
    rolled = dice_game.actions[-1]["answer"]
    assert len(rolled) == 4 and set(rolled) <= {0, 1, 2}
    dice_game.undo()
    dice_game.answer("roll")
    assert dice_game.actions[-1]["answer"] == rolled


# --- a space tapped on the board only, or a button of the question's own -------------

NIGHT = choice("night", msg("Night falls"), primary=True)


def test_an_unlisted_space_takes_a_space_or_one_of_its_buttons():
    question = space(msg("Tap a tile"), ["a1", "b2"], listed=False, choices=(NIGHT,))
    assert question.listed is False and question.choices == (NIGHT,)
    assert question.parse("b2") == "b2" and question.parse("night") == "night"
    assert str(question.label("night", lambda s: msg("Tile {s}", s=s))) == "Night falls"
    assert str(question.label("b2", lambda s: msg("Tile {s}", s=s))) == "Tile b2"
    assert str(question.label("b2")) == "b2"
    with pytest.raises(InvalidAnswer, match="not one of the board spaces"):
        question.parse("c3")


def test_a_space_is_listed_unless_said_otherwise():
    assert space(msg("?"), ["a1"]).listed is True
    assert space(msg("?"), ["a1"]).choices == ()


# --- a small form: Fields ---------------------------------------------------------------

TILE = fields(
    msg("A tile revealed"),
    Field(
        "type",
        msg("Tile type"),
        "choice",
        choices=(Choice("town", msg("Town")), Choice("mine", msg("Mine"))),
    ),
    Field("stars", msg("Red stars"), "number", minimum=0, maximum=3, default=0),
    Field("camp", msg("A camp"), "yesno"),
    Field("gold", msg("Gold"), "number", minimum=1, maximum=9, required=False),
    Field(
        "sheriff", msg("Sheriff"), "choice", choices=(Choice("yes", msg("Here")),), required=False
    ),
    submit=msg("Reveal it"),
    choices=(Choice("cancel", msg("Cancel")),),
    describe=lambda value: msg("{type}, {stars} stars", type=value["type"], stars=value["stars"]),
)
ALL_BLANK = {"gold": None, "sheriff": None}


def test_a_form_is_a_question_of_its_own_kind():
    assert isinstance(TILE, Fields) and TILE.kind is Kind.FIELDS
    assert TILE.template == "questions/fields.html"
    assert [one.name for one in TILE.fields] == ["type", "stars", "camp", "gold", "sheriff"]
    assert str(TILE.submit) == "Reveal it" and TILE.draft is None


@pytest.mark.parametrize(
    ("raw", "stored"),
    [  # as a form sends it: text, a ticked box is "yes", an unticked one is missing
        ({"type": "mine", "stars": "2", "camp": "yes", "gold": "", "sheriff": ""},
         {"type": "mine", "stars": 2, "camp": True, **ALL_BLANK}),
        ({"type": "town", "stars": " 0 ", "gold": "9", "sheriff": "yes"},
         {"type": "town", "stars": 0, "camp": False, "gold": 9, "sheriff": "yes"}),
        # as the headless API sends it: typed values
        ({"type": "town", "stars": 3, "camp": True},
         {"type": "town", "stars": 3, "camp": True, **ALL_BLANK}),
        ({"type": "town", "stars": 1, "camp": "off"},
         {"type": "town", "stars": 1, "camp": False, **ALL_BLANK}),
        # as JSON text
        ('{"type": "mine", "stars": 1, "camp": "on", "gold": 4}',
         {"type": "mine", "stars": 1, "camp": True, "gold": 4, "sheriff": None}),
    ],
)  # fmt: skip
def test_a_form_is_read_field_by_field(raw, stored):
    assert TILE.parse(raw) == stored


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ({"type": "mine", "stars": "two"}, "Red stars: the answer must be a whole number"),
        ({"type": "mine", "stars": True}, "Red stars: the answer must be a whole number"),
        ({"type": "mine", "stars": "4"}, "Red stars: the number must be between 0 and 3"),
        ({"type": "mine", "stars": "1", "gold": "0"}, "Gold: the number must be between 1 and 9"),
        ({"type": "mine", "stars": ""}, "Red stars: an answer is needed"),
        ({"stars": "1"}, "Tile type: an answer is needed"),
        ({"type": "saloon", "stars": "1"}, "Tile type: the answer is not one of its choices"),
        ({"type": "mine", "stars": "1", "camp": "maybe"}, "A camp: the answer must be yes or no"),
        ({"type": "mine", "stars": "1", "horses": "2"}, "the form has no field 'horses'"),
        ("{not json", "the form cannot be read: it is not JSON"),
        ("[1, 2]", "the answer is not the form's fields or one of its buttons"),
        ("reveal", "the answer is not the form's fields or one of its buttons"),
        ([1, 2], "the answer is not the form's fields or one of its buttons"),
    ],
)
def test_a_form_that_does_not_fit_is_refused_naming_the_field(raw, why):
    with pytest.raises(InvalidAnswer) as refused:
        TILE.parse(raw)
    assert str(refused.value) == why


def test_a_forms_button_answers_it_instead_and_says_its_label():
    assert TILE.parse("cancel") == "cancel"
    assert str(TILE.label("cancel")) == "Cancel"


def test_a_filled_form_is_said_by_describe_or_as_entered():
    value = TILE.parse({"type": "mine", "stars": "2"})
    assert str(TILE.label(value)) == "mine, 2 stars"
    plain = fields(msg("?"), Field("camp", msg("A camp"), "yesno"))
    assert plain.parse({}) == plain.parse("") == {"camp": False}  # no box ticked
    assert str(plain.label({"camp": True})) == "entered"


def test_a_form_reads_the_answers_its_former_question_stored_exactly_as_stored():
    """A step that became a form still replays the log of its former question: an answer
    that question stored (True, not "yes"; not 1) is read and said as it said it."""
    form = fields(
        msg("Left?"), Field("serf", msg("Serf"), "yesno", default=True), formerly=yes_no(msg("?"))
    )
    assert form.parse(True) is True and form.parse(False) is False
    assert str(form.label(True)) == "Yes" and str(form.label(False)) == "No"
    assert str(form.label("yes")) == "entered" and str(form.label(1)) == "entered"
    assert form.parse({"serf": "yes"}) == {"serf": True}
    assert form.parse(' {"serf": "no"}') == {"serf": False}  # its JSON, spaces before
    for raw in ("yes", 1, 0, [True]):
        with pytest.raises(
            InvalidAnswer, match="the answer is not the form's fields or one of its buttons"
        ):
            form.parse(raw)
    without = fields(msg("Left?"), Field("serf", msg("Serf"), "yesno"))
    with pytest.raises(
        InvalidAnswer, match="the answer is not the form's fields or one of its buttons"
    ):
        without.parse(True)


def test_a_log_holds_a_former_questions_answer_as_its_form_sent_it_and_it_reads_back():
    """A game's log holds each answer as the form sent it ("yes", "done"): one its former
    question's form sent reads back as that question read it (the release of 2026-11-25
    logged the Solo Enemy's supply that way), where a tap now is refused as before."""
    form = fields(
        msg("Left?"), Field("serf", msg("Serf"), "yesno", default=True), formerly=yes_no(msg("?"))
    )
    assert form.read_stored("yes") is True and form.read_stored("no") is False
    assert form.read_stored('{"serf": "no"}') == {"serf": False}  # its own, still
    with pytest.raises(
        InvalidAnswer, match="the answer is not the form's fields or one of its buttons"
    ):
        form.parse("yes")
    tapped = space(msg("?"), ["1.2", "2.2"], formerly=confirm())
    assert tapped.read_stored("done") == "done" and tapped.read_stored("2.2") == "2.2"
    assert str(tapped.label("done")) == "Done"
    with pytest.raises(InvalidAnswer, match="the answer is not one of the board spaces offered"):
        tapped.parse("done")
    with pytest.raises(InvalidAnswer, match="the answer is not one of the board spaces offered"):
        space(msg("?"), ["1.2"]).read_stored("done")


def test_a_button_the_rules_forbid_now_is_refused_in_their_words():
    rule = msg("Cannot be done if there are bandits on the tile.")
    for question in (
        choose(
            msg("?"), choice("railway", msg("A Railway"), refused=rule), choice("back", msg("Back"))
        ),
        space(msg("?"), ["0,0"], choices=(choice("railway", msg("A Railway"), refused=rule),)),
        fields(msg("?"), choices=(choice("railway", msg("A Railway"), refused=rule),)),
    ):
        with pytest.raises(InvalidAnswer, match="Cannot be done if there are bandits"):
            question.parse("railway")
    assert choose(msg("?"), choice("back", msg("Back"))).parse("back") == "back"


def test_a_field_is_one_of_the_three_kinds():
    with pytest.raises(ValueError, match="choice, number, yesno"):
        Field("x", msg("X"), "text")


# --- each kind's words, exactly as the table sees them (a refusal is all it sees of what
# went wrong, a label is what the history keeps) -------------------------------------------

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


@pytest.mark.parametrize(
    ("raw", "field", "why"),
    [
        ({"type": "mine", "stars": "1", "camp": "maybe"}, "camp", "Ticked or not."),
        ({"stars": "1"}, "type", "An answer is needed."),
        ({"type": "saloon", "stars": "1"}, "type", "Choose one of its answers."),
        ({"type": "mine", "stars": "two"}, "stars", "A whole number is needed."),
    ],
)
def test_a_refused_field_says_under_it_what_it_takes(raw, field, why):
    with pytest.raises(InvalidAnswer) as refused:
        TILE.parse(raw)
    assert [(p.field, str(p.why)) for p in refused.value.problems] == [(field, why)]
