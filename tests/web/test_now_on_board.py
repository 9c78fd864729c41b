""" "Now on the board": what the last tap has the table do sits on top of the step
waiting, until the next tap, and every place it names is lit on the board, for every bot.

The tests tap as a tablet does (HX-Request, every fragment as htmx swaps it) and read
what the tap's own answer shows; what is expected comes from the game itself."""

from __future__ import annotations

import html
import json
import random
import re
import sqlite3

import pytest

from webapp.engine.actions import Answered
from webapp.service import games
from webapp.storage import db
from webapp.web import fragments
from webapp.web.now_on_board import NowOnBoard, now_on_board

from ..engine.decks import deck, section
from ..random_play import BOTS, OPTIONS, as_form_value, random_answer, starting_deck
from .conftest import HTMX, OWNER, owner_client

# A note each bot writes that names a place: the tests look for a tap that shows one.
PLACE_NOTES = {
    "covenant": "Reveal the Ocean board at",
    "solo_enemy": "goes to Hero Slot",
    "deacon": "On Island",
    "bandits": "face down around tile",
}


def box(shown: str) -> list[str]:
    """The lines of the "Now on the board" box, as text (none: no box)."""
    found = re.search(r'<div class="now-board"[^>]*>(.*?)</div>', shown, re.S)
    if found is None:
        return []
    items = re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", item)).split()) for item in items]


def expected(now: NowOnBoard) -> list[str]:
    lines = []
    for line in now.lines:
        said = " ".join(str(note) for note in line.notes)
        lead = str(line.lead) if line.lead is not None else ""
        lines.append(" — ".join(part for part in (lead, said) if part))
    return lines


def board(shown: str) -> str:
    start = shown.index('id="board"')
    end = shown.find("<section", start + 1)
    ends = [i for i in (end, shown.find("<aside", start + 1)) if i != -1]
    return shown[start : min(ends)] if ends else shown[start:]


def lit_places(shown: str) -> set[str]:
    """The places drawn lit on the board (lit, or ringed as the step's island is): a
    space a tap answers (`data-space`) or a place drawn (`data-place`)."""
    found = set()
    for tag in re.findall(r"<[a-z]+ [^>]*data-(?:space|place)=\"[^\"]+\"[^>]*>", board(shown)):
        classes = re.search(r'class="([^"]*)"', tag)
        if classes and {"lit", "target"} & set(classes.group(1).split()):
            place = re.search(r'data-(?:space|place)="([^"]+)"', tag).group(1)
            found.add(html.unescape(place))
    return found


def opened(app, game_id: str) -> games.OpenGame:
    with app.app_context():
        return games.open_game(game_id)


def tap(client, app, game_id: str, value) -> str:
    """One answer posted as the tablet posts it; the tap's answer, as htmx receives it."""
    version = opened(app, game_id).version
    response = client.post(
        f"/g/{game_id}/answer",
        data={"version": version, "value": as_form_value(value)},
        headers=HTMX,
    )
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_data(as_text=True)


def start(app, bot_id: str, number: int = 0) -> str:
    options = OPTIONS[bot_id][number]
    with app.app_context():
        return games.create_game(
            bot_id, options, name="Now", seed=number, deck=starting_deck(bot_id, options)
        )


@pytest.mark.parametrize("bot_id", BOTS)
def test_a_tap_shows_what_to_do_on_the_board_lights_its_places_and_the_next_tap_replaces_it(
    app, bot_id
):
    client = owner_client(app)
    game_id = start(app, bot_id)
    rng = random.Random(7)
    named = automatic = replaced = 0
    before: list[str] = []
    for _ in range(250):
        game = opened(app, game_id).game
        if game.pending() is None:
            break
        shown = tap(client, app, game_id, random_answer(game, rng))
        now = now_on_board(opened(app, game_id).game)
        # the box holds exactly this tap's lines, and its places are lit, no other
        assert box(shown) == expected(now)
        if now.lines:
            assert set(now.places) <= lit_places(shown), now.places
        if before and box(shown) != before:
            replaced += 1
        before = box(shown)
        if any(PLACE_NOTES[bot_id] in line for line in before) and now.places:
            named += 1
        if any(line.lead is not None and line.notes for line in now.lines):
            automatic += 1  # a note of a step Botdeck ran by itself after the answer
        if named and automatic and replaced > 3:
            break
    assert named, f"no tap of {bot_id} showed “{PLACE_NOTES[bot_id]}…”"
    assert automatic, "no tap ran an automatic step that noted something"
    assert replaced > 3


def covenant_game(app, *sections) -> str:
    with app.app_context():
        return games.create_game(
            "covenant", {"difficulty": "normal"}, name="Now", deck=deck(*sections), seed=3
        )


def play_covenant_until(client, app, game_id: str, kind: str, answers: dict) -> str:
    """Answer (as `answers` says, else a quiet table) until a `kind` step waits; the last
    tap's answer."""
    from ..engine.helpers import default_for

    shown = ""
    for _ in range(80):
        pending = opened(app, game_id).game.pending()
        if pending.step.kind == kind:
            return shown
        shown = tap(client, app, game_id, answers.get(pending.step.kind, default_for(pending)))
    raise AssertionError(f"no {kind} step came")


def test_an_explored_ocean_board_is_named_lit_and_gone_at_the_next_tap(app):
    client = owner_client(app)
    game_id = covenant_game(app, section(advancements=["2.2"], end="2.2"))
    play_covenant_until(client, app, game_id, "explore_check", {})
    shown = tap(client, app, game_id, True)  # yes, 2.2 was still unexplored
    assert box(shown) == [
        "Reveal the Ocean board at 2.2 as normal. The Covenant places a cube on Explorer."
    ]
    assert "2.2" in lit_places(shown)
    assert "Now on the board" in shown
    following = tap(client, app, game_id, "mercantile")  # what it claimed there
    assert box(following) == ["Into its Mercantile pile."]  # the box of this tap only


def test_after_its_turn_the_covenant_names_its_island_and_lights_it(app):
    client = owner_client(app)
    game_id = covenant_game(
        app,
        section(
            influence=[{"space": "2.2", "cubes": 2}], effects=[{"type": "after_turn", "cargo": 2}]
        ),
    )
    play_covenant_until(client, app, game_id, "after_turn_place", {"place": True})
    page = html.unescape(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert "After its turn: 2 cargo on 2.2" in page
    assert "2.2" in lit_places(page)


def test_the_partner_sees_the_same_box_as_the_device_that_tapped(app):
    tablet, phone = owner_client(app), app.test_client()
    game_id = covenant_game(app, section(advancements=["2.2"], end="2.2"))
    play_covenant_until(tablet, app, game_id, "explore_check", {})
    held = phone.get(f"/g/{game_id}").get_data(as_text=True)  # the phone's page, before
    shown = tap(tablet, app, game_id, True)
    assert box(html.unescape(phone.get(f"/g/{game_id}").get_data(as_text=True))) == box(shown)
    # the live update a page holding the phone's fragments receives
    digests = dict(re.findall(r'data-fragment="(\w+)" data-hash="(\w+)"', held))
    with app.test_request_context("/"):
        app.preprocess_request()
        update, _ = fragments.render_update(games.open_game(game_id), digests)
    assert box(update) == box(shown) != []
    assert "2.2" in lit_places(update)


def test_a_game_stored_before_notes_named_places_still_opens(app):
    """Its stored snapshot written by an earlier Botdeck: steps without `places`, and only
    the open checklist. After a restart the game resumes from it and its page opens."""
    rng = random.Random(5)
    game_id = start(app, "covenant")
    with app.app_context():
        for _ in range(40):
            opened = games.open_game(game_id)
            games.act(game_id, opened.version, Answered(random_answer(opened.game, rng)))
        _, text = db.find_snapshot(game_id)
    data = json.loads(text)
    stored = json.loads(data["game"])
    for part in ("base", "now"):
        snapshot = json.loads(stored[part]["text"])
        snapshot["open"] = snapshot["open"][-1:]
        for checklist in snapshot["open"]:
            for step in checklist["steps"]:
                step.pop("places", None)
        stored[part]["text"] = json.dumps(snapshot)
    data["game"] = json.dumps(stored)
    with sqlite3.connect(app.config["DATABASE"]) as connection:
        connection.execute("UPDATE snapshots SET data = ?", (json.dumps(data),))
    with app.app_context():
        games.forget_all()  # a restart
        resumed = games.open_game(game_id)
        assert resumed.game.partial  # from the old snapshot, not the whole log
        assert resumed.game.pending() is not None
    shown = owner_client(app).get(f"/g/{game_id}")
    assert shown.status_code == 200 and 'id="current-step"' in shown.get_data(as_text=True)


def test_a_device_of_its_own_reads_the_box_too(app):
    """The box does not depend on who tapped: a page loaded afresh shows it."""
    client = owner_client(app)
    game_id = covenant_game(app, section(advancements=["2.2"], end="2.2"))
    play_covenant_until(client, app, game_id, "explore_check", {})
    tap(client, app, game_id, True)
    other = app.test_client()
    other.set_cookie("botdeck_device", OWNER + "-other")
    shown = html.unescape(other.get(f"/g/{game_id}").get_data(as_text=True))
    assert box(shown)[0].startswith("Reveal the Ocean board at 2.2")
