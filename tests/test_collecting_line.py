"""pytest's first line says what it collects (issue #55: in a fresh venv the
README's command printed nothing for 142 s while it imported every test
module), and the suite's Hypothesis profile is still loaded before any test."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_first_line_names_what_is_being_collected():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--collect-only",
            "-q",
            "tests/lab/test_small_runs.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    first = out.stdout.splitlines()[0]
    assert first.startswith("pillars-rules: collecting 1 test file (tests/lab/test_small_runs.py); "), first


def test_the_suites_hypothesis_profile_is_loaded():
    from hypothesis import settings

    want = {"ci": 25, "dev": 25, "thorough": 1000}[os.environ.get("HYPOTHESIS_PROFILE", "dev")]
    assert settings.default.max_examples == want and settings.default.deadline is None
