"""Over random nights on random maps, no bandit is created or lost except by the rules'
own adds (a "+", a blocked move, a camp, the Bandit die) and removals (tiles taken off,
battles); every group stays on a tile; splitting leaves no group of 6 that could split."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.bots.bandits.land import remove_tiles, reveal, too_far_east
from webapp.bots.bandits.night import COMPASS_DIE, SPLIT_AT, appear, move_bandits, split_groups
from webapp.bots.bandits.state import BanditsState, ScoreBoard, Tile
from webapp.engine.geometry import ORTHOGONAL, step

from ..budget import MUTANT_RUN, examples

cells = st.tuples(st.integers(-8, 0), st.integers(-3, 3))


@st.composite
def nights(draw: st.DrawFn) -> tuple[BanditsState, list[str], list[int]]:
    tiles = draw(st.sets(cells, min_size=1, max_size=40))
    state = BanditsState(mode="coop", names=["A", "B"], die=8, board=ScoreBoard(40, 20, [[0, 3]]))
    for cell in tiles:
        up = draw(st.booleans())
        state.tiles[cell] = Tile(
            up=up,
            type="other" if up else None,
            star=draw(st.integers(1, 8)) if up else None,
            camp=up and draw(st.booleans()),
        )
    ordered = sorted(tiles)
    for cell in draw(st.lists(st.sampled_from(ordered), max_size=15)):
        state.bandits[cell] = state.bandits.get(cell, 0) + draw(st.integers(1, 7))
    state.meeples = [draw(st.sampled_from(ordered)) for _ in range(2)]
    state.dead = [False, False]
    state.scores = [0]
    faces = draw(st.lists(st.sampled_from(COMPASS_DIE), min_size=60, max_size=60))
    rolls = draw(st.lists(st.integers(1, 8), max_size=4))
    return state, faces, rolls


def total(state: BanditsState) -> int:
    return sum(state.bandits.values())


def on_tiles(state: BanditsState) -> bool:
    return all(cell in state.tiles and n > 0 for cell, n in state.bandits.items())


@settings(
    max_examples=examples(300),
    derandomize=MUTANT_RUN,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(nights())
def test_no_bandit_is_created_or_lost_but_by_the_rules(night) -> None:  # type: ignore[no-untyped-def]
    state, faces, rolls = night
    before = total(state)
    queue = list(faces)
    moves = move_bandits(state, lambda: queue.pop(0))
    added_by_moves = sum(1 for m in moves if m.how in ("plus", "blocked"))
    assert total(state) == before + added_by_moves and on_tiles(state)
    assert len({m.start for m in moves if not m.chained}) == len(
        [m for m in moves if not m.chained]
    )

    far = too_far_east(state)
    on_far = sum(state.bandits.get(c, 0) for c in far)
    before = total(state)
    assert remove_tiles(state, far) == on_far
    assert total(state) == before - on_far and on_tiles(state)

    before = total(state)
    added = appear(state, rolls)
    assert total(state) == before + sum(added.values())

    before = total(state)
    splits, left = split_groups(state)
    assert total(state) == before and on_tiles(state)
    for cell, n in state.bandits.items():
        if n >= SPLIT_AT:
            assert cell in left
    for cell in left:
        stuck = not any(step(cell, d) in state.tiles for d in ORTHOGONAL)
        assert stuck or len(splits) >= len(state.tiles)


@settings(max_examples=examples(200), derandomize=MUTANT_RUN, deadline=None)
@given(nights(), st.data())
def test_a_reveal_adds_only_its_camps_bandit_and_removes_only_a_run_out_rows(night, data) -> None:  # type: ignore[no-untyped-def]
    state, _, _ = night
    down = sorted(c for c, t in state.tiles.items() if not t.up)
    if not down:
        return
    state.pile = data.draw(st.integers(0, 3))
    cell = data.draw(st.sampled_from(down))
    camp = data.draw(st.booleans())
    before = total(state)
    done = reveal(state, cell, "river", 3, camp)
    removed = sum(out.bandits for out in done.pile_out)
    assert total(state) == before + (1 if camp else 0) - removed
    assert on_tiles(state)
    assert all(state.meeples[i] in state.tiles for out in done.pile_out for i in out.moved)
