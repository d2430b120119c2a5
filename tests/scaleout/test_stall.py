"""A stalled PostgreSQL (hardening round 4, item 4): with every process of a
real cluster stopped by SIGSTOP, the server's event loop goes on -- a hello
is answered ``server_error`` after the database timeout, ``/healthz`` says the
store is unreachable -- and once the cluster goes on, so does the server.
Before, the hello's read of the game record ran on the event loop with no
timeout: the whole process froze until the cluster was woken."""

from __future__ import annotations

import contextlib
import os
import signal
import threading

import pytest
from starlette.testclient import TestClient
from tests.web.support import create, key_of, receive_until, say_hello, settings

from pillars_rules.web import protocol as P
from pillars_rules.web.app import create_app

pytestmark = pytest.mark.postgres

#: Seconds after which the cluster is woken whatever happens (a frozen server then answers late).
WAKE_AFTER = 30.0


def _cluster_pids(cluster) -> list[int]:
    with open(os.path.join(cluster.data, "postmaster.pid")) as f:
        postmaster = int(f.readline())
    pids = [postmaster]
    with open(f"/proc/{postmaster}/task/{postmaster}/children") as f:
        pids += [int(p) for p in f.read().split()]
    return pids


@contextlib.contextmanager
def stalled(cluster):
    pids = _cluster_pids(cluster)

    def wake() -> None:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    timer = threading.Timer(WAKE_AFTER, wake)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        wake()


def test_a_stalled_cluster_does_not_freeze_the_server(pg_cluster, pg_dsn, tmp_path):
    app = create_app(settings(tmp_path, db=pg_dsn, db_timeout=1.0))
    with TestClient(app) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "person"}], seed=3)
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        assert c.get("/healthz").status_code == 200
        with stalled(pg_cluster):
            r = c.get("/healthz")
            assert (r.status_code, r.text) == (503, "the game store is unreachable")
            with c.websocket_connect("/ws") as ws:
                ws.send_text(P.hello(gid, ann))
                assert receive_until(ws, "refused")["code"] == "server_error"
        for _ in range(100):  # the stalled calls finish, then the store answers again
            if c.get("/healthz").status_code == 200:
                break
        with c.websocket_connect("/ws") as ws:
            welcome, _ = say_hello(ws, gid, ann)
            assert welcome["you"]["seat"] == 0


def test_a_stopped_cluster_answers_server_error(pg_cluster, pg_dsn, tmp_path):
    app = create_app(settings(tmp_path, db=pg_dsn, db_timeout=2.0))
    with TestClient(app) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "person"}], seed=3)
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        pg_cluster.pg_ctl("stop", mode="fast")
        try:
            assert c.get("/healthz").status_code == 503
            r = c.post("/games", json={"seats": [{"kind": "person"}, {"kind": "person"}]})
            assert r.status_code == 503  # no database user, name or socket folder in it
            assert r.json() == {"error": "the server cannot store games right now; try again later"}
            with c.websocket_connect("/ws") as ws:
                ws.send_text(P.hello(gid, ann))
                assert receive_until(ws, "refused")["code"] == "server_error"
        finally:
            pg_cluster.pg_ctl("start")
