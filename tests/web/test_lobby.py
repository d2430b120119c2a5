"""The lobby and the pages (issue #22): creating games by JSON and by the HTML
form, card sets by name, unguessable ids and credentials, the operator's list,
the bounds and the security headers."""

from __future__ import annotations

import json
import logging
import re
from urllib.parse import parse_qs

import pytest

import pillars_rules as pr
from pillars_rules.web import protocol as P

from .support import ROOT, client, create, key_of, receive_until, records, say_hello

FAN = ROOT / "examples" / "fan_cards"


def test_the_lobby_page_is_a_form_with_no_script_and_strict_headers(tmp_path):
    with client(tmp_path) as c:
        r = c.get("/")
    assert r.status_code == 200 and '<form method="post" action="/games">' in r.text
    # one module, for "Your games"; the form itself needs no script
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", r.text, re.S)
    assert scripts == [(' type="module" src="/static/js/lobby.js"', "")]
    assert "style=" not in r.text and "<style" not in r.text
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    assert r.headers["x-frame-options"] == "DENY"


def test_create_by_json_gives_one_unguessable_link_per_person_and_one_for_spectators(tmp_path):
    with client(tmp_path) as c:
        res = create(
            c,
            seats=[{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}],
            takeover={"bot": "heuristic", "grace": 30},
        )
        other = create(c, players=2)
    assert [s["kind"] for s in res["seats"]] == ["person", "bot", "person"]
    assert [s["name"] for s in res["seats"]] == ["Ann", "Blue", "Green"]
    assert res["seats"][1]["link"] is None and res["seats"][1]["bot"] == "random"
    keys = [key_of(s["link"]) for s in res["seats"] if s["link"]] + [key_of(res["spectator"])]
    assert len(set(keys)) == 3
    for key in keys:  # 256 bits of base64url
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", key)
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", res["game"]) and res["game"] != other["game"]  # 128 bits
    # the credentials travel in the fragment of the link, never in its path or query
    for s in res["seats"][:1]:
        assert s["link"].startswith(f"http://127.0.0.1:8000/play#game={res['game']}&key=")
    assert res["takeover"] == {"bot": "heuristic", "grace": 30.0}
    data = (tmp_path / "games.sqlite3").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("games.sqlite3-*")
    )
    assert not any(k.encode() in data for k in keys)  # the database holds digests only


@pytest.mark.parametrize(
    "request_doc,why",
    [
        ({"players": 5}, "players must be 2, 3 or 4 with the card set 'base'"),
        ({"players": 7}, "players must be 2 to 6"),
        ({"players": 3, "seats": [{"kind": "person"}] * 2}, "players is 3 but 2 seats"),
        ({"seats": [{"kind": "person"}, {"kind": "bot", "bot": "alphago"}]}, "unknown bot 'alphago'"),
        ({"seats": [{"kind": "person"}, {"kind": "robot"}]}, "seats[1].kind"),
        ({"players": 2, "cards": "../../etc"}, "no card set '../../etc'"),
        ({"players": 2, "cards": "/work"}, "no card set"),
        ({"players": 2, "variants": ["nope"]}, "unknown variant 'nope'"),
        ({"players": 2, "colour": "red"}, "unknown field 'colour'"),
        ({"seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ann"}]}, "names must differ"),
        ({"players": 2, "takeover": {"bot": "random", "grace": -1}}, "takeover.grace"),
        ({"players": 2, "seed": 5}, "--allow-seeds"),
    ],
)
def test_bad_requests_are_refused_with_the_field_and_the_reason(tmp_path, request_doc, why):
    with client(tmp_path, allow_seeds=False) as c:
        r = c.post("/games", json=request_doc)
        assert r.status_code == 400 and why in r.json()["error"], r.text
        assert records(c) == []
        assert c.post("/games", content=b"{not json", headers={"content-type": "application/json"}).status_code == 400


def test_the_html_form_creates_a_game_and_escapes_what_it_shows(tmp_path):
    form = {
        "players": "2",
        "seat0": "person",
        "name0": "<b>Ann</b>",
        "seat1": "heuristic",
        "cards": "base",
        "variant": "dm",
        "takeover": "random",
        "grace": "5",
    }
    with client(tmp_path) as c:
        r = c.post("/games", data=form, follow_redirects=False)
        # POST/redirect/GET: the links travel in the fragment of a page that a reload does not post again
        assert r.status_code == 303 and r.headers["cache-control"] == "no-store"
        path, _, fragment = r.headers["location"].partition("#")
        assert path == "/created"
        made = parse_qs(fragment)
        seats = json.loads(made["seats"][0])
        assert [s["name"] for s in seats] == ["<b>Ann</b>", "Blue"] and seats[1] == {
            "name": "Blue",
            "key": None,
            "bot": "heuristic",
        }
        record = records(c)[0]
        assert record.game_id == made["game"][0]
        assert record.who(seats[0]["key"]) == 0 and record.who(made["spectator"][0]) == "spectator"
        page = c.get("/created")
        assert page.status_code == 200 and 'src="/static/js/created.js"' in page.text
        assert len(records(c)) == 1
        assert record.variants == ("dm",) and record.seats[1].bot == "heuristic"
        assert record.takeover == {"bot": "random", "grace": 5.0}
        bad = c.post("/games", data={**form, "seat1": "nobody"})
        assert bad.status_code == 400 and "unknown bot" in bad.text and "<form" in bad.text


def test_operator_card_sets_are_offered_by_name_and_identity(tmp_path):
    with client(tmp_path, cards_dirs=(str(FAN), str(FAN))) as c:
        lobby = c.get("/api/lobby").json()
        names = [s["name"] for s in lobby["cards"]]
        assert names == ["base", "expansion", "fan_cards", "fan_cards-2"]  # the library's named set too
        assert lobby["cards"][0]["players"] == [2, 3, 4] and lobby["cards"][1]["players"] == [2, 3, 4, 5, 6]
        assert lobby["players"] == [2, 3, 4, 5, 6]  # every count some offered set plays
        fan = {k: v for k, v in lobby["cards"][2].items() if k != "players"}  # the listing adds the counts
        assert fan["identity"] == pr.load_cards([str(FAN)]).identity and fan["cards"] > 62
        assert str(FAN) not in json.dumps(lobby)  # a client never sees (nor sends) a path
        res = create(c, players=2, cards="fan_cards")
        assert res["cards"] == fan
        with c.websocket_connect("/ws") as ws:
            welcome, sync = say_hello(ws, res["game"], key_of(res["seats"][0]["link"]))
        assert welcome["cards"] == fan
        assert sync["view"]["state"]["fixed"]["card_hash"] == fan["identity"]
        assert "fan_cards" in c.get("/").text


def test_the_games_bound(tmp_path):
    with client(tmp_path, max_games=1) as c:
        create(c, players=2)
        r = c.post("/games", json={"players": 2})
        assert r.status_code == 503 and "1 unfinished games" in r.json()["error"]


def test_hosts_and_origins_are_checked(tmp_path):
    with client(tmp_path) as c:
        assert c.get("/", headers={"host": "evil.example"}).status_code == 400  # no DNS rebinding
        r = c.post("/games", json={"players": 2}, headers={"origin": "http://evil.example"})
        assert r.status_code == 403
        assert records(c) == []
        assert c.post("/games", json={"players": 2}, headers={"origin": "http://testserver"}).status_code == 201


def test_the_admin_page_and_api_need_the_token(tmp_path):
    with client(tmp_path, admin_token="operator-token") as c:
        res = create(c, players=2)
        assert "password" in c.get("/admin").text
        assert c.post("/admin", data={"token": "wrong"}).status_code == 403
        page = c.post("/admin", data={"token": "operator-token"})
        assert page.status_code == 200 and res["game"] in page.text and res["tag"] in page.text
        assert c.get("/api/admin/games").status_code == 401
        api = c.get("/api/admin/games", headers={"authorization": "Bearer operator-token"}).json()
        assert [g["game"] for g in api["games"]] == [res["game"]]
        assert api["games"][0]["decision"] == 1 and api["games"][0]["finished"] is False


def test_the_play_page_and_static_files(tmp_path):
    with client(tmp_path) as c:
        r = c.get("/play")
        assert r.status_code == 200 and "content-security-policy" in r.headers
        assert "<script>" not in r.text  # no inline script, board or not
        css = c.get("/assets/server.css")
        assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
        assert c.get("/assets/../app.py").status_code == 404


def test_the_log_has_one_line_per_event_kind_and_never_a_credential(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="pillars_rules.web")
    with client(tmp_path) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        gid, ann, spec = res["game"], key_of(res["seats"][0]["link"]), key_of(res["spectator"])
        with c.websocket_connect("/ws") as ws:
            _, sync = say_hello(ws, gid, ann)
            ws.send_text(json.dumps({"decision": 1, "action": sync["choices"][0]["action"]}))
            receive_until(ws, "update")
            ws.send_text(json.dumps({"decision": 1, "action": {"type": "Pass"}}))
            receive_until(ws, "refused")
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(gid, spec[::-1]))
            receive_until(ws, "refused")
    text = caplog.text
    for secret in (gid, ann, spec, spec[::-1]):
        assert secret not in text
    for line in ("game created", "player joined", "action accepted", "action refused", "player left"):
        assert line in text, line
    assert res["tag"] in text


def test_the_favicon_is_served_and_every_server_page_names_it(tmp_path):
    with client(tmp_path) as c:
        icon = c.get("/favicon.ico")
        assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
        assert icon.content.startswith(b"<svg")
        for path in ("/", "/admin", "/created"):
            assert 'rel="icon" href="/favicon.ico"' in c.get(path).text, path


def test_the_server_page_names_every_bot_the_lobby_offers(tmp_path):
    from pillars_rules.bots import BOTS

    text = (ROOT / "docs" / "server.rst").read_text(encoding="utf-8")
    section = text[text.index("Create a game\n") : text.index("Invite friends\n")]
    named = set(re.findall(r"``([a-z0-9-]+)``", section))
    with client(tmp_path) as c:
        offered = set(c.get("/api/lobby").json()["bots"])
        page = c.get("/").text
    assert offered == set(BOTS) and offered <= named
    assert all(f'value="{b}"' in page for b in offered)


def test_six_seats_with_the_expansion_and_not_without(tmp_path):
    with client(tmp_path) as c:
        res = create(c, players=6, cards="expansion")
        assert res["cards"]["name"] == "expansion" and len(res["seats"]) == 6
        refused = c.post("/games", json={"players": 6})
        assert refused.status_code == 400
        assert "players must be 2, 3 or 4 with the card set 'base'" in refused.json()["error"]
        page = c.get("/")
        assert '<option value="6">6</option>' in page.text and 'name="seat5"' in page.text


def test_the_lobby_offers_ora_et_labora_and_its_form_creates_a_table(tmp_path):
    """Issue #59: the lobby page has a second form, Ora et Labora's (1-4 seats, the solo game
    included, Ora's bots, the country and the variants); it creates an Ora table, and a refused
    Ora form comes back filled in its own form."""
    with client(tmp_path) as c:
        page = c.get("/").text
        assert page.count('<form method="post" action="/games"') == 2 and 'name="game" value="ora-et-labora"' in page
        ora = page[page.index('id="ora-form"') :]
        assert '<option value="1">1 (the solo game)</option>' in ora and 'value="ireland"' in ora
        assert 'value="heuristic"' in ora and 'value="long"' in ora and 'name="cards"' not in ora
        form = {
            "game": "ora-et-labora",
            "players": "2",
            "seat0": "person",
            "name0": "Ann",
            "seat1": "heuristic",
            "variant": "ireland",
        }
        r = c.post("/games", data=form, follow_redirects=False)
        assert r.status_code == 303, r.text
        made = parse_qs(r.headers["location"].partition("#")[2])
        record = records(c)[0]
        assert record.game_id == made["game"][0] and record.game == "ora-et-labora"
        assert record.players == 2 and record.variants == ("ireland",) and record.seats[1].bot == "heuristic"
        # a bad combination: the long game with 3 seats, refused in the Ora form's own words
        bad = c.post("/games", data={**form, "players": "3", "seat2": "random", "variant": ["ireland", "long"]})
        assert bad.status_code == 400 and "long" in bad.text
        refused = bad.text[bad.text.index("<h2>Ora et Labora") :]
        assert 'role="alert"' in refused and 'value="3" selected' in refused
        assert 'value="long" checked' in refused and len(records(c)) == 1
        pillars_part = bad.text[: bad.text.index("<h2>Ora et Labora")]
        assert pillars_part.count('role="alert"') == 0  # the Pillars form is left as it was


def test_a_game_registered_without_bots_is_offered_for_people_only(monkeypatch):
    """A game registered with the core but given no bots is listed by the lobby with no bots
    (asking the bots' registry for its bots raised, and the lobby's whole listing with it)."""
    from pillars_rules.web import gamerequest as G

    titles = {**G.game_titles(), "no-bots-here": "A game without bots"}
    monkeypatch.setattr(G, "game_titles", lambda: titles)
    games = G.offered()
    assert games["no-bots-here"]["bots"] == [] and G.bots_of("no-bots-here") == ()
    assert "heuristic" in games["ora-et-labora"]["bots"] and games["ora-et-labora"]["players"] == [1, 2, 3, 4]
