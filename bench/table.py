"""A table playing: the answers it gives, and the taps of a game played from outside.

The benchmark's taps are a table's: mostly answers to the step asked (as `valid_answer`
chooses them: a table that keeps the game going), a counter corrected now and then.
From outside, a device cannot work out an answer, so the games it taps are created
here before the server starts, all with one seed, and the taps are those of that same
game played here first (`table_taps`).
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
from typing import Any

from webapp import create_app
from webapp.bots.deacon.components import DEMO_COMPONENTS
from webapp.engine import Field, Fields, Kind
from webapp.engine.actions import action_of
from webapp.service import games

QUIET = ("end", "you_won", "held", "mercantile", "none", "shown", "nothing", "done", "pass", "you")
# The Solo Enemy's board costs, entered once at the start of its game.
SOLO_COSTS = {
    "units": {
        unit: {"ore": ore, "mana": mana, "food": food}
        for unit, (ore, mana, food) in {
            "air_vessel": (3, 1, 0),
            "sea_vessel": (2, 0, 1),
            "warrior": (1, 0, 1),
            "serf": (0, 0, 1),
        }.items()
    },
    "spells": [{"name": "", "cost": {"ore": 0, "mana": 2, "food": 0}, "vp": 1}] * 3,
    "track": [
        {"ore": ore, "level": level}
        for ore, level in ((2, 1), (3, 2), (3, 2), (4, 3), (4, 3), (5, 3))
    ],
}


# The Bandits' Score Board as the table enters it: both tracks as long as a board can
# print them, so that a game goes on all evening.
LONG_SCORE_BOARD = {"score_end": 200, "bandit_end": 200, "stars_1": 1}


def entry_answer(draft: Any) -> Any:
    """What the table enters: a faction's costs, or Deacon's printed parts and tiles."""
    if isinstance(draft, dict) and draft.get("kind") == "components":
        return DEMO_COMPONENTS[draft["part"]]
    if isinstance(draft, dict) and draft.get("kind") == "effects":
        return [{"effect": "research"}]
    return SOLO_COSTS


def valid_answer(opened: games.OpenGame, rng: random.Random) -> Any:
    """A valid answer from a table that keeps the game going (few achievements)."""
    pending = opened.game.pending()
    assert pending is not None, "the benchmark game ended early"
    question = pending.question
    if question.kind is Kind.CONFIRM:
        return "done"
    if question.kind is Kind.YESNO:
        # the Solo Enemy spends its Resources (and battles) so its track is not done early
        solo = opened.game.bot.id == "solo_enemy" and pending.step.kind != "x_objective"
        return rng.choice(("yes", "no")) if solo else "no"
    if question.kind is Kind.NUMBER:
        return question.minimum
    if question.kind is Kind.SPACE:
        return rng.choice(question.spaces)
    if question.kind is Kind.ENTRY:
        return json.dumps(entry_answer(pending.question.draft))
    if question.kind is Kind.DICE:
        return "roll"  # Botdeck rolls them, the obvious tap
    if isinstance(question, Fields):
        if pending.step.kind == "score_board":
            return json.dumps(LONG_SCORE_BOARD)
        if pending.step.kind == "supply":  # the Solo Enemy's supply: now and then run out
            return json.dumps({field.name: rng.random() < 0.7 for field in question.fields})
        return json.dumps({field.name: _as_started(field) for field in question.fields})
    values = [c.value for c in question.choices if c.refused is None]
    return next((v for v in QUIET if v in values), values[0])


def _as_started(field: Field) -> Any:
    """A form's field as the table leaves it: its default, else its first choice, its
    lowest number, or no."""
    if field.default is not None:
        return field.default
    if field.kind == "choice":
        return field.choices[0].value
    return field.minimum if field.kind == "number" else False


# The game every device taps from outside: a Covenant game, extreme difficulty, seed 7.
TABLE_BOT, TABLE_OPTIONS, TABLE_SEED = "covenant", {"difficulty": "extreme"}, 7
CORRECT_EVERY = 4  # one tap in this many corrects a counter (the Covenant's coins)
Tap = tuple[str, dict[str, Any]]  # the route under /g/<id>/ and its form, version aside


@functools.cache
def table_taps(count: int) -> tuple[Tap, ...]:
    """The first `count` taps of the table's game, worked out by playing it here."""
    return bot_taps(TABLE_BOT, json.dumps(TABLE_OPTIONS), TABLE_SEED, count, correct=True)


@functools.cache
def bot_taps(
    bot: str, options: str, seed: int, count: int, *, correct: bool = False
) -> tuple[Tap, ...]:
    """The first `count` taps of a game of `bot` (its `options` as JSON, its `seed`),
    worked out by playing it here; `correct`: one tap in CORRECT_EVERY corrects the
    Covenant's coins."""
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        rng = random.Random(2026)
        taps: list[Tap] = []
        with app.app_context():
            game_id = games.create_game(bot, json.loads(options), name="Script", seed=seed)
            for number in range(count):
                opened = games.open_game(game_id)
                if correct and number % CORRECT_EVERY == CORRECT_EVERY - 1:
                    tap: Tap = ("correct", {"field": "coins", "value": number % 40})
                    action = {"correct": "coins", "value": number % 40}
                else:
                    value = valid_answer(opened, rng)
                    tap, action = ("answer", {"value": value}), {"answer": value}
                games.act(game_id, opened.version, action_of(action))
                taps.append(tap)
            games.forget_all()
        return tuple(taps)


def bot_games(data_dir: str, bots: list[tuple[str, dict[str, Any], int]]) -> list[str]:
    """A game of each (bot, options, seed), stored in `data_dir` before a server starts
    on it: each plays as `bot_taps` says."""
    app = create_app({"DATA_DIR": data_dir})
    with app.app_context():
        made = [
            games.create_game(bot, options, name=f"Bench {bot} {n + 1}", seed=seed)
            for n, (bot, options, seed) in enumerate(bots)
        ]
        games.forget_all()
    return made


def table_games(data_dir: str, count: int) -> list[str]:
    """`count` games of the table's kind, stored in `data_dir` (before a server starts on
    it): each plays as `table_taps` says."""
    return bot_games(data_dir, [(TABLE_BOT, TABLE_OPTIONS, TABLE_SEED)] * count)
