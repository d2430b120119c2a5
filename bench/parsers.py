"""Is the hand-written parser still needed? (issue #57). Cold compiles, three ways.

``cardlang/fastparse.py`` was written to bring the cold compile of the 1 MiB
card set (:mod:`bench.cards`) under its 1 s target. This measures, each in a
new interpreter, the base and expansion sets and that 1 MiB set (on top of
the base cards, as :mod:`bench.cards` does) with:

* **fast** -- the library as it is: the hand-written parser, Lark only for
  blocks it does not accept;
* **lark** -- every block through Lark's LALR parser, then the parse tree
  transformed into the syntax tree (``parse_block`` made to decline);
* **inline** -- Lark building during the parse (``Lark(..., transformer=...)``).
  Lark refuses a ``transformer=`` whose callbacks take positions
  (``v_args(meta=True)``, which the syntax tree's builder needs: "Meta args not
  supported for internal transformer"), so this measures the least such a
  parser does: the same LALR parse with a callback per rule that returns its
  children and makes no node -- a lower bound for any ``transformer=`` builder.
  The blocks are then built by the fast parser, so the compile goes on and its
  identity can be compared; ``lark_s`` is the Lark parse alone.

Usage: ``python -m bench.parsers [RUNS]`` (default 7; one more untimed round
first warms Lark's on-disk grammar cache). CPU time (``time.process_time``) of
the child; the three ways alternate, so load changes hit them alike.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from .cards import ROOT, write_input

MODES = ("fast", "lark", "inline")

_CHILD = r"""
import json, sys, time
sys.path[:0] = [{src!r}]
mode, what, big = sys.argv[1:4]
from lark import Lark, UnexpectedInput
from pillars_rules import cardlang
from pillars_rules.cardlang import data, grammar as G, parser as P
state = {{"lark_s": 0.0}}
if mode == "lark":
    P.parse_block = lambda *args: None
elif mode == "inline":
    fast_block = P.parse_block
    def parse_block(text, start, end, line, line_start, fast):
        if "p" not in state:
            names = {{r.origin.name for r in G.lark_parser().rules if not str(r.origin.name).startswith("_")}}
            children = type("Children", (), {{str(n): (lambda self, ch: ch) for n in names}})
            state["p"] = Lark(G.grammar_text(), cache=True, transformer=children(), parser="lalr",
                              propagate_positions=True, maybe_placeholders=True, postlex=G._KeepNames())
        t = time.process_time()
        try:
            state["p"].parse(text[start:end])
        except UnexpectedInput:
            return None
        finally:
            state["lark_s"] += time.process_time() - t
        return fast_block(text, start, end, line, line_start, fast)
    P.parse_block = parse_block
if what == "base+expansion":
    c = time.process_time()
    base = cardlang.base_cards()
    cards = base.merged(cardlang.load_paths([data.data_dir("cards") / "expansion"], known=base))
else:
    base = cardlang.base_cards()
    c = time.process_time()
    cards = cardlang.load_paths([big], known=base)
cpu = time.process_time() - c
print(json.dumps({{"cpu_s": cpu, "cards": len(cards), "identity": str(cards.identity), "lark_s": state["lark_s"]}}))
"""


def run(runs: int, big: Path) -> dict:
    code = _CHILD.format(src=str(ROOT / "src"))
    out: dict = {}
    for what in ("base+expansion", "1 MiB"):
        for i in range(runs + 1):
            for mode in MODES:
                child = subprocess.run(
                    [sys.executable, "-c", code, mode, what, str(big)],
                    capture_output=True,
                    text=True,
                    check=True,
                    timeout=600,
                )
                if i:  # the first round warms Lark's grammar cache
                    out.setdefault(what, {}).setdefault(mode, []).append(json.loads(child.stdout))
    return out


def _summary(rows: list[dict], key: str) -> str:
    xs = sorted(r[key] for r in rows)
    return f"median {statistics.median(xs):.3f} s (min {xs[0]:.3f}, max {xs[-1]:.3f})"


def main(argv: list[str] | None = None) -> int:
    runs = int((argv if argv is not None else sys.argv[1:] or ["7"])[0])
    with tempfile.TemporaryDirectory() as tmp:
        results = run(runs, write_input(Path(tmp)))
    for what, modes in results.items():
        same = len({r["identity"] for rows in modes.values() for r in rows}) == 1
        print(
            f"{what}: {modes['fast'][0]['cards']} cards, {runs} runs each, CPU s; "
            f"{'same' if same else 'DIFFERENT'} card set every way"
        )
        for mode, rows in modes.items():
            extra = f"; Lark parse alone {_summary(rows, 'lark_s')}" if mode == "inline" else ""
            print(f"  {mode:7} {_summary(rows, 'cpu_s')}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
