"""Screenshots of each bot's key figures beside the question, to look at (not a test):
`PYTHONPATH=. .venv/bin/python -m tests.e2e.screenshots_figures [OUT_DIR]`.

Each bot's game some way in, at 1024x768 (also scrolled down), 768x1024 and 390x844
(the phone twice: as the page opens, and its Board tab's first screen), the 2 vs 2
Covenant in the dark theme too, and Deacon in French."""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright
from werkzeug.serving import make_server

from webapp import create_app

from ..conftest import CHROMIUM, CHROMIUM_FLAGS
from .screenshots_board_editor import shoot
from .test_figures import GAMES, played

SIZES = ((1024, 768), (768, 1024), (390, 844))


def file_name(name: str) -> str:
    return "figures-" + name.lower().replace(" ", "-")


def shoot_game(browser: Browser, url: str, out: Path, name: str, **look: str) -> None:
    """One game at every size (`look`: the theme and language of the shots' names)."""
    theme, language = look.get("theme", "light"), look.get("language", "en")
    suffix = "".join(f"-{v}" for v in (theme, language) if v not in ("light", "en"))
    for width, height in SIZES:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme=theme,  # type: ignore[arg-type]
            locale=language,
        )
        page = context.new_page()
        page.goto(url)
        page.wait_for_timeout(200)
        shoot(page, out, f"{file_name(name)}-{width}x{height}{suffix}")
        if width == 1024:  # scrolled down to the card: the strip stays in sight
            page.evaluate("window.scrollTo(0, 700)")
            page.wait_for_timeout(100)
            shoot(page, out, f"{file_name(name)}-{width}x{height}-scrolled{suffix}")
        if width < 700:  # the phone's Board tab, its tabs at the top
            page.evaluate(
                "() => window.scrollTo(0, document.querySelector('.view-tabs')"
                ".getBoundingClientRect().top + scrollY)"
            )
            page.wait_for_timeout(100)
            shoot(page, out, f"{file_name(name)}-{width}x{height}-board-tab{suffix}")
        context.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = create_app({"TESTING": True, "DATA_DIR": tempfile.mkdtemp()})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for name, (bot, options, answers) in GAMES.items():
            game = f"{url}/g/{played(app, bot, options, answers)}"
            shoot_game(browser, game, out, name)
            if name == "Covenant 2 vs 2":
                shoot_game(browser, game, out, name, theme="dark")
            if name == "Deacon":
                shoot_game(browser, game, out, name, language="fr")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("figures-shots"))
