"""Which characters a seat name or card title may hold, and which names look alike.

Names and titles are shown to other players, written to logs and saves, and
sent to clients, so each must be one line of ordinary, visible text:

* no control characters (newlines, tabs, escape sequences), no format
  characters (bidirectional overrides such as U+202E, zero-width joiners),
  no lone surrogates (which no UTF-8 encoder accepts), no unassigned or
  private-use code points;
* no default-ignorable code points (:data:`DEFAULT_IGNORABLE`: drawn as
  nothing, such as the Hangul fillers U+3164 and U+115F, variation selectors,
  the combining grapheme joiner);
* at least one visible character (not only spaces, blanks such as
  U+2800 BRAILLE PATTERN BLANK, or marks);
* no mark without a letter before it, and no run of more than
  :data:`MAX_MARKS` combining marks (a letter with 99 stacked accents).

Two names *look alike* when their skeletons are equal (:func:`skeleton`): the
idea of Unicode Technical Standard #39, with our own, documented folding
instead of its data file. A skeleton is the name in compatibility form (NFKC:
fullwidth, mathematical and other styled letters become plain ones), with
runs of spaces made one, decomposed (NFD), each character replaced by the
plain letter it is drawn like (:data:`LOOKALIKES`: Cyrillic, Greek, Armenian
and Cherokee letters drawn like Latin ones; ``0`` like ``O``; ``1``, ``I``
and ``|`` like ``l``; ``rn`` like ``m``) and composed again. Letter case is
kept: ``Red`` and ``red`` look different. Two seats of one game, and two
different titles in one card set, may not look alike
(:func:`lookalike_problem`); identical card titles are fine (the base set has
four Masons).

Why not a library: ``confusable-homoglyphs`` (3.3.1, January 2024) lists
look-alike characters but has no skeleton, so two names cannot be compared
with it; ``confusables`` (1.2.0) has had no release since 2021; PyICU's
spoof checker is the reference implementation but a C++ extension that needs
ICU installed, too heavy for the core, and its answers would change with the
installed ICU version (a save accepted on one machine refused on another).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: Unicode categories refused: control, format, surrogate, private use,
#: unassigned, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: Default-ignorable code points that are not already in a refused category
#: (Unicode's Default_Ignorable_Code_Point property: the other ones are format
#: characters): the combining grapheme joiner, the Hangul fillers, two Khmer
#: inherent vowels, the Mongolian and other variation selectors.
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xE0100, 0xE01EF),
)
#: Characters that draw nothing visible although no rule above refuses them.
BLANKS = frozenset("\u2800")
#: Most combining marks in a row (after decomposition): two accents on a
#: letter (Vietnamese) and scripts whose vowel signs stack keep well below it.
MAX_MARKS = 4

#: Characters drawn like a plain Latin letter or digit, by the letter they
#: look like (written for this module: the letters of the scripts most often
#: mistaken for Latin, and the digits and symbols drawn like letters).
LOOKALIKES: dict[str, str] = {
    # Cyrillic
    "А": "A",
    "В": "B",
    "С": "C",
    "Е": "E",
    "Н": "H",
    "І": "l",
    "Ј": "J",
    "К": "K",
    "М": "M",
    "О": "O",
    "Р": "P",
    "Ѕ": "S",
    "Т": "T",
    "Х": "X",
    "У": "Y",
    "Ԛ": "Q",
    "Ԝ": "W",
    "Ү": "Y",
    "Ӏ": "l",
    "а": "a",
    "с": "c",
    "ԁ": "d",
    "е": "e",
    "һ": "h",
    "і": "i",
    "ј": "j",
    "о": "o",
    "р": "p",
    "ԛ": "q",
    "ѕ": "s",
    "ԝ": "w",
    "х": "x",
    "у": "y",
    "ү": "y",
    "ӏ": "l",
    "ɡ": "g",
    # Greek
    "Α": "A",
    "Β": "B",
    "Ε": "E",
    "Ζ": "Z",
    "Η": "H",
    "Ι": "l",
    "Κ": "K",
    "Μ": "M",
    "Ν": "N",
    "Ο": "O",
    "Ρ": "P",
    "Τ": "T",
    "Υ": "Y",
    "Χ": "X",
    "ο": "o",
    "ν": "v",
    "ρ": "p",
    "ϲ": "c",
    "ϳ": "j",
    "ι": "i",
    "α": "a",
    # Armenian
    "օ": "o",
    "ո": "n",
    "ս": "u",
    "հ": "h",
    "ց": "g",
    "զ": "q",
    "Տ": "S",
    "Օ": "O",
    "Ս": "U",
    # Cherokee capitals drawn like Latin ones
    "Ꭺ": "A",
    "Ᏼ": "B",
    "Ꮯ": "C",
    "Ꭼ": "E",
    "Ꮋ": "H",
    "Ꮃ": "W",
    "Ꭻ": "J",
    "Ꮶ": "K",
    "Ꮇ": "M",
    "Ꮲ": "P",
    "Ꭱ": "R",
    "Ꮪ": "S",
    "Ꭲ": "T",
    "Ꮩ": "V",
    "Ꮓ": "Z",
    # Latin letters drawn like other Latin letters
    "ı": "i",
    "ȷ": "j",
    "ɑ": "a",
    "ɩ": "i",
    "ʏ": "y",
    "ᴅ": "d",
    # digits and symbols drawn like letters
    "0": "O",
    "1": "l",
    "I": "l",
    "|": "l",
    "ǀ": "l",
}
#: Letter pairs drawn like one letter.
PAIRS: dict[str, str] = {"rn": "m"}
_PAIRS = re.compile("|".join(map(re.escape, PAIRS)))
_SPACES = re.compile(r"\s+")


def _ignorable(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in DEFAULT_IGNORABLE)


def _label(ch: str) -> str:
    name = unicodedata.name(ch, "") or (
        "a lone surrogate" if "\ud800" <= ch <= "\udfff" else "a control or unassigned character"
    )
    return f"U+{ord(ch):04X} ({name})"


def unsafe_character(text: str) -> str | None:
    """A description of the first character of ``text`` that a name or title
    may not hold (e.g. ``"U+202E (RIGHT-TO-LEFT OVERRIDE)"``), or ``None``."""
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES or _ignorable(ord(ch)):
            return _label(ch)
    return None


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be shown as a name or title (``None`` if it can):
    a character it may not hold, nothing visible, or misplaced marks."""
    bad = unsafe_character(text)
    if bad:
        return f"may not contain {bad}"
    if not any(not ch.isspace() and ch not in BLANKS and not unicodedata.category(ch).startswith("M") for ch in text):
        return "must hold a visible character (not only spaces, blanks or marks)"
    run = 0
    for i, ch in enumerate(unicodedata.normalize("NFD", text)):
        if unicodedata.category(ch).startswith("M"):
            run += 1
            if i == 0:
                return f"may not start with the mark {_label(ch)}"
            if run > MAX_MARKS:
                return f"may not stack more than {MAX_MARKS} marks on one letter"
        else:
            run = 0
    return None


def name_problem(name: object, limit: int) -> str | None:
    """Why ``name`` cannot be a seat name (``None`` if it can)."""
    if type(name) is not str:
        return f"a name must be a string, not {type(name).__name__}"
    if not name.strip():
        return "a name must not be empty"
    if len(name) > limit:
        return f"a name may have at most {limit} characters, not {len(name)}"
    why = text_problem(name)
    if why:
        return f"a name {why}"
    if name != name.strip():
        return "a name may not start or end with spaces"
    return None


# ------------------------------------------------------------------ look-alikes
def skeleton(text: str) -> str:
    """What ``text`` looks like, for comparing names (see the module docstring):
    two names with equal skeletons look alike."""
    text = _SPACES.sub(" ", unicodedata.normalize("NFKC", text)).strip()
    folded = "".join(LOOKALIKES.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFC", _PAIRS.sub(lambda m: PAIRS[m.group()], folded))


def why_alike(a: str, b: str) -> str:
    """Which characters make ``a`` and ``b`` look alike, in words."""
    notes = []
    for text in (a, b):
        for ch in dict.fromkeys(unicodedata.normalize("NFD", text)):
            plain = unicodedata.normalize("NFKC", ch)
            shown = LOOKALIKES.get(plain, plain)
            if shown != ch and not ch.isspace():
                notes.append(f"{_label(ch)} looks like {shown!r}")
    notes += [f"{pair!r} looks like {one!r}" for pair, one in PAIRS.items() if (pair in a) != (pair in b)]
    return "; ".join(notes[:3]) or "they differ only in spacing"


def lookalike_problem(names: Iterable[str], what: str = "names") -> str | None:
    """Why the distinct strings of ``names`` cannot stand side by side: the
    first two that look alike (equal :func:`skeleton`, different text), or
    ``None``. Equal strings are not reported (the caller decides)."""
    seen: dict[str, tuple[int, str]] = {}
    for i, name in enumerate(names):
        key = skeleton(name)
        if key in seen and seen[key][1] != name:
            j, other = seen[key]
            return f"{what}[{i}] {name!r} looks like {what}[{j}] {other!r} ({why_alike(other, name)})"
        seen.setdefault(key, (i, name))
    return None
