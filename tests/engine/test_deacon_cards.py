"""Deacon's cards: the deck file and its schema, the demo deck, quick entry of a card
and of any printed list of effects."""

from __future__ import annotations

import copy

import jsonschema
import pytest

from webapp.bots.deacon import DEACON_BOT
from webapp.bots.deacon.cards import (
    ADVANCED,
    BASIC,
    EFFECTS,
    POWERS,
    SHIPS,
    DeckError,
    card_ids,
    card_label,
    deck_schema,
    demo_deck,
    effect_name,
    empty_deck,
    find_card,
    set_card,
    validate_card,
    validate_deck,
)
from webapp.bots.deacon.entry import (
    EntryError,
    card_check,
    effects_check,
    effects_text,
    form_values,
)
from webapp.engine.capabilities import cards_of

FORM = {"island1": "4", "island2": "9", "island3": "2", "effects": "research,symbols:2+1,deploy"}
SHIP_FORM = {"island1": "5", "island2": "1", "island3": "8", "power": "deploy_research"}


def test_the_schema_is_itself_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(deck_schema())
    assert deck_schema()["$id"] == "https://botdeck.local/schemas/deacon-deck.json"


# --- Deacon rulebook, "Solo components" ------------------------------------------------


def test_the_deck_is_8_basic_4_advanced_and_5_ship_cards():
    assert card_ids() == [*BASIC, *ADVANCED, *SHIPS]
    assert card_ids() == [
        "1", "2", "3", "4", "5", "6", "7", "8", "1A", "2A", "3A", "4A",
        "S1", "S2", "S3", "S4", "S5",
    ]  # fmt: skip
    assert [str(card_label(i)) for i in ("3", "2A", "S4")] == [
        "Basic card 3",
        "Advanced card 2A",
        "Ship card 4",
    ]


def test_the_demo_deck_is_invented_cards_labelled_as_such():
    demo = validate_deck(demo_deck())
    assert demo["demo"] is True and demo["name"] == "Demo deck — not the printed cards"
    assert [c["id"] for c in demo["cards"]] == card_ids()
    assert all(c["name"].startswith("Demo Ship: ") for c in demo["cards"] if "power" in c)


def test_the_demo_deck_uses_every_effect_and_every_ship_power():
    cards = demo_deck()["cards"]
    used = {e["effect"] for c in cards for e in c.get("effects", [])}
    # Plain VP are printed on Oxygen Tanks, the score track, Seafloor tiles and Crew
    # bonuses, never on a Deacon card.
    assert used == set(EFFECTS) - {"vp"}
    assert [c["power"] for c in cards if c["id"] in SHIPS] == list(POWERS)
    assert all(1 <= len(c.get("effects", [])) <= 4 for c in cards if c["id"] not in SHIPS)


def test_the_demo_deck_reshuffles_once_among_basic_and_once_among_advanced_cards():
    cards = {c["id"]: c for c in demo_deck()["cards"]}

    def reshuffles(ids: tuple[str, ...]) -> int:
        return sum(e["effect"] == "reshuffle" for i in ids for e in cards[i]["effects"])

    assert reshuffles(BASIC) == 1 and reshuffles(ADVANCED) == 1


def test_the_demo_deck_moves_between_the_demo_boards_islands():
    cards = demo_deck()["cards"]
    assert all(len(set(c["islands"])) == 3 for c in cards)
    assert {n for c in cards for n in c["islands"]} == set(range(1, 17))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][2].update(islands=[4, 4, 2]), "card 3, field 'islands'"),
        (lambda d: d["cards"][2].update(islands=[4, 100, 2]), "card 3, field 'islands.1'"),
        (
            lambda d: d["cards"][2].update(islands=[4, 2]),
            "card 3, field 'islands' must hold exactly 3 values",
        ),
        (lambda d: d["cards"][2].pop("effects"), "card 3, field 'effects' is missing"),
        (lambda d: d["cards"][9].update(power="mission_deploy"), "card 2A, field 'power'"),
        (lambda d: d["cards"][0].update(name="Coral"), "card 1, field 'name'"),
        (lambda d: d["cards"][12].pop("power"), "card S1, field 'power' is missing"),
        (
            lambda d: d["cards"][13].update(effects=[{"effect": "deploy"}]),
            "card S2, field 'effects': a Ship card prints a power, not effects",
        ),
        (lambda d: d["cards"][14].update(power="fly"), "card S3, field 'power'"),
        (
            lambda d: d["cards"][3]["effects"].append({"effect": "vp", "n": 2}),
            "card 4, field 'effects.2.effect': plain VP are never printed on a Deacon card",
        ),
        (
            lambda d: d["cards"][3]["effects"].append({"effect": "kraken"}),
            "card 4, field 'effects.2.effect'",
        ),
        (
            lambda d: d["cards"][3]["effects"].append({"effect": "symbols"}),
            "card 4, field 'effects.2.symbols' is missing",
        ),
        (
            lambda d: d["cards"][3]["effects"].append({"effect": "symbols", "symbols": [6]}),
            "card 4, field 'effects.2.symbols.0'",
        ),
        (
            lambda d: d["cards"][3]["effects"].append({"effect": "deploy", "n": 2}),
            "card 4, field 'effects.2.n'",
        ),
        (lambda d: d["cards"][4].update(colour="red"), "card 5, field 'colour'"),
        (lambda d: d["cards"][3].update(id="9"), "card 9, field 'id'"),
        (lambda d: d["cards"][16].update(id="S1"), "card S1 is listed twice"),
        (
            lambda d: d["cards"].append(d["cards"][0]),
            "the deck file, field 'cards' must hold at most 17",
        ),
        (lambda d: d.update(version=2), "made by a newer Botdeck"),
        (lambda d: d.update(bot="solo_enemy"), "the deck file, field 'bot'"),
    ],
)
def test_a_bad_deck_file_is_refused_naming_the_card_and_field(change, message):
    data = copy.deepcopy(demo_deck())
    change(data)
    with pytest.raises(DeckError, match=message):
        validate_deck(data)


def test_a_card_kind_follows_from_its_id():
    validate_card({"id": "S2", "islands": [1, 2, 3], "power": "crew_hire_score"})
    with pytest.raises(DeckError, match="field 'power' is missing"):
        validate_card({"id": "S2", "islands": [1, 2, 3], "effects": [{"effect": "deploy"}]})
    with pytest.raises(DeckError, match="field 'effects' is missing"):
        validate_card({"id": "2", "islands": [1, 2, 3], "power": "crew_hire_score"})


def test_a_deck_learned_card_by_card_keeps_the_deck_order():
    deck = empty_deck("My cards")
    validate_deck(deck)
    for card in reversed(demo_deck()["cards"]):
        set_card(deck, card)
    assert [c["id"] for c in deck["cards"]] == card_ids()
    set_card(deck, {"id": "2A", "islands": [1, 2, 3], "effects": [{"effect": "diver"}]})
    assert find_card(deck, "2A") == {
        "id": "2A",
        "islands": [1, 2, 3],
        "effects": [{"effect": "diver"}],
    }
    assert find_card(deck, "3A") is not None and find_card(empty_deck("x"), "1") is None
    assert cards_of(DEACON_BOT).deck_progress(deck) == {
        "cards": 17,
        "card_total": 17,
        "complete": 17,
        "sections": 17,
        "section_total": 17,
    }
    validate_deck(deck)


# --- Deacon rulebook, "Deacon cards effects" -----------------------------------------


def test_symbols_score_1_vp_per_symbol_type_regardless_of_how_many():
    # "EXAMPLE: If the 2 [symbols] and 1 [symbol] are a reward, then Deacon would gain 2 VP."
    assert str(effect_name({"effect": "symbols", "symbols": [2, 1]})) == (
        "1 VP per symbol type (2 types: 2 VP)"
    )
    assert str(effect_name({"effect": "symbols", "symbols": [3]})) == (
        "1 VP per symbol type (1 type: 1 VP)"
    )


def test_every_effect_and_power_has_a_name():
    assert str(effect_name({"effect": "deploy"})) == "Deploy a Reef Ball anywhere"
    assert str(effect_name({"effect": "research"})) == "Research: its Scientist 1 step forward"
    assert str(effect_name({"effect": "vp", "n": 3})) == "3 VP"
    for effect in EFFECTS:
        assert str(effect_name({"effect": effect, "symbols": [1], "n": 1}))


# --- quick entry -------------------------------------------------------------------------


def test_a_card_is_entered_as_its_islands_and_a_line_of_effects():
    assert card_check("3")(FORM) == {
        "id": "3",
        "islands": [4, 9, 2],
        "effects": [
            {"effect": "research"},
            {"effect": "symbols", "symbols": [2, 1]},
            {"effect": "deploy"},
        ],
    }


def test_a_ship_card_is_entered_as_its_islands_power_and_name():
    assert card_check("S1")({**SHIP_FORM, "name": "  Coral  ", "effects": ""}) == {
        "id": "S1",
        "islands": [5, 1, 8],
        "power": "deploy_research",
        "name": "Coral",
    }
    assert "name" not in card_check("S1")({**SHIP_FORM, "name": ""})


def test_the_line_of_effects_forgives_spaces_capitals_and_a_trailing_comma():
    card = card_check("5")({**FORM, "effects": " Research , SYMBOLS: 2 + 1, deploy, "})
    assert effects_text(card["effects"]) == "research,symbols:2+1,deploy"


@pytest.mark.parametrize("card", demo_deck()["cards"], ids=lambda c: c["id"])
def test_an_entered_card_shows_again_as_it_was_typed(card):
    assert card_check(card["id"])(form_values(card)) == card
    assert card_check(card["id"])(copy.deepcopy(card)) == card


def test_a_card_not_entered_yet_shows_a_blank_form():
    assert form_values(None) == {
        "island1": "",
        "island2": "",
        "island3": "",
        "effects": "",
        "power": "",
        "name": "",
    }


@pytest.mark.parametrize(
    ("card_id", "change", "message"),
    [
        ("3", {"island1": ""}, "field 'island1': type the Island's number"),
        ("3", {"island2": "two"}, "field 'island2': an Island's number, from 1 to 99"),
        ("3", {"island3": "100"}, "field 'island3'"),
        ("3", {"island3": "4"}, "field 'island3': Island 4 is already on this card"),
        ("3", {"effects": ""}, "field 'effects': type the effects"),
        ("3", {"effects": "research,reserch"}, r"field 'effects', effect 2 \(reserch\)"),
        ("3", {"effects": "vp:3"}, "plain VP are never printed on a Deacon card"),
        ("3", {"effects": "symbols"}, r"effect 1 \(symbols\): the symbols of each type"),
        ("3", {"effects": "symbols:2+6"}, "a whole number from 1 to 5"),
        ("3", {"effects": "symbols:1+1+1+1+1"}, "1 to 4 types"),
        ("3", {"effects": "deploy:2"}, "nothing follows 'deploy'"),
        ("3", {"effects": ",".join(["deploy"] * 9)}, "at most 8 effects"),
        ("3", {"power": "deploy_research"}, "field 'power': only a Ship card prints a power"),
        ("3", {"name": "Coral"}, "field 'name': only a Ship card has a name"),
        ("3", {"colour": "red"}, "field 'colour' is not on a Deacon card"),
        ("S2", {"power": ""}, "field 'power': choose the Ship's power"),
        ("S2", {"power": "fly"}, "field 'power'"),
        ("S2", {"effects": "deploy"}, "field 'effects': a Ship card prints a power"),
        ("S2", {"name": "x" * 41}, "field 'name' has at most 40 characters"),
    ],
)
def test_a_bad_quick_entry_is_refused_naming_the_field(card_id, change, message):
    form = {**(SHIP_FORM if card_id.startswith("S") else FORM), **change}
    with pytest.raises(EntryError, match=message):
        card_check(card_id)(form)


def test_a_card_as_json_must_be_the_card_asked_for():
    with pytest.raises(EntryError, match="field 'id': this is card 4"):
        card_check("4")({"id": "5", "islands": [1, 2, 3], "effects": [{"effect": "deploy"}]})
    with pytest.raises(EntryError, match="the card is not a set of fields"):
        card_check("4")(["deploy"])


def test_a_printed_list_of_effects_is_entered_the_same_way():
    check = effects_check()
    line = "vp:3,research,symbols:1+1"
    assert check(line) == [
        {"effect": "vp", "n": 3},
        {"effect": "research"},
        {"effect": "symbols", "symbols": [1, 1]},
    ]
    assert check({"effects": line}) == check(line) == check(check(line))
    assert effects_text(check(line)) == line


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "field 'effects': type the effects"),
        ("vp:11", r"effect 1 \(vp:11\): a whole number from 1 to 10"),
        ("vp", "a whole number from 1 to 10"),
        ([{"effect": "vp"}], "field 'effects.0.n' is missing"),
        ({"tank": "vp:1"}, "field 'tank': there is no such field"),
        (5, "field 'effects': a list of effects is needed"),
    ],
)
def test_a_bad_list_of_effects_is_refused_naming_the_field(raw, message):
    with pytest.raises(EntryError, match=message):
        effects_check()(raw)


def test_a_list_of_effects_can_refuse_plain_vp():
    with pytest.raises(EntryError, match="plain VP are never printed"):
        effects_check(allow_vp=False)("deploy,vp:2")
