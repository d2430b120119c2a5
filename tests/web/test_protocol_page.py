"""docs/protocol.rst shows real messages: its game is played here on a real
(in-process) server, and every example on the page must match what the server
sent, or be what the client sent and the server accepted."""

from __future__ import annotations

import re

import pytest

from pillars_rules.web import protocol as P

from .scenario import play
from .support import PAGE, client, matches, page_examples


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    # the page shows the default limits
    with client(tmp_path_factory.mktemp("page"), rate=10.0, burst=30) as c:
        return play(c)


def test_the_matcher_can_fail():
    assert matches({"a": [1, "..."], "...": "..."}, {"a": [1, 2, 3], "b": 0}) == []
    assert matches({"a": [1, "..."]}, {"a": [1], "b": 0})  # an extra key
    assert matches({"a": [2, "..."]}, {"a": [1]})  # another item
    assert matches({"a": 1}, {"a": True})  # True is not 1
    assert matches(["x"], ["x", "y"])  # a longer list


def test_every_example_on_the_page_is_real(played):
    received, sent = played
    examples = page_examples()
    assert len(examples) >= 15
    for name, example in examples.items():
        real = received.get(name, sent.get(name))
        assert real is not None, f"the page shows {name!r}, which the scenario does not make"
        assert matches(example, real) == [], (name, matches(example, real))


def test_every_message_kind_is_on_the_page():
    kinds = {e.get("type") for e in page_examples().values() if isinstance(e, dict)}
    assert {"hello", "welcome", "sync", "update", "seats", "refused"} <= kinds


def test_the_refusal_table_is_the_servers():
    text = PAGE.read_text(encoding="utf-8")
    table = text[text.index(".. refusal-codes") :]
    table = table[: table.index("\n\n", table.index("======\n", table.index("meaning")) + 10)]
    rows = re.findall(r"^``(\w+)``\s+(\d{4})?", table, re.M)
    assert {code: (int(close) if close else None) for code, close in rows} == {
        r.code: r.close for r in P.REFUSALS.values()
    }
