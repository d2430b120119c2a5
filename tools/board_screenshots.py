"""Take the docs' pictures of the browser board from a real game.

    python3 tools/board_screenshots.py                # write docs/images/board-*.png
    python3 tools/board_screenshots.py --out /tmp/x   # somewhere else

It starts ``pillars-rules serve`` on a free local port with a throwaway
games file, creates a game of one person (Ann) against two heuristic bots
with a fixed seed, opens Ann's link in headless Chromium (1280x800) and
plays her seat by clicking the board with a seeded random choice. It stops
at three moments and takes a picture of each, with the pointer on a choice
so its tip shows what it gives and costs:

* ``board-draft.png`` -- Ann's turn in the draft of round 2;
* ``board-placement.png`` -- Ann placing a builder in Phase II of round 2;
* ``board-cathedral.png`` -- Ann at the cathedral step (step 13), from round 2 on
  (a step where she has nothing to convert is answered by the board itself);

and ``board-phone.png``: the placement again at phone width (375 px); then
``lobby-your-games.png``, the lobby listing Ann's game under "Your games", and
``replay.png``, the replay of a finished game of two heuristic bots in round 3. The
same seed, cards and bots give the same game, so the pictures change only
when the board does. Needs Debian's ``chromium`` and ``chromium-driver``
and the ``[test,web]`` extras.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.chrome import Browser  # noqa: E402
from tests.browser.page import BoardPage, play  # noqa: E402
from tests.browser.serving import ServerProcess  # noqa: E402

SEED = 7
#: (file, round, what Ann must be deciding, the element to point at).
MOMENTS = [
    ("board-draft.png", 2, "draft", ".offer .can"),
    ("board-placement.png", 2, "place", ".map .can"),
    ("board-cathedral.png", 2, "cathedral", ".player.you .can"),
]


def point_at(page: BoardPage, css: str) -> None:
    """Hover the first element matching ``css`` (its tip opens), as a mouse would."""
    from selenium.webdriver.common.action_chains import ActionChains

    els = page.b.driver.find_elements("css selector", css)
    if els:
        page.b.js("arguments[0].scrollIntoView({block: 'nearest'})", els[0])
        ActionChains(page.b.driver).move_to_element(els[0]).perform()
        time.sleep(0.3)


def your_games(browser: Browser, server: ServerProcess, out: Path) -> None:
    """The lobby with Ann's game under "Your games" (this browser opened her link)."""
    browser.get(server.url + "/")
    browser.wait(lambda: browser.js("return document.getElementById('your-games').dataset.checked"), 30, "Your games")
    browser.js("document.getElementById('your-games').scrollIntoView({block: 'start'})")
    browser.screenshot(out / "lobby-your-games.png")
    print(f"wrote {out / 'lobby-your-games.png'}")


def replay(browser: Browser, server: ServerProcess, out: Path) -> None:
    """A finished game of two bots, replayed at its first decision of round 3's Phase II."""
    made = server.create(
        [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}], seed=SEED, reveal=True
    )
    browser.wait(lambda: server.game(made["game"]).is_over, 300, "the bots' game to end")
    browser.get(made["spectator"].replace("/play#", "/replay#"))
    browser.wait(lambda: browser.js("return window.pillarsReplay && window.pillarsReplay.state"), 30, "the replay")
    browser.js("""const r = window.pillarsReplay;
                  const p = r.points.find(p => p.round === 3 && p.stage === 'builders'); r.go(p.n);""")
    time.sleep(0.5)
    browser.screenshot(out / "replay.png")
    print(f"wrote {out / 'replay.png'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder)).start()
        browser = Browser(1280, 800)
        try:
            made = server.create(
                [
                    {"kind": "person", "name": "Ann"},
                    {"kind": "bot", "bot": "heuristic"},
                    {"kind": "bot", "bot": "heuristic"},
                ],
                seed=SEED,
            )
            page = BoardPage(browser, made["seats"][0]["link"]).open()
            rng = random.Random(SEED)
            for name, rnd, kind, css in MOMENTS:

                def there(rnd: int = rnd, kind: str = kind) -> bool:  # this moment's (bound now)
                    st = page.ready_to_choose()
                    return bool(st and st["round"] >= rnd and st["pending"]["kind"] == kind)

                play([page], rng, until=there, timeout=300)
                page.b.js("window.scrollTo(0, 0)")
                point_at(page, css)
                page.b.screenshot(args.out / name)
                print(f"wrote {args.out / name}")
                if kind == "place":
                    browser.size(375, 800)
                    time.sleep(0.3)
                    point_at(page, css)
                    page.b.screenshot(args.out / "board-phone.png")
                    print(f"wrote {args.out / 'board-phone.png'}")
                    browser.size(1280, 800)
                    time.sleep(0.3)
            your_games(browser, server, args.out)
            replay(browser, server, args.out)
        finally:
            browser.quit()
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
