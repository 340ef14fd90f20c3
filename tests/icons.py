"""Draw the installable site's PNG icons from their SVGs (``static/img/app/``) in Chromium.

Run after changing an SVG, and commit the PNGs: ``.venv/bin/python -m tests.icons``.
The manifest names the PNGs (phones want them); the SVGs are the source.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

APP = Path(__file__).resolve().parents[1] / "static" / "img" / "app"
#: (source SVG, PNG written, its side in pixels)
ICONS = [
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("icon-maskable.svg", "icon-maskable-512.png", 512),
    ("badge.svg", "badge-96.png", 96),
]


def render() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/lib/chromium/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for source, target, side in ICONS:
            page = browser.new_page(viewport={"width": side, "height": side})
            svg = (APP / source).read_text()
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;"
                f"width:{side}px;height:{side}px}}</style>{svg}"
            )
            page.screenshot(path=str(APP / target), omit_background=True)
            page.close()
            print(f"{target}: {side}x{side}")
        browser.close()


if __name__ == "__main__":
    render()
