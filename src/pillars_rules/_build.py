"""Which build of the library is running: compiled by mypyc, or pure Python.

The engine, its records, ``Game`` and ``SeatView`` -- and the heuristic bots
with what they call (their evaluation, card values and determinization) --
are compiled by mypyc when
the package is installed from a wheel built on a machine with a C compiler
(``pip install .``); an editable install (``pip install -e .``), a machine
without a compiler, or ``PILLARS_RULES_PURE=1`` at install time give the pure
Python build. Both run the same source, so they play the same games; the
compiled one is faster. :data:`COMPILED` says which one this process runs
(``pillars-rules --version`` and the benchmark print it).

This module sits at the bottom of the package (it imports nothing of it), so
the engine can ask it too.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from pathlib import Path

#: The environment variable that makes any install of the package pure Python
#: (read by the build hook, ``hatch_build.py``, at install time).
PURE_ENV = "PILLARS_RULES_PURE"

#: The modules the compiled build compiles (the build hook's list, in
#: ``pyproject.toml``, names the same files; a test checks they agree).
COMPILED_MODULES: tuple[str, ...] = (
    "pillars_rules.core.frame",
    "pillars_rules.core.gametype",
    "pillars_rules.core.loop",
    "pillars_rules.core.session",
    "pillars_rules.engine.state",
    "pillars_rules.engine.copiers",
    "pillars_rules.engine._native",
    "pillars_rules.engine.events",
    "pillars_rules.engine.context",
    "pillars_rules.engine.rng",
    "pillars_rules.engine.layout",
    "pillars_rules.engine.evolve",
    "pillars_rules.engine.queries",
    "pillars_rules.engine.reach",
    "pillars_rules.engine.batch",
    "pillars_rules.engine.shared",
    "pillars_rules.engine.borrow",
    "pillars_rules.engine.zones",
    "pillars_rules.engine.steps",
    "pillars_rules.engine.flow",
    "pillars_rules.engine.refusals",
    "pillars_rules.engine.legal",
    "pillars_rules.engine.position",
    "pillars_rules.view",
    "pillars_rules.games.pillars.setup",
    "pillars_rules.games.pillars.game",
    "pillars_rules.saves.jsonguard",
    "pillars_rules.games.pillars.replay",
    "pillars_rules.determinize",
    "pillars_rules.bots.cardvalue",
    "pillars_rules.bots.evaluate_v1",
    "pillars_rules.bots.outlook",
    "pillars_rules.bots.evaluate",
    "pillars_rules.bots.heuristic",
)


def is_compiled_file(path: str | None) -> bool:
    """Is the module at ``path`` an extension module (what mypyc makes of a ``.py`` file)?"""
    return bool(path) and str(path).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _module_file(name: str) -> str | None:
    """The file ``name`` loads from, found without importing anything (its
    package may import this module: ``pillars_rules.bots`` imports the
    engine). An extension module next to the source wins, as the import
    system's file finder looks for extension modules first."""
    parts = name.split(".")
    if parts[0] != __name__.split(".")[0]:
        spec = importlib.util.find_spec(name)
        return spec.origin if spec is not None else None
    folder = Path(__file__).resolve().parent.joinpath(*parts[1:-1])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if (folder / (parts[-1] + suffix)).is_file():
            return str(folder / (parts[-1] + suffix))
    source = folder / (parts[-1] + ".py")
    return str(source) if source.is_file() else None


def compiled_modules() -> dict[str, bool]:
    """Each module of :data:`COMPILED_MODULES`: is it loaded from an extension module?
    (Finding a module's file does not import it.)"""
    return {name: is_compiled_file(_module_file(name)) for name in COMPILED_MODULES}


def _which() -> bool:
    found = compiled_modules()
    if any(found.values()) and not all(found.values()):
        half = sorted(name for name, c in found.items() if not c)
        raise ImportError(
            f"pillars_rules is half compiled: {', '.join(half)} are pure Python while the rest "
            f"is compiled (a stale build?); reinstall the package"
        )
    return all(found.values())


#: ``True`` when this process runs the mypyc-compiled build, ``False`` for pure Python.
COMPILED: bool = _which()


def describe() -> str:
    """One line for ``--version`` and the benchmark: ``"compiled (mypyc)"`` or ``"pure Python"``."""
    return "compiled (mypyc)" if COMPILED else "pure Python"


__all__ = ["COMPILED", "COMPILED_MODULES", "PURE_ENV", "compiled_modules", "describe", "is_compiled_file"]
