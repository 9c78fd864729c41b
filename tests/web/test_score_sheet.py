"""The final score sheet on the game page: one template draws any bot's sheet."""

from __future__ import annotations

import re

from webapp.engine import SCORE_SHEET
from webapp.service import games

from ..engine import solo_enemy
from ..engine.helpers import finish_turn, new_game, play


def sheet_of(app, client, game) -> str:
    """The game stored (as an imported game file) and its page's score sheet."""
    with app.app_context():
        game_id = games.import_game(game.export(), name="Scored")
    html = client.get(f"/g/{game_id}").get_data(as_text=True)
    found = re.search(r'<div class="score-sheet">.*?</div>', html, re.S)
    assert found is not None, "no score sheet on the page"
    return re.sub(r">\s+<", "><", found.group(0))


def rows(sheet: str) -> list[tuple[str, str, str]]:
    """Each row: its class, its heading, its points."""
    return re.findall(
        r'<tr(?: class="(\w+)")?><th scope="\w+"[^>]*>([^<]*)</th>(?:<td>(\d*)</td>)?', sheet
    )


def test_a_2_vs_2_sheet_shows_each_covenant_each_player_and_the_team_totals(app, client):
    game = new_game(coop=True)
    game.correct("player_achievements@0", 4)
    play(game, {"score_player": [12, 30], "score_other": [3, 4]}, until=SCORE_SHEET)
    sheet = sheet_of(app, client, game)
    assert rows(sheet) == [
        ("group", "Ann&#39;s Covenant", ""),
        ("", "Coins on its Dock", "16"),
        ("", "1 per 2 Advancements (0)", "0"),
        ("", "Other end-game coins", "3"),
        ("group", "Ben&#39;s Covenant", ""),
        ("", "Coins on its Dock", "15"),
        ("", "1 per 2 Advancements (0)", "0"),
        ("", "Other end-game coins", "4"),
        ("total", "The Covenants&#39; team", "38"),
        ("", "Ann", "12"),
        ("", "Ben", "30"),
        ("total", "Your team", "42"),
    ]
    assert '<p class="winner">You win!</p>' in sheet
    assert "Back to your games" not in sheet  # the game is not over until it is closed


def test_a_destroyed_capital_city_shows_on_the_sheet_and_the_ended_game_offers_its_export(
    app, client
):
    game = solo_enemy.enemy_capital_destroyed()
    assert game.over
    sheet = sheet_of(app, client, game)
    assert rows(sheet) == [
        ("group", "The Orcs, Solo Enemy", ""),
        ("", "Its Capital City was destroyed: it scores 0", "0"),
        ("total", "The Enemy", "0"),
        ("total", "You", "4"),
    ]
    assert '<p class="winner">You win!</p>' in sheet
    assert "Back to your games" in sheet and "Export this game" in sheet


def test_no_winner_is_named_while_the_final_scores_are_still_asked(app, client):
    game = new_game()
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)  # your fourth: the Covenant's additional turn, then the scores
    game.answer("end")
    play(game, {"claim": "mercantile", "score_other": 7}, until="score_player")
    with app.app_context():
        game_id = games.import_game(game.export(), name="Scoring")
    html = client.get(f"/g/{game_id}").get_data(as_text=True)
    steps = html.split('class="steps"', 1)[1]
    assert "Final score" in steps  # the sheet to come, named without a winner
    assert "wins" not in html and "You win" not in html
    play(game, {"score_player": 40}, until=SCORE_SHEET)
    assert str(game.pending().title) == "You win against the Covenant"
