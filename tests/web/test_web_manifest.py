"""Installable: a web app manifest, its icons and the iOS tags, so that "Add to Home
Screen" opens Botdeck full screen with its own icon."""

from __future__ import annotations

import html
import json
import re
import struct

IMMUTABLE = "public, max-age=31536000, immutable"


def head_of(client, path: str = "/") -> str:
    shown = client.get(path).get_data(as_text=True)
    return html.unescape(shown[: shown.index("</head>")])


def link(head: str, rel: str) -> str:
    return re.search(rf'<link rel="{rel}" href="([^"]+)"', head).group(1)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its signature, then the IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_has_every_field_an_install_needs(client):
    response = client.get(link(head_of(client), "manifest"))
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/manifest+json"
    assert response.headers["Cache-Control"] == IMMUTABLE  # under its hash, like static files
    manifest = json.loads(response.data)
    assert manifest["name"] and manifest["short_name"] == "Botdeck" and manifest["description"]
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] in ("standalone", "fullscreen")
    for colour in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[colour])
    icons = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= icons


def test_every_icon_the_manifest_names_is_a_png_of_its_size(client):
    manifest = client.get(link(head_of(client), "manifest")).json
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200, icon["src"]
            assert response.headers["Content-Type"] == icon["type"] == "image/png"
            assert response.headers["Cache-Control"] == IMMUTABLE
            width, height = png_size(response.data)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_ios_gets_its_icon_and_opens_full_screen(client):
    head = head_of(client)
    with client.get(link(head, "apple-touch-icon")) as response:
        assert response.headers["Content-Type"] == "image/png"
        assert png_size(response.data) == (180, 180)
    for name in ("apple-mobile-web-app-capable", "mobile-web-app-capable"):
        assert f'<meta name="{name}" content="yes">' in head
    assert '<meta name="apple-mobile-web-app-title" content="Botdeck">' in head
    assert '<meta name="apple-mobile-web-app-status-bar-style" content="black">' in head
    assert re.search(
        r'name="theme-color" content="#\w{6}" data-scheme="light" '
        r'media="\(prefers-color-scheme: light\)"',
        head,
    )
    assert (
        'name="theme-color" content="#15191e" data-scheme="dark" '
        'media="(prefers-color-scheme: dark)"' in head
    )


def test_the_manifest_speaks_the_pages_language(client):
    english = client.get(link(head_of(client), "manifest")).json
    client.get("/lang/fr")
    url = link(head_of(client), "manifest")
    client.delete_cookie("botdeck_lang")  # a browser fetches its manifest without cookies
    french = client.get(url).json
    assert "lang=fr" in url and french["lang"] == "fr" and english["lang"] == "en"
    assert french["description"] != english["description"]
    assert "plateau" in french["description"]


def test_a_theme_chosen_on_the_device_colours_the_browser_bars_whatever_the_system(client):
    client.set_cookie("botdeck_theme", "dark")
    head = head_of(client)
    assert re.findall(r'<meta name="theme-color"[^>]*media="all">', head) == [
        '<meta name="theme-color" content="#15191e" data-scheme="dark" media="all">'
    ]
    assert 'data-scheme="light" media="not all"' in head
