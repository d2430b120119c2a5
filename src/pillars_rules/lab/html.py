"""The balance report as one self-contained HTML page: tables, and matplotlib
plots embedded as base64 PNG ``data:`` URIs (no files beside it, no network).

Sections (element ids): ``summary``, ``metrics``, ``seats``, ``cards``,
``scores``, ``length`` and, for an A/B run, ``comparison``.
"""

from __future__ import annotations

import base64
import io
from html import escape
from pathlib import Path

from .report import cards_line, diff_text, flag_text, num, pct

SECTIONS = ("summary", "metrics", "seats", "cards", "scores", "length")
_CSS = """body{font-family:sans-serif;max-width:70em;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#eee}td:first-child{text-align:left}.flag{color:#b00;font-weight:bold}.moved{font-weight:bold}
img{max-width:100%}"""


def _figure(width: float = 7, height: float = 3.2):
    from matplotlib.figure import Figure  # no pyplot: no global backend state

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def _img(fig, alt: str) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def _table(header: list[str], rows: list[list[str]], classes: list[str] | None = None) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for k, row in enumerate(rows):
        cls = f' class="{classes[k]}"' if classes and classes[k] else ""
        body.append(f"<tr{cls}>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _hist(report: dict, key: str, xlabel: str) -> str:
    import numpy as np

    fig, ax = _figure()
    values = [s[key]["values"] for s in report["sets"].values()]
    bins = np.histogram_bin_edges(np.concatenate(values), bins=30)  # the same bins for every set
    for label, v in zip(report["sets"], values):
        ax.hist(v, bins=bins, alpha=0.55, label=f"set {label}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("count")
    ax.legend()
    return _img(fig, f"{xlabel} by set")


def _seat_plot(report: dict) -> str:
    fig, ax = _figure()
    sets = report["sets"]
    width = 0.8 / len(sets)
    for k, (label, s) in enumerate(sets.items()):
        xs = [seat["seat"] + (k - (len(sets) - 1) / 2) * width for seat in s["seats"]]
        ys = [seat["win_rate"]["value"] for seat in s["seats"]]
        err = [[y - seat["win_rate"]["lo"] for y, seat in zip(ys, s["seats"])],
               [seat["win_rate"]["hi"] - y for y, seat in zip(ys, s["seats"])]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=f"set {label}")
    fair = next(iter(sets.values()))["fair_share"]
    ax.axhline(fair, color="k", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(len(next(iter(sets.values()))["seats"])))
    ax.set_xlabel("seat (0 starts)")
    ax.set_ylabel("win rate")
    ax.legend()
    return _img(fig, "win rate by seat with 95% intervals")


def _card_plot(label: str, s: dict) -> str:
    cards = [(c, d) for c, d in s["cards"].items() if d["flag"] is not None]
    cards.sort(key=lambda cd: cd[1]["holders"]["win_rate"]["value"])
    fig, ax = _figure(7, max(2.5, 0.22 * len(cards) + 1))
    for y, (c, d) in enumerate(cards):
        w = d["holders"]["win_rate"]
        color = "#b00" if d["flag"] else "#357"
        ax.plot([w["lo"], w["hi"]], [y, y], color=color)
        ax.plot([w["value"]], [y], "o", color=color, markersize=3)
    ax.axvline(s["fair_share"], color="k", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(cards)), [f"{d['name']} ({c})" for c, d in cards], fontsize=7)
    ax.set_xlabel("holders' win rate (95% Wilson interval); dashed: fair share")
    ax.set_title(f"set {label}")
    return _img(fig, f"holders' win rate per card, set {label}")


def _ab_plot(comp: dict) -> str:
    rows = [r for r in comp["rows"] if r["group"] != "card" or r["moved"]]
    fig, ax = _figure(7, max(2.5, 0.3 * len(rows) + 1))
    for y, r in enumerate(rows):
        d = r["diff"]
        scale = max(abs(d["lo"]), abs(d["hi"]), 1e-12)  # each row on its own scale
        color = "#b00" if r["moved"] else "#357"
        ax.plot([d["lo"] / scale, d["hi"] / scale], [y, y], color=color)
        ax.plot([d["value"] / scale], [y], "o", color=color, markersize=3)
    ax.axvline(0, color="k", linewidth=1)
    ax.set_yticks(range(len(rows)), [r["stat"] for r in rows], fontsize=7)
    ax.set_xlabel("B - A, 95% interval (each row scaled to its widest end)")
    return _img(fig, "A/B differences")


def render(report: dict) -> str:
    """The whole page as a string."""
    sets = report["sets"]
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Balance report</title>"
             f"<style>{_CSS}</style></head><body><h1>Balance report</h1>"]
    rows = [[label, ", ".join(run["sources"]) or "base cards only", str(sets[label]["games"]),
             str(run["players"]), ",".join(run["bots"]), str(run["seed"]), ", ".join(run["variants"]) or "-"]
            for label, run in report["run"].items()]
    parts.append("<section id='summary'><h2>Run</h2>"
                 + _table(["set", "extra cards", "games", "players", "bots", "first seed", "variants"], rows)
                 + "</section>")
    rows = [[label, num(s["metrics"]["balance"], 3), num(s["metrics"]["decisiveness"], 3),
             num(s["metrics"]["duration"]), pct(s["start_player"]["win_rate"])] for label, s in sets.items()]
    parts.append("<section id='metrics'><h2>Game-design metrics</h2><p>Balance: 1 - (highest - lowest "
                 "seat win rate). Decisiveness: the fraction of the game played when the winner took the lead "
                 "for good (lower: decided earlier). Duration: decisions per game.</p>"
                 + _table(["set", "balance", "decisiveness", "duration", "start player's win rate"], rows)
                 + "</section>")
    rows = [[label, str(seat["seat"]), pct(seat["win_rate"]), num(seat["mean_vp"])]
            for label, s in sets.items() for seat in s["seats"]]
    bots = [[label, name, pct(b["win_rate"]), num(b["mean_vp"])]
            for label, s in sets.items() for name, b in s["bots"].items()]
    parts.append("<section id='seats'><h2>Seats</h2>" + _table(["set", "seat", "win rate", "mean VP"], rows)
                 + _seat_plot(report) + "<h3>Bots</h3>" + _table(["set", "bot", "win rate", "mean VP"], bots)
                 + "</section>")
    parts.append("<section id='cards'><h2>Cards</h2>")
    for label, s in sets.items():
        cards = sorted(s["cards"].items(), key=lambda cd: (-abs(cd[1]["flag"] or 0), -cd[1]["taken"]))
        rows = [[f"{d['name']} ({c})", str(d["taken"]), pct(d["taken_rate"]),
                 " ".join(f"{r}:{k}" for r, k in d["rounds"].items()),
                 pct(d["holders"]["win_rate"]), pct(d["others"]["win_rate"]), num(d["holders"]["mean_vp"]),
                 num(d["vp_diff"]), flag_text(d)] for c, d in cards]
        parts.append(f"<h3>Set {escape(label)}</h3><p>{escape(cards_line(s))}.</p>" + _table(
            ["card", "taken", "games taken", "taken in round:times", "holders' win rate", "others' win rate",
             "holders' VP", "VP holders - others", "flag"], rows, ["flag" if d["flag"] else "" for _, d in cards]))
        parts.append(_card_plot(label, s))
    parts.append("</section>")
    rows = [[label, *(f"{s['scores'][k][q]:.1f}" for k in ("all", "winner", "margin") for q in ("mean", "median"))]
            for label, s in sets.items()]
    parts.append("<section id='scores'><h2>Score distributions</h2>"
                 + _table(["set", "VP mean", "VP median", "winner mean", "winner median", "margin mean",
                           "margin median"], rows) + _hist(report, "scores", "final VP") + "</section>")
    rows = [[label, *(f"{s['length'][k]['mean']:.1f}" for k in ("decisions", "events", "rounds"))]
            for label, s in sets.items()]
    parts.append("<section id='length'><h2>Game length</h2>"
                 + _table(["set", "decisions", "events", "rounds"], rows)
                 + _hist(report, "length", "decisions per game") + "</section>")
    comp = report.get("comparison")
    if comp:
        a, b = list(sets)[:2]
        rows = [[r["stat"], f"{r['a']:.3g}", f"{r['b']:.3g}", diff_text(r),
                 {1: "up", -1: "down", 0: ""}[r["moved"]]] for r in comp["rows"]]
        parts.append(f"<section id='comparison'><h2>A/B: set {escape(b)} vs set {escape(a)}</h2>"
                     f"<p>{sum(1 for r in comp['rows'] if r['moved'])} of {len(comp['rows'])} statistics "
                     "moved significantly (95% interval of B - A excludes 0); about one in twenty would by "
                     f"chance alone. New cards: {escape(', '.join(comp['new_cards']) or '-')}; changed: "
                     f"{escape(', '.join(comp['changed_cards']) or '-')}.</p>"
                     + _table(["statistic", a, b, f"{b} - {a} [95%]", "moved"], rows,
                              ["moved" if r["moved"] else "" for r in comp["rows"]])
                     + _ab_plot(comp) + "</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write(report: dict, path: str | Path) -> None:
    Path(path).write_text(render(report), encoding="utf-8")
