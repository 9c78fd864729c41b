"""The final score sheet: the engine's step that shows it, and each bot's sheet."""

from __future__ import annotations

from webapp.engine import (
    SCORE_SHEET,
    Against,
    Context,
    ScoreGroup,
    ScoreLine,
    ScoreSheet,
    ScoreSheetStep,
    ScoreSide,
    Standing,
    Step,
    msg,
)

from . import solo_enemy
from .helpers import finish_turn, new_game, play

Group = tuple[str | None, list[tuple[str, int]]]


def read(sheet: ScoreSheet) -> list[tuple[list[Group], str, int]]:
    """The sheet as English text: per side, its groups, its total's label and its total."""

    def group(g: ScoreGroup) -> Group:
        return (None if g.name is None else str(g.name)), [(str(x), n) for x, n in g.lines]

    return [
        ([group(g) for g in side.groups], str(side.total_label), side.total) for side in sheet.sides
    ]


def test_the_score_sheet_step_reads_the_sheets_headline_and_closes_the_game_with_its_label():
    sheet = ScoreSheet(
        headline=msg("The final score"),
        sides=(ScoreSide(msg("You"), 7, (ScoreGroup(None, (ScoreLine(msg("Coins"), 7),)),)),),
        winner=msg("You win!"),
        close=msg("End the game"),
    )
    closed: list[ScoreSheet] = []
    step_type = ScoreSheetStep(lambda state: sheet, lambda state, shown: closed.append(shown))
    step = Step(SCORE_SHEET)
    assert str(step_type.title({}, step)) == "The final score"
    assert str(step_type.question({}, step).prompt) == "End the game"
    step_type.resolve({}, step, "done", Context(0, 0, None))
    assert closed == [sheet]


def test_the_covenants_sheet_is_its_coins_line_by_line_then_yours():
    game = new_game()
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)
    game.answer("end")
    play(game, {"score_other": 2, "score_player": 40}, until=SCORE_SHEET)
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None
    coins = game.state.ai.coins
    lines = [
        ("Coins on its Dock", coins),
        ("1 per 2 Advancements (0)", 0),
        ("Other end-game coins", 2),
    ]
    assert read(sheet) == [([(None, lines)], "The Covenant", coins + 2), ([], "You", 40)]
    assert str(game.pending().title) == "You win against the Covenant" == str(sheet.headline)
    assert str(sheet.winner) == "You win!" and str(sheet.close) == "Close the game"


def test_in_2_vs_2_the_sheet_shows_each_covenant_and_each_player_then_the_team_totals():
    game = new_game(coop=True)
    game.correct("player_achievements@0", 4)
    play(game, {"score_player": [12, 30], "score_other": [3, 4]}, until=SCORE_SHEET)
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None
    covenants, players = read(sheet)
    assert [name for name, _ in covenants[0]] == ["Ann's Covenant", "Ben's Covenant"]
    assert covenants[1:] == ("The Covenants' team", 38)  # 16 + 3, 15 + 4
    assert players == ([(None, [("Ann", 12), ("Ben", 30)])], "Your team", 42)


def test_no_sheet_before_the_game_is_scored():
    game = new_game()
    assert game.bot.score_sheet(game.state) is None


def test_the_solo_enemys_sheet_scores_0_for_a_destroyed_capital_city():
    game = solo_enemy.enemy_capital_destroyed(closed=False)
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None
    destroyed = [("Its Capital City was destroyed: it scores 0", 0)]
    assert read(sheet) == [([("The Orcs, Solo Enemy", destroyed)], "The Enemy", 0), ([], "You", 4)]
    assert str(game.pending().title) == "The final score"
    assert str(sheet.winner) == "You win!" and str(sheet.close) == "End the game"


def test_your_destroyed_capital_city_shows_on_your_total_and_a_tie_is_said():
    game = solo_enemy.new_game()
    solo_enemy.play(game, until="your_action")
    game.answer("capital")
    game.answer("you")
    solo_enemy.play(game, until=SCORE_SHEET)
    sheet = game.bot.score_sheet(game.state)
    assert sheet is not None
    assert read(sheet)[1] == ([], "You (your Capital City was destroyed)", 0)
    tied = solo_enemy.new_game()
    solo_enemy.play(tied, {"x_objective": True}, until=SCORE_SHEET)
    tie_sheet = tied.bot.score_sheet(tied.state)
    assert tie_sheet is not None and str(tie_sheet.winner) == "A tie."


def test_a_finished_games_record_of_a_bot_that_names_no_mode_reads_back() -> None:
    for against in (Against(True, 40, 19, None), Against(False, 3, 9, msg("Hard"))):
        assert Against.from_json(against.to_json()) == against


def test_a_sheet_that_marks_no_side_as_the_bots_has_no_record_against_it() -> None:
    """The sides say which total is the table's and which the bot's: a sheet that does
    not say is not counted, even if its players name the bot."""
    sheet = ScoreSheet(
        headline=msg("The final score"),
        sides=(ScoreSide(msg("You"), 7), ScoreSide(msg("The bot"), 5)),
        winner=msg("You win!"),
        close=msg("End the game"),
        standings=(
            Standing(msg("You"), 7, True),
            Standing(msg("The bot"), 5, False, bot=True, role=msg("Normal")),
        ),
    )
    assert sheet.against_the_bot() is None
    marked = ScoreSheet(
        sheet.headline,
        (sheet.sides[0], ScoreSide(msg("The bot"), 5, bot=True)),
        sheet.winner,
        sheet.close,
        sheet.standings,
    )
    assert marked.against_the_bot() == Against(True, 7, 5, msg("Normal"))
