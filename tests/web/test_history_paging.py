"""The history of a long game opens as fast as a short one's: the newest 50 events,
grouped by day, and a "Show older" button (a plain link without JavaScript) for the rest."""

from __future__ import annotations

import html
import re

import pytest

from webapp.engine.actions import Corrected, Undo
from webapp.service import games
from webapp.storage import db

from .conftest import HTMX

EVENTS = 120


def correct_coins(app, game_id: str, values) -> None:
    """One correction per value, each stored as its own event (seq n sets the coins to n)."""
    with app.app_context():
        version = games.open_game(game_id).version
        for value in values:
            games.act(game_id, version, Corrected("coins", value))
            version += 1


@pytest.fixture
def long_game(app, game_id) -> str:
    correct_coins(app, game_id, range(1, EVENTS + 1))
    return game_id


def coins_set(shown: str) -> list[int]:
    """The events a page or fragment shows, by the coins each set, in their order."""
    return [int(n) for n in re.findall(r"Coins set to (\d+)</span>", shown)]


def older_button(shown: str) -> str | None:
    """The address the "Show older" button loads (None: no button)."""
    found = re.search(r'<a class="button history-older" href="([^"]+)" hx-get="([^"]+)"', shown)
    if found is None:
        return None
    assert found.group(1) == found.group(2)  # the same page, with or without JavaScript
    return html.unescape(found.group(2))


def test_the_history_shows_the_newest_fifty_events_newest_first(client, long_game):
    response = client.get(f"/g/{long_game}/history")
    shown = response.get_data(as_text=True)
    assert response.status_code == 200
    assert coins_set(shown) == list(range(120, 70, -1))
    assert older_button(shown) == f"/g/{long_game}/history?before=71"
    assert 'hx-target="this" hx-swap="outerHTML"' in shown
    assert "HX-Request" in response.headers["Vary"]


def test_show_older_brings_the_next_fifty_then_the_last_twenty_and_no_further_button(
    client, long_game
):
    first = client.get(f"/g/{long_game}/history").get_data(as_text=True)
    second = client.get(older_button(first), headers=HTMX).get_data(as_text=True)
    assert "<html" not in second and "Everything that happened" not in second  # rows only
    assert coins_set(second) == list(range(70, 20, -1))
    third = client.get(older_button(second), headers=HTMX).get_data(as_text=True)
    assert coins_set(third) == list(range(20, 0, -1))
    assert older_button(third) is None


def test_without_javascript_show_older_opens_the_whole_page_with_the_older_events(
    client, long_game
):
    response = client.get(f"/g/{long_game}/history?before=71")
    shown = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" in shown and "Everything that happened, newest first" in shown
    assert coins_set(shown) == list(range(70, 20, -1))
    assert f'href="/g/{long_game}/history">Back to the newest</a>' in shown
    assert older_button(shown) == f"/g/{long_game}/history?before=21"


def test_a_game_of_exactly_one_page_has_no_show_older_button(app, client, game_id):
    correct_coins(app, game_id, range(1, 51))
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert coins_set(shown) == list(range(50, 0, -1))
    assert older_button(shown) is None


def test_the_history_never_reads_the_whole_log(client, long_game, monkeypatch):
    def whole_log(game_id):
        raise AssertionError("the history read every event of the game")

    monkeypatch.setattr(db, "events", whole_log)
    assert len(coins_set(client.get(f"/g/{long_game}/history").get_data(as_text=True))) == 50


BAD_BEFORE = ["abc", "-1", "-0", "1.5", "1e3", " 71", "٧١", "²", "", str(10**30), str(2**63)]


def test_a_before_that_is_not_a_seq_gives_the_first_page(client, long_game):
    for headers in ({}, HTMX):
        for before in BAD_BEFORE:
            response = client.get(
                f"/g/{long_game}/history", query_string={"before": before}, headers=headers
            )
            shown = response.get_data(as_text=True)
            assert response.status_code == 200, (before, headers)
            assert coins_set(shown) == list(range(120, 70, -1)), (before, headers)


def test_nothing_is_older_than_the_first_event(client, long_game):
    shown = client.get(f"/g/{long_game}/history?before=1").get_data(as_text=True)
    assert coins_set(shown) == [] and "Nothing older." in shown


def test_the_events_are_grouped_by_day_and_each_row_shows_only_its_time(
    app, client, game_id, monkeypatch
):
    # Midday UTC: the same day in every time zone a server is likely to run in.
    clock = {"now": ""}
    monkeypatch.setattr(db, "now", lambda: clock["now"])
    for value, stamp in (
        (5, "2026-03-13T11:00:00.000+00:00"),
        (6, "2026-03-13T12:30:00.000+00:00"),
        (7, "2026-03-14T12:00:00.000+00:00"),
    ):
        clock["now"] = stamp
        correct_coins(app, game_id, [value])
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    days = re.findall(r'<h2 class="history-date">([^<]+)</h2>', shown)
    assert days == ["Saturday, March 14, 2026", "Friday, March 13, 2026"]
    rows = re.findall(r'<li class="history-item.*?</li>', shown, re.S)
    assert len(rows) == 3
    for row in rows:
        assert "March" not in row and "2026-03" not in re.sub(r'datetime="[^"]*"', "", row)
        assert re.search(r"<time datetime=\"[^\"]+\">\d{1,2}:\d{2}\b", row)
    assert shown.index("Saturday") < shown.index("Coins set to 7") < shown.index("Friday")


def test_the_paged_history_is_in_the_readers_language(client, long_game):
    client.set_cookie("botdeck_lang", "fr")
    page = client.get(f"/g/{long_game}/history").get_data(as_text=True)
    assert "Tout ce qui s'est passé, le plus récent d'abord" in page
    assert ">Voir les plus anciens</a>" in page and "Show older" not in page
    older = client.get(older_button(page), headers=HTMX).get_data(as_text=True)
    assert "Correction de « Pièces » : 70<" in older and "Correction de « Pièces » : 21<" in older
    assert ">Voir les plus anciens</a>" in older
    plain = client.get(f"/g/{long_game}/history?before=1").get_data(as_text=True)
    assert "Retour aux plus récents" in plain and "Rien de plus ancien." in plain


def test_the_days_are_written_in_the_readers_language(app, client, game_id, monkeypatch):
    monkeypatch.setattr(db, "now", lambda: "2026-03-14T12:00:00.000+00:00")
    correct_coins(app, game_id, [5])
    client.set_cookie("botdeck_lang", "fr")
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert '<h2 class="history-date">samedi 14 mars 2026</h2>' in shown
    assert re.search(r"<time datetime=\"[^\"]+\">\d{2}:\d{2}</time>", shown)  # 24-hour clock


def actions(shown: str, *, undone: bool) -> list[int]:
    """The corrections a page shows in effect (or undone), by the coins each set."""
    mark = " taken-back" if undone else ""
    rows = re.findall(rf'<li class="history-item action{mark}">.*?</li>', shown, re.S)
    return [n for row in rows for n in coins_set(row)]


def test_an_older_page_shows_undone_what_an_action_on_a_newer_page_replaced(app, client, game_id):
    # coins 1..10, three undos, then a new action at the 8th place: corrections 8, 9 and
    # 10 are gone for good. That action heads the newest page's last row: the older page
    # must learn it from the events after it, not from its own rows
    correct_coins(app, game_id, range(1, 11))
    with app.app_context():
        for _ in range(3):
            games.act(game_id, games.open_game(game_id).version, Undo())
    correct_coins(app, game_id, range(101, 151))  # seqs 14 to 63: the newest page of 50
    first = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert coins_set(first)[-1] == 101 and older_button(first) == f"/g/{game_id}/history?before=14"
    older = client.get(older_button(first), headers=HTMX).get_data(as_text=True)
    assert actions(older, undone=True) == [10, 9, 8]
    assert actions(older, undone=False) == list(range(7, 0, -1))


def test_the_newest_page_of_a_game_past_125_events_starts_at_its_newest(app, client, game_id):
    correct_coins(app, game_id, range(1, 131))
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert coins_set(shown) == list(range(130, 80, -1))
