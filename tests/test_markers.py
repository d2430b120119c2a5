"""The quick part of the suite (``-m "not slow and not postgres and not
browser"``, CONTRIBUTING.md) must not start a PostgreSQL cluster or a
browser: every test that uses one carries its marker. Checked against what
the tests actually use, at collection, in the folders whose tests use a
cluster (``grep -rl pg_cluster tests`` finds them). Browsers start only in
``tests/browser``, whose conftest marks every test by its folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: For every collected test: whether it uses a cluster, lives in tests/browser, and its two markers.
PLUGIN = """
def pytest_collection_finish(session):
    for item in session.items:
        uses = ("pg_cluster" in getattr(item, "fixturenames", ()), "tests/browser/" in item.nodeid,
                item.get_closest_marker("postgres") is not None, item.get_closest_marker("browser") is not None)
        print("USES", "".join(str(int(x)) for x in uses), item.nodeid)
"""


def test_every_test_that_uses_a_postgres_cluster_carries_its_marker(tmp_path):
    (tmp_path / "markcheck.py").write_text(PLUGIN)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "markcheck",
            "-p",
            "no:cacheprovider",
            "--collect-only",
            "-q",
            "-m",
            "not slow",
            "tests/scaleout",
            "tests/table",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    rows = [line.split(" ", 2)[1:] for line in out.stdout.splitlines() if line.startswith("USES ")]
    assert len(rows) > 50
    unmarked = [nodeid for flags, nodeid in rows if (flags[0] == "1" > flags[2]) or (flags[1] == "1" > flags[3])]
    assert unmarked == []
    # the stalled-cluster tests the quick part ran (issue #55)
    stall = [flags for flags, nodeid in rows if nodeid.startswith("tests/scaleout/test_stall.py::")]
    assert stall and all(flags[2] == "1" for flags in stall)
