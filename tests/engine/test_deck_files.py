"""Deck files: a published, versioned JSON format; bad ones name card and field."""

from __future__ import annotations

import copy

import jsonschema
import pytest

from webapp.bots.covenant.deck import DeckError, Layout, deck_schema, space_name, validate_deck

from .decks import deck, section


def broken(change) -> dict:
    data = deck(
        section(influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "coins", "amount": 2}])
    )
    change(data)
    return data


def test_the_schema_is_itself_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(deck_schema())


def test_a_good_deck_passes():
    data = deck(section())
    assert validate_deck(copy.deepcopy(data)) == data


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(version=2), "made by a newer Botdeck"),
        (lambda d: d.update(format="tarot"), "not a Botdeck deck file"),
        (
            lambda d: d["cards"][3]["sides"]["normal"]["sections"][0].pop("end"),
            "card 04, normal side, section 1, field 'end' is missing",
        ),
        (
            lambda d: d["cards"][1]["sides"]["hard"]["sections"][0]["effects"].append(
                {"type": "kraken"}
            ),
            "card 02, hard side, section 1, field 'effects.1.type'",
        ),
        (
            lambda d: d["cards"][0]["sides"]["normal"]["sections"][0]["effects"][0].update(
                amount=-1
            ),
            "card 01, normal side, section 1, field 'effects.0.amount'",
        ),
        (
            lambda d: d["cards"][5]["sides"]["normal"]["sections"][0]["influence"][0].update(
                space="6.1"
            ),
            "card 06, normal side, section 1, field 'influence': space 6.1 is off the board",
        ),
        (
            lambda d: d["cards"][5]["sides"]["normal"]["sections"][0].update(end="1.4"),
            "card 06, normal side, section 1, field 'end': space 1.4 is off the board",
        ),
        (lambda d: d["cards"][7].update(id="01"), "card 01 is listed twice"),
        (lambda d: d["cards"].append("a card"), "card number 19"),
    ],
)
def test_a_bad_deck_is_refused_naming_the_card_and_the_field(change, expected):
    with pytest.raises(DeckError) as error:
        validate_deck(broken(change))
    assert expected in str(error.value)


def test_the_harbor_cannot_hold_influence_cubes():
    with pytest.raises(DeckError, match="Harbor cannot be used"):
        validate_deck(
            broken(
                lambda d: d["cards"][0]["sides"]["normal"]["sections"][0]["influence"][0].update(
                    space="H"
                )
            )
        )


def test_rows_and_spaces_per_row_come_from_the_deck():
    layout = Layout((3, 5))
    assert layout.has("2.5") and not layout.has("1.4") and not layout.has("3.1")
    assert validate_deck(deck(section(end="2.5"), rows=[3, 5]))


def test_the_harbor_touches_every_space_of_row_one():
    layout = Layout((3, 3, 3, 3))
    assert [layout.distance("H", s) for s in ("1.1", "1.3", "2.2", "4.3")] == [1, 1, 2, 4]
    assert layout.distance("1.1", "2.3") == 3


def test_spaces_are_named_as_the_board_prints_them():
    # Row 2's middle space is "2.2" on the board, in a question and in the history alike
    assert str(space_name("2.2")) == "2.2"
    assert str(space_name("H")) == "Harbor"
    assert str(space_name("2.4")) == "2.4"  # on a board of rows other than 3


def test_a_difficulty_needs_the_sides_it_plays():
    from webapp.engine import Game

    data = deck(section())
    for card in data["cards"]:
        del card["sides"]["hard"]
    Game("covenant", {"difficulty": "normal"}, 1, data)
    with pytest.raises(DeckError, match="hard side is not complete"):
        Game("covenant", {"difficulty": "expert"}, 1, data)
