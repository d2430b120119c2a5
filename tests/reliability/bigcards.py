"""Large card sets for the compile tests and the cards benchmark (issue #24, item 2).

:func:`dense_cards` writes the set the issue measured: 938 cards (with the 62
base cards, the most a set may hold) in one file just under the 1 MiB limit,
every card with a dozen abilities, so the text is card text, not comments.
:func:`nested_cards` (issue #34) fills the same room with choices nested as
deep as the limit allows. The same seed gives the same bytes.
"""

from __future__ import annotations

import random

from pillars_rules import limits

STEPS = (
    "wool_mill",
    "forest",
    "quarry",
    "sand_pit",
    "kings_court",
    "castle",
    "cathedral",
    "round_start",
    "priory",
    "market",
)


def dense_cards(cards: int = 938, seed: int = 1) -> str:
    """``cards`` fan cards (craftsmen, events and privileges in turn) as one text."""
    rng = random.Random(seed)
    out = []
    for k in range(cards):
        kind = ("craftsman", "event", "privilege")[k % 3]
        lines: list[str] = []
        if kind == "craftsman":
            lines += [
                f"round {1 + k % 6}",
                f"cost {1 + k % 9} gold",
                f"tags tag_{k % 17}",
                f"convert {1 + k % 3} stone + 1 sand -> {1 + k % 2} vp, capacity {1 + k % 4}, needs tag_{(k + 1) % 17}",
            ]
            lines += [
                f"at {rng.choice(STEPS)}: choose one: gain {1 + k % 5} gold | (if you own 1 metal: "
                "gain 2 vp) | lose 1 wood"
                for _ in range(9)
            ]
            lines += [
                "when you place at market: choose one: gain 1 sand | gain 1 wood",
                "sell price stone +1",
                "allows buy wood",
            ]
        elif kind == "event":
            lines += ["harmful"] if k % 2 else []
            lines += [
                f"now: choose one: gain {1 + j % 5} gold | (if you own 1 metal: gain 2 vp) | "
                "(choose craftsman except carpenter, stonemason: capacity +1)"
                for j in range(10)
            ]
            lines += ["this round: price stone +1", "next round: tax +1", "this round: yield -1"]
        else:
            lines += ["permanent"] + [f"at {rng.choice(STEPS)}: gain 1 vp per builder at market" for _ in range(12)]
            lines += ["buy price wood -1", "craftsmen 6", "extra worker"]
        body = "\n".join(f"    {x}" for x in lines)
        out.append(f'# card {k}\n{kind} fan_card_{k} "Fan card {k}" de "Fankarte {k}" {{\n{body}\n}}\n')
    text = "".join(out)
    assert len(text.encode("utf-8")) <= limits.MAX_FILE_BYTES
    return text


def _chain(depth: int, k: int) -> str:
    """``choose one`` nested ``depth`` deep (the card's brace is one more level)."""
    text = f"choose one: gain {1 + k % 5} vp | gain {1 + k % 30} gold"
    for j in range(depth - 1):
        text = f"choose one: ({text}) | gain {1 + (k + j) % 9} wood"
    return text


def nested_cards(cards: int = 938, seed: int = 1) -> str:
    """``cards`` fan cards whose abilities are ``choose one`` chains nested to
    the limit (:data:`~pillars_rules.limits.MAX_NESTING`), as many per card as
    the 1 MiB file limit leaves room for."""
    rng = random.Random(seed)
    depth = limits.MAX_NESTING - 1
    out = []
    for k in range(cards):
        kind = ("craftsman", "event", "privilege")[k % 3]
        hook = {
            "craftsman": lambda: f"at {rng.choice(STEPS)}",
            "event": lambda: "now",
            "privilege": lambda: f"at {rng.choice(STEPS)}",
        }[kind]
        head = {"craftsman": [f"round {1 + k % 6}", f"cost {1 + k % 9} gold"], "event": [], "privilege": ["permanent"]}[
            kind
        ]
        lines = head + [f"{hook()}: {_chain(depth, k + j)}" for j in range(4 + (k % 4 != 0))]
        body = "\n".join(f"    {x}" for x in lines)
        out.append(f'{kind} nest_{k} "Nest {k}" {{\n{body}\n}}\n')
    text = "".join(out)
    assert len(text.encode("utf-8")) <= limits.MAX_FILE_BYTES, len(text.encode("utf-8"))
    return text
