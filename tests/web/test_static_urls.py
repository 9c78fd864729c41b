"""Static files under content-hashed URLs: kept by the browser for a year, a new URL
whenever a file changes."""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from pathlib import Path

import brotli
from flask import Flask, url_for

from webapp import create_app
from webapp.web import static_urls

ROOT = Path(__file__).resolve().parents[2]
STATIC_URL = re.compile(r'(?:href|src|data-nosleep)="(/(?:bots/\w+/)?static/[^"?]+)\?v=(\w+)"')


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def static_urls_in(html: str) -> dict[str, str]:
    return dict(STATIC_URL.findall(html))


def test_every_static_url_of_a_page_carries_its_files_hash(app, client, game_id):
    shown = client.get(f"/g/{game_id}").get_data(as_text=True)
    urls = static_urls_in(shown)
    bare = re.findall(r'(?:href|src)="(/(?:bots/\w+/)?static/[^"]*)"', shown)
    assert [url for url in bare if "?v=" not in url] == []
    assert {"/static/botdeck.css", "/static/vendor/htmx.min.js", "/static/botdeck.js"} <= set(urls)
    assert "/bots/covenant/static/covenant.css" in urls  # a bot's own stylesheet too
    for url, digest in urls.items():
        bot = re.match(r"/bots/(\w+)/static/(.*)", url)
        path = (
            ROOT / "webapp" / "bots" / bot[1] / "static" / bot[2]
            if bot
            else Path(app.static_folder) / url.removeprefix("/static/")
        )
        assert digest == file_hash(path), url


def test_a_file_under_its_hash_is_kept_a_year_and_otherwise_asked_again(client):
    urls = static_urls_in(client.get("/").get_data(as_text=True))
    css = f"/static/botdeck.css?v={urls['/static/botdeck.css']}"
    packed = client.get(css, headers={"Accept-Encoding": "br"})  # compressed once, as before
    assert packed.headers["Content-Encoding"] == "br" and brotli.decompress(packed.data)
    with client.get(css) as plain:
        for response in (packed, plain):
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    bot_css = f"/bots/covenant/static/covenant.css?v={urls['/bots/covenant/static/covenant.css']}"
    with client.get(bot_css) as response:
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for stale in ("/static/botdeck.css", "/static/botdeck.css?v=0123456789abcdef"):
        with client.get(stale) as response:
            assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache"


def serving(folder: Path, tmp_path: Path, *, debug: bool = False) -> Flask:
    """A Botdeck whose static folder is `folder`."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    app.static_folder, app.debug = str(folder), debug
    return app


def url_of(app: Flask, filename: str) -> str:
    with app.test_request_context():
        return url_for("static", filename=filename)


def test_a_changed_file_gets_a_new_url_at_the_next_start(tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    script = folder / "botdeck.js"
    script.write_text("// one")
    running = serving(folder, tmp_path)
    first = url_of(running, "botdeck.js")
    script.write_text("// and two")
    assert url_of(running, "botdeck.js") == first  # hashed once: no disk read per page
    restarted = serving(folder, tmp_path)
    second = url_of(restarted, "botdeck.js")
    assert first != second and second == f"/static/botdeck.js?v={file_hash(script)}"
    client = restarted.test_client()
    with client.get(first) as old:  # an old page's URL: the new file, asked again next time
        assert old.data == b"// and two" and old.headers["Cache-Control"] == "no-cache"
    with client.get(second) as new:
        assert new.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_in_debug_mode_an_edited_file_gets_its_new_url_at_once(tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    script = folder / "botdeck.js"
    script.write_text("// one")
    app = serving(folder, tmp_path, debug=True)
    first = url_of(app, "botdeck.js")
    script.write_text("// and two")
    os.utime(script, ns=(1, 2))  # another modification time, whatever the clock's step
    assert url_of(app, "botdeck.js") == f"/static/botdeck.js?v={file_hash(script)}" != first


def test_each_file_is_hashed_once(client, monkeypatch):
    hashed: list[str] = []
    real = static_urls._hash_file

    def counted(path: str) -> str:
        hashed.append(path)
        return real(path)

    monkeypatch.setattr(static_urls, "_hash_file", counted)
    for _ in range(2):
        client.get("/")
    assert hashed and len(hashed) == len(set(hashed))


def test_the_wheel_ships_every_static_file():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    static = ROOT / "static"
    patterns = settings["package-data"]["webapp.static"]
    shipped = {found for pattern in patterns for found in static.glob(pattern)}
    wanted = {found for found in static.rglob("*") if found.is_file() and found.suffix != ".md"}
    assert wanted - shipped == set()
