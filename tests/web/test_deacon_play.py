"""A game against Deacon through the web: the lobby's options, taps on the board, a
printed part and a card entered with the quick-entry editor, the card library."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable

from .conftest import answer, new_game, page
from .conftest import step_title as title

DEMO_DECK = "demo"


def start(client, **options: str) -> str:
    """A game to try the app: the demo deck, the demo board and demo values, by name."""
    form = {"bot": "deacon", "deck_mode": "app", "deck_id": DEMO_DECK, "board_id": "demo"}
    return new_game(client, {**form, "demo_components": "on", **options})


def editor_form(shown: str) -> dict[str, str]:
    """The draft, its save address and the `entry.*` fields of the editor on the page."""
    return {
        "draft": re.search(r"name=\"draft\" value='([^']*)'", shown).group(1),
        "save": re.search(r'name="save" value="([^"]*)"', shown).group(1),
    }


def tap_editor(client, shown: str, **tap: str) -> str:
    """One tap of the quick-entry editor: the draft goes, the redrawn editor comes back."""
    form = editor_form(shown)
    response = client.post("/entry/deacon", data={**form, **tap})
    assert response.status_code == 200, response.get_data(as_text=True)
    return html.unescape(response.get_data(as_text=True))


def entry_fields(shown: str) -> dict[str, str]:
    """The `entry.*` fields a browser would send: text and numbers, ticked boxes,
    selected options."""
    fields = {}
    for tag in re.findall(r"<input[^>]*>", shown):
        name = re.search(r'name="(entry\.[^"]*)"', tag)
        if name is None or ("checkbox" in tag or "radio" in tag) and "checked" not in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        fields[name.group(1)] = value.group(1) if value else ""
    for name, options in re.findall(
        r'<select[^>]*name="(entry\.[^"]*)"[^>]*>(.*?)</select>', shown
    ):
        chosen = re.search(r'value="([^"]*)" selected', options)
        fields[name] = chosen.group(1) if chosen else ""
    return fields


def play_until(client, game_id: str, done: Callable[[str], bool], limit: int = 80) -> str:
    """Answers every step the plainest way (demo values for a printed part, the first
    space or choice offered) until `done(title)`."""
    for _ in range(limit):
        shown = page(client, game_id)
        if done(title(shown)):
            return shown
        current = shown[shown.index('id="current-step"') :]
        if 'name="draft"' in current:
            draft = json.loads(editor_form(current)["draft"])
            if draft["kind"] == "components" and not draft.get("kept"):
                current = tap_editor(client, current, op="demo")
            answer(client, game_id, entry_fields(current))
            continue
        spaces = re.findall(r'"value": "([^"]*)"', shown)
        values = re.findall(r'name="value" value="([^"]*)"', current)
        if spaces:
            answer(client, game_id, {"value": spaces[0]})
        else:
            answer(client, game_id, {"value": "none" if "none" in values else values[0]})
    raise AssertionError("the step never came")


def test_the_lobby_offers_deacons_sides_and_difficulty_modifiers(client):
    lobby = html.unescape(client.get("/?bot=deacon").get_data(as_text=True))
    assert "Deacon" in lobby and "Reef Project" in lobby
    assert "Recommended for a first game" in lobby
    for field in ('name="side" value="B"', 'name="first" value="deacon"', 'name="crew_bonus"'):
        assert field in lobby
    assert 'href="/schemas/deacon-deck.json"' in lobby


def test_a_game_on_side_b_with_every_modifier_starts(client, app):
    game_id = start(client, side="B", first="deacon", advanced="2", crew_bonus="on")
    with app.app_context():
        from webapp.service import games

        state = games.open_game(game_id).game.state
    assert state.side == "B" and state.crew_bonus and len(state.advanced) == 2
    assert state.turns.order[0].kind == "deacon"


def test_the_ships_start_where_the_board_is_tapped(client):
    game_id = start(client)
    shown = play_until(client, game_id, lambda t: t == "Where does Deacon's Ship start?")
    assert shown.count('class="board-tap dc-tap island"') == 16  # every island of the demo board
    answer(client, game_id, {"value": "i5"})
    shown = page(client, game_id)
    assert title(shown) == "Where does your Ship start?"
    assert 'class="dc-ship owner-deacon"' in shown
    answer(client, game_id, {"value": "i9"})
    assert 'class="dc-ship owner-you"' in page(client, game_id)


def test_demo_values_are_offered_only_in_a_game_that_plays_them_and_never_kept(client):
    game_id = start(client)
    shown = play_until(client, game_id, lambda t: "Mission colours" in t)
    assert "Fill in invented demo values" in shown
    assert '<span class="demo-badge">Demo values — not the printed boards</span>' in shown
    current = shown[shown.index('id="current-step"') :]
    filled = tap_editor(client, current, op="demo")
    assert "Demo values — not the printed boards" in filled
    answer(client, game_id, entry_fields(filled))
    assert "Mission colours" not in title(page(client, game_id))
    # the invented values never went into the table's copy: asked again, blank
    copy_page = client.get("/library/deacon/copy").get_data(as_text=True)
    assert "Mission colours" in copy_page and "state-entered" not in copy_page
    # a game with the printed components: no demo button, no demo badge for parts
    real = start(client, demo_components="")
    shown = play_until(client, real, lambda t: t.startswith("Enter once what is printed"))
    assert "Fill in invented demo values" not in shown
    assert "Demo values — not the printed boards" not in shown
    current = shown[shown.index('id="current-step"') :]
    form = editor_form(current)
    refused = client.post("/entry/deacon", data={**form, "op": "demo"})
    assert refused.status_code == 422  # a crafted tap gets no demo values either


def test_deacons_turn_shows_its_card_and_the_island_it_goes_to(client):
    game_id = start(client)
    shown = play_until(client, game_id, lambda t: t.startswith("B. Move its Ship to"))
    island = re.search(r"Move its Ship to Island (\d+)", title(shown)).group(1)
    assert "goes here" in shown and f"On the board: <strong>Island {island}</strong>" in shown
    assert 'class="dc-island target"' in shown and "dc-route " in shown


def test_a_printed_card_is_entered_by_typing_its_islands_and_tapping_its_effects(client):
    game_id = start(client, deck_mode="physical", deck_id="new")
    shown = play_until(client, game_id, lambda t: t.startswith("Turn over the top card"))
    answer(client, game_id, {"value": "3"})
    shown = page(client, game_id)
    assert title(shown) == "New card: enter what Basic card 3 prints"
    current = shown[shown.index('id="current-step"') :]
    islands = {"entry.island1": "4", "entry.island2": "9", "entry.island3": "2"}
    current = tap_editor(client, current, op="add", value="research", **islands)
    current = tap_editor(client, current, op="add", value="symbols", **islands)
    current = tap_editor(client, current, op="symbol", value="2", **islands)
    current = tap_editor(client, current, op="symbol", value="1", **islands)
    current = tap_editor(client, current, op="symbols_done", **islands)
    fields = entry_fields(current)
    assert fields["entry.effects"] == "research,symbols:2+1"
    assert fields["entry.island1"] == "4"  # typed before the taps, kept through them
    answer(client, game_id, fields)
    shown = page(client, game_id)
    assert "Basic card 3" in shown and "Symbols 2+1" in shown


def test_the_library_draws_the_demo_decks_cards(client):
    deck = html.unescape(client.get("/library/deacon/demo").get_data(as_text=True))
    assert "Basic cards" in deck and "Advanced cards" in deck and "Ship cards" in deck
    assert deck.count('class="card-tile complete"') == 17
    card = html.unescape(client.get("/library/deacon/demo/card/S2").get_data(as_text=True))
    assert "Ship card 2" in card and "Ship power" in card
