"""The balance tutorial's pictures, drawn from the real runs' reports in ``docs/lab``.

    python tools/lab_figures.py

* ``docs/images/lab-base-worth.png``: every base card's worth in gold with its
  95% interval, from the base-game run (``docs/lab/base.json``), flagged cards
  in red -- the same figure as the HTML report's;
* ``docs/images/lab-tune.png``: the tune run's causal value at each cost with
  its interval, the fitted line and where it crosses zero (``docs/lab/tune.json``).

``docs/images/lab-figures.json`` records the SHA-256 of each report a picture
was drawn from; ``tests/lab/test_lab_figures.py`` fails when a report changed
and its picture was not drawn again.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAB = ROOT / "docs" / "lab"
IMAGES = ROOT / "docs" / "images"
SOURCES = {"lab-base-worth.png": "base.json", "lab-tune.png": "tune.json"}


def digest(name: str) -> str:
    """The SHA-256 of the report ``docs/lab/NAME`` a picture is drawn from."""
    return hashlib.sha256((LAB / name).read_bytes()).hexdigest()


def base_worth(report: dict):
    """The base-game run's worth-in-gold figure (one row per judged card)."""
    from pillars_rules.lab.html import worth_figure

    return worth_figure(report)


def tune_curve(report: dict):
    """The tune run: the value at each setting, its interval, the fitted line and its root."""
    from pillars_rules.lab.html import _figure

    fig, ax = _figure(6.5, 3.4)
    rows = report["rows"]
    xs = [r["value"] for r in rows]
    ys = [r["vp"]["value"] for r in rows]
    ax.errorbar(
        xs,
        ys,
        yerr=[[y - r["vp"]["lo"] for y, r in zip(ys, rows)], [r["vp"]["hi"] - y for y, r in zip(ys, rows)]],
        fmt="o",
        color="#357",
        capsize=3,
        label="causal value, 95% interval",
    )
    fit = report["fit"]
    line = [min(xs), max(xs)]
    ax.plot(line, [fit["intercept"] + fit["slope"] * x for x in line], color="#b60", label="fitted line")
    ax.axhline(0, color="k", linewidth=1)
    if fit.get("root") is not None:
        ax.axvspan(fit["lo"], fit["hi"], color="#b60", alpha=0.12, label="fair value, 95% interval")
        ax.axvline(fit["root"], color="#b60", linestyle="--", linewidth=1)
    ax.set_xlim(min(xs) - 1, max(xs) + 1)
    ax.set_xlabel(f"{report['name']} of {report['card']}")
    ax.set_ylabel("VP against not taking it")
    ax.legend(fontsize=7, loc="best")
    return fig


DRAW = {"lab-base-worth.png": base_worth, "lab-tune.png": tune_curve}


def main() -> int:
    record = {}
    for image, source in SOURCES.items():
        report = json.loads((LAB / source).read_text(encoding="utf-8"))
        DRAW[image](report).savefig(IMAGES / image, format="png", dpi=100, metadata={"Software": None})
        record[image] = {"from": f"docs/lab/{source}", "sha256": digest(source)}
        print(f"wrote docs/images/{image}")
    (IMAGES / "lab-figures.json").write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
