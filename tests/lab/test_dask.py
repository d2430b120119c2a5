"""The lab on Dask: a LocalCluster of 2 worker processes, shared by this
module (starting one costs seconds). Results equal a serial run's, and a
worker killed mid-run loses only its game (pillars_rules.lab.runner)."""

import logging
import os

import cloudpickle
import pytest
from distributed import LocalCluster, WorkerPlugin

from pillars_rules.lab import runner
from pillars_rules.lab.games import GameSpec, read_cards

SPECS = {"A": GameSpec(players=2, bots=("random",), seed=21)}


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as c:
        yield c


def test_serial_processes_and_dask_give_identical_results(cluster):
    sources, h = read_cards(["examples/fan_cards"])
    specs = {**SPECS, "B": GameSpec(players=2, bots=("random",), seed=21, sources=sources, card_hash=h)}
    serial = runner.run(specs, 6, executor="serial")
    assert runner.run(specs, 6, executor="processes", workers=2) == serial
    assert cluster.scheduler_address.startswith("tcp://")
    assert runner.run(specs, 6, executor=cluster.scheduler_address) == serial


class KillOnce(WorkerPlugin):
    """Test-only: the worker process that starts game ``index`` dies (once)."""

    def __init__(self, index: int, marker: str) -> None:
        self.index, self.marker = index, marker

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing" and isinstance(key, str) and f"-{self.index}-" in key:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                return
            os._exit(1)


def test_a_worker_killed_mid_run_loses_only_its_game(cluster, tmp_path):
    from distributed import Client

    marker = tmp_path / "killed"
    cloudpickle.register_pickle_by_value(__import__(__name__))  # the workers cannot import this module
    with Client(cluster.scheduler_address) as client:
        client.register_plugin(KillOnce(4, str(marker)), name="kill-once")
        try:
            records = runner.run(SPECS, 8, executor=cluster.scheduler_address, timeout=30)
        finally:
            client.unregister_worker_plugin("kill-once")
    assert marker.exists()
    assert records == runner.run(SPECS, 8, executor="serial")


def test_local_cluster_started_for_the_run():
    assert runner.run(SPECS, 2, executor="local", workers=1) == runner.run(SPECS, 2, executor="serial")


def test_a_scheduler_without_workers_is_a_clear_error_not_a_hang():
    import pillars_rules as pr

    with LocalCluster(n_workers=0, processes=False, protocol="tcp://", dashboard_address=":0",
                      silence_logs=logging.ERROR) as empty:
        with pytest.raises(pr.ConfigError, match="has no workers"):
            runner.run(SPECS, 2, executor=empty.scheduler_address, timeout=1)
