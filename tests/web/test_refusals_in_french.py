"""Issue 15, point 14: the bad-input tests' refusals, read by a French table, are all
French: the sentence around the reason and the reason itself (a bad answer, option,
deck file, board file, entry, game file), with no English left inside."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from webapp.bots.deacon.board import demo_board

from .conftest import HTMX, tap
from .test_boards import BAD_FILES
from .test_library import broken_deck, new_deck
from .test_solo_enemy import CARD

# Words of the English refusals that French never uses (quoted names are left out).
ENGLISH = set(
    re.findall(
        r"\w+",
        """the is must be field missing not an of and or card deck file this that it its to
        from at most least number answer whole one listed twice unknown cannot game board
        island side nothing was changed imported stored values hold exactly characters
        which reads supported unsupported list set named there no such off""",
    )
)
QUOTED = re.compile(r"«[^»]*»|'[^']*'|“[^”]*”")


def refusal(response) -> str:
    """The refusal's words: on an error page, in the notice an htmx request gets, or next
    to the lobby form's field."""
    text = html.unescape(response.get_data(as_text=True))
    found = re.search(
        r'<p class="(?:lead|notice|notice error|field-error)"[^>]*>(.*?)</p>', text, re.S
    )
    assert found, text
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def assert_french(response, *said: str) -> None:
    assert response.status_code == 422, response.get_data(as_text=True)
    words = refusal(response)
    english = set(re.findall(r"[a-z]+", QUOTED.sub("", words).lower())) & ENGLISH
    assert english == set(), words
    for part in said:
        assert part in words, words


@pytest.fixture
def french(client):
    client.set_cookie("botdeck_lang", "fr")
    return client


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"saga": "maybe"}, "l'option « saga » doit être oui ou non"),
        ({"coop": "on", "players": ["Ann", "Ann"]}, "les deux joueurs doivent avoir des noms"),
        ({"coop": "on", "players": ["A", "B", "C"]}, "doit contenir exactement 2 valeurs"),
        ({"deck_mode": "telepathy"}, "doit être l'une des valeurs app, physical, pas 'telepathy'"),
        ({"difficulty": "x" * 60}, "l'option « difficulty » doit être l'une des valeurs"),
        ({"bot": "chess"}, "bot inconnu : 'chess'"),
    ],
)
def test_a_game_that_cannot_start_says_why_in_french(french, form, said):
    response = french.post("/games", data={"bot": "covenant", **form})
    assert_french(response, "Cette partie ne peut pas commencer", said)


def test_solo_enemy_options_are_refused_in_french(french):
    response = french.post("/games", data={"bot": "solo_enemy", "you": "orcs", "factions": "orcs"})
    assert_french(response, "nommez au moins une faction que vous possédez")
    response = french.post(
        "/games", data={"bot": "solo_enemy", "factions": "orcs", "other_factions": "x" * 31}
    )
    assert_french(response, "compte au plus 30 caractères")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (
            broken_deck(lambda d: d["cards"][3]["sides"]["normal"]["sections"][0].pop("end")),
            "carte 04, face normale, section 1, le champ « end » manque",
        ),
        (
            broken_deck(
                lambda d: d["cards"][4]["sides"]["hard"]["sections"][0]["effects"].append(
                    {"type": "dragon"}
                )
            ),
            "carte 05, face difficile, section 1, le champ « effects.1.type » doit être l'une",
        ),
        (broken_deck(lambda d: d["cards"][8].update(id="01")), "carte 01 figure deux fois"),
        (broken_deck(lambda d: d.update(version=7)), "créé par une version plus récente"),
        (broken_deck(lambda d: d.update(cards=5)), "le champ « cards » doit être une liste"),
        (b"this is not JSON at all {", "ce n'est pas du JSON"),
    ],
)
def test_a_bad_deck_file_is_refused_in_french(french, content, said):
    new_deck(french)
    response = french.post(
        "/library/covenant/import", data={"file": (io.BytesIO(content), "deck.json")}
    )
    assert_french(response, said)


@pytest.mark.parametrize(("change", "english"), BAD_FILES)
def test_a_bad_board_file_is_refused_in_french(french, change, english):
    content = json.dumps({**demo_board(), "name": "Bad", **change}).encode()
    response = french.post(
        "/library/deacon/boards/import",
        data={"file": (io.BytesIO(content), "b.json")},
        headers=HTMX,
    )
    assert_french(response, "Ce fichier de plateau ne peut pas être importé")


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"version": 3}, "créé par une version plus récente de Botdeck"),
        ({"seed": "x"}, "le fichier de partie n'a pas de graine entière"),
        ({"options": {"difficulty": "dire"}}, "la partie ne peut pas être mise en place"),
        ({"actions": [{"answer": "9.9"}]}, "son action 1 ne peut pas être jouée"),
    ],
)
def test_a_bad_game_file_is_refused_in_french(french, fields, said):
    data = {"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": 1, "actions": []}
    content = json.dumps({**data, **fields}).encode()
    response = french.post(
        "/games/import", data={"file": (io.BytesIO(content), "game.json")}, headers=HTMX
    )
    assert_french(response, said)


def test_an_answer_and_a_correction_that_do_not_fit_are_refused_in_french(french, game_id):
    assert_french(
        tap(french, game_id, "9.9"),
        "Cette réponse ne convient pas à cette étape",
        "la réponse n'est pas l'une des cases du plateau proposées",
    )
    response = french.post(
        f"/g/{game_id}/correct", data={"version": 0, "field": "mana", "value": 5}, headers=HTMX
    )
    assert_french(response, "'mana' ne peut pas être corrigé")


def test_a_card_entered_wrong_is_refused_in_french(french):
    deck_id = french.post("/library/solo_enemy/new", data={"name": "Mine"}).headers["Location"]
    response = french.post(
        f"{deck_id}/card/5/card", data={**CARD, "entry.action": "dance"}, headers=HTMX
    )
    assert_french(response, "Cette carte ne peut pas être enregistrée", "« action »")
