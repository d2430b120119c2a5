"""Old import paths that the docs published, kept for one release.

The layout of 0.2 moved these modules into subpackages, and issue #57 moved
Pillars' JSON and older save formats out of the save layer (see the changelog).
Importing an old path still works until the next release: it warns with a
:class:`DeprecationWarning` naming the new home and gives the new module
itself (or, for ``pillars_rules.persistence``, which re-exported names of
several modules, one module holding the same objects).

This is one import hook instead of a file per old path, so the package's
folder shows only the modules that are really there. Nothing in the library
imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings

#: Old module path -> the modules that now hold its public names (the first is its new home).
MOVED: dict[str, tuple[str, ...]] = {
    "pillars_rules.effects": ("pillars_rules.cardlang.effects",),
    "pillars_rules.cards": ("pillars_rules.cardlang.cardset",),
    "pillars_rules.textcheck": ("pillars_rules.cardlang.names",),
    "pillars_rules.persistence": (
        "pillars_rules.saves.savefile",
        "pillars_rules.saves.replay",
        "pillars_rules.pillars_json.codec",
        "pillars_rules.pillars_json.strict",
        "pillars_rules.games.pillars.upcasters",
    ),
    "pillars_rules.upcasters": ("pillars_rules.games.pillars.upcasters",),
    "pillars_rules.actions_json": ("pillars_rules.pillars_json.actions_json",),
    "pillars_rules.codec": ("pillars_rules.pillars_json.codec",),
    "pillars_rules.strict": ("pillars_rules.pillars_json.strict",),
    # issue #57: the save layer names no game; Pillars' JSON and older formats left it
    "pillars_rules.saves.codec": ("pillars_rules.pillars_json.codec",),
    "pillars_rules.saves.strict": ("pillars_rules.pillars_json.strict",),
    "pillars_rules.saves.actions_json": ("pillars_rules.pillars_json.actions_json",),
    "pillars_rules.saves.upcasters": ("pillars_rules.games.pillars.upcasters",),
}


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the old paths (and nothing else) and loads each as its new module."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        homes = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} has moved to {homes[0]}; the old path goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        if len(homes) == 1:
            return importlib.import_module(homes[0])
        module = types.ModuleType(spec.name, f"Deprecated: the names of {', '.join(homes)}.")
        for home in homes:
            module.__dict__.update(
                (k, v) for k, v in vars(importlib.import_module(home)).items() if not k.startswith("__")
            )
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: :meth:`create_module` returned a module that is ready."""


def install() -> None:
    """Put the finder last on :data:`sys.meta_path` (once), after every real module."""
    if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
        sys.meta_path.append(_OldPaths())
