"""The two builds (issue #26): which one runs, what is compiled, how a
pure-Python install is asked for, and the records behaving alike in both."""

from __future__ import annotations

import copy
import importlib.util
import os
import pickle
import re
import shutil
import sys
import tomllib
import types
from pathlib import Path

import attrs
import pytest

import pillars_rules as pr
from pillars_rules import _build
from pillars_rules.engine import events as E

from .games import ROOT


def test_compiled_says_which_build_runs():
    found = _build.compiled_modules()
    assert pr.COMPILED is _build.COMPILED is all(found.values())
    assert pr.COMPILED or not any(found.values())  # never half compiled
    expected = os.environ.get("PILLARS_RULES_EXPECT_COMPILED")  # set by .ci/run for each of its venvs
    if expected is not None:
        assert pr.COMPILED is (expected == "1"), (expected, found)


def test_version_names_the_build(capsys):
    from pillars_rules.cli.entry import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["--version"])
    out = capsys.readouterr().out
    assert out.strip() == f"pillars-rules {pr.__version__} ({'compiled with mypyc' if pr.COMPILED else 'pure Python'})"


def test_the_build_hook_compiles_the_modules_the_package_names():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    listed = [re.sub(r"^/src/|\.py$", "", p).replace("/", ".") for p in hook["include"]]
    assert listed == list(_build.COMPILED_MODULES)
    generated = re.sub(r"^src/|\.py$", "", _hook().GENERATED).replace("/", ".")
    for name in listed:
        if name != generated:  # written by the build itself (the next tests)
            assert importlib.util.find_spec(name) is not None, name


def _make_native():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_native
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return make_native


def test_the_generated_module_is_written_by_the_build_not_committed():
    """``engine/_native.py`` is the build's: git ignores it, the wheel takes it
    all the same (an artifact: hatchling and hatch-mypyc skip ignored files
    otherwise), and mypyc compiles it."""
    hook = _hook()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert f"/{hook.GENERATED}" in wheel["artifacts"]
    assert f"/{hook.GENERATED}" in wheel["hooks"]["custom"]["include"]
    assert hook.GENERATED in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert (ROOT / hook.GENERATOR).is_file()
    sdist = config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert {"src", "tools", "hatch_build.py"} <= set(sdist)  # an sdist can build the compiled wheel


def test_the_compiled_tables_are_those_of_the_source():
    """The compiled build's copiers and annotations are the generator's for
    this source (the build wrote them from it); the pure build never imports
    the module (it has none)."""
    make_native = _make_native()
    compile(make_native.render(), "_native.py", "exec")  # the generator's output is Python
    state = _a_state()
    from pillars_rules.engine.copiers import replace

    assert replace(state, round=state.round + 1).round == state.round + 1
    if not pr.COMPILED:
        assert "pillars_rules.engine._native" not in sys.modules
        return
    from pillars_rules.engine import _native

    assert sorted((cls.__name__, names) for cls, names in _native.COPIES) == make_native.wanted()
    assert set(_native.ANNOTATIONS["pillars_rules.engine.events"]) == set(E.EVENT_TYPES)


def _tree(tmp_path, generator=True):
    """A source tree to build from: the package's source and, if asked, its tools."""
    shutil.copytree(ROOT / "src", tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    if generator:
        shutil.copytree(ROOT / "tools", tmp_path / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


class _FakeMypyc:
    """hatch-mypyc's hook, as the build hook drives it: records what it would compile."""

    seen: list = []

    def __init__(self, root, *args):
        self.root = root

    def initialize(self, version, build_data):
        path = Path(self.root) / _hook().GENERATED
        self.seen.append(path.read_text(encoding="utf-8") if path.is_file() else None)

    def clean(self, versions):
        pass


def _run_hook(monkeypatch, root):
    hook = _hook()
    monkeypatch.delenv(hook.PURE_ENV, raising=False)
    monkeypatch.setattr(hook, "compiler_missing", lambda: "")
    plugin = types.ModuleType("hatch_mypyc.plugin")
    plugin.MypycBuildHook = _FakeMypyc
    monkeypatch.setitem(sys.modules, "hatch_mypyc", types.ModuleType("hatch_mypyc"))
    monkeypatch.setitem(sys.modules, "hatch_mypyc.plugin", plugin)
    monkeypatch.setattr(_FakeMypyc, "seen", [])
    build = hook.PillarsBuildHook(str(root), {}, None, None, str(root), "wheel")
    build.initialize("standard", {})
    return hook, build


def test_the_build_hook_writes_the_generated_module_before_mypyc_compiles(monkeypatch, tmp_path):
    root = _tree(tmp_path)
    target = root / _hook().GENERATED
    target.write_text("COPIES = {}  # stale: an older source's\n", encoding="utf-8")
    hook, build = _run_hook(monkeypatch, root)
    assert _FakeMypyc.seen == [_make_native().render()]  # regenerated, then compiled
    build.finalize("standard", {}, str(tmp_path / "x.whl"))
    assert not target.exists()  # the source tree is left without it


def test_the_build_hook_refuses_without_its_generator(monkeypatch, tmp_path):
    root = _tree(tmp_path, generator=False)
    with pytest.raises(RuntimeError, match=r"tools/make_native\.py, which is missing.*PILLARS_RULES_PURE=1"):
        _run_hook(monkeypatch, root)
    (root / "tools").mkdir()
    (root / "tools" / "make_native.py").write_text("raise SystemExit('no records here')\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match=r"could not write .*_native\.py \(exit 1\):\nno records here"):
        _run_hook(monkeypatch, root)
    assert _FakeMypyc.seen == []  # nothing compiled


def _hook():
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    return hatch_build


def test_the_build_hook_falls_back_to_pure_python(monkeypatch):
    hatch_build = _hook()
    monkeypatch.delenv(hatch_build.PURE_ENV, raising=False)
    assert not hatch_build.pure_requested()
    monkeypatch.setenv(hatch_build.PURE_ENV, "0")
    assert not hatch_build.pure_requested()
    monkeypatch.setenv(hatch_build.PURE_ENV, "1")
    assert hatch_build.pure_requested()
    assert hatch_build.PURE_ENV == _build.PURE_ENV
    monkeypatch.setenv("CC", "/no/such/compiler-cc")
    assert "no C compiler" in hatch_build.compiler_missing()


def test_the_build_hook_hides_the_compiled_functions_on_posix_compilers():
    hook = _hook()
    assert hook.extra_cflags("linux") == hook.extra_cflags("darwin") == ["-fvisibility=hidden"]
    assert hook.extra_cflags("win32") == []  # MSVC reads no CFLAGS and exports nothing unasked
    env = {"PATH": "/bin", "CFLAGS": "-O2 -g"}
    assert hook.with_cflags(env, ["-fvisibility=hidden"]) == {"PATH": "/bin", "CFLAGS": "-O2 -g -fvisibility=hidden"}
    assert env["CFLAGS"] == "-O2 -g"  # the caller's dict is left as it was
    assert (
        hook.with_cflags({"CFLAGS": "-fvisibility=hidden"}, ["-fvisibility=hidden"])["CFLAGS"] == "-fvisibility=hidden"
    )
    assert hook.with_cflags({}, ["-fvisibility=hidden"])["CFLAGS"] == "-fvisibility=hidden"


def test_the_compiled_library_exports_only_its_module_entry_points():
    """The shared library of the compiled build (one for all the compiled
    modules) keeps its functions to itself: only ``PyInit_`` is exported, so
    calls between them are direct (hatch_build.extra_cflags). In the pure
    build there is no library to look at."""
    import ctypes

    if not pr.COMPILED:
        assert not [name for name in sys.modules if name.endswith("__mypyc")]
        return
    if sys.platform == "win32":  # pragma: no cover - CI runs on Linux
        return
    (name,) = [name for name in sys.modules if name.endswith("__mypyc")]
    lib = ctypes.CDLL(sys.modules[name].__file__)
    assert hasattr(lib, f"PyInit_{name}")
    for symbol in ("CPyDef_game___Game___apply", "CPyDef_heuristic___HeuristicBot___best", "CPyStatics"):
        assert not hasattr(lib, symbol), f"{symbol} is exported: was the build's -fvisibility=hidden lost?"


@pytest.mark.needs("compiler")
def test_the_build_hook_compiles_where_there_is_a_compiler(monkeypatch):
    """With a C compiler and Python's headers (tests/requires.py found them on
    PATH), the hook's own probe compiles against Python.h and a wheel build
    (not editable, PILLARS_RULES_PURE unset) asks for the compiled build: what
    .ci/run's compiled suite relies on."""
    hatch_build = _hook()
    monkeypatch.delenv(hatch_build.PURE_ENV, raising=False)
    assert hatch_build.compiler_missing() == ""
    assert hatch_build.PillarsBuildHook._pure_reason(None, "standard") == ""


def _a_state():
    return pr.playout(pr.new_game(3, 5), seed=2, max_actions=40).state


def test_records_are_frozen_equal_by_value_and_picklable_in_either_build():
    state = _a_state()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.round = 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.players[0].gold = 99
    for value in (state, state.players[0], state.table, E.Gained(1, (), "x"), E.GameEnded()):
        for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
            assert again == value and type(again) is type(value) and hash(again) == hash(value)
    later = state.round + 1
    assert attrs.evolve(state, round=later) == attrs.evolve(state, round=later) != state


def test_records_keep_their_field_types_for_the_save_format():
    hints = {a.name: a.type for a in attrs.fields(attrs.resolve_types(E.PositionSet))}
    assert str(hints["players"]).endswith("tuple[pillars_rules.engine.state.PlayerState, ...]")
    table = {a.name: a.type for a in attrs.fields(attrs.resolve_types(type(_a_state().table)))}
    assert table["passed"] == frozenset[int] and table["decided"] == frozenset[tuple[int, str]]


def test_pure_records_get_the_quick_init_that_stores_the_same():
    """In the pure build every state and event record's ``__init__`` is the
    generated one (copiers._quick_init); it sets the same fields to the same
    values, defaults included, as the source's ``__init__``."""
    import inspect

    from pillars_rules.engine import events as E
    from pillars_rules.engine import state as S
    from pillars_rules.engine.copiers import fields_of

    classes = (*S.RECORDS, *E.EVENT_TYPES.values())
    if pr.COMPILED:
        assert not any("_pr_set" in getattr(getattr(c.__init__, "__code__", None), "co_varnames", ()) for c in classes)
        return
    for cls in classes:
        if not fields_of(cls):  # DraftEnded, GameEnded: object's __init__
            continue
        assert "_pr_set" in cls.__init__.__code__.co_varnames, cls.__name__
        params = list(inspect.signature(cls).parameters)
        assert params == list(fields_of(cls)), cls.__name__
    state = pr.new_game(players=3, seed=4).state
    assert S.GameState(state.fixed) == S.GameState(fixed=state.fixed, round=0, stage="setup")
    assert S.GameState(state.fixed).board is S.GameState(state.fixed).board  # the shared default
    assert vars(S.GameState(state.fixed, 2)) == {**vars(S.GameState(state.fixed)), "round": 2}
