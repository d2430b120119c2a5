"""The game server's settings, with their defaults (``pillars-rules serve --help``)."""

from __future__ import annotations

from typing import Any

from attrs import Attribute, field, frozen

from ..errors import ConfigError
from .capacity import SEATS, TABLES, default_bot_workers


def _positive(instance: object, attribute: Attribute[Any], value: float) -> None:
    if not value > 0:
        raise ConfigError(f"{attribute.name.replace('_', '-')} must be more than 0, not {value!r}")


def _not_negative(instance: object, attribute: Attribute[Any], value: float) -> None:
    if not value >= 0:
        raise ConfigError(f"{attribute.name.replace('_', '-')} must be 0 or more, not {value!r}")


def _prefix(instance: object, attribute: Attribute[Any], value: object) -> None:
    if type(value) is not int or not 1 <= value <= 128:
        raise ConfigError(f"ipv6-prefix must be a prefix length from 1 to 128, not {value!r}")


@frozen
class Settings:
    """Everything an operator can set. Times are in seconds.

    * ``host``, ``port``: where to listen (``127.0.0.1`` unless exposed on purpose).
    * ``db``: the SQLite file of every game (created if missing).
    * ``cards_dirs``: folders of fan cards the lobby may offer, by folder name.
    * ``public_url``: the address players use (for the links), if not the one they reach.
    * ``allowed_hosts``, ``allowed_origins``: more host names (``Host`` header) and
      page origins (WebSocket ``Origin``) to accept than this server's own.
    * ``bot_delay``: how long a server bot waits before it moves, so people can follow.
    * ``bot_workers``: processes in the bot pool (one per core, 8 at most, by default);
      ``bot_timeout``: longest a bot may think.
    * ``takeover_grace``: the default grace before a bot takes over a person's seat.
    * ``max_games``: unfinished games the server hosts at most; ``max_games_per_client``:
      unfinished games created from one client address at most; ``create_rate``: games one
      client address may create a minute; ``expire_after``: a game with no move for this
      long is deleted (finished games are kept, read-only, for their replay).
    * ``max_connections``: WebSockets at most (a seat's credential may still come in
      over it, up to a tenth more); ``max_spectators_per_game``: spectators of one game at
      most; ``max_connections_per_seat``: connections of one seat at most (one more
      replaces the seat's oldest).
    * ``rate``, ``burst``: messages a credential (a seat's, or a game's spectators') may send
      per second on average, and at once, over all its connections; ``client_rate``: the same
      for all the connections of one client address (bursts of ``burst`` or three seconds' worth);
      ``flood``: rate refusals after which the connection is closed.
    * ``hello_rate``: hellos one client address may send a second (bursts of five seconds'
      worth); ``max_connections_per_client``: connections one client address may hold.
    * ``hello_timeout``: how long a new connection may take to say hello.
    * ``header_timeout``, ``body_timeout``: how long an HTTP request may take to send its
      headers (then the connection is closed) and its body (then it is answered 408);
      ``max_http``: HTTP requests under way at once besides the WebSockets (more are answered
      503; under ``serve``, which runs uvicorn with these).
    * ``send_queue``: messages waiting for a slow client before it is disconnected.
    * ``refusal_delay``: how long a client refused for going over a limit waits for the
      refusal (HTTP 429 on creating a game; a WebSocket's ``flood`` and ``bad_credentials``
      refusals): a client that floods one request after another gets one answer per delay
      and connection, guessing keys costs that long a guess, and the server spends its CPU
      on the tables being played, not on answering the flood (a wait costs it nothing).
    * ``max_games_per_network``: unfinished games created from one wider network at most
      (an IPv4 /24, an IPv6 /48), so that a few addresses of one network cannot fill the server.
    * ``expire_unstarted``: a game whose persons' seats nobody has taken (no hello with a
      seat's key) is deleted this long after its creation, much sooner than ``expire_after``.
    * ``keep_finished``: finished games created longer ago than this are deleted (0: kept
      for good); ``serve --prune`` does it once.
    * ``ipv6_prefix``: the IPv6 network that counts as one client address in every
      per-address limit (64: a /64, what one subscriber is commonly given; 128: each address).
    * ``replay_rate``: replay and rematch requests one client address (or IPv6 network, see
      ``ipv6_prefix``) may send a second, in bursts of ten seconds' worth (more are answered 429).
    * ``allow_seeds``: let the lobby choose a game's seed (for tests and replays only:
      whoever knows the seed knows every card to come).
    * ``db_timeout``: how long a read of the database for a hello, a lobby request or the
      health check may take before it is given up (and how long a connection to
      PostgreSQL may take to open; its statements get the same bound).
    * ``admin_token``: the operator's token for the admin page (drawn at start if unset).
    * ``mail``: turn mails' SMTP server, TLS and sender (:class:`~pillars_rules.web.mail.MailSettings`;
      off unless given).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    db: str = "pillars-games.sqlite3"
    cards_dirs: tuple[str, ...] = field(default=(), converter=tuple)
    public_url: str | None = None
    allowed_hosts: tuple[str, ...] = field(default=(), converter=tuple)
    allowed_origins: tuple[str, ...] = field(default=(), converter=tuple)
    bot_delay: float = field(default=0.8, validator=_not_negative)
    bot_workers: int = field(factory=default_bot_workers, validator=_positive)
    bot_timeout: float = field(default=120.0, validator=_positive)
    takeover_grace: float = field(default=60.0, validator=_not_negative)
    max_games: int = field(default=TABLES, validator=_positive)  # measured: web/capacity.py
    max_games_per_client: int = field(default=20, validator=_positive)
    create_rate: int = field(default=10, validator=_positive)
    expire_after: float = field(default=48 * 3600.0, validator=_positive)
    max_connections: int = field(default=SEATS * TABLES, validator=_positive)
    max_spectators_per_game: int = field(default=12, validator=_positive)
    max_connections_per_seat: int = field(default=4, validator=_positive)
    rate: float = field(default=10.0, validator=_positive)
    burst: int = field(default=30, validator=_positive)
    flood: int = field(default=30, validator=_positive)
    client_rate: float = field(default=40.0, validator=_positive)
    hello_rate: float = field(default=2.0, validator=_positive)
    max_connections_per_client: int = field(default=32, validator=_positive)
    header_timeout: float = field(default=10.0, validator=_positive)
    body_timeout: float = field(default=10.0, validator=_positive)
    max_http: int = field(default=200, validator=_positive)
    hello_timeout: float = field(default=10.0, validator=_positive)
    send_queue: int = field(default=512, validator=_positive)
    refusal_delay: float = field(default=1.0, validator=_not_negative)
    replay_rate: float = field(default=6.0, validator=_positive)  # the replay page plays 5 a second at most
    max_games_per_network: int = field(default=40, validator=_positive)
    expire_unstarted: float = field(default=900.0, validator=_positive)
    keep_finished: float = field(default=30 * 86400.0, validator=_not_negative)
    ipv6_prefix: int = field(default=64, validator=_prefix)
    allow_seeds: bool = False
    admin_token: str | None = None
    db_timeout: float = field(default=5.0, validator=_positive)
    #: the interpreter's thread switch interval while the server runs, in seconds (``None``: leave
    #: Python's, 5 ms); web/switching.py says what a shorter one is for and why it is not the default
    switch_interval: float | None = None
    #: The SMTP server for turn mails (:class:`~pillars_rules.web.mail.MailSettings`); ``None``: no mail.
    mail: object = None


__all__ = ["Settings"]
