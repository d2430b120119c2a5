"""E-mail on your turn (issue #56): opt-in per seat, batched, with an unsubscribe link.

Off unless the operator gives the server a :class:`MailSettings` (an SMTP
server, its TLS, a sender). A seat's board then offers *E-mail me on my turn*:
``POST /api/mail`` ``{"op": "subscribe", "game", "key", "address"}`` (from
this server's pages, in the body, within the address's hello rate) keeps the
address for that seat. When the turn comes to the seat and no connection of it
is open, one mail goes out with the seat's link and an unsubscribe link; a seat
gets at most one mail per ``quiet`` seconds (a fast game sends one, not one a
move; a turn that came during the quiet period is mailed at its end if the seat
still has it). ``GET /mail/unsubscribe?t=<token>`` (the token is one use's, a
new one per mail) stops the mails for that seat.

The address is kept in the game records' database and nowhere else: no
view, no log line (the log says ``mail sent game=<tag> seat=<n>``), no
replay or save carries it. The seat's key, which the mail's link needs, is
kept sealed with a secret of the server's (:func:`~pillars_rules.web.mygames.seal`);
the unsubscribe token only as its digest. Mails are sent with the standard
library's :mod:`smtplib`, in a thread of their own.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import sqlite3
import ssl
import time
from email.message import EmailMessage

from starlette.responses import HTMLResponse, JSONResponse, Response

from ..errors import StoreError
from .mailsettings import MailSettings
from .mygames import seal, unseal
from .registry import SQLiteRegistry, digest, new_key, tag
from .replay import _error, find_seat

log = logging.getLogger("pillars_rules.web")
_MAX_ADDRESS = 254


_TABLE = (
    "CREATE TABLE IF NOT EXISTS {t} (game_id TEXT NOT NULL, seat INTEGER NOT NULL, address TEXT NOT NULL, "
    "sealed TEXT NOT NULL, unsub_hash TEXT, last_sent REAL NOT NULL DEFAULT 0, "
    "PRIMARY KEY (game_id, seat))"
)
_SECRET = "CREATE TABLE IF NOT EXISTS {s} (name TEXT PRIMARY KEY, value TEXT NOT NULL)"


class MailBook:
    """The subscriptions, beside the game records (use it in their thread)."""

    def __init__(self, registry) -> None:
        self.registry = registry
        self.sqlite = isinstance(registry, SQLiteRegistry)
        prefix = "" if self.sqlite else "pillars."
        self.table, self.secrets = f"{prefix}server_mail", f"{prefix}server_secrets"
        self._secret: str | None = None

    def _run(self, sql: str, args: tuple = ()) -> list:
        if self._secret is None:
            self.registry._run(_TABLE.format(t=self.table))
            self.registry._run(_SECRET.format(s=self.secrets))
            self._secret = ""
            self._secret = self._load_secret()
        if not self.sqlite:
            sql = sql.replace("?", "%s")
        return self.registry._run(sql.format(t=self.table, s=self.secrets), args)

    def _load_secret(self) -> str:
        rows = self._run("SELECT value FROM {s} WHERE name = 'mail'")
        if not rows:
            self._run("INSERT INTO {s} VALUES ('mail', ?) ON CONFLICT DO NOTHING", (new_key(),))
            rows = self._run("SELECT value FROM {s} WHERE name = 'mail'")
        return rows[0][0]

    def subscribe(self, game_id: str, seat: int, address: str, key: str) -> None:
        self._run("DELETE FROM {t} WHERE game_id = ? AND seat = ?", (game_id, seat))
        self._run(
            "INSERT INTO {t} (game_id, seat, address, sealed) VALUES (?, ?, ?, ?)",
            (game_id, seat, address, seal(key, self._secret or "")),
        )

    def due(self, game_id: str, seat: int) -> tuple[str, str, float] | None:
        """(address, seat key, last sent) of a subscribed seat, else ``None``."""
        rows = self._run("SELECT address, sealed, last_sent FROM {t} WHERE game_id = ? AND seat = ?", (game_id, seat))
        if not rows:
            return None
        return rows[0][0], unseal(rows[0][1], self._secret or ""), rows[0][2]

    def keep_token(self, game_id: str, seat: int, unsub: str) -> None:
        """Record ``unsub`` (by its digest) as the seat's unsubscribe token, before its mail goes out:
        a reader may follow the link the moment the mail arrives."""
        self._run("UPDATE {t} SET unsub_hash = ? WHERE game_id = ? AND seat = ?", (digest(unsub), game_id, seat))

    def sent(self, game_id: str, seat: int, unsub: str) -> None:
        self._run(
            "UPDATE {t} SET last_sent = ?, unsub_hash = ? WHERE game_id = ? AND seat = ?",
            (time.time(), digest(unsub), game_id, seat),
        )

    def unsubscribe(self, unsub: str) -> bool:
        rows = self._run("SELECT game_id FROM {t} WHERE unsub_hash = ?", (digest(unsub),))
        self._run("DELETE FROM {t} WHERE unsub_hash = ?", (digest(unsub),))
        return bool(rows)


def _book(server) -> MailBook:
    book = getattr(server, "mail_book", None)
    if book is None or book.registry is not server.storage.games:
        book = server.mail_book = MailBook(server.storage.games)
    return book


def send(mail: MailSettings, to: str, subject: str, text: str) -> None:
    """One mail through the operator's SMTP server (blocking: call it in a thread)."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = mail.sender, to, subject
    msg.set_content(text)
    context = ssl.create_default_context()
    if mail.tls == "ssl":
        client: smtplib.SMTP = smtplib.SMTP_SSL(mail.host, mail.port, timeout=mail.timeout, context=context)
    else:
        client = smtplib.SMTP(mail.host, mail.port, timeout=mail.timeout)
    with client:
        if mail.tls == "starttls":
            client.starttls(context=context)
        if mail.user:
            client.login(mail.user, mail.password or "")
        client.send_message(msg)


class TurnMail:
    """A server's turn mails: :meth:`turn` is called when a decision becomes pending."""

    def __init__(self, server) -> None:
        self.server = server
        self._waiting: dict[tuple[str, int], asyncio.Task] = {}

    def turn(self, room) -> None:
        mail = self.server.settings.mail
        game = room.game
        if mail is None or game.is_over:
            return
        seat = game.current_player
        key = (room.record.game_id, seat)
        if room.record.seats[seat].kind != "person" or room.present[seat] or key in self._waiting:
            return
        task = asyncio.get_running_loop().create_task(self._mail(room, seat, mail))
        self._waiting[key] = task
        task.add_done_callback(lambda _t: self._waiting.pop(key, None))

    async def _mail(self, room, seat: int, mail: MailSettings) -> None:
        game_id = room.record.game_id
        book = _book(self.server)
        try:
            due = await self.server.in_registry(book.due, game_id, seat)
            if due is None:
                return
            address, key, last = due
            wait = last + mail.quiet - time.time()
            if wait > 0:  # one mail a quiet period: the turn is mailed at its end
                await asyncio.sleep(wait)
            game = room.game
            if game.is_over or game.current_player != seat or room.present[seat]:
                return
            unsub = new_key()
            base = (
                self.server.settings.public_url or f"http://{self.server.settings.host}:{self.server.settings.port}"
            ).rstrip("/")
            name = room.record.seats[seat].name
            text = (
                f"{name}, it is your turn in {game.game_type.title} (round {game.state.round}).\n\n"
                f"Play: {base}/play#game={game_id}&key={key}\n\n"
                f"No more of these mails for this game: {base}/mail/unsubscribe?t={unsub}\n"
            )
            await self.server.in_registry(book.keep_token, game_id, seat, unsub)
            await asyncio.get_running_loop().run_in_executor(
                None, send, mail, address, f"Your turn — {game.game_type.title}", text
            )
            await self.server.in_registry(book.sent, game_id, seat, unsub)
            log.info("mail sent game=%s seat=%d", tag(game_id), seat)
        except (OSError, smtplib.SMTPException, StoreError, sqlite3.Error, ValueError) as err:
            log.error("mail not sent game=%s seat=%d: %s", tag(game_id), seat, type(err).__name__)


def turn_mail(room) -> None:
    """A decision became pending at ``room``: mail its seat if it asked and is away."""
    server = room.server
    mailer = getattr(server, "turn_mailer", None)
    if mailer is None:
        mailer = server.turn_mailer = TurnMail(server)
    mailer.turn(room)


async def answer(server, body: bytes, address: str) -> Response:
    """``POST /api/mail``: ``{"op": "status"}`` or ``{"op": "subscribe", "game", "key", "address"}``."""
    import json

    if not server.limits.hello(address):
        return _error(429, "too many requests from this address; try again in a few seconds")
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        return _error(400, "the request is not JSON")
    if doc == {"op": "status"}:
        return JSONResponse({"enabled": server.settings.mail is not None})
    if not (
        isinstance(doc, dict)
        and set(doc) == {"op", "game", "key", "address"}
        and doc["op"] == "subscribe"
        and all(isinstance(doc[k], str) and 0 < len(doc[k]) <= 64 for k in ("game", "key"))
    ):
        return _error(400, 'a mail request is {"op": "status"} or {"op": "subscribe", "game", "key", "address"}')
    to = doc["address"]
    if not (
        isinstance(to, str)
        and 3 <= len(to) <= _MAX_ADDRESS
        and to.count("@") == 1
        and not any(c.isspace() or c in '<>,;"' for c in to)
        and all(to.split("@"))
    ):
        return _error(400, "address: one e-mail address, like name@example.org")
    if server.settings.mail is None:
        return _error(409, "this server sends no e-mail (its operator has not set it up)")
    found = await find_seat(server, doc["game"], doc["key"])
    if isinstance(found, Response):
        return found
    if found is None or found[1] is None:
        return _error(404, "no seat of a game with this id and key")
    try:
        await server.in_registry(_book(server).subscribe, doc["game"], found[1], to, doc["key"])
    except (StoreError, sqlite3.Error) as err:
        return _error(503, f"not kept right now: {type(err).__name__}")
    log.info("mail subscribed game=%s seat=%d", tag(doc["game"]), found[1])
    return JSONResponse({"subscribed": True}, headers={"cache-control": "no-store"})


async def unsubscribe(server, token: str) -> Response:
    """``GET /mail/unsubscribe?t=<token>``: stop the mails of the seat that mail was for."""
    if not token or len(token) > 64:
        return HTMLResponse("<p>This unsubscribe link is incomplete.</p>", 400)
    done = await server.in_registry(_book(server).unsubscribe, token)
    text = (
        "You will get no more turn mails for this game."
        if done
        else "This unsubscribe link was used already, or is not one of this server's."
    )
    return HTMLResponse(
        f"<!doctype html><title>Unsubscribed</title><p>{text}</p>", headers={"cache-control": "no-store"}
    )


__all__ = ["MailSettings", "TurnMail", "MailBook", "send", "answer", "unsubscribe", "turn_mail"]
