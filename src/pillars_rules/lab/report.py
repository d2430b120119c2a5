"""The balance report: JSON-ready data (:func:`build`), the terminal tables
(:func:`print_summary`) and the JSON file (:func:`to_json`);
:mod:`.html` renders the same data as a page.

The data is a dict:

* ``run`` and ``roles`` -- each set's spec and what it is for (:mod:`.plan`);
* ``judged`` -- one entry per card and set that judges it, the author's cards
  first (each alone, then together), then base cards: the causal value
  (:func:`.effects.card_effect`, events :func:`.effects.event_effect`), the
  flag after Holm's correction over ``family`` and the verdict in words;
* ``contrasts`` -- every judged card against each ``--against`` card on the
  same games (the A/A test), with both cards' own values on those games
  (``card_own``, ``against_own``: a copy's row read beside its original's);
* ``sets`` -- per set the game-level metrics (:mod:`.metrics`), the
  descriptive summary (:mod:`.summary`) and the aborted games and arms;
* ``ab`` -- per set, the paired differences from the ``base`` set;
* ``game`` and ``units`` -- the game played and the words of its units
  (:mod:`.units`: Pillars' gold and VP, Ora et Labora's coins and points; the
  numbers' fields keep Pillars' names, ``vp`` and ``gold``, in both).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from . import effects, metrics, sequential, units
from .games import GameSpec, cardset
from .plan import Role
from .summary import summarize
from .verdict import gold_cost, say, say_event

FAMILY_METHOD = "Holm"


def _effect(label: str, role: Role, card: str, spec: GameSpec, records, all_records, specs, author: bool) -> dict:
    cards = cardset(spec)
    c = cards[card] if card in cards else cardset(specs[role.reference or "base"])[card]  # a "without" set
    if c.kind == "event":
        e = effects.event_effect(*_event_sides(label, role, all_records), card)
    else:
        e = effects.card_effect(records, card, seed=spec.seed)
    return {
        **e,
        "set": label,
        "role": role.kind,
        "author": author,
        "name": c.name,
        "kind": c.kind,
        "cost": gold_cost(c),
    }


def _event_sides(label: str, role: Role, records: Mapping[str, list[dict]]) -> tuple[list[dict], list[dict]]:
    """The games without an event and the games with it, for the set ``label`` that judges it."""
    if role.kind == "without":
        return records[label], records[role.reference or "base"]
    return records["base"], records[label]


def _path(t: dict, records: Mapping[str, list[dict]], roles: Mapping[str, Role]) -> dict:
    """A test's estimate after every game of its set (:mod:`.sequential`)."""
    if "against" in t:
        base = t["against"].endswith(" (base version)")
        return sequential.contrast_path(
            *effects.contrast_arrays(
                records[t["set"]], t["card"], records["base"] if base else None, t["card"] if base else t["against"]
            )
        )
    if t["kind"] == "event":
        pairs = effects.event_arrays(*_event_sides(t["set"], roles[t["set"]], records))
        d = np.array([effects.mean_vp(b) - effects.mean_vp(a) for a, b in pairs])
        return sequential.ratio_path(d, np.ones_like(d))
    return sequential.ratio_path(*effects.card_arrays(records[t["set"]], t["card"]))


def _sequential_family(tests: list[dict], records, roles, tau: float = sequential.MIX_VP) -> list[float]:
    """Each test's always-valid p-value, Holm-adjusted over the family; sets
    ``decided_at`` (games) on the tests rejected, and gives a rejected card's
    VP its confidence sequence, intersected over the looks, as its interval
    (see :mod:`.sequential`), and its worth in gold the matching interval."""
    from .verdict import MIN_UNITS

    paths = [_path(t, records, roles) for t in tests]
    looks = max((len(p["value"]) for p in paths), default=0)
    matrix = np.ones((len(tests), looks))
    for row, path in zip(matrix, paths):
        p = sequential.valid_p(path, MIN_UNITS, tau)
        row[: len(p)] = p
        row[len(p) :] = p[-1] if len(p) else 1.0
    adjusted, first = sequential.holm_path(matrix, effects.ALPHA)
    for t, path, row, at in zip(tests, paths, matrix if looks else [], first):
        t["p_valid"] = float(row[-1])
        t["decided_at"] = at
        if at is None or not len(path["value"]):
            continue
        # the confidence sequence intersected over the looks from the first whose own p-value fell
        # below 5% (there, and so from there on, it keeps zero out; the Holm flag may come later);
        # stretched to hold the estimate if it drifted out (a wider interval keeps the coverage)
        below = np.flatnonzero(row < effects.ALPHA)
        value = float(path["value"][-1])
        lo, hi = sequential.running_interval(
            path, MIN_UNITS, effects.ALPHA, tau, start=int(below[0]) + 1 if below.size else at
        )
        lo, hi = min(lo, value), max(hi, value)
        target = t["vp"] if "vp" in t else t
        target.update(lo=lo, hi=hi, interval="confidence sequence")
        w, beta = t.get("worth"), t.get("gold_scale")
        if w and w["value"] == w["value"] and beta and beta["lo"] > 0:
            w["lo"] = lo / (beta["hi"] if lo > 0 else beta["lo"])
            w["hi"] = hi / (beta["lo"] if hi > 0 else beta["hi"])
        elif w and beta and w.get("why") == effects.NO_GOLD:  # the one side known, from this interval
            w.pop("least", None)
            w.pop("most", None)
            w.update(effects.gold_bound(target, beta))
    return [float(a) for a in adjusted] if looks else [float("nan")] * len(tests)


def build(
    specs: Mapping[str, GameSpec],
    roles: Mapping[str, Role],
    records: Mapping[str, list[dict]],
    against: tuple[str, ...] = (),
    sequential_design: bool = False,
) -> dict:
    """The report data of a run (see the module docs). With
    ``sequential_design`` the flags come from always-valid p-values
    (:mod:`.sequential`): the run may have stopped on them."""
    judged, contrasts = judged_tests(specs, roles, records, against, sequential_design)
    sets = {}
    for label, spec in specs.items():
        recs = records[label]
        names = {c.id: c.name for c in cardset(spec)}
        done = effects.live(recs)
        sets[label] = {
            "games": len(done),
            "aborted": len(recs) - len(done),
            "arms_aborted": sum(r.get("aborted_arms", 0) for r in done),
            "metrics": metrics.game_metrics(recs, spec.players),
            "summary": summarize(done, spec.players, spec.seed, names) if done else None,
        }
    ab = {
        label: metrics.paired(records["base"], records[label], specs[label].players)
        for label in specs
        if label != "base"
        and "base" in specs
        and not (roles[label].kind == "without" and roles[label].reference != "base")
    }
    runs = {label: {**spec.to_dict(), "sources": [s[0] for s in spec.sources]} for label, spec in specs.items()}
    game = next(iter(specs.values())).game if specs else "pillars"
    return {
        "game": game,
        "units": units.UNITS[game],
        "run": runs,
        "roles": {label: {"kind": r.kind, "cards": list(r.cards)} for label, r in roles.items()},
        "judged": judged,
        "contrasts": contrasts,
        "family": {
            "tests": len(judged) + len(contrasts),
            "method": FAMILY_METHOD,
            "alpha": effects.ALPHA,
            "design": units.say(sequential.DESIGN, game).replace(
                "tau = 1 points", f"tau = {units.UNITS[game]['mix']:g} points"
            )
            if sequential_design
            else "fixed length: t tests on all the games",
        },
        "sets": sets,
        "ab": ab,
    }


def judged_tests(
    specs: Mapping[str, GameSpec],
    roles: Mapping[str, Role],
    records: Mapping[str, list[dict]],
    against: tuple[str, ...] = (),
    sequential_design: bool = False,
) -> tuple[list[dict], list[dict]]:
    """The report's ``judged`` cards and ``contrasts``, flagged and worded as
    :func:`build` gives them, without the sets' summaries (their bootstrap
    intervals were nine tenths of a report's time): what a sequential run's
    stopping rule reads at every look."""
    judged, contrasts = [], []
    game = next(iter(specs.values())).game if specs else "pillars"
    author = any(r.kind != "base" for r in roles.values())
    order = sorted(roles, key=lambda lb: {"alone": 0, "together": 1, "without": 2, "base": 3}[roles[lb].kind])
    for label in order:
        role = roles[label]
        for card in role.cards:
            if role.kind == "together" and cardset(specs[label])[card].kind == "event":
                continue  # judged by its "together without" set, next
            theirs = role.kind in ("alone", "together") or (role.kind == "without" and role.reference != "base")
            judged.append(_effect(label, role, card, specs[label], records[label], records, specs, author and theirs))
            if judged[-1]["kind"] != "event":
                if label != "base" and "base" in specs and card in specs["base"].targets:
                    contrasts.append(
                        {
                            "set": label,
                            "card": card,
                            "against": f"{card} (base version)",
                            **effects.contrast(records[label], card, records["base"], card),
                        }
                    )
                for other in against:
                    if other != card and other in specs[label].targets:
                        own = effects.card_effect(records[label], other, seed=specs[label].seed)
                        contrasts.append(
                            {
                                "set": label,
                                "card": card,
                                "against": other,
                                **effects.contrast(records[label], card, None, other),
                                "card_own": {k: judged[-1][k] for k in ("vp", "worth", "units")},
                                "against_own": {k: own[k] for k in ("vp", "worth", "units")},
                            }
                        )
    tests = judged + contrasts
    family = [effects.family_p(t) for t in tests]
    adjusted = effects.holm(family)
    if sequential_design:  # a test left out of the family (too few chances) stays unjudged
        adjusted = [
            a if u != u else v
            for a, u, v in zip(adjusted, family, _sequential_family(tests, records, roles, units.UNITS[game]["mix"]))
        ]
    for t, p in zip(tests, adjusted):
        t["p_holm"] = p
        value = t["vp"]["value"] if "vp" in t else t["value"]
        t["flag"] = None if p != p else ((1 if value > 0 else -1) if p < effects.ALPHA else 0)
    beta = {(e["set"], e["card"]): e["gold_scale"]["value"] for e in judged}
    z = effects.mde({"units": 2, "vp": {"se": 1.0}, "gold_scale": {"value": float("nan")}}, len(tests))["vp"]
    for c in contrasts:
        b = beta.get((c["set"], c["card"]), float("nan"))
        c["gold"] = c["value"] / b if b == b and b > 0 else float("nan")
        c["mde"] = {"vp": z * c["se"], "gold": z * c["se"] / b if b == b and b > 0 else float("nan")}
        c["needed"] = effects.contrast_needed(c, b, len(tests)) if b == b and b > 0 else None  # for 1 gold
    for e in judged:
        if e["kind"] != "event":
            e["mde"] = effects.mde(e, len(tests))
            e["needed"] = effects.games_needed(e, e["vp"]["value"])
            b = e["gold_scale"]["value"]
            e["needed_gold"] = effects.games_needed(e, b) if b == b and b > 0 else None  # to detect 1 gold
            e["verdict"] = say(e, e["cost"])
        else:
            e["verdict"] = say_event(e)
        if e.get("decided_at") and e["flag"]:
            e["verdict"] += f" (decided after {e['decided_at']} games)"
        e["verdict"] = units.say(e["verdict"], game)
        if "why" in e.get("worth", {}):
            e["worth"]["why"] = units.say(e["worth"]["why"], game)
    return judged, contrasts


def _clean(value):
    """JSON has no NaN or infinity: write ``null`` and ``"inf"``."""
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
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


def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(d: dict) -> str:
    """``"34.0% [28.1-40.5]"`` for a rate with interval."""
    if _nan(d["value"]):
        return "-"
    return f"{100 * d['value']:.1f}% [{100 * d['lo']:.1f}-{100 * d['hi']:.1f}]"


def num(d: dict, digits: int = 1, sign: bool = False) -> str:
    """``"3.2 [1.0, 5.4]"`` for a value with interval."""
    if _nan(d["value"]):
        return "-"
    f = f"{{:{'+' if sign else ''}.{digits}f}}"
    ends = "" if _nan(d.get("lo")) else f" [{f.format(d['lo'])}, {f.format(d['hi'])}]"
    return f.format(d["value"]) + ends


def gold(d: dict) -> str:
    from .verdict import interval

    if _nan(d["value"]):
        return d.get("why") or "-"
    return f"{d['value']:+.1f} [{interval(d)}]"


def p_text(p) -> str:
    return "-" if _nan(p) else ("<0.001" if p < 0.001 else f"{p:.3f}")


FLAG_TEXT = {1: "too strong", -1: "too weak", 0: "", None: "not judged"}


def flag_text(e: dict) -> str:
    if e.get("kind") == "event":
        return {1: "raises VP", -1: "lowers VP", 0: "", None: "not judged"}[e["flag"]]
    return FLAG_TEXT[e["flag"]]


def console(width: int | None = None):
    """A rich console for stdout: its own width on a terminal, else wide
    enough that no table is ever cut."""
    import sys

    from rich.console import Console

    if width is None and not sys.stdout.isatty():
        width = 10_000
    return Console(width=width, soft_wrap=not sys.stdout.isatty())
