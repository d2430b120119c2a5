"""Shared test setup: Hypothesis profiles, the checkout's ``bench`` package on the path,
the system programs some tests need (``requires.py``: skipped with what to install when
missing, failures under ``PILLARS_RULES_REQUIRE``) and the PostgreSQL fixtures
(``pgfixtures.py``).

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) keeps example counts small enough for
a 2-core CI machine; ``dev`` is the default, with CI's counts but new examples each
run; ``thorough`` is for long local runs.
"""

import os
import signal
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# dev (the default, so the README's test command) runs as many examples as CI, not derandomized:
# a newcomer's passing run means what CI's does, and each run still tries new examples.
settings.register_profile(
    "dev", max_examples=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# A run started in the background by a non-interactive shell inherits SIGINT ignored, and so
# would every program a test starts: the Ctrl-C tests (terminal game, balance lab) would then
# wait for an interrupt that never comes. Python's own handler makes children start with the
# default action again (an ignored signal stays ignored across exec; a handled one does not).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The benchmark suite (bench/) is not part of the library; its tests import it
# from the checkout, wherever pytest was started.
ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# need() and the needs marker (system programs); pg_cluster (one throwaway PostgreSQL per
# session, per xdist worker) and pg_dsn (a new database per test)
pytest_plugins = ["requires", "pgfixtures"]
