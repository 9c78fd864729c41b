"""Solo rulebook, "Solo Action Cards — The Actions": "abilities from the Heroes or from
the Capital City may alter the normal rules of these actions". Botdeck decides from
the printed costs; the table may overturn that, and the action then goes on as the
rulebook says it goes on after the other outcome. Logged, and undone like any tap."""

from __future__ import annotations

import json

import pytest

from webapp.bots.solo_enemy.view import enemy_view
from webapp.engine import Game, InvalidAnswer

from .solo_enemy import NONE_LEFT, card, kinds, left, new_game, notes, play


def pending_kind(game: Game) -> str:
    return game.pending().step.kind


def offered(game: Game) -> str | None:
    overturn = game.pending().overturn
    return None if overturn is None else overturn.to


def pending_after(game: Game) -> list[str]:
    """The kinds of the steps still to come in this turn, the pending one first."""
    return kinds(game)[game.checklist.cursor :]


# --- Build — Capital City Track -----------------------------------------------------------


def test_capital_city_track_it_cannot_pay_for_succeeds_when_the_table_overturns_it():
    """Solo rulebook: "The Enemy MUST pay the Ore amount listed on the next open space";
    an ability lets it after all: it pays what it has of the price, advances, and may be
    Followed."""
    game = new_game("build_track", corrections={"ore": 1})
    assert pending_kind(game) == "move_start" and offered(game) == "succeed"
    game.overturn("succeed", "Capital City ability")
    assert game.state.track == 1 and game.state.resources["ore"] == 0
    assert not game.state.heroes[0].failed
    assert pending_after(game) == ["track_advance", "follow"]
    assert (
        "It pays 1 Ore of the printed 2 Ore: correct its Resources if an ability sets "
        "another price." in notes(game)
    )


def test_capital_city_track_paid_for_fails_when_the_table_overturns_it():
    """Solo rulebook: "This action will fail if the Enemy does not have the required Resources": the
    Ore comes back, the Hero moves instead and the failed action is not Followed."""
    game = new_game("build_track")
    assert game.state.track == 1 and game.state.resources["ore"] == 1
    assert pending_kind(game) == "track_advance" and offered(game) == "fail"
    game.overturn("fail")
    assert game.state.track == 0 and game.state.resources["ore"] == 3
    assert game.state.heroes[0].failed
    assert pending_after(game) == ["move_start"]
    assert "The action fails: Hero 1 moves instead." in notes(game)


def test_end_of_the_capital_city_track_is_not_reached_when_the_table_overturns_the_build():
    """Solo rulebook: "If it reaches the end of the track, it triggers the end of the game": a Build
    overturned to a failure never reached it."""
    game = new_game("build_track", corrections={"ore": 10, "track": 5})
    assert game.state.turns.end_round == 2
    game.overturn("fail")
    assert game.state.track == 5 and game.state.turns.end_round is None
    assert game.state.end_reason is None


def test_capital_city_track_with_no_space_left_cannot_be_overturned():
    game = new_game("build_track", corrections={"ore": 10, "track": 6})
    assert pending_kind(game) == "move_start" and offered(game) is None


# --- Research ------------------------------------------------------------------------------


def test_research_it_cannot_pay_for_casts_its_spell_when_the_table_overturns_it():
    """Solo rulebook: "It will actually cast a Spell … The Enemy will gain the Victory
    Points shown"; "the player can follow it"."""
    game = new_game("research", corrections={"mana": 0})
    assert pending_kind(game) == "move_start" and offered(game) == "succeed"
    game.overturn("succeed")
    assert game.state.vp.get("spells") == 2
    assert pending_after(game) == ["cast_spell", "follow"]


def test_research_paid_for_fails_when_the_table_overturns_it():
    """Solo rulebook: "This action will fail if the Enemy does not have the required
    Resources available to cast a Spell": the Mana and the Spell's VP come back; the Hero
    moves."""
    game = new_game("research")
    assert game.state.resources["mana"] == 1 and game.state.vp.get("spells") == 2
    game.overturn("fail")
    assert game.state.resources["mana"] == 3 and not game.state.vp.get("spells")
    assert pending_after(game) == ["move_start"]


# --- Recruit -------------------------------------------------------------------------------


def test_recruit_it_cannot_pay_for_recruits_in_priority_order_when_overturned():
    """Solo rulebook: "Units are recruited in priority order … Air Vessel > Sea Vessel >
    Warrior > Serf": the table names the first its abilities allow; it pays what it has
    of the price."""
    game = new_game("recruit", corrections={"ore": 0, "food": 0})
    assert pending_kind(game) == "move_start"
    game.overturn("succeed")
    pending = game.pending()
    assert pending.step.kind == "overturn_unit"
    assert [c.value for c in pending.question.choices] == [
        "air_vessel",
        "sea_vessel",
        "warrior",
        "serf",
    ]
    game.answer("warrior")
    assert game.state.resources == {"ore": 0, "mana": 3, "food": 0}
    assert pending_after(game) == ["place_unit", "follow"]
    assert str(game.pending().title) == "Recruit: put a new Warrior with Hero 1"


def test_recruit_paid_for_fails_when_the_table_overturns_it_and_its_resources_come_back():
    """Solo rulebook: "This action will fail if the Enemy does not have the required
    Resources": what it paid for the Air Vessel comes back, and the Hero moves."""
    game = new_game("recruit")
    assert pending_kind(game) == "supply" and offered(game) == "fail"
    game.answer(left("air_vessel"))
    assert game.state.resources == {"ore": 0, "mana": 2, "food": 3}
    game.overturn("fail", "your Spell forbids it")
    assert game.state.resources == {"ore": 3, "mana": 3, "food": 3}
    assert pending_after(game) == ["move_start"]


# --- Build — Towers and Vessels --------------------------------------------------------------


def test_towers_and_vessels_it_cannot_pay_for_builds_a_tower_when_overturned():
    """Solo rulebook: "Tower > Air Vessel > Sea Vessel": a Tower, its price in Ore paid as
    far as it goes, then the Exploration Tokens it reveals, and the Follow."""
    game = new_game("build_towers", corrections={"ore": 0, "hero1": 1})
    play(game, {"tower_serf": False}, until="move_start")
    game.overturn("succeed")
    choices = [c.value for c in game.pending().question.choices]
    assert choices == ["tower", "air_vessel", "sea_vessel"]
    game.answer("tower")
    game.answer(2)  # 2 Land Regions from its Capital City: 2 Ore it does not have
    assert game.state.towers == 1 and game.state.resources["ore"] == 0
    assert pending_after(game) == ["tower_build", "tower_tokens", "follow"]


def test_towers_and_vessels_overturned_offers_no_tower_once_its_3_towers_are_built():
    """An ability may let it build beyond what its board prints, not beyond its
    components: a faction has 3 Towers ("Gather that Faction's components as if it were
    a normal game"). With all 3 on the map, it can after all build a Vessel only."""
    game = new_game("build_towers", corrections={"ore": 0, "hero1": 1, "towers": 3, "track": 6})
    play(game, until="move_start")
    game.overturn("succeed")
    assert [c.value for c in game.pending().question.choices] == ["air_vessel", "sea_vessel"]
    with pytest.raises(InvalidAnswer, match="not one of the listed choices"):
        game.answer("tower")
    assert game.state.towers == 3


def test_towers_and_vessels_paid_for_fails_when_overturned_after_its_tokens():
    """A Tower built and its Exploration Tokens counted: overturned, the Ore, the Tower and
    the tokens' VP come back, and the Hero moves."""
    game = new_game("build_towers", corrections={"hero1": 1})
    play(game, {"tower_serf": True, "tower_distance": 2, "tower_tokens": 2}, until="follow")
    assert game.state.towers == 1 and game.state.tokens == 2
    game.overturn("fail")
    assert game.state.towers == 0 and game.state.tokens == 0
    assert game.state.resources["ore"] == 3 and game.state.total_vp == 0
    assert pending_after(game) == ["move_start"]


# --- when it is offered ----------------------------------------------------------------------


def test_a_failed_action_is_overturned_only_before_its_hero_has_moved():
    """Once the table has begun moving the Hero, what the move changed is the table's."""
    game = new_game("build_track", corrections={"ore": 0})
    game.answer("done")  # found its way
    assert offered(game) is None


def test_tax_cannot_fail_and_is_never_overturned():
    """Solo rulebook, "Tax": "This action cannot fail"."""
    game = new_game("tax")
    assert pending_kind(game) == "tax" and offered(game) is None


def test_an_attack_is_the_tables_answer_not_a_decision_to_overturn():
    game = new_game("attack")
    assert pending_kind(game) == "attack" and offered(game) is None


def test_the_next_heros_turn_cannot_overturn_the_last_one():
    game = new_game("build_track")
    play(game, until=lambda p: p.step.kind == "your_action")
    assert offered(game) is None


def entered(action: str) -> dict[str, str]:
    """A printed card as the table enters it (physical deck), doing `action`."""
    return {
        "action": action,
        "follow": "yes",
        "compass": "N",
        "strength": "1",
        "attacking": "Charge",
        "defending": "First Strike",
    }


@pytest.mark.parametrize("physical", [False, True], ids=["app_deck", "printed_deck"])
def test_the_failed_mark_is_cleared_at_collection_so_it_can_after_all_is_not_offered_later(
    physical: bool,
) -> None:
    """Solo rulebook, "Collection Phase - Discard Cards": "discard all 3 cards from the
    Hero Slots" — what a Hero did with its card (performed or failed) goes with it. Hero 1
    fails its Build in round 1 (no Ore); in round 2 its card is Tax, which "cannot fail,
    and this Hero will then move afterward": that move is no failed action to overturn."""
    if physical:  # the table names cards 1, 2, 3 in round 1, then card 4
        game = new_game(physical=True, corrections={"ore": 0})
        build, tax = entered("build_track"), entered("tax")
        play(game, {"identify_card": "1", "enter_card": build}, until="move_start")
        later = {"identify_card": ["2", "3"], "enter_card": build}
        last = {"identify_card": "4", "enter_card": tax}
    else:  # the app's deck, seed 1: cards 8, 5, 2 in round 1, then card 7
        game = new_game("build_track", cards=(card("7", "tax"),), corrections={"ore": 0})
        later = last = {}
    assert offered(game) == "succeed" and game.state.heroes[0].failed
    play(game, later, until="collect")
    assert [hero.failed for hero in game.state.heroes] == [True, True, True]
    play(game, until=lambda p: game.state.turns.round == 2)
    assert [hero.failed for hero in game.state.heroes] == [False, False, False]
    play(game, last, until="move_start")
    assert game.state.turns.round == 2 and "tax" in kinds(game)
    assert offered(game) is None
    assert not enemy_view(game.state, game.deck).heroes[0].failed  # its slot: no "failed"


def test_a_hero_that_failed_last_round_and_succeeds_now_may_be_overturned_to_fail():
    """After a failed Build in round 1, Hero 1's Build in round 2 is paid for (Ore
    collected): it succeeds, so "It cannot after all" is what the table may say."""
    game = new_game("build_track", corrections={"ore": 0})
    play(game, {"collect": [10, 0]}, until=lambda p: game.state.turns.round == 2)
    assert pending_kind(game) == "track_advance" and not game.state.heroes[0].failed
    assert offered(game) == "fail"


def test_overturning_what_was_not_decided_is_refused_and_changes_nothing():
    game = new_game("build_track")
    before = json.dumps(game.export(), sort_keys=True)
    with pytest.raises(
        InvalidAnswer, match="Botdeck decided nothing here that the table can overturn"
    ):
        game.overturn("succeed")  # it succeeded: only "fail" is offered
    game.answer("done")
    game.answer("pass")
    with pytest.raises(
        InvalidAnswer, match="Botdeck decided nothing here that the table can overturn"
    ):
        game.overturn("fail")  # its turn is over
    game.undo()
    game.undo()
    assert json.dumps(game.export(), sort_keys=True) == before


def test_a_counter_corrected_after_the_decision_keeps_its_value_when_it_is_overturned():
    """The table says it has 5 Ore after all, then that it could build: it pays 2 of them."""
    game = new_game("build_track", corrections={"ore": 1})
    game.correct("ore", 5)
    game.overturn("succeed")
    assert game.state.resources["ore"] == 3 and game.state.track == 1


# --- logged, undone, replayed ----------------------------------------------------------------


def test_an_overturn_is_logged_with_the_tables_reason_and_undone_like_any_tap():
    game = new_game("build_track", corrections={"ore": 1})
    before = json.dumps(game.export(), sort_keys=True)
    step = game.overturn("succeed", "  its Capital City\nability ")
    assert (
        str(game.step_said(step)) == "Overturned by the table: Hero 1 can perform “Build: "
        "Capital City Track” after all — its Capital City ability"
    )
    assert game.actions[-1] == {"overturn": "succeed", "reason": "its Capital City ability"}
    game.undo()
    assert json.dumps(game.export(), sort_keys=True) == before
    assert offered(game) == "succeed"


def test_a_game_with_an_overturn_replays_from_its_file_and_its_state_round_trips():
    game = new_game("recruit")
    game.answer(True)
    game.overturn("fail")
    copy = Game.from_export(json.loads(json.dumps(game.export())))
    assert copy.bot.state_to_json(copy.state) == game.bot.state_to_json(game.state)
    data = game.bot.state_to_json(game.state)
    assert game.bot.state_to_json(game.bot.state_from_json(json.loads(json.dumps(data)))) == data


def test_a_decision_stored_by_an_earlier_release_reads_as_this_release_keeps_it():
    """A snapshot of the release of 2026-11-25 holds the state a decision was taken from
    without what was added since (`setup_together`): read back, it is the state this
    release keeps, so that a game resumed from it is the game replayed from its log."""
    game = new_game("build_track", corrections={"ore": 1})
    assert game.state.decision is not None
    data = game.bot.state_to_json(game.state)
    older = json.loads(json.dumps(data))
    del older["decision"]["before"]["setup_together"]
    assert game.bot.state_to_json(game.bot.state_from_json(older)) == data


def test_recruit_failed_for_its_supply_in_one_form_succeeds_when_the_table_overturns_it():
    """Every Unit run out in the supply form: the Recruit fails and Hero 1 would move;
    "It can after all" (an ability) asks which Unit it recruits instead, and an undo of
    the overturn asks the move again."""
    game = new_game("recruit")
    game.answer(NONE_LEFT)
    assert pending_kind(game) == "move_start" and offered(game) == "succeed"
    game.overturn("succeed", "an ability")
    assert pending_kind(game) == "overturn_unit"
    assert game.state.resources == {"ore": 3, "mana": 3, "food": 3}
    game.undo()
    assert pending_kind(game) == "move_start" and game.state.heroes[0].failed
    game.undo()
    assert pending_kind(game) == "supply" and offered(game) == "fail"


# --- what an overturn keeps -------------------------------------------------------------------


def test_an_overturn_without_a_reason_keeps_no_reason_and_is_applied_at_once():
    game = new_game("build_track")
    step = game.overturn("fail")  # not asked first: applied at once
    assert game.actions[-1] == {"overturn": "fail", "reason": ""}
    assert game.state.heroes[0].failed
    assert step.shown_answer is None  # the History shows no empty reason


def test_an_overturn_with_a_reason_shows_it_beside_the_line():
    game = new_game("build_track")
    step = game.overturn("fail", "  Capital City\nability  ")
    assert game.actions[-1] == {"overturn": "fail", "reason": "Capital City ability"}
    assert str(step.shown_answer) == "Capital City ability"
    assert str(step.shown_title).startswith("Overturned by the table: ")


def test_an_overturn_stored_without_a_reason_replays_with_none():
    """A game file of a Botdeck that stored no reason with an overturn: replayed, it has
    no reason either (none is made up)."""
    game = new_game("build_track")
    game.apply_action({"overturn": "fail"})
    assert game.actions[-1] == {"overturn": "fail", "reason": ""}
    assert game.state.heroes[0].failed


def test_a_game_file_records_an_overturn_in_its_turn_with_the_outcome_and_the_reason():
    game = new_game("build_track")
    game.overturn("fail", "your Spell forbids it")
    recorded = json.loads(json.dumps(game.export()))["turns"][-1]["answers"]
    overturn = next(entry for entry in recorded if entry["step"] == "overturn")
    assert (overturn["params"], overturn["answer"]) == ({"to": "fail"}, "your Spell forbids it")
