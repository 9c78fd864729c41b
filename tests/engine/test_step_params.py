"""A step's params are typed per step kind: a step type that reads them declares their
TypedDict (`TypedParams[...]`, engine/bot.py) and reads them through `self.params(step)`
(another step's: `ItsStepType.params(other)`), so mypy reports a misspelt key or a
value of the wrong type. The stored shape is the plain JSON object it always was."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import random
import types
import typing
from pathlib import Path
from typing import Any, NotRequired, Required, TypeVar

import pytest

import webapp.bots
from webapp.engine import Game, Step, TypedParams, get_bot
from webapp.engine.steps import TOGETHER

from ..random_play import OPTIONS, new_game, random_answer

BOTS = ("bandits", "covenant", "deacon", "solo_enemy")
PACKAGE = Path(__file__).resolve().parents[2] / "webapp" / "bots"


# --- no raw read left ------------------------------------------------------------------


def raw_reads(source: str) -> list[int]:
    """The lines that touch a step's `.params` other than by calling the typed accessor
    (`self.params(step)`, `Battle.params(other)`)."""
    tree = ast.parse(source)
    called = {
        id(node.func)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "params" and id(node) not in called
    )


def test_the_bots_read_a_steps_params_only_through_the_typed_accessor():
    offenders = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in raw_reads(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_check_finds_each_raw_read_and_lets_the_accessor_through():
    source = (
        'space = step.params["space"]\n'
        'bonus = step.params.get("bonus", 0)\n'
        "p = step.params\n"
        'if "cell" in step.params: pass\n'
        "new(kinds.PLACE, **step.params)\n"
        'ok = self.params(step)["space"]\n'
        'other = Battle.params(step).get("player")\n'
        "new(kinds.PLACE, **self.params(step))\n"
    )
    assert raw_reads(source) == [1, 2, 3, 4, 5]


# --- every reader declares a TypedDict -------------------------------------------------


def declared_params(cls: type) -> Any:
    """What `cls` gives `TypedParams` as its params, type variables of its generic bases
    (`OneSpaceStep[SpaceParams]`) substituted; None: it is no TypedParams."""

    def walk(klass: type, bound: dict[Any, Any]) -> Any:
        for base in klass.__dict__.get("__orig_bases__", klass.__bases__):
            origin = typing.get_origin(base) or base
            args = [bound.get(arg, arg) for arg in typing.get_args(base)]
            if origin is TypedParams:
                return args[0] if args else None
            if isinstance(origin, type) and issubclass(origin, TypedParams):
                # a bare generic base (`OneSpaceStep`) gives its type variables nothing
                variables = origin.__dict__.get("__parameters__", ())
                found = walk(origin, dict(zip(variables, args, strict=False)))
                if found is not None:
                    return found
        return None

    return walk(cls, {})


def typed_classes() -> dict[str, type]:
    """Every TypedParams class of the bots' packages (step types, card rules), by name."""
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(webapp.bots.__path__, "webapp.bots."):
        for name, value in vars(importlib.import_module(module.name)).items():
            if (
                inspect.isclass(value)
                and issubclass(value, TypedParams)
                and value.__module__ == module.name
                and not value.__dict__.get("__parameters__")  # a generic base: its subclasses'
            ):
                found[f"{module.name}.{name}"] = value
    return found


def test_every_step_type_that_reads_params_declares_them_as_a_typeddict():
    classes = typed_classes()
    for bot_id in BOTS:
        classes.update(
            {f"{bot_id} {kind}": type(st) for kind, st in get_bot(bot_id).step_types.items()}
        )
    readers = {name: cls for name, cls in classes.items() if issubclass(cls, TypedParams)}
    assert len(readers) > 100
    untyped = {
        name: declared_params(cls)
        for name, cls in readers.items()
        if not typing.is_typeddict(declared_params(cls))
    }
    assert untyped == {}


def test_the_check_finds_a_reader_without_its_typeddict():
    from webapp.bots.covenant.stepkit import OneSpaceStep, SpaceParams

    class Bare(OneSpaceStep):
        pass

    class Given(OneSpaceStep[SpaceParams]):
        pass

    assert isinstance(declared_params(Bare), TypeVar)
    assert declared_params(Given) is SpaceParams


# --- the TypedDicts say what the steps hold --------------------------------------------


def shape_problems(step: Step, declared: Any) -> list[str]:
    """Where the step's params differ from its TypedDict: a key it lacks, a key it does
    not declare, a value of another type (checked one level deep)."""
    params, hints = step.params, typing.get_type_hints(declared, include_extras=True)
    optional = {
        key
        for key, hint in hints.items()
        if typing.get_origin(hint) is NotRequired
        or (not declared.__total__ and typing.get_origin(hint) is not Required)
    }
    hints = {
        key: typing.get_args(hint)[0]
        if typing.get_origin(hint) in (NotRequired, Required)
        else hint
        for key, hint in hints.items()
    }
    problems = [f"{step.kind}: no {key!r}" for key in set(hints) - optional - set(params)]
    problems += [f"{step.kind}: undeclared {key!r}" for key in set(params) - set(hints)]
    for key, value in params.items():
        if key in hints and not isinstance(value, runtime_types(hints[key])):
            problems.append(f"{step.kind}: {key!r} is {value!r}, not {hints[key]}")
    return problems


def runtime_types(hint: Any) -> tuple[type, ...]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return tuple(t for arg in typing.get_args(hint) for t in runtime_types(arg))
    if hint is Any:
        return (object,)
    if hint is None or hint is type(None):
        return (type(None),)
    if typing.is_typeddict(hint):
        return (dict,)
    return (typing.get_origin(hint) or hint,)


def each_step(steps: list[Step]) -> list[Step]:
    """The steps, with those a `together` step lists."""
    found = []
    for step in steps:
        found.append(step)
        if step.kind == TOGETHER:
            found += [Step.from_json(data) for data in step.params["steps"]]
    return found


def check_the_checklist(game: Game, seen: set[str]) -> list[str]:
    problems: list[str] = []
    for step in each_step(game.checklist.steps if game.checklist is not None else []):
        declared = declared_params(type(game.bot.step_types[step.kind]))
        if declared is not None:
            seen.add(step.kind)
            problems += shape_problems(step, declared)
    return problems


@pytest.mark.parametrize("bot_id", BOTS)
def test_the_params_of_the_steps_of_random_games_are_as_their_typeddict_says(bot_id):
    seen: set[str] = set()
    problems: list[str] = []
    # each option set, and the first as a game started now gets it (its setup `together`)
    sets = [*OPTIONS[bot_id], {**OPTIONS[bot_id][0], **get_bot(bot_id).new_game_options}]
    for index, options in enumerate(sets):
        for seed in (index, 100 + index):
            game = new_game(bot_id, options, seed)
            rng = random.Random(seed)
            for _ in range(300):
                problems += check_the_checklist(game, seen)
                if game.pending() is None:
                    break
                game.answer(random_answer(game, rng))
    assert sorted(set(problems)) == []
    assert len(seen) >= 10  # the check looked at steps of many kinds


def test_the_shape_check_finds_a_missing_an_undeclared_and_a_mistyped_key():
    from webapp.bots.covenant.steps_left import AdvancementPileParams

    good = Step("advancement_pile", {"space": "2.3", "minimum": 1, "origin": "front"})
    assert shape_problems(good, AdvancementPileParams) == []
    bad = Step("advancement_pile", {"space": 23, "minimum": 1, "from": "front"})
    assert sorted(shape_problems(bad, AdvancementPileParams)) == [
        "advancement_pile: 'space' is 23, not <class 'str'>",
        "advancement_pile: no 'origin'",
        "advancement_pile: undeclared 'from'",
    ]
