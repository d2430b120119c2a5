"""Fixtures of the board's browser tests: Chromium windows and a real server.

The browsers live for the whole session (starting Chromium is the slow part)
and each test opens its own pages; each test gets its own server process and
games file, killed at the end whatever happens. Without Chromium (or Firefox)
the tests skip and say what to install (``requires.need``, called when a
browser starts). Every test here is marked ``browser`` (``pytest -m browser``
runs them). Under pytest-xdist each worker that runs one starts its own two
windows, with its own profile folders and its own servers on free ports.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .chrome import Browser
from .serving import ServerProcess

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def windows():
    """Two Chromium windows (two people at two computers), 1280x800."""
    made: list[Browser] = []
    try:
        made.append(Browser())
        made.append(Browser())
        yield made
    finally:
        for b in made:
            b.quit()


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path)
    proc.start()
    try:
        yield proc
    finally:
        proc.kill()


@pytest.fixture(autouse=True)
def _fresh_windows(request):
    """Each test starts on a blank page at 1280x800, with the last test's console read away."""
    if "windows" in request.fixturenames:
        for b in request.getfixturevalue("windows"):
            b.size(1280, 800)
            b.get("about:blank")
            b.logs()
            b.console.clear()
    yield
