"""tools/slowest.py, the command CONTRIBUTING.md gives for the slowest tests (issue #55): it
reads pytest's JUnit XML and lists tests, files and folders by their whole time."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("slowest", ROOT / "tools" / "slowest.py")
slowest = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(slowest)

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="4">
<testcase classname="tests.web.test_play" name="test_a" time="1.500" />
<testcase classname="tests.web.test_play" name="test_b[2-x.y]" time="0.250" />
<testcase classname="tests.engine.test_full_games.TestStateMachine" name="runTest" time="7.000" />
<testcase classname="tests.test_cli" name="test_c" time="3.000"><skipped message="no"/></testcase>
</testsuite></testsuites>
"""


def test_tests_are_named_by_their_node_ids_and_ranked_by_their_whole_time(tmp_path):
    xml = tmp_path / "run.xml"
    xml.write_text(REPORT, encoding="utf-8")
    times = slowest.read(xml)
    assert times == [
        ("tests/web/test_play.py::test_a", 1.5),
        ("tests/web/test_play.py::test_b[2-x.y]", 0.25),
        ("tests/engine/test_full_games.py::TestStateMachine::runTest", 7.0),
        ("tests/test_cli.py::test_c", 3.0),
    ]
    shown = slowest.report(times, top=3).splitlines()
    assert shown[0] == "4 tests, 12 s in all (worker seconds)"
    assert shown[2:6] == [
        "the 3 slowest tests (setup + call + teardown):",
        "     7.0 s  tests/engine/test_full_games.py::TestStateMachine::runTest",
        "     3.0 s  tests/test_cli.py::test_c",
        "     1.5 s  tests/web/test_play.py::test_a",
    ]
    files = shown[shown.index("the 3 slowest files (their tests' times summed):") + 1 :][:3]
    assert files[2] == "     1.8 s  tests/web/test_play.py (2 tests)"
    folders = shown[shown.index("the 3 slowest folders (their tests' times summed):") + 1 :]
    assert folders == [
        "     7.0 s  tests/engine (1 test)",
        "     3.0 s  tests (1 test)",
        "     1.8 s  tests/web (2 tests)",
    ]


def test_the_command_reads_an_earlier_report_without_running_pytest(tmp_path):
    xml = tmp_path / "run.xml"
    xml.write_text(REPORT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "slowest.py"), "--xml", str(xml), "--top", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "the 1 slowest tests (setup + call + teardown):\n     7.0 s  tests/engine/" in done.stdout


def test_the_workers_share_out_what_is_left_so_they_finish_together():
    # --dist worksteal: under the README's -n auto a worker that runs out of tests takes half of
    # another's queue (with --dist load, one worker could be left with a queue of long tests)
    import shlex
    import tomllib

    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    args = shlex.split(addopts["addopts"])
    assert args[args.index("--dist") + 1] == "worksteal"


def test_contributing_gives_the_command():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "python3 tools/slowest.py" in text and "--dist worksteal" in text


def test_a_run_without_a_report_says_so_in_one_line(tmp_path):
    empty = tmp_path / "empty.xml"
    empty.write_text("", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "slowest.py"), "--xml", str(empty)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stderr == f"slowest: no JUnit XML report in {empty}\n"
