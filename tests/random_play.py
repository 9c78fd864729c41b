"""Random games of every bot, for the property tests: option sets, decks, and the
valid answers a table could give to whatever step is pending.

Both the headless tests (engine only) and the web tests (through the routes) draw
their taps from here, so a game one of them finds broken replays in the other.
"""

from __future__ import annotations

import json
import random
from typing import Any

import webapp.bots  # noqa: F401  (registers every bot)
from webapp.bots.deacon.board import demo_board
from webapp.bots.deacon.components import DEMO_COMPONENTS
from webapp.engine import Choice, Field, Fields, Game, Kind, Question, get_bot
from webapp.engine.capabilities import cards_of

from . import budget
from .engine.solo_enemy import PROFILE

# Deacon's demo board with an island no route reaches: Deacon asks where it cannot tell.
INCOMPLETE_BOARD = demo_board()
INCOMPLETE_BOARD["islands"].append({"number": 40, "x": 980, "y": 680})

# Option sets a table can choose in the lobby, for each bot; "physical" plays the
# players' own (empty) deck, every card part entered as it turns up.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "bandits": [
        {"mode": "coop", "players": ["Ann", "Ben"]},
        {"mode": "solo", "bandit_die": 8, "land_tiles": 20},
        {"mode": "versus", "players": ["Ann", "Ben", "Cy"], "bandit_die": 12},
    ],
    "covenant": [
        {"difficulty": "normal"},
        {"difficulty": "hard", "saga": True},
        {"difficulty": "extreme", "coop": True, "players": ["Ann", "Ben"]},
        {"difficulty": "expert", "deck_mode": "physical"},
    ],
    "deacon": [
        {},
        {"side": "B", "advanced": 4, "first": "deacon", "crew_bonus": True},
        {"deck_mode": "physical", "advanced": 1},
        {"board": INCOMPLETE_BOARD},
        # games started now: the printed parts asked at setup (demo values chosen by name)
        {"parts": "setup", "demo_components": True},
        {"parts": "setup", "side": "B", "board": INCOMPLETE_BOARD},
    ],
    "solo_enemy": [
        {"you": "humans", "factions": ["orcs"]},
        {"you": "elves", "factions": ["orcs", "dwarves", "Merfolk"]},
        {"you": "humans", "factions": ["orcs"], "deck_mode": "physical"},
    ],
}
BOTS = sorted(OPTIONS)

# A Score Board as printed (the Bandits): a track long enough for games to go on.
SCORE_BOARD = {"score_end": 40, "bandit_end": 25, "stars_1": 2, "start_2": 8, "stars_2": 4}

# What the table enters for an ENTRY that is not a card (the library cannot know it).
OWNED_ENTRIES: dict[str, Any] = {"faction_costs": PROFILE}


def physical(options: dict[str, Any]) -> bool:
    return options.get("deck_mode") == "physical"


def starting_deck(bot_id: str, options: dict[str, Any]) -> dict[str, Any] | None:
    """The players' own deck, nothing entered yet, for a physical-deck game; else the demo."""
    return cards_of(get_bot(bot_id)).empty_deck("Our cards") if physical(options) else None


def new_game(bot_id: str, options: dict[str, Any], seed: int) -> Game:
    return Game(bot_id, options, seed, starting_deck(bot_id, options))


def entry_answer(game: Game, kind: str, question: Question) -> Any:
    """A valid entry: the demo deck's own card part, or what a table owns (costs)."""
    if kind in OWNED_ENTRIES:
        return OWNED_ENTRIES[kind]
    draft = question.draft if isinstance(question.draft, dict) else {}
    if draft.get("kind") == "components":  # Deacon's printed parts
        return DEMO_COMPONENTS[draft["part"]]
    if draft.get("kind") == "effects":  # a Seafloor tile, a Crew bonus
        return [{"effect": "vp", "n": 1}, {"effect": "research"}]
    cards = game.bot.cards
    known = None if cards is None else cards.known_entry(cards.demo_deck(), question.draft)
    if known is None:
        raise AssertionError(f"no valid entry known for {kind} {question.draft!r}")
    return known


def candidates(game: Game) -> list[Any]:
    """Every answer worth trying for the pending step (numbers: the low end and the top)."""
    pending = game.pending()
    assert pending is not None
    question = pending.question
    if question.kind is Kind.CONFIRM:
        return ["done"]
    if question.kind is Kind.YESNO:
        return [True, False]
    if question.kind is Kind.NUMBER:
        low = list(range(question.minimum, min(question.maximum, question.minimum + 3) + 1))
        return low + ([question.maximum] if question.maximum not in low else [])
    if question.kind is Kind.SPACE:
        return [*question.spaces, *offered(question.choices)]
    if question.kind is Kind.ENTRY:
        return [entry_answer(game, pending.step.kind, question)]
    if question.kind is Kind.DICE:
        return ["roll"]
    if pending.step.kind == "score_board":
        return [SCORE_BOARD]
    if isinstance(question, Fields):
        return [
            filled_form(question),
            *toggled_forms(question),
            *offered(question.choices),
        ]
    return offered(question.choices)


def offered(choices: tuple[Choice, ...]) -> list[str]:
    """The buttons a table can tap (not one the rules forbid now: it is shown, disabled)."""
    return [choice.value for choice in choices if choice.refused is None]


def toggled_forms(question: Fields) -> list[dict[str, Any]]:
    """A form of toggles only (the Solo Enemy's supply) answered otherwise too: every one
    off, and only the last one on."""
    if not question.fields or any(field.kind != "yesno" for field in question.fields):
        return []
    names = [field.name for field in question.fields]
    return [{name: False for name in names}, {name: name == names[-1] for name in names}]


def filled_form(question: Fields) -> dict[str, Any]:
    """A form filled in as a table might: each field's default, else its first choice,
    its lowest number, or no."""

    def start(field: Field) -> Any:
        if field.default is not None:
            return field.default
        if field.kind == "choice":
            return field.choices[0].value
        return field.minimum if field.kind == "number" else False

    return {field.name: start(field) for field in question.fields}


def as_form_value(value: Any) -> str:
    """An answer as a form field holds it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, dict | list):
        return json.dumps(value)
    return str(value)


def random_answer(game: Game, rng: random.Random) -> Any:
    values = candidates(game)
    # "end" your turn more often than not, so that games move on to the bot's turns
    if "end" in values and rng.random() < 0.6:
        return "end"
    if game.pending().step.kind in ("night_end", "pain") and rng.random() < 0.95:
        return values[0]  # the Bandits: a character dies now and then, not every night
    living = [v for v in values if not str(v).startswith("dies:")]
    if living != values and rng.random() < 0.95:
        values = living  # nor at every tap on a tile by day
    if game.pending().step.kind == "your_vp":  # Deacon: your score grows slowly
        return rng.choice(values[:4])
    return rng.choice(values)


def play_randomly(game: Game, rng: random.Random, answers: int) -> None:
    for _ in range(answers):
        if game.pending() is None:
            return
        game.answer(random_answer(game, rng))


def check_every_title(game: Game) -> None:
    """Every step of the current checklist says what it is (headless `step_title`)."""
    checklist = game.checklist
    for step in checklist.steps if checklist is not None else []:
        game.step_title(step)
    game.pending()


def run_table(machine: Any, *, examples: int, steps: int, suppress: tuple[Any, ...] = ()) -> None:
    """Run a stateful table (a hypothesis state machine) for `examples` games of up to
    `steps` rules each, with no deadline (a replay can be slow on a busy machine).

    Without hypothesis's "explain" phase: on Python 3.11 it traces every line of the
    failing game's replays, each then many times slower, and a game found broken ended
    as the test's timeout instead of its own failure (steps and error)."""
    from hypothesis import HealthCheck, Phase, settings

    machine.TestCase.settings = settings(
        max_examples=budget.examples(examples),
        derandomize=budget.MUTANT_RUN,
        stateful_step_count=steps,
        deadline=None,
        phases=[phase for phase in Phase if phase is not Phase.explain],
        suppress_health_check=[HealthCheck.too_slow, *suppress],
    )
    machine.TestCase().runTest()


def finished_solo_enemy_game(seed: int = 5) -> Game:
    """A Solo Enemy game played at random to its end (within a few dozen answers)."""
    game = Game("solo_enemy", {"you": "humans", "factions": ["orcs"]}, seed)
    rng = random.Random(seed)
    while game.pending() is not None and len(game.actions) < 600:
        game.answer(random_answer(game, rng))
    assert game.over
    return game
