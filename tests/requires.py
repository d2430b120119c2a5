"""The system programs some tests need, beyond what pip installs.

A test (or a fixture) that needs a browser, PostgreSQL's server binaries or a
C compiler says so, in one of two ways::

    from requires import need

    def test_x():
        paths = need("chromium")      # {"chromium": "/usr/bin/chromium", "chromedriver": ...}

    @pytest.mark.needs("compiler")
    def test_y(): ...

The AI adapters' tests need the ``[ai]`` extra's Python modules (``ai``), which the
``[test]`` extra installs; a newcomer's checkout without them skips those modules with
the install line: ``need("ai", module=True)`` at a module's top, before its imports.
The server tests on uvloop need the ``[uvloop]`` extra (``uvloop``, also in ``[test]``;
uvloop is not made for Windows).

When the program is missing the test **skips** with one reason that names what
to install (``needs chromium and chromedriver: apt-get install chromium
chromium-driver``), and the run ends with a one-line summary of what was
skipped and why. When ``PILLARS_RULES_REQUIRE`` names the requirement
(``.ci/run`` sets ``browsers,postgres,compiler,ai,uvloop``; ``all`` names every one), a
missing program **fails** the test instead: in CI nothing may skip.

``PILLARS_RULES_WITHOUT`` (same names) makes a requirement count as missing
without looking: what a machine without the program sees, for checking the
skips on a machine that has it (programs found outside ``PATH``, such as
Debian's ``/usr/lib/postgresql/*/bin``, cannot be hidden by stripping ``PATH``).

This module is a pytest plugin (``tests/conftest.py`` loads it); the fixtures
that start a browser or a PostgreSQL cluster call :func:`need` themselves, so
a test that uses them is covered without saying anything.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

REQUIRE_ENV = "PILLARS_RULES_REQUIRE"
WITHOUT_ENV = "PILLARS_RULES_WITHOUT"


@dataclass(frozen=True)
class Requirement:
    name: str
    what: str  # "chromium and chromedriver"
    install: str  # "apt-get install chromium chromium-driver"
    find: Callable[[], dict[str, str] | str]  # the paths found, or why not (a sentence)
    groups: tuple[str, ...] = ()  # other names PILLARS_RULES_REQUIRE may use

    @property
    def reason(self) -> str:
        return f"needs {self.what}: {self.install}"


def _programs(*names: str | tuple[str, ...]) -> Callable[[], dict[str, str] | str]:
    """A finder of programs on ``PATH``; a tuple is alternatives (the first found wins)."""

    def find() -> dict[str, str] | str:
        found, missing = {}, []
        for name in names:
            options = name if isinstance(name, tuple) else (name,)
            path = next((p for p in map(shutil.which, options) if p), None)
            if path is None:
                missing.append(" or ".join(options))
            else:
                found[options[0]] = path
        return found if not missing else f"{', '.join(missing)} not on PATH"

    return find


def _postgres() -> dict[str, str] | str:
    from bench.pgcluster import ClusterError, find_bindir

    try:
        return {"bindir": find_bindir()}
    except ClusterError as exc:
        return str(exc)


def _modules(*names: str) -> Callable[[], dict[str, str] | str]:
    """A finder of Python modules (an extra's), without importing them."""

    def find() -> dict[str, str] | str:
        import importlib.util

        found, missing = {}, []
        for name in names:
            spec = importlib.util.find_spec(name)
            if spec is None:
                missing.append(name)
            else:
                found[name] = str(spec.origin)
        return found if not missing else f"{', '.join(missing)} not installed"

    return find


def _compiler() -> dict[str, str] | str:
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    path = shutil.which(cc)
    if path is None:
        return f"no C compiler ({cc!r} is not on PATH)"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers (Python.h is not in {include})"
    return {"cc": path, "include": include}


REQUIREMENTS = {
    r.name: r
    for r in (
        Requirement(
            "chromium",
            "chromium and chromedriver",
            "apt-get install chromium chromium-driver",
            _programs("chromium", "chromedriver"),
            ("browsers",),
        ),
        Requirement(
            "firefox",
            "firefox-esr",
            "apt-get install firefox-esr",
            _programs(("firefox-esr", "firefox")),
            ("browsers",),
        ),
        Requirement(
            "postgres",
            "PostgreSQL's server binaries initdb and pg_ctl",
            "apt-get install postgresql, or set PILLARS_PG_BIN",
            _postgres,
        ),
        Requirement(
            "ai",
            "the [ai] extra (open_spiel, pettingzoo, gymnasium)",
            "pip install -e '.[ai]'",
            _modules("pyspiel", "pettingzoo", "gymnasium", "numpy"),
        ),
        Requirement(
            "uvloop",
            "the [uvloop] extra (uvloop: CPython outside Windows)",
            "pip install -e '.[uvloop]'",
            _modules("uvloop"),
        ),
        Requirement(
            "compiler",
            "a C compiler and Python's headers",
            f"apt-get install gcc python{sys.version_info[0]}-dev",
            _compiler,
        ),
    )
}
NAMES = frozenset(REQUIREMENTS) | {g for r in REQUIREMENTS.values() for g in r.groups} | {"all"}


def _named(variable: str) -> set[str]:
    """The requirements an environment variable names (``all``, a group or a name)."""
    words = {w.strip() for w in os.environ.get(variable, "").split(",") if w.strip()}
    unknown = words - NAMES
    if unknown:
        raise pytest.UsageError(
            f"{variable}={os.environ[variable]!r}: unknown {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(NAMES))})"
        )
    return {r.name for r in REQUIREMENTS.values() if {"all", r.name, *r.groups} & words}


_found: dict[str, dict[str, str] | str] = {}


def lookup(name: str) -> dict[str, str] | str:
    """What :func:`need` would find for ``name``: the paths, or why they are missing."""
    if name not in REQUIREMENTS:
        raise KeyError(f"unknown requirement {name!r} (known: {', '.join(sorted(REQUIREMENTS))})")
    if name in _named(WITHOUT_ENV):
        return f"hidden by {WITHOUT_ENV}"
    if name not in _found:
        _found[name] = REQUIREMENTS[name].find()
    return _found[name]


def need(name: str, *, module: bool = False) -> dict[str, str]:
    """The paths of what requirement ``name`` needs; skips the calling test when
    they are missing, or fails it when ``PILLARS_RULES_REQUIRE`` names ``name``.
    ``module``: called at the top of a test module, before it imports what it needs
    (the ``ai`` extra's modules): the whole module skips, or fails to collect."""
    found = lookup(name)
    if isinstance(found, dict):
        return found
    req = REQUIREMENTS[name]
    if name in _named(REQUIRE_ENV):
        pytest.fail(f"{req.reason} ({found}; {REQUIRE_ENV}={os.environ[REQUIRE_ENV]} requires it)", pytrace=False)
    pytest.skip(req.reason, allow_module_level=module)


# ---------------------------------------------------------------- the plugin
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "needs(name, ...): the test needs system programs (tests/requires.py: " + ", ".join(sorted(REQUIREMENTS)) + ")",
    )
    _named(REQUIRE_ENV)
    _named(WITHOUT_ENV)


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs"):
        for name in mark.args:
            need(name)


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, (tuple, list)) and len(longrepr) == 3:  # a list when it came from an xdist worker
        return str(longrepr[2]).removeprefix("Skipped: ")
    return ""


@pytest.hookimpl(wrapper=True, tryfirst=True)  # around the terminal's own summary: this line comes last
def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config):
    by_reason = {r.reason: r for r in REQUIREMENTS.values()}
    counts = {r.name: 0 for r in REQUIREMENTS.values()}
    for report in terminalreporter.stats.get("skipped", []):
        req = by_reason.get(_skip_reason(report))
        if req is not None:
            counts[req.name] += 1
            # one line per requirement in -ra's list, not one per test: the skips share need()'s place
            report.longrepr = (__file__, need.__code__.co_firstlineno, f"Skipped: {req.reason}")
    result = yield
    parts = [
        f"{n} {'test needs' if n == 1 else 'tests need'} {REQUIREMENTS[k].what} ({REQUIREMENTS[k].install})"
        for k, n in counts.items()
        if n
    ]
    if parts:
        terminalreporter.write_line(
            f"skipped for missing system programs: {'; '.join(parts)} [{REQUIRE_ENV} makes them failures, as in CI]",
            yellow=True,
        )
    return result
