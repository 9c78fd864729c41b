"""Every file Botdeck writes reads back through the route a user would use, and what
comes back is the same.

Random games of every bot in every deck mode (the demo deck, a transcribed library deck,
the printed cards entered as they turn up, co-op, Deacon on the demo board, on a board of
the players' own and on one that is not complete) are started in the lobby and played
through the routes as a tablet plays them (answers, undos, redos, corrections). Each is
then exported and imported back: its game file through the lobby's import, on the same
Botdeck and on another one; the device's collection file on another Botdeck; its deck
file and board file through their libraries. A backup restored brings every game back
as it was. The exports must be equal, ids aside where a copy gets new ones.
"""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from webapp import create_app
from webapp.bots.deacon.board import demo_board
from webapp.bots.deacon.components import kept_key
from webapp.engine import get_bot
from webapp.engine.capabilities import cards_of
from webapp.service import games
from webapp.storage import db, safety

from ..engine.deacon import real_components
from ..engine.solo_enemy import PROFILE
from ..random_play import INCOMPLETE_BOARD, as_form_value, random_answer
from .conftest import HTMX

# How a table starts each kind of game in the lobby: the bot, its options as the form
# sends them, and the cards or board chosen ("new": a new deck of the printed cards;
# "library": a transcribed deck of the device's own; "mine" / "incomplete": a board of
# the device's own).
SETUPS: dict[str, dict[str, Any]] = {
    "covenant demo": {"bot": "covenant", "difficulty": "normal"},
    "covenant hard saga": {"bot": "covenant", "difficulty": "hard", "saga": "on"},
    "covenant 2 vs 2": {
        "bot": "covenant",
        "difficulty": "extreme",
        "coop": "on",
        "players": ["Ann", "Ben"],
    },
    "covenant printed cards": {
        "bot": "covenant",
        "difficulty": "expert",
        "deck_mode": "physical",
        "deck_id": "new",
    },
    "covenant library deck": {"bot": "covenant", "difficulty": "hard", "deck_id": "library"},
    "covenant printed cards, library deck": {
        "bot": "covenant",
        "difficulty": "normal",
        "deck_mode": "physical",
        "deck_id": "library",
    },
    "solo enemy demo": {"bot": "solo_enemy", "you": "humans", "factions": ["orcs", "elves"]},
    "solo enemy printed cards": {
        "bot": "solo_enemy",
        "you": "humans",
        "factions": ["orcs"],
        "deck_mode": "physical",
        "deck_id": "new",
    },
    "solo enemy library deck": {
        "bot": "solo_enemy",
        "you": "elves",
        "factions": ["dwarves"],
        "deck_id": "library",
    },
    "deacon demo": {"bot": "deacon", "board_id": "demo", "demo_components": "on"},
    "deacon side B": {
        "bot": "deacon",
        "board_id": "demo",
        "side": "B",
        "advanced": "4",
        "first": "deacon",
        "crew_bonus": "on",
    },
    "deacon printed cards": {
        "bot": "deacon",
        "board_id": "demo",
        "advanced": "1",
        "deck_mode": "physical",
        "deck_id": "new",
    },
    "deacon library deck, own board": {
        "bot": "deacon",
        "advanced": "2",
        "deck_id": "library",
        "board_id": "mine",
    },
    "deacon incomplete board": {"bot": "deacon", "board_id": "incomplete"},
    # the table's copy entered first: its parts answer the setup, in the game's log
    "deacon from the copy": {"bot": "deacon", "copy": "entered"},
    "solo enemy from the copy": {
        "bot": "solo_enemy",
        "you": "humans",
        "factions": ["orcs", "Merfolk"],
        "copy": "entered",
    },
    "bandits from the copy": {"bot": "bandits", "mode": "solo", "copy": "entered"},
    "bandits co-op": {"bot": "bandits", "mode": "coop", "players": ["Ann", "Ben"]},
    "bandits solo": {"bot": "bandits", "mode": "solo", "bandit_die": "8", "land_tiles": "20"},
    "bandits versus": {
        "bot": "bandits",
        "mode": "versus",
        "players": ["Ann", "Ben", "Cy"],
        "bandit_die": "12",
    },
}


NUMBERS = itertools.count(1)


def upload(data: Any, name: str = "file.json") -> dict[str, Any]:
    return {"file": (io.BytesIO(json.dumps(data).encode()), name)}


def device(app: Flask, name: str) -> Any:
    """A browser of its own on that Botdeck."""
    client = app.test_client()
    client.set_cookie("botdeck_device", f"round-trip-{name}-0000000001")
    return client


def library_deck(client: Any, bot_id: str) -> str:
    """A transcribed deck of the device's own (the demo deck's cards under a name of its
    own), imported as a deck file is; its id."""
    demo = cards_of(get_bot(bot_id)).demo_deck()
    data = {**demo, "name": f"Our transcribed cards {next(NUMBERS)}"}
    data.pop("demo", None)
    response = client.post(f"/library/{bot_id}/import", data=upload(data))
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[1]


def library_board(client: Any, board: dict[str, Any], name: str) -> str:
    response = client.post("/library/deacon/boards/import", data=upload({**board, "name": name}))
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[1]


# A copy of each game as a table enters it (not the invented values: those are never
# used without asking), and Deacon's board.
ENTERED_PARTS: dict[str, dict[str, Any]] = {
    "deacon": {kept_key(part): value for part, value in real_components().items()},
    "solo_enemy": {"faction:orcs": PROFILE, "faction:merfolk": PROFILE},
    # as a game stores the form: every field, the sections not printed left blank
    "bandits": {
        "score-board": {
            "score_end": 40,
            "bandit_end": 25,
            "stars_1": 2,
            "start_2": 8,
            "stars_2": 4,
            **{f"{field}_{n}": None for n in range(3, 7) for field in ("start", "stars")},
        }
    },
}


def copy_file(bot_id: str) -> dict[str, Any]:
    data = {"format": "botdeck-copy", "version": 1, "bot": bot_id, "parts": ENTERED_PARTS[bot_id]}
    if bot_id == "deacon":
        data["board"] = {**demo_board(), "name": "Harbour table"}
        data["board"].pop("demo")
    return data


def enter_copy(client: Any, bot_id: str) -> None:
    response = client.post(f"/library/{bot_id}/copy/import", data=upload(copy_file(bot_id)))
    assert response.status_code == 303, response.get_data(as_text=True)[:600]


def start(client: Any, setup: dict[str, Any]) -> str:
    """The game started from the lobby's form as `setup` fills it in; its id."""
    form = dict(setup)
    if form.pop("copy", None):
        enter_copy(client, form["bot"])
    if form.get("deck_id") == "library":
        form["deck_id"] = library_deck(client, form["bot"])
    if form.get("board_id") == "mine":
        form["board_id"] = library_board(client, demo_board(), "Our board")
    elif form.get("board_id") == "incomplete":
        form["board_id"] = library_board(client, INCOMPLETE_BOARD, "Half copied")
    response = client.post("/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:600]
    return response.headers["Location"].rsplit("/", 1)[1]


def play(app: Flask, client: Any, game_id: str, taps: int, rng: random.Random) -> None:
    """`taps` random taps through the routes: mostly answers, now and then an undo, a
    redo or a correction (each as a tablet posts it)."""
    for _ in range(taps):
        with app.app_context():
            opened = games.open_game(game_id)
        game, version = opened.game, opened.version
        if game.pending() is None:
            return
        roll = rng.random()
        if roll < 0.08 and game.actions:
            route, form = "undo", {}
        elif roll < 0.12 and opened.can_redo:
            route, form = "redo", {}
        elif roll < 0.15 and game.bot.corrections.offered(game.state):
            spec = rng.choice(game.bot.corrections.offered(game.state))
            route, form = "correct", {"field": spec.field, "value": str(spec.minimum)}
        else:
            route = "answer"
            form = {"value": as_form_value(random_answer(game, rng))}
        response = client.post(
            f"/g/{game_id}/{route}", data={"version": version, **form}, headers=HTMX
        )
        assert response.status_code in (200, 422), response.get_data(as_text=True)[:300]


def game_file(client: Any, game_id: str) -> dict[str, Any]:
    response = client.get(f"/g/{game_id}/export")
    assert response.status_code == 200
    return json.loads(response.data)


def by_id(collection: dict[str, Any]) -> dict[str, Any]:
    """A collection's games by id (games last played at the same moment list in either
    order)."""
    return {game["id"]: game for game in collection["games"]}


def imported(client: Any, data: Any) -> str:
    """A game file imported through the lobby; the new game's id."""
    response = client.post("/games/import", data=upload(data, "game.json"))
    assert response.status_code == 303, response.get_data(as_text=True)[:600]
    return response.headers["Location"].rsplit("/", 1)[1]


@pytest.fixture(scope="module")
def botdecks(tmp_path_factory: pytest.TempPathFactory) -> tuple[Flask, Flask]:
    """Two Botdecks: the one played on, and another one files are brought to."""
    return tuple(  # type: ignore[return-value]
        create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp(name))})
        for name in ("here", "there")
    )


@pytest.mark.parametrize("setup", list(SETUPS))
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**31 - 1), taps=st.integers(0, 70))
@example(seed=1, taps=70)  # always one game well into play (a printed card entered)
def test_every_game_file_and_collection_reads_back_the_same(
    botdecks: tuple[Flask, Flask], setup: str, seed: int, taps: int
) -> None:
    here, there = botdecks
    rng = random.Random(seed)
    name = f"{setup}-{seed}-{taps}".replace(" ", "-").replace(",", "")
    player = device(here, name)
    game_id = start(player, SETUPS[setup])
    play(here, player, game_id, taps, rng)
    exported = game_file(player, game_id)

    # the game file, through the lobby's import: on this Botdeck and on another one
    assert game_file(player, imported(player, exported)) == exported
    newcomer = device(there, name)
    copy_id = imported(newcomer, exported)
    assert game_file(newcomer, copy_id) == exported
    # the copy plays on as the game does: the same next step, and a tap is taken
    with here.app_context():
        pending = games.open_game(game_id).game.pending()
    with there.app_context():
        copied = games.open_game(copy_id).game.pending()
    assert (pending and str(pending.title)) == (copied and str(copied.title))

    # the device's collection file, on another Botdeck: every game under its ids
    collection = json.loads(player.get("/data/export").data)
    restorer = device(there, name + "-restorer")
    response = restorer.post("/data/import", data=upload(collection, "all.json"))
    assert response.status_code == 200, response.get_data(as_text=True)[:600]
    again = json.loads(restorer.get("/data/export").data)
    assert by_id(again) == by_id(collection)
    assert again["decks"] == collection["decks"]
    # and on the same Botdeck: each game is already there
    response = player.post("/data/import", data=upload(collection, "all.json"))
    assert response.status_code == 200


@pytest.mark.parametrize("bot_id", ["covenant", "solo_enemy", "deacon"])
def test_a_deck_learned_in_a_game_reads_back_through_the_card_library(
    botdecks: tuple[Flask, Flask], bot_id: str
) -> None:
    """The printed cards entered during a game go into the library deck; its deck file
    imported on another Botdeck is the same deck."""
    here, there = botdecks
    player = device(here, f"deck-{bot_id}")
    setup = next(s for s in SETUPS.values() if s["bot"] == bot_id and s.get("deck_id") == "new")
    game_id = start(player, setup)
    play(here, player, game_id, 80, random.Random(3))
    with here.app_context():
        deck_id = db.find_game(game_id).deck_id
    file = player.get(f"/library/{bot_id}/{deck_id}/export")
    assert file.status_code == 200
    sent = json.loads(file.data)
    assert sent["cards"], "the game entered no card: the test plays too few taps"
    newcomer = device(there, f"deck-{bot_id}")
    response = newcomer.post(f"/library/{bot_id}/import", data=upload(sent))
    assert response.status_code == 303
    copy_id = response.headers["Location"].rsplit("/", 1)[1]
    back = json.loads(newcomer.get(f"/library/{bot_id}/{copy_id}/export").data)
    assert back == sent


@pytest.mark.parametrize("board", [demo_board(), INCOMPLETE_BOARD], ids=["whole", "incomplete"])
def test_a_board_file_reads_back_through_the_board_library(
    botdecks: tuple[Flask, Flask], board: dict[str, Any]
) -> None:
    here, there = botdecks
    player = device(here, f"board-{len(board['islands'])}")
    board_id = library_board(player, board, "Our board")
    sent = json.loads(player.get(f"/library/deacon/boards/{board_id}/export").data)
    newcomer = device(there, f"board-{len(board['islands'])}")
    copy_id = library_board(newcomer, sent, sent["name"])
    back = json.loads(newcomer.get(f"/library/deacon/boards/{copy_id}/export").data)
    assert back == sent


@pytest.mark.parametrize("bot_id", ["deacon", "solo_enemy", "bandits"])
def test_the_copy_file_reads_back_the_same_on_another_botdeck(
    botdecks: tuple[Flask, Flask], bot_id: str
) -> None:
    """The copy entered on one Botdeck (a file imported, then a part corrected on the
    copy page), exported, imported on another: the same copy, board included."""
    here, there = botdecks
    player = device(here, f"copy-{bot_id}")
    enter_copy(player, bot_id)
    sent = json.loads(player.get(f"/library/{bot_id}/copy/export").data)
    assert sent == copy_file(bot_id) | {"parts": sent["parts"]}
    assert sent["parts"] == ENTERED_PARTS[bot_id]
    newcomer = device(there, f"copy-{bot_id}")
    response = newcomer.post(f"/library/{bot_id}/copy/import", data=upload(sent))
    assert response.status_code == 303
    back = json.loads(newcomer.get(f"/library/{bot_id}/copy/export").data)
    assert back == sent
    # imported twice: still one board in the library, the same copy
    newcomer.post(f"/library/{bot_id}/copy/import", data=upload(sent))
    assert json.loads(newcomer.get(f"/library/{bot_id}/copy/export").data) == sent
    if bot_id == "deacon":
        assert (
            newcomer.get("/library/deacon/boards").get_data(as_text=True).count("Harbour table")
            == 1
        )


@pytest.mark.parametrize("setup", [s for s in SETUPS if s.endswith("from the copy")])
def test_a_game_that_used_the_copy_replays_where_there_is_no_copy(
    botdecks: tuple[Flask, Flask], setup: str
) -> None:
    """What a game used of the copy is in the game itself (its board option, answers in
    its log): its file plays on, the same, on a Botdeck that holds no copy."""
    here, there = botdecks
    player = device(here, f"used-{setup}")
    game_id = start(player, SETUPS[setup])
    play(here, player, game_id, 30, random.Random(5))
    exported = game_file(player, game_id)
    newcomer = device(there, f"used-{setup}")
    assert json.loads(newcomer.get(f"/library/{exported['bot']}/copy/export").data)["parts"] == {}
    assert game_file(newcomer, imported(newcomer, exported)) == exported


def test_a_restored_backup_brings_every_kind_of_game_back_as_it_was(tmp_path: Path) -> None:
    """A game of each setup is backed up; more taps, then the backup restored from the
    backups page: every game exports as it did when it was backed up."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    player = device(app, "backup")
    rng = random.Random(11)
    ids = [start(player, setup) for setup in SETUPS.values()]
    for game_id in ids:
        play(app, player, game_id, 25, rng)
    backed_up = {game_id: game_file(player, game_id) for game_id in ids}
    assert player.post("/data/backup").status_code == 303
    backup = safety.backups(Path(app.config["DATABASE"]))[0]
    for game_id in ids:
        play(app, player, game_id, 10, rng)
    response = player.post(f"/data/backups/{backup.name}/restore")
    assert response.status_code == 303
    assert {game_id: game_file(player, game_id) for game_id in ids} == backed_up
