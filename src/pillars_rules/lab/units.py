"""The words of a report's units: Pillars' gold and VP, Ora et Labora's coins and points.

The statistics are the same for both games (an Ora record's ``vp`` holds its
points, ``gold`` its coins, :mod:`pillars_rules.lab.ora`); only the words differ. A report
names its game (``report["game"]``), and :func:`say` puts a sentence or a
table written in Pillars' words into that game's.

>>> say("worth about +3 gold (95%: +1 to +5), 2.5 VP per gold piece", "ora-et-labora")
'worth about +3 coins (95%: +1 to +5), 2.5 points per coin'
>>> say("worth about +3 gold", "pillars")
'worth about +3 gold'
"""

from __future__ import annotations

import re

#: Per game: the money a card's worth is given in, the score, and the scale of the effects a
#: sequential run's mixture is tuned to (``tau``, :mod:`pillars_rules.lab.sequential`), in the
#: score: a VP in Pillars, whose games end near 30 VP; ten points in Ora, whose end near 200.
UNITS: dict[str, dict] = {
    "pillars": {"money": "gold", "score": "VP", "mix": 1.0},
    "ora-et-labora": {"money": "coins", "score": "points", "mix": 10.0},
}

_ORA = (
    (re.compile(r"\bgold pieces\b"), "coins"),
    (re.compile(r"\ba gold piece\b"), "a coin"),
    (re.compile(r"\bgold piece\b"), "coin"),
    (re.compile(r"\bper gold\b"), "per coin"),
    (re.compile(r"\bgold gift\b"), "coin gift"),
    (re.compile(r"\bin gold\b"), "in coins"),
    (re.compile(r"([±+-]1(?:\.0)?) gold\b"), r"\1 coin"),
    (re.compile(r"\bgold\b"), "coins"),
    (re.compile(r"\bVP\b"), "points"),
    (re.compile(r"\bcould take it\b"), "could build it"),
    (re.compile(r"\bbot took\b"), "bot built"),
    (re.compile(r"at the start of the round's draft"), "at the start of the round"),
)


def game_of(report: dict) -> str:
    """The game a report's run played (``pillars`` for a report that names none)."""
    runs = report.get("run") or {}
    first: dict = next(iter(runs.values()), {})
    return str(report.get("game") or first.get("game") or "pillars")


def say(text: str, game: str) -> str:
    """``text``, written in Pillars' words, in ``game``'s."""
    if game == "pillars":
        return text
    for pattern, words in _ORA:
        text = pattern.sub(words, text)
    return text
