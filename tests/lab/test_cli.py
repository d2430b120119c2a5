"""``pillars-rules balance``: reports, bad input, Ctrl-C and --resume."""

import json
import os
import signal
import subprocess
import sys
import time
from html.parser import HTMLParser

import pytest
from shared import once  # tests/shared.py

import pillars_rules as pr
from pillars_rules.cli import main
from pillars_rules.lab import runner, store
from pillars_rules.lab.games import GameSpec, read_sources

FAN = "examples/fan_cards"


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.imgs, self.svgs, self.open, self.order = set(), [], 0, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
            self.order.append(attrs["id"])
        if tag == "img":
            self.imgs.append(attrs)
        elif tag == "svg":
            self.svgs += 1
        if tag not in ("img", "meta", "br", "link", "input"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()


def test_a_run_with_fan_cards_opens_with_their_verdicts_and_writes_html_and_json(tmp_path, capsys):
    out, js, page = tmp_path / "r.jsonl", tmp_path / "r.json", tmp_path / "r.html"
    cards = [f"{FAN}/craftsmen.cards", "examples/lab/alchemist.cards"]
    code = main(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "5",
            "--bots",
            "random",
            "--cards",
            *cards,
            "--against",
            "joiner_r2",
            "--serial",
            "--out",
            str(out),
            "--json",
            str(js),
            "--html",
            str(page),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert text.index("Your cards") < text.index("Power") < text.index("The game") < text.index("minus base")
    assert "Holm" in text and "Comparisons on the same seeds" in text
    report = json.loads(js.read_text())
    judged = [(e["card"], e["set"]) for e in report["judged"]]
    base = {c.id for c in pr.load_cards()}
    fan = [c.id for c in pr.load_cards(cards) if c.id not in base]
    # each card alone first, in the files' order, then together
    assert judged == [(c, f"alone: {c}") for c in fan] + [(c, "together") for c in fan]
    assert report["family"] == {
        "method": "Holm",
        "tests": len(judged) + len(report["contrasts"]),
        "alpha": 0.05,
        "design": "fixed length: t tests on all the games",
    }
    assert "p_valid" not in report["judged"][0]
    assert {c["against"] for c in report["contrasts"]} == {"joiner_r2"}
    for c in report["contrasts"]:  # a copy's row is read beside its original's own value on the same games
        assert c["against_own"]["units"] == c["units"][1] and c["card_own"]["units"] == c["units"][0]
    assert "against's own VP" in text
    assert set(report["sets"]) == {"base", "together", *(f"alone: {c}" for c in fan)}
    assert set(report["ab"]) == set(report["sets"]) - {"base"}
    parser = _Page()
    parser.feed(page.read_text())
    parser.close()
    assert parser.open == []  # every element closed
    order = [i for i in parser.order if i in ("verdict", "power", "worth", "metrics", "seats", "summary")]
    assert order == ["verdict", "power", "worth", "metrics", "seats", "summary"]  # the verdict first
    worth_drawn = any(img["alt"] == "worth in gold per card" for img in parser.imgs)
    assert len(parser.imgs) >= 3 + worth_drawn and (worth_drawn or "too few games to tell" in page.read_text())
    for img in parser.imgs:
        assert img["src"].startswith("data:image/png;base64,") and len(img["src"]) > 1000


def test_events_are_judged_alone_and_together_with_the_other_cards(tmp_path, capsys):
    js = tmp_path / "r.json"
    cards = [f"{FAN}/events.cards", "examples/lab/alchemist.cards"]
    assert (
        main(
            [
                "balance",
                "--players",
                "2",
                "--games",
                "4",
                "--bots",
                "random",
                "--cards",
                *cards,
                "--serial",
                "--out",
                str(tmp_path / "r.jsonl"),
                "--json",
                str(js),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    report = json.loads(js.read_text())
    events = [c.id for c in pr.load_cards(cards) if c.kind == "event" and c.id not in pr.load_cards().by_id]
    together = [e for e in report["judged"] if e["set"].startswith("together without: ")]
    assert [e["card"] for e in together] == events and all(e["author"] and e["kind"] == "event" for e in together)
    assert all(e["set"] == f"together without: {e['card']}" and e["units"] == 4 for e in together)
    shown = [line for line in text.splitlines() if line.startswith(f"  {events[0]} (")]
    assert [line.split(")")[0] for line in shown] == [
        f"  {events[0]} (alone: {events[0]}",
        f"  {events[0]} (together without: {events[0]}",
    ]
    assert set(report["ab"]) == {s for s in report["sets"] if s != "base" and not s.startswith("together without")}


@pytest.fixture(scope="module")
def privileges_report():
    from pillars_rules.lab import report
    from pillars_rules.lab.plan import plan

    common = dict(players=2, bots=("random",), seed=4, rotate=True, gold=6)
    specs, roles = plan(common, (), read_sources([f"{FAN}/privileges.cards"]))
    # 4 games: with 3, no card had chances in two games, too few for a worth in gold (issue #55)
    return report.build(specs, roles, runner.run(specs, 4, executor="serial"))


def test_every_plot_label_lies_inside_its_figure(privileges_report):
    from pillars_rules.lab import html

    figs = html.figures(privileges_report)
    assert sum(f is not None for f in figs.values()) == 4
    for name, fig in figs.items():
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        tight, page = fig.get_tightbbox(canvas.get_renderer()), fig.bbox_inches  # what is drawn, in inches
        assert page.x0 - 0.01 <= tight.x0 and tight.x1 <= page.x1 + 0.01, (name, tight, page)
        assert page.y0 - 0.01 <= tight.y0 and tight.y1 <= page.y1 + 0.01, (name, tight, page)


def test_plots_read_like_the_tables_with_labels_of_at_least_11_px(privileges_report):
    """Issue #55: labels were 8-9 px, the worth plot ran bottom-up against its
    table, the histograms counted games in quarters."""
    from matplotlib.text import Text

    from pillars_rules.lab import html

    figs = html.figures(privileges_report)
    for name, fig in figs.items():
        sizes = [t.get_fontsize() * html.DPI / 72 for t in fig.findobj(Text) if t.get_text().strip()]
        assert sizes and min(sizes) >= 11, (name, min(sizes))
    ax = figs["worth"].axes[0]
    labels = [t.get_text().replace("\n", " ") for t in ax.get_yticklabels()]
    ys = [t.get_position()[1] for t in ax.get_yticklabels()]
    shown = [
        e
        for e in privileges_report["judged"]
        if e["kind"] != "event" and e["worth"]["value"] is not None and e["worth"]["value"] == e["worth"]["value"]
    ]
    assert labels == [f"{e['card']} ({e['set']})" for e in shown]
    top = ax.transData.transform((0, ys[0]))[1] > ax.transData.transform((0, ys[-1]))[1]  # pixels grow upwards
    assert len(ys) == 1 or top
    for name in ("scores", "length"):
        ticks = figs[name].axes[0].get_yticks()
        assert all(float(t).is_integer() for t in ticks), (name, ticks)


def test_help_prints_a_plain_percent_sign():
    for argv in (["balance", "--help"], ["balance", "tune", "--help"]):
        done = subprocess.run(
            [sys.executable, "-m", "pillars_rules", *argv], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0 and "%%" not in done.stdout
    shown = subprocess.run(
        [sys.executable, "-m", "pillars_rules", "balance", "--help"], capture_output=True, text=True, timeout=60
    ).stdout
    assert "with 95% intervals" in " ".join(shown.split())  # the words, whatever the line breaks


def test_off_a_terminal_progress_is_plain_lines_and_tables_are_never_cut(tmp_path):
    argv = [
        sys.executable,
        "-m",
        "pillars_rules",
        "balance",
        "--players",
        "2",
        "--games",
        "12",
        "--bots",
        "random",
        "--cards",
        "examples/lab/alchemist.cards",
        "--serial",
        "--progress",
        "0.05",
        "--out",
        str(tmp_path / "r.jsonl"),
    ]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300)  # stdout and stderr are pipes
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) >= 2 and all(line.startswith("pillars-rules balance: ") and " games" in line for line in lines)
    assert lines[-1].startswith("pillars-rules balance: 24/24 games (100%)")
    assert "\r" not in done.stderr and "\x1b" not in done.stderr and "\x1b" not in done.stdout
    assert "…" not in done.stdout and max(len(x) for x in done.stdout.splitlines()) > 100
    assert "worth about" in done.stdout or "not judged" in done.stdout


def test_tune_writes_the_adjusted_card_as_formatted_text(tmp_path, capsys):
    from pillars_rules.cardlang import compile_text, format_text

    written = tmp_path / "joiner.cards"
    code = main(
        [
            "balance",
            "tune",
            "joiner_r2",
            "--vary",
            "cost=1..7:3",
            "--players",
            "2",
            "--games",
            "16",
            "--bots",
            "random",
            "--serial",
            "--out",
            str(tmp_path / "t.jsonl"),
            "--write",
            str(written),
            "--json",
            str(tmp_path / "t.json"),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "causal value for each cost" in text and "Fair cost:" in text
    result = json.loads((tmp_path / "t.json").read_text())
    assert [r["value"] for r in result["rows"]] == [1, 4, 7]
    card = compile_text(written.read_text(), known=pr.load_cards())["joiner_r2"]
    assert card.cost[0].n == result["fair"] and format_text(written.read_text()) == written.read_text()
    assert main(["balance", "tune", "joiner_r2", "--numbers"]) == 0
    assert "capacity" in capsys.readouterr().out


def _fails_with_one_line(argv, capsys, expected):
    assert main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pillars-rules balance: error:") and expected in err[0], err
    assert "Traceback" not in captured.err + captured.out


def test_bad_input_gets_one_line_and_exit_code_2(tmp_path, capsys):
    base = ["balance", "--games", "2", "--players", "2", "--quiet", "--out", str(tmp_path / "r.jsonl")]
    _fails_with_one_line(base + ["--bots", "random,nobot"], capsys, "unknown bot 'nobot'")
    _fails_with_one_line(
        base + ["--bots", "random", "--cards", str(tmp_path / "nowhere")], capsys, "no such card file or folder"
    )
    bad = tmp_path / "bad.cards"
    bad.write_text("craftsman x {\n round 9\n}\n")
    _fails_with_one_line(base + ["--bots", "random", "--cards", str(bad)], capsys, "bad.cards:")
    unreadable = tmp_path / "secret.cards"
    unreadable.write_bytes(b"\xff\xfe not utf-8")
    _fails_with_one_line(base + ["--bots", "random", "--cards", str(unreadable)], capsys, "cannot read card file")
    _fails_with_one_line(base + ["--bots", "random", "--dask", "tcp//nohost"], capsys, "bad executor")
    _fails_with_one_line(
        base + ["--bots", "random", "--dask", "tcp://127.0.0.1:1", "--timeout", "1"],
        capsys,
        "cannot reach the Dask scheduler at tcp://127.0.0.1:1",
    )
    (tmp_path / "r.jsonl").write_text("")
    _fails_with_one_line(base + ["--bots", "random"], capsys, "exists: --resume")
    assert not list(tmp_path.glob("*.html"))


def test_a_missing_lab_package_is_named_with_the_install_line(tmp_path, capsys, monkeypatch):
    # found without importing it (the check used to import distributed, 0.4-0.7 s of every run)
    monkeypatch.setitem(sys.modules, "distributed", None)  # what find_spec reads as "not installed"
    _fails_with_one_line(
        ["balance", "--games", "1", "--players", "2", "--out", str(tmp_path / "r.jsonl")],
        capsys,
        "needs the [lab] extra (distributed is missing): pip install 'pillars-rules[lab]'",
    )
    assert not (tmp_path / "r.jsonl").exists()


def test_a_serial_run_does_not_import_dask_or_scipy_stats(tmp_path):
    # a fresh interpreter: the author's run pays for neither import (1.5-2 s together)
    code = (
        "import sys; from pillars_rules.cli import main; "
        f"rc = main(['balance', '--games', '2', '--players', '2', '--bots', 'random', '--workers', '1', "
        f"'--quiet', '--out', {str(tmp_path / 'r.jsonl')!r}]); "
        "print(rc, sorted(m for m in ('distributed', 'dask', 'scipy.stats') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-2:] == ["0", "[]"], done.stdout[-2000:]


def test_ctrl_c_keeps_finished_games_and_resume_completes_the_same_run(tmp_path):
    out = tmp_path / "r.jsonl"
    argv = [
        sys.executable,
        "-m",
        "pillars_rules",
        "balance",
        "--players",
        "2",
        "--games",
        "80",
        "--seed",
        "5",
        "--bots",
        "random",
        "--targets",
        "jack",
        "--workers",
        "1",
        "--quiet",
        "--out",
        str(out),
    ]
    # a new session, and SIGINT to its whole process group, as Ctrl-C in a terminal does
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 3):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "--resume" in err and "Traceback" not in err
    _, kept = store.read(out)
    assert 2 <= len(kept) < 80
    done = subprocess.run(argv + ["--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    _, records = store.read(out)
    spec = GameSpec(players=2, bots=("random",), seed=5, targets=("jack",))
    full = runner.run({"base": spec}, 80, executor="serial")
    assert [records["base", i] for i in range(80)] == [{"set": "base", **r} for r in full["base"]]
    assert all(records["base", i] == kept["base", i] for _, i in kept)


def test_tune_writes_nothing_and_says_so_when_no_value_is_fair(tmp_path, capsys, monkeypatch):
    from pillars_rules.lab import cli as lab_cli

    def far_too_strong(args, specs):  # +45 VP at every cost, as the author's card did
        return {
            label: [
                {
                    "i": i,
                    "seed": i,
                    "gold": [],
                    "units": [
                        {
                            "card": "joiner_r2",
                            "seat": 0,
                            "round": 2,
                            "at": "draft",
                            "took": True,
                            "take": {"vp": 85 + (i % 3), "win": 1, "rank": 1, "gold": 0},
                            "ref": {"vp": 40, "win": 0, "rank": 2, "gold": 0},
                        }
                    ],
                }
                for i in range(30)
            ]
            for label in specs
        }

    monkeypatch.setattr(lab_cli, "_run", far_too_strong)
    written = tmp_path / "joiner.cards"
    code = main(
        [
            "balance",
            "tune",
            "joiner_r2",
            "--vary",
            "cost=2..30:7",
            "--players",
            "2",
            "--games",
            "30",
            "--serial",
            "--out",
            str(tmp_path / "t.jsonl"),
            "--write",
            str(written),
        ]
    )
    captured = capsys.readouterr()
    assert code == 1 and not written.exists()
    assert "No fair cost in 2..30" in captured.err and "Nothing written" in captured.err
    assert "too strong" in captured.out and "Fair cost:" not in captured.out + captured.err
    assert "craftsman" not in captured.out  # no adjusted card printed either


def test_help_names_the_chances_a_verdict_needs_and_what_every_tune_set_holds():
    from pillars_rules.cli.balance import MIN_CHANCES
    from pillars_rules.lab.verdict import MIN_UNITS

    assert MIN_CHANCES == MIN_UNITS
    for argv in (["balance", "--help"], ["balance", "tune", "--help"]):
        shown = " ".join(
            subprocess.run(
                [sys.executable, "-m", "pillars_rules", *argv], capture_output=True, text=True, timeout=60
            ).stdout.split()
        )
        assert f"fewer than {MIN_UNITS}" in shown and "not judged" in shown
    assert "other cards are in every set" in shown and "writes nothing" in shown


def test_a_time_budget_reports_on_the_games_every_set_finished(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    code = main(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "100000",
            "--bots",
            "random",
            "--targets",
            "jack",
            "--serial",
            "--time",
            "3s",
            "--out",
            str(out),
            "--json",
            str(tmp_path / "r.json"),
        ]
    )
    captured = capsys.readouterr()
    assert code == 0, captured.err
    report = json.loads((tmp_path / "r.json").read_text())
    played = report["sets"]["base"]["games"] + report["sets"]["base"]["aborted"]
    assert 0 < played < 100000 and f"the report covers games 0 to {played - 1} of every set" in captured.err
    assert "time budget of 3 s reached" in captured.err


def test_precision_runs_until_every_card_is_known_to_the_asked_gold_or_says_it_was_not(tmp_path, capsys):
    """``--precision``: random bots cannot put a worth in gold (their gold scale
    is flat), so the run plays every game and says the precision was not reached
    and for which card; an event is judged in VP, so precision alone is refused."""
    out = tmp_path / "r.jsonl"
    code = main(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "12",
            "--bots",
            "random",
            "--targets",
            "jack",
            "--serial",
            "--precision",
            "50",
            "--out",
            str(out),
            "--json",
            str(tmp_path / "r.json"),
            "--quiet",
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["sets"]["base"]["games"] + report["sets"]["base"]["aborted"] == 12
    assert "precision of +-50 gold not reached in 12 games per set (jack" in err
    _fails_with_one_line(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "3",
            "--bots",
            "random",
            "--targets",
            "volunteers",
            "--serial",
            "--precision",
            "2",
            "--out",
            str(tmp_path / "e.jsonl"),
        ],
        capsys,
        "--precision is in gold",
    )
    bad = subprocess.run(
        [sys.executable, "-m", "pillars_rules", "balance", "--precision", "-1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "'-1' is not an amount of gold" in bad.stderr, bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.fixture(scope="module")
def alchemist_sequential(tmp_path_factory):
    """One ``--sequential`` run of the far-too-strong Alchemist (heuristic bots,
    at most 60 games), read by the three tests below: its stdout, stderr, JSON
    report, result file, and how often the sets' summaries were built
    (``report.summarize`` counted as it runs). Made once per run, whichever
    xdist worker asks first (``tests/shared.py``)."""
    return once(tmp_path_factory, "lab-cli-alchemist-sequential", lambda: _alchemist_sequential(tmp_path_factory))


def _alchemist_sequential(tmp_path_factory) -> dict:
    import contextlib
    import io

    from pillars_rules.lab import report

    tmp = tmp_path_factory.mktemp("alchemist")
    out, err, summarized = io.StringIO(), io.StringIO(), []
    real = report.summarize
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        mp.setattr(report, "summarize", lambda *a, **k: summarized.append(1) or real(*a, **k))
        code = main(
            [
                "balance",
                "--players",
                "2",
                "--games",
                "60",
                "--bots",
                "heuristic",
                "--cards",
                "examples/lab/alchemist.cards",
                "--sequential",
                "--serial",
                "--out",
                str(tmp / "r.jsonl"),
                "--json",
                str(tmp / "r.json"),
            ]
        )
    assert code == 0, err.getvalue()
    return {
        "out": out.getvalue(),
        "err": err.getvalue(),
        "report": json.loads((tmp / "r.json").read_text()),
        "summarized": len(summarized),
        "games": (tmp / "r.jsonl").read_text(encoding="utf-8"),
    }


def test_a_sequential_run_stops_once_a_far_too_strong_card_is_flagged_and_names_its_design(alchemist_sequential):
    """``--sequential``: the Alchemist (1 sand -> 5 VP for 1 gold) is flagged at
    the family's level by the always-valid p-values after a handful of games;
    the run stops there, says so, and the report names the design and keeps
    the card's confidence sequence as its VP interval. A fair run is not
    stopped (see the A/A and the coverage tests in test_sequential)."""
    report, err, out = alchemist_sequential["report"], alchemist_sequential["err"], alchemist_sequential["out"]
    played = report["sets"]["base"]["games"] + report["sets"]["base"]["aborted"]
    assert played < 20, played
    e = report["judged"][0]
    assert e["card"] == "alchemist" and e["flag"] == 1 and e["decided_at"] <= played
    assert e["vp"]["interval"] == "confidence sequence" and e["p_holm"] == e["p_valid"] < 0.05
    assert 0 < e["vp"]["lo"] <= e["vp"]["value"] <= e["vp"]["hi"]  # from the flag on, zero stays out
    # 12 games cannot tell what a gold piece is worth, but its top end bounds the card's worth from below:
    # read from the confidence sequence, the interval the card shows
    assert e["worth"]["value"] is None and e["worth"]["why"] == "too few games to express it in gold"
    assert abs(e["worth"]["least"] - e["vp"]["lo"] / e["gold_scale"]["hi"]) < 1e-9 * e["worth"]["least"]
    assert "no gold cost can make it fair" in e["verdict"]
    assert report["family"]["design"].startswith("always-valid p-values (mixture SPRT")
    assert f"every judged card decided after {played} of 60 games per set (Alchemist: +" in err
    assert "too strong, decided after" in err
    assert "(decided after" in out and "design: always-valid" in out


def test_the_stopping_rule_reads_the_verdicts_without_the_sets_summaries(alchemist_sequential):
    # each look built the whole report, whose sets' bootstrap summaries were nine tenths of its time:
    # up to half a core in the parent, beside two workers on two cores. Only the final report has them.
    # (The run is the test above's: the same command, with report.summarize counted.)
    data = alchemist_sequential["report"]
    assert data["judged"][0]["flag"] == 1 and data["judged"][0]["decided_at"]  # it did look, and stopped
    assert (
        alchemist_sequential["summarized"] == len(data["sets"]) == 2
    )  # base and alone: once each, for the final report


def test_fixed_keeps_the_fixed_length_design_under_a_time_budget_and_refuses_both_designs(
    alchemist_sequential, tmp_path, capsys
):
    """``--fixed --time``: t tests on the games played, never a stop on a
    verdict -- the far-too-strong Alchemist plays all its games; asking for
    both designs is one clear error.

    The run resumes the sequential run's games (the same cards, bots and
    seeds: games 0 to 11, where the sequential design stopped), so it plays
    only games 12 and 13; a resumed run asks its stopping rule again from
    game 1, so a fixed-length run that stopped on a verdict would stop at 12
    here too."""
    js, out = tmp_path / "r.json", tmp_path / "r.jsonl"
    out.write_text(alchemist_sequential["games"], encoding="utf-8")
    stopped_at = alchemist_sequential["report"]["sets"]["alone: alchemist"]["games"]
    assert stopped_at < 14
    code = main(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "14",
            "--bots",
            "heuristic",
            "--cards",
            "examples/lab/alchemist.cards",
            "--fixed",
            "--time",
            "10m",
            "--serial",
            "--quiet",
            "--out",
            str(out),
            "--resume",
            "--json",
            str(js),
        ]
    )
    assert code == 0, capsys.readouterr().err
    report = json.loads(js.read_text())
    assert report["sets"]["alone: alchemist"]["games"] == 14 and report["judged"][0]["flag"] == 1
    assert report["family"]["design"].startswith("fixed length") and "p_valid" not in report["judged"][0]
    _fails_with_one_line(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "3",
            "--bots",
            "random",
            "--targets",
            "jack",
            "--fixed",
            "--sequential",
            "--serial",
            "--out",
            str(tmp_path / "e.jsonl"),
        ],
        capsys,
        "--fixed and --sequential are two designs",
    )


def test_a_run_that_stops_by_itself_plays_on_past_the_fixed_runs_200_games(tmp_path, capsys):
    """``--precision`` or ``--time`` without ``--games``: the run plays until its
    cards are decided, the precision is reached or the time is up -- the
    author's ``--precision 2 --time 5m`` once stopped at 200 games per set
    with minutes left and "ask for more --games"."""
    from pillars_rules.cli.balance import OPEN_GAMES, games_asked
    from pillars_rules.cli.entry import build_parser

    parser = build_parser()
    for argv, want in (
        (["balance"], 200),
        (["balance", "--precision", "2"], OPEN_GAMES),
        (["balance", "--time", "5m"], OPEN_GAMES),
        (["balance", "--games", "70", "--time", "5m"], 70),
        (["balance", "tune", "jack", "--time", "5m"], 100),
    ):
        assert games_asked(parser.parse_args(argv)) == want, argv
    shown = " ".join(
        subprocess.run(
            [sys.executable, "-m", "pillars_rules", "balance", "--help"], capture_output=True, text=True, timeout=60
        ).stdout.split()
    )
    assert f"with --precision or --time the most it plays, {OPEN_GAMES:,} by default" in shown, shown
    code = main(
        [
            "balance",
            "--players",
            "2",
            "--bots",
            "random",
            "--targets",
            "jack",
            "--serial",
            "--precision",
            "0.01",
            "--time",
            "2s",
            "--out",
            str(tmp_path / "r.jsonl"),
            "--quiet",
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    assert "time budget of 2 s reached" in err and f" of {OPEN_GAMES}); the finished games" in err, err


def test_a_set_whose_cards_are_decided_stops_playing_while_the_others_go_on(tmp_path, capsys):
    """The far-too-strong Alchemist is flagged alone after some games: its
    set stops playing at the first look after that (its games go to the sets
    still open), while the Joiner's copy, fair, plays all its games, and so
    does the set of both (it holds the Joiner too) and the base set.

    Random bots: what is checked is the closing of a decided set, not the
    bots' play, and a random game costs a small part of a heuristic one --
    they flag the Alchemist later (49 of the 60 games with the default
    seed, where heuristic bots take 12) but play all 4 sets' games in about
    a third of the time. Past game 20 the stopping rule looks every tenth of
    k games (:class:`~pillars_rules.lab.cli.Decided`), so the set closes at
    the first look from its decision on."""
    js = tmp_path / "r.json"
    code = main(
        [
            "balance",
            "--players",
            "2",
            "--games",
            "60",
            "--bots",
            "random",
            "--cards",
            "examples/lab/alchemist.cards",
            "examples/lab/joiner_copy.cards",
            "--sequential",
            "--workers",
            "2",
            "--out",
            str(tmp_path / "r.jsonl"),
            "--json",
            str(js),
            "--quiet",
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    report = json.loads(js.read_text())
    games = {label: s["games"] + s["aborted"] for label, s in report["sets"].items()}
    alchemist = next(e for e in report["judged"] if e["set"] == "alone: alchemist")
    assert alchemist["flag"] == 1, alchemist
    look = next(k for k in range(alchemist["decided_at"], 61) if k % max(1, k // 10) == 0)
    assert games["alone: alchemist"] == look < 60, (games, alchemist)
    assert games["alone: joiner_r2_copy"] == games["together"] == games["base"] == 60, games
    assert f"sets decided earlier stopped playing: alone: alchemist after {games['alone: alchemist']} games" in err
