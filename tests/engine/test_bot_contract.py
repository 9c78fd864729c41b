"""The contract every bot fulfils stays small: the engine's `Bot` has nine methods of its
own, and what a bot has besides them (its counters, the decisions the table may
overturn, its cards, its board, the printed parts of the table's copy) it declares as one
object each, never as methods switched on and off."""

from __future__ import annotations

from typing import Any

from webapp.engine import Bot, all_bots

from ..dice_bot import DiceBot

# What every bot is asked, whatever it plays: no method here is about cards or a board.
CORE = {
    "check_options",
    "setup",
    "next_checklist",
    "state_to_json",
    "state_from_json",
    "after_change",
    "game_decided",
    "space_name",
    "score_sheet",
}
# What it declares: who it is, its step types and options, and one object per capability.
DECLARED = {
    "id",
    "name",
    "game_name",
    "step_types",
    "options_schema",
    "new_game_options",
    "corrections",
    "overturns",
    "cards",
    "board",
    "copy",
}
MOST_METHODS = 9


def public_methods(cls: type) -> set[str]:
    return {name for name in dir(cls) if not name.startswith("_") and callable(getattr(cls, name))}


def test_the_bot_contract_is_its_nine_core_methods() -> None:
    assert public_methods(Bot) == CORE
    assert len(CORE) <= MOST_METHODS


def test_what_a_bot_has_besides_it_declares_as_one_object_each() -> None:
    declared = {name for name in dir(Bot) if not name.startswith("_")} - CORE
    assert declared | set(Bot.__annotations__) == DECLARED


def test_no_bot_grows_a_method_of_its_own_beside_the_contract() -> None:
    bots: list[Any] = [*all_bots(), DiceBot()]
    for bot in bots:
        assert public_methods(type(bot)) <= CORE, bot.id


def test_the_test_bot_declares_only_what_it_has() -> None:
    dice = DiceBot()
    assert dice.cards is None and dice.board is None and dice.copy.parts() == []
    assert [c.field for c in dice.corrections.offered({"position": 3})] == ["position"]
