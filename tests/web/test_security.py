"""On a shared Wi-Fi: requests another site starts are refused, names that are not this
computer's are refused, every response carries the standard security headers."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from webapp import create_app
from webapp.bots.covenant.entry import blank_section
from webapp.service import boards, games, library
from webapp.storage import db

from ..engine.decks import deck, section
from .conftest import HTMX, OWNER, tap, version_of
from .test_bad_input import POST_ROUTES
from .test_library import SECTION as A_SECTION
from .test_library import deck_data, new_deck, save_section

FOREIGN = [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},  # another port of this machine is another origin
    {"Origin": "http://evil.example"},
    {"Origin": "http://localhost:9999"},
    {"Origin": "null"},
]


@pytest.fixture
def filled_deck(client) -> str:
    deck_id = new_deck(client, "My cards")
    saved = save_section(client, deck_id, "07", "normal.0", {"sections": 4, "section": A_SECTION})
    assert saved.status_code == 204
    return deck_id


@pytest.mark.parametrize("headers", FOREIGN)
def test_another_site_cannot_replace_a_deck_by_importing_an_empty_one(client, filled_deck, headers):
    """The audit's attack: one POST from another site's page wiped an 18-card deck."""
    before = deck_data(client, filled_deck)
    empty = {**before, "cards": []}
    response = client.post(
        "/library/covenant/import/resolve",
        data={"choice": "replace", "data": json.dumps(empty)},
        headers=headers,
    )
    assert response.status_code == 403
    assert "came from another web site" in response.get_data(as_text=True)
    assert deck_data(client, filled_deck) == before


def real_routes(app) -> dict[str, str]:
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Ours", seed=1)
        deck_id = library.create("covenant", "Ours", OWNER)
        board_id = boards.create("deacon", "Ours", OWNER)
    return {
        "<game_id>": game_id,
        "<deck_id>": deck_id,
        "<bot_id>/boards": "deacon/boards",
        "<bot_id>": "covenant",
        "<card_id>": "07",
        "<part>": "normal.0",
        "<board_id>": board_id,
    }


def test_every_route_that_changes_something_refuses_another_site(app, client):
    values = real_routes(app)
    for route in POST_ROUTES:
        url = route
        for name, value in values.items():
            url = url.replace(name, value)
        for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "http://evil.example"}):
            response = client.post(url, data={"version": "0", "name": "x"}, headers=headers)
            assert response.status_code == 403, (url, headers)
    with app.app_context():
        assert db.find_game(values["<game_id>"]).version == 0
        assert library.find("covenant", values["<deck_id>"], OWNER) is not None
        assert boards.find("deacon", values["<board_id>"], OWNER).data["name"] == "Ours"


def test_the_pages_own_taps_and_forms_pass(client, game_id):
    version = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    same_origin = {**HTMX, "Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}
    response = client.post(
        f"/g/{game_id}/answer", data={"version": version, "value": "H"}, headers=same_origin
    )
    assert response.status_code == 200
    # an older browser that sends only Origin, with the port it used
    response = client.post(
        f"/g/{game_id}/rename",
        data={"name": "Renamed"},
        headers={"Origin": "http://localhost:8000"},
        base_url="http://localhost:8000",
    )
    assert response.status_code == 303
    # a typed address or a bookmark ("none"), and tools that are not browsers (no header):
    # taken (not merely let past the check and refused as an answer that does not fit)
    before = version_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert tap(client, game_id, "yes").status_code == 200  # 1.2 is still unexplored
    assert version_of(client.get(f"/g/{game_id}").get_data(as_text=True)) == before + 1


def test_a_name_that_is_not_this_computers_is_refused(client, game_id):
    for path in ("/", f"/g/{game_id}", f"/g/{game_id}/share"):
        response = client.get(path, headers={"Host": "evil.example"})
        assert response.status_code == 421
        assert "does not answer to the name “evil.example”" in response.get_data(as_text=True)
    assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:8000"}).status_code == 200


def test_another_name_can_be_allowed_deliberately(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "ALLOWED_HOSTS": ("Deck.lan",)})
    client = app.test_client()
    assert client.get("/", headers={"Host": "deck.lan:8000"}).status_code == 200
    assert client.get("/", headers={"Host": "other.lan"}).status_code == 421


def test_share_links_are_built_from_the_computers_own_names(client, game_id):
    panel = client.get(f"/g/{game_id}/share", headers={"Host": "127.0.0.1:8000"})
    assert panel.status_code == 200
    assert "evil" not in panel.get_data(as_text=True)


def test_every_document_carries_the_security_headers(client, game_id):
    for path in ("/", f"/g/{game_id}", "/static/favicon.svg", "/manifest.webmanifest", "/nowhere"):
        with client.get(path) as response:
            headers = response.headers
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp and "form-action 'self'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize(
    "path",
    ["/static/botdeck.css", "/static/vendor/htmx.min.js", "/static/icons/apple-touch-icon.png"],
)
def test_a_stylesheet_script_or_picture_carries_only_what_it_needs(client, path):
    """A document's headers act on nothing else: sent with every file of a first visit,
    they were a fifth of its headers."""
    with client.get(path, headers={"Accept-Encoding": "br"}) as response:
        assert response.status_code == 200
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        for document_only in ("Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"):
            assert document_only not in response.headers, document_only


def test_the_editor_only_ever_saves_to_botdeck_s_own_routes(client):
    draft = json.loads(
        json.dumps(
            {
                "card": "07",
                "side": "normal",
                "sections": 4,
                "fixed_count": False,
                "wanted": 0,
                "rows": [3, 3, 3, 3],
                "mode": "end",
                "branch": None,
                "pending": None,
                "section": blank_section(),
            }
        )
    )
    deck_id = new_deck(client)
    own = f"/library/covenant/{deck_id}/card/07/normal.0"
    for save in ("/\\evil.example/x", "//evil.example/x", "https://evil.example/", "/lobby", "/"):
        response = client.post(
            "/entry/covenant", data={"draft": json.dumps(draft), "save": save}, headers=HTMX
        )
        assert response.status_code == 400, save
    response = client.post(
        "/entry/covenant",
        data={"draft": json.dumps(draft), "save": own, "op": "space", "space": "H"},
        headers=HTMX,
    )
    assert response.status_code == 200  # the tap taken: its end space is the Harbor
    assert "Set the orange end space to save." not in response.get_data(as_text=True)
    assert f'action="{own}"' in response.get_data(as_text=True)


def stored_rows(app) -> dict[str, int]:
    with sqlite3.connect(app.config["DATABASE"]) as con:
        return {
            t: con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("games", "decks")
        }


def test_a_deck_file_from_another_site_cannot_start_a_game(app, client):
    """A deck file that would start a game from this computer's own page: refused, and
    nothing stored (a refusal that came after the game was made would still be a 403)."""
    good = json.dumps(deck(section())).encode()
    response = client.post(
        "/games",
        data={"bot": "covenant", "deck": (io.BytesIO(good), "d.json")},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code == 403
    assert "came from another web site" in response.get_data(as_text=True)
    assert stored_rows(app) == {"games": 0, "decks": 0}
    from_here = client.post(
        "/games", data={"bot": "covenant", "deck": (io.BytesIO(good), "d.json")}
    )
    assert from_here.status_code == 303 and stored_rows(app)["games"] == 1  # the file is good


@pytest.mark.parametrize("origin", ["http://[::1", "http://[::1]:x", "http://localhost:99999999"])
def test_an_origin_that_is_not_an_address_is_refused_not_an_error(client, game_id, origin):
    """An Origin like "http://[::1" (a bracket left open) answered 500 on every route that changes
    something (the server fuzz found it)."""
    response = client.post(f"/g/{game_id}/rename", data={"name": "x"}, headers={"Origin": origin})
    assert response.status_code == 403
    assert "another web site" in response.get_data(as_text=True)


@pytest.mark.parametrize("host", ["a" * 64 + ".lan", "a..b", "a" * 300])
def test_a_name_no_address_can_be_built_on_is_refused_in_words(client, host):
    """Such a Host left Flask without its URL builder, and every error page, which
    links to the lobby and the CSS, answered 500 instead (the server fuzz found it)."""
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 421
    assert "Botdeck does not answer to the name" in response.get_data(as_text=True)
