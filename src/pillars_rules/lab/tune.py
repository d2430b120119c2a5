"""A search for a card's fair numbers: ``pillars-rules balance tune``.

:func:`numbers` lists every number in a card's canonical text (the card
language's formatter, :func:`pillars_rules.cardlang.format_cards`) under a
name: ``round``, ``cost`` (its gold), ``capacity``, ``workers``,
``yields``, ``in_wood`` / ``out_vp`` for a conversion's amounts, ``gain_gold``
and so on (a second one of a name gets ``2``, ...), and ``#k`` for the k-th
number of the text. :func:`vary` writes the card with one of them changed,
compiled again (so a value the language refuses is a
:class:`~pillars_rules.errors.CardError`) and formatted.

:func:`tune_specs` makes one set per value: the base set plus the varied
card, judged causally (:mod:`.causal`) on the same seeds. :func:`analyse`
finds the fair value: the line fitted (weighted by chances to take the card)
through the causal values ``Delta(v)`` crosses zero at ``v*``; its interval is
a seeded bootstrap over seeds (resampled together for every value, as they
are the same games). When the fitted slope's interval holds zero the values
do not order the card's strength, and the value tried that is judged fair
(its interval holds zero; at least ``MIN_UNITS`` chances) and closest to zero
is reported instead. When the fitted zero lies outside the range tried, or
no value is ordered and none is judged fair, there is no fair value
(``fair`` is ``None``, ``how`` says why): ``balance tune`` says so and writes
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

import pillars_rules as pr

from . import effects
from .games import GameSpec

if TYPE_CHECKING:  # pragma: no cover
    from pillars_rules.cardlang.ast import Num

_RANGE = re.compile(r"^\s*([A-Za-z_#][\w#]*)\s*=\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*(?::\s*(\d+))?\s*$")
MAX_VALUES = 25


def _walk(node: object, path: tuple[str, ...], out: list[tuple[tuple[str, ...], Num]]) -> None:
    from pillars_rules.cardlang import ast

    kind = type(node)
    if isinstance(node, ast.Num):
        out.append((path, node))
    elif isinstance(node, ast.AmountNode):
        _walk(node.n, path + (node.kind.text,), out)
    elif isinstance(node, ast.Field):
        _walk(node.value, path + (node.name,), out)
    elif isinstance(node, ast.Effect):
        for name, value in node.args:
            _walk(value, path + (node.registry.lower(), name), out)
    elif isinstance(node, tuple):
        for item in node:
            _walk(item, path, out)
    elif attrs.has(kind):
        for f in attrs.fields(kind):
            if f.name not in ("line", "column", "end_line"):
                _walk(getattr(node, f.name), path, out)


def _name(path: tuple[str, ...]) -> str:
    if not path:
        return "number"
    if path[0] in ("round", "workers", "yields"):
        return path[0]
    if path[0] == "cost":
        return "cost" if path[-1] == "gold" else f"cost_{path[-1]}"
    if path[-1] == "capacity":
        return "capacity"
    if len(path) >= 3 and path[-2] in ("inputs", "outputs"):
        return ("in_" if path[-2] == "inputs" else "out_") + path[-1]
    if len(path) >= 2 and path[0] not in ("inputs", "outputs"):
        return f"{path[0]}_{path[-1]}"
    return path[-1]


def card_text(card: pr.Card) -> str:
    from pillars_rules.cardlang import format_cards

    return format_cards([card])


def numbers(card: pr.Card) -> list[dict[str, Any]]:
    """Every number of the card's canonical text: ``name``, ``index`` (``#k``),
    ``value``, ``line`` and ``column`` in :func:`card_text`."""
    from pillars_rules.cardlang import parse

    text = card_text(card)
    found: list[tuple[tuple[str, ...], Num]] = []
    _walk(parse(text).cards[0], (), found)
    found.sort(key=lambda pn: (pn[1].line, pn[1].column))
    seen: dict[str, int] = {}
    out = []
    for k, (path, num) in enumerate(found, start=1):
        base = _name(path)
        seen[base] = seen.get(base, 0) + 1
        name = base if seen[base] == 1 else f"{base}{seen[base]}"
        out.append(
            {
                "name": name,
                "index": f"#{k}",
                "value": num.value,
                "text": num.text,
                "line": num.line,
                "column": num.column,
            }
        )
    return out


def find(card: pr.Card, name: str) -> dict[str, Any]:
    """The number called ``name`` (or ``#k``); :class:`~pillars_rules.errors.ConfigError` naming the choices."""
    nums = numbers(card)
    for n in nums:
        if name in (n["name"], n["index"]):
            return n
    listed = ", ".join(f"{n['name']}={n['value']}" for n in nums) or "none"
    raise pr.ConfigError(f"{card.id} has no number called {name!r} (its numbers: {listed})")


def vary(card: pr.Card, name: str, value: int, known: pr.CardSet) -> str:
    """The canonical text of ``card`` with number ``name`` set to ``value``,
    compiled against ``known`` (a value the card language refuses raises
    :class:`~pillars_rules.errors.CardError`)."""
    from pillars_rules.cardlang import compile_text

    n = find(card, name)
    lines = card_text(card).splitlines(keepends=True)
    row = lines[n["line"] - 1]
    col = n["column"] - 1
    written = f"+{value}" if n["text"].startswith("+") and value >= 0 else str(value)
    lines[n["line"] - 1] = row[:col] + written + row[col + len(n["text"]) :]
    compiled = compile_text("".join(lines), file=f"<{card.id} with {name}={value}>", known=known)
    return card_text(compiled[card.id])


def parse_range(text: str) -> tuple[str, list[int]]:
    """``"cost=2..10"`` or ``"cost=2..10:2"`` -> ``("cost", [2, 3, ..., 10])``."""
    m = _RANGE.match(text or "")
    if not m:
        raise pr.ConfigError(f"--vary {text!r}: write NAME=LOW..HIGH, e.g. cost=2..10 (or cost=2..10:2)")
    name, lo, hi, step = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4) or 1)
    if hi < lo or step < 1:
        raise pr.ConfigError(f"--vary {text!r}: LOW must not exceed HIGH and the step is at least 1")
    values = list(range(lo, hi + 1, step))
    if len(values) > MAX_VALUES:
        raise pr.ConfigError(f"--vary {text!r}: {len(values)} values; at most {MAX_VALUES} (use a step)")
    return name, values


def tune_specs(
    common: dict[str, Any],
    also: Sequence[tuple[str, str]],
    card: pr.Card,
    name: str,
    values: Iterable[int],
    known: pr.CardSet,
) -> dict[str, GameSpec]:
    """One causal set per value: ``{"cost=4": spec, ...}``."""
    specs = {}
    for v in values:
        text = vary(card, name, v, known)
        specs[f"{name}={v}"] = GameSpec(
            sources=tuple(also) + ((f"<{card.id} {name}={v}>", text),), targets=(card.id,), **common
        )
    return specs


def _fit(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Weighted least squares ``y = a + b x``."""
    W = w.sum()
    mx, my = (w * x).sum() / W, (w * y).sum() / W
    sxx = (w * (x - mx) ** 2).sum()
    b = (w * (x - mx) * (y - my)).sum() / sxx if sxx > 0 else float("nan")
    return my - b * mx, b


def analyse(
    records: dict[str, list[dict[str, Any]]], card_id: str, name: str, values: Sequence[int], seed: int = 0
) -> dict[str, Any]:
    """Per value the card's causal value; the fitted fair value with its
    bootstrap interval; and the value reported as fair (see the module docs)."""
    rows = []
    for v in values:
        e = effects.card_effect(records[f"{name}={v}"], card_id, seed=seed)
        rows.append({"value": v, **e})
    xs = np.array(values, dtype=float)
    live = [{r["i"]: r for r in effects.live(records[f"{name}={v}"])} for v in values]
    seeds = sorted(set.intersection(*(set(d) for d in live))) if live else []
    S = np.zeros((len(values), len(seeds)))
    N = np.zeros_like(S)
    for k, d in enumerate(live):
        s_vp, _, n, *_ = effects._per_seed([d[i] for i in seeds], card_id)
        S[k], N[k] = s_vp, n
    out: dict[str, Any] = {"card": card_id, "name": name, "rows": rows, "fit": None}  # the report's JSON
    if len(values) >= 2 and len(seeds) >= 2 and (N.sum(axis=1) > 0).all():
        a, b = _fit(xs, S.sum(axis=1) / N.sum(axis=1), N.sum(axis=1))
        rng = np.random.default_rng(seed * 7919 + len(values))
        idx = rng.integers(0, len(seeds), size=(effects.RESAMPLES, len(seeds)))
        roots, slopes = [], []
        for row in idx:
            n = N[:, row].sum(axis=1)
            if (n == 0).any():
                continue
            aa, bb = _fit(xs, S[:, row].sum(axis=1) / n, n)
            slopes.append(bb)
            roots.append(-aa / bb if bb else np.nan)
        slopes_a = np.array(slopes)
        s_lo, s_hi = np.quantile(slopes_a, [0.025, 0.975]) if slopes else (np.nan, np.nan)
        root = -a / b if b else float("nan")
        fit = {
            "intercept": a,
            "slope": b,
            "slope_lo": float(s_lo),
            "slope_hi": float(s_hi),
            "root": root,
            "ordered": bool(s_lo > 0 or s_hi < 0),
        }
        finite = np.array(roots)
        finite = finite[np.isfinite(finite)]
        if fit["ordered"] and finite.size:
            lo, hi = np.quantile(finite, [0.025, 0.975])
            fit.update(lo=float(lo), hi=float(hi))
        out["fit"] = fit
    for r in rows:
        r["status"] = row_status(r)
        if name == "cost":  # what the verdict's guess (cost + worth in gold) says at this cost
            r["guess"] = r["value"] + r["worth"]["value"]
    judged = [r for r in rows if r["status"] != "not judged"]
    fair_rows = [r for r in judged if r["status"] == "fair"]
    near = lambda r: abs(r["vp"]["value"])  # noqa: E731
    out["closest"] = min(judged, key=near)["value"] if judged else None
    fitted = out["fit"]
    if fitted and fitted["ordered"]:
        inside = min(values) <= fitted["root"] <= max(values)
        out["fair"], out["how"] = (int(round(fitted["root"])), "fitted") if inside else (None, "outside")
    elif fair_rows:
        out["fair"], out["how"] = min(fair_rows, key=near)["value"], "closest"
    else:
        out["fair"], out["how"] = None, "none"
    return out


def row_status(row: dict[str, Any]) -> str:
    """One value's verdict in tune's table: ``not judged`` (fewer than
    ``MIN_UNITS`` chances), ``too strong`` / ``too weak`` (the VP interval
    excludes zero) or ``fair`` (it holds zero)."""
    from .verdict import MIN_UNITS

    vp = row["vp"]
    if row["units"] < MIN_UNITS or vp["lo"] != vp["lo"]:
        return "not judged"
    return "too strong" if vp["lo"] > 0 else "too weak" if vp["hi"] < 0 else "fair"
