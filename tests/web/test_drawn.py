"""Small parts of a page (a checklist line, a tile, a board's island, a tap target) are
rendered once for their values and language (`drawn`, webapp/web/drawn.py) and taken as
they were afterwards: what a page shows is the same as if each were drawn afresh."""

from __future__ import annotations

import html
import re

from flask import render_template_string

from webapp.engine import Msg, msg
from webapp.web import drawn as drawn_module

from .conftest import page, tap, version_of

LINE = "game/_step_line.html"


def lines(shown: str) -> list[str]:
    return re.findall(r'<span class="step-line">(.*?)</span>', shown)


def test_a_part_is_rendered_once_for_its_values_and_again_for_other_values(app, monkeypatch):
    drawn_module._drawn.cache_clear()
    renders = []
    real = drawn_module._draw
    monkeypatch.setattr(
        drawn_module, "_draw", lambda name, values: renders.append(values) or real(name, values)
    )
    call = "{{ drawn(name, title=title, answer=none, current=current, done=false, notes=[]) }}"
    with app.test_request_context("/"):
        first = render_template_string(call, name=LINE, title=msg("Draw a card"), current=True)
        again = render_template_string(call, name=LINE, title=msg("Draw a card"), current=True)
        other = render_template_string(call, name=LINE, title=msg("Draw a card"), current=False)
    assert first == again and 'aria-current="step"' in first
    assert 'aria-current="step"' not in other and "Draw a card" in other
    assert len(renders) == 2  # the second identical call was taken as it was


def test_a_part_is_drawn_again_in_another_language(client, game_id):
    english = page(client, game_id)
    client.get("/lang/fr")
    french = page(client, game_id)
    assert lines(english) and len(lines(english)) == len(lines(french))
    assert lines(english) != lines(french)  # not the English lines kept from before
    assert 'aria-label="now"' in english and 'aria-label="maintenant"' in french


def test_a_value_that_cannot_be_a_key_is_drawn_every_time(app, monkeypatch):
    renders = []
    real = drawn_module._draw
    monkeypatch.setattr(
        drawn_module, "_draw", lambda name, values: renders.append(values) or real(name, values)
    )
    call = "{{ drawn(name, title=title, answer=none, current=false, done=true, notes=notes) }}"
    unhashable = Msg("Rolled {faces}", params=(("faces", [3, 5]),))  # a list inside
    with app.test_request_context("/"):
        for _ in range(2):
            shown = render_template_string(call, name=LINE, title=msg("Roll"), notes=[unhashable])
            assert "Roll" in shown and "Rolled [3, 5]" in shown and 'class="step done"' in shown
    assert len(renders) == 2  # never a key: drawn both times


def test_a_tap_shows_every_line_as_a_fresh_page_shows_it(client, game_id):
    """After taps, the lines the answer swaps in are those of the page drawn afresh."""
    for _ in range(3):
        shown = page(client, game_id)
        value = re.search(r'name="value" value="([^"]+)"', shown).group(1)
        answered = tap(client, game_id, value, version_of(shown))
        assert answered.status_code == 200
        swapped = html.unescape(answered.get_data(as_text=True))
        drawn_module._drawn.cache_clear()
        fresh = page(client, game_id)
        assert lines(swapped) and lines(swapped) == lines(fresh)
