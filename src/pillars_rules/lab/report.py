"""The balance report: a rich summary in the terminal and JSON.

The report data is a dict ``{"run": ..., "sets": {label: summary}, "comparison": ...}``
built by :func:`build`; :func:`to_json` writes it, :func:`print_summary`
shows it, and :mod:`.html` renders it as a self-contained page.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Mapping

from .compare import compare
from .games import GameSpec, cardset
from .summary import summarize

FLAG_TEXT = {1: "too strong", -1: "too weak", 0: ""}


def flag_text(card: dict) -> str:
    """``too strong``/``too weak``/empty, or why the card was not judged."""
    return FLAG_TEXT[card["flag"]] if card["flag"] is not None else f"({card['note']})"


def build(specs: Mapping[str, GameSpec], records: Mapping[str, list[dict]], seed: int = 0,
          min_holders: int | None = None) -> dict:
    """Summaries of every set (and the A/B comparison of the first two)."""
    from .summary import MIN_HOLDERS

    labels = list(specs)
    sets = {}
    for label in labels:
        spec = specs[label]
        names = {c.id: c.name for c in cardset(spec)}
        sets[label] = summarize(records[label], spec.players, seed,
                                MIN_HOLDERS if min_holders is None else min_holders, names)
    report = {"run": {label: {**specs[label].to_dict(), "sources": [s[0] for s in specs[label].sources]}
                      for label in labels},
              "sets": sets, "comparison": None}
    if len(labels) >= 2:
        a, b = labels[:2]
        report["comparison"] = compare(records[a], records[b], specs[a].players, seed,
                                       cardset(specs[a]), cardset(specs[b]))
    return report


def _clean(value):
    """JSON has no NaN: write ``null``."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def to_json(report: dict, path: str | Path | None = None) -> str:
    text = json.dumps(_clean(report), indent=1, sort_keys=True)
    if path is not None:
        Path(path).write_text(text + "\n", encoding="utf-8")
    return text


def pct(d: dict) -> str:
    """``"34.0% [28.1-40.5]"`` for a rate with interval."""
    if d["value"] is None or (isinstance(d["value"], float) and math.isnan(d["value"])):
        return "-"
    return f"{100 * d['value']:.1f}% [{100 * d['lo']:.1f}-{100 * d['hi']:.1f}]"


def num(d: dict, digits: int = 1) -> str:
    if d["value"] is None or (isinstance(d["value"], float) and math.isnan(d["value"])):
        return "-"
    return f"{d['value']:.{digits}f} [{d['lo']:.{digits}f}-{d['hi']:.{digits}f}]"


def diff_text(row: dict) -> str:
    d = row["diff"]
    scale = 100 if "rate" in row["stat"] else 1
    unit = " pp" if scale == 100 else ""
    return (f"{scale * d['value']:+.2f}{unit} [{scale * d['lo']:+.2f}, {scale * d['hi']:+.2f}]"
            if d["value"] == d["value"] else "-")


def cards_line(summary: dict) -> str:
    """How many cards were flagged, and how many a 95% interval flags by chance alone."""
    judged = [d for d in summary["cards"].values() if d["flag"] is not None]
    flagged = sum(1 for d in judged if d["flag"])
    return (f"{flagged} flagged of {len(judged)} judged (about {0.05 * len(judged):.1f} would be by chance "
            f"alone); fair win rate {100 * summary['fair_share']:.0f}%")


def print_summary(report: dict, console=None, top: int = 12) -> None:
    """The report as rich tables: metrics and seats per set, flagged and most
    taken cards, and for an A/B run the statistics that moved."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    for label, s in report["sets"].items():
        run = report["run"][label]
        extra = ", ".join(run["sources"]) or "base cards only"
        console.rule(f"[bold]Set {label}[/]: {extra} -- {s['games']} games, {s['players']} players, "
                     f"bots {','.join(run['bots'])}")
        m = s["metrics"]
        t = Table(title="Game", show_header=True)
        for col in ("balance", "decisiveness", "duration (decisions)", "start-player win rate", "mean VP"):
            t.add_column(col)
        sp = s["start_player"]
        t.add_row(num(m["balance"], 3), num(m["decisiveness"], 3), num(m["duration"]),
                  pct(sp["win_rate"]) + (" !" if sp["flag"] else ""),
                  f"{s['scores']['all']['mean']:.1f}")
        console.print(t)
        t = Table(title="Seats")
        for col in ("seat", "win rate", "mean VP"):
            t.add_column(col)
        for seat in s["seats"]:
            t.add_row(str(seat["seat"]), pct(seat["win_rate"]), num(seat["mean_vp"]))
        console.print(t)
        if len(s["bots"]) > 1:
            t = Table(title="Bots")
            for col in ("bot", "win rate", "mean VP"):
                t.add_column(col)
            for name, b in s["bots"].items():
                t.add_row(name, pct(b["win_rate"]), num(b["mean_vp"]))
            console.print(t)
        cards = s["cards"]
        flagged = [c for c, d in cards.items() if d["flag"]]
        shown = flagged + [c for c in sorted(cards, key=lambda c: -cards[c]["taken"]) if c not in flagged]
        t = Table(title=f"Cards: {cards_line(s)}")
        for col in ("card", "taken", "mean round", "holders' win rate", "others' win rate", "VP holders - others", "flag"):
            t.add_column(col)
        for c in shown[:max(top, len(flagged))]:
            d = cards[c]
            t.add_row(c, str(d["taken"]), f"{d['mean_round']:.1f}", pct(d["holders"]["win_rate"]),
                      pct(d["others"]["win_rate"]), num(d["vp_diff"]),
                      f"[bold red]{flag_text(d)}[/]" if d["flag"] else flag_text(d))
        console.print(t)
    comp = report.get("comparison")
    if comp:
        a, b = list(report["sets"])[:2]
        moved = [r for r in comp["rows"] if r["moved"]]
        t = Table(title=f"A/B: {b} vs {a} -- {len(moved)} of {len(comp['rows'])} statistics moved significantly "
                        f"(about {len(comp['rows']) / 20:.0f} would by chance alone)")
        for col in ("statistic", a, b, f"{b} - {a} [95%]"):
            t.add_column(col)
        for r in [r for r in comp["rows"] if r["group"] != "card"] + [r for r in moved if r["group"] == "card"]:
            style = "bold" if r["moved"] else ""
            t.add_row(r["stat"], f"{r['a']:.3g}", f"{r['b']:.3g}", diff_text(r), style=style)
        console.print(t)
        if comp["new_cards"] or comp["changed_cards"]:
            console.print(f"New cards in {b}: {', '.join(comp['new_cards']) or '-'}; "
                          f"changed: {', '.join(comp['changed_cards']) or '-'}")
