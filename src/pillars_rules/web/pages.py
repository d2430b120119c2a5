"""The server's own HTML pages: the lobby form, the admin list, and the
stand-in shown at ``/play`` when no board is installed.

Plain HTML; the form works with no script at all. The lobby loads one module,
``static/js/lobby.js``, that lists "Your games" from the browser's storage
(the created game's links are a static page, ``static/created.html``, since
they travel in the URL fragment). Every value is escaped, card set and seat
names included.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

import pillars_rules as pr

from ..bots import BOTS
from ..games.pillars import VARIANTS
from .timers import MAX_SECONDS, MIN_SECONDS

if TYPE_CHECKING:  # pragma: no cover
    from .cardsets import Catalogue

_HEAD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="stylesheet" href="/assets/server.css">
<link rel="icon" href="/favicon.ico" type="image/svg+xml">{script}</head>
<body><main>
"""
_TAIL = "</main></body></html>\n"


def _page(title: str, body: str, script: str = "") -> str:
    tag = f'<script type="module" src="/static/js/{script}"></script>' if script else ""
    return _HEAD.format(title=escape(title), script=tag) + body + _TAIL


def _options(values: Iterable[tuple[str, str]], selected: str | None = None) -> str:
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == selected else ""}>{escape(label)}</option>'
        for v, label in values
    )


def _minutes(seconds: float) -> str:
    """A number of seconds as minutes for a form field ("0.08333333333333333" is fine for a browser)."""
    return repr(seconds / 60).removesuffix(".0")


#: The second game the lobby offers: its name, as a request and the form's hidden field say it.
ORA = "ora-et-labora"
#: Ora's variants in the lobby: the country (one of them), then the lengths and the set-up options (ticks).
ORA_TICKS = (
    ("short", "the short game (3 or 4 players)"),
    ("long", "the long 2-player game"),
    ("german heartland", "the short game's German heartland"),
    ("no deck-C quarry", "France, short, 4 players: no deck-C quarry"),
)


def _ora_form(got: Mapping[str, Any], problem: str = "") -> str:
    """The form that creates an Ora et Labora table (the same ``/games``, with ``game``):
    1 to 4 seats (1: the solo game), the country, the lengths and options; ``got``: a
    refused Ora form's fields (empty for a fresh page or a refused Pillars form), ``problem`` its refusal."""
    from ..bots import bot_names

    def value(key: str, default: str) -> str:
        v = got.get(key)
        return v if isinstance(v, str) else default

    bots = sorted(bot_names(ORA))
    kinds = [("person", "a person")] + [(b, f"bot: {b}") for b in bots]
    rows = "".join(
        f'<tr class="ora-seat-row" data-seat="{i + 1}"><th scope="row">Seat {i + 1}</th>'
        f'<td><select name="seat{i}" aria-label="Ora seat {i + 1} is played by">'
        f"{_options(kinds, value(f'seat{i}', 'person' if i == 0 else 'heuristic'))}</select></td>"
        f'<td><input name="name{i}" maxlength="{pr.limits.MAX_SEAT_NAME_LENGTH}" '
        f'value="{escape(value(f"name{i}", ""))}" placeholder="name (optional)" aria-label="Ora seat {i + 1} name"></td></tr>'
        for i in range(4)
    )
    ticks = got.get("variant")
    ticked: list[object] = ticks if isinstance(ticks, list) else []
    country = next((v for v in ("france", "ireland") if v in ticked), "france")
    countries = "".join(
        f'<label><input type="radio" name="variant" value="{v}"{" checked" if v == country else ""}> {v.title()}</label>'
        for v in ("france", "ireland")
    )
    more = "".join(
        f'<label><input type="checkbox" name="variant" value="{escape(v)}"{" checked" if v in ticked else ""}> '
        f"{escape(text)}</label>"
        for v, text in ORA_TICKS
    )
    return f"""<h2>Ora et Labora: new game</h2>
{problem}<form method="post" action="/games" id="ora-form"><input type="hidden" name="game" value="{ORA}">
<p><label>Players <select name="players">{
        _options([("1", "1 (the solo game)"), ("2", "2"), ("3", "3"), ("4", "4")], value("players", "2"))
    }</select></label> (seats past that number are left out)</p>
<table><thead><tr><th>Seat</th><th>Played by</th><th>Name</th></tr></thead><tbody>
{rows}</tbody></table>
<fieldset><legend>Country</legend>{countries}</fieldset>
<fieldset><legend>Variants</legend>{more}</fieldset>
<p><button type="submit">Create the Ora et Labora game</button></p>
</form>"""


def lobby(catalogue: Catalogue, error: str | None = None, entered: Mapping[str, Any] | None = None) -> str:
    """The forms that create a game (they post to ``/games``): Pillars', then Ora et
    Labora's (:func:`_ora_form`); a refused form (``error``) comes back with what was
    ``entered`` (the form's fields), in its own form, the error above it."""
    got = entered or {}
    ora = got.get("game") == ORA
    ora_got, got = (got, {}) if ora else ({}, got)

    def value(key: str, default: str) -> str:
        v = got.get(key)
        return v if isinstance(v, str) else default

    bots = sorted(BOTS)
    seat_kinds = [("person", "a person")] + [(b, f"bot: {b}") for b in bots]
    # seats up to the most any offered set plays (the expansion: 6); the server refuses
    # a count the chosen set does not play, naming the sets that play it
    most = max(c.players[-1] for c in catalogue)
    players = value("players", "3")
    rows = []
    for i in range(most):
        default = "person" if i < 2 else "heuristic" if "heuristic" in BOTS else bots[0]
        rows.append(
            f'<tr class="seat-row" data-seat="{i + 1}"><th scope="row">Seat {i + 1}</th>'
            f'<td><select name="seat{i}" aria-label="seat {i + 1} is played by">'
            f"{_options(seat_kinds, value(f'seat{i}', default))}</select></td>"
            f'<td><input name="name{i}" maxlength="{pr.limits.MAX_SEAT_NAME_LENGTH}" '
            f'value="{escape(value(f"name{i}", ""))}" '
            f'placeholder="name (optional)" aria-label="seat {i + 1} name"></td></tr>'
        )
    chosen = value("cards", "base")
    sets = "".join(
        f'<option value="{escape(c.name)}" data-players="{" ".join(map(str, c.players))}"'
        f"{' selected' if c.name == chosen else ''}>{escape(c.name)} ({c.cards} cards, "
        f"{c.players[0]}-{c.players[-1]} players, {escape(c.identity[:12])})</option>"
        for c in catalogue
    )
    fewest_most = min(c.players[-1] for c in catalogue)
    bigger = [c.name for c in catalogue if c.players[-1] > fewest_most]
    hint = (
        f' <span class="hint" id="players-hint">{fewest_most + 1}-{most} players need a card set that plays '
        f"them: {escape(' or '.join(bigger))}</span>"
        if bigger
        else ""
    )
    ticks = got.get("variant")
    ticked: list[object] = ticks if isinstance(ticks, list) else []
    variants = "".join(
        f'<label><input type="checkbox" name="variant" value="{escape(v)}"'
        f"{' checked' if v in ticked else ''}> "
        f"{escape(v)}: {escape(text)}</label>"
        for v, text in sorted(VARIANTS.items())
    )
    problem = f'<p class="error" role="alert">{escape(error)}</p>' if error and not ora else ""
    ora_problem = f'<p class="error" role="alert">{escape(error)}</p>' if error and ora else ""
    reveal = " checked" if value("reveal", "") == "on" else ""
    body = f"""<h1>The Pillars of the Earth: new game</h1>
{problem}<form method="post" action="/games">
<p><label>Players <select name="players">{
        _options([(str(n), str(n)) for n in range(2, most + 1)], players)
    }</select></label>
(seats past that number are left out){hint}</p>
<table><thead><tr><th>Seat</th><th>Played by</th><th>Name</th></tr></thead><tbody>
{"".join(rows)}</tbody></table>
<p><label>Cards <select name="cards">{sets}</select></label></p>
<fieldset><legend>Variants</legend>{variants}</fieldset>
<p><label>When a person is away, a bot takes over: <select name="takeover">
{_options([("", "never")] + [(b, b) for b in bots], value("takeover", ""))}</select></label>
<label>after <input name="grace" type="number" min="0" max="86400" value="{
        escape(value("grace", "60"))
    }"> seconds</label></p>
<p><label>Turn timer <select name="clock">{
        _options(
            [("none", "none"), ("move", "per move"), ("game", "a chess clock per player (for the whole game)")],
            value("clock", "none"),
        )
    }</select></label>
<label><input name="clock_minutes" type="number" min="{_minutes(MIN_SECONDS)}" max="{_minutes(MAX_SECONDS)}" step="any"
value="{escape(value("clock_minutes", "2"))}"> minutes</label>
<label>then the bot <select name="clock_bot">{
        _options([(b, b) for b in bots], value("clock_bot", "medium" if "medium" in BOTS else bots[0]))
    }</select>
decides for the seat</label> (at least {MIN_SECONDS:.0f} seconds; slow games: 1440 minutes is a day)</p>
<p><label><input type="checkbox" name="reveal"{reveal}> Once the game is over, its replay may show what nobody
knew during it (the order of the decks)</label></p>
<p><button type="submit">Create the game</button></p>
</form>
{_ora_form(ora_got, ora_problem)}
<section id="your-games" aria-label="Your games" hidden></section>"""
    return _page("New game", body, "lobby.js")


def admin_form(error: str | None = None) -> str:
    problem = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    body = f"""<h1>Games on this server</h1>{problem}
<form method="post" action="/admin"><p><label>Admin token (printed when the server started)
<input name="token" type="password" autocomplete="off" required></label>
<button type="submit">Show the games</button></p></form>"""
    return _page("Admin", body)


def admin_list(rows: list[dict[str, Any]]) -> str:
    cells = []
    for r in rows:
        when = (
            "-" if r["created"] is None else datetime.datetime.fromtimestamp(r["created"]).isoformat(timespec="seconds")
        )
        state = "damaged record" if r.get("damaged") else "finished" if r["finished"] else f"decision {r['decision']}"
        cells.append(
            f"<tr><td><code>{escape(r['game'])}</code></td><td>{escape(r['tag'])}</td>"
            f"<td>{escape(when)}</td><td>{escape(', '.join(r['seats']))}</td>"
            f"<td>{escape(r['cards'] or '-')}</td><td>{escape(state)}</td><td>{r['connections']}</td></tr>"
        )
    body = f"""<h1>Games on this server</h1>
<table><thead><tr><th>Game</th><th>Tag (in logs)</th><th>Created</th><th>Seats</th><th>Cards</th>
<th>State</th><th>Connections</th></tr></thead><tbody>{"".join(cells)}</tbody></table>"""
    return _page("Admin", body)


def no_board() -> str:
    body = """<h1>No board here</h1>
<p>This server has no browser board installed. Programs can still play over the
WebSocket protocol (see the protocol page of the documentation).</p>"""
    return _page("No board", body)


def message(title: str, text: str) -> str:
    return _page(title, f'<h1>{escape(title)}</h1><p>{escape(text)}</p><p><a href="/">Back</a></p>')


__all__ = ["lobby", "admin_form", "admin_list", "no_board", "message"]
