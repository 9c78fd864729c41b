"""A finished game logged in BG Stats: the score sheet's link opens the app with the play
filled in — the game, the date, the minutes played, each player and the bot with their
score and whether they won, as the sheet has them — and the same play downloads as a
file for a player without the app."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import unquote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp.engine import SCORE_SHEET, Game
from webapp.service import games
from webapp.storage import db
from webapp.web.play_log import BGSTATS_LINK, play_id

from ..engine import bandits, deacon, solo_enemy
from ..engine.helpers import finished_covenant_game, new_game, play


def stored(app: Flask, game: Game, *, times: tuple[str, str] | None = None) -> str:
    """The game stored as an imported game file; `times`: its first and last taps'."""
    with app.app_context():
        game_id = games.import_game(game.export(), name="Sunday night")
        if times is not None:
            connection, last = db.get_db(), db.events(game_id)[-1].seq
            connection.execute(
                "UPDATE events SET created_at = CASE seq WHEN ? THEN ? ELSE ? END "
                "WHERE game_id = ?",
                (last, times[1], times[0], game_id),
            )
            connection.commit()
    return game_id


def logged(client: FlaskClient, path: str, **headers: str) -> dict[str, Any]:
    """The play the page's BG Stats link carries, read back from the link."""
    page = client.get(path, headers=headers).get_data(as_text=True)
    found = re.search(r'href="(bgstats://[^"]*)"', page)
    assert found is not None, "no BG Stats link on the page"
    link = html.unescape(found.group(1))
    assert link.startswith(BGSTATS_LINK)
    data: dict[str, Any] = json.loads(unquote(link[len(BGSTATS_LINK) :]))
    return data


def players(data: dict[str, Any]) -> list[tuple[str, int, bool, bool, str | None]]:
    """Each player: name, score, winner, start player, role."""
    return [
        (p["name"], p["score"], p["winner"], p["startPlayer"], p.get("role"))
        for p in data["players"]
    ]


def test_the_covenants_play_has_the_sheets_scores_and_the_covenant_always_takes_the_first_turn(
    app: Flask, client: FlaskClient
) -> None:
    game = finished_covenant_game()
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None
    covenant, you = (side.total for side in sheet.sides)
    game_id = stored(
        app, game, times=("2026-11-20T19:02:10.000+00:00", "2026-11-20T20:15:30.500+00:00")
    )
    data = logged(client, f"/g/{game_id}")
    assert data["sourceName"] == "Botdeck"
    assert data["sourcePlayId"] == play_id(game_id) and game_id not in json.dumps(data)
    assert data["playDate"] == "2026-11-20 20:15:30"  # its last tap, UTC
    assert data["durationMin"] == 73  # 73 min 20 s from the first tap to the last
    assert data["game"] == {
        "name": "Dead Reckoning",
        "sourceGameId": "botdeck-covenant",
        "highestWins": True,
        "noPoints": False,
    }
    assert players(data) == [
        ("Wayward Covenant (bot)", covenant, covenant > you, True, "Normal"),
        ("You", you, you > covenant, False, None),
    ]
    assert [p["sourcePlayerId"] for p in data["players"]] == [
        "botdeck-bot-wayward-covenant",
        "botdeck-you",
    ]


def test_the_2_vs_2_play_lists_each_covenant_and_player_the_start_players_covenant_first(
    app: Flask, client: FlaskClient
) -> None:
    game = new_game(coop=True, difficulty="hard")
    game.correct("player_achievements@0", 4)
    play(game, {"score_player": [12, 30], "score_other": [3, 4]}, until=SCORE_SHEET)
    data = logged(client, f"/g/{stored(app, game)}")
    start = game.state.turns.order[0].index  # the random start player's Covenant
    assert players(data) == [
        ("Ann's Covenant (bot)", 19, False, start == 0, "Hard, 2 vs 2"),
        ("Ben's Covenant (bot)", 19, False, start == 1, "Hard, 2 vs 2"),
        ("Ann", 12, True, False, None),
        ("Ben", 30, True, False, None),
    ]  # the sheet: Covenants 38, your team 42, "You win!"
    assert len({p["sourcePlayerId"] for p in data["players"]}) == 4


def test_deacons_play_a_tie_is_your_loss_and_deacon_starts_by_its_modifier(
    app: Flask, client: FlaskClient
) -> None:
    game = deacon.new_game(first="deacon", advanced=2)
    deacon.play(game, {"your_vp": [5 * n for n in range(1, 40)]}, until="score_sheet")
    deacon.play(game)
    assert game.over
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None
    you, them = (side.total for side in sheet.sides)
    data = logged(client, f"/g/{stored(app, game)}")
    assert data["game"]["name"] == "Reef Project"
    assert players(data) == [
        ("Deacon (bot)", them, you <= them, True, "Side A, 2 difficulty modifiers"),
        ("You", you, you > them, False, None),
    ]


def test_the_solo_enemys_play_is_each_faction_and_the_enemy_acts_first_each_round(
    app: Flask, client: FlaskClient
) -> None:
    game = solo_enemy.enemy_capital_destroyed()
    data = logged(client, f"/g/{stored(app, game)}")
    assert data["game"]["name"] == "Heroes of Land, Air & Sea"
    assert players(data) == [
        ("Solo Enemy (bot)", 0, False, True, "Orcs"),
        ("You", 4, True, False, "Humans"),
    ]


def bandits_lost_to_the_tracker(mode: str, **options: Any) -> Game:
    game = bandits.new_game(mode, **options)
    bandits.to_day(game)
    game.correct("tracker", 14)
    game.answer("night")
    game.answer("done")  # the tracker moves to 15, the end
    bandits.play(game)
    assert game.over
    return game


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        (
            "coop",
            [
                ("Anna", 0, False, False, None),
                ("Ben", 0, False, False, None),
                ("The Bandits (bot)", 15, True, False, "Co-op"),
            ],
        ),
        (
            "solo",
            [
                ("You", 0, False, False, "Anna and Ben"),
                ("The Bandits (bot)", 15, True, False, "Solo"),
            ],
        ),
    ],
)
def test_the_bandits_play_the_whole_team_loses_when_their_tracker_reaches_its_end(
    app: Flask, client: FlaskClient, mode: str, expected: list[Any]
) -> None:
    game = bandits_lost_to_the_tracker(mode)
    data = logged(client, f"/g/{stored(app, game)}")
    assert data["game"]["name"] == "Deck Goes West"
    assert players(data) == expected


def test_in_versus_the_bandits_at_their_end_give_the_play_to_the_most_points(
    app: Flask, client: FlaskClient
) -> None:
    game = bandits.new_game("versus")
    bandits.to_day(game)
    game.correct("score_1", 5)
    game.correct("tracker", 14)
    game.answer("night")
    game.answer("done")
    bandits.play(game)
    assert game.over and game.state.outcome == {"result": "won", "why": "bandits", "who": 1}
    data = logged(client, f"/g/{stored(app, game)}")
    assert players(data) == [
        ("Anna", 0, False, False, None),
        ("Ben", 5, True, False, None),
        ("The Bandits (bot)", 15, False, False, "Versus"),
    ]


def test_two_characters_named_alike_are_two_players(app: Flask, client: FlaskClient) -> None:
    game = bandits_lost_to_the_tracker("coop", players=["Anna", "anna"])
    data = logged(client, f"/g/{stored(app, game)}")
    assert [p["sourcePlayerId"] for p in data["players"]] == [
        "botdeck-anna",
        "botdeck-anna-2",
        "botdeck-bot-the-bandits",
    ]


def test_the_play_is_in_the_pages_language_and_its_ids_are_not(
    app: Flask, client: FlaskClient
) -> None:
    game_id = stored(app, finished_covenant_game())
    english = logged(client, f"/g/{game_id}")
    client.set_cookie("botdeck_lang", "fr")
    french = logged(client, f"/g/{game_id}")
    assert [p["name"] for p in french["players"]] == ["Alliance Wayward (bot)", "Vous"]
    assert french["players"][0]["role"] == "Normal"
    ids = [[p["sourcePlayerId"] for p in data["players"]] for data in (english, french)]
    assert ids[0] == ids[1]


def test_the_play_downloads_as_a_file_from_the_players_and_the_partners_page(
    app: Flask, client: FlaskClient
) -> None:
    game_id = stored(app, finished_covenant_game())
    with app.app_context():
        watch_id = db.find_game(game_id).watch_id
    linked = logged(client, f"/g/{game_id}")
    for path in (f"/g/{game_id}/play.json", f"/w/{watch_id}/play.json"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["Content-Disposition"] == (
            "attachment; filename=botdeck-Sunday_night_play.json"
        )
        assert response.get_json() == linked
    partner = client.get(f"/w/{watch_id}").get_data(as_text=True)
    assert f'href="/w/{watch_id}/play.json" download' in partner and "bgstats://" in partner


def test_a_game_not_over_has_no_play_to_log(app: Flask, client: FlaskClient, game_id: str) -> None:
    assert "bgstats://" not in client.get(f"/g/{game_id}").get_data(as_text=True)
    refused = client.get(f"/g/{game_id}/play.json")
    assert refused.status_code == 404
    assert "This game is not over yet" in refused.get_data(as_text=True)
    assert client.get("/g/nosuchgame/play.json").status_code == 404
    assert client.get("/w/nosuchgame/play.json").status_code == 404
