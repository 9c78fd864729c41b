"""Screenshots of the board editor at a tablet's and a phone's size, to look at (not a
test): `PYTHONPATH=. .venv/bin/python -m tests.e2e.screenshots_board_editor OUT_DIR`."""

from __future__ import annotations

import json
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright
from werkzeug.serving import make_server

from webapp import create_app
from webapp.bots.deacon.board import demo_board

from ..conftest import CHROMIUM, CHROMIUM_FLAGS

SIZES = {"phone": (390, 844), "tablet": (1024, 768)}


def tap(page: Page, selector: str) -> None:
    """One tap, then wait until htmx has swapped the editor's answer in."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def shoot(page: Page, out: Path, name: str, full: bool = False) -> None:
    for attempt in range(3):  # headless Chromium now and then cannot capture at once
        try:
            page.screenshot(path=str(out / f"{name}.png"), full_page=full)
            return
        except PlaywrightError:
            if attempt == 2:
                raise
            page.wait_for_timeout(300)


def served() -> str:
    """The app on a fresh data folder, served in a thread for the screenshots: its URL."""
    app = create_app({"TESTING": True, "DATA_DIR": tempfile.mkdtemp()})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    url = served()
    demo = {**demo_board(), "name": "Copy of the demo"}
    demo.pop("demo")
    demo_file = Path(tempfile.mkdtemp()) / "board.json"
    demo_file.write_text(json.dumps(demo))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.goto(url + "/library/deacon/boards")
            page.fill("input[name=name]", f"Tuesday {size}")
            page.click("button:text-is('Create')")
            shoot(page, out, f"{size}-1-empty")
            for cell in ("175,125", "475,175", "325,425", "675,375"):
                tap(page, f'.tap-grid button[value="{cell}"]')
            shoot(page, out, f"{size}-2-islands")
            tap(page, ".editor-mode:has-text('Routes')")
            for a, b in ((1, 2), (2, 3), (3, 1), (2, 4), (4, 3)):
                tap(page, f'.tap-island[aria-label="Island {a}"]')
                tap(page, f'.tap-island[aria-label="Island {b}"]')
            tap(page, ".editor-choice:text-is('2')")
            shoot(page, out, f"{size}-3-routes")
            tap(page, ".editor-mode:has-text('Sectors')")
            for route in ("Route 1–2", "Route 2–3"):
                tap(page, f'.tap-route[aria-label="{route}"]')
            shoot(page, out, f"{size}-4-sector-open")
            tap(page, '.tap-route[aria-label="Route 1–3"]')
            tap(page, ".editor-choice:text-is('2')")
            shoot(page, out, f"{size}-5-sector-closed")
            tap(page, ".button:has-text('Save sector')")
            shoot(page, out, f"{size}-6-sector-saved", full=True)
            page.goto(url + "/library/deacon/boards")
            page.set_input_files("input[type=file]", str(demo_file))
            page.click("button:has-text('Import')")
            shoot(page, out, f"{size}-7-imported")
            tap(page, ".editor-mode:has-text('Sectors')")
            tap(page, '.tap-sector[aria-label="Sector C"]')
            shoot(page, out, f"{size}-8-sector-selected", full=True)
            page.goto(url + "/library/deacon/boards/demo")
            shoot(page, out, f"{size}-9-demo", full=True)
            page.goto(url + "/library/deacon/boards")
            shoot(page, out, f"{size}-10-library", full=True)
            page.goto(url + "/")
            page.click("a.bot-tile:has-text('Deacon')")
            shoot(page, out, f"{size}-11-lobby", full=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "board-editor-screenshots"))
