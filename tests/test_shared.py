"""tests/shared.py: work one xdist worker computes and the others read."""

import json

import pytest
from shared import once, shared_dir


def test_the_second_caller_reads_the_first_callers_result(tmp_path_factory):
    calls = []
    make = lambda: calls.append(1) or {"n": len(calls), "rows": [1, 2]}  # noqa: E731
    assert once(tmp_path_factory, "probe", make) == {"n": 1, "rows": [1, 2]}
    assert once(tmp_path_factory, "probe", make) == {"n": 1, "rows": [1, 2]}
    assert calls == [1]
    stored = shared_dir(tmp_path_factory) / "shared-probe.json"
    assert json.loads(stored.read_text()) == {"n": 1, "rows": [1, 2]}


def test_a_failed_computation_leaves_nothing_for_the_next_caller(tmp_path_factory):
    def broken():
        raise RuntimeError("no result")

    with pytest.raises(RuntimeError, match="no result"):
        once(tmp_path_factory, "broken", broken)
    assert not (shared_dir(tmp_path_factory) / "shared-broken.json").exists()
    assert once(tmp_path_factory, "broken", lambda: [3]) == [3]


def test_workers_share_the_folder_above_their_own(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw7")
    assert shared_dir(tmp_path_factory) == tmp_path_factory.getbasetemp().parent
    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    assert shared_dir(tmp_path_factory) == tmp_path_factory.getbasetemp()
