"""``pillars-rules balance``: reports, bad input, Ctrl-C and --resume."""

import json
import os
import signal
import subprocess
import sys
import time
from html.parser import HTMLParser

import pillars_rules as pr
from pillars_rules.cli import main
from pillars_rules.lab import runner, store
from pillars_rules.lab.games import GameSpec

FAN = "examples/fan_cards"


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.imgs, self.svgs, self.open = set(), [], 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "img":
            self.imgs.append(attrs)
        elif tag == "svg":
            self.svgs += 1
        if tag not in ("img", "meta", "br", "link", "input"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()


def test_ab_run_writes_a_complete_self_contained_html_report_and_json(tmp_path, capsys):
    out, js, page = tmp_path / "r.jsonl", tmp_path / "r.json", tmp_path / "r.html"
    code = main(["balance", "--players", "2", "--games", "12", "--bots", "random", "--compare", FAN,
                 "--serial", "--out", str(out), "--json", str(js), "--html", str(page), "--min-holders", "3"])
    assert code == 0
    text = capsys.readouterr().out
    assert "Set A" in text and "Set B" in text and "A/B: B vs A" in text and "balance" in text
    parser = _Page()
    parser.feed(page.read_text())
    parser.close()
    assert parser.open == []  # every element closed
    assert {"summary", "metrics", "seats", "cards", "scores", "length", "comparison"} <= parser.ids
    assert len(parser.imgs) + parser.svgs >= 6  # seats, 2 card plots, scores, length, A/B
    for img in parser.imgs:
        assert img["src"].startswith("data:image/png;base64,") and len(img["src"]) > 1000
    report = json.loads(js.read_text())
    assert set(report["sets"]) == {"A", "B"} and report["sets"]["B"]["games"] == 12
    base = {c.id for c in pr.load_cards()}
    fan = sorted(c.id for c in pr.load_cards([FAN]) if c.id not in base)
    assert "tiler" in fan and report["comparison"]["new_cards"] == fan
    assert not set(fan) & set(report["sets"]["A"]["cards"])


def _fails_with_one_line(argv, capsys, expected):
    assert main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pillars-rules balance: error:") and expected in err[0], err
    assert "Traceback" not in captured.err + captured.out


def test_bad_input_gets_one_line_and_exit_code_2(tmp_path, capsys):
    base = ["balance", "--games", "2", "--players", "2", "--quiet", "--out", str(tmp_path / "r.jsonl")]
    _fails_with_one_line(base + ["--bots", "random,nobot"], capsys, "unknown bot 'nobot'")
    _fails_with_one_line(base + ["--bots", "random", "--cards", str(tmp_path / "nowhere")], capsys,
                         "no such card file or folder")
    bad = tmp_path / "bad.cards"
    bad.write_text("craftsman x {\n round 9\n}\n")
    _fails_with_one_line(base + ["--bots", "random", "--cards", str(bad)], capsys, "bad.cards:")
    unreadable = tmp_path / "secret.cards"
    unreadable.write_bytes(b"\xff\xfe not utf-8")
    _fails_with_one_line(base + ["--bots", "random", "--cards", str(unreadable)], capsys, "cannot read card file")
    _fails_with_one_line(base + ["--bots", "random", "--dask", "tcp//nohost"], capsys, "bad executor")
    _fails_with_one_line(base + ["--bots", "random", "--dask", "tcp://127.0.0.1:1", "--timeout", "1"], capsys,
                         "cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    (tmp_path / "r.jsonl").write_text("")
    _fails_with_one_line(base + ["--bots", "random"], capsys, "exists: --resume")
    assert not list(tmp_path.glob("*.html"))


def test_ctrl_c_keeps_finished_games_and_resume_completes_the_same_run(tmp_path):
    out = tmp_path / "r.jsonl"
    argv = [sys.executable, "-m", "pillars_rules", "balance", "--players", "2", "--games", "80", "--seed", "5",
            "--bots", "random", "--workers", "1", "--quiet", "--out", str(out)]
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
    full = runner.run({"A": GameSpec(players=2, bots=("random",), seed=5)}, 80, executor="serial")
    assert [records["A", i] for i in range(80)] == [{"set": "A", **r} for r in full["A"]]
    assert all(records["A", i] == kept["A", i] for _, i in kept)
