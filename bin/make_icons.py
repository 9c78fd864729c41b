"""Draw the app's PNG icons (static/icons/) from its anchor icon, static/favicon.svg.

Run it again after changing favicon.svg: `.venv/bin/python bin/make_icons.py`.
It draws with the Chromium the browser tests use (Playwright, from the test extras),
so nothing is needed at run time: the PNGs are committed.

- icon-192.png, icon-512.png: the favicon as it is (rounded square, clear corners);
- icon-maskable-512.png: the anchor on a full square, inside the middle 80 % circle
  that every launcher's mask keeps (the manifest's "maskable" purpose);
- apple-touch-icon.png, 180 × 180: a full square too (iOS rounds the corners itself
  and would fill clear ones with black).
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
FAVICON = (STATIC / "favicon.svg").read_text()
ANCHOR = re.search(r"<g .*</g>", FAVICON, re.S).group(0)  # type: ignore[union-attr]
BACKGROUND = re.search(r'<rect [^>]*fill="([^"]+)"', FAVICON).group(1)  # type: ignore[union-attr]


def full_square(margin: float) -> str:
    """The anchor on a square of the favicon's colour, `margin` units (of the favicon's
    24) added around it on every side."""
    low, size = -margin, 24 + 2 * margin
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{low} {low} {size} {size}">'
        f'<rect x="{low}" y="{low}" width="{size}" height="{size}" fill="{BACKGROUND}"/>'
        f"{ANCHOR}</svg>"
    )


# file name: (size in pixels, drawing)
ICONS = {
    "icon-192.png": (192, FAVICON),
    "icon-512.png": (512, FAVICON),
    "icon-maskable-512.png": (512, full_square(6)),  # the anchor within a 30 % radius
    "apple-touch-icon.png": (180, full_square(3)),
}


def main() -> None:
    (STATIC / "icons").mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        for name, (size, svg) in ICONS.items():
            page.set_viewport_size({"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<body style="margin:0;background:transparent">{sized}</body>')
            page.screenshot(path=STATIC / "icons" / name, omit_background=True)
            print(f"static/icons/{name}: {size} × {size}")
        browser.close()


if __name__ == "__main__":
    main()
