"""A Deck Goes West game through the web: the lobby's options, the score board and tile
forms, taps on the map, the night's moves listed and drawn, a refused entry, the
partner's read-only page, French."""

from __future__ import annotations

import html
import re
from typing import Any

from .conftest import answer, new_game, page, version_of
from .conftest import step_title as title

BOARD = {"score_end": "30", "bandit_end": "12", "stars_1": "2", "start_2": "10", "stars_2": "3"}
# the six start tiles' form: each other land with a red star
START_TILES = {
    f"s{n}_{field}": v for n in range(1, 7) for field, v in (("type", "other"), ("star", "5"))
}


def start(client, **options: Any) -> str:
    return new_game(
        client, {"bot": "bandits", "mode": "coop", "players": ["Anna", "Ben"], **options}
    )


def send(client, game_id: str, value: Any, status: int = 200):
    """A tap (a value) or the step's small form (a dict of its fields)."""
    if isinstance(value, dict):
        return answer(client, game_id, {f"entry.{k}": v for k, v in value.items()}, status)
    return answer(client, game_id, {"value": value}, status)


def to_day(client, game_id: str) -> str:
    for _ in range(30):
        shown = page(client, game_id)
        heading = title(shown)
        if heading.startswith("Play your day"):
            return shown
        if "Score Board" in heading and "what does it print" in heading:
            send(client, game_id, BOARD)
        elif heading.startswith("Deal the six start tiles"):
            send(client, game_id, START_TILES)
        elif heading.startswith("Deal a start tile"):
            send(client, game_id, {"type": "other", "star": "5"})
        else:
            send(client, game_id, "done")
    raise AssertionError("the day never came")


def test_the_lobby_offers_the_bandits_with_its_options(client) -> None:
    shown = client.get("/?bot=bandits").get_data(as_text=True)
    assert "The Bandits" in shown and 'name="bandit_die"' in shown and 'value="versus"' in shown


def test_a_new_game_asks_the_score_board_in_one_form(client) -> None:
    game_id = start(client)
    send(client, game_id, "done")
    shown = page(client, game_id)
    assert 'name="entry.score_end"' in shown and 'name="entry.stars_6"' in shown
    send(client, game_id, BOARD)
    shown = page(client, game_id)
    assert title(shown) == "At the table: 2 things, in order"
    assert "Score Board east of the play area" in shown


def test_the_six_start_tiles_are_one_form_lit_and_named_on_the_map(client) -> None:
    # "Board Setup" 6: six tiles dealt face up in a 2×3 grid
    game_id = start(client)
    for value in ("done", BOARD, "done"):
        send(client, game_id, value)
    shown = page(client, game_id)
    assert title(shown) == "Deal the six start tiles face up: what is on each?"
    assert len(re.findall(r'class="bd-tile up unknown lit"', shown)) == 6
    for n in range(1, 7):
        assert f'name="entry.s{n}_type"' in shown and f'name="entry.s{n}_camp"' in shown
    assert shown.count('class="bd-lit-name"') == 6


def test_the_day_map_is_tapped_tile_by_tile(client) -> None:
    game_id = start(client)
    shown = to_day(client, game_id)
    taps = re.findall(r'data-space="(-?\d+,-?\d+)"', shown)
    assert len(taps) == 13 and "Night falls" in shown
    send(client, game_id, "-2,0")
    shown = page(client, game_id)
    assert title(shown) == "Revealed: what is on tile 2W·0?"
    send(client, game_id, {"type": "river", "star": "7", "camp": "yes"})
    shown = page(client, game_id)
    assert title(shown).startswith("Play your day")
    assert 'class="bd-tile up river' in shown and "camp" in shown
    assert len(re.findall(r'data-space="', shown)) == 14  # one face-down tile more


def test_a_bad_tile_entry_is_refused_with_a_message_and_changes_nothing(client) -> None:
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "-2,0")
    before = page(client, game_id)
    response = send(client, game_id, {"type": "lava", "star": "99"}, status=422)
    said = html.unescape(response.get_data(as_text=True))
    assert "Not saved: 2 fields to put right, marked in the form." in said
    assert '<p class="field-why" id="why-type">Choose one of its answers.</p>' in said
    assert '<p class="field-why" id="why-star">From 1 to 20.</p>' in said
    assert version_of(page(client, game_id)) == version_of(before)


def test_the_night_lists_every_move_and_draws_it_on_the_map(client) -> None:
    game_id = start(client)
    to_day(client, game_id)
    for value in ("-1,-1", "correct"):
        send(client, game_id, value)
    send(client, game_id, {"up": "yes", "type": "other", "star": "5", "bandits": "2"})
    send(client, game_id, "night")
    for _ in range(3):  # tracker, trade row, exhaustion
        send(client, game_id, "done")
    shown = page(client, game_id)
    assert title(shown).startswith("Move the bandits as the map shows")
    assert '<ol class="bd-lines">' in shown and "rolled" in shown
    assert 'class="bd-arrow' in shown or "one more bandit" in shown


def test_the_partners_page_shows_the_map_without_taps(client) -> None:
    game_id = start(client)
    to_day(client, game_id)
    panel = client.get(f"/g/{game_id}/share").get_data(as_text=True)
    watch_id = re.search(r"/w/([\w-]+)", panel).group(1)
    watch = html.unescape(client.get(f"/w/{watch_id}").get_data(as_text=True))
    assert 'class="bd-map"' in watch and "data-space=" not in watch


def test_the_game_reads_in_french(client) -> None:
    game_id = start(client)
    to_day(client, game_id)
    shown = html.unescape(
        client.get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    )
    assert "Jour 1" in shown and "La nuit tombe" in shown


def test_the_score_board_entered_once_answers_the_next_games_setup(client) -> None:
    first = start(client)
    send(client, first, "done")
    send(client, first, BOARD)
    second = start(client)
    send(client, second, "done")
    shown = page(client, second)
    assert not title(shown).startswith("Choose a Score Board")  # answered from the copy
    assert "Save the Score Board" not in shown
    copy_page = client.get("/library/bandits/copy/part/score-board").get_data(as_text=True)
    assert re.search(r'name="entry.bandit_end"[^>]*value="12"', copy_page)


def test_every_step_of_the_night_stays_listed_even_when_it_has_nothing_to_do(client) -> None:
    """Night phase 6 with no tile far to the east keeps its line and says why, so the
    table sees the rulebook's eight steps."""
    game_id = start(client)
    to_day(client, game_id)
    send(client, game_id, "night")
    for _ in range(3):  # tracker, trade row, exhaustion; no group to move, none far east
        send(client, game_id, "done")
    shown = html.unescape(page(client, game_id))
    assert title(shown).startswith("Bandits appear")
    assert "Remove tiles far to the east" in shown
    assert "No tile is more than 3 spaces east of the eastmost player." in shown
    assert "No bandits on the map: none move." in shown
