"""Fan buildings for Ora et Labora drawn from the card language's own phrases (totality for Ora).

Pillars' totality (:mod:`pillars_rules.totality`) draws cards from its grammar; Ora's buildings are
written in a function language of their own (docs/ora/cards.rst, "The function"). Here a fan building is
put together from the shipped cards' phrases, taken apart and recombined: a function's repeat
limit, what it gives and what it takes come from different cards, its numbers and goods are drawn
again, and it may end with another card's follow-up (``then ...``). So the draws reach every form the
shipped set writes, in combinations no shipped card has; some of them the compiler refuses, which is
fine when it says where and what.

:func:`play_fan` is the law: a set ``cards check`` accepts plays to its end with a random bot that
builds and uses the fan buildings whenever it may, without an exception and with a legal answer at
every decision; its save loads to the same game and its log replays to it; and Ora's laws
(:mod:`pillars_rules.games.ora.laws`) hold after every event.
"""

from __future__ import annotations

import functools
import random
import re
import tempfile
from pathlib import Path

from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules.cardlang import data
from pillars_rules.errors import CardError
from pillars_rules.games.ora import laws
from pillars_rules.games.ora import records as R
from pillars_rules.totality import _LOCATED as _PILLARS_LOCATED
from pillars_rules.totality import Outcome, play_out, round_trips

SHIPPED = data.data_dir("cards") / "ora-et-labora"
#: A refusal says the file, line and column, then what (as Pillars' totality asks).
_LOCATED = re.compile(_PILLARS_LOCATED.pattern.replace(r"drawn\.cards", r"fan\.cards"))
_REPEATS = ("", "once: ", "up to once: ", "up to 2 times: ", "up to 3 times: ", "any number of times: ")


@functools.cache
def phrases() -> dict[str, tuple[str, ...]]:
    """The shipped cards' function phrases, by part: ``whole`` (a function line without ``->``),
    ``give`` and ``take`` (the two sides of a deal), ``then`` (follow-up lines), and ``goods``."""
    gives, takes, wholes, thens = set(), set(), set(), set()
    for f in sorted(SHIPPED.glob("buildings-*.cards")):
        for line in f.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line.startswith("then "):
                thens.add(line)
            if not line.startswith("use: "):
                continue
            body = line[len("use: ") :]
            for r in sorted(_REPEATS, key=len, reverse=True):
                if r and body.startswith(r):
                    body = body[len(r) :]
                    break
            for alt in _outside(body, " | "):
                sides = _outside(alt, " -> ")
                if len(sides) == 2:
                    gives.add(sides[0])
                    takes.add(sides[1])
                else:
                    wholes.add(alt)
    goods_text = (SHIPPED / "goods.cards").read_text(encoding="utf-8")
    goods = sorted(_goods(goods_text))
    return {
        "give": tuple(sorted(gives)),
        "take": tuple(sorted(takes)),
        "whole": tuple(sorted(wholes)),
        "then": tuple(sorted(thens)),
        "goods": tuple(goods),
    }


def _outside(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` where it stands outside parentheses (``take coin by sheep (1 -> 3, ...)``
    is one phrase, not a deal)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            i = start = i + len(sep)
            continue
        i += 1
    return parts + [text[start:]]


def _goods(text: str) -> set[str]:
    out: set[str] = set()
    for m in re.finditer(r"^\s*good (\w+)(?: back (\w+))?", text, re.M):
        out.update(g for g in m.groups() if g)
    return out


@st.composite
def _respelled(draw: st.DrawFn, phrase: str) -> str:
    """``phrase`` with its numbers drawn again (1 to 9) and, now and then, a good swapped for another."""
    goods = phrases()["goods"]

    def number(m: re.Match) -> str:
        return str(draw(st.integers(1, 9))) if draw(st.booleans()) else m.group(0)

    out = re.sub(r"\b\d+\b", number, phrase)
    if draw(st.integers(0, 3)) == 0:
        present = [g for g in goods if re.search(rf"\b{g}\b", out)]
        if present:
            old, new = draw(st.sampled_from(present)), draw(st.sampled_from(goods))
            out = re.sub(rf"\b{old}\b", new, out, count=1)
    return out


@st.composite
def functions(draw: st.DrawFn) -> list[str]:
    """A fan building's function lines: ``use: ...`` and at most one ``then ...``."""
    p = phrases()
    alts = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.integers(0, 3)) == 0:
            alts.append(draw(_respelled(draw(st.sampled_from(p["whole"])))))
        else:
            give = draw(_respelled(draw(st.sampled_from(p["give"]))))
            take = draw(_respelled(draw(st.sampled_from(p["take"]))))
            alts.append(f"{give} -> {take}")
    lines = [f"use: {draw(st.sampled_from(_REPEATS))}{' | '.join(alts)}"]
    if draw(st.integers(0, 3)) == 0:
        lines.append(draw(_respelled(draw(st.sampled_from(p["then"])))))
    return lines


@st.composite
def fan_buildings(draw: st.DrawFn, max_cards: int = 2) -> str:
    """1 to ``max_cards`` fan buildings as card text, every one in every basic mode (1 to 4 players), on
    display from the start or arriving with a later deck."""
    goods = [g for g in ("wood", "clay", "stone", "straw", "coin") if g in phrases()["goods"]]
    terrains = ("coast", "plains", "hillside", "mountain", "water")
    cards = []
    for i in range(draw(st.integers(1, max_cards))):
        paid = draw(st.lists(st.sampled_from(goods), min_size=1, max_size=2, unique=True))
        cost = ", ".join(f"{draw(st.integers(1, 3))} {g}" for g in paid)
        where = draw(st.lists(st.sampled_from(terrains), min_size=1, max_size=3, unique=True))
        body = [
            f"    deck {draw(st.sampled_from(('start', 'start', 'A', 'B')))}",
            "    modes 1, 2, 3, 4",
            f"    cost {cost}",
            f"    value {draw(st.integers(0, 9))}",
            f"    dwelling {draw(st.integers(-3, 9))}",
            f"    terrain {', '.join(where)}",
        ]
        if draw(st.integers(0, 4)) == 0:
            body.append("    cloister")
        body += [f"    {line}" for line in draw(functions())]
        cards.append(f'building fan_{i} "Fan {i}" {{\n' + "\n".join(body) + "\n}\n")
    return "\n".join(cards)


def _fan(key_or_card: str) -> bool:
    return key_or_card.rpartition("/")[2].startswith("fan_")


def _keen(action) -> bool:
    """A move that builds, or puts to work, a fan building."""
    t = type(action)
    if t is R.Build:
        return _fan(action.card)
    if t in (R.Place, R.Contract, R.Activate):
        return _fan(action.key)
    return False


def play_fan(text: str, players: int, seed: int, variant: str = "france") -> Outcome:
    """Compile ``text`` beside the shipped set and play it (see the module's docstring)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fan.cards"
        path.write_text(text, encoding="utf-8")
        cards = ["ora-et-labora", str(path)]
        try:
            game = pr.new_game(game="ora-et-labora", players=players, seed=seed, variants=[variant], cards=cards)
        except CardError as exc:
            first = str(exc).splitlines()[0]
            first = first[first.find("fan.cards") :] if "fan.cards" in first else first
            return Outcome("refused" if _LOCATED.match(first) else "unlocated_refusal", first)
        except Exception as exc:  # the compiler and the set-up must never fail on what the language writes
            return Outcome("crash", f"set-up: {type(exc).__name__}: {exc}")
        rnd = random.Random(seed)
        used = 0

        def choose(game, legal):
            nonlocal used
            if game.pending.kind == "use" and _fan(game.state.using.key):
                used += 1
            return rnd.choice([a for a in legal if _keen(a)] or legal)

        game, failed = play_out(game, choose)
        failed = failed or round_trips(game, cards)
        if failed is None:
            try:
                laws.check_game(game)
            except laws.OraLawError as exc:
                failed = Outcome("law", str(exc), game.n_events)
        return failed or Outcome("ok", f"fan buildings used {used} times", game.n_events)
