"""Solo rulebook, "2-Player Co-op Variant": 2 vs 2, clause by clause."""

from __future__ import annotations

from collections import Counter

from webapp.bots.covenant.rules import achievements_met
from webapp.engine import Seat

from .decks import section
from .helpers import default_for, finish_turn, kinds, new_game, notes, play, steps


def order_of(game) -> list[tuple[str, int]]:
    return [(c.header["kind"], c.header.get("ai", c.header.get("player"))) for c in game.checklists]


def play_checklists(game, count: int) -> None:
    """Answer as a quiet table until `count` checklists have been opened."""
    while len(game.checklists) < count:
        pending = game.pending()
        game.answer("end" if pending.step.kind == "your_turn" else default_for(pending))


# --- setup adjustments -----------------------------------------------------------------


def test_two_covenants_each_assigned_to_a_player_with_separate_9_card_decks():
    game = new_game(coop=True)
    state = game.state
    assert [ai.player for ai in state.ais] == [0, 1]
    assert state.players == ["Ann", "Ben"]
    first = state.ai  # the first Covenant has drawn its first card
    other = state.ais[1 - state.active]
    assert first.cards_left() == 8 and other.cards_left() == 9
    cards = [c for ai in state.ais for pile in ai.piles.values() for c in pile] + [
        first.current["card"]
    ]
    assert len(set(cards)) == 18


def test_a_random_start_player_and_each_covenant_plays_before_its_player():
    starts = set()
    for seed in range(1, 12):
        game = new_game(coop=True, seed=seed)
        starts.add(game.state.turns.order[0].index)
        assert game.state.turns.order in (
            [Seat("ai", 0), Seat("player", 0), Seat("ai", 1), Seat("player", 1)],
            [Seat("ai", 1), Seat("player", 1), Seat("ai", 0), Seat("player", 0)],
        )
    assert starts == {0, 1}


def test_turns_alternate_covenant_then_its_player_then_the_partners_pair():
    game = new_game(coop=True, seed=3)
    play_checklists(game, 6)
    start = game.state.turns.order[0].index
    other = 1 - start
    assert order_of(game)[:6] == [
        ("covenant", start),
        ("player", start),
        ("covenant", other),
        ("player", other),
        ("covenant", start),
        ("player", start),
    ]


def test_each_covenant_counts_its_own_turns_for_the_section():
    game = new_game(section(), section(), coop=True)
    play_checklists(game, 16)
    sections = [c.header["section"] for c in game.checklists if c.header["kind"] == "covenant"]
    assert sections[:8] == [1, 1, 1, 1, 1, 1, 2, 2]


def test_after_the_ninth_turn_all_cards_make_two_new_9_card_decks():
    game = new_game(coop=True, seed=5)
    play_checklists(game, 37)  # 9 turns each, then the 10th card of the start Covenant
    covenant_turns = [c for c in game.checklists if c.header["kind"] == "covenant"]
    assert len(covenant_turns) == 19
    assert covenant_turns[-1].header["turn"] == 10
    reshuffle = covenant_turns[-1].steps[0].notes
    assert any("run out" in str(n) for n in reshuffle)
    assert sorted(ai.cards_left() for ai in game.state.ais) == [8, 9]


def test_hard_the_tenth_turn_is_on_the_hard_side():
    game = new_game(coop=True, difficulty="hard", seed=5)
    play_checklists(game, 37)
    sides = [
        c.header["side"]
        for c in game.checklists
        if c.header["kind"] == "covenant" and c.header["ai"] == game.state.turns.order[0].index
    ]
    assert sides == ["normal", "hard"] * 5


# --- general rules adjustments -----------------------------------------------------------


def test_the_game_ends_when_any_one_player_reaches_4_achievements():
    game = new_game(coop=True, seed=3)
    finish_turn(game)
    player = game.checklist.header["player"]
    game.answer("achievement")
    game.answer(4)
    assert game.state.turns.end_trigger == Seat("player", player)
    game.answer("end")
    # everyone else plays once more: the other Covenant, the partner, its own Covenant
    play_checklists(game, len(game.checklists) + 3)
    kinds_after = [c.header["kind"] for c in game.checklists[-4:]]
    assert kinds_after == ["covenant", "player", "covenant", "scoring"]


def test_the_game_ends_when_any_one_covenant_reaches_4_achievements():
    game = new_game(coop=True, seed=3)
    acting = game.state.active
    game.state.ai.claimed = ["legendary", "builder", "settler"]
    game.correct(f"coins@{acting}", 30)
    assert game.state.turns.end_trigger == Seat("ai", acting)
    play_checklists(game, len(game.checklists) + 4)
    assert [c.header["kind"] for c in game.checklists[-4:]] == [
        "player",
        "covenant",
        "player",
        "scoring",
    ]


def test_explorer_needs_only_3_cubes_in_2_vs_2():
    game = new_game(coop=True)
    game.correct(f"explorer@{game.state.active}", 3)
    assert "explorer" in game.state.ai.claimed
    assert "explorer" not in achievements_met(
        game.state.ai.__class__(cubes={"legendary": 0, "expert_sailors": 0, "explorer": 4})
    )


def test_team_scores_and_the_tie_breaker_on_total_cubes():
    from webapp.bots.covenant.steps_player import covenants_total, players_total, score_winner

    game = new_game(coop=True, seed=3)
    finish_turn(game)
    game.answer("achievement")
    game.answer(4)
    game.answer("end")
    coins = None

    def tied(pending):
        nonlocal coins
        return pending.step.kind == "score_player" and pending.step.params["player"] == 1

    play(game, {"score_other": 5, "score_player": 40}, until=tied)
    needed = covenants_total(game.state) - players_total(game.state)
    game.answer(needed)  # the two teams tie
    assert game.pending().step.kind == "score_cubes"
    game.answer(20)  # your cubes
    game.answer(25)  # theirs
    assert score_winner(game.state) == "covenant"
    assert game.pending().step.kind == "score_sheet"


# --- Wayward Covenant rules adjustments -------------------------------------------------------


PLACE_22 = section(influence=[{"space": "2.2", "cubes": 2}], end="H")


def test_it_never_replaces_its_allys_cubes_nor_takes_its_island_whose_garrison_does_not_block():
    game = new_game(PLACE_22, coop=True, seed=3)
    ally = game.state.ais[1 - game.state.active]
    ally.islands["2.2"] = ["garrison"]
    pending = play(game, {"island_check": "garrison"}, until="place")
    assert "battle" not in kinds(game)  # its ally's Garrison does not block it
    assert "never on the other Covenant's cubes" in str(pending.detail)
    assert pending.question.kind.value == "confirm"  # no "does it now control it?"
    game.answer("done")
    assert "2.2" not in game.state.ai.islands


def test_its_allys_garrison_never_damages_it():
    game = new_game(section(end="2.2"), coop=True, seed=3)
    game.state.ais[1 - game.state.active].islands["2.2"] = ["garrison"]
    finish_turn(game)
    assert game.state.ai.damage == 0


def test_it_replaces_the_cubes_of_the_player_who_controls_the_island_first():
    game = new_game(PLACE_22, coop=True, seed=3)
    pending = play(game, until="place")
    assert "player who controls the island first" in str(pending.detail)


def outside(game, ann: str, ben: str, *, pirate=(False, False)):
    return {"player_ship": [ann, ben], "player_mode": list(pirate)}


def test_an_attack_goes_to_the_player_not_in_harbor():
    game = new_game(section(effects=[{"type": "attack"}]), coop=True, seed=3)
    finish_turn(game, {"player_ship": ["H", "3.3"], "player_mode": False})
    battle = steps(game, "battle")[0]
    assert game.state.facts.target == 1
    assert "Ben's Ship" in str(game.step_title(battle))


def test_no_attack_when_every_player_is_in_harbor():
    game = new_game(section(effects=[{"type": "attack"}]), coop=True, seed=3)
    finish_turn(game, {"player_ship": "H"})
    assert "battle" not in kinds(game)
    assert any("Every player is in the Harbor" in n for n in notes(game))


def test_an_attack_goes_to_the_closest_player_to_where_it_started():
    game = new_game(section(effects=[{"type": "attack"}]), coop=True, seed=3)
    game.state.ai.ship = "H"
    finish_turn(game, {"player_ship": ["4.1", "1.2"], "player_mode": False})
    assert game.state.facts.target == 1


def test_if_tied_the_most_damaged_ship_then_a_coin_flip():
    game = new_game(section(effects=[{"type": "attack"}]), coop=True, seed=3)
    pending = play(
        game, {"player_ship": ["2.1", "2.3"], "player_mode": False}, until="target_damage"
    )
    assert pending.question.kind.value == "choice"
    game.answer("0")
    assert game.state.facts.target == 0
    targets = set()
    for seed in range(1, 15):
        game = new_game(section(effects=[{"type": "attack"}]), coop=True, seed=seed)
        play(game, {"player_ship": ["2.1", "2.3"], "player_mode": False}, until="target_damage")
        game.answer("same")
        targets.add(game.state.facts.target)
        assert any("Coin flip" in n for n in notes(game))
    assert targets == {0, 1}


def test_one_ship_battle_per_covenant_the_attack_flag_wins():
    game = new_game(
        section(influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "attack"}]),
        coop=True,
        seed=3,
    )
    finish_turn(game, {"player_ship": ["2.2", "3.3"], "player_mode": [True, False]})
    assert [b.params["why"] for b in steps(game, "battle")] == ["flag"]


def test_a_second_attack_in_the_same_turn_is_not_fought():
    game = new_game(
        section(
            effects=[
                {"type": "attack"},
                {
                    "type": "if_cannons",
                    "at_least": 1,
                    "then": [{"type": "attack"}],
                    "otherwise": [],
                },
            ]
        ),
        coop=True,
        seed=3,
    )
    finish_turn(game, {"player_ship": ["2.2", "3.3"], "player_mode": False})
    assert len(steps(game, "battle")) == 1
    assert any("already fought a player Ship" in n for n in notes(game))


def test_landing_on_both_players_in_pirate_mode_the_players_choose_the_fight():
    game = new_game(section(influence=[{"space": "2.2", "cubes": 2}], end="3.3"), coop=True, seed=3)
    pending = play(
        game, {"player_ship": ["2.2", "3.3"], "player_mode": True}, until="pick_pirate_battle"
    )
    assert {c.value for c in pending.question.choices} == {"0", "1"}
    finish_turn(game, {"pick_pirate_battle": "1", "battle": "you_won"})
    battles = steps(game, "battle")
    assert [(b.params["why"], b.params["player"]) for b in battles] == [("pirate_end", 1)]
    assert any("one player Ship at most" in n for n in notes(game))


def test_your_turn_picks_which_covenant_you_battle():
    game = new_game(coop=True, seed=3)
    finish_turn(game)
    game.answer("battle")
    pending = game.pending()
    assert pending.step.kind == "pick_covenant"
    assert [str(c.label) for c in pending.question.choices] == ["Ann's Covenant", "Ben's Covenant"]
    game.answer("1")
    assert game.state.active == 1 and game.pending().step.kind == "battle"


def test_a_coop_game_plays_from_start_to_score_sheet():
    game = new_game(
        section(
            influence=[{"space": "2.2", "cubes": 2}],
            effects=[{"type": "coins", "amount": 8}, {"type": "attack"}],
        ),
        coop=True,
        seed=9,
    )
    play(
        game,
        {
            "player_ship": ["2.1", "1.3"],
            "player_mode": False,
            "place": True,
            "collect_coins": 1,
            "your_turn": ["end", "end", "achievement", "end"],
            "player_achievements": 4,
        },
    )
    assert game.over
    counts = Counter(c.header["kind"] for c in game.checklists)
    assert counts["scoring"] == 1 and counts["covenant"] >= 4


def test_in_2_vs_2_each_covenants_cards_go_back_to_its_one_deck() -> None:
    # Solo rulebook: the normal and hard piles are kept apart in solo Hard only; a
    # Covenant of the 2 vs 2 mode draws from one deck and discards onto it
    game = new_game(section(), section(), section(), coop=True)
    first = game.state.ais[0].current["card"]
    for _ in range(2):
        finish_turn(game)
        if game.pending() is not None and game.pending().step.kind == "your_turn":
            game.answer("end")
    piles = game.state.ais[0].piles
    assert list(piles) == ["deck"] and piles["deck"].discard == [first]
    assert len(piles["deck"].cards) == 7
