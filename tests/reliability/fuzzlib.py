"""Shared generators for the reliability fuzzers (tests and ``tools/slow_run.py``).

Plain ``random.Random`` generators, so the slow script can run 10**5 attempts
without Hypothesis overhead and every failure is reproducible from its seed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs

import pillars_rules as pr
from pillars_rules.cardlang.effects import CUBES, LOCATIONS
from pillars_rules.engine import actions as A

ROOT = Path(__file__).resolve().parents[2]
BASE_CARD_FILES = sorted((ROOT / "cards" / "base").glob("*.cards"))

#: Values that are wrong for (almost) every action field.
GARBAGE = [
    None,
    -1,
    -(2**63),
    2**63,
    10**100,
    0.5,
    float("nan"),
    float("inf"),
    True,
    False,
    "",
    " ",
    "wood ",
    "WOOD",
    "gold",
    "vp",
    "nowhere",
    "mason_r1x",
    "\x00",
    "é" * 3,
    "1",
    [],
    [1],
    {},
    {"card": "x"},
    (),
    ("wood",),
    object(),
    b"wood",
    A.Pass(),
    pr.actions.Hire,
    "a" * 10_000,
]
_KNOWN_STR = list(CUBES) + ["gold", "vp"] + list(LOCATIONS)


def reachable_game(rng: random.Random, players: int | None = None, variants=()) -> pr.Game:
    """A game after a random number of random legal actions (maybe finished)."""
    players = players or rng.choice((2, 3, 4))
    game = pr.new_game(players=players, seed=rng.randrange(2**32), variants=variants)
    bot = pr.RandomBot(rng.randrange(2**32))
    steps = rng.choice((0, 1, 5, 20, 60, 150, 400, 10_000))
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:  # over -- or stuck (an engine defect, counted)
            if not game.is_over:
                STUCK.append(game)
            break
        game = game.apply(bot.random.choice(legal))
    return game


#: Unfinished games met with no legal action (an engine defect; none since 490efcc).
STUCK: list = []


def card_ids(game: pr.Game) -> list[str]:
    return sorted(game.rules.by_id)


def garbage_value(rng: random.Random, game: pr.Game):
    """A value for one action field: sometimes plausible, often wrong."""
    r = rng.random()
    if r < 0.3:
        return rng.choice(GARBAGE)
    if r < 0.5:
        return rng.choice(card_ids(game))
    if r < 0.65:
        return rng.choice(_KNOWN_STR)
    if r < 0.85:
        return rng.choice((0, 1, 2, 3, 4, 5, 6, 7, -1, -2, 99, 2**31, -(2**31)))
    return rng.randrange(-(2**70), 2**70)


def random_action(rng: random.Random, game: pr.Game, other: pr.Game | None = None):
    """One random, probably bad, action for ``game``."""
    r = rng.random()
    if r < 0.25 and other is not None and other.legal_actions():
        return rng.choice(other.legal_actions())  # legal somewhere else
    if r < 0.35:
        return rng.choice(GARBAGE)  # not an action at all
    cls = rng.choice(list(A.ACTION_TYPES.values()))
    if r < 0.4 and game.legal_actions():
        # a legal action with a whole number sent as 2.0 or true (as JSON clients may)
        base = rng.choice(game.legal_actions())
        ints = [f.name for f in attrs.fields(type(base)) if type(getattr(base, f.name)) is int]
        if ints:
            name = rng.choice(ints)
            v = getattr(base, name)
            return attrs.evolve(base, **{name: bool(v) if v in (0, 1) and rng.random() < 0.5 else float(v)})
        return base
    if r < 0.5 and game.legal_actions():
        # a legal action with one field changed
        base = rng.choice(game.legal_actions())
        fields = [f.name for f in attrs.fields(type(base)) if f.name != "label"]
        if fields:
            return attrs.evolve(base, **{rng.choice(fields): garbage_value(rng, game)})
        return base
    fields = [f for f in attrs.fields(cls) if f.name != "label"]
    kwargs = {f.name: garbage_value(rng, game) for f in fields}
    if rng.random() < 0.1:
        kwargs["label"] = rng.choice(GARBAGE)
    return cls(**kwargs)


def snapshot(game: pr.Game):
    """Everything observable about a game, for before/after comparison."""
    return (game.state, game.events, game.n_events, game.current_player, len(game._log))


def check_one(game: pr.Game, action, seat=None) -> str:
    """Apply ``action``; return "legal", "illegal" or "legal_noncanonical" (accepted
    because it equals a listed action, but recorded with other values, e.g. ``1.0``
    for ``1``), or raise AssertionError describing the defect (an exception other
    than IllegalActionError, an empty reason, a changed game)."""
    before = snapshot(game)
    try:
        after = game.apply(action, seat=seat) if seat is not None else game.apply(action)
    except pr.IllegalActionError as exc:
        if not (isinstance(exc.reason, str) and exc.reason.strip()):
            raise AssertionError(f"empty reason for {action!r} in {game!r}") from None
        outcome = "illegal"
    except Exception as exc:  # noqa: BLE001 - any other exception is the defect
        raise AssertionError(f"{type(exc).__name__}: {exc} -- applying {action!r} (seat={seat!r}) to {game!r}") from exc
    else:
        outcome = "legal"
        assert after is not game
        listed = game.legal_actions()
        if action in listed:
            # accepted because it equals a listed action: it must act exactly like it
            # (repr tells 1 from 1.0 and True, which == does not)
            canonical = game.apply(listed[listed.index(action)])
            if repr(after.events[game.n_events :]) != repr(canonical.events[game.n_events :]):
                outcome = "legal_noncanonical"
    if snapshot(game)[:4] != before[:4]:
        raise AssertionError(f"{action!r} changed the game it was applied to: {game!r}")
    return outcome


def fuzz_actions(seed: int, attempts: int, per_state: int = 50) -> dict[str, int]:
    """``attempts`` random actions against random reachable states; counts by outcome."""
    rng = random.Random(seed)
    counts = {"legal": 0, "illegal": 0, "legal_noncanonical": 0}
    other = reachable_game(rng)
    done = 0
    while done < attempts:
        game = reachable_game(rng)
        for _ in range(min(per_state, attempts - done)):
            action = random_action(rng, game, other)
            r = rng.random()
            if r < 0.15:
                seat = rng.choice([-1, 0, 1, 2, 3, 4, 99, -(2**63), None, "0", 1.0, True])
            elif r < 0.3:
                seat = game.current_player
            else:
                seat = None
            counts[check_one(game, action, seat)] += 1
            done += 1
        other = game
    return counts


# ------------------------------------------------------------------ card text
_TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[+-]?\d+|->|\S')


def mutate_cards(rng: random.Random, text: str) -> str:
    """One to three random mutations of card text."""
    for _ in range(rng.randint(1, 3)):
        text = _MUTATIONS[rng.randrange(len(_MUTATIONS))](rng, text)
    return text


def _tokens(text):
    return [m.span() for m in _TOKEN.finditer(text)]


def _m_delete_token(rng, text):
    spans = _tokens(text)
    if not spans:
        return text
    a, b = rng.choice(spans)
    return text[:a] + text[b:]


def _m_dup_token(rng, text):
    spans = _tokens(text)
    if not spans:
        return text
    a, b = rng.choice(spans)
    return text[:b] + " " + text[a:b] + text[b:]


def _m_swap_tokens(rng, text):
    spans = _tokens(text)
    if len(spans) < 2:
        return text
    (a, b), (c, d) = sorted(rng.sample(spans, 2))
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def _m_replace_token(rng, text):
    spans = _tokens(text)
    if not spans:
        return text
    a, b = rng.choice(spans)
    other = rng.choice(spans)
    new = rng.choice(
        [
            text[other[0] : other[1]],
            "{",
            "}",
            "(",
            ")",
            '"',
            "->",
            "+",
            ":",
            "|",
            str(rng.choice([0, -1, 1000, 10**30, 2**63, -(10**400)])),
            "9" * 5000,
            "craftsman",
            "choose",
            "one",
            "x" * 200,
        ]
    )
    return text[:a] + new + text[b:]


def _lines_op(rng, text, op):
    lines = text.split("\n")
    if not lines:
        return text
    i = rng.randrange(len(lines))
    if op == "del":
        del lines[i]
    elif op == "dup":
        lines.insert(i, lines[i])
    else:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _m_random_bytes(rng, text):
    raw = bytearray(text.encode("utf-8", errors="surrogateescape"))
    for _ in range(rng.randint(1, 8)):
        if raw:
            raw[rng.randrange(len(raw))] = rng.randrange(256)
    # invalid UTF-8 becomes U+FFFD here; raw bytes are fed through files in the tests
    return raw.decode("utf-8", errors="replace")


def _m_deep_nesting(rng, text):
    depth = rng.choice((9, 20, 200, 5000))
    nest = "choose one (" * depth + "gain 1 gold" + ")" * depth
    pos = rng.randrange(len(text) + 1)
    block = rng.choice([f'event deep "Deep" {{ now: {nest} }}', "{" * depth + "}" * depth, "(" * depth, "{" * depth])
    return text[:pos] + block + text[pos:]


def _m_huge_number(rng, text):
    nums = [m.span() for m in re.finditer(r"\d+", text)]
    if not nums:
        return text
    a, b = rng.choice(nums)
    return text[:a] + rng.choice(["1000", "99999999999999999999", "9" * 4400, "0", "00007"]) + text[b:]


def _m_enlarge(rng, text):
    # up to just past the compiler's 1 MB limit, never hundreds of MB
    k = rng.choice((2, 5, 20))
    return text * max(1, min(k, 1_200_000 // max(len(text), 1)))


def _m_truncate(rng, text):
    return text[: rng.randrange(len(text) + 1)]


_MUTATIONS = [
    _m_delete_token,
    _m_dup_token,
    _m_swap_tokens,
    _m_replace_token,
    lambda r, t: _lines_op(r, t, "del"),
    lambda r, t: _lines_op(r, t, "dup"),
    lambda r, t: _lines_op(r, t, "swap"),
    _m_random_bytes,
    _m_deep_nesting,
    _m_huge_number,
    _m_enlarge,
    _m_truncate,
]


def compile_checked(text: str, known=None) -> str:
    """Compile mutated card text: "ok" or "error"; AssertionError for anything else."""
    from pillars_rules.cardlang import compile_text

    try:
        compile_text(text, "mutant.cards", known=known)
    except pr.CardError as exc:
        if not exc.diagnostics:
            raise AssertionError("CardError without diagnostics") from None
        for d in exc.diagnostics:
            assert isinstance(d.line, int) and isinstance(d.column, int) and d.message, d
        return "error"
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"{type(exc).__name__}: {exc} compiling mutated card text") from exc
    return "ok"
