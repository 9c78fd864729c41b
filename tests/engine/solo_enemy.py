"""Solo Enemy games for engine tests: a faction's costs, hand-made decks, a quiet table."""

from __future__ import annotations

import copy
from typing import Any

import webapp.bots  # noqa: F401  (registers the bots)
from webapp.bots.solo_enemy.cards import empty_deck
from webapp.engine import SCORE_SHEET, Game, Pending

from .helpers import play as play_with

ZERO = {"ore": 0, "mana": 0, "food": 0}


def cost(ore: int = 0, mana: int = 0, food: int = 0) -> dict[str, int]:
    return {"ore": ore, "mana": mana, "food": food}


# What a faction's Solo C.C. Board prints, as the tests enter it.
PROFILE: dict[str, Any] = {
    "units": {
        "air_vessel": cost(ore=3, mana=1),
        "sea_vessel": cost(ore=2, food=1),
        "warrior": cost(ore=1, food=1),
        "serf": cost(food=1),
    },
    "spells": [
        {"name": "Fireball", "cost": cost(mana=2), "vp": 2},
        {"name": "", "cost": cost(mana=3), "vp": 1},
        {"name": "Quake", "cost": cost(ore=1, mana=1), "vp": 3},
    ],
    "track": [
        {"ore": 2, "level": 1},
        {"ore": 3, "level": 2},
        {"ore": 3, "level": 2},
        {"ore": 4, "level": 3},
        {"ore": 4, "level": 3},
        {"ore": 5, "level": 3},
    ],
}


def left(*units: str) -> dict[str, bool]:
    """The supply form answered: these Units are left (every other one it lists is not)."""
    return {unit: True for unit in units}


def all_left(pending: Pending) -> dict[str, bool]:
    """The supply form as it starts: every Unit it lists is left."""
    return left(*pending.step.params["units"])


NONE_LEFT: dict[str, bool] = {}  # every toggle off: the form sends no field

# What a quiet table answers when a test does not care.
DEFAULTS: dict[str, Any] = {
    "faction_costs": PROFILE,
    "your_action": "done",
    "follow": "pass",
    "supply": all_left,
    "place_vessel": True,
    "tower_serf": False,
    "tower_distance": 1,
    "tower_tokens": 0,
    "attack": False,
    "attack_path": "next",
    "move_board": "none",
    "move_region": "none",
    "move_tokens": 0,
    "battle_tactic": "Charge",
    "battle_cancel": False,
    "battle_outcome": "enemy",
    "region_resource": "none",
    "collect": 0,
    "x_objective": False,
    "score_enemy": 0,
    "score_player": 0,
}


def card(card_id: str, action: str = "recruit", **fields: Any) -> dict[str, Any]:
    data = {
        "id": card_id,
        "action": action,
        "follow": True,
        "compass": "N",
        "strength": 2,
        "tactics": {"attacking": "Charge", "defending": "First Strike"},
    }
    data.update(fields)
    return data


def deck(*cards: dict[str, Any], action: str = "recruit", **fields: Any) -> dict[str, Any]:
    """A deck of the 8 cards: those given, the rest all `action` with `fields`."""
    given = {c["id"]: c for c in cards}
    return {
        "format": "botdeck-deck",
        "version": 1,
        "bot": "solo_enemy",
        "name": "Test deck",
        "cards": [
            copy.deepcopy(given.get(str(n)) or card(str(n), action, **fields)) for n in range(1, 9)
        ],
    }


def new_game(
    action: str = "recruit",
    *,
    cards: tuple[dict[str, Any], ...] = (),
    seed: int = 1,
    you: str = "humans",
    factions: tuple[str, ...] = ("orcs",),
    physical: bool = False,
    set_up: bool = True,
    corrections: dict[str, int] | None = None,
    profile: dict[str, Any] | None = None,
    **fields: Any,
) -> Game:
    """A game whose every card (but `cards`) is `action`; set up with PROFILE unless not.

    `corrections`: counters set by hand before its first card is drawn ("ore", "hero1"…);
    `profile`: the costs its board prints, if not PROFILE's.
    """
    options = {
        "you": you,
        "factions": list(factions),
        "deck_mode": "physical" if physical else "app",
    }
    cards_known = empty_deck("My cards") if physical else deck(*cards, action=action, **fields)
    game = Game("solo_enemy", options, seed, cards_known)
    if set_up:
        costs = {"faction_costs": profile} if profile is not None else {}
        play(game, costs, until=lambda p: p.step.kind == "tax_slot" and p.step.params["slot"] == 3)
        for field, value in (corrections or {}).items():
            game.correct(field, value)
        play(game, until=lambda p: p.step.kind not in SETUP_KINDS)
    return game


SETUP_KINDS = ("faction_drawn", "faction_costs", "setup_table", "together", "tax_slot")


def play(
    game: Game, answers: dict[str, Any] | None = None, *, until: Any = None, limit: int = 800
) -> Pending | None:
    return play_with(game, answers, until=until, limit=limit, defaults=DEFAULTS)


def kinds(game: Game) -> list[str]:
    """The kinds of the current checklist's steps, in order."""
    assert game.checklist is not None
    return [step.kind for step in game.checklist.steps]


def notes(game: Game) -> list[str]:
    assert game.checklist is not None
    return [str(note) for step in game.checklist.steps for note in step.notes]


def game_notes(game: Game) -> list[str]:
    """Every note of the whole game so far."""
    return [str(n) for checklist in game.checklists for step in checklist.steps for n in step.notes]


def titles(game: Game) -> list[str]:
    return [str(c.title) for c in game.checklists]


def answer_through(game: Game, *values: Any) -> None:
    for value in values:
        game.answer(value)


def enemy_capital_destroyed(*, closed: bool = True) -> Game:
    """A game ended on your first action by destroying the Enemy's Capital City: it
    scores 0, you 4; at its score sheet, closed unless not."""
    game = new_game()
    play(game, until="your_action")
    game.answer("capital")
    game.answer("enemy")
    play(game, {"score_player": 4}, until=SCORE_SHEET)
    if closed:
        game.answer("done")
    return game
