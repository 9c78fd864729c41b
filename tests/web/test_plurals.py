"""Issue 15, point 9: a count of 1 is said in the singular, in English and in French
("1 coin", "1 pièce"; French says "0 pièce" too), and 2 in the plural."""

from __future__ import annotations

import pytest

from webapp.bots.covenant.steps_right import after_turn_title
from webapp.bots.solo_enemy.rules import collect_tokens
from webapp.engine import InvalidAnswer, msg
from webapp.engine.questions import dice
from webapp.web.i18n import translate


class Tokens:
    """What `collect_tokens` reads and changes of the Enemy."""

    tokens = 0

    def add_vp(self, source: str, vp: int) -> None:
        pass


def roll_refused(count: int):
    with pytest.raises(InvalidAnswer) as refused:
        dice(msg("Roll"), *[6] * count).parse([])
    return refused.value.args[0]


SAID = [
    (
        lambda n: after_turn_title({"coins": n, "cargo": n}),
        {
            ("en", 1): "After its turn: 1 coin and 1 cargo on its highest-value island",
            ("en", 2): "After its turn: 2 coins and 2 cargo on its highest-value island",
            ("fr", 1): "Après son tour : 1 pièce et 1 marchandise sur son île de plus grande",
            ("fr", 2): "Après son tour : 2 pièces et 2 marchandises sur son île de plus grande",
        },
    ),
    (
        lambda n: after_turn_title({"cargo": n}),
        {
            ("en", 1): "After its turn: 1 cargo on",
            ("en", 2): "After its turn: 2 cargo on",
            ("fr", 1): "Après son tour : 1 marchandise sur",
            ("fr", 2): "Après son tour : 2 marchandises sur",
        },
    ),
    (
        lambda n: collect_tokens(Tokens(), n),  # type: ignore[arg-type]
        {
            ("en", 1): "It collects 1 Exploration Token: +",
            ("en", 2): "It collects 2 Exploration Tokens: +",
            ("fr", 1): "Elle collecte 1 jeton Exploration : +",
            ("fr", 2): "Elle collecte 2 jetons Exploration : +",
        },
    ),
    (
        roll_refused,
        {
            ("en", 1): "the roll is 1 die",
            ("en", 2): "the roll is 2 dice",
            ("fr", 1): "le jet compte 1 dé",
            ("fr", 2): "le jet compte 2 dés",
        },
    ),
]


@pytest.mark.parametrize(("said", "words"), SAID)
def test_one_is_singular_and_two_plural_in_english_and_french(app, said, words):
    for (language, n), expected in words.items():
        with app.test_request_context(headers={"Accept-Language": language}):
            assert translate(said(n)).startswith(expected), (language, n)
