"""The results: machine description, summary, targets, text and rst tables."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from .ora import ora_rows

TARGETS: list[tuple[str, str, str, str, float]] = [
    ("games_per_s", "full random 4-player games", "games/s", ">=", 138),  # 2x the 68.8 of issue #12
    ("legal_actions_median_us", "legal_actions, median", "us", "<=", 20),
    ("replay_fold_ms", "replay, pure fold (verify=False)", "ms", "<=", 10),
    ("replay_verified_ms", "replay, verified (default)", "ms", "<=", 10),
    ("save_load_ms", "load(save(game))", "ms", "<=", 20),
    ("cards_warm_ms", "base cards parse + compile, warm", "ms", "<=", 50),
    ("cards_cold_ms", "base cards parse + compile, cold process", "ms", "<=", 300),
    ("states_1000_mb", "1,000 retained successive states", "MB", "<=", 5),
    ("peer_ratio", "random playouts, engine / OpenSpiel team dominoes", "x", ">=", 0.8),
    # issue #58: random Ora games at 4 players at least as many actions/s as Pillars', in the same run
    ("ora_ratio_4p", "random 4-player games, Ora / Pillars actions/s", "x", ">=", 1.0),
]


# ====================================================================== report
def machine_info() -> dict:
    import pillars_rules

    info: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "pillars_rules": pillars_rules.__version__,
        # which build ran (issue #26): the mypyc-compiled engine or the pure-Python source
        "build": "compiled with mypyc" if getattr(pillars_rules, "COMPILED", False) else "pure Python",
    }
    try:
        info["cpu_count_usable"] = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu_model"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        info["cpu_model"] = platform.processor() or "unknown"
    try:
        root = Path(pillars_rules.__file__).resolve().parents[2]
        rev = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10
        )
        if rev.returncode == 0:
            info["git_commit"] = rev.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return info


def summarize(r: dict) -> dict:
    return (
        {
            "games_per_s": r["games"]["games_per_s"],
            "actions_per_s": r["apply"]["actions_per_s"],
            "legal_actions_median_us": r["legal_actions"]["median_us"],
            "legal_actions_p90_us": r["legal_actions"]["p90_us"],
            "replay_fold_ms": r["replay"]["fold"]["ms_per_game"],
            "replay_verified_ms": r["replay"]["verified"]["ms_per_game"],
            "replay_fold_events_per_s": r["replay"]["fold"]["events_per_s"],
            "replay_verified_events_per_s": r["replay"]["verified"]["events_per_s"],
            "save_ms": r["save_load"]["save_ms"],
            "load_ms": r["save_load"]["load_ms"],
            "save_load_ms": r["save_load"]["save_load_ms"],
            "cards_warm_ms": r["cards"]["warm_ms"],
            "cards_cold_ms": r["cards"]["cold_ms"],
            "states_1000_mb": r["memory"]["states_1000_mb"],
            "games_1000_mb": r["memory"]["games_1000_mb"],
            "save_bytes_per_event": r["memory"]["save_bytes_per_event"],
            "growth_ratio_k8_k1": r["growth"]["ratio_k8_k1"],
            "playout_actions_per_s": r["peer"]["engine_actions_per_s"],
        }
        | (
            {"peer_actions_per_s": r["peer"]["peer_actions_per_s"], "peer_ratio": r["peer"]["ratio"]}
            if r["peer"].get("peer")
            else {}
        )
        | ({"six_games_per_s": r["six"]["games_per_s"]} if "six" in r else {})
        | (
            {f"{row['row'].replace(' ', '_')}p_actions_per_s": row["actions_per_s"] for row in r["ora"]["rows"]}
            | {"ora_ratio_4p": r["ora"]["ratio_4p"]}
            if "ora" in r
            else {}
        )
    )


def check_targets(summary: dict) -> list[dict]:
    out = []
    for key, label, unit, op, target in TARGETS:
        if key not in summary:  # the peer is optional
            continue
        value = summary[key]
        met = value >= target if op == ">=" else value <= target
        out.append({"key": key, "label": label, "unit": unit, "op": op, "target": target, "value": value, "met": met})
    return out


def _fmt(v: float) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def table_rows(r: dict) -> list[tuple[str, str, str, str]]:
    """(measurement, value, target, status) rows shared by the text and rst tables."""
    s = r["summary"]
    t = {x["key"]: x for x in r["targets"]}

    def tgt(key):
        x = t.get(key)
        if x is None:
            return "", ""
        return f"{x['op']} {_fmt(x['target'])} {x['unit']}", ("met" if x["met"] else "MISSED")

    g, a, c, m, gr = r["games"], r["apply"], r["cards"], r["memory"], r["growth"]
    rows = [
        (
            "full random 4-player games",
            f"{_fmt(s['games_per_s'])} games/s ({_fmt(g['ms_per_game'])} ms/game, {_fmt(g['events_per_game'])} events)",
            *tgt("games_per_s"),
        ),
        (
            "applied actions (pre-chosen, Game.apply)",
            f"{_fmt(s['actions_per_s'])} actions/s ({_fmt(a['us_per_action'])} us each)",
            "",
            "",
        ),
        ("legal_actions, median", f"{_fmt(s['legal_actions_median_us'])} us", *tgt("legal_actions_median_us")),
        ("legal_actions, p90", f"{_fmt(s['legal_actions_p90_us'])} us", "", ""),
        (
            "replay, pure fold (verify=False)",
            f"{_fmt(s['replay_fold_ms'])} ms/game ({_fmt(s['replay_fold_events_per_s'])} events/s)",
            *tgt("replay_fold_ms"),
        ),
        (
            "replay, verified (default)",
            f"{_fmt(s['replay_verified_ms'])} ms/game ({_fmt(s['replay_verified_events_per_s'])} events/s)",
            *tgt("replay_verified_ms"),
        ),
        ("save", f"{_fmt(s['save_ms'])} ms", "", ""),
        ("load (verified)", f"{_fmt(s['load_ms'])} ms", "", ""),
        ("load(save(game))", f"{_fmt(s['save_load_ms'])} ms", *tgt("save_load_ms")),
        (
            "base cards parse + compile, warm",
            f"{_fmt(s['cards_warm_ms'])} ms (parse only {_fmt(c['warm_parse_only_ms'])} ms)",
            *tgt("cards_warm_ms"),
        ),
        (
            "base cards parse + compile, cold process",
            f"{_fmt(s['cards_cold_ms'])} ms (import alone {_fmt(c['cold_import_only_ms'])} ms)",
            *tgt("cards_cold_ms"),
        ),
        (
            "1,000 retained successive states",
            f"{_fmt(s['states_1000_mb'])} MB ({_fmt(m['bytes_per_state'])} B/state)",
            *tgt("states_1000_mb"),
        ),
        (
            "1,000 retained Game objects",
            f"{_fmt(s['games_1000_mb'])} MB ({_fmt(m['bytes_per_game_object'])} B/Game)",
            "",
            "",
        ),
        ("save size", f"{_fmt(s['save_bytes_per_event'])} bytes/event", "", ""),
        (
            "replay growth, per-event time k=8 / k=1",
            f"{gr['ratio_k8_k1']:.2f}",
            "<= 1.50",
            "met" if gr["linear"] else "FLAG: superlinear",
        ),
    ]
    return rows + six_rows(r) + ora_rows(r)


def six_rows(r: dict) -> list[tuple[str, str, str, str]]:
    """Six seats with the expansion (results written before #37 lack them)."""
    six = r.get("six")
    if not six:
        return []
    rows = [
        (
            "full random 6-player games, the expansion",
            f"{_fmt(six['games_per_s'])} games/s "
            f"({_fmt(six['ms_per_game'])} ms/game, {_fmt(six['events_per_game'])} events)",
            "",
            "",
        )
    ]
    for b in six["bots"]:
        rows.append(
            (
                f"{b['bot']} bot, CPU per decision, {b['players']} players ({b['cards']})",
                f"{_fmt(b['ms_per_decision'])} ms median ({_fmt(b['ms_max'])} ms max, {b['decisions']} decisions)",
                "",
                "",
            )
        )
    return rows


def peer_rows(r: dict) -> list[tuple[str, str, str, str]]:
    """The side-by-side rows: engine and OpenSpiel random playouts, and their ratio."""
    p = r.get("peer")
    if not p:
        return []
    rows = [
        (
            "this engine: pr.playout, uniformly random actions, 4 players",
            f"{_fmt(p['engine_actions_per_s'])} actions/s",
            "",
            "",
        )
    ]
    if not p.get("peer"):
        return rows + [("OpenSpiel python_team_dominoes", "skipped: OpenSpiel is not installed", "", "")]
    t = {x["key"]: x for x in r["targets"]}.get("peer_ratio")
    lo, hi = min(p["ratios"]), max(p["ratios"])
    rows += [
        (
            f"peer: {p['peer']}, uniformly random actions",
            f"{_fmt(p['peer_actions_per_s'])} actions/s ({_fmt(p['peer_player_actions_per_s'])} "
            "without the dealing chance nodes)",
            "",
            "",
        ),
        (
            f"engine / peer (median of {p['rounds']} interleaved rounds)",
            f"{p['ratio']:.2f}x" + (f" (rounds {lo:.2f}x to {hi:.2f}x)" if p["rounds"] > 1 else ""),
            f">= {t['target']:.2f}x" if t else "",
            ("met" if t["met"] else "MISSED") if t else "",
        ),
    ]
    if "player_ratio" in p:  # results written before it was measured lack it
        rows.append(
            (
                "engine / peer, player decisions only (the engine's chance draws are not "
                "actions; the peer's dealing is left out too)",
                f"{p['player_ratio']:.2f}x",
                "",
                "",
            )
        )
    return rows


def render_text(r: dict) -> str:
    rows = table_rows(r)
    w0 = max(len(x[0]) for x in rows)
    w1 = max(len(x[1]) for x in rows)
    w2 = max(len(x[2]) for x in rows)
    m = r["machine"]
    lines = [
        f"pillars-rules {m['pillars_rules']} ({m.get('build', 'pure Python')}) benchmark "
        f"({r['mode']} mode), Python {m['python']}, "
        f"{m['platform']}, {m['cpu_count']} CPUs ({m.get('cpu_model', '?')})",
        f"pinned to one core: {r['settings']['pinned']}; gc: {r['settings']['gc']}; "
        f"clock: {r['settings'].get('clock', 'wall clock')}",
        "",
    ]
    head = ("measurement", "result", "target", "")
    lines.append(f"{head[0]:<{w0}}  {head[1]:<{w1}}  {head[2]:<{w2}}  status")
    lines.append("-" * (w0 + w1 + w2 + 14))
    for a, b, c, d in rows:
        lines.append(f"{a:<{w0}}  {b:<{w1}}  {c:<{w2}}  {d}")
    prow = peer_rows(r)
    if prow:
        lines += ["", "side by side, random playouts in this process:"]
        lines += [f"  {a}: {b}" + (f"  [{c} {d}]" if c else "") for a, b, c, d in prow]
    lines.append("")
    gr = r["growth"]
    lines.append(
        "growth (evolve fold of k logs): "
        + ", ".join(f"k={x['k']}: {x['us_per_event']:.2f} us/event" for x in gr["rows"])
    )
    la = r["legal_actions"]["by_kind"]
    lines.append(
        "legal_actions by decision kind (median us): "
        + ", ".join(f"{k} {v['median_us']:.1f} (n={v['states']})" for k, v in la.items())
    )
    c = r.get("contention", {})
    if c:
        lines.append(
            f"process CPU share of wall time: {c['cpu_share']:.2f}; load average before/after: "
            f"{c['loadavg_before']} / {c['loadavg_after']}" + (_busy_note(r) if c["cpu_share"] < 0.8 else "")
        )
    met = sum(t["met"] for t in r["targets"])
    lines.append(f"targets met: {met}/{len(r['targets'])}; total run {r['elapsed_s']:.1f} s")
    return "\n".join(lines)


def _busy_note(r: dict) -> str:
    if "CPU" in r["settings"].get("clock", ""):
        return "  (note: the machine was busy; CPU-time clock in use, so timings are less affected)"
    return "  (WARNING: the machine was busy; wall-clock numbers are pessimistic -- try --clock cpu)"


def _esc(s: str) -> str:
    return s.replace("*", r"\*").replace("|", r"\|")


def _list_table(title: str, head: tuple[str, ...], rows: list[tuple[str, ...]], widths: str) -> list[str]:
    out = [f".. list-table:: {title}", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [head] + rows:
        out += [f"   {'*' if k == 0 else ' '} - {_esc(cell) or '--'}" for k, cell in enumerate(row)]
    return out


def render_rst(r: dict) -> str:
    """The results table as reStructuredText (included by docs/performance.rst)."""
    m = r["machine"]
    date = r["date"][:10]
    out = [".. This file is generated by `python -m bench --rst PATH`; do not edit by hand.", ""]
    out += _list_table(
        f"Results ({r['mode']} mode, {date})",
        ("Measurement", "Result", "Target", "Status"),
        table_rows(r),
        "40 40 12 8",
    )
    out += [
        "",
        "Measured on: Python {} ({}), {}, {} CPUs ({}), pillars-rules {} ({}){}; pinned to one core: {}; "
        "gc: {}; clock: {}.".format(
            m["python"],
            m["implementation"],
            m["platform"],
            m["cpu_count"],
            m.get("cpu_model", "unknown CPU"),
            m["pillars_rules"],
            m.get("build", "pure Python"),
            f" at commit {m['git_commit']}" if m.get("git_commit") else "",
            "yes" if r["settings"]["pinned"] else "no",
            r["settings"]["gc"],
            r["settings"].get("clock", "wall clock"),
        ),
        "",
    ]
    c = r.get("contention")
    if c:
        out[-1:] = [
            "",
            "Process CPU share of wall time {:.2f}; load average before / after the run: {} / {}.".format(
                c["cpu_share"], c["loadavg_before"], c["loadavg_after"]
            ),
            "",
        ]
    return "\n".join(out)


def render_peer_rst(r: dict) -> str:
    """The side-by-side table (engine and OpenSpiel peer) as reStructuredText."""
    out = [".. This file is generated by `python -m bench --rst PATH`; do not edit by hand.", ""]
    rows = peer_rows(r)
    if not rows:
        return "\n".join(out + ["This run has no side-by-side measurement.", ""])
    out += _list_table(
        f"Random playouts side by side ({r['mode']} mode, {r['date'][:10]})",
        ("Engine", "Result", "Target", "Status"),
        rows,
        "40 40 12 8",
    )
    return "\n".join(out + [""])
