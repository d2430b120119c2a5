"""Take the docs' pictures of the Ora et Labora board (docs/ora/board.rst).

    python3 tools/ora_board_screenshots.py                # write docs/images/ora-board*.png
    python3 tools/ora_board_screenshots.py --out /tmp/x   # somewhere else

It serves the board's harness page (``web/static/ora-harness.html``) with the
test harness's server (``tests/browser/ora_harness.py``), on a frame Python
makes of a seeded 2-player game (seed 1, the choices drawn by a seeded random
pick: the first moment of round 3 or later where a building may be built),
opens it in headless Chromium and takes:

* ``ora-board.png`` (1280x900) -- a building on offer chosen, its squares
  marked on the landscape, and the answer to a click on a forest square;
* ``ora-board-phone.png`` (375x740) -- the same moment at phone width.

The same seed gives the same pictures, so they change only when the board
does. Needs Debian's ``chromium`` and ``chromium-driver`` and the ``[test]`` extra.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.chrome import Browser  # noqa: E402
from browser.ora_harness import HarnessServer, document, kinds  # noqa: E402


def moment(b: Browser, server: HarnessServer) -> None:
    """Open the frame, choose the first building that may be built, click a forest square."""
    b.get(f"{server.url}/static/ora-harness.html?doc=/fixture/board.json&frame=0")
    b.wait(lambda: b.js("return window.oraHarness && window.oraHarness.ready"), 30, "the harness")
    f = server.docs["board"]["frames"][0]
    build = next(c["action"] for c in f["choices"] if c["action"]["type"] == "Build")
    b.js("document.querySelector(`.ora-card[data-card='${arguments[0]}']`).click()", build["card"])
    forest = next(s for s in f["view"]["seats"][f["seat"]]["landscape"] if s["cover"] == "forest")
    b.js(
        "document.querySelector(`.ora-square[data-seat='${arguments[0]}'][data-x='${arguments[1]}'][data-y='${arguments[2]}']`).click()",
        f["seat"],
        forest["x"],
        forest["y"],
    )
    b.js("window.scrollTo(0, 0)")
    time.sleep(0.3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    server = HarnessServer().start()
    server.docs["board"] = document(2, 1, lambda f: "Build" in kinds(f) and f["view"]["round"] >= 3, most=1)
    b = Browser(1280, 900)
    try:
        moment(b, server)
        b.screenshot(args.out / "ora-board.png")
        b.size(375, 740)
        moment(b, server)
        b.screenshot(args.out / "ora-board-phone.png")
    finally:
        b.quit()
        server.stop()
    print(f"wrote ora-board.png and ora-board-phone.png in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
