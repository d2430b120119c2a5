"""Connection caps (hardening round 4, item 3): the spectators' link is meant to
be shared, so its holders cannot fill a game -- spectators and seats have caps
of their own, and a seat's credential always finds room (its oldest connection
is replaced if need be)."""

from __future__ import annotations

import contextlib

from pillars_rules.web import protocol as P

from .support import client, create, key_of, receive_until, say_hello

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 3}


def test_spectators_cannot_lock_a_player_out(tmp_path):
    with client(tmp_path) as c:
        res = create(c, **TWO)
        gid, ann, spec = res["game"], key_of(res["seats"][0]["link"]), key_of(res["spectator"])
        cap = c.app.state.server.settings.max_spectators_per_game
        with contextlib.ExitStack() as stack:
            for _ in range(cap):
                say_hello(stack.enter_context(c.websocket_connect("/ws")), gid, spec)
            extra = stack.enter_context(c.websocket_connect("/ws"))
            extra.send_text(P.hello(gid, spec))
            assert receive_until(extra, "refused")["code"] == "game_full"
            for _ in range(4):  # the spectators are at their cap: the seat still joins
                welcome, _ = say_hello(stack.enter_context(c.websocket_connect("/ws")), gid, ann)
                assert welcome["you"]["seat"] == 0
