"""Where the test suite's time goes: the slowest tests, files and folders of one run.

    python3 tools/slowest.py                      # the README's run (-n auto), then the 20 slowest tests
    python3 tools/slowest.py -- -n 2 tests/web    # any pytest arguments after --
    python3 tools/slowest.py --xml run.xml        # read an earlier run's JUnit XML, run nothing

A test's time is its setup, call and teardown together (pytest's JUnit XML, ``junit_duration_report``
left at ``total``), so a fixture's cost counts for the test that first needs it -- where
``--durations`` lists the three phases apart. The files and folders are the sums of their
tests' times: under ``-n`` those are worker seconds, and the run's wall time is about their total
divided by the number of workers. Times measured on a busy machine are longer than a quiet one's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def read(xml: Path) -> list[tuple[str, float]]:
    """``(test id, seconds)`` for every test case of a JUnit XML report, skipped ones included."""
    out = []
    for case in ET.parse(xml).getroot().iter("testcase"):
        module = case.get("classname", "")
        parts = module.split(".")
        # classname is the dotted path, with a test class as its last part when there is one
        path = "/".join(parts)
        cls = ""
        if parts and parts[-1][:1].isupper():
            path, cls = "/".join(parts[:-1]), parts[-1]
        name = f"{path}.py::" + (f"{cls}::" if cls else "") + case.get("name", "")
        out.append((name, float(case.get("time", 0) or 0)))
    return out


def _folder(test: str) -> str:
    path = test.split("::")[0]
    return str(Path(path).parent) if "/" in path else path


def report(times: list[tuple[str, float]], top: int = 20) -> str:
    lines = [
        f"{len(times)} tests, {sum(t for _, t in times):.0f} s in all (worker seconds)",
        "",
        f"the {top} slowest tests (setup + call + teardown):",
    ]
    for name, t in sorted(times, key=lambda x: -x[1])[:top]:
        lines.append(f"{t:8.1f} s  {name}")
    for title, key in (("files", lambda n: n.split("::")[0]), ("folders", _folder)):
        sums: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        for name, t in times:
            sums[key(name)] += t
            counts[key(name)] += 1
        lines += ["", f"the {min(top, len(sums))} slowest {title} (their tests' times summed):"]
        for name, t in sorted(sums.items(), key=lambda x: -x[1])[:top]:
            n = counts[name]
            lines.append(f"{t:8.1f} s  {name} ({n} test{'s' if n != 1 else ''})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--xml", type=Path, help="an earlier run's JUnit XML report: read it, run nothing")
    parser.add_argument("--top", type=int, default=20, help="how many tests, files and folders to list (20)")
    parser.add_argument("pytest_args", nargs="*", help="pytest's arguments, after -- (default: -n auto)")
    args = parser.parse_args(argv)
    code = 0
    if args.xml is None:
        fd, name = tempfile.mkstemp(suffix=".xml", prefix="pillars-slowest-")
        os.close(fd)
        xml = Path(name)
        cmd = [sys.executable, "-m", "pytest", f"--junitxml={xml}", *(args.pytest_args or ["-n", "auto"])]
        start = time.monotonic()
        code = subprocess.run(cmd, cwd=ROOT).returncode
        print(f"\npytest ran in {time.monotonic() - start:.0f} s (wall time): {' '.join(cmd[1:])}")
    else:
        xml = args.xml
    try:
        try:
            times = read(xml)
        except ET.ParseError:  # pytest stopped before writing it, or --junitxml was given again
            print(f"slowest: no JUnit XML report in {xml}", file=sys.stderr)
            return code or 1
        print(report(times, args.top))
    finally:
        if args.xml is None:
            xml.unlink(missing_ok=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
