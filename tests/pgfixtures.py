"""Fixtures for the PostgreSQL tests: one throwaway cluster per test session
(:class:`bench.pgcluster.Cluster`: ``initdb`` in a temporary folder, a Unix
socket there, run as an unprivileged user when the tests run as root), and a
new empty database per test.

The cluster starts only when a test asks for it, and is stopped and removed
when the session ends; under pytest-xdist each worker has its own (its own
folder and socket). Without PostgreSQL's server binaries the tests that need
them skip and say what to install, or fail when ``PILLARS_RULES_REQUIRE``
names ``postgres`` (``.ci/run`` installs them and sets it): see ``requires.py``.

Every test that uses ``pg_cluster`` (itself or through ``pg_dsn`` or another
fixture) is marked ``postgres`` here, at collection: ``-m "not postgres"``
leaves it out without the test having to say so. (A test that asks for the
fixture only at run time, ``request.getfixturevalue``, marks itself, as the
``backend`` parameter of ``tests/table`` does.)
"""

import pytest
from bench.pgcluster import Cluster, ClusterError
from requires import need


@pytest.hookimpl(tryfirst=True)  # before -m deselects
def pytest_collection_modifyitems(items):
    for item in items:
        if "pg_cluster" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def pg_cluster():
    need("postgres")
    try:
        cluster = Cluster().start()
    except ClusterError as exc:
        pytest.fail(f"cannot start a throwaway PostgreSQL cluster: {exc}", pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_dsn(pg_cluster) -> str:
    """The connection string of a new, empty database on the session's cluster."""
    return pg_cluster.new_database("test")
