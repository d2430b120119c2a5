"""The private my-games link (issue #56): a seat adds itself, the link lists
its games with their keys, revoking it opens nothing more; the server keeps
only the token's digest and the keys sealed."""

from __future__ import annotations

import sqlite3

import pytest

from pillars_rules.web.mygames import seal, unseal

from .support import client, create, key_of

ORIGIN = {"origin": "http://testserver"}


def _post(c, **doc):
    return c.post("/api/mygames", json=doc, headers=ORIGIN)


def test_a_seat_adds_itself_and_another_device_lists_it_until_revoked(tmp_path):
    with client(tmp_path) as c:
        one = create(c, seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}])
        two = create(c, seats=[{"kind": "person", "name": "Cy"}, {"kind": "bot", "bot": "random"}])
        ann, cy = key_of(one["seats"][0]["link"]), key_of(two["seats"][0]["link"])
        made = _post(c, op="add", game=one["game"], key=ann, token=None).json()
        token = made["token"]
        assert made["link"].endswith(f"/#mine={token}") and len(token) >= 40
        assert _post(c, op="add", game=two["game"], key=cy, token=token).json()["token"] == token
        assert _post(c, op="add", game=one["game"], key=ann, token=token).status_code == 200  # twice: once
        games = _post(c, op="list", token=token).json()["games"]
        assert [(g["game"], g["key"], g["seat"], g["name"], g["role"]) for g in games] == [
            (two["game"], cy, 0, "Cy", "player"),
            (one["game"], ann, 0, "Ann", "player"),
        ]
        # a wrong key is refused as a hello's is; nothing is added
        assert _post(c, op="add", game=one["game"], key="wrong", token=token).status_code == 404
        assert _post(c, op="list", token="not-a-link").status_code == 404
        with sqlite3.connect(tmp_path / "games.sqlite3") as db:  # the stored rows open nothing alone
            rows = db.execute("SELECT * FROM server_mygames").fetchall()
        assert len(rows) == 2 and not any(secret in repr(rows) for secret in (token, ann, cy))
        assert _post(c, op="revoke", token=token).json() == {"revoked": 2}
        assert _post(c, op="list", token=token).status_code == 404
        assert _post(c, op="list").status_code == 400


def test_a_sealed_key_opens_only_with_its_token():
    sealed = seal("the-seat-key", "token-a")
    assert unseal(sealed, "token-a") == "the-seat-key"
    with pytest.raises(ValueError):
        unseal(sealed, "token-b")


def test_my_games_requests_are_held_to_the_address_hello_rate(tmp_path):
    with client(tmp_path, hello_rate=1.0) as c:
        codes = [_post(c, op="list", token="x").status_code for _ in range(8)]
        assert codes[0] == 404 and codes[-1] == 429


@pytest.mark.postgres
def test_the_links_rows_live_beside_the_game_records_on_postgresql(pg_dsn):
    from pillars_rules.web.mygames import Book
    from pillars_rules.web.registry import open_registry

    registry = open_registry(pg_dsn)
    try:
        book = Book(registry)
        assert book.add("tok", "seat-key", "g1", 1, "Ben")
        assert book.games("tok") == [{"game": "g1", "key": "seat-key", "seat": 1, "name": "Ben", "role": "player"}]
        assert book.revoke("tok") == 1 and book.games("tok") is None
    finally:
        registry.close()
