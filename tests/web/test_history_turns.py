"""The History by turn: each turn's title (the bot's own: "Round 2 · Deacon's turn",
"The Covenant's turn 3", "Night 2"…) heads the rows taken at it, for every bot; an undo
sits under the turn it went back to; an imported game shows its turns too."""

from __future__ import annotations

import html
import io
import random
import re

import pytest

from webapp.engine import Game
from webapp.engine.actions import Answered, Corrected
from webapp.service import games
from webapp.storage import db

from ..random_play import BOTS, OPTIONS, random_answer, starting_deck
from .conftest import HTMX


def headings(shown: str) -> list[str]:
    """The turn headings of a History page, in their order (newest first)."""
    return [html.unescape(t) for t in re.findall(r'<h3 class="history-turn">([^<]*)</h3>', shown)]


def rows_under_headings(shown: str) -> list[tuple[str | None, str]]:
    """Each row's text with the turn heading above it."""
    found, turn = [], None
    for heading, row in re.findall(
        r'<h3 class="history-turn">([^<]*)</h3>|<span class="history-text"[^>]*>([^<]*)</span>',
        shown,
    ):
        if heading:
            turn = html.unescape(heading)
        else:
            found.append((turn, html.unescape(row)))
    return found


def turns_replayed(bot_id: str, options, seed: int, deck, actions) -> list[str]:
    """The title of the turn each action was taken at, from a replay of its own."""
    game = Game(bot_id, options, seed, deck)
    titles = []
    for action in actions:
        titles.append(str(game.checklist.title))
        game.apply_action(action)
    return titles


def distinct_runs(titles: list[str]) -> list[str]:
    return [t for i, t in enumerate(titles) if i == 0 or titles[i - 1] != t]


# games that reach a third turn within a page of the history
SEEDS = {"bandits": 3}


@pytest.mark.parametrize("bot_id", BOTS)
def test_every_bots_turns_head_the_rows_taken_at_them(app, client, bot_id):
    options = OPTIONS[bot_id][0]
    seed = SEEDS.get(bot_id, 21)
    with app.app_context():
        game_id = games.create_game(
            bot_id, options, name="By turn", deck=starting_deck(bot_id, options), seed=seed
        )
        rng = random.Random(seed)
        # up to a page of the history (50 events), past three turns
        seen: set[str] = set()
        for count in range(49):
            opened = games.open_game(game_id)
            seen.add(str(opened.game.checklist.title))
            if opened.game.pending() is None or (count >= 45 and len(seen) > 3):
                break
            games.act(game_id, opened.version, Answered(random_answer(opened.game, rng)))
        opened = games.open_game(game_id)
        row = opened.row
        titles = turns_replayed(bot_id, row.options, row.seed, row.deck, opened.game.actions)
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    expected = distinct_runs(list(reversed(titles)))
    assert len(expected) >= 3, expected  # the game went through several turns
    assert headings(shown) == expected


def test_an_undo_sits_under_the_turn_it_went_back_to(app, client, game_id):
    """The Covenant's first turn ends with its last step; Undo takes the table back
    into that turn from the next one."""
    with app.app_context():
        rng = random.Random(3)
        first = str(games.open_game(game_id).game.checklist.title)
        while str(games.open_game(game_id).game.checklist.title) == first:
            opened = games.open_game(game_id)
            games.act(game_id, opened.version, Answered(random_answer(opened.game, rng)))
        second = str(games.open_game(game_id).game.checklist.title)
        version = games.open_game(game_id).version
    assert (
        client.post(f"/g/{game_id}/undo", data={"version": version}, headers=HTMX).status_code
        == 200
    )
    shown = rows_under_headings(client.get(f"/g/{game_id}/history").get_data(as_text=True))
    assert shown[0][0] == first and shown[0][1].startswith("Undone: ")
    assert shown[1][0] == first  # the action it took back, above which no new heading
    assert headings(client.get(f"/g/{game_id}/history").get_data(as_text=True))[0] == first
    assert second != first


def test_an_imported_game_shows_its_turns(app, client, game_id):
    with app.app_context():
        rng = random.Random(9)
        for _ in range(30):
            opened = games.open_game(game_id)
            games.act(game_id, opened.version, Answered(random_answer(opened.game, rng)))
    played = headings(client.get(f"/g/{game_id}/history").get_data(as_text=True))
    exported = client.get(f"/g/{game_id}/export").data
    response = client.post("/games/import", data={"file": (io.BytesIO(exported), "game.json")})
    copy_id = response.headers["Location"].rsplit("/", 1)[1]
    assert len(played) >= 2
    assert headings(client.get(f"/g/{copy_id}/history").get_data(as_text=True)) == played


def test_rows_from_before_turns_were_stored_show_under_their_day_without_a_heading(
    app, client, game_id
):
    with app.app_context():
        for version in range(4):
            games.act(game_id, version, Corrected("coins", version))
        db.get_db().execute(
            "UPDATE events SET turn = NULL WHERE game_id = ? AND seq <= 2", (game_id,)
        )
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    rows = rows_under_headings(shown)
    assert [text for _, text in rows] == [f"Correction: Coins set to {n}" for n in (3, 2, 1, 0)]
    assert headings(shown) == ["The Covenant's turn 1"]
    # the two older rows are in a list of their own, after the turn's
    assert shown.count('<ol class="history-list">') == 2


def test_an_imported_game_numbers_its_log_as_played_its_last_event_at_its_version(
    app, client, game_id
):
    """An event's number is the version it made the game: a tap's notice and Undo back to
    here find the event by it. An imported game's log is numbered as it was played."""
    with app.app_context():
        for version in range(4):
            games.act(game_id, version, Corrected("coins", version))
    exported = client.get(f"/g/{game_id}/export").data
    response = client.post("/games/import", data={"file": (io.BytesIO(exported), "game.json")})
    copy_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert [event.seq for event in db.events(copy_id)] == [1, 2, 3, 4]
        assert db.find_game(copy_id).version == 4
