"""Drive a Covenant game through its checklists with scripted answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import webapp.bots  # noqa: F401  (registers the Covenant)
from webapp.engine import SCORE_SHEET, Game, Kind, Pending

from .decks import deck, section

# What a quiet table answers when a test does not care.
DEFAULTS: dict[str, Any] = {
    "player_ship": "H",
    "player_mode": False,
    "explore_check": False,
    "claim": "nothing",
    "advancement_pile": 0,
    "island_check": "none",
    "top_check": False,
    "bottom_check": False,
    "place": False,
    "battle": "covenant_won",
    "battle_damage": 0,
    "plunder": 0,
    "plunder_cargo": 0,
    "plundered": 0,
    "plundered_cargo": 0,
    "effect_upgrade": "shown",
    "upgrade_substitute": 0,
    "produce_coins": 0,
    "produce_cargo": 0,
    "effect_merchant_ship": False,
    "collect_coins": 0,
    "collect_cargo": 0,
    "your_turn": "end",
    "player_achievements": 0,
    "score_other": 0,
    "score_player": 0,
    "score_tiebreak": "player",
    "attack_building": "held",
    "fix_island_control": False,
    "fix_island_building": False,
}

Answers = dict[str, Any]


def new_game(
    *sections: dict[str, Any],
    difficulty: str = "normal",
    seed: int = 1,
    saga: bool = False,
    coop: bool = False,
    **deck_options: Any,
) -> Game:
    options: dict[str, Any] = {"difficulty": difficulty, "saga": saga}
    if coop:
        options.update(coop=True, players=["Ann", "Ben"])
    return Game("covenant", options, seed, deck(*(sections or (section(),)), **deck_options))


def default_for(pending: Pending, defaults: dict[str, Any] | None = None) -> Any:
    kind = pending.step.kind
    defaults = DEFAULTS if defaults is None else defaults
    if kind in defaults:  # a value, or what to answer this very step
        value = defaults[kind]
        return value(pending) if callable(value) else value
    question = pending.question
    if question.kind is Kind.CONFIRM:
        return "done"
    if question.kind is Kind.SPACE:
        return question.spaces[0]
    if question.kind is Kind.CHOICE:
        return question.choices[0].value
    if question.kind is Kind.NUMBER:
        return question.minimum
    return False


def play(
    game: Game,
    answers: Answers | None = None,
    *,
    until: str | Callable[[Pending], bool] | None = None,
    limit: int = 500,
    defaults: dict[str, Any] | None = None,
) -> Pending | None:
    """Answer steps until `until` (a step kind or a test) is pending, or the game ends.

    `answers` maps a step kind to a value, or to a list of values used in turn
    (the last one repeats); other steps get `defaults` (the Covenant's if not given).
    """
    answers = {k: (list(v) if isinstance(v, list) else v) for k, v in (answers or {}).items()}
    for _ in range(limit):
        pending = game.pending()
        if pending is None:
            return None
        if until is not None and (
            pending.step.kind == until if isinstance(until, str) else until(pending)
        ):
            return pending
        kind = pending.step.kind
        if kind in answers:
            value = answers[kind]
            if isinstance(value, list):
                value = value.pop(0) if len(value) > 1 else value[0]
        else:
            value = default_for(pending, defaults)
        game.answer(value)
    raise AssertionError("the game did not get there")


def turn(game: Game):
    """The Covenant's latest checklist (its turn or bonus card)."""
    return next(c for c in reversed(game.checklists) if c.header["kind"] == "covenant")


def steps(game: Game, kind: str | None = None) -> list[Any]:
    return [s for s in turn(game).steps if kind is None or s.kind == kind]


def kinds(game: Game) -> list[str]:
    """The kinds of the Covenant's latest checklist's steps, in order."""
    return [step.kind for step in turn(game).steps]


def notes(game: Game) -> list[str]:
    """Every note written in the Covenant's latest checklist, as English text."""
    return [str(note) for step in turn(game).steps for note in step.notes]


def finish_turn(game: Game, answers: Answers | None = None) -> None:
    """Answer the rest of the Covenant's turn; stops at your turn."""
    play(game, answers, until="your_turn")


def next_covenant_turn(game: Game, answers: Answers | None = None) -> None:
    """End the current turn(s) and stop at the start of the Covenant's next one."""
    finish_turn(game, answers)
    game.answer("end")
    play(game, answers, until="player_ship")


def finished_covenant_game(yours: int = 40, **options: Any) -> Game:
    """A solo Covenant game played to its end: you claim your fourth Achievement, the
    Covenant its extra turn, then the final scores (yours: `yours`), the sheet closed."""
    game = new_game(**options)
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)
    game.answer("end")
    play(game, {"score_other": 2, "score_player": yours}, until=SCORE_SHEET)
    game.answer("done")
    assert game.over
    return game
