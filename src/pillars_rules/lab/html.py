"""The balance report as one self-contained HTML page: tables, and matplotlib
plots embedded as base64 PNG ``data:`` URIs (no files beside it, no network).

The page opens with the verdict for the author's cards, then the evidence.
Sections (element ids), in order: ``verdict``, ``contrasts`` (when cards
were compared), ``power``, ``worth``, ``metrics``, ``ab`` (when there is a
base set), ``seats``, ``cards``, ``scores``, ``length``, ``summary`` (the
run). Every plot is drawn with its labels inside the figure
(:func:`figures` returns them, for the tests).
"""

from __future__ import annotations

import base64
import io
import math
import textwrap
from html import escape
from pathlib import Path

from .metrics import LABELS, METRICS, RATES
from .report import flag_text, gold, num, p_text, pct

#: The smallest text in a figure, in points: 11.25 px at the page's 90 dpi (pixels = points * dpi / 72).
LABEL_PT = 9
DPI = 90
SECTIONS = ("verdict", "power", "worth", "metrics", "seats", "cards", "scores", "length", "summary")
_CSS = """body{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#eee}td:first-child{text-align:left}.flag{color:#b00;font-weight:bold}.moved{font-weight:bold}
img{max-width:100%}.verdict li{margin:.3em 0}"""


def _figure(width: float = 7.5, height: float = 3.4):
    from matplotlib.figure import Figure  # no pyplot: no global backend state

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def _img(fig, alt: str) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def _table(header: list[str], rows: list[list[str]], classes: list[str] | None = None) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for k, row in enumerate(rows):
        cls = f' class="{classes[k]}"' if classes and classes[k] else ""
        body.append(f"<tr{cls}>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _wrap(label: str, width: int = 28) -> str:
    return "\n".join(textwrap.wrap(label, width)) or label


#: The worth section when no card's worth could be put in gold.
NO_WORTH = (
    "<p>No card's worth is expressed in gold: too few games to tell what a gold piece is worth "
    "(the gold scale's interval holds zero), or no card was judged. The VP values are in the table "
    "above.</p>"
)
#: The worth axis reaches at least this far (gold) either side of zero.
WORTH_AXIS_MIN = 10.0


def worth_limit(rows: list[dict]) -> float:
    """How far the worth axis reaches: past the ends of the cards not
    flagged (the ones an author compares; every card when all are flagged),
    so one far-too-strong card or an unbounded interval does not squash the
    others to dots. Whatever lies beyond is clipped to the edge and marked."""

    def ends(es):
        return [
            abs(x)
            for e in es
            for x in (e["worth"]["lo"], e["worth"]["hi"], e["worth"]["value"])
            if x == x and not math.isinf(x)
        ]

    base = ends([e for e in rows if not e["flag"]]) or [abs(e["worth"]["value"]) for e in rows]
    every = ends(rows)
    limit = max(WORTH_AXIS_MIN, 1.25 * max(base))
    return min(limit, 1.1 * max(every)) if every and max(every) * 1.1 >= WORTH_AXIS_MIN else limit


def _shown_gold(x: float) -> str:
    return ("+inf" if x > 0 else "-inf") if math.isinf(x) else f"{x:+.0f}"


def worth_figure(report: dict):
    """Each judged card's worth in gold with its 95% interval, flagged cards
    in red; the axis is clipped (:func:`worth_limit`) and a clipped end is
    drawn as an arrow at the edge labelled with its value."""
    rows = [e for e in report["judged"] if e["kind"] != "event" and e["worth"]["value"] == e["worth"]["value"]]
    if not rows:
        return None
    fig, ax = _figure(7.5, max(2.4, 0.5 * len(rows) + 1.3))
    limit = worth_limit(rows)
    clipped = 0
    for y, e in enumerate(rows):
        w = e["worth"]
        lo = w["lo"] if w["lo"] == w["lo"] else w["value"]
        hi = w["hi"] if w["hi"] == w["hi"] else w["value"]
        color = "#b00" if e["flag"] else "#357"
        ax.plot([min(max(lo, -limit), limit), max(min(hi, limit), -limit)], [y, y], color=color)
        if -limit <= w["value"] <= limit:
            ax.plot([w["value"]], [y], "o", color=color, markersize=4)
        for end, edge, marker, align in ((hi, limit, ">", "right"), (lo, -limit, "<", "left")):
            if abs(end) > limit and (end > 0) == (edge > 0):
                clipped += 1
                ax.plot([edge], [y], marker, color=color, markersize=6)
                shown = (
                    f"{_shown_gold(w['value'])} [{_shown_gold(lo)}, {_shown_gold(hi)}]"
                    if abs(w["value"]) > limit
                    else _shown_gold(end)
                )
                ax.annotate(
                    shown,
                    (edge, y),
                    xytext=(-6 if edge > 0 else 6, 4),
                    textcoords="offset points",
                    ha=align,
                    va="bottom",
                    fontsize=LABEL_PT,
                    color=color,
                )
    ax.axvline(0, color="k", linewidth=1)
    ax.set_xlim(-1.04 * limit, 1.04 * limit)
    ax.set_ylim(len(rows) - 0.4, -0.6)  # the first row on top, as in the table
    ax.set_yticks(range(len(rows)), [_wrap(f"{e['card']} ({e['set']})") for e in rows], fontsize=LABEL_PT)
    note = f"; arrows: clipped at ±{limit:.0f}, labelled with the value" if clipped else ""
    ax.set_xlabel(f"worth in gold, 95% interval (0: fair){note}")
    fig.clipped = clipped
    return fig


def _seat_figure(report: dict):
    sets = {k: v["summary"] for k, v in report["sets"].items() if v["summary"]}
    if not sets:
        return None
    fig, ax = _figure()
    width = 0.8 / len(sets)
    for k, (label, s) in enumerate(sets.items()):
        xs = [seat["seat"] + (k - (len(sets) - 1) / 2) * width for seat in s["seats"]]
        ys = [seat["win_rate"]["value"] for seat in s["seats"]]
        err = [
            [y - seat["win_rate"]["lo"] for y, seat in zip(ys, s["seats"])],
            [seat["win_rate"]["hi"] - y for y, seat in zip(ys, s["seats"])],
        ]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=_wrap(label, 20))
    fair = next(iter(sets.values()))["fair_share"]
    ax.axhline(fair, color="k", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(len(next(iter(sets.values()))["seats"])))
    ax.set_xlabel("seat (0 starts)")
    ax.set_ylabel("win rate")
    ax.legend(fontsize=LABEL_PT, loc="best")
    return fig


def _hist(report: dict, key: str, xlabel: str):
    import numpy as np

    sets = {k: v["summary"] for k, v in report["sets"].items() if v["summary"]}
    if not sets:
        return None
    fig, ax = _figure()
    values = [s[key]["values"] for s in sets.values()]
    bins = np.histogram_bin_edges(np.concatenate(values), bins=30)  # the same bins for every set
    for label, v in zip(sets, values):
        ax.hist(v, bins=bins, alpha=0.5, label=_wrap(label, 20))
    from matplotlib.ticker import MaxNLocator

    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole games, not 0.25 of one
    if key == "length":
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize=LABEL_PT)
    return fig


def figures(report: dict) -> dict:
    """The page's figures by section (``None`` where there is nothing to draw)."""
    return {
        "worth": worth_figure(report),
        "seats": _seat_figure(report),
        "scores": _hist(report, "scores", "final VP"),
        "length": _hist(report, "length", "decisions per game"),
    }


def _verdict(report: dict) -> str:
    judged = report["judged"]
    fam = report["family"]
    author = any(e["author"] for e in judged)
    title = "Your cards" if author else "Cards"
    items = "".join(
        f"<li><b>{escape(e['name'])}</b> ({escape(e['card'])}, {escape(e['set'])}): {escape(e['verdict'])}.</li>"
        for e in judged
    )
    rows, classes = [], []
    for e in judged:
        win = num(e["start"], 3, True) + " (start player)" if e["kind"] == "event" else num(e["win"], 3, True)
        rows.append(
            [
                f"{e['name']} ({e['card']})",
                e["set"],
                "-" if e.get("cost") is None else str(e["cost"]),
                gold(e["worth"]),
                num(e["vp"], 2, True),
                win,
                str(e["units"]),
                p_text(e["p_holm"]),
                flag_text(e),
            ]
        )
        classes.append("flag" if e["flag"] else "")
    return (
        f"<section id='verdict'><h2>{title}</h2><ul class='verdict'>{items}</ul>"
        f"<p>Causal value by paired branches of the same seeded games; {fam['tests']} "
        f"test{'s' if fam['tests'] != 1 else ''}, "
        f"{escape(fam['method'])}'s step-down correction (family-wise error {100 * fam['alpha']:.0f}%); "
        f"design: {escape(fam.get('design', 'fixed length'))}.</p>"
        + _table(
            [
                "card",
                "set",
                "cost",
                "worth in gold [95%]",
                "VP take - ref [95%]",
                "win share [95%]",
                "chances",
                "p (Holm)",
                "flag",
            ],
            rows,
            classes,
        )
        + "</section>"
    )


def _contrasts(report: dict) -> str:
    if not report["contrasts"]:
        return ""
    rows = [
        [
            c["card"],
            c["against"],
            c["set"],
            num(c, 2, True),
            p_text(c["p"]),
            p_text(c["p_holm"]),
            "yes" if c["flag"] else "no",
            f"±{c['mde']['vp']:.2f} VP",
            "-" if c.get("needed") is None else f"{c['needed']:,}",
        ]
        for c in report["contrasts"]
    ]
    return (
        "<section id='contrasts'><h2>Compared on the same games</h2>"
        + _table(
            [
                "card",
                "against",
                "set",
                "VP difference [95%]",
                "p",
                "p (Holm)",
                "flagged",
                "smallest difference detected",
                "games to detect ±1 gold",
            ],
            rows,
        )
        + "</section>"
    )


def _power(report: dict) -> str:
    rows = [
        [
            e["card"],
            e["set"],
            str(e["seeds"]),
            str(e["units"]),
            f"±{e['mde']['vp']:.2f}",
            "-" if e["mde"]["gold"] != e["mde"]["gold"] else f"±{e['mde']['gold']:.1f}",
            num(e["gold_scale"], 3),
            "-" if e.get("needed") is None else f"{e['needed']:,}",
            "-" if e.get("needed_gold") is None else f"{e['needed_gold']:,}",
        ]
        for e in report["judged"]
        if e["kind"] != "event"
    ]
    return (
        "<section id='power'><h2>Power</h2><p>The smallest effect these games detect 80% of the time "
        "at the family's level.</p>"
        + _table(
            [
                "card",
                "set",
                "games",
                "chances",
                "smallest VP",
                "smallest gold",
                "VP per gold",
                "games to detect the effect measured",
                "games to detect ±1 gold",
            ],
            rows,
        )
        + "</section>"
    )


def _metrics(report: dict) -> str:
    sets = report["sets"]
    rows = []
    for name in METRICS:
        rows.append(
            [LABELS[name]]
            + [pct(s["metrics"][name]) if name in RATES else num(s["metrics"][name], 2) for s in sets.values()]
        )
    out = "<section id='metrics'><h2>The game</h2>" + _table(
        ["metric"] + [f"{k} ({s['games']} games)" for k, s in sets.items()], rows
    )
    for label, ab in report["ab"].items():
        shown = [(n, r) for n, r in ab.items() if n in METRICS or r["moved"]]
        out += f"<h3 id='ab'>{escape(label)} minus base (paired, same seeds)</h3>" + _table(
            ["statistic", "difference [95% simultaneous]", "moved"],
            [
                [
                    LABELS.get(n, n),
                    num({"value": r["value"], "lo": r["lo_sim"], "hi": r["hi_sim"]}, 3, True),
                    {1: "up", -1: "down", 0: ""}[r["moved"]],
                ]
                for n, r in shown
            ],
            ["moved" if r["moved"] else "" for _, r in shown],
        )
    return out + "</section>"


def render(report: dict) -> str:
    """The whole page as a string (an Ora et Labora report's in its words, :mod:`.units`)."""
    import re

    from .units import game_of, say

    page, game = _render(report), game_of(report)
    if game == "pillars":
        return page
    # the words, not the pictures' data
    return "".join(p if i % 2 else say(p, game) for i, p in enumerate(re.split(r'(src="data:[^"]*")', page)))


def _render(report: dict) -> str:
    figs = figures(report)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Balance report</title>"
        f"<style>{_CSS}</style></head><body><h1>Balance report</h1>",
        _verdict(report),
        _contrasts(report),
        _power(report),
    ]
    parts.append(
        "<section id='worth'><h2>Worth in gold</h2>"
        + (_img(figs["worth"], "worth in gold per card") if figs["worth"] else NO_WORTH)
        + "</section>"
    )
    parts.append(_metrics(report))
    sets = {k: v for k, v in report["sets"].items() if v["summary"]}
    rows = [
        [label, str(seat["seat"]), pct(seat["win_rate"]), num(seat["mean_vp"])]
        for label, s in sets.items()
        for seat in s["summary"]["seats"]
    ]
    parts.append(
        "<section id='seats'><h2>Seats</h2>"
        + _table(["set", "seat", "win rate", "mean VP"], rows)
        + (_img(figs["seats"], "win rate by seat") if figs["seats"] else "")
        + "</section>"
    )
    parts.append(
        "<section id='cards'><h2>Who took what</h2><p>How the holders of a card fared is an "
        "association, not an effect (strong players take good cards); the verdicts above are "
        "measured by intervention.</p>"
    )
    for label, s in sets.items():
        cards = sorted(s["summary"]["cards"].items(), key=lambda cd: -cd[1]["taken"])
        parts.append(
            f"<h3>{escape(label)}</h3>"
            + _table(
                ["card", "taken", "games taken", "mean round", "holders' win rate", "others' win rate"],
                [
                    [
                        f"{d['name']} ({c})",
                        str(d["taken"]),
                        pct(d["taken_rate"]),
                        f"{d['mean_round']:.1f}",
                        pct(d["holders"]["win_rate"]),
                        pct(d["others"]["win_rate"]),
                    ]
                    for c, d in cards
                ],
            )
        )
    parts.append("</section>")
    parts.append(
        "<section id='scores'><h2>Scores</h2>"
        + (_img(figs["scores"], "final VP") if figs["scores"] else "")
        + "</section>"
    )
    parts.append(
        "<section id='length'><h2>Game length</h2>"
        + (_img(figs["length"], "decisions per game") if figs["length"] else "")
        + "</section>"
    )
    rows = [
        [
            label,
            ", ".join(run["sources"]) or "base cards only",
            str(report["sets"][label]["games"]),
            str(report["sets"][label]["aborted"]),
            str(run["players"]),
            ",".join(run["bots"]),
            str(run["seed"]),
            ", ".join(run["targets"]) or "-",
        ]
        for label, run in report["run"].items()
    ]
    parts.append(
        "<section id='summary'><h2>Run</h2>"
        + _table(["set", "card files", "games", "aborted", "players", "bots", "first seed", "judged"], rows)
        + "</section>"
    )
    parts.append("</body></html>")
    return "\n".join(parts)


def write(report: dict, path: str | Path) -> None:
    from .store import write_text

    write_text(path, render(report))
