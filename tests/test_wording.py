"""Wording a catalogue can be checked for: English articles, French elisions and articles.

English cannot put "a" (or "an") before a placeholder: "a {building}" reads "a Outpost",
"a {colour} tile" "a Orange tile". The article goes with the name ("an Outpost") or the
sentence does without one. French elides ("l'île", "d'un", "qu'il") and puts its article
before a place named in a sentence ("vers l'île 2", "sur la tuile 0·0"): a place named by
a placeholder is its bare name ("Île 2", "tuile 0·0"), for labels, so a sentence holds the
number and its own words around it, or its article before the placeholder.

Checked twice: in the catalogue's text, and in what the bots say in random games of every
bot rendered in English and in French (the placeholders filled as at the table).
"""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from webapp.engine import Game, Msg

from .random_play import OPTIONS, new_game, random_answer

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "webapp/translations/fr/LC_MESSAGES/messages.po"

# "a {name}", "an %(name)s": the name's first sound decides, and no sentence can know it
ARTICLE_BEFORE_PLACEHOLDER = re.compile(r"\b(a|an)\s+(\{\w*\}|%\(\w+\)[sd])", re.I)
# "a" before a vowel sound, "an" before a consonant one, in words as shown (not "a one",
# "a unit", "a use", "a Euro"; "an hour", "an X-Objective"); "A" is an article only where
# a sentence starts ("Sector A is closed" names a sector)
ARTICLE = r"(?:(?<![\w'’])a|(?:^|(?<=[.:;!?—] ))A)"
AN = r"(?:(?<![\w'’])an|(?:^|(?<=[.:;!?—] ))An)"
A_BEFORE_VOWEL = re.compile(
    rf"{ARTICLE} (?!(?i:one\b|once\b|uni|use|usu|eu))(?=[aeiouAEIOU]|8|11\b|18\b)"
)
AN_BEFORE_CONSONANT = re.compile(rf"{AN} (?![aeiouAEIOU]|8|11\b|18\b|(?i:hour|honest)|X-)(?=\w)")

VOWEL = "aeiouéèêëâîïôûœAEIOUÉÈÊËÂÎÏÔÛŒ"
FRENCH_SLIPS = {
    # "de un", "que il", "le Île", "la Alliance": elided before a vowel (not a pronoun after
    # its verb, "avancez-le à"; not "onze", "oui")
    "elision": re.compile(
        rf"(?<![\w'’-])(de|que|le|la|ne|se|ce|je|me|te|jusque|lorsque|puisque) "
        rf"(?!onze|oui\b)[{VOWEL}]"
    ),
    "si il": re.compile(r"\b[Ss]i ils?\b"),
    # "à le Port", "de les Bandits": au, aux, du, des (a pronoun before its verb stays:
    # "de le faire")
    "à/de + le/les": re.compile(r"\b(à|de) (le|les) (?=[A-ZÀ-Ý{])"),
    # a place in a sentence takes its article, in lower case: "vers l'île 2", "sur la route
    # 3–7" (not "vers Île 2", "de Route 3–7", "sur tuile 0·0"; "ne ferme de secteur", "1 PV
    # par tuile" are fine)
    "place without its article": re.compile(
        r"\b(vers|sur|dans|à|de|en|par|pour|rejoindre|montre|[Cc]orriger) (Île|Route|Secteur)\b"
        r"|\b(vers|sur|dans|à|en|rejoindre|montre|[Cc]orriger) (île|route|secteur|tuile)\b"
    ),
}
# Placeholders that hold a place's bare name ("Île 2", "Route 3–7", "tuile 0·0"): after a
# preposition they need the sentence's article ("sur la {tile}")
BARE_PLACE = re.compile(
    r"\b(vers|sur|dans|à|de|en|par|pour|rejoindre|montre|[Cc]orriger) "
    r"\{(island|here|route|sector|tile|to)\}"
)
# The players' own names (random_play's tables) are theirs: "de Ann" is left as typed
PLAYER_NAMES = re.compile(r"\b(Ann|Ben|Cy)\b")


def catalogue() -> list[tuple[list[str], list[str]]]:
    """Each French catalogue entry: its English forms and its French ones."""
    with CATALOGUE.open("rb") as source:
        entries = [message for message in read_po(source) if message.id]
    return [
        (
            list(m.id) if isinstance(m.id, tuple) else [m.id],
            list(m.string) if isinstance(m.string, tuple) else [m.string],
        )
        for m in entries
    ]


def french_slips(text: str) -> list[str]:
    return [f"{name}: {text!r}" for name, slip in FRENCH_SLIPS.items() if slip.search(text)]


def english_slips(text: str) -> list[str]:
    return [text for rule in (A_BEFORE_VOWEL, AN_BEFORE_CONSONANT) if rule.search(text)]


def test_no_english_message_puts_a_or_an_before_a_placeholder():
    found = [
        english
        for forms, _ in catalogue()
        for english in forms
        if ARTICLE_BEFORE_PLACEHOLDER.search(english)
    ]
    assert not found, found


def test_english_messages_take_a_before_a_consonant_and_an_before_a_vowel():
    found = [
        slip for forms, _ in catalogue() for english in forms for slip in english_slips(english)
    ]
    assert not found, found


def test_the_french_catalogue_elides_and_names_places_with_their_article():
    found = [
        slip
        for _, forms in catalogue()
        for french in forms
        for slip in french_slips(french)
        + [f"bare place: {french!r}" for _ in BARE_PLACE.finditer(french)]
    ]
    assert not found, "\n".join(found)


def test_the_checks_catch_each_slip_and_let_good_wording_through():
    assert ARTICLE_BEFORE_PLACEHOLDER.search("It builds a {building}")
    assert ARTICLE_BEFORE_PLACEHOLDER.search("Start a %(bot)s game")
    assert not ARTICLE_BEFORE_PLACEHOLDER.search("It builds {a_building}")
    assert english_slips("Crew: is there a Orange Crew tile?")
    assert english_slips("a 8-sided die") and english_slips("an Fort")
    assert not english_slips("a unit, an Outpost, an X-Objective, a one-off, an 8, a Fort")
    assert not english_slips("Sector A is closed. A Fort, then an Outpost")
    for slip in ("vers Île 2", "de un navire", "que il", "le Île", "à le Port", "sur tuile 0·1N"):
        assert french_slips(slip), slip
    for fine in ("vers l'île 2", "avancez-le à l'étape 1", "d'un navire", "avant de le faire"):
        assert not french_slips(fine), fine
    assert BARE_PLACE.search("Déplacez son navire vers {island}")
    assert not BARE_PLACE.search("Déplacez son navire vers l'île {n}")


# --- what the bots say, rendered -------------------------------------------------------


def messages_in(value: Any, found: set[Msg], depth: int = 0) -> None:
    """Every `Msg` in a step, a question, its choices and fields (nested dataclasses)."""
    if isinstance(value, Msg):
        found.add(value)
    elif depth < 6 and dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            messages_in(getattr(value, field.name), found, depth + 1)
    elif depth < 6 and isinstance(value, list | tuple):
        for item in value:
            messages_in(item, found, depth + 1)


def said_in(game: Game) -> Iterator[Msg]:
    """What the game shows now: the step waiting (title, detail, question, answers), the
    turn's heading, its steps done (as said, with their notes) and those to come."""
    found: set[Msg] = set()
    messages_in(game.pending(), found)
    checklist = game.checklist
    assert checklist is not None
    found.add(checklist.title)
    for step in checklist.steps:
        if step.done:
            found.add(game.step_said(step))
            messages_in(step.notes, found)
        else:
            found.add(game.upcoming_title(step))
    yield from found


@pytest.fixture(scope="module")
def said() -> set[Msg]:
    """Everything the bots said in a random game of each option set of each bot."""
    found: set[Msg] = set()
    for bot_id, option_sets in OPTIONS.items():
        for options in option_sets:
            for seed in (1,):
                game, rng = new_game(bot_id, options, seed), random.Random(seed)
                for _ in range(300):
                    if game.pending() is None:
                        break
                    found.update(said_in(game))
                    game.answer(random_answer(game, rng))
    return found


def french() -> Translations:
    with CATALOGUE.open("rb") as source:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(source))
    compiled.seek(0)
    return Translations(fp=compiled)


def test_what_the_bots_say_takes_the_right_article_in_english(said):
    found = sorted({slip for message in said for slip in english_slips(str(message))})
    assert len(said) > 1000
    assert not found, "\n".join(found)


def test_what_the_bots_say_elides_and_names_places_with_their_article_in_french(said):
    translations = french()
    shown = {message.render(translations.gettext, translations.ngettext) for message in said}
    found = sorted({slip for text in shown for slip in french_slips(PLAYER_NAMES.sub("X", text))})
    assert any("vers l'île" in text for text in shown)  # Deacon moved: the case is seen
    assert any("sur la tuile" in text for text in shown)
    assert not found, "\n".join(found)
