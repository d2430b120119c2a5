"""Ctrl-C in a real terminal (a pseudo-terminal driven by pexpect): one
stops the run at once, keeping the finished games; a second one while it
stops prints no traceback; no worker process plays on."""

import os
import sys
import time

import pexpect

from pillars_rules.lab import store


def _children(pid: int) -> set[int]:
    kids = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                kids.add(int(entry))
    return kids


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_one_ctrl_c_stops_the_workers_and_keeps_what_finished(tmp_path):
    out = tmp_path / "r.jsonl"
    # heuristic bots with branches: a game takes many seconds, so a worker
    # that plays its game to the end is still alive when the run should be over
    args = [
        "-m",
        "pillars_rules",
        "balance",
        "--players",
        "4",
        "--games",
        "40",
        "--bots",
        "heuristic",
        "--targets",
        "jack,joiner_r2",
        "--workers",
        "2",
        "--quiet",
        "--out",
        str(out),
    ]
    child = pexpect.spawn(sys.executable, args, cwd=os.getcwd(), encoding="utf-8", timeout=120, dimensions=(40, 200))
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:
            workers = {k for k in _children(child.pid) if _children(k) == set()}
            time.sleep(0.2)
        assert len(workers) >= 2, "the worker processes did not start"
        time.sleep(1.5)  # they are playing their first games now
        child.sendintr()  # Ctrl-C as the terminal sends it: SIGINT to the foreground group
        child.expect("interrupted", timeout=30)
        child.sendintr()  # a second Ctrl-C while the run stops
        child.expect(pexpect.EOF, timeout=10)
        child.close()
        assert child.exitstatus == 130, child.before
        assert "Traceback" not in child.before and "(continue with --resume)" in child.before
        assert not any(_alive(w) for w in workers), "a worker process plays on after the run stopped"
    finally:
        if child.isalive():
            child.kill(9)
    if out.exists():
        store.read(out)  # what finished is a readable result file
