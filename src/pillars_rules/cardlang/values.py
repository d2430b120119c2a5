"""Checks of single values in card text: numbers against their range, names
against a vocabulary or the identifier rules, titles, amounts and card-id
lists. Each check reports a problem to the file's
:class:`~.diagnostics.Reporter` and returns ``None`` instead of the value.

:class:`ValueChecker` also records the cross-references it meets (``except``
card ids here, ``needs`` tags in the compiler) for the pass over the whole run
(:mod:`.references`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..limits import MAX_NAME_LENGTH, MAX_NUMBER, MAX_TITLE_LENGTH
from . import ast
from . import effects as fx
from .diagnostics import Reporter, a_or_an, short, suggest
from .names import text_problem

_IDENT = re.compile(r"[a-z_][a-z0-9_]*\Z")


class ValueChecker:
    """Checks the values of one file, reporting to ``rep``."""

    def __init__(self, rep: Reporter) -> None:
        self.rep = rep
        self.refs: list[tuple[str, ast.Name]] = []  # ("tag" | "card" | "privilege", name)
        self.defined_ids: set[str] = set()
        self.defined_tags: set[str] = set()

    def number(self, num: ast.Num, what: str, lo: int = 1, hi: int = MAX_NUMBER) -> int | None:
        v = num.value
        if v is None or not lo <= v <= hi:
            self.rep.at(num, f"{what} must be a whole number from {lo} to {hi}, not {short(num.text)}")
            return None
        return v

    def delta(self, num: ast.Num, what: str) -> int | None:
        v = num.value
        if v is None or abs(v) > MAX_NUMBER:
            self.rep.at(num, f"{what} must be between -{MAX_NUMBER} and +{MAX_NUMBER}, not {short(num.text)}")
            return None
        if v == 0:
            self.rep.at(num, f"{what} of 0 has no effect")
            return None
        return v

    def choice(self, name: ast.Name, options: Iterable[str], what: str) -> str | None:
        options = tuple(options)
        if name.text not in options:
            self.rep.at(
                name,
                f"unknown {what} '{short(name.text)}'{suggest(name.text, options)}",
                f"{a_or_an(what)} is one of: {', '.join(options)}",
            )
            return None
        return name.text

    def ident(self, name: ast.Name, what: str) -> str | None:
        if len(name.text) > MAX_NAME_LENGTH:
            self.rep.at(name, f"{what} is too long ({len(name.text)} characters, limit {MAX_NAME_LENGTH})")
            return None
        if not _IDENT.match(name.text):
            self.rep.at(
                name, f"{what} '{short(name.text)}' must be lower_snake_case (lower-case letters, digits and '_')"
            )
            return None
        return name.text

    def title(self, title: ast.Title, what: str) -> str:
        if not title.text.strip():
            self.rep.at(title, f"{what} must not be empty")
        elif len(title.text) > MAX_TITLE_LENGTH:
            self.rep.at(title, f"{what} is too long ({len(title.text)} characters, limit {MAX_TITLE_LENGTH})")
        elif text_problem(title.text):
            self.rep.at(
                title,
                f"{what} {text_problem(title.text)}",
                "names are one line of visible text: no control, bidi, zero-width or invisible "
                "characters, no stacked marks",
            )
        return title.text

    def amount(self, a: ast.AmountNode, allowed: tuple[str, ...], role: str) -> fx.Amount | None:
        kind = self.choice(a.kind, fx.AMOUNT_KINDS, "resource")
        n = self.number(a.n, "an amount")
        if kind is not None and kind not in allowed:
            self.rep.at(a.kind, f"{role} cannot be {kind}; allowed: {', '.join(allowed)}")
            return None
        if kind is None or n is None:
            return None
        return fx.Amount(kind, n)

    def amounts(
        self, items: tuple[ast.AmountNode, ...], allowed: tuple[str, ...], role: str
    ) -> tuple[fx.Amount, ...] | None:
        out: list[fx.Amount] = []
        seen: set[str] = set()
        ok = True
        for a in items:
            amt = self.amount(a, allowed, role)
            if amt is None:
                ok = False
                continue
            if amt.kind in seen:
                self.rep.at(a, f"'{amt.kind}' appears twice in one list; write it once with the total")
                ok = False
            seen.add(amt.kind)
            out.append(amt)
        return tuple(out) if ok else None

    def exclude(self, names: tuple[ast.Name, ...], kind: str = "card") -> tuple[str, ...] | None:
        """Card ids after ``except``: craftsmen (``kind`` ``"card"``) or privileges."""
        out: list[str] = []
        for n in names:
            cid = self.ident(n, "card id")
            if cid is None:
                return None
            self.refs.append((kind, n))
            out.append(cid)
        if len(set(out)) != len(out):
            self.rep.at(names[0], "a card is listed twice after 'except'")
            return None
        return tuple(out)

    def owns(self, cond: ast.Effect, counts: bool = False) -> fx.OwnsAtLeast | None:
        """``if you own <n> <kind>``; with ``counts``, any player count
        (:data:`~.effects.PLAYER_COUNTS`, "4 craftsmen") besides the amounts,
        and the counters on the card (issue #53, "3 counters")."""
        if not counts or cond.arg("kind").text in fx.AMOUNT_KINDS:
            kind = self.choice(cond.arg("kind"), fx.AMOUNT_KINDS, "resource")
        else:
            kind = self.count(cond.arg("kind"), fx.PLAYER_COUNTS + fx.CARD_COUNTS, "resource or count")
        n = self.number(cond.arg("n"), "an amount")
        return None if kind is None or n is None else fx.OwnsAtLeast(kind, n)

    def count(self, name: ast.Name, allowed: tuple[str, ...], what: str = "count") -> str | None:
        """A count of the game (:data:`~.effects.COUNTS`) among ``allowed``,
        written in the singular or the plural; the plural is kept."""
        words = tuple(w for w, c in fx.COUNT_WORDS.items() if c in allowed and " " not in w)
        w = self.choice(name, words, what)
        return None if w is None else fx.COUNT_WORDS[w]
