"""Random client messages for the table fuzz test (plain ``random.Random``,
so every failure is reproducible from its seed).

Each message comes with what the table must answer: the outcome ``code``
for kinds whose answer is known in advance (a legal action with the current
token from the right seat is applied; a resent message is stale; ...), or
``None`` where any refusal is right (random garbage).
"""

from __future__ import annotations

import json
import random

import attrs
from reliability.fuzzlib import random_action

from pillars_rules.table import Table, encode_message

HOSTILE_TEXT = [
    "",
    "{",
    "null",
    "[]",
    '"x"',
    "1e999",
    "-0",
    "NaN",
    '{"decision": 1}',
    '{"action": {}}',
    "[" * 3000 + "]" * 3000,
    '{"a":' * 2000 + "1" + "}" * 2000,
    "9" * 5000,
    "\ud800",
    "\x00" * 10,
    '{"decision": 1, "action": {"type": "Pass"}, "decision": 2}',
]


def _json_or_garbage(rng: random.Random, value) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)[:200]


def _action_object(action) -> object:
    if not attrs.has(type(action)):
        return action
    fields = {k: v for k, v in attrs.asdict(action, recurse=False).items() if k != "label"}
    return {"type": type(action).__name__, **fields}


def message(rng: random.Random, table: Table, last: tuple | None) -> tuple[object, object, str | None]:
    """(seat, message, expected code or None) for ``table`` in its current state;
    ``last`` is the (seat, message) of the last applied message."""
    game = table.game
    n = game.state.n_players
    turn = game.current_player
    legal = game.legal_actions()
    r = rng.random()
    if r < 0.30 and legal:
        return turn, encode_message(game.decision, rng.choice(legal)), "applied"
    if r < 0.38 and last is not None:
        return last[0], last[1], "stale"
    if r < 0.45 and legal:
        old = rng.randrange(0, game.decision) if rng.random() < 0.7 else game.decision + rng.randrange(1, 99)
        return turn, encode_message(old, rng.choice(legal)), "stale"
    if r < 0.52 and legal and n > 1:
        other = rng.choice([s for s in range(n) if s != turn])
        return other, encode_message(game.decision, rng.choice(legal)), "not_your_turn"
    if r < 0.56:
        bad_seat = rng.choice([-1, n, 99, 2**70, "0", None, True, 1.0, [0]])
        return bad_seat, encode_message(game.decision, legal[0]) if legal else "{}", "bad_seat"
    if r < 0.72:
        action = _action_object(random_action(rng, game))
        text = _json_or_garbage(rng, {"decision": game.decision, "action": action})
        return turn if turn is not None else 0, text, None
    if r < 0.80:
        text = rng.choice(HOSTILE_TEXT)
        return (
            turn if turn is not None else 0,
            text.encode("utf-8", "surrogatepass") if rng.random() < 0.5 else text,
            "bad_message",
        )
    if r < 0.88:
        body = {
            "decision": rng.choice([game.decision, True, 1.5, "1", -1, 10**30, None]),
            "action": rng.choice(
                [
                    {"type": "Pass"},
                    {"type": "Buy", "resource": "wood", "n": 10**40},
                    {"type": "Pass", "label": "x" * 100_000},
                    {"type": "Hire", "card": ["a"]},
                    {"type": "Place", "location": "market", "spot": 1.0},
                    "Pass",
                    7,
                ]
            ),
        }
        return turn if turn is not None else 0, json.dumps(body), None
    raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    return rng.randrange(-1, n + 1), raw, None
