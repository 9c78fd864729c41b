"""Static files go out compressed as the browser accepts, each compressed once."""

from __future__ import annotations

import gzip
import re
import urllib.parse

import brotli
import pytest
import rcssmin
import rjsmin

from webapp.web import static_files

from .conftest import HTMX


def test_the_stylesheet_goes_out_in_brotli_gzip_or_as_it_is(app, client):
    with open(f"{app.static_folder}/botdeck.css", "rb") as file:
        css = file.read()
    minified = rcssmin.cssmin(css)  # without its comments and spaces
    br = client.get("/static/botdeck.css", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br" and brotli.decompress(br.data) == minified
    packed = client.get("/static/botdeck.css", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and gzip.decompress(packed.data) == minified
    with client.get("/static/botdeck.css") as plain:  # streamed from the file as it is
        assert "Content-Encoding" not in plain.headers and plain.data == css
    assert len(br.data) < len(css) / 5
    assert br.headers["Vary"] == "Accept-Encoding" and br.headers["ETag"] != plain.headers["ETag"]


@pytest.mark.parametrize(
    ("path", "minify"),
    [
        ("/static/botdeck.js", rjsmin.jsmin),
        ("/static/pages.css", rcssmin.cssmin),
        ("/bots/deacon/static/deacon.css", rcssmin.cssmin),
        ("/static/vendor/htmx.min.js", None),  # minified already, its licence beside it
    ],
)
def test_our_stylesheets_and_scripts_go_out_minified_and_vendored_ones_as_they_are(
    app, client, path, minify
):
    with client.get(path) as plain:
        written = plain.data
    sent = brotli.decompress(client.get(path, headers={"Accept-Encoding": "br"}).data)
    assert sent == (written if minify is None else minify(written))
    if minify is not None:
        assert len(sent) < 0.9 * len(written) and b"/*" not in sent


def test_a_static_file_is_compressed_once(app, client, monkeypatch):
    compressions = []
    real = static_files._compress

    def counted(data: bytes, encoding: str) -> bytes:
        compressions.append(encoding)
        return real(data, encoding)

    monkeypatch.setattr(static_files, "_compress", counted)
    static_files._compressed.clear()
    for _ in range(5):
        response = client.get("/static/botdeck.js", headers={"Accept-Encoding": "br"})
        assert response.status_code == 200 and response.headers["Content-Encoding"] == "br"
    assert compressions == ["br"]


def test_an_image_compressed_already_goes_out_as_it_is(app, client):
    with open(f"{app.static_folder}/icons/icon-192.png", "rb") as file:
        png = file.read()
    with client.get("/static/icons/icon-192.png", headers={"Accept-Encoding": "br, gzip"}) as sent:
        assert "Content-Encoding" not in sent.headers and sent.data == png


def test_a_compressed_static_file_carries_its_etag_and_no_needless_header(client):
    with client.get("/static/botdeck.css", headers={"Accept-Encoding": "br"}) as sent:
        assert sent.headers["ETag"].endswith(':br"')
        for needless in ("Last-Modified", "Accept-Ranges", "Content-Disposition", "Date"):
            assert needless not in sent.headers, needless  # (the server writes the Date)


def test_a_compressed_static_file_the_browser_holds_is_not_sent_again(client):
    """Asked again with its ETag (a reload, a URL without its hash), a compressed file
    is answered 304 without a body; its ETag is the hash of its bytes, as in its URL."""
    page = client.get("/").get_data(as_text=True)
    version = re.search(r'/static/botdeck\.css\?v=(\w+)"', page).group(1)
    sent = client.get("/static/botdeck.css", headers={"Accept-Encoding": "br"})
    assert sent.status_code == 200 and sent.headers["ETag"] == f'"{version}:br"'
    again = client.get(
        "/static/botdeck.css",
        headers={"Accept-Encoding": "br", "If-None-Match": sent.headers["ETag"]},
    )
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == sent.headers["ETag"] and "Content-Length" not in again.headers
    assert again.headers["Vary"] == "Accept-Encoding"
    # the same file in another encoding, or another file, is sent whole
    other = client.get(
        "/static/botdeck.css",
        headers={"Accept-Encoding": "gzip", "If-None-Match": sent.headers["ETag"]},
    )
    assert other.status_code == 200 and gzip.decompress(other.data)
    script = client.get(
        "/static/botdeck.js",
        headers={"Accept-Encoding": "br", "If-None-Match": sent.headers["ETag"]},
    )
    assert script.status_code == 200 and brotli.decompress(script.data)


def test_a_whole_page_is_compressed_harder_than_a_taps_answer(client, game_id):
    """A first visit's page at Brotli quality 5; htmx's answers at the fastest (a tap's
    time counts more than its bytes)."""
    plain = client.get(f"/g/{game_id}").get_data()
    page = client.get(f"/g/{game_id}", headers={"Accept-Encoding": "br"})
    assert page.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in page.headers["Vary"]
    assert page.data == brotli.compress(plain, quality=static_files.PAGE_QUALITY)
    asked = client.get(f"/g/{game_id}", headers={"Accept-Encoding": "br", **HTMX})
    answer = client.get(f"/g/{game_id}", headers=HTMX).get_data()
    assert asked.headers["Content-Encoding"] == "br" and brotli.decompress(asked.data) == answer
    assert asked.data == brotli.compress(answer, quality=1)  # Flask-Compress's, the fastest


def test_the_tabs_icon_is_drawn_with_the_page(app, client):
    with open(f"{app.static_folder}/favicon.svg", encoding="utf-8") as file:
        svg = file.read().strip().replace('"', "'")
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'<link rel="icon" href="data:image/svg\+xml,([^"]+)"', page)
    assert found is not None and urllib.parse.unquote(found.group(1)) == svg
