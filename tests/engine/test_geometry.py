"""Board geometry for the bots that move on a grid or a map of places and routes."""

from __future__ import annotations

import random

import pytest

from webapp.engine.geometry import ORTHOGONAL, Graph, Grid, clockwise_from, step


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
