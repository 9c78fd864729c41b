"""Sharing a game: secret links, the lobby per device, watch-only, device names."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

from webapp import create_app
from webapp.storage import db

from .conftest import HTMX, open_link, tap

PHONE = {"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148"}
TABLET = {"User-Agent": "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36"}


def start(client) -> str:
    response = client.post("/games", data={"bot": "covenant"})
    return response.headers["Location"].rsplit("/", 1)[1]


def watch_id_of(client, game_id: str) -> str:
    panel = client.get(f"/g/{game_id}/share").get_data(as_text=True)
    return re.search(r"/w/([\w-]+)", panel).group(1)


def test_each_game_link_carries_at_least_128_random_bits(client):
    game_id = start(client)
    watch_id = watch_id_of(client, game_id)
    assert len(game_id) >= 22 and len(watch_id) >= 22  # 16 random bytes, base64url
    assert game_id != watch_id


def test_a_device_without_the_link_sees_nothing(app, client):
    game_id = start(client)
    stranger = app.test_client()
    assert "game-item" not in stranger.get("/").get_data(as_text=True)
    assert stranger.get(f"/g/{game_id[:-1]}x").status_code == 404
    assert "game-item" in client.get("/").get_data(as_text=True)


def test_opening_the_link_joins_the_game_on_that_device(app, client):
    game_id = start(client)
    partner = app.test_client()
    open_link(partner, f"/g/{game_id}")
    assert game_id in partner.get("/").get_data(as_text=True)


def test_the_watch_link_shows_the_live_game_without_any_button(app, client):
    game_id = start(client)
    watch_id = watch_id_of(client, game_id)
    viewer = app.test_client()
    html = open_link(viewer, f"/w/{watch_id}").get_data(as_text=True)
    assert "Where is your Ship?" in html
    assert "<form" not in html.split('id="checklist"')[1].split("</section>")[0]
    assert "/answer" not in html and "/undo" not in html and "/share" not in html
    assert 'sse-connect="/w/' in html
    assert game_id not in html  # the play secret is not given away
    # a watch link has no routes that change the game: nothing there to post to
    assert (
        viewer.post(f"/w/{watch_id}/answer", data={"version": 0, "value": "H"}).status_code == 404
    )
    lobby = viewer.get("/").get_data(as_text=True)
    assert f"/w/{watch_id}" in lobby and "Watching" in lobby


def test_the_share_panel_gives_lan_links_and_qr_codes(tmp_path):
    # the address the tablet used, as if it were one of this computer's own
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(tmp_path), "ALLOWED_HOSTS": ["192.168.1.20"]}
    )
    client = app.test_client()
    game_id = start(client)
    html = client.get(f"/g/{game_id}/share", base_url="http://192.168.1.20:8000").get_data(
        as_text=True
    )
    assert f"http://192.168.1.20:8000/g/{game_id}" in html
    assert html.count('<svg viewBox="0 0') >= 2  # a QR code for playing and one for watching


def test_devices_get_default_names_and_the_history_says_who_did_what(app):
    phone, tablet, phone2 = (app.test_client() for _ in range(3))
    game_id = start(tablet)
    open_link(phone, f"/g/{game_id}", headers=PHONE)  # joining stores it, as "Phone"
    assert "Phone 2" in phone2.get("/", headers=PHONE).get_data(as_text=True)
    tap(phone, game_id, "H")
    history = tablet.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert re.search(
        r"Where is your Ship\? — Harbor</span>\s*(?:</span>\s*)?"
        r"<span class=\"history-device muted\">Phone</span>",
        history,
    )


VISITS = [
    ("/", 200),
    ("/library/covenant", 200),
    ("/library/solo_enemy", 200),
    ("/nothing-here", 404),
]


def test_a_visit_that_changes_nothing_stores_no_device(app):
    """The audit stored a row per cookie-less visit (200k rows made the lobby slow)."""
    for _ in range(50):
        visitor = app.test_client()
        for path, status in VISITS:
            assert visitor.get(path, headers=PHONE).status_code == status, path
    game_id = start(app.test_client())  # starting a game stores its device
    open_link(app.test_client(), f"/g/{game_id}")  # so does opening a game's link
    with app.app_context():
        assert db.device_count() == 2


def test_a_device_keeps_its_cookie_before_it_is_stored(client):
    first = client.get("/")
    cookie = client.get_cookie("botdeck_device").value
    assert "botdeck_device" in first.headers["Set-Cookie"]
    assert "Set-Cookie" not in client.get("/").headers  # the same id, not a new one
    game_id = start(client)
    assert client.get_cookie("botdeck_device").value == cookie
    assert game_id in client.get("/").get_data(as_text=True)


def test_a_device_can_choose_its_name(client):
    client.get("/")
    client.post("/device/name", data={"name": "Kitchen tablet", "next": "/"})
    html = client.get("/").get_data(as_text=True)
    assert '<div id="device-ask" hidden>' in html  # asked once, then never again
    game_id = start(client)
    tap(client, game_id, "H")
    assert "Kitchen tablet" in client.get(f"/g/{game_id}/history").get_data(as_text=True)


def test_a_stale_tap_from_another_device_gets_the_current_state_and_a_notice(app, client):
    game_id = start(client)
    partner = app.test_client()
    open_link(partner, f"/g/{game_id}")
    assert tap(client, game_id, "H", version=0).status_code == 200
    late = tap(partner, game_id, "2.2", version=0)
    assert late.status_code == 409
    text = late.get_data(as_text=True)
    assert "Already resolved on another device" in text
    assert 'data-game-version="1"' in text
    undo_late = partner.post(f"/g/{game_id}/undo", data={"version": 0}, headers=HTMX)
    assert undo_late.status_code == 409


def test_a_2_vs_2_game_starts_from_the_lobby_with_both_names(client):
    response = client.post(
        "/games",
        data={
            "bot": "covenant",
            "coop": "on",
            "players": ["Ann", "Ben"],
            "difficulty": "hard",
        },
    )
    page = html.unescape(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Ann's Covenant" in page and "Ben's Covenant" in page
    assert "Where is Ann's Ship?" in page


def test_a_tap_knows_its_device_from_the_cookie_without_asking_the_database(app, client):
    game_id = start(client)
    open_link(client, f"/g/{game_id}")
    statements: list[str] = []
    with app.app_context():
        db.get_db().set_trace_callback(statements.append)  # this thread's connection
    try:
        tap(client, game_id, "H", version=0)
        tap(client, game_id, "1.1", version=0)  # stale: answered from memory too
    finally:
        with app.app_context():
            db.get_db().set_trace_callback(None)
    assert statements and not [s for s in statements if "FROM devices" in s]


def test_a_new_name_shows_at_the_devices_next_tap(client):
    game_id = start(client)
    tap(client, game_id, "H", version=0)
    client.post("/device/name", data={"name": "Kitchen tablet", "next": "/"})
    client.post(
        f"/g/{game_id}/correct", data={"version": 1, "field": "coins", "value": 3}, headers=HTMX
    )
    history = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert re.findall(r'class="history-device muted">([^<]+)<', history) == [
        "Kitchen tablet",  # newest first
        "Computer",
    ]


def test_the_name_botdeck_is_announced_under_comes_first_its_qr_code_first(tmp_path):
    """Announced as botdeck.local (webapp/network/announce.py; found on the network in
    tests/test_announce.py): the Share panel offers the name's link first, with the
    first QR code, then the addresses; the Host check answers to the name, and stops
    answering to it once it is withdrawn."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "ALLOWED_HOSTS": []})
    announcement = SimpleNamespace(host="botdeck.local", port=8000)
    app.extensions["botdeck_announcement"] = announcement
    client = app.test_client()
    base = "http://botdeck.local:8000"
    response = client.post("/games", data={"bot": "covenant"}, base_url=base)
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    panel = client.get(f"/g/{game_id}/share", base_url=base).get_data(as_text=True)
    links = re.findall(r"<code>(http://[^<]+)</code>", panel)
    assert links[0] == f"http://botdeck.local:8000/g/{game_id}"
    assert links.count(links[0]) == 1  # the name used by this device is not listed twice
    first_qr = panel.index("<svg viewBox")
    assert first_qr < panel.index(f"<code>http://botdeck.local:8000/g/{game_id}</code>")
    announcement.host = None  # withdrawn (stopped)
    refused = client.get("/", base_url=base)
    assert refused.status_code == 421
    assert "does not answer to the name “botdeck.local”" in html.unescape(
        refused.get_data(as_text=True)
    )
