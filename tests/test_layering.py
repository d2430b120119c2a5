"""The package's architecture, checked (issue #20; docs/architecture.rst draws it).

Imports run in one direction only, counting every import: at the top of a
module, inside a function (deferred) and under ``if TYPE_CHECKING:``. An
import of ``a.b.c`` also runs ``a/__init__`` and ``a/b/__init__``, so it is
an edge to those packages too (except the importer's own packages, which are
loaded before it anyway).

The layers, from the bottom:

* **base** -- ``errors``, ``limits``, ``_build``: import nothing of the package but each other;
* **card language** -- ``cardlang/``: the card model, the effect registry and
  the language; imports base only, never the engine;
* **core** -- ``core/``: what every game shares (the game value, the loop of
  decisions and events, the registry of games); imports base only, so it
  knows no game (issue #57);
* **mechanisms** -- ``mechanisms/``: mechanisms games share, configured by
  data (a rotating track of values, a grid of terrain, adjacency scoring;
  docs/ora/mechanisms.rst); imports base and the core only, so it knows no
  game either;
* **engine** -- ``engine/``: the rules of *The Pillars of the Earth*; imports
  base, the core, the mechanisms and the card model (``cardlang.effects``, ``cardlang.card``,
  ``cardlang.cardset``, ``cardlang.board``) only (and so, on the way, the
  ``cardlang`` package);
* **API** -- the top-level modules, ``games/`` (the game packages), ``saves/``,
  ``pillars_json/``, ``words/``: may import everything below, and no client.
  ``saves/`` names no game: it imports only the base and the core
  (:data:`SAVES_MAY_IMPORT`); Pillars' events, states and actions as JSON are
  ``pillars_json/`` (:data:`PILLARS_JSON`), its older formats ``games/pillars/``. A game's
  package imports no other game's package and never the modules that name its
  names for compatibility (:data:`COMPAT`): ``games/pillars/`` (*The Pillars of
  the Earth*: its game type, set-up, saves and replay) stands on its engine,
  ``engine/``, and the API modules below it; ``games/ora/`` (*Ora et Labora*,
  issue #58), a game built on the core alone, imports only the base, the core,
  the mechanisms and itself, its compiled cards (``buildings``) and
  ``saves.replay`` (replay by the listed actions);
* **clients** -- ``bots``, ``lab``, ``ai``, ``terminal``, ``table``, ``cli``,
  ``web``: import the core API, the card language and each other's public
  modules, never the engine and never a private (``_``) module of another package.
  A client that knows a game imports that game's package, as Ora's bot
  (``bots/ora.py``) imports ``games/ora/`` and the mechanisms it configures.

**A client that knows Pillars says so** (issue #57): Pillars' own names -- those
of its package, ``pillars_rules.games.pillars`` (``__all__``: the game type,
the set-up such as ``load_cards``, ``VARIANTS``, ``DEFAULT_NAMES``, the saves'
header, the replay) -- are imported from that package by every module of the
library, never from the modules that still name them for compatibility
(``pillars_rules.game``, and ``pillars_rules`` itself for ``load_cards`` and
``VARIANTS``), and a client does not reach them as attributes of the package
(``pr.load_cards``) either, but for the uses :data:`PR_PILLARS_LEFT` counts.
Pillars' records -- its actions, events, state and seat view -- are the public
modules :data:`PILLARS_API` (their names in ``pillars_rules`` too); its rules,
``engine/``, no client imports.

Nothing in the library imports ``bench`` or ``tests``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pillars_rules

PKG = Path(pillars_rules.__file__).resolve().parent
ROOT = "pillars_rules"
BASE = {"pillars_rules.errors", "pillars_rules.limits", "pillars_rules._build"}
CARD_MODEL = {
    "pillars_rules.cardlang.effects",
    "pillars_rules.cardlang.card",
    "pillars_rules.cardlang.board",
    "pillars_rules.cardlang.cardset",
}
#: Ora et Labora's package: a game on the core and the mechanisms alone (issue #58).
ORA = "pillars_rules.games.ora"
#: ... and, besides: its compiled cards (the shipped set) and the replay by listed actions of saves/.
ORA_EXTRA = {"pillars_rules.buildings", "pillars_rules.saves", "pillars_rules.saves.replay"}
CLIENTS = ("bots", "lab", "ai", "terminal", "table", "cli", "web")
#: The game packages (``games/``): each imports no other.
GAMES = ("pillars_rules.games.pillars", ORA)
#: *The Pillars of the Earth*'s package (issue #57): its game type, set-up, saves and replay.
PILLARS = "pillars_rules.games.pillars"
#: Modules that name Pillars' set-up for compatibility only (it lived in ``game`` until issue #57).
COMPAT = {"pillars_rules", "pillars_rules.game"}
#: Pillars' public records and tools: the modules of its actions, events, state views, scenarios,
#: tests and checks, which a client imports as the public API (``engine/`` stays below them).
PILLARS_API = {
    "pillars_rules.actions",
    "pillars_rules.events",
    "pillars_rules.view",
    "pillars_rules.scenario",
    "pillars_rules.determinize",
    "pillars_rules.effectplay",
    "pillars_rules.testing",
    "pillars_rules.totality",
}
#: What the save layer (``saves/``) may import besides itself: it names no game (issue #57), so of
#: the package only the base, the core and the package's ``__init__`` (its ``__version__``).
SAVES_MAY_IMPORT = {"base", "core"}
#: Pillars' records as JSON (its events, states and actions): below Pillars' package, beside its records.
PILLARS_JSON = "pillars_rules.pillars_json"
#: Client modules that still name a Pillars name as an attribute of the package (``pr.load_cards``),
#: with how often: the folders other work changes at the same time (exact: fix one, take it out).
PR_PILLARS_LEFT: dict[str, int] = {}
OUTSIDE = ("bench", "tests")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _ancestors(mod: str) -> list[str]:
    parts = mod.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def raw_imports(files: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> every module name it imports (inside the package or not), all imports counted."""
    out: dict[str, set[str]] = {}
    for mod, f in files.items():
        package = mod.split(".") if f.name == "__init__.py" else mod.split(".")[:-1]
        names: set[str] = set()
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                names.add(target)
                names.update(f"{target}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        out[mod] = names
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports, with the packages each import runs."""
    files = {_module_name(f): f for f in PKG.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for mod, names in raw_imports(files).items():
        deps = set()
        for name in names:
            if name in files:
                deps.add(name)
                deps.update(a for a in _ancestors(name) if a in files)
        own = set(_ancestors(mod))
        graph[mod] = {d for d in deps if d != mod and d not in own}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach one another (strongly connected, size > 1)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def layer(mod: str) -> str:
    """``base``, ``cardlang``, ``core``, ``mechanisms``, ``engine``, ``client`` or ``api``."""
    if mod in BASE:
        return "base"
    if mod == "pillars_rules.__main__":  # ``python -m pillars_rules``: the command line
        return "client"
    parts = mod.split(".")
    if len(parts) > 1 and parts[1] in ("cardlang", "core", "mechanisms", "engine"):
        return parts[1]
    if len(parts) > 1 and parts[1] in CLIENTS:
        return "client"
    return "api"


def _within(mod: str, package: str) -> bool:
    return mod == package or mod.startswith(package + ".")


def _private(mod: str) -> bool:
    return any(p.startswith("_") and p != "__init__" for p in mod.split(".")[1:])


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that breaks a layering rule, as ``importer -> imported: why``."""
    bad = []
    for mod, deps in sorted(graph.items()):
        here = layer(mod)
        for dep in sorted(deps):
            there = layer(dep)
            why = None
            if here == "base" and there != "base":
                why = "the base imports nothing above it"
            elif here == "cardlang" and there not in ("cardlang", "base"):
                why = "the card language imports only the base"
            elif here == "core" and there not in ("core", "base"):
                why = "the core imports only the base: it knows no game"
            elif here == "mechanisms" and there not in ("mechanisms", "core", "base"):
                why = "the mechanisms import only the base and the core: they know no game"
            elif here == "engine" and not (
                there in ("engine", "mechanisms", "core", "base")
                or dep in CARD_MODEL
                or dep == "pillars_rules.cardlang"
            ):  # runs on the way
                why = "the engine imports only the base, the core, the mechanisms and the card model"
            elif (
                _within(mod, "pillars_rules.saves")
                and not _within(dep, "pillars_rules.saves")
                and dep != ROOT
                and there not in SAVES_MAY_IMPORT
            ):
                why = "the save layer names no game: it imports only the base and the core (each game's type hands it its parts)"
            elif any(_within(mod, g) for g in GAMES) and any(_within(dep, g) and not _within(mod, g) for g in GAMES):
                why = "a game's package imports no other game's package"
            elif _within(mod, PILLARS) and dep in COMPAT:
                why = "a game's package never imports the modules that name its names for compatibility"
            elif mod.startswith(ORA) and not (
                there in ("core", "mechanisms", "base") or dep == ORA or dep.startswith(ORA + ".") or dep in ORA_EXTRA
            ):
                why = "a game's package imports only the base, the core, the mechanisms, its cards and itself"
            elif here == "api" and there == "client":
                why = "the API imports no client"
            elif here == "client" and there == "engine":
                why = "a client imports the public API, never the engine"
            elif here == "client" and _private(dep) and dep.split(".")[:2] != mod.split(".")[:2]:
                why = "a client imports no private module of another package"
            if why:
                bad.append(f"{mod} -> {dep}: {why}")
    return bad


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_graph_sees_deferred_and_annotation_imports_and_parent_packages():
    graph = import_graph()
    assert "pillars_rules.cardlang.compiler" in graph["pillars_rules.games.pillars.setup"]  # inside load_cards
    assert "pillars_rules.engine.queries" in graph["pillars_rules.engine.flow"]
    # importing pillars_rules.pillars_json.codec runs pillars_rules/pillars_json/__init__ too
    assert {"pillars_rules.pillars_json", "pillars_rules.pillars_json.codec"} <= graph["pillars_rules.table"]
    # a package's own __init__ is not an edge of its modules
    assert "pillars_rules.saves" not in graph["pillars_rules.saves.savefile"]


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_the_layering_checker_catches_each_kind_of_breach():
    fake = {
        "pillars_rules.bots.heuristic": {"pillars_rules.engine.legal"},
        "pillars_rules.web.app": {"pillars_rules.terminal._private"},
        "pillars_rules.engine.flow": {"pillars_rules.game"},
        "pillars_rules.cardlang.compiler": {"pillars_rules.engine.state"},
        "pillars_rules.game": {"pillars_rules.bots"},
        "pillars_rules.errors": {"pillars_rules.cardlang.effects"},
        "pillars_rules.engine.legal": {"pillars_rules.cardlang.compiler"},
        "pillars_rules.core.session": {"pillars_rules.engine.state"},
        "pillars_rules.core.loop": {"pillars_rules.games.pillars"},
        "pillars_rules.mechanisms.grid": {"pillars_rules.engine.state"},
        "pillars_rules.mechanisms.wheel": {"pillars_rules.cardlang.effects"},
        "pillars_rules.core.gametype": {"pillars_rules.mechanisms.grid"},
        "pillars_rules.core": {"pillars_rules.games.ora.rules"},
        "pillars_rules.games.ora.flow": {"pillars_rules.engine.state"},
        "pillars_rules.games.ora.rules": {"pillars_rules.cardlang.effects"},
        "pillars_rules.saves.savefile": {"pillars_rules.games.pillars", "pillars_rules.engine.events"},
        "pillars_rules.saves.replay": {"pillars_rules.pillars_json.strict", "pillars_rules.cardlang.cardset"},
        "pillars_rules.games.pillars.saves": {"pillars_rules.games.ora.rules", "pillars_rules.game"},
        "pillars_rules.games.ora.fold": {"pillars_rules.games.pillars.setup"},
    }
    found = violations(fake)
    assert len(found) == 22, found
    assert found[0].startswith("pillars_rules.bots.heuristic -> pillars_rules.engine.legal: a client")
    # the allowed directions pass
    assert (
        violations(
            {
                "pillars_rules.bots.mcts": {
                    "pillars_rules.view",
                    "pillars_rules.cardlang.effects",
                    "pillars_rules.bots",
                },
                "pillars_rules.engine.legal": {"pillars_rules.cardlang.effects", "pillars_rules.errors"},
                "pillars_rules.engine.refusals": {"pillars_rules.core.gametype", "pillars_rules.mechanisms.wheel"},
                "pillars_rules.mechanisms.gridscore": {"pillars_rules.mechanisms.grid", "pillars_rules.errors"},
                "pillars_rules.mechanisms.wheel": {"pillars_rules.core"},
                "pillars_rules.games.ora": {"pillars_rules.mechanisms.wheel"},
                "pillars_rules.games.ora.flow": {"pillars_rules.core", "pillars_rules.games.ora.rules"},
                "pillars_rules.core.session": {"pillars_rules.core.loop", "pillars_rules.limits"},
                "pillars_rules.games.pillars": {"pillars_rules.core", "pillars_rules.engine.legal"},
                "pillars_rules.games.pillars.game": {"pillars_rules.games.pillars.setup", "pillars_rules.view"},
                "pillars_rules.pillars_json.codec": {"pillars_rules.engine.events", "pillars_rules.saves.jsonguard"},
                "pillars_rules.saves.savefile": {
                    "pillars_rules.core.gametype",
                    "pillars_rules",
                    "pillars_rules.limits",
                },
                "pillars_rules.web.lobby": {"pillars_rules.games.pillars"},
                "pillars_rules.game": {"pillars_rules.engine.legal", "pillars_rules.pillars_json.codec"},
                "pillars_rules.cli.play": {"pillars_rules.terminal.session", "pillars_rules.cli._x"},
                # a client that knows a game imports its package: Ora's bot (bots/ora.py)
                "pillars_rules.bots.ora": {"pillars_rules.games.ora.legal", "pillars_rules.mechanisms.grid"},
            }
        )
        == []
    )


def test_every_import_follows_the_layers():
    assert violations(import_graph()) == []


def pillars_names() -> set[str]:
    """Pillars' own names: what its package exports."""
    import importlib

    return set(importlib.import_module(PILLARS).__all__)


def _binds_package(node: ast.AST) -> set[str]:
    """The names an import binds to the package ``pillars_rules`` itself (``import pillars_rules as pr``)."""
    if isinstance(node, ast.Import):
        return {a.asname or a.name for a in node.names if a.name == ROOT}
    return set()


def _names_package(node: ast.AST, bound: set[str]) -> bool:
    """Is ``node`` the package (``pr``) or a compatibility module through it (``pr.game``)?"""
    if isinstance(node, ast.Attribute) and f"{ROOT}.{node.attr}" in COMPAT:
        node = node.value
    return isinstance(node, ast.Name) and node.id in bound


def name_violations(sources: dict[str, str], names: set[str]) -> tuple[list[str], dict[str, int]]:
    """(imports of a Pillars name from a compatibility module, as ``importer -> module.name: why``;
    client module -> how often it names one as an attribute of the package, ``pr.load_cards``)."""
    bad: list[str] = []
    attrs: dict[str, int] = {}
    for mod, text in sorted(sources.items()):
        if mod in COMPAT or _within(mod, PILLARS):
            continue
        is_package = mod.count(".") == 0
        parts = mod.split(".") if is_package else mod.split(".")[:-1]
        tree = ast.parse(text)
        bound: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = parts[: len(parts) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                if target in COMPAT:
                    bad.extend(
                        f"{mod} -> {target}.{a.name}: import Pillars' names from {PILLARS}"
                        for a in node.names
                        if a.name in names
                    )
            bound |= _binds_package(node)
        if layer(mod) == "client" and bound:
            hits = sum(
                1
                for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and node.attr in names and _names_package(node.value, bound)
            )
            if hits:
                attrs[mod] = hits
    return bad, attrs


def _sources() -> dict[str, str]:
    return {_module_name(f): f.read_text(encoding="utf-8") for f in PKG.rglob("*.py")}


def test_a_client_that_knows_pillars_imports_its_names_from_the_pillars_package():
    names = pillars_names()
    assert {"PILLARS", "load_cards", "VARIANTS", "DEFAULT_NAMES", "infer_action"} <= names
    bad, attrs = name_violations(_sources(), names)
    assert bad == []
    assert attrs == PR_PILLARS_LEFT, (
        "a client names Pillars' names as pr.NAME: import them from pillars_rules.games.pillars "
        "(PR_PILLARS_LEFT counts what is left; take a module out once it is fixed)"
    )


def test_the_name_check_sees_compat_imports_and_package_attributes():
    names = {"load_cards", "VARIANTS", "DEFAULT_NAMES", "NAMED_SETS"}
    sources = {
        "pillars_rules.web.lobby": "from ..game import Game, DEFAULT_NAMES\n",
        "pillars_rules.lab.plan": "import pillars_rules as pr\nx = pr.load_cards(); y = pr.new_game()\n",
        "pillars_rules.web.cardsets": "import pillars_rules\nfor n in pillars_rules.game.NAMED_SETS:\n    pass\n",
        "pillars_rules.cli.options": "def f():\n    from .. import VARIANTS\n",
        "pillars_rules.testing": "from pillars_rules.game import load_cards\n",
        "pillars_rules.bots.mcts": "from ..games.pillars import load_cards\nfrom ..game import playout\n",
        "pillars_rules.game": "from .games.pillars.setup import load_cards\n",  # the compatibility module itself
        "pillars_rules.games.pillars.saves": "from .setup import load_cards\n",
    }
    bad, attrs = name_violations(sources, names)
    assert bad == [
        "pillars_rules.cli.options -> pillars_rules.VARIANTS: import Pillars' names from pillars_rules.games.pillars",
        "pillars_rules.testing -> pillars_rules.game.load_cards: import Pillars' names from "
        "pillars_rules.games.pillars",
        "pillars_rules.web.lobby -> pillars_rules.game.DEFAULT_NAMES: import Pillars' names from "
        "pillars_rules.games.pillars",
    ]
    assert attrs == {"pillars_rules.lab.plan": 1, "pillars_rules.web.cardsets": 1}


def test_the_pillars_public_modules_exist():
    files = {_module_name(f) for f in PKG.rglob("*.py")}
    assert PILLARS_API | COMPAT | {PILLARS, PILLARS_JSON} <= files
    assert set(PR_PILLARS_LEFT) <= files


def test_every_client_package_is_a_real_package_or_still_to_come():
    present = {p.name for p in PKG.iterdir() if (p / "__init__.py").is_file()}
    assert {"bots", "lab", "ai", "terminal", "table", "cli"} <= present
    assert present - set(CLIENTS) <= {
        "cardlang",
        "core",
        "mechanisms",
        "engine",
        "games",
        "saves",
        "pillars_json",
        "words",
    }, present


def test_nothing_in_the_library_imports_bench_or_tests():
    files = {_module_name(f): f for f in PKG.rglob("*.py")}
    hits = sorted(
        f"{mod} -> {name}"
        for mod, names in raw_imports(files).items()
        for name in names
        if name.split(".")[0] in OUTSIDE
    )
    assert hits == []
    # nor by name at run time (importlib.import_module("bench...") and the like)
    texts = {mod: f.read_text(encoding="utf-8") for mod, f in files.items()}
    dynamic = sorted(
        mod
        for mod, t in texts.items()
        if 'import_module("bench' in t
        or "import_module('bench" in t
        or 'import_module("tests' in t
        or '__import__("bench' in t
    )
    assert dynamic == []
