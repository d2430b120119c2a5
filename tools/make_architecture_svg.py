"""Draw docs/images/architecture.svg: the data path and the package layers.

    python3 tools/make_architecture_svg.py          # rewrite the picture
    python3 tools/make_architecture_svg.py --check  # exit 1 if it is out of date

The picture is drawn from the lists below, and tests/test_architecture_doc.py
checks that they name every package and top-level module of the library, so
the drawing cannot fall behind the folders.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images" / "architecture.svg"

#: The data path, left to right: (label, where it lives).
DATA_PATH = [
    ("action", "actions.py"),
    ("decide", "core/loop.py"),
    ("events", "engine/events.py"),
    ("evolve", "engine/evolve.py"),
    ("state", "engine/state.py"),
    ("view", "view.py"),
]
#: The card path, left to right, feeding the engine's rules.
CARD_PATH = [
    ("card text", "cards/base/*.cards"),
    ("parse", "cardlang/parser.py"),
    ("AST", "cardlang/ast.py"),
    ("compile", "cardlang/compiler.py"),
    ("effect objects", "cardlang/effects.py"),
]
#: The layers, top (clients) to bottom (base): (name, rule, [(box, what it holds)]).
LAYERS = [
    (
        "clients",
        "public API only|never engine/",
        [
            ("bots/", "heuristic, ISMCTS"),
            ("lab/", "balance lab"),
            ("ai/", "OpenSpiel, PettingZoo"),
            ("terminal/", "terminal game"),
            ("table/", "untrusted clients, store"),
            ("web/", "game server, protocol"),
            ("cli/", "pillars-rules ..."),
        ],
    ),
    (
        "API",
        "import pillars_rules|as pr",
        [
            ("game.py", "new_game by name, Game"),
            ("autoplay.py", "RandomBot, play"),
            ("scenario.py", "any position, for tests"),
            ("determinize.py", "a seat's possible worlds"),
            ("testing.py · totality.py", "strategies, laws, fuzzing"),
            ("effectplay.py", "one effect, played (probes)"),
        ],
    ),
    (
        "games/",
        "one package per game|registered with the core",
        [
            ("pillars/", "type, set-up, saves, replay"),
            ("ora/", "Ora et Labora, on the core"),
        ],
    ),
    (
        "records, saves",
        "what a game hands the core|public too (pr.save)",
        [
            ("view.py", "SeatView, export"),
            ("actions.py · events.py", "Pillars' records"),
            ("pillars_json/", "Pillars' records as JSON"),
            ("saves/", "save, load, replay: any game"),
            ("words/", "sentences, labels"),
            ("buildings.py", "Ora's building cards"),
        ],
    ),
    (
        "engine/",
        "Pillars' rules, once|under games/pillars/; no client",
        [
            ("legal · refusals", "what may be done, why not"),
            ("flow · steps · batch", "rounds, phases, step rules"),
            ("evolve · state", "the fold, frozen state"),
            ("copiers · _native", "copies; compiled tables"),
            ("context · queries · layout", "rules and board of a card set"),
            ("events · actions · rng", "records, chance"),
            ("position · reach", "scenario checks, card reach"),
            ("shared · borrow · zones", "votes and bids; loans; cards moved"),
        ],
    ),
    (
        "mechanisms/",
        "shared by games, set by data|imports base and core only",
        [
            ("wheel.py", "a rotating track of values"),
            ("grid.py", "a seat's grid of terrain"),
            ("gridscore.py", "adjacency scoring"),
        ],
    ),
    (
        "core/",
        "knows no game|imports only the base",
        [
            ("session.py", "Game: log, apply, views"),
            ("frame.py", "Frame: a state's framework part"),
            ("loop.py", "events to the next decision"),
            ("gametype.py", "GameType, the registry"),
        ],
    ),
    (
        "cardlang/",
        "card model, language|never the engine",
        [
            ("effects.py", "the effect registry"),
            ("card.py · cardset.py · board.py", "Card, CardSet, identity, board"),
            ("parser · compiler", "text -> cards"),
            ("formatter · render", "canonical text, English"),
            ("lint · names · data", "warnings, names, files"),
        ],
    ),
    (
        "base",
        "imports nothing|above it",
        [
            ("errors.py", "typed errors"),
            ("limits.py", "every budget"),
            ("_build.py", "which build runs"),
        ],
    ),
]

W = 1000
MARGIN = 20
FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"
COLORS = ["#fde2c8", "#d7e8fb", "#e3f4f4", "#dde6f5", "#d9f0d3", "#fde8ef", "#fff3c4", "#efe0f7", "#eeeeee"]


def _text(
    x: float, y: float, s: str, size: int = 12, weight: str = "normal", anchor: str = "middle", fill: str = "#222"
) -> str:
    return (
        f"<text x='{x:.0f}' y='{y:.0f}' {FONT} font-size='{size}' font-weight='{weight}' "
        f"text-anchor='{anchor}' fill='{fill}'>{escape(s)}</text>"
    )


def _box(x: float, y: float, w: float, h: float, fill: str, stroke: str = "#555", r: int = 6) -> str:
    return f"<rect x='{x:.0f}' y='{y:.0f}' width='{w:.0f}' height='{h:.0f}' rx='{r}' fill='{fill}' stroke='{stroke}'/>"


def _arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    return (
        f"<line x1='{x1:.0f}' y1='{y1:.0f}' x2='{x2:.0f}' y2='{y2:.0f}' stroke='#333' "
        f"stroke-width='1.6' marker-end='url(#arrow)'/>"
    )


def _path_row(items: list[tuple[str, str]], y: float, fill: str) -> list[str]:
    out = []
    n = len(items)
    gap = 34
    w = (W - 2 * MARGIN - (n - 1) * gap) / n
    for i, (label, where) in enumerate(items):
        x = MARGIN + i * (w + gap)
        out.append(_box(x, y, w, 46, fill))
        out.append(_text(x + w / 2, y + 20, label, 14, "bold"))
        out.append(_text(x + w / 2, y + 37, where, 11, fill="#444"))
        if i:
            out.append(_arrow(x - gap + 2, y + 23, x - 3, y + 23))
    return out


def svg() -> str:
    parts: list[str] = []
    y = MARGIN
    parts.append(_text(MARGIN, y + 14, "The data path", 15, "bold", "start"))
    y += 24
    parts += _path_row(DATA_PATH, y, "#fff6d5")
    y += 62
    parts.append(
        _text(MARGIN, y + 14, "The card path (compiled once per card set, read by the rules)", 15, "bold", "start")
    )
    y += 24
    parts += _path_row(CARD_PATH, y, "#f3e8ff")
    y += 70
    parts.append(
        _text(
            MARGIN,
            y + 14,
            "The packages: each layer imports only the layers below it (checked by tests/test_layering.py)",
            15,
            "bold",
            "start",
        )
    )
    y += 26
    label_w = 160
    for k, (name, rule, boxes) in enumerate(LAYERS):
        per_row = 4
        rows = (len(boxes) + per_row - 1) // per_row
        h = 16 + rows * 52
        parts.append(_box(MARGIN, y, W - 2 * MARGIN, h, COLORS[k], "#888", 10))
        parts.append(_text(MARGIN + 12, y + 24, name, 15, "bold", "start"))
        for j, line in enumerate(rule.split("|")):
            parts.append(_text(MARGIN + 12, y + 42 + 13 * j, line, 10, anchor="start", fill="#444"))
        inner = W - 2 * MARGIN - label_w - 12
        bw = (inner - (per_row - 1) * 10) / per_row
        for i, (box, what) in enumerate(boxes):
            r, c = divmod(i, per_row)
            bx = MARGIN + label_w + c * (bw + 10)
            by = y + 8 + r * 52
            parts.append(_box(bx, by, bw, 44, "#ffffff", "#777"))
            parts.append(_text(bx + bw / 2, by + 19, box, 12, "bold"))
            parts.append(_text(bx + bw / 2, by + 35, what, 10, fill="#444"))
        y += h
        if k < len(LAYERS) - 1:
            parts.append(_arrow(W / 2, y + 1, W / 2, y + 15))
            y += 18
    height = y + MARGIN
    head = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{W}' height='{height:.0f}' "
        f"viewBox='0 0 {W} {height:.0f}'>\n"
        "<defs><marker id='arrow' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' "
        "markerHeight='7' orient='auto-start-reverse'><path d='M 0 0 L 10 5 L 0 10 z' "
        "fill='#333'/></marker></defs>\n"
        f"<rect width='{W}' height='{height:.0f}' fill='white'/>\n"
    )
    return head + "\n".join(parts) + "\n</svg>\n"


def main(argv: list[str]) -> int:
    text = svg()
    if "--check" in argv:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python3 tools/make_architecture_svg.py")
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
