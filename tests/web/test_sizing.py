"""The server's size: the defaults of ``--max-games`` and ``--max-connections``
come from the measured capacity (web/capacity.py), ``serve`` says at start what
the process is sized for, and raises its open-files limit to what its
connections need (or says how many it can take)."""

from __future__ import annotations

import subprocess
import sys

from bench.serverproc import ServerProcess

from pillars_rules.web import capacity
from pillars_rules.web.settings import Settings


def test_the_defaults_are_the_measured_capacity():
    s = Settings()
    assert s.max_games == capacity.TABLES and s.max_connections == capacity.SEATS * capacity.TABLES


def test_serve_says_what_it_is_sized_for(tmp_path):
    with ServerProcess(tmp_path / "a.sqlite3") as server:
        banner = "\n".join(server.banner)
    assert (
        f"sized for {capacity.TABLES} unfinished games and {capacity.SEATS * capacity.TABLES} connections" in banner
    ), banner
    assert f"{capacity.KB_PER_TABLE} kB a table" in banner and "only" not in banner
    with ServerProcess(tmp_path / "b.sqlite3", None, "--max-games", "50", "--max-connections", "120") as server:
        banner = "\n".join(server.banner)
    mb = capacity.BASE_MB + 50 * capacity.KB_PER_TABLE / 1024
    assert f"sized for 50 unfinished games and 120 connections: about {mb:,.0f} MB" in banner, banner


def test_a_low_open_files_limit_is_raised_or_reported():
    code = (
        "import resource\n"
        "from pillars_rules.web.capacity import open_files\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "print(open_files(1000), min(hard, 1000), resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
    )
    got, want, now = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert got == want == now
    line = capacity.sized_for(100, 1000, files=300)
    assert line.endswith(
        f"only 300 open files are allowed (ulimit -n), so about {300 - capacity.SPARE_FILES} connections"
    )
    assert "only" not in capacity.sized_for(100, 1000, files=2000)


def test_the_deployment_guide_shows_the_line_serve_prints():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "deployment.rst").read_text()
    block = text.split(".. code-block:: text\n\n   sized for", 1)[1].split("\n\n", 1)[0]
    shown = " ".join(("sized for" + block).split())
    assert shown == capacity.sized_for(capacity.TABLES, capacity.SEATS * capacity.TABLES)
    assert f"``--max-games`` is **{capacity.TABLES:,}**" in text
    assert f"``--max-connections`` is **{capacity.SEATS * capacity.TABLES:,}**" in text


def test_the_bots_get_a_worker_per_core_by_default(monkeypatch):
    import os

    for cores, workers in ((1, 1), (2, 2), (6, 6), (64, capacity.MAX_BOT_WORKERS), (None, 1)):
        monkeypatch.setattr(os, "cpu_count", lambda cores=cores: cores)
        assert Settings().bot_workers == workers
