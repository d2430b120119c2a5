"""Take the docs' pictures of a live Ora et Labora table (docs/ora/board.rst, issue #59).

    python3 tools/ora_table_screenshots.py                # write docs/images/ora-table*.png
    python3 tools/ora_table_screenshots.py --out /tmp/x   # somewhere else

It starts ``pillars-rules serve`` on a free local port with a throwaway games file
(``tests/browser/serving.py``), creates a 2-player game of Ann (a person) against the
server's heuristic bot, and plays Ann's seat over the protocol (a WebSocket client
choosing at random among the choices the server lists, seeded) until her turn comes
in round ``--round`` (default 8). Then it opens the table in headless Chromium and takes:

* ``ora-table.png`` (1280x900) -- Ann's link: her prompt, the wheel, the buildings on
  offer and both landscapes;
* ``ora-table-phone.png`` (375x740) -- the same link at phone width, scrolled down to
  the bot's landscape: the prompt stays at the top, in reach (the tool checks it is on screen);
* ``ora-table-spectator.png`` (1280x900) -- the spectator's link: the same table with
  nothing to choose.

Each picture is made a palette PNG (Pillow, when installed) to keep it small. Needs
Debian's ``chromium`` and ``chromium-driver`` and the ``[test,web]`` extras.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from tests.browser.chrome import Browser  # noqa: E402
from tests.browser.serving import ServerProcess  # noqa: E402

ORA = "ora-et-labora"
PICTURES = {"ora-table.png": (1280, 900), "ora-table-phone.png": (375, 740), "ora-table-spectator.png": (1280, 900)}
#: The Ora board has drawn the server's latest message and waits for nothing (web/static/js/ora/table.js).
SETTLED = """
const t = window.pillarsBoard && window.pillarsBoard.ora;
const css = document.querySelector('link[href="/static/ora.css"]');
return !!(t && t.last && t.sent == null && css && css.sheet);
"""
#: Where the prompt is in the viewport: [top, bottom, viewport height], or null without one.
PROMPT = """
const p = document.querySelector('.ora-prompt');
if (!p) return null;
const r = p.getBoundingClientRect();
return [r.top, r.bottom, window.innerHeight];
"""


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


def to_round(server: ServerProcess, made: dict, round_: int, seed: int) -> int:
    """Play Ann's seat over the protocol until she must decide in round ``round_``; the decision."""
    from pillars_rules.web.client import GameClient, random_policy

    ws = server.url.replace("http", "ws", 1) + "/ws"
    ann = GameClient(ws, made["game"], key_of(made["seats"][0]["link"]), origin=server.url, seed=seed)

    def there(c: GameClient) -> bool:
        return c.my_turn and c.state is not None and c.state.get("round", 0) >= round_

    asyncio.run(asyncio.wait_for(ann.run(random_policy(seed), until=there), 300))
    if not there(ann):
        raise RuntimeError(f"the game ended before Ann's turn in round {round_}")
    return int(ann.decision)


def shoot(b: Browser, link: str, path: Path, width: int, height: int, *, phone: bool = False) -> None:
    """Open ``link`` at ``width`` x ``height``, wait for the table, and take the picture."""
    b.size(width, height)
    b.get(link)
    b.wait(lambda: b.js(SETTLED), 60, "the Ora table")
    time.sleep(0.3)  # the last layout
    if phone:  # down to the other seat's landscape: the prompt must still be on screen
        b.js("const s = [...document.querySelectorAll('.ora-square')].pop(); if (s) s.scrollIntoView({block: 'end'})")
        time.sleep(0.3)
        top, bottom, tall = b.wait(lambda: b.js(PROMPT), 10, "the prompt")
        if top < 0 or bottom > tall or bottom - top < 20:
            raise RuntimeError(f"at phone width the prompt is out of reach: {top:.0f} to {bottom:.0f} of {tall}")
    else:
        b.js("window.scrollTo(0, 0)")
    b.screenshot(path)
    small(path)


def small(path: Path) -> None:
    """Rewrite ``path`` as a 256-colour palette PNG (the board's flat colours lose nothing seen)."""
    try:
        from PIL import Image
    except ImportError:  # without Pillow the picture stays as Chromium wrote it
        return
    with Image.open(path) as im:
        im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--round", type=int, default=8, help="Ann's turn in this round (default 8)")
    parser.add_argument("--seed", type=int, default=4, help="her random choices' seed (default 4)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ora-table-") as tmp:
        server = ServerProcess(Path(tmp)).start()
        b = None
        try:
            made = server.create(
                [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Bot"}],
                cards=None,
                game=ORA,
            )
            decision = to_round(server, made, args.round, args.seed)
            links = {"ora-table.png": made["seats"][0]["link"], "ora-table-phone.png": made["seats"][0]["link"]}
            b = Browser(*PICTURES["ora-table.png"])
            for name, (width, height) in PICTURES.items():
                link = links.get(name, made["spectator"])
                shoot(b, link, args.out / name, width, height, phone=width < 500)
            if b.errors():
                raise RuntimeError(f"the page logged errors: {b.errors()}")
        finally:
            if b is not None:
                b.quit()
            server.kill()
    print(f"wrote {', '.join(PICTURES)} in {args.out} (Ann's turn at decision {decision})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
