"""Board geometry for the bots that move on a grid or a map of places and routes."""

from __future__ import annotations

import random

import pytest

from webapp.engine.geometry import ORTHOGONAL, Graph, Grid, Ring, Route, clockwise_from, step


def test_turning_clockwise_from_a_direction_visits_every_point_once():
    assert clockwise_from("W") == ["W", "NW", "N", "NE", "E", "SE", "S", "SW"]


def test_a_step_north_is_a_row_up_and_east_a_column_right():
    assert step((0, 0), "N") == (0, -1) and step((0, 0), "E") == (1, 0)
    assert step((2, 3), "SW") == (1, 4)


def test_a_grid_that_grows_west_knows_its_edges_and_only_its_own_neighbours():
    grid = Grid({(0, 0), (1, 0), (0, 1)})
    grid.add((-1, 0))
    assert (grid.west, grid.east) == (-1, 1)
    assert grid.neighbours((0, 0), ORTHOGONAL) == [(1, 0), (0, 1), (-1, 0)]
    assert grid.west_to_east()[0] == (-1, 0)


def islands() -> Graph[int]:
    graph: Graph[int] = Graph()
    for a, b, cost in [(1, 2, 2), (1, 3, 0), (3, 2, 1), (2, 4, 0), (3, 4, 2)]:
        graph.join(a, b, cost)
    return graph


def test_the_cheapest_way_to_each_place_sums_the_routes_costs():
    best = islands().cheapest(1)
    assert best[2] == (1, [1, 3, 2]) and best[4] == (1, [1, 3, 2, 4])


def test_a_route_that_cannot_be_used_is_gone_around():
    graph = islands()
    blocked = graph.route(3, 2)
    best = graph.cheapest(1, passable=lambda route: route != blocked)
    assert best[2] == (2, [1, 2])


def test_ties_are_broken_the_same_way_whatever_order_the_routes_were_entered_in():
    edges = [(1, 2, 1), (1, 3, 1), (2, 4, 1), (3, 4, 1)]
    answers = set()
    for seed in range(10):
        random.Random(seed).shuffle(edges)
        graph: Graph[int] = Graph()
        for a, b, cost in edges:
            graph.join(a, b, cost)
        answers.add(tuple(graph.cheapest(1)[4][1]))
    assert answers == {(1, 2, 4)}


def test_a_place_cannot_be_joined_to_itself_or_twice_to_another():
    graph = islands()
    with pytest.raises(ValueError, match="itself"):
        graph.join(5, 5)
    with pytest.raises(ValueError, match="already joined"):
        graph.join(2, 1, 0)


def chain(*edges: tuple[int, int, int]) -> Graph[int]:
    graph: Graph[int] = Graph()
    for a, b, cost in edges:
        graph.join(a, b, cost)
    return graph


def cheap(route: Route[int]) -> bool:
    return route.cost <= 1


def dear(route: Route[int]) -> bool:
    return route.cost == 2


def test_reachable_uses_at_most_one_limited_route():
    graph = chain((1, 2, 2), (2, 3, 2), (3, 4, 0))
    ways = graph.reachable(1, free=cheap, limited=dear)
    assert ways == {2: [1, 2]}


def test_reachable_uses_the_limited_route_anywhere_on_the_way():
    graph = chain((1, 2, 0), (2, 3, 2), (3, 4, 1))
    assert graph.reachable(1, free=cheap, limited=dear)[4] == [1, 2, 3, 4]


def test_reachable_chains_any_number_of_free_routes():
    graph = chain((1, 2, 1), (2, 3, 0), (3, 4, 1), (4, 5, 1), (5, 6, 0))
    assert graph.reachable(1, free=cheap, limited=dear)[6] == [1, 2, 3, 4, 5, 6]


def test_reachable_never_uses_a_closed_route():
    graph = chain((1, 2, 1), (2, 3, 3), (1, 4, 2))
    ways = graph.reachable(1, free=cheap, limited=dear)
    assert set(ways) == {2, 4}


def test_reachable_without_any_limited_route_allowed_keeps_to_free_routes():
    graph = chain((1, 2, 1), (2, 3, 2))
    assert set(graph.reachable(1, free=cheap, limited=dear, limit=0)) == {2}


def test_reachable_counts_a_free_route_as_free_even_if_it_is_also_limited():
    graph = chain((1, 2, 2), (2, 3, 2), (3, 4, 2))
    balls = {graph.route(1, 2), graph.route(2, 3)}
    ways = graph.reachable(1, free=lambda r: r in balls, limited=dear)
    assert ways[4] == [1, 2, 3, 4]


def test_reachable_spares_the_limited_route_when_a_longer_way_does_without():
    # 1-4 costs 2; 1-2-3-4 is free: the free way leaves the limited route for 4-5.
    graph = chain((1, 4, 2), (1, 2, 0), (2, 3, 0), (3, 4, 0), (4, 5, 2))
    ways = graph.reachable(1, free=cheap, limited=dear)
    assert ways[4] == [1, 2, 3, 4] and ways[5] == [1, 2, 3, 4, 5]


def test_reachable_prefers_the_fewest_routes_among_free_ways():
    graph = chain((1, 2, 0), (2, 3, 0), (3, 4, 0), (1, 4, 1))
    assert graph.reachable(1, free=cheap, limited=dear)[4] == [1, 4]


def test_reachable_breaks_ties_by_the_order_of_the_places_on_the_way():
    edges = [(1, 3, 1), (1, 2, 1), (3, 4, 1), (2, 4, 1)]
    answers = set()
    for seed in range(10):
        random.Random(seed).shuffle(edges)
        answers.add(tuple(chain(*edges).reachable(1, free=cheap, limited=dear)[4]))
    assert answers == {(1, 2, 4)}
    by_number_down = chain(*edges).reachable(1, free=cheap, limited=dear, order=lambda p: -p)
    assert by_number_down[4] == [1, 3, 4]


def test_reachable_excludes_the_start_even_round_a_loop():
    graph = chain((1, 2, 0), (2, 3, 0), (3, 1, 0))
    ways = graph.reachable(1, free=cheap, limited=dear)
    assert 1 not in ways and set(ways) == {2, 3}


def test_a_place_with_no_usable_route_reaches_nowhere():
    graph = chain((1, 2, 3))
    assert graph.reachable(1, free=cheap, limited=dear) == {}
    assert graph.reachable(9, free=cheap, limited=dear) == {}


def test_a_triangle_of_routes_is_a_loop():
    ring = Ring(frozenset({(1, 2), (2, 3), (3, 1)}))
    assert ring.is_loop() and ring.is_loop(chain((1, 2, 0), (2, 3, 0), (1, 3, 0)))
    assert ring.walk(order=lambda p: p) == [1, 2, 3]


def test_a_ring_of_route_objects_is_a_loop_whichever_way_they_were_entered():
    graph = chain((4, 1, 1), (1, 2, 0), (3, 2, 2), (3, 4, 0))
    ring = Ring(frozenset(graph.routes))
    assert ring.is_loop(graph)
    assert ring.walk(order=lambda p: p) == [1, 2, 3, 4]


def test_a_path_of_3_routes_is_not_a_loop():
    assert not Ring(frozenset({(1, 2), (2, 3), (3, 4)})).is_loop()


def test_two_disjoint_triangles_are_not_one_loop():
    ring = Ring(frozenset({(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4)}))
    assert not ring.is_loop()


def test_a_figure_eight_is_not_one_loop():
    ring = Ring(frozenset({(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 3)}))
    assert not ring.is_loop()


def test_a_ring_is_not_a_loop_with_a_route_the_graph_does_not_have_or_one_given_twice():
    graph = chain((1, 2, 0), (2, 3, 0))
    assert not Ring(frozenset({(1, 2), (2, 3), (3, 1)})).is_loop(graph)
    assert not Ring(frozenset({(1, 2), (2, 1), (2, 3), (3, 1)})).is_loop()
    assert not Ring(frozenset()).is_loop()


def test_a_ring_is_closed_when_every_one_of_its_routes_is_filled():
    ring = Ring(frozenset({(1, 2), (2, 3), (3, 1)}))
    filled = {(1, 2), (2, 3)}
    assert not ring.closed(lambda route: route in filled)
    filled.add((3, 1))
    assert ring.closed(lambda route: route in filled)
    assert not Ring(frozenset()).closed(lambda route: True)


def test_a_ring_goes_round_from_its_first_place_by_name_by_default():
    # places named 9, 10, 11: "10" < "11" < "9" as names
    ring = Ring(frozenset({(9, 10), (10, 11), (11, 9)}))
    assert ring.walk() == [10, 11, 9]
    assert ring.walk(order=lambda p: p) == [9, 10, 11]


def test_a_route_from_a_place_to_itself_is_no_loop():
    assert not Ring(frozenset({(1, 1), (1, 2), (2, 3), (3, 1)})).is_loop()


def test_the_walk_of_routes_that_close_on_a_later_place_stops_there():
    # a lollipop: 1 to 2, then round 2, 3, 4 and back to 2
    ring = Ring(frozenset({(1, 2), (2, 3), (3, 4), (4, 2)}))
    assert ring.walk(order=lambda p: p) == [1, 2, 3, 4] and not ring.is_loop()


def test_the_walk_of_routes_that_do_not_close_stops_at_their_dead_end():
    ring = Ring(frozenset({(1, 2), (2, 3)}))
    assert ring.walk(order=lambda p: p) == [1, 2, 3] and not ring.is_loop()


def test_a_route_joined_without_a_cost_is_free() -> None:
    graph: Graph[int] = Graph()
    assert graph.join(1, 2).cost == 0
    assert graph.cheapest(1)[2] == (0, [1, 2])
