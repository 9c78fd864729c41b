"""The Covenant's board points at the question: the spaces a step is about are lit and
named as the step names them (what the board prints on them), and a question answered
on the board outlines only the spaces that answer it."""

from __future__ import annotations

import html
import re

from webapp.service import games

from ..engine.decks import deck, section
from ..engine.helpers import default_for
from .conftest import HTMX, version_of

SECTION = section(
    advancements=["1.3"],
    influence=[{"space": "2.2", "cubes": 2}],
    end="3.1",
    bottom=True,
)


def start(app, *sections) -> str:
    with app.app_context():
        return games.create_game(
            "covenant", {"difficulty": "normal"}, name="Lit", deck=deck(*sections), seed=3
        )


def pending_kind(app, game_id: str) -> str:
    with app.app_context():
        return games.open_game(game_id).game.pending().step.kind


def play_until(
    client, app, game_id: str, kind: str, answers: dict | None = None, steps: int = 80
) -> str:
    """Answer as a quiet table (or as `answers` says) until a `kind` step is asked (or
    `steps` are answered); the game page then, entities unescaped."""
    for _ in range(steps):
        with app.app_context():
            opened = games.open_game(game_id)
        pending = opened.game.pending()
        if pending.step.kind == kind:
            return html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))
        value = (answers or {}).get(pending.step.kind, default_for(pending))
        sent = {"version": opened.version, "value": value}
        if isinstance(value, bool):
            sent["value"] = "yes" if value else "no"
        response = client.post(f"/g/{game_id}/answer", data=sent, headers=HTMX)
        assert response.status_code == 200, response.get_data(as_text=True)
    if not kind:
        return html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))
    raise AssertionError(f"no {kind} step came")


def board(shown: str) -> str:
    return shown[shown.index('id="board"') : shown.index('id="card"')]


def spaces(shown: str, cls: str) -> dict[str, str]:
    """The board's spaces with class `cls`: their id and the name they show."""
    found = {}
    for tag, body in re.findall(
        r'(<(?:button|div) [^>]*class="(?:[^"]* )?space(?: [^"]*)?"[^>]*>)(.*?)</span>',
        board(shown),
        re.S,
    ):
        classes = re.search(r'class="([^"]*)"', tag).group(1).split()
        if cls in classes:
            space = re.search(r'data-space="([^"]+)"', tag).group(1)
            found[space] = re.sub(r"<[^>]+>", "", body).strip()
    return found


def title(shown: str) -> str:
    found = re.search(r'<h2 class="step-title">(.*?)</h2>', shown, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def test_the_space_a_question_is_about_is_lit_and_named_as_the_question_names_it(client, app):
    game_id = start(app, SECTION)
    # an Ocean board, an Advancement's space, an island, where its cubes go, where it ends
    asked = {"explore_check": [], "claim": [], "island_check": [], "place": [], "end_position": []}
    shown = play_until(client, app, game_id, "explore_check")
    while (kind := pending_kind(app, game_id)) != "your_turn":
        if kind in asked:
            lit = spaces(shown, "lit")
            assert len(lit) == 1
            ((space, name),) = lit.items()
            assert name == space and f" {name}" in title(shown)  # "1.3" on both
            asked[kind].append(space)
        shown = play_until(client, app, game_id, "", {"bottom_check": False}, steps=1)
    assert asked == {
        "explore_check": ["1.3", "2.2", "3.1"],
        "claim": ["1.3"],
        "island_check": ["2.2", "3.1"],
        "place": ["2.2"],
        "end_position": ["3.1"],
    }


def test_a_battle_in_the_harbor_lights_the_harbor(client, app):
    game_id = start(app, section(end="H"))
    shown = play_until(client, app, game_id, "your_turn")
    version = version_of(shown)
    client.post(f"/g/{game_id}/answer", data={"version": version, "value": "battle"}, headers=HTMX)
    shown = html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert title(shown) == "You attack the Covenant's ship in the Harbor"
    assert spaces(shown, "lit") == {"H": "Harbor"}


def test_a_question_about_several_islands_lights_each_and_only_those_answer_it(client, app):
    shown = play_until(client, app, start(app, SECTION), "bottom_target", {"bottom_check": True})
    lit, pickable = spaces(shown, "lit"), spaces(shown, "pickable")
    # every Ocean space not known as open sea, not its island and no Ship in Pirate mode
    assert sorted(lit) == sorted(pickable) and len(lit) == 12 and "H" not in lit
    assert all(name == space for space, name in lit.items())


def test_where_is_your_ship_outlines_only_the_spaces_that_answer_it_and_lights_none(client, app):
    shown = play_until(client, app, start(app, SECTION), "player_ship")
    pickable = spaces(shown, "pickable")
    assert sorted(pickable) == sorted(["H"] + [f"{r}.{s}" for r in range(1, 5) for s in (1, 2, 3)])
    assert spaces(shown, "lit") == {}
    # the card's marks stay: the Advancement it claims and where it ends
    assert "adv" in board(shown) and " end" in board(shown)


def test_a_board_space_is_named_by_what_it_shows(client, app):
    """Its accessible name is its text: no aria-label that leaves the shown name out."""
    shown = board(play_until(client, app, start(app, SECTION), "player_ship"))
    tags = re.findall(r'<(?:button|div) [^>]*class="(?:[^"]* )?space(?: [^"]*)?"[^>]*>', shown)
    assert tags and not [t for t in tags if "aria-label" in t]
