"""Shared test setup: Hypothesis profiles, the checkout's ``bench`` package on the path,
the system programs some tests need (``requires.py``: skipped with what to install when
missing, failures under ``PILLARS_RULES_REQUIRE``) and the PostgreSQL fixtures
(``pgfixtures.py``).

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) keeps example counts small enough for
a 2-core CI machine; ``dev`` is the default, with CI's counts but new examples each
run; ``thorough`` is for long local runs.
"""

import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import pytest

# A run started in the background by a non-interactive shell inherits SIGINT ignored, and so
# would every program a test starts: the Ctrl-C tests (terminal game, balance lab) would then
# wait for an interrupt that never comes. Python's own handler makes children start with the
# default action again (an ignored signal stays ignored across exec; a handled one does not).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A machine that sets PYTHONDONTWRITEBYTECODE=1 has every Python program a test starts -- the
# servers, their bot workers, the command line, a few hundred in a run -- compile the library from
# source again: about 0.25 s of CPU each, half of what such a program's imports cost. They keep
# their compiled files in one folder of the run's own (PYTHONPYCACHEPREFIX), removed when the run
# ends, so as before nothing is written in the checkout. The pytest processes themselves keep the
# setting: under a prefix they would compile the installed libraries again too (their collection
# cost 4 s of CPU more), so the prefix is set once a process has collected (pytest_collection_finish).
_PYCACHE_ENV = "PILLARS_RULES_TEST_PYCACHE"
_PYCACHE_MADE: str | None = None
if sys.flags.dont_write_bytecode and not os.environ.get("PYTHONPYCACHEPREFIX") and _PYCACHE_ENV not in os.environ:
    _PYCACHE_MADE = os.environ[_PYCACHE_ENV] = tempfile.mkdtemp(prefix="pillars-rules-pycache-")

# The benchmark suite (bench/) is not part of the library; its tests import it
# from the checkout, wherever pytest was started.
ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# need() and the needs marker (system programs); pg_cluster (one throwaway PostgreSQL per
# session, per xdist worker) and pg_dsn (a new database per test)
pytest_plugins = ["requires", "pgfixtures"]


def _profiles() -> None:
    from hypothesis import HealthCheck, settings

    settings.register_profile(
        "ci",
        max_examples=25,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    # dev (the default, so the README's test command) runs as many examples as CI, not derandomized:
    # a newcomer's passing run means what CI's does, and each run still tries new examples.
    settings.register_profile(
        "dev",
        max_examples=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    settings.register_profile(
        "thorough",
        max_examples=1000,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def collecting_line(config) -> str:
    """The run's first line: what pytest is about to collect, and that collecting takes a while
    (it imports every test module and the libraries they test, and prints nothing until done)."""
    here = Path(config.invocation_params.dir)
    files = 0
    for arg in config.args:
        path = here / str(arg).split("::")[0]
        files += sum(1 for _ in path.rglob("test_*.py")) if path.is_dir() else path.is_file()
    shown = " ".join(str(a) for a in config.args) if len(config.args) <= 3 else f"{len(config.args)} paths"
    each = ", in each xdist worker" if config.getoption("numprocesses", None) else ""
    return (
        f"pillars-rules: collecting {files} test file{'s' if files != 1 else ''} ({shown}){each}; "
        "pytest prints nothing more until it has imported them all -- a minute or more on a busy 2-core machine"
    )


@pytest.hookimpl(trylast=True)  # after the terminal reporter is registered
def pytest_configure(config) -> None:
    # first, so the line comes before Hypothesis' import (seconds on a cold disk)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and not hasattr(config, "workerinput") and config.option.verbose > -2:
        reporter.write_line(collecting_line(config))
    _profiles()


def pytest_collection_finish(session) -> None:
    folder = os.environ.get(_PYCACHE_ENV)
    if folder and not os.environ.get("PYTHONPYCACHEPREFIX"):  # for the programs the tests start
        os.environ["PYTHONPYCACHEPREFIX"] = folder
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_unconfigure(config) -> None:
    if _PYCACHE_MADE is not None:  # the process that made it: the controller under xdist
        shutil.rmtree(_PYCACHE_MADE, ignore_errors=True)
