"""Every form the card grammar accepts is shown in the card language reference
(issue #53: "every form shown once with its sugar").

A *form* is one alternative of a rule of ``grammar/*.lark`` (an optional part
written or left out gives two), read as its runs of keywords: ``"take"
amount_list "from" "the" "market"`` is the runs ``take`` and ``from the
market``. The reference shows the form when one of its literals (````...````)
holds the runs in that order -- ``take 1 stone from the market`` and ``take
CUBES from the market`` both do. A literal may write alternatives with ``|``
(``your left|right neighbour``); each is read. Alternatives without a keyword
(``?item: field``) have nothing to show and are left out.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from lark import Lark
from lark.grammar import Terminal
from lark.lexer import PatternStr

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "cards-reference.rst"
GRAMMARS = sorted((ROOT / "grammar").glob("*.lark"))
#: The page that shows each grammar file's forms: Pillars' card language on the
#: reference, the building cards (kinds goods, heartland, building, settlement)
#: on their own page (issue #58).
PAGES = {"cards.lark": REFERENCE, "buildings.lark": ROOT / "docs" / "ora" / "cards.rst"}
_RULE = re.compile(r"^[?!]?([a-z_][a-z0-9_]*)\s*:", re.M)


def whole_grammar() -> str:
    """The grammar as the parser reads it: its files in order, as one text."""
    from pillars_rules.cardlang.grammar import GRAMMAR_FILES

    return "\n".join((ROOT / "grammar" / name).read_text(encoding="utf-8") for name in GRAMMAR_FILES)


def file_forms(grammar: Path) -> dict[tuple[str, ...], set[str]]:
    """The forms of the rules ``grammar`` (one file of the grammar) defines."""
    own = set(_RULE.findall(grammar.read_text(encoding="utf-8")))
    return {
        form: rules
        for form, rules in grammar_forms(whole_grammar()).items()
        if {r.split(" -> ")[0] for r in rules} <= own
    }


_WORD = re.compile(r"[a-z_]+")
_LITERAL = re.compile(r"``(.+?)``", re.S)


def grammar_forms(text: str) -> dict[tuple[str, ...], set[str]]:
    """Each form of the grammar ``text`` (its runs of keywords) -> the rules
    (``rule`` or ``rule -> alias``) that have it."""
    parser = Lark(text, parser="lalr", maybe_placeholders=True)
    keywords = {
        t.name: t.pattern.value
        for t in parser.terminals
        if isinstance(t.pattern, PatternStr) and _WORD.fullmatch(t.pattern.value)
    }
    forms: dict[tuple[str, ...], set[str]] = {}
    for rule in parser.rules:
        runs: list[str] = []
        run: list[str] = []
        for symbol in rule.expansion:
            if isinstance(symbol, Terminal) and symbol.name in keywords:
                run.append(keywords[symbol.name])
                continue
            if run:
                runs.append(" ".join(run))
            run = []
        if run:
            runs.append(" ".join(run))
        if runs:
            name = rule.origin.name if isinstance(rule.origin.name, str) else rule.origin.name.value
            forms.setdefault(tuple(runs), set()).add(f"{name} -> {rule.alias}" if rule.alias else name)
    return forms


def literals(rst: str) -> list[str]:
    """The page's inline literals, whitespace made single, each alternative
    of a ``a|b`` word spelled out (at most 64 per literal)."""
    out: list[str] = []
    for m in _LITERAL.finditer(rst):
        words = m.group(1).split()
        choices = [w.split("|") if "|" in w and "->" not in w else [w] for w in words]
        for combo in itertools.islice(itertools.product(*choices), 64):
            out.append(" ".join(combo))
    return out


def shown(form: tuple[str, ...], texts: list[str]) -> bool:
    """Does one literal hold the form's runs, in order, as whole words?"""
    pattern = re.compile(r".*?".join(rf"(?<![\w]){re.escape(run)}(?![\w])" for run in form))
    return any(pattern.search(t) for t in texts)


def missing_forms(grammar: str | dict[tuple[str, ...], set[str]], rst: str) -> list[str]:
    texts = literals(rst)
    forms = grammar_forms(grammar) if isinstance(grammar, str) else grammar
    return sorted(
        f"{' … '.join(form)}  ({', '.join(sorted(rules))})" for form, rules in forms.items() if not shown(form, texts)
    )


def test_the_grammar_has_forms_to_check():
    assert sorted(PAGES) == [p.name for p in GRAMMARS]
    forms = grammar_forms(whole_grammar())
    assert ("any number of times",) in file_forms(ROOT / "grammar" / "buildings.lark")
    assert len(forms) >= 100
    assert ("reverse the order of play next round",) in forms
    assert ("take", "from the market") in forms
    assert ("copy a privilege of", "for") in forms


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda p: p.name)
def test_every_form_of_the_grammar_is_shown_in_the_reference(grammar: Path):
    page = PAGES[grammar.name]
    missing = missing_forms(file_forms(grammar), page.read_text(encoding="utf-8"))
    assert missing == [], f"forms the grammar accepts that {page.relative_to(ROOT)} does not show:\n" + "\n".join(
        missing
    )


def test_a_form_the_page_lacks_is_reported():
    grammar = """
        start: effect+
        effect: "gain" NUMBER NAME              -> gain
              | "summon" "a" "dragon" "of" NAME -> dragon
              | "your" "left" "neighbour"       -> left
        %import common.NUMBER
        %import common.CNAME -> NAME
        %ignore " "
    """
    page = "Write ``gain AMOUNTS`` or ``your left|right neighbour``; ``summon a`` alone is not the form."
    assert missing_forms(grammar, page) == ["summon a dragon of  (effect -> dragon)"]
    assert missing_forms(grammar, page + " ``summon a dragon of NAME``") == []


def _refused_ideas() -> list[str]:
    """The cards of the text block in the reference's section of ideas that
    cannot be written yet, one a line."""
    rst = REFERENCE.read_text(encoding="utf-8")
    section = rst.split("Ideas that cannot be written yet\n", 1)[1].split("\n\n\n", 1)[0]
    block = section.split(".. code-block:: text\n", 1)[1]
    return [line.strip() for line in block.splitlines() if line.strip()]


def test_the_ideas_listed_as_not_writable_are_refused():
    """Each card of the list is refused; one whose comment says "no form" by a
    syntax error, every other one by a check of the compiler (the reason)."""
    from pillars_rules.cardlang import base_cards, compile_text
    from pillars_rules.errors import CardError

    ideas = _refused_ideas()
    assert len(ideas) >= 8
    for text in ideas:
        with pytest.raises(CardError) as refused:
            compile_text(text, "idea.cards", known=base_cards())
        syntax = refused.value.diagnostics[0].message.startswith("expected ")
        assert syntax == text.endswith("# no form"), (text, refused.value.diagnostics[0].message)
    # the check can tell: the same line made writable compiles
    compile_text(ideas[-1].replace(" + 1 gold per privilege", ""), "idea.cards", known=base_cards())
