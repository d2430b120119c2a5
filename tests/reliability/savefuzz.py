"""Save corruption: mutate a save's JSON and check :func:`pillars_rules.load`
either raises :class:`~pillars_rules.SaveError` or returns exactly the game the
text records (never a different one, never another exception).
"""

from __future__ import annotations

import copy
import json
import random

import pillars_rules as pr
from pillars_rules.pillars_json.codec import event_to_dict

#: JSON values that are wrong almost everywhere.
BAD_JSON = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**64,
    -(2**64),
    10**30,
    1e308,
    "",
    "x",
    "0",
    "Red",
    "mason_r1",
    "nonexistent_card",
    [],
    [0],
    [[]],
    {},
    {"n": 1},
    {"type": "GameEnded"},
]


def json_paths(node, path=()):
    """Every (path, value) in a parsed JSON document, containers included."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from json_paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from json_paths(v, path + (i,))


def _parent(doc, path):
    for key in path[:-1]:
        doc = doc[key]
    return doc


def mutate_doc(rng: random.Random, doc: dict) -> tuple[dict, str]:
    """A deep copy of ``doc`` with one random corruption, and its description."""
    doc = copy.deepcopy(doc)
    paths = [p for p, _ in json_paths(doc) if p]
    path = rng.choice(paths)
    parent, key = _parent(doc, path), path[-1]
    op = rng.choice(("replace", "replace", "int", "delete", "extra", "swap", "dup"))
    if op == "replace":
        parent[key] = copy.deepcopy(rng.choice(BAD_JSON))
    elif op == "int":
        old = parent[key]
        parent[key] = (old + rng.choice((-1, 1, 7, -(2**63), 2**63))) if type(old) is int else rng.randrange(-5, 10)
    elif op == "delete":
        del parent[key]
    elif op == "extra":
        if isinstance(parent, dict):
            parent[rng.choice(("extra", "typo", "seat", "n"))] = rng.choice(BAD_JSON)
        else:
            parent.insert(key, copy.deepcopy(rng.choice(BAD_JSON)))
    elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
        j = rng.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
    elif op == "dup" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    else:
        parent[key] = None
    return doc, f"{op} at $" + "".join(f"[{k!r}]" for k in path)


def check_load(text: str, *, cards=None) -> pr.Game | None:
    """``load(text)``: the game, or ``None`` after a proper :class:`SaveError`.

    Any other exception, or a SaveError without a message, fails.
    """
    try:
        return pr.load(text, cards=cards)
    except pr.SaveError as exc:
        assert str(exc).strip(), "SaveError without a message"
        assert exc.index is None or (type(exc.index) is int and exc.index >= 0), exc.index
        return None
    except Exception as exc:  # noqa: BLE001 - the defect under test
        raise AssertionError(f"load raised {type(exc).__name__}: {exc}") from exc


def check_mutant(doc: dict, what: str) -> str:
    """Load the mutated document: "refused", or "faithful" when it loads and
    its log is exactly the text's log (a different but valid game)."""
    text = json.dumps(doc, separators=(",", ":"))
    game = check_load(text)
    if game is None:
        return "refused"
    logged = [event_to_dict(e) for e in game.events]
    assert logged == doc["events"], f"{what}: load returned a game that differs from the text"
    # (a header that says format 2 but holds today's card identity loads through upcast_v2_v3)
    assert doc["format_version"] in (2, 3, 4, 5) and doc["card_hash"] == game.rules.content_hash, what
    return "faithful"


def fuzz_saves(seed: int, attempts: int, games: list[pr.Game]) -> dict[str, int]:
    rng = random.Random(seed)
    docs = [json.loads(pr.save(g)) for g in games]
    counts = {"refused": 0, "faithful": 0}
    for _ in range(attempts):
        doc, what = mutate_doc(rng, rng.choice(docs))
        counts[check_mutant(doc, what)] += 1
    return counts
