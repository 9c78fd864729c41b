"""Static files go out compressed as the browser accepts, each compressed once."""

from __future__ import annotations

import gzip

import brotli
import pytest
import rcssmin
import rjsmin

from webapp.web import static_files


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
        ("/static/part_forms.css", rcssmin.cssmin),
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
