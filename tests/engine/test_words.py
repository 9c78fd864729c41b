"""Words (`engine/text.py`): a message is formatted with its values only when it has some."""

from __future__ import annotations

from webapp.engine.text import Msg, msg


def test_a_message_without_values_is_shown_as_written_braces_and_all():
    """Words that carry no values are never formatted: a label read back from a game
    file ("{x} }{") shows as written, where formatting it would fail the page."""
    assert str(msg("Ann {the bold}")) == "Ann {the bold}"
    stored = Msg.from_json({"text": "{x} }{"})
    assert stored.render(str.upper, lambda s, p, n: s) == "{X} }{"


def test_a_message_with_values_is_formatted_in_the_language_it_is_read_in():
    said = msg("{who} draws {card}", who="Deacon", card=msg("a card"))
    assert said.render(lambda s: s.replace("draws", "pioche"), lambda s, p, n: s) == (
        "Deacon pioche a card"
    )
