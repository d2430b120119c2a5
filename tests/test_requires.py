"""System programs a test needs (tests/requires.py, issue #33): missing, the
test skips and the run's last lines say what to install; under
``PILLARS_RULES_REQUIRE`` (CI) the same test fails instead."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import requires

ROOT = Path(__file__).resolve().parents[1]

TINY = """
import pytest
from requires import need

def test_by_call():
    assert need("chromium")["chromedriver"]

@pytest.mark.needs("postgres")
def test_by_marker():
    pass

def test_needs_nothing():
    pass
"""


def _run(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    (tmp_path / "test_tiny.py").write_text(TINY, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")  # not the checkout's addopts
    clean = {
        k: v for k, v in os.environ.items() if k not in (requires.REQUIRE_ENV, requires.WITHOUT_ENV, "PYTEST_ADDOPTS")
    }
    clean["COLUMNS"] = "240"  # the short summary unabridged
    clean["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), str(ROOT)])
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "requires",
            "-ra",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            *args,
            str(tmp_path / "test_tiny.py"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env={**clean, **env},
    )


def test_a_missing_program_skips_and_the_summary_says_what_to_install(tmp_path):
    run = _run(tmp_path, PILLARS_RULES_WITHOUT="chromium,postgres")
    assert run.returncode == 0, run.stdout[-3000:]
    last = run.stdout.strip().splitlines()
    assert "1 passed, 2 skipped" in last[-1]
    assert last[-2] == (
        "skipped for missing system programs: 1 test needs chromium and chromedriver "
        "(apt-get install chromium chromium-driver); 1 test needs PostgreSQL's server binaries "
        "initdb and pg_ctl (apt-get install postgresql, or set PILLARS_PG_BIN) "
        "[PILLARS_RULES_REQUIRE makes them failures, as in CI]"
    )


def test_the_require_variable_turns_those_skips_into_failures(tmp_path):
    run = _run(tmp_path, PILLARS_RULES_WITHOUT="chromium,postgres", PILLARS_RULES_REQUIRE="browsers,postgres")
    assert run.returncode == 1, run.stdout[-3000:]
    assert "1 failed, 1 passed, 1 error" in run.stdout.strip().splitlines()[-1]  # the marker fails in setup
    assert "skipped for missing" not in run.stdout
    assert (
        "FAILED test_tiny.py::test_by_call - Failed: needs chromium and chromedriver: apt-get install chromium "
        "chromium-driver (hidden by PILLARS_RULES_WITHOUT; PILLARS_RULES_REQUIRE=browsers,postgres requires it)"
    ) in run.stdout
    assert "ERROR test_tiny.py::test_by_marker - Failed: needs PostgreSQL's server binaries" in run.stdout


def test_the_require_variable_names_what_it_requires_only(tmp_path):
    run = _run(tmp_path, PILLARS_RULES_WITHOUT="all", PILLARS_RULES_REQUIRE="postgres")
    assert run.returncode == 1
    assert "1 passed, 1 skipped, 1 error" in run.stdout.strip().splitlines()[-1]
    assert "1 test needs chromium and chromedriver" in run.stdout


def test_an_unknown_name_is_a_usage_error(tmp_path):
    run = _run(tmp_path, PILLARS_RULES_REQUIRE="browser")
    assert run.returncode == 4
    assert (
        "PILLARS_RULES_REQUIRE='browser': unknown browser (known: ai, all, browsers, chromium, "
        "compiler, firefox, postgres, uvloop)" in run.stderr
    )


def test_the_summary_counts_the_skips_of_xdist_workers(tmp_path):
    run = _run(tmp_path, "-n", "2", PILLARS_RULES_WITHOUT="chromium,postgres")
    assert run.returncode == 0, run.stdout[-3000:]
    assert "skipped for missing system programs: 1 test needs chromium and chromedriver" in run.stdout


def _program(folder: Path, name: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def test_programs_are_looked_for_on_path_only(tmp_path, monkeypatch):
    monkeypatch.setattr(requires, "_found", {})
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(requires.WITHOUT_ENV, raising=False)
    assert requires.lookup("chromium") == "chromium, chromedriver not on PATH"
    assert requires.lookup("firefox") == "firefox-esr or firefox not on PATH"
    _program(tmp_path, "chromedriver")
    _program(tmp_path, "firefox")
    monkeypatch.setattr(requires, "_found", {})
    assert requires.lookup("chromium") == "chromium not on PATH"
    assert requires.lookup("firefox") == {"firefox-esr": str(tmp_path / "firefox")}
    _program(tmp_path, "chromium")
    monkeypatch.setattr(requires, "_found", {})
    assert requires.lookup("chromium") == {
        "chromium": str(tmp_path / "chromium"),
        "chromedriver": str(tmp_path / "chromedriver"),
    }


def test_the_compiler_is_looked_for_as_the_build_hook_does(tmp_path, monkeypatch):
    monkeypatch.setattr(requires, "_found", {})
    monkeypatch.delenv(requires.WITHOUT_ENV, raising=False)
    monkeypatch.setenv("CC", "/no/such/compiler-cc")
    assert requires.lookup("compiler") == "no C compiler ('/no/such/compiler-cc' is not on PATH)"
    with pytest.raises(KeyError, match="unknown requirement 'gcc'"):
        requires.lookup("gcc")


MODULE_LEVEL = """
from requires import need

need("ai", module=True)

import pyspiel  # never reached without the extra


def test_one():
    pass


def test_two():
    pass
"""


@pytest.mark.parametrize("required", [False, True])
def test_a_missing_extra_skips_its_whole_module_or_fails_it_in_ci(tmp_path, required):
    """The [ai] extra's modules, looked for before a test module imports them (tests/ai)."""
    (tmp_path / "test_extra.py").write_text(MODULE_LEVEL, encoding="utf-8")
    env = {"PILLARS_RULES_WITHOUT": "ai"} | ({"PILLARS_RULES_REQUIRE": "ai"} if required else {})
    run = _run(tmp_path, str(tmp_path / "test_extra.py"), **env)
    if required:
        assert run.returncode != 0 and "needs the [ai] extra" in run.stdout and "requires it" in run.stdout
    else:
        assert run.returncode == 0, run.stdout[-2000:]
        assert "needs the [ai] extra (open_spiel, pettingzoo, gymnasium) (pip install -e '.[ai]')" in run.stdout, (
            run.stdout
        )
