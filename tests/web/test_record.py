"""Your record: this device's finished games against each bot — played, won and lost per
difficulty or mode, the score gap game after game, its best and its streaks — as charts
drawn on the server, each with its figures as a table for screen readers."""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp import create_app
from webapp.engine import Against, Game, msg
from webapp.service import games
from webapp.storage import db

from ..engine import solo_enemy
from ..engine.helpers import finished_covenant_game
from .conftest import OWNER, owner_client

OTHER = "tests-other-device-0002"


@pytest.fixture
def owner(app: Flask) -> FlaskClient:
    """This device's browser (its cookie the one the games below are stored for)."""
    with app.app_context():
        for device in (OWNER, OTHER):
            db.insert_device(device, device, db.now())
    return owner_client(app)


def finished(app: Flask, game: Game, name: str, device: str = OWNER) -> str:
    with app.app_context():
        return games.import_game(game.export(), name=name, device=device)


def read(client: FlaskClient) -> str:
    response = client.get("/record")
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def section(page: str, bot_id: str) -> str:
    found = re.search(
        rf'<section class="panel record-bot" aria-labelledby="record-{bot_id}">.*?</section>',
        page,
        re.S,
    )
    assert found is not None, bot_id
    return found.group(0)


def figures(part: str) -> dict[str, str]:
    """The figures over the charts: their name and value, as text."""
    pairs = re.findall(r"<div><dt>(.*?)</dt><dd>(.*?)</dd></div>", part, re.S)
    return {name: re.sub(r"<[^>]+>", "", value).strip() for name, value in pairs}


def table_rows(part: str, label: str) -> list[list[str]]:
    """The rows of the table for the chart headed `label`'s id, each cell as text."""
    found = re.search(
        rf'<div class="visually-hidden"><table aria-labelledby="{label}">.*?<tbody>(.*?)</tbody>',
        part,
        re.S,
    )
    assert found is not None, label
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", found.group(1), re.S)
    ]


def test_a_bot_with_no_finished_game_says_so(owner: FlaskClient) -> None:
    page = read(owner)
    for bot_id, name in [
        ("covenant", "Wayward Covenant"),
        ("deacon", "Deacon"),
        ("solo_enemy", "Solo Enemy"),
        ("bandits", "The Bandits"),
    ]:
        assert f"No finished game against {name} on this device yet." in section(page, bot_id)
    assert "pygal-chart" not in page


def test_the_figures_are_those_of_the_games_score_sheets(app: Flask, owner: FlaskClient) -> None:
    played = [
        finished_covenant_game(40),
        finished_covenant_game(10),
        finished_covenant_game(25, difficulty="hard"),
        finished_covenant_game(30),
    ]
    sheets = []
    for n, game in enumerate(played, 1):
        finished(app, game, f"Game {n}")
        sheet = game.bot.score_sheet(game.state)
        assert sheet is not None
        sheets.append(sheet.against_the_bot())
    assert [(a.won, a.yours, a.bots) for a in sheets] == [
        (True, 40, 19),
        (False, 10, 19),
        (True, 25, 19),
        (True, 30, 19),
    ]
    part = section(read(owner), "covenant")
    assert figures(part) == {
        "Played": "4",
        "Won": "3",
        "Lost": "1",
        "Your best": "40 against 19",
        "Your streak": "2 wins in a row",
        "Longest winning streak": "2",
    }
    assert table_rows(part, "results-covenant") == [["Normal", "2", "1"], ["Hard", "1", "0"]]
    rows = table_rows(part, "gaps-covenant")
    assert [[row[0], *row[2:]] for row in rows] == [
        ["1. Game 1", "40", "19", "+21", "Won"],
        ["2. Game 2", "10", "19", "-9", "Lost"],
        ["3. Game 3", "25", "19", "+6", "Won"],
        ["4. Game 4", "30", "19", "+11", "Won"],
    ]
    assert part.count('class="pygal-chart"') == 2 and "<script" not in part
    assert "No finished game against Deacon" in read(owner)


def test_a_game_not_over_and_another_devices_game_are_left_out(
    app: Flask, owner: FlaskClient, game_id: str
) -> None:
    finished(app, finished_covenant_game(40), "Theirs", device=OTHER)
    with app.app_context():
        db.join_game(OWNER, game_id, "play", db.now())  # not over
    assert "No finished game against Wayward Covenant" in section(read(owner), "covenant")


def test_a_co_op_game_joined_from_a_partners_link_counts(app: Flask, owner: FlaskClient) -> None:
    game_id = finished(app, finished_covenant_game(40), "Theirs", device=OTHER)
    with app.app_context():
        db.join_game(OWNER, game_id, "watch", db.now())
    assert figures(section(read(owner), "covenant"))["Played"] == "1"


def test_a_game_finished_before_summaries_said_how_it_went_is_read_once(
    app: Flask, owner: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = finished(app, finished_covenant_game(10), "Old")
    with app.app_context():
        row = db.find_game(game_id)
        assert row.summary["result"] == {
            "won": False,
            "yours": 10,
            "bots": 19,
            "mode": msg("Normal").to_json(),
        }
        db.save_summary(game_id, {k: v for k, v in row.summary.items() if k != "result"})
    assert figures(section(read(owner), "covenant"))["Lost"] == "1"
    with app.app_context():
        assert "result" in db.find_game(game_id).summary  # kept: not read again
        monkeypatch.setattr(games, "open_game", lambda *a: pytest.fail("read again"))
    assert figures(section(read(owner), "covenant"))["Lost"] == "1"


def test_the_solo_enemys_record_is_by_faction(app: Flask, owner: FlaskClient) -> None:
    game = solo_enemy.enemy_capital_destroyed()
    finished(app, game, "Orcs")
    part = section(read(owner), "solo_enemy")
    assert table_rows(part, "results-solo_enemy") == [["Orcs", "1", "0"]]


def stored_result(app: Flask, n: int, against: Against) -> None:
    """A finished game stored as the database holds one (its summary says how it went)."""
    with app.app_context():
        db.insert_game(
            f"game-{n:04d}",
            watch_id=f"watch-{n:04d}",
            device=OWNER,
            name=f"Game {n}",
            bot="covenant",
            options={"difficulty": "normal"},
            seed=n,
            deck={},
            summary={"over": True, "title": None, "actions": 1, "result": against.to_json()},
            now=f"2026-01-01T00:00:{n % 60:02d}.{n:03d}+00:00",
        )


def test_200_games_are_drawn_with_every_game_in_the_table(app: Flask, owner: FlaskClient) -> None:
    for n in range(200):
        stored_result(app, n, Against(n % 3 != 0, 20 + n % 7, 22, msg("Normal")))
    part = section(read(owner), "covenant")
    assert figures(part)["Played"] == "200"
    assert figures(part)["Won"] == str(sum(n % 3 != 0 for n in range(200)))
    assert len(table_rows(part, "gaps-covenant")) == 200
    assert part.count('class="pygal-chart"') == 2


def test_the_record_is_in_french(app: Flask, owner: FlaskClient) -> None:
    finished(app, finished_covenant_game(40), "Une partie")
    owner.set_cookie("botdeck_lang", "fr")
    page = read(owner)
    part = section(page, "covenant")
    assert "Votre bilan" in page
    assert table_rows(part, "results-covenant") == [["Normal", "1", "0"]]
    assert "Aucune partie finie contre Deacon sur cet appareil pour l'instant." in page


def test_the_lobby_and_a_game_over_lead_to_the_record(app: Flask, owner: FlaskClient) -> None:
    lobby: Any = owner.get("/").get_data(as_text=True)
    assert 'href="/record"' in lobby
    game_id = finished(app, finished_covenant_game(40), "Over")
    assert 'href="/record"' in owner.get(f"/g/{game_id}").get_data(as_text=True)


def test_a_record_comes_along_with_the_collection_file_to_another_botdeck(
    app: Flask, owner: FlaskClient, tmp_path: Any
) -> None:
    """The collection file (Backups and files) brought to another Botdeck: its finished
    games count there as here."""
    for yours in (40, 10):
        finished(app, finished_covenant_game(yours), f"Scored {yours}")
    here = figures(section(read(owner), "covenant"))
    exported = owner.get("/data/export")
    assert exported.status_code == 200
    there = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "there")}).test_client()
    sent = {"file": (io.BytesIO(exported.data), "botdeck-games.json")}
    assert there.post("/data/import", data=sent).status_code == 200
    assert (
        figures(section(read(there), "covenant"))
        == here
        == {
            "Played": "2",
            "Won": "1",
            "Lost": "1",
            "Your best": "40 against 19",
            "Your streak": "1 loss in a row",
            "Longest winning streak": "1",
        }
    )
