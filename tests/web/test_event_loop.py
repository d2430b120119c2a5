"""The server's event loop (issue #60): ``serve --loop`` chooses asyncio (the default)
or uvloop; ``auto`` is uvloop where it is installed; the start-up banner says which
loop serves. A server on the default loop plays a whole game."""

from __future__ import annotations

import importlib.util
import time

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess

from pillars_rules.cli.serve import event_loop
from pillars_rules.errors import ConfigError
from pillars_rules.table import EventStore, Table

HAS_UVLOOP = importlib.util.find_spec("uvloop") is not None


def test_asyncio_is_the_default_and_auto_is_uvloop_exactly_where_it_is_installed():
    from pillars_rules.cli.entry import build_parser

    assert build_parser().parse_args(["serve"]).loop == "asyncio"
    assert event_loop("auto") == ("uvloop" if HAS_UVLOOP else "asyncio")
    assert event_loop("asyncio") == "asyncio"


def test_asking_for_uvloop_without_it_is_refused_with_the_install_line(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvloop" else real(name, *a))
    with pytest.raises(ConfigError, match=r"--loop uvloop: uvloop is not installed \(pip install uvloop\)"):
        event_loop("uvloop")
    assert event_loop("auto") == "asyncio"


FAST = ("--bot-delay", "0", *ONE_ADDRESS)


@pytest.mark.parametrize("loop", ["asyncio", "default"])
def test_a_server_on_each_loop_plays_a_whole_game_and_its_banner_names_the_loop(tmp_path, loop):
    db = tmp_path / f"{loop}.sqlite3"
    args = ("--loop", loop) if loop != "default" else ()
    with ServerProcess(db, None, *FAST, *args) as server:
        banner = server.banner
        gid = server.create({"seats": [{"kind": "bot", "bot": "random"}] * 2})["game"]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not _finished(db, gid):
            time.sleep(0.2)
    assert _finished(db, gid), "the two bots' game did not end in 120 s"
    want = "asyncio"
    assert f"event loop: {want}" in banner, banner


def _finished(db, gid: str) -> bool:
    with EventStore(db) as store:
        return Table.open(store, gid).game.is_over
