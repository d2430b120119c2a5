"""What the person types: a numbered choice or a short command.

:func:`parse` turns one line into a :class:`Command` and never raises: a line
it cannot read becomes ``Command("hint", text=...)`` with a one-line hint.

>>> parse("2", n_choices=3)
Command(name='choose', arg='', number=2)
>>> parse("card mason", n_choices=3)
Command(name='card', arg='mason', number=0)
>>> parse("7", n_choices=3).arg
'there is no choice 7; type a number from 1 to 3 (help lists the commands)'
"""

from __future__ import annotations

import difflib
from typing import NamedTuple

#: Commands and what they do (the ``help`` text, in this order).
COMMANDS: dict[str, str] = {
    "N": "make choice number N",
    "help": "this list",
    "log": "every event of the game so far, as sentences",
    "card NAME": "a card's rules in English (id or name, e.g. card mason)",
    "save FILE": "write the game to FILE (resume with --load FILE)",
    "undo": "take back your last decision, unless a chance outcome came after it",
    "quit": "save the game to the autosave file and stop",
}
#: Commands that need an argument.
NEEDS_ARG = {"card": "a card id or name, e.g. card mason", "save": "a file name, e.g. save mygame.json"}
NAMES = ("help", "log", "card", "save", "undo", "quit")


class Command(NamedTuple):
    """``name`` is ``choose`` (``number`` 1-based), one of :data:`NAMES`, or
    ``hint`` (``arg`` is the one-line hint to print)."""

    name: str
    arg: str = ""
    number: int = 0


def _range(n_choices: int) -> str:
    if n_choices == 0:
        return "no choice is due now"
    return f"type a number from 1 to {n_choices}" if n_choices > 1 else "type 1"


def parse(line: str, n_choices: int) -> Command:
    """The command on ``line`` when ``n_choices`` numbered choices are shown."""
    text = line.strip()
    if not text:
        return Command("hint", f"{_range(n_choices)} (help lists the commands)")
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if word.isascii() and word.isdigit():  # "¹".isdigit() is true, but int("¹") fails
        n = int(word)
        if rest or not 1 <= n <= n_choices:
            shown = text if len(text) <= 20 else text[:20] + "..."
            return Command("hint", f"there is no choice {shown}; {_range(n_choices)} (help lists the commands)")
        return Command("choose", number=n)
    name = word.lower()
    if name in NAMES:
        if name in NEEDS_ARG and not rest:
            return Command("hint", f"{name} needs {NEEDS_ARG[name]}")
        if name not in NEEDS_ARG and rest:
            return Command("hint", f"{name} takes nothing after it; type just {name}")
        return Command(name, rest)
    near = difflib.get_close_matches(name, NAMES, n=1, cutoff=0.6)
    guess = f" -- did you mean {near[0]}?" if near else ""
    shown = word if len(word) <= 20 else word[:20] + "..."
    return Command("hint", f"unknown command {shown!r}{guess} ({_range(n_choices)}, or help)")


def find_cards(query: str, cards) -> tuple[list, str]:
    """The cards of ``cards`` (a CardSet) whose id or name is ``query`` (any
    case), and a did-you-mean hint when there are none."""
    q = query.strip().lower()
    found = [c for c in cards if c.id.lower() == q or c.name.lower() == q]
    if found:
        return found, ""
    keys = {c.id.lower(): c.id for c in cards}
    keys.update({c.name.lower(): c.name for c in cards})
    near = difflib.get_close_matches(q, sorted(keys), n=3, cutoff=0.5)
    starts = sorted({keys[k] for k in keys if k.startswith(q)})[:3] if len(q) >= 3 else []
    guesses = list(dict.fromkeys(starts + [keys[k] for k in near]))[:3]
    hint = f" -- did you mean {' or '.join(guesses)}?" if guesses else ""
    shown = query if len(query) <= 30 else query[:30] + "..."
    return [], f"no card {shown!r}{hint}"
