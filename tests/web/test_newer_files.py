"""A file Botdeck cannot read says why in plain words, through the route a table uses:
one from a newer Botdeck (a greater version, or a newer revision holding something this
one does not know) asks to update Botdeck; a version that is not a whole number, or a
number far too large, is named as such (never Python's words). Every file kind, in
English and in French; nothing is stored."""

from __future__ import annotations

import html
import io
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from webapp.bots.deacon.board import demo_board

from ..engine.decks import deck, section
from .conftest import HTMX
from .test_refusals_in_french import assert_french
from .test_table_copy import deacon_copy


@dataclass(frozen=True)
class Kind:
    """A kind of file: where it is imported, a file of it that imports, something a newer
    Botdeck could add to it that this one does not know, and where a number goes."""

    name: str
    route: str
    file: Callable[[], dict[str, Any]]
    something_new: Callable[[dict[str, Any]], None]
    number: Callable[[dict[str, Any], Any], None]  # puts a value where a number belongs
    field: str  # the field that number is in, as a refusal names it


def _game() -> dict[str, Any]:
    return {"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": 1, "actions": []}


def _deck() -> dict[str, Any]:
    return {**deck(section()), "name": "Newer"}


def _board() -> dict[str, Any]:
    board = {**demo_board(), "name": "Newer"}
    board.pop("demo")
    return board


def _collection() -> dict[str, Any]:
    return {"format": "botdeck-collection", "version": 1, "games": [_game()], "decks": []}


def _set(path: tuple[Any, ...]) -> Callable[[dict[str, Any], Any], None]:
    def put(data: dict[str, Any], value: Any) -> None:
        for step in path[:-1]:
            data = data[step]
        data[path[-1]] = value

    return put


KINDS = [
    Kind(
        "game",
        "/games/import",
        _game,
        lambda data: data.update(options={"table_lights": True}),  # an option to come
        _set(("seed",)),
        "seed",
    ),
    Kind(
        "deck",
        "/library/covenant/import",
        _deck,
        lambda data: data.update(sleeves="blue"),
        _set(("layout", "rows", 0)),
        "layout.rows.0",
    ),
    Kind(
        "board",
        "/library/deacon/boards/import",
        _board,
        lambda data: data.update(tides=[{"island": 1}]),
        _set(("islands", 0, "x")),
        "islands.0.x",
    ),
    Kind(
        "copy",
        "/library/deacon/copy/import",
        deacon_copy,
        lambda data: data["parts"].update({"components:lighthouses": {"count": 2}}),
        _set(("parts", "components:pollution", "small")),
        "parts.components:pollution.small",
    ),
    Kind(
        "collection",
        "/data/import",
        _collection,
        lambda data: data.update(boards=[_board()]),  # left out today: the boards lost
        _set(("games", 0, "seed")),
        "games.0.seed",
    ),
]
IDS = [kind.name for kind in KINDS]
HUGE = "9" * 5000  # more digits than Python turns into an int (4,300)


def stored(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as con:
        return sum(
            con.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            for table in ("games", "decks", "kept")
        )


def send(client, kind: Kind, content: bytes):
    return client.post(
        kind.route, data={"file": (io.BytesIO(content), f"{kind.name}.json")}, headers=HTMX
    )


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def refused(app, client, kind: Kind, content: bytes, *said: str) -> str:
    before = stored(app)
    response = send(client, kind, content)
    shown = text(response)
    assert response.status_code == 422, shown
    for words in said:
        assert words in shown, shown
    assert stored(app) == before
    return shown


@pytest.fixture
def french(client):
    client.set_cookie("botdeck_lang", "fr")
    return client


# --- from a newer Botdeck ----------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_file_of_a_greater_version_is_made_by_a_newer_botdeck(app, client, kind):
    data = {**kind.file(), "version": 2}
    refused(
        app,
        client,
        kind,
        json.dumps(data).encode(),
        "it was made by a newer Botdeck (update Botdeck to open it)",
        "Nothing was imported",
    )


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_file_of_a_newer_revision_with_something_unknown_is_made_by_a_newer_botdeck(
    app, client, kind
):
    """A newer Botdeck adds an option, a field, a part without raising the version: the
    refusal was "unknown option 'demo_components'", or the file was read without it."""
    data = {**kind.file(), "revision": 2}
    kind.something_new(data)
    refused(app, client, kind, json.dumps(data).encode(), "made by a newer Botdeck")


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_file_of_a_newer_revision_holding_nothing_new_is_read(app, client, kind):
    data = {**kind.file(), "revision": 2}
    before = stored(app)
    response = send(client, kind, json.dumps(data).encode())
    assert response.status_code in (200, 303), text(response)
    assert stored(app) > before


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_newer_file_is_refused_in_french(app, french, kind):
    data = {**kind.file(), "version": 3}
    response = send(french, kind, json.dumps(data).encode())
    assert_french(
        response,
        "créé par une version plus récente de Botdeck (mettez Botdeck à jour pour l'ouvrir)",
    )


# --- a version that is not a whole number --------------------------------------------------


@pytest.mark.parametrize("version", ["1", 1.5, True, None, "missing", -1, 0])
@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_version_that_is_not_a_whole_number_botdeck_wrote_is_said_in_plain_words(
    app, client, kind, version
):
    """A copy file of version "1" was refused as "unsupported version '1' (this app
    reads 1)": Python's quotes, and a 1 that looks like the one it reads."""
    data = kind.file()
    if version == "missing":
        data.pop("version")
    else:
        data["version"] = version
    shown = refused(
        app,
        client,
        kind,
        json.dumps(data).encode(),
        "its version (field 'version') is not a number Botdeck knows",
    )
    assert "'1'" not in shown and "None" not in shown and "True" not in shown


@pytest.mark.parametrize("revision", ["2", 0, 10**30])
@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_revision_that_is_not_a_number_botdeck_knows_is_said_in_plain_words(
    app, client, kind, revision
):
    """A deck or a board is kept as it was read: a revision past 64 bits would be kept,
    and the next game or export of it would fail."""
    data = {**kind.file(), "revision": revision}
    refused(
        app,
        client,
        kind,
        json.dumps(data).encode(),
        "its revision (field 'revision') is not a number Botdeck knows",
    )


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_version_that_is_not_a_number_is_refused_in_french(app, french, kind):
    data = {**kind.file(), "version": "1"}
    response = send(french, kind, json.dumps(data).encode())
    assert_french(
        response, "sa version (champ « version ») n'est pas un nombre que Botdeck connaît"
    )


# --- a number far too large ---------------------------------------------------------------


def with_number(kind: Kind, number: str) -> bytes:
    data = kind.file()
    kind.number(data, "@number@")
    return json.dumps(data).encode().replace(b'"@number@"', number.encode())


@pytest.mark.parametrize("number", [HUGE, "-" + HUGE, "1e999", "1" + "0" * 400 + ".5"])
@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_number_far_too_large_is_refused_naming_its_field(app, client, kind, number):
    """A 5,000-digit number was refused as "not JSON" (Python will not turn it into an
    int), and 1e999 read as infinity."""
    refused(
        app,
        client,
        kind,
        with_number(kind, number),
        f"cannot be imported: a number is far too large (field '{kind.field}')",
        "Nothing was imported",
    )


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_a_number_far_too_large_is_refused_in_french(app, french, kind):
    response = send(french, kind, with_number(kind, HUGE))
    assert_french(response, f"un nombre est bien trop grand (champ « {kind.field} »)")


def test_a_deck_file_sent_with_a_new_game_names_the_number_far_too_large(app, client):
    content = with_number(KINDS[1], HUGE)
    response = client.post(
        "/games",
        data={"bot": "covenant", "deck": (io.BytesIO(content), "deck.json")},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert "a number is far too large (field 'layout.rows.0')" in text(response)


# --- what a file says of the Botdeck that wrote it ---------------------------------------


def every_file(client) -> dict[str, dict[str, Any]]:
    """A file of every kind as this Botdeck writes it, through its download routes (the
    copy holds the board imported with it; the collection a game and a deck)."""
    started = client.post("/games", data={"bot": "covenant", "difficulty": "normal"})
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    made = client.post("/library/covenant/new", data={"name": "Ours"})
    deck_id = made.headers["Location"].rsplit("/", 1)[1]
    send(client, KINDS[3], json.dumps(deacon_copy()).encode())
    copy = json.loads(client.get("/library/deacon/copy/export").data)
    collection = json.loads(client.get("/data/export").data)
    return {
        "game": json.loads(client.get(f"/g/{game_id}/export").data),
        "deck": json.loads(client.get(f"/library/covenant/{deck_id}/export").data),
        "copy": copy,
        "board in the copy": copy["board"],
        "board": _board_export(client),
        "collection": collection,
        "game in the collection": collection["games"][0],
        "deck in the collection": collection["decks"][0],
    }


def _board_export(client) -> dict[str, Any]:
    made = client.post("/library/deacon/boards/new", data={"name": "Ours"})
    board_id = made.headers["Location"].rsplit("/", 1)[1]
    return json.loads(client.get(f"/library/deacon/boards/{board_id}/export").data)


def test_every_file_of_a_later_revision_says_so_and_reads_back(app, client, monkeypatch):
    """The release that raises the revision need only raise it: every file it writes
    says so, an earlier Botdeck can tell, and the files read back on it."""
    from webapp.engine import file_versions

    monkeypatch.setattr(file_versions, "REVISION", 2)
    written = every_file(client)
    assert {kind: data.get("revision") for kind, data in written.items()} == dict.fromkeys(
        written, 2
    )
    for kind in KINDS:
        assert send(client, kind, json.dumps(written[kind.name]).encode()).status_code in (200, 303)


def test_files_of_this_revision_say_nothing_an_earlier_botdeck_would_refuse(client):
    """An earlier Botdeck's schemas refuse a field they do not list: today's files (of
    revision 1) carry no `revision`, and read on it as before."""
    assert all("revision" not in data for data in every_file(client).values())
