"""The engine's smaller parts where a mutation test found no test looking (make mutate):
a bot's defaults, its step types, the cheapest way on a graph, numbers JSON cannot hold,
a refusal with nothing to say; Deacon's rows it has the least of; a split of the Bandits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from webapp.bots.bandits.night import Split
from webapp.bots.deacon.rules import least_rows
from webapp.engine import Bot, Checklist, Context, Step, StepType, StepTypes, msg
from webapp.engine.capabilities import cards_of, demo_deck, validate_deck
from webapp.engine.geometry import Graph, Grid
from webapp.engine.json_input import JsonInputError, nesting_depth, parse_json
from webapp.engine.questions import confirm
from webapp.engine.refusals import FieldsRefused
from webapp.engine.registry import all_bots, unregister
from webapp.engine.steps import new, together
from webapp.engine.text import reason

from .deacon import CREW, board, state


class Plain(Bot[dict]):
    """A bot that says only what a bot must: every default of the engine's `Bot`."""

    id = "plain_test"
    name = msg("Plain")
    game_name = msg("Plain")
    step_types = StepTypes()

    def setup(self, options: dict[str, Any], deck: dict[str, Any], rng: random.Random) -> dict:
        return {}

    def next_checklist(self, state: dict, ctx: Context) -> Checklist | None:
        return None

    def state_to_json(self, state: dict) -> dict[str, Any]:
        return state

    def state_from_json(self, data: dict[str, Any]) -> dict:
        return data


def test_a_bot_without_counters_refuses_a_correction_naming_the_counter() -> None:
    with pytest.raises(ValueError, match="^unknown counter 'coins'$"):
        Plain().corrections.correct({}, "coins", 3)


def test_a_bot_that_decides_nothing_refuses_an_overturn() -> None:
    with pytest.raises(
        ValueError, match="^Botdeck decided nothing here that the table can overturn$"
    ):
        Plain().overturns.overturn({}, "other", None)  # type: ignore[arg-type]


def test_a_bot_without_cards_takes_only_its_empty_deck() -> None:
    assert validate_deck(Plain(), demo_deck(Plain())) == demo_deck(Plain())
    with pytest.raises(ValueError, match="^this bot plays without cards$"):
        validate_deck(Plain(), {"cards": [{"id": "01"}]})
    with pytest.raises(TypeError, match="^bot 'plain_test' plays without cards$"):
        cards_of(Plain())


def test_a_bot_with_no_extra_part_refuses_one() -> None:
    with pytest.raises(ValueError, match="^this game has no part to add$"):
        Plain().copy.extra_part("Elves")


def test_a_bot_offers_no_counter_nor_overturn_and_names_spaces_as_they_are_by_default():
    assert Plain().corrections.offered({}) == []
    assert Plain().overturns.offered({}, Step("move")) is None
    assert str(Plain().space_name("3.2")) == "3.2"


def test_a_step_type_registered_is_found_under_its_kind_and_a_second_is_refused() -> None:
    kinds = StepTypes()

    @kinds.register("draw")
    class Draw(StepType[dict]):
        pass

    assert isinstance(kinds["draw"], Draw)
    with pytest.raises(ValueError, match="^step kind 'draw' is registered twice$"):
        kinds.add("draw", Draw())
    assert isinstance(kinds["draw"], Draw)


def test_a_run_done_together_resolves_each_step_with_its_own_question_state_and_params() -> None:
    kinds = StepTypes()
    seen: list[tuple[object, object, object]] = []

    @kinds.register("lay_out")
    class LayOut(StepType[dict]):
        def question(self, state, step):
            seen.append(("asked", state["table"], step.params["what"]))
            return confirm()

        def resolve(self, state, step, value, ctx):
            seen.append(("done", state["table"], (step.params["what"], value)))
            state["laid"].append(step.params["what"])

    (run,) = together(new("lay_out", what="board"), new("lay_out", what="deck"))
    state = {"table": "ours", "laid": []}
    run_type = kinds[run.kind]
    assert str(run_type.title(state, run)) == "At the table: 2 things, in order"
    assert str(run_type.detail(state, run)) == "Do them in this order, then tap All done."
    assert str(run_type.question(state, run).prompt) == "All done"
    kinds[run.kind].resolve(state, run, "done", Context(1, 0, None))
    assert state["laid"] == ["board", "deck"]
    assert seen == [
        ("asked", "ours", "board"),
        ("done", "ours", ("board", "done")),
        ("asked", "ours", "deck"),
        ("done", "ours", ("deck", "done")),
    ]


# --- the cheapest way ----------------------------------------------------------------------


def test_the_cheapest_way_reaches_past_a_place_reached_twice() -> None:
    graph: Graph[int] = Graph()
    for a, b in [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4)]:
        graph.join(a, b, 1)
    best = graph.cheapest(0)
    assert best[4] == (3, [0, 1, 3, 4])


def test_a_tie_between_two_ways_goes_to_the_one_first_in_the_order_given() -> None:
    graph: Graph[int] = Graph()
    for a, b in [(0, 9), (0, 10), (9, 5), (10, 5)]:
        graph.join(a, b, 1)
    assert graph.cheapest(0)[5] == (2, [0, 10, 5])  # by name: "10" before "9"
    assert graph.cheapest(0, order=lambda place: place)[5] == (2, [0, 9, 5])


# --- numbers JSON cannot hold, a refusal with nothing to say ---------------------------------


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_holding_nan_or_infinity_is_refused_naming_it(constant: str) -> None:
    with pytest.raises(JsonInputError, match=f"^it holds {constant}, which is not a number$"):
        parse_json(f'{{"cost": {constant}}}')


@pytest.mark.parametrize(
    ("text", "depth"),
    [('"[no {brackets}"', 0), ("[]", 1), ("[][][[]]", 2), ("[][[[]]]", 3), ('{"a": [{}]}', 3)],
)
def test_the_nesting_depth_is_the_deepest_bracket_however_many_close_before(
    text: str, depth: int
) -> None:
    assert nesting_depth(text) == depth


def test_json_is_read_up_to_its_limit_and_refused_past_it_in_words() -> None:
    assert parse_json("[1]", max_chars=3) == [1]
    with pytest.raises(JsonInputError, match="^it is longer than 3 characters$"):
        parse_json("[12]", max_chars=3)
    with pytest.raises(JsonInputError, match="^it is not JSON$"):
        parse_json(b"\xff[1]")
    assert parse_json("\ufeff[1]".encode()) == [1]  # a byte-order mark is read past
    assert parse_json("[[1]]", max_depth=2) == [[1]]
    with pytest.raises(JsonInputError, match="^it nests lists and objects more than 2 levels"):
        parse_json("[[[1]]]", max_depth=2)


def test_a_refusal_must_name_a_problem() -> None:
    with pytest.raises(TypeError, match="^a refusal names at least one problem$"):
        FieldsRefused()


# --- Deacon's rows, the Bandits' splits ------------------------------------------------------


def test_hiring_the_colour_it_has_least_of_orders_rows_by_crew_then_topmost() -> None:
    # Deacon cards effects: "a colour it has the least of (topmost if tied)"
    s = state(board([(1, 2, 1)]), crew=[2, 0, 1])
    assert least_rows(s, CREW["rows"]) == [1, 2, 0]
    s = state(board([(1, 2, 1)]), crew=[1, 2, 1])
    assert least_rows(s, CREW["rows"]) == [0, 2, 1]
    s = state(board([(1, 2, 1)]), crew=[3, 1, 1])  # the full row is not hired into
    assert least_rows(s, CREW["rows"]) == [1, 2]


def test_a_split_group_is_written_down_as_its_cell_size_and_where_each_bandit_went() -> None:
    split = Split((0, 1), 6, [(1, 1), (0, 2)])
    assert split.to_json() == {"cell": [0, 1], "size": 6, "to": [[1, 1], [0, 2]]}


def test_forgetting_a_bot_never_registered_changes_nothing() -> None:
    before = [bot.id for bot in all_bots()]
    unregister("no_such_bot")
    assert [bot.id for bot in all_bots()] == before


def test_a_grid_holds_its_cells_and_no_other() -> None:
    grid = Grid({(0, 0), (1, 0)})
    assert (1, 0) in grid and (0, 1) not in grid


# --- a score sheet not reached yet, what an error says ------------------------------------


def test_a_score_sheet_not_reached_yet_names_no_winner() -> None:
    from webapp.engine.scoring import ScoreSheetStep

    def sheet(state: dict) -> Any:
        raise AssertionError("the sheet is built only once reached")

    assert str(ScoreSheetStep(sheet).upcoming({}, Step("score"))) == "Final score"


def test_a_refusal_says_its_message_else_the_errors_own_text() -> None:
    assert str(reason(ValueError(msg("the seed must be {n}", n=1)))) == "the seed must be 1"
    assert reason(KeyError("game")) == "'game'"  # its text, not its first argument
    assert reason(ValueError()) == ""


def test_an_option_within_another_is_named_by_its_path() -> None:
    from webapp.engine.options import OptionsError, checked_options

    class Nested(Plain):
        options_schema = {
            "type": "object",
            "properties": {
                "seats": {
                    "type": "array",
                    "items": {"type": "object", "properties": {"age": {"type": "integer"}}},
                }
            },
        }

    with pytest.raises(OptionsError, match=r"^option 'seats\[1\]\.age' must be a whole number$"):
        checked_options(Nested(), {"seats": [{"age": 9}, {"age": "nine"}]})


def test_dropping_steps_not_reached_yet_says_how_many_went() -> None:
    checklist = Checklist(msg("Turn"), {}, [Step("a"), Step("battle"), Step("b"), Step("battle")])
    assert checklist.drop_pending(lambda step: step.kind == "battle") == 2
    assert [step.kind for step in checklist.steps] == ["a", "b"]
    assert checklist.drop_pending(lambda step: step.kind == "battle") == 0  # none left
    assert checklist.drop_pending() == 1 and [step.kind for step in checklist.steps] == ["a"]


def test_a_bot_without_cards_starts_with_an_empty_deck_file_of_its_own() -> None:
    assert demo_deck(Plain()) == {
        "format": "botdeck-deck", "version": 1, "bot": "plain_test", "name": "", "cards": [],
    }  # fmt: skip


def test_a_graph_made_from_its_routes_knows_them_at_each_place() -> None:
    from webapp.engine.geometry import Route

    routes = [Route(1, 2, 0), Route(2, 3, 1)]
    graph: Graph[int] = Graph(routes)
    assert graph.route(2, 3) is routes[1] and graph.route(3, 2) is routes[1]
    assert graph.routes_from(2) == routes


def test_steps_a_turns_first_step_adds_come_right_after_it_before_the_rest() -> None:
    checklist = Checklist(msg("Turn"), {}, [Step("draw"), Step("move"), Step("score")])
    checklist.insert_after_current([Step("card"), Step("effect")])
    assert [step.kind for step in checklist.steps] == ["draw", "card", "effect", "move", "score"]
