"""What the person types: a choice (by number or by its words) or a short command.

:func:`parse` turns one line into a :class:`Command` and never raises: a line
it cannot read becomes ``Command("hint", text=...)`` with a one-line hint.
Anything that is not a command is matched against the choices' words
(:func:`match`): ``pass``, ``stop``, ``keep``, ``redraw``, the first word of
an option, or enough of its words to tell it from the others. A whole label
pasted from the screen (with its number, or with more words after it) is that
choice, even where its first words start several.

>>> parse("2", ["hire Mason", "pass", "take Forest"])
Command(name='choose', arg='', number=2)
>>> parse("card mason", ["pass"])
Command(name='card', arg='mason', number=0)
>>> parse("7", ["a", "b", "c"]).arg
'there is no choice 7; type a number from 1 to 3 or the words of a choice (help lists the commands)'
>>> parse("hire", ["hire Mason (round 1) for 5 gold", "pass (final for this phase)"])
Command(name='choose', arg='', number=1)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import NamedTuple

from ..words.search import find_cards, fold

#: Commands and what they do (the ``help`` text, in this order).
COMMANDS: dict[str, str] = {
    "N or words": "make a choice: its number, or its words (pass, stop, keep, hire mason, buy 2 wood)",
    "help": "this list",
    "help PLACE": "what a board place, step or phase does, with the rules § (help priory, help 9)",
    "rules": "the places, steps and phases help knows",
    "board": "show the board again (board full: everything)",
    "log": "every event of the game so far, as sentences",
    "card NAME": "a card's rules in English (any word of its name or its id: card otto)",
    "keep all": "start player: keep every drawn builder for the rest of this round (keep ask: stop)",
    "save FILE": "write the game to FILE (resume with --load FILE)",
    "undo": "take back your last decision, unless a chance outcome came after it",
    "quit": "save the game to the autosave file and stop",
}
#: Commands that need an argument, and those that may take one.
NEEDS_ARG = {"card": "a card id or name, e.g. card mason", "save": "a file name, e.g. save mygame.json"}
MAY_TAKE = ("help", "rules", "board", "keep")
NAMES = ("help", "rules", "board", "log", "card", "keep all", "keep ask", "save", "undo", "quit")
#: Words that always mean the same kind of choice, whatever its label says.
ALIASES: dict[str, tuple[str, ...]] = {
    "Pass": ("pass", "done"),
    "Park": ("pass", "park", "wait"),
    "EndTrading": ("stop", "pass", "done"),
    "EndBuilding": ("finish", "stop", "done", "pass"),
    "KeepBuilder": ("keep",),
    "ReturnBuilder": ("redraw", "return", "back"),
    "Decline": ("decline", "no", "pass"),
    "Protect": ("protect", "protection"),
}
#: Longest number read as a choice; longer runs of digits get a hint, never ``int()``.
MAX_DIGITS = 6


class Command(NamedTuple):
    """``name`` is ``choose`` (``number`` 1-based), one of :data:`NAMES`, or
    ``hint`` (``arg`` is the one-line hint to print)."""

    name: str
    arg: str = ""
    number: int = 0


def _range(n_choices: int) -> str:
    if n_choices == 0:
        return "no choice is due now"
    return (
        f"type a number from 1 to {n_choices} or the words of a choice"
        if n_choices > 1
        else "type 1 or the words of the choice"
    )


def shown(text: str, width: int = 20) -> str:
    """``text`` cut for a hint, with unprintable characters escaped."""
    text = text if len(text) <= width else text[:width] + "..."
    return text if text.isprintable() else repr(text)[1:-1]


def parse(line: str, labels: Sequence[str], kinds: Sequence[str] = ()) -> Command:
    """The command on ``line`` when the choices ``labels`` (numbered from 1;
    ``kinds`` their action class names, for :data:`ALIASES`) are shown."""
    n = len(labels)
    text = line.strip()
    if not text:
        return Command("hint", f"{_range(n)} (help lists the commands)")
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if word.isascii() and word.isdigit():  # "¹".isdigit() is true, but int("¹") fails
        if rest or len(word) > MAX_DIGITS or not 1 <= int(word) <= n:
            return Command("hint", f"there is no choice {shown(text)}; {_range(n)} (help lists the commands)")
        return Command("choose", number=int(word))
    name = word.lower()
    if name == "keep" and rest.lower() in ("all", "ask"):
        return Command(f"keep {rest.lower()}")
    if name in NAMES and name != "keep":
        if name in NEEDS_ARG and not rest:
            return Command("hint", f"{name} needs {NEEDS_ARG[name]}")
        if name not in NEEDS_ARG and name not in MAY_TAKE and rest:
            return Command("hint", f"{name} takes nothing after it; type just {name}")
        return Command(name, rest)
    pasted = _pasted(text, labels)
    if pasted:
        return Command("choose", number=pasted)
    found, why = match(text, labels, kinds)
    if found is not None:
        return Command("choose", number=found)
    if why:
        return Command("hint", why)
    words = [w for w in NAMES if " " not in w]
    near = difflib.get_close_matches(name, words, n=1, cutoff=0.6)
    guess = f" -- did you mean {near[0]}?" if near else ""
    return Command("hint", f"unknown command or choice '{shown(word)}'{guess} ({_range(n)}, or help)")


_NUMBERED = re.compile(r"(?P<n>[0-9]{1,6})[.)]\s+(?P<label>.+)")


def _pasted(text: str, labels: Sequence[str]) -> int:
    """The 1-based number of the choice whose whole label ``text`` is, as pasted
    from the screen: the label itself, its line with its number (``7. take
    Forest ...``), or the label followed by more words (the next line pasted
    with it); the longest label wins over one that is its start. 0 if none."""
    numbered = _NUMBERED.fullmatch(text)
    if (
        numbered
        and 1 <= int(numbered["n"]) <= len(labels)
        and fold(numbered["label"]) == fold(labels[int(numbered["n"]) - 1])
    ):
        return int(numbered["n"])
    q = fold(text)
    whole = [
        (len(f), i)
        for i, f in enumerate((fold(label) for label in labels), 1)
        if f and (q == f or q.startswith(f + " "))
    ]
    return max(whole)[1] if whole else 0


def match(text: str, labels: Sequence[str], kinds: Sequence[str] = ()) -> tuple[int | None, str]:
    """The 1-based number of the one choice ``text`` names, and ``""``; or
    ``None`` and a hint when it fits several (``""`` when it fits none)."""
    q = fold(text)
    if not q:
        return None, ""
    folded = [fold(label) for label in labels]
    if q in folded:
        return folded.index(q) + 1, ""
    by_alias = [i for i, k in enumerate(kinds, 1) if q in ALIASES.get(k, ())]
    if len(by_alias) == 1:
        return by_alias[0], ""
    words = q.split()
    fits = []
    for i, label in enumerate(folded, 1):
        have = label.split()
        if all(any(h == w or (not w.isdigit() and h.startswith(w)) for h in have) for w in words):
            fits.append(i)
    if len(fits) > 1:  # the label's own first words beat words found anywhere in it
        first = [i for i in fits if folded[i - 1].startswith(q)]
        fits = first or fits
    if len(fits) == 1:
        return fits[0], ""
    if fits:
        nums = ", ".join(str(i) for i in fits[:8]) + (", ..." if len(fits) > 8 else "")
        return None, f"'{shown(text)}' fits {len(fits)} choices ({nums}); type more of its words or its number"
    return None, ""


__all__ = ["ALIASES", "COMMANDS", "Command", "NAMES", "find_cards", "match", "parse"]
