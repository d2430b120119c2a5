"""``pillars-rules serve``: the game server (extra ``[web]``), or ``--list`` its games.

It prints where the games are stored, the lobby's address and the admin
token, then serves until stopped (Ctrl-C). ``--list`` prints the stored
games and exits without serving.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import logging
import socket
import sys

from ..errors import ConfigError
from ..web.mailsettings import add_arguments as mail_arguments
from ..web.mailsettings import from_args as mail_settings
from .options import add_game, install_hint

#: The numeric settings: (Settings field, metavar, what it sets).
_TUNING = (
    ("bot_delay", "S", "seconds a server bot waits before it moves"),
    ("bot_workers", "N", "processes that run the server's bots"),
    ("bot_timeout", "S", "longest a bot may think before a random move is played"),
    (
        "takeover_grace",
        "S",
        "seconds before a bot takes over an absent person's seat, in games that ask for it without saying",
    ),
    ("max_games", "N", "unfinished games at most"),
    ("max_games_per_client", "N", "unfinished games created from one client address at most"),
    ("max_games_per_network", "N", "unfinished games created from one network (IPv4 /24, IPv6 /48) at most"),
    ("create_rate", "N", "games one client address may create a minute"),
    ("expire_after", "S", "seconds without a move after which an unfinished game is deleted"),
    ("expire_unstarted", "S", "seconds after its creation when a game whose seats nobody took is deleted"),
    ("keep_finished", "S", "seconds after their creation when finished games are deleted (0: never)"),
    ("max_connections", "N", "WebSocket connections at most"),
    ("max_spectators_per_game", "N", "spectator connections to one game at most"),
    ("max_connections_per_seat", "N", "connections of one seat at most (one more replaces its oldest)"),
    ("rate", "N", "messages a connection may send per second on average"),
    ("burst", "N", "messages a connection may send at once"),
    ("client_rate", "N", "messages all the connections of one client address may send per second"),
    ("hello_rate", "N", "hellos one client address may send per second"),
    ("max_connections_per_client", "N", "connections one client address may hold at most"),
    ("db_timeout", "S", "seconds a database read for a hello, a lobby request or /healthz may take"),
    ("header_timeout", "S", "seconds an HTTP request may take to send its headers"),
    ("body_timeout", "S", "seconds an HTTP request may take to send its body"),
    ("max_http", "N", "HTTP requests under way at once, besides the WebSockets"),
    ("flood", "N", "rate refusals (less those worked off) after which a connection is closed"),
    ("ipv6_prefix", "N", "IPv6 prefix length that counts as one client address in the per-address limits"),
    ("replay_rate", "N", "replay and rematch requests one client address may send per second"),
    ("refusal_delay", "S", "seconds a client over a limit waits for its refusal (429, flood, bad key)"),
)


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``serve`` command."""
    from ..web.settings import Settings

    d = Settings()
    p = subparsers.add_parser(
        "serve", help="host games for people and bots in the browser (extra [web])", description=__doc__.splitlines()[0]
    )
    add_game(p)
    p.add_argument("--host", default=d.host, help=f"address to listen on (default {d.host}: this machine only)")
    p.add_argument("--port", type=int, default=d.port, help=f"port (default {d.port}; 0: any free port)")
    p.add_argument(
        "--db",
        default=d.db,
        metavar="PATH",
        help=f"SQLite file of every game (default ./{d.db}), "
        "or a postgresql:// connection string to share the games with other server processes "
        "(extra [postgres])",
    )
    p.add_argument(
        "--cards",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of fan cards the lobby may offer (repeatable); listed by folder name",
    )
    p.add_argument("--list", action="store_true", help="print the stored games and exit")
    p.add_argument(
        "--delete",
        metavar="GAME",
        help="delete the stored game GAME (its record and log) and exit; "
        "a running server holding it goes on with it until restarted: use the admin API there",
    )
    p.add_argument(
        "--owner-of",
        metavar="ADDRESS",
        help="print the owner digests of a client address (as one "
        "client, and its network) as the game listings show them, and exit",
    )
    p.add_argument(
        "--delete-owner",
        metavar="OWNER",
        help="delete every stored game created from OWNER (a digest "
        "from --list or --owner-of) and exit; a running server: use DELETE /api/admin/owners/OWNER",
    )
    p.add_argument(
        "--prune",
        action="store_true",
        help="delete the finished games created more than --keep-finished seconds ago, and exit",
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players use, for the links (e.g. https://games.example.org behind a proxy)",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another host name the server answers to (repeatable)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another page origin whose WebSockets are accepted (repeatable)",
    )
    for name, metavar, what in _TUNING:  # each a Settings field, with its default shown
        default = getattr(d, name)
        p.add_argument(
            "--" + name.replace("_", "-"),
            type=type(default),
            default=default,
            metavar=metavar,
            help=f"{what} (default {default:g})",
        )
    p.add_argument(
        "--allow-seeds", action="store_true", help="let game requests choose the seed (tests and replays only)"
    )
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.add_argument(
        "--loop",
        default="asyncio",
        choices=["asyncio", "uvloop", "auto"],
        help="the event loop: Python's asyncio (the default) or uvloop (pip install uvloop; "
        "not yet for several processes sharing PostgreSQL: see the deployment guide); auto: uvloop where installed",
    )
    mail_arguments(p)
    p.set_defaults(func=_serve)
    return p


def _settings(args: argparse.Namespace):
    from ..web.settings import Settings

    return Settings(
        host=args.host,
        port=args.port,
        db=args.db,
        cards_dirs=args.cards,
        public_url=args.public_url,
        allowed_hosts=args.allow_host,
        allowed_origins=args.allow_origin,
        allow_seeds=args.allow_seeds,
        mail=mail_settings(args),
        **{name: getattr(args, name) for name, _, _ in _TUNING},
    )


def list_games(db: str, out=None) -> int:
    """Print the games stored in ``db`` (for the operator); the number printed."""
    import os

    from ..table.opening import POSTGRES_PREFIXES
    from ..web.registry import open_storage, tag

    out = out or sys.stdout
    postgres = db.startswith(POSTGRES_PREFIXES)
    if not postgres and not os.path.exists(db):
        raise ConfigError(f"no game database at {os.path.abspath(db)!r}")
    storage = open_storage(db)
    try:
        records, damaged = storage.games.read_all()
        print(
            f"{len(records) + len(damaged)} game(s) in {storage.events.path if postgres else os.path.abspath(db)}",
            file=out,
        )
        for err in damaged:
            print(f"{err.game_id}  tag {tag(str(err.game_id))}  damaged: {err}", file=out)
        for r in records:
            try:
                where = "finished" if r.finished else f"decision {storage.events.decision(r.game_id)}"
            except Exception as exc:  # noqa: BLE001 - a damaged row must not hide the others
                where = f"unreadable ({type(exc).__name__})"
            when = datetime.datetime.fromtimestamp(r.created).isoformat(timespec="seconds")
            seats = ", ".join(s.name + ("" if s.kind == "person" else f" (bot {s.bot})") for s in r.seats)
            print(
                f"{r.game_id}  tag {tag(r.game_id)}  {when}  {r.cards['name']}  {where}  {seats}  "
                f"owner {r.owner or '-'}  network {r.network or '-'}",
                file=out,
            )
        return len(records) + len(damaged)
    finally:
        storage.close()


def http_concurrency(settings) -> int:
    """uvicorn's ``limit_concurrency``: the WebSockets the server takes (with the seats'
    reserve) and ``max_http`` requests besides; past it a request is answered 503."""
    return settings.max_connections + max(1, settings.max_connections // 10) + settings.max_http


@contextlib.contextmanager
def _existing(db: str):
    """The storage at ``db``, which must exist already (a one-off operation creates nothing)."""
    import os

    from ..table.opening import POSTGRES_PREFIXES
    from ..web.registry import open_storage

    if not db.startswith(POSTGRES_PREFIXES) and not os.path.exists(db):
        raise ConfigError(f"no game database at {os.path.abspath(db)!r}")
    storage = open_storage(db)
    try:
        yield storage
    finally:
        storage.close()


def delete_game(db: str, game_id: str, out=None) -> bool:
    """Delete ``game_id`` from ``db`` (for the operator); whether it was there."""
    from ..errors import DamagedGameError

    out = out or sys.stdout
    with _existing(db) as storage:
        try:
            known = storage.games.get(game_id) is not None
        except DamagedGameError:
            known = True
        known = known or game_id in storage.events.games()
        if not known:
            print(f"no game {game_id!r} here", file=out)
            return False
        storage.games.delete(game_id)
        storage.events.delete(game_id)
        print(f"deleted {game_id}", file=out)
        return True


def delete_games(db: str, select, out=None) -> list[str]:
    """Delete from ``db`` the games that ``select(records)`` names (for the operator); their ids."""
    out = out or sys.stdout
    with _existing(db) as storage:
        gone = select(storage.games.records())
        for game_id in gone:
            storage.games.delete(game_id)
            storage.events.delete(game_id)
        print(f"deleted {len(gone)} game(s)", file=out)
        return gone


def _one_off(args: argparse.Namespace) -> int | None:
    """The operations that run once and exit (``--list``, ``--owner-of``...); ``None``: serve."""
    import time

    from ..web import retention

    if args.list:
        list_games(args.db)
        return 0
    if args.owner_of is not None:
        owner, network = retention.owners_of(args.owner_of, args.ipv6_prefix)
        print(f"owner {owner}  network {network}")
        return 0
    if args.delete_owner is not None:
        delete_games(args.db, lambda records: retention.owned_by(records, args.delete_owner))
        return 0
    if args.prune:
        if not args.keep_finished:
            raise ConfigError("--prune: --keep-finished is 0 (keep finished games for good)")
        cutoff = time.time() - args.keep_finished
        delete_games(args.db, lambda records: retention.finished_before(records, cutoff))
        return 0
    return None


def event_loop(choice: str) -> str:
    """The event loop ``--loop`` asks for, as uvicorn names it: ``asyncio`` (the default), or
    ``uvloop`` (less CPU a move at people's pace, but a server of several processes sharing
    PostgreSQL did not hand its clients over when one was killed: docs/deployment.rst), refused
    with the install line where it is not installed; ``auto`` is uvloop where it is installed."""
    import importlib.util

    has = importlib.util.find_spec("uvloop") is not None
    if choice == "uvloop" and not has:
        raise ConfigError("--loop uvloop: uvloop is not installed (pip install uvloop)")
    return "uvloop" if choice == "uvloop" or (choice == "auto" and has) else "asyncio"


def _serve(args: argparse.Namespace) -> int:
    from ..games.pillars import PILLARS

    if args.game != PILLARS.name:  # the lobby, the board and the bots' pool are Pillars'
        raise ConfigError(f"--game: the server's tables play {PILLARS.name} only, not {args.game!r}")
    done = _one_off(args)
    if done is not None:
        return done
    if args.delete is not None:
        return 0 if delete_game(args.db, args.delete) else 1
    try:
        import uvicorn
        from uvicorn.protocols.http.auto import AutoHTTPProtocol

        from ..web.app import create_app
        from ..web.capacity import SPARE_FILES, open_files, sized_for
        from ..web.httplimits import timed_protocol
        from ..web.protocol import MAX_MESSAGE_BYTES
    except ImportError as exc:
        raise ConfigError(f"the server needs the [web] extra ({install_hint('web')}): {exc}") from None
    settings = _settings(args)
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    app = create_app(settings)
    server = app.state.server
    family = socket.AF_INET6 if ":" in settings.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((settings.host, settings.port))
    except OSError as exc:
        raise ConfigError(f"cannot listen on {settings.host}:{settings.port}: {exc.strerror}") from None
    port = sock.getsockname()[1]
    shown = f"[{settings.host}]" if family == socket.AF_INET6 else settings.host
    base = settings.public_url or f"http://{'127.0.0.1' if settings.host in ('0.0.0.0', '') else shown}:{port}"
    print(f"pillars-rules serve: games stored in {server.db_path}", flush=True)
    print(f"lobby: {base.rstrip('/')}/", flush=True)
    files = open_files(http_concurrency(settings) + SPARE_FILES)
    print(sized_for(settings.max_games, settings.max_connections, files), flush=True)
    loop = event_loop(args.loop)
    print(f"event loop: {loop}", flush=True)
    # the operator's console, not the log: the token is a credential
    print(f"admin: {base.rstrip('/')}/admin  token: {server.admin_token}", flush=True)
    config = uvicorn.Config(
        app,
        log_level=args.log_level,
        ws_max_size=4 * MAX_MESSAGE_BYTES,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,
        lifespan="on",
        loop=loop,
        timeout_graceful_shutdown=5,
        timeout_keep_alive=5,
        limit_concurrency=http_concurrency(settings),
        http=timed_protocol(AutoHTTPProtocol, settings.header_timeout),
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stopped cleanly, then raises the Ctrl-C again
        return 130
    return 0


__all__ = ["register", "list_games", "delete_game", "delete_games"]
