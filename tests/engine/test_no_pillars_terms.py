"""The engine core names no Pillars term (issue #57).

The shared core -- ``core/``, ``mechanisms/``, ``saves/`` and the generic part
of ``cardlang/`` (every module but :data:`CARDLANG_PILLARS`) -- names none at
all, neither as a literal nor as an identifier; ``saves/`` moreover imports no
game's rules, package or JSON and spells no game's name. ``engine/`` is Pillars' own
state machine (below its package, ``games/pillars/``): what it still names is
the exact table :data:`REMAINING`.

The terms are read from the card files themselves (``cards/base`` and
``cards/expansion``): every card's id and names, every place's key, names and
``called`` phrase, every good an amount of the cards names, and every step of
the boards. A term new in the card files is caught here without a change to
this test.

A string literal of an engine module (docstrings left out) names a term when it
*is* one (``"market"``, ``"metal"``), or when it is prose holding a place's or
a card's name as words (``"... the King's court"``). Such a literal is allowed
only where this file says so:

* :data:`GENERIC` -- a word that names no Pillars thing, although a card file
  spells it so (it is said there why);
* :data:`REMAINING` -- what the engine still names, by module and term with the
  number of literals: the machine rules, decision kinds and state fields of
  Pillars that stay in the engine until the core and the game are two packages
  (issue #57). The table is exact: a new literal fails, and so does one taken
  away without its line here, so that each removed term stays removed.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import attr

import pillars_rules as pr
from pillars_rules.cardlang import base_cards, load_paths
from pillars_rules.cardlang.effects import Amount

ENGINE = Path(pr.__file__).resolve().parent / "engine"
CARDS = Path(__file__).resolve().parents[2] / "cards"

#: Words a card file spells that name no Pillars thing in the engine.
GENERIC: dict[str, str] = {
    "base": "the base board's key; in the engine the set a game's variants start from (Rules.base)",
}

#: What is left (module -> term -> literals): machine rules of Pillars (``step
#: market`` and the decision kinds, windows and reasons of those steps), the
#: fields of its state (``state.market``, ``state.cathedral``, ``shiring``,
#: ``kingsbridge``; ``gold`` and ``vp`` of a player) and prose that names its
#: places.
REMAINING: dict[str, dict[str, int]] = {
    # decision kinds of the Pillars steps; TakeCube's words ("from the market")
    "actions.py": {"bishop": 1, "cathedral": 1, "market": 1, "the market": 1},
    # the card kind "event"; RESTRICTED_TRADES (§4: buying wood, selling stone need a permit)
    "context.py": {"event": 2, "stone": 1, "wood": 1},
    # fields of PositionSet and of the score (gold, VP)
    "events.py": {"cathedral": 1, "gold": 1, "start_player": 1, "vp": 1},
    # the amounts a player holds outside the cubes (gold, VP)
    "evolve.py": {"gold": 4, "vp": 2},
    # the card kind "event" (the event deck)
    "flow.py": {"event": 1},
    # the step rules a layout looks up (board.place_of("market")) and its slots of the same names
    "layout.py": {"bishop": 2, "cathedral": 2, "market": 2, "start_player": 2},
    # decision kinds and once windows of the step rules
    "legal.py": {"bishop": 4, "cathedral": 2, "event": 1, "market": 3},
    # the state's fields named in a failed check ("market: ..."), the card kind "event"
    "position.py": {"cathedral": 1, "event": 6, "kingsbridge": 2, "market": 2, "shiring": 2, "start_player": 1},
    # the once window "event"
    "refusals.py": {"event": 1},
    # the state's fields; gold and VP of a player
    "state.py": {
        "cathedral": 1,
        "event": 1,
        "gold": 4,
        "kingsbridge": 1,
        "market": 1,
        "shiring": 1,
        "start_player": 1,
        "vp": 4,
    },
    # the step rules (STEP), their decision kinds and once windows; gold of the wool mill, the tax, the collector
    "steps.py": {"bishop": 4, "cathedral": 3, "event": 2, "gold": 3, "market": 4, "start_player": 1, "wool_mill": 1},
}


def _amount_kinds(obj: object, seen: set[int], out: set[str]) -> None:
    """Every ``Amount.kind`` reachable from ``obj`` (a compiled card)."""
    if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None))):
        return
    seen.add(id(obj))
    if isinstance(obj, Amount):
        out.add(obj.kind)
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            _amount_kinds(k, seen, out)
            _amount_kinds(v, seen, out)
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for v in obj:
            _amount_kinds(v, seen, out)
    elif attr.has(type(obj)):
        for f in attr.fields(type(obj)):
            _amount_kinds(getattr(obj, f.name), seen, out)


def pillars_terms() -> tuple[set[str], set[str]]:
    """(terms, names): every Pillars term of the card files; ``names`` are
    those a prose literal may not hold as words (place and card names)."""
    base = base_cards()
    games = [base, base.merged(load_paths([CARDS / "expansion"], known=base))]
    terms: set[str] = set()
    names: set[str] = set()
    goods: set[str] = set()
    for cards in games:
        for card in (*cards.cards, *cards.places):
            terms.add(card.id)
            for name in (
                card.name,
                card.name_de,
                getattr(card.place, "called", None) if card.kind == "place" else None,
            ):
                if name:
                    terms.add(name)
                    names.add(name)
            _amount_kinds(card, set(), goods)
            if card.kind == "place":
                goods.update(k for k, _ in (*card.place.buying, *card.place.selling))
        terms.update(cards.board.steps)
    goods.discard("counters")  # a conversion's counters on its own card: the card language's, no good
    return terms | goods, names


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def occurrences(source: str, terms: set[str], names: set[str]) -> list[tuple[str, int]]:
    """(term, line) of each term the string literals of ``source`` name."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    words = [(n, re.compile(r"(?<![\w'])" + re.escape(n) + r"(?![\w'])")) for n in names]
    out: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in terms:
                out.append((node.value, node.lineno))
            else:
                out.extend((n, node.lineno) for n, w in words if w.search(node.value))
    return sorted((t, line) for t, line in out if t not in GENERIC)


def named(source: str, terms: set[str], names: set[str]) -> Counter[str]:
    """The terms the string literals of ``source`` name, with how often."""
    return Counter(t for t, _ in occurrences(source, terms, names))


def found_in_engine() -> dict[str, dict[str, int]]:
    terms, names = pillars_terms()
    out = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == GENERATED:
            continue
        counts = named(path.read_text(encoding="utf-8"), terms, names)
        if counts:
            out[path.name] = dict(sorted(counts.items()))
    return out


def test_the_terms_come_from_the_card_files():
    terms, names = pillars_terms()
    assert {"kings_court", "King's court", "the King's court", "aliena", "tax_collector", "Harbour"} <= terms
    assert {"wood", "stone", "sand", "metal", "gold", "vp"} <= terms  # goods
    assert "the market" in names and "King's court" in names
    assert not set(GENERIC) - terms, "GENERIC lists a word no card file spells"


def test_the_check_sees_literals_and_prose_but_no_docstrings():
    terms, names = pillars_terms()
    code = '"""The market."""\nx = "metal"\ny = f"a {z} at the King\'s court"\nz = "kings_courtyard"\n'
    assert named(code, terms, names) == Counter({"metal": 1, "King's court": 1, "the King's court": 1})


def test_no_engine_module_names_a_pillars_term_beyond_the_table():
    sources = sorted(ENGINE.glob("*.py"))
    assert len(sources) >= 15
    found = found_in_engine()
    terms, names = pillars_terms()
    for module in sorted(set(found) | set(REMAINING)):
        if found.get(module, {}) != REMAINING.get(module, {}):
            lines = [
                f"engine/{module}:{line}: {t!r}"
                for t, line in occurrences((ENGINE / module).read_text(encoding="utf-8"), terms, names)
            ]
            raise AssertionError(
                f"engine/{module} names Pillars terms {found.get(module, {})}; the table (REMAINING) says "
                f"{REMAINING.get(module, {})}: read the term from the card text or the board, or take a term "
                "taken away out of the table\n" + "\n".join(lines)
            )


#: Not read: the module the compiled build writes from the state's fields
#: (tools/make_native.py); it is in a compiled install only, and the fields it
#: repeats are counted where state.py declares them.
GENERATED = "_native.py"

CORE = ENGINE.parent / "core"
#: Words of the core that a card file spells too, and why they name no Pillars thing there.
CORE_GENERIC: dict[str, str] = {"event": "an event of the log (Pillars' event cards are a card kind)"}


def _identifiers(source: str) -> set[str]:
    """Every name, attribute, argument and definition ``source`` spells."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
    return out


def test_the_core_names_no_pillars_term_at_all():
    # the core holds what every game shares: no literal and no identifier of Pillars (issue #57)
    terms, names = pillars_terms()
    sources = sorted(CORE.glob("*.py"))
    assert {p.name for p in sources} >= {"__init__.py", "gametype.py", "loop.py", "session.py"}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert named(text, terms, names) == Counter(), path.name
        spelled = _identifiers(text) & terms - set(CORE_GENERIC)
        assert not spelled, (path.name, sorted(spelled))


def test_the_identifier_check_sees_pillars_names():
    terms, _ = pillars_terms()
    assert _identifiers("def f(gold):\n    return state.cathedral + market\n") & terms == {
        "gold",
        "cathedral",
        "market",
    }


PACKAGE = ENGINE.parent
#: The engine core beside core/ (issue #57): what every game shares. Each folder
#: is read whole, literals and identifiers, as the core is.
SHARED = ("mechanisms", "saves")
#: The modules of the card language that know Pillars' cards, places and goods:
#: its grammar and compiler of Pillars' card kinds (the place and board cards,
#: the market's conversions, the event cards), their renderer, formatter and
#: lint, the effect registry's step rules (``STEP_RULES``) and the Hypothesis
#: strategies of Pillars cards. Every other module of ``cardlang/`` is its
#: generic part and names no Pillars term; this list is exact (a module that
#: stops naming one leaves it), so a new module is generic unless it says why.
CARDLANG_PILLARS = {
    "abilitycomp.py",
    "compiler.py",
    "effects.py",
    "fastparse.py",
    "formatter.py",
    "grammar.py",
    "lint.py",
    "parser.py",
    "placecomp.py",
    "render.py",
    "sharedcomp.py",
    "strategies.py",
}


def _pillars_terms_in(path: Path, terms: set[str], names: set[str]) -> list[str]:
    """Every Pillars term ``path`` names, as a literal or as an identifier."""
    text = path.read_text(encoding="utf-8")
    spelled = _identifiers(text) & terms - set(CORE_GENERIC) - set(GENERIC)
    return sorted(set(named(text, terms, names)) - set(CORE_GENERIC)) + sorted(spelled)


def test_the_shared_engine_core_names_no_pillars_term():
    # mechanisms/ and saves/ hold what games share (saves/ hands each game its own
    # header and events through its GameType): no literal and no identifier of Pillars
    terms, names = pillars_terms()
    for folder in SHARED:
        sources = sorted((PACKAGE / folder).glob("*.py"))
        assert len(sources) >= 5, folder
        for path in sources:
            assert _pillars_terms_in(path, terms, names) == [], f"{folder}/{path.name}"


def test_the_generic_card_language_names_no_pillars_term():
    terms, names = pillars_terms()
    sources = {p.name: p for p in sorted((PACKAGE / "cardlang").glob("*.py"))}
    assert not CARDLANG_PILLARS - set(sources), "CARDLANG_PILLARS lists a module that is gone"
    generic = sorted(set(sources) - CARDLANG_PILLARS)
    assert {"card.py", "cardset.py", "lexer.py", "names.py", "values.py"} <= set(generic)
    for name in generic:
        assert _pillars_terms_in(sources[name], terms, names) == [], f"cardlang/{name}"
    # the list is exact: each module in it does name a Pillars term
    for name in sorted(CARDLANG_PILLARS):
        assert _pillars_terms_in(sources[name], terms, names), f"cardlang/{name} names none: leave CARDLANG_PILLARS"


def test_the_term_check_of_a_module_sees_literals_and_identifiers(tmp_path):
    terms, names = pillars_terms()
    path = tmp_path / "m.py"
    path.write_text('"""The cathedral."""\ndef f(kingsbridge):\n    return "the market", event\n', encoding="utf-8")
    assert _pillars_terms_in(path, terms, names) == ["the market", "kingsbridge"]


def _imported(source: str, package: tuple[str, ...]) -> set[str]:
    """Every module ``source`` (a module of ``package``) imports, relative imports made absolute."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            out.add(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_the_save_layer_reads_no_game_s_rules_and_names_no_game():
    # saves/ is game-independent (issue #57): it imports no game's rules (engine/), package
    # (games/) or JSON (pillars_json/), and spells no registered game's name; each game's
    # type hands it its header, events and older formats
    games = set(pr.core.game_titles())
    assert {"pillars", "ora-et-labora"} <= games
    for path in sorted((PACKAGE / "saves").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        reads = {
            m
            for m in _imported(text, ("pillars_rules", "saves"))
            if m.startswith(("pillars_rules.engine", "pillars_rules.games", "pillars_rules.pillars_json"))
        }
        assert reads == set(), f"saves/{path.name} imports {sorted(reads)}"
        tree = ast.parse(text)
        docs = _docstrings(tree)
        literals = {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and type(n.value) is str and id(n) not in docs
        }
        assert not literals & games, f"saves/{path.name} names the game {sorted(literals & games)}"


def test_the_import_check_sees_relative_and_absolute_imports():
    code = "from ..engine import events\nfrom .jsonguard import x\nimport pillars_rules.games.pillars\n"
    assert _imported(code, ("pillars_rules", "saves")) == {
        "pillars_rules.engine",
        "pillars_rules.saves.jsonguard",
        "pillars_rules.games.pillars",
    }
