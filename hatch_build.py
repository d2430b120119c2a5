"""The build hook: compile the engine with mypyc when it makes sense (issue #26).

``pip install .`` (a wheel) compiles the modules that ``pyproject.toml`` lists
under ``[tool.hatch.build.targets.wheel.hooks.custom]`` with mypyc, through the
hatch-mypyc plugin, and the wheel is tagged for this interpreter and platform.
A pure-Python wheel (``py3-none-any``) is built instead, and mypy is not even
installed into the build environment, when:

* the build is editable (``pip install -e .``): development runs the source;
* ``PILLARS_RULES_PURE`` is set to anything but ``0`` or an empty string;
* the machine has no C compiler or no Python headers (the hook says so).

A compiler that is there but fails is an error, not a silent fallback: CI
must notice. ``pillars_rules.COMPILED`` tells which build a process runs.

The compiled modules' C is compiled with :func:`extra_cflags` added to the
user's ``CFLAGS``: on a POSIX compiler, ``-fvisibility=hidden``. mypyc puts
all the compiled functions in one shared library, and a function a library
exports is called through the procedure linkage table (an indirect jump, and
no inlining) even from the same file; hidden, only the ``PyInit_`` entry
points stay exported (the modules reach the rest through capsules), and the
calls are direct. The paired games of the balance lab run about 5% faster.

Before mypyc compiles, the hook writes ``src/pillars_rules/engine/_native.py``
(:func:`write_generated`: ``tools/make_native.py``, run in the build
environment): the compiled copiers and the records' annotations as written,
made from the source being built, so they cannot be stale. The file is not
committed (``.gitignore``; the wheel target lists it under ``artifacts`` so
the wheel and hatch-mypyc still take it), and the hook deletes it again once
the wheel is written. The pure build never reads it.
"""

from __future__ import annotations

import inspect
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "PILLARS_RULES_PURE"  # the same name as pillars_rules._build.PURE_ENV
#: What the compiled build needs in the build environment (mypy's version is
#: pinned: the compiled code depends on the compiler).
COMPILE_REQUIRES = ["hatch-mypyc>=0.16.0", "mypy==2.4.1", "setuptools>=68"]


#: The module the compiled build generates before it compiles, and its generator (paths from the root).
GENERATED = "src/pillars_rules/engine/_native.py"
GENERATOR = "tools/make_native.py"


def _say(message: str) -> None:
    print(f"pillars-rules build: {message}", file=sys.stderr)


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _editable_requested() -> bool:
    """Is this the PEP 660 editable build? (hatchling asks every hook for its
    dependencies before it knows the kind of build; the front end's call is on
    the stack.)"""
    return any(frame.function in ("get_requires_for_build_editable", "build_editable") for frame in inspect.stack())


def compiler_missing() -> str:
    """Why this machine cannot compile C extensions, or ``""`` if it can."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc!r} is not on PATH)"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers (Python.h is not in {include})"
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <Python.h>\nint main(void) { return 0; }\n", encoding="utf-8")
        run = subprocess.run(
            [cc, f"-I{include}", "-c", str(source), "-o", str(Path(tmp) / "probe.o")], capture_output=True, text=True
        )
        if run.returncode != 0:
            return f"the C compiler {cc!r} cannot build against Python.h: {run.stderr.strip()[:200]}"
    return ""


def extra_cflags(platform: str = sys.platform) -> list[str]:
    """What the build adds to ``CFLAGS`` for the compiled modules: hidden
    visibility on a POSIX compiler (gcc, clang; see the module docs). MSVC
    exports nothing unasked and reads no ``CFLAGS``."""
    return [] if platform == "win32" else ["-fvisibility=hidden"]


def with_cflags(environ: dict, flags: list[str]) -> dict:
    """``environ`` with ``flags`` after its ``CFLAGS`` (the user's come first;
    a flag already there is not repeated)."""
    have = environ.get("CFLAGS", "").split()
    return {**environ, "CFLAGS": " ".join(have + [f for f in flags if f not in have])}


def write_generated(root: str | Path) -> Path:
    """Run the generator of :data:`GENERATED` over the source tree at ``root``
    (in a child process: it imports the package from ``root``'s ``src``) and
    return the file it wrote; a :class:`RuntimeError` saying what went wrong
    if it cannot (the compiled build needs the file)."""
    script = Path(root) / GENERATOR
    if not script.is_file():
        raise RuntimeError(
            f"the compiled build generates {GENERATED} with {GENERATOR}, which is missing from "
            f"{root} (an sdist must include tools/); set {PURE_ENV}=1 for a pure-Python build"
        )
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=str(root))
    target = Path(root) / GENERATED
    if run.returncode != 0 or not target.is_file():
        raise RuntimeError(
            f"{GENERATOR} could not write {GENERATED} (exit {run.returncode}):\n"
            f"{(run.stdout + run.stderr).strip()[-2000:]}"
        )
    return target


class PillarsBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def _pure_reason(self, version: str | None) -> str:
        if version == "editable" or _editable_requested():
            return "editable install"
        if pure_requested():
            return f"{PURE_ENV} is set"
        return compiler_missing()

    def dependencies(self) -> list[str]:
        if self._pure_reason(None):
            return []
        # mypy reads the package's dependencies too (attrs' classes, cattrs): they go in the build env
        return list(COMPILE_REQUIRES) + list(self.metadata.core.dependencies)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        why = self._pure_reason(version)
        if why:
            if why != "editable install":
                _say(f"building pure Python ({why})")
            return
        try:
            from hatch_mypyc.plugin import MypycBuildHook
        except ImportError as exc:  # the front end did not install COMPILE_REQUIRES
            raise RuntimeError(
                f"the compiled build needs {', '.join(COMPILE_REQUIRES)} ({exc}); "
                f"set {PURE_ENV}=1 for a pure-Python build"
            ) from None
        self._generated = write_generated(self.root)  # before hatch-mypyc lists the files it compiles
        _say(f"wrote {GENERATED}; compiling the engine with mypyc (set PILLARS_RULES_PURE=1 for a pure-Python build)")
        self._mypyc = MypycBuildHook(
            self.root, self.config, self.build_config, self.metadata, self.directory, self.target_name, self.app
        )
        # hatch-mypyc compiles in a child process, which reads CFLAGS from this environment
        before = os.environ.get("CFLAGS")
        os.environ["CFLAGS"] = with_cflags(dict(os.environ), extra_cflags())["CFLAGS"]
        try:
            self._mypyc.initialize(version, build_data)
        finally:
            if before is None:
                os.environ.pop("CFLAGS", None)
            else:
                os.environ["CFLAGS"] = before

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """The wheel is written: take the compiled modules out of the source
        tree again (hatch-mypyc builds them in place), so the checkout stays
        pure Python for an editable install and for ``PYTHONPATH=src``."""
        mypyc = getattr(self, "_mypyc", None)
        if mypyc is not None:
            mypyc.clean([version])
        generated = getattr(self, "_generated", None)
        if generated is not None:
            generated.unlink(missing_ok=True)

    def clean(self, versions: list[str]) -> None:
        try:
            from hatch_mypyc.plugin import MypycBuildHook
        except ImportError:
            return
        MypycBuildHook(
            self.root, self.config, self.build_config, self.metadata, self.directory, self.target_name, self.app
        ).clean(versions)
