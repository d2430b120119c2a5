"""The ASGI app: routes, security headers, and the server's life span.

======================  ======================================================================
``GET /``               the lobby form
``POST /games``         create a game (JSON in and out, or the lobby's form in and a redirect out)
``GET /created``        a created game's links (read from the URL fragment, POST/redirect/GET)
``GET /api/lobby``      what a game can be made of: card sets, bots, variants
``GET /play``           the board page (the seat's key is in the URL fragment)
``GET /replay``         a game's replay page; ``POST /api/replay`` its data (web/replay.py)
``POST /api/rematch``   a finished game's rematch (web/rematch.py)
``POST /api/peek``      how a game stands, for the lobby; touches no seat (web/peek.py)
``POST /api/mygames``   a private my-games link: add a seat, list, revoke (web/mygames.py)
``POST /api/mail``      turn mails: a seat's opt-in; ``GET /mail/unsubscribe`` stops them (web/mail.py)
``WS /ws``              the game protocol (docs/protocol.rst)
``/admin``              the operator's list of games, behind the admin token
``/static/...``         the browser board's files; ``/assets/...`` the server pages' CSS
``/favicon.ico``        the icon (the same SVG as the board's)
======================  ======================================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import math
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

import pillars_rules as pr

from ..bots import BOTS
from ..errors import ConfigError, StoreError
from ..games.pillars import VARIANTS
from . import mail, mygames, pages, peek, rematch, replay, upkeep
from .connection import endpoint
from .created import created_fragment
from .gamerequest import offered
from .lobby import parse_request, request_from_form
from .protocol import PROTOCOL
from .server import Server, ServerFull, TooMany
from .settings import Settings

HERE = Path(__file__).resolve().parent
#: The browser board's files (``/static``; its page is ``static/index.html``).
STATIC = HERE / "static"
ASSETS = HERE / "assets"
log = logging.getLogger("pillars_rules.web")
#: The answer to a request the store could not serve (the reason goes to the log).
STORE_DOWN = "the server cannot store games right now; try again later"
#: Largest lobby or admin request body, in bytes.
MAX_BODY = 16 * 1024
_LOCAL = ("127.0.0.1", "localhost", "::1", "[::1]")


def security_headers(scheme_host: str) -> list[tuple[bytes, bytes]]:
    """The headers every page gets: a CSP with no inline script, no framing, no sniffing, no
    referrer to other sites. (``same-origin``, not ``no-referrer``: under ``no-referrer`` a
    browser sends ``Origin: null`` with the lobby form's POST, which the origin check refuses.)"""
    csp = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' ws://{scheme_host} wss://{scheme_host}; font-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
    return [
        (b"content-security-policy", csp.encode("latin-1")),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"cross-origin-resource-policy", b"same-origin"),
        (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    ]


class SecurityHeaders:
    """ASGI middleware adding :func:`security_headers` to every HTTP response."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers") or ()).get(b"host", b"").decode("latin-1")
        host = "".join(ch for ch in host if ch.isalnum() or ch in ".-:[]") or "localhost"
        extra = security_headers(host)

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [h for h in extra if h[0] not in names]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def allowed_hosts(settings: Settings) -> list[str]:
    """Host names the ``Host`` header may carry: the local names, the listening
    host, the public URL's and the operator's (no DNS rebinding to a local server)."""
    hosts = set(_LOCAL) | set(settings.allowed_hosts)
    if settings.host not in ("0.0.0.0", "::", ""):
        hosts.add(settings.host)
    if settings.public_url:
        hosts.add(urlsplit(settings.public_url).hostname or "")
    return sorted(h for h in hosts if h)


class BodyTimeout(Exception):
    """The request's body did not come within the body timeout."""


async def _body(request: Request) -> bytes:
    """The request's body, at most :data:`MAX_BODY` bytes (ConfigError), within the
    server's ``body_timeout`` (:class:`BodyTimeout`)."""

    async def read() -> bytes:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise ConfigError(f"the request is longer than {MAX_BODY} bytes")
        return body

    timeout = request.app.state.server.settings.body_timeout
    try:
        return await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        raise BodyTimeout(f"the request's body did not come within {timeout:g} s") from None


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("origin")
    if origin is None or origin in request.app.state.server.settings.allowed_origins:
        return True
    parts = urlsplit(origin)  # a page's origin: http(s) only (a ws:// "origin" is no page's)
    return parts.scheme in ("http", "https") and parts.netloc == request.headers.get("host", "")


async def lobby_page(request: Request) -> Response:
    return HTMLResponse(pages.lobby(request.app.state.server.catalogue))


_OFFERED: dict[str, dict] = {}  # the other games' offer, made once (it does not change while the server runs)


async def lobby_api(request: Request) -> Response:
    server = request.app.state.server
    sets = server.catalogue.listing()
    # every count some offered set plays (each set lists its own: the expansion 2-6)
    counts = sorted({n for c in sets for n in c["players"]})
    return JSONResponse(
        {
            "protocol": PROTOCOL,
            "players": counts,
            "cards": sets,
            "bots": sorted(BOTS),
            "variants": dict(sorted(VARIANTS.items())),
            "takeover_grace": server.settings.takeover_grace,
            # Pillars is the fields above; the other games a request may name in "game" (web/gamerequest.py)
            "games": _OFFERED.setdefault("games", offered()),
        }
    )


async def create_game(request: Request) -> Response:
    server: Server = request.app.state.server
    form = request.headers.get("content-type", "").split(";")[0].strip() == "application/x-www-form-urlencoded"
    if not _same_origin(request):
        return _answer(form, 403, "this page's origin may not create games here", server)
    client = _host(request)
    entered: dict = {}  # a refused form comes back with what was entered
    try:
        server.may_create(client)
        body = await _body(request)
        if form:
            fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=64)
            entered = {**{k: v[0] for k, v in fields.items()}, "variant": fields.get("variant", [])}
            doc = request_from_form(entered, entered["variant"])
        else:
            try:
                doc = json.loads(body)
            except (ValueError, RecursionError):
                raise ConfigError("the request is not JSON") from None
        result = await server.create_game(
            parse_request(doc, server.catalogue, server.settings), str(request.base_url), client
        )
    except BodyTimeout as err:
        return _answer(form, 408, str(err), server, {"connection": "close"})
    except TooMany as err:
        await asyncio.sleep(server.settings.refusal_delay)  # the flood waits; the tables do not
        return _answer(form, 429, str(err), server, {"retry-after": str(max(1, math.ceil(err.retry_after)))})
    except ServerFull as err:
        return _answer(form, 503, str(err), server)
    except StoreError as err:  # the details are the operator's: the log, never the answer
        log.error("game not created: %s", err)
        return _answer(form, 503, STORE_DOWN, server)
    except pr.PillarsError as err:
        return _answer(form, 400, str(err), server, entered=entered)
    headers = {"cache-control": "no-store"}
    if form:  # POST/redirect/GET: a reload or Back shows the links again and creates nothing
        return RedirectResponse("/created#" + created_fragment(result), 303, headers=headers)
    return JSONResponse(result, 201, headers=headers)


def _answer(
    form: bool, status: int, reason: str, server: Server, headers: dict | None = None, entered: dict | None = None
) -> Response:
    if form:
        page = pages.lobby(server.catalogue, reason, entered) if status == 400 else pages.message("Not created", reason)
        return HTMLResponse(page, status, headers=headers)
    return JSONResponse({"error": reason}, status, headers=headers)


async def play_page(request: Request) -> Response:
    index = STATIC / "index.html"
    if index.is_file():
        return FileResponse(index, headers={"cache-control": "no-cache"})
    return HTMLResponse(pages.no_board())


async def created_page(request: Request) -> Response:
    return FileResponse(STATIC / "created.html", headers={"cache-control": "no-cache"})


async def _json_api(request: Request, what: str) -> tuple[Server, bytes] | Response:
    """The server and the body of a JSON request from this server's own pages (or the
    refusal: another origin 403, over the address's ``replay_rate`` 429 after the refusal
    delay, a body too long 400, a body too slow 408)."""
    if not _same_origin(request):
        return JSONResponse({"error": f"this page's origin may not {what} here"}, 403)
    server: Server = request.app.state.server
    if not server.limits.replay(server.network(_host(request))):
        await asyncio.sleep(server.settings.refusal_delay)  # the flood waits; the tables do not
        return JSONResponse(
            {
                "error": f"this address may send {server.settings.replay_rate:g} replay or rematch "
                "requests a second; slow down"
            },
            429,
            headers={"retry-after": "1"},
        )
    try:
        return server, await _body(request)
    except ConfigError as err:
        return JSONResponse({"error": str(err)}, 400)
    except BodyTimeout as err:
        return JSONResponse({"error": str(err)}, 408, headers={"connection": "close"})


def _host(request: Request) -> str:
    """The client's address as the connection gives it ("-" when it gives none)."""
    return request.client.host if request.client else "-"


async def replay_api(request: Request) -> Response:
    got = await _json_api(request, "read replays")
    return got if isinstance(got, Response) else await replay.answer(*got)


async def rematch_api(request: Request) -> Response:
    got = await _json_api(request, "make rematches")
    return got if isinstance(got, Response) else await rematch.answer(*got, str(request.base_url), _host(request))


async def peek_api(request: Request) -> Response:
    got = await _json_api(request, "read games")
    return got if isinstance(got, Response) else await peek.answer(*got, _host(request))


async def mygames_api(request: Request) -> Response:
    got = await _json_api(request, "keep my-games links")
    return got if isinstance(got, Response) else await mygames.answer(*got, _host(request), str(request.base_url))


async def mail_api(request: Request) -> Response:
    got = await _json_api(request, "ask for mail")
    return got if isinstance(got, Response) else await mail.answer(*got, _host(request))


async def mail_unsubscribe(request: Request) -> Response:
    return await mail.unsubscribe(request.app.state.server, request.query_params.get("t", ""))


async def replay_page(request: Request) -> Response:
    return FileResponse(STATIC / "replay.html", headers={"cache-control": "no-cache"})


async def favicon(request: Request) -> Response:
    return FileResponse(
        STATIC / "icon.svg", media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"}
    )


def _token_ok(request: Request, token: str | None) -> bool:
    expected = request.app.state.server.admin_token
    return token is not None and hmac.compare_digest(token.encode("utf-8", "replace"), expected.encode())


async def admin_page(request: Request) -> Response:
    if request.method == "GET":
        return HTMLResponse(pages.admin_form())
    if not _same_origin(request):
        return HTMLResponse(pages.message("Refused", "wrong origin"), 403)
    try:
        fields = parse_qs((await _body(request)).decode("utf-8", "replace"), max_num_fields=8)
    except (ConfigError, BodyTimeout) as err:
        return HTMLResponse(pages.admin_form(str(err)), 408 if isinstance(err, BodyTimeout) else 400)
    tokens = fields.get("token")
    if not _token_ok(request, tokens[0] if tokens else None):
        return HTMLResponse(pages.admin_form("wrong token"), 403)
    try:
        games = await request.app.state.server.listing()
    except StoreError as err:
        log.error("admin listing failed: %s", err)
        return HTMLResponse(pages.message("Not listed", STORE_DOWN), 503)
    return HTMLResponse(pages.admin_list(games), headers={"cache-control": "no-store"})


def _bearer_ok(request: Request) -> bool:
    auth = request.headers.get("authorization", "")
    return _token_ok(request, auth[7:] if auth.lower().startswith("bearer ") else None)


_NO_TOKEN = {"error": "send the admin token as 'Authorization: Bearer <token>'"}


async def admin_delete(request: Request) -> Response:
    """``DELETE /api/admin/games/{game}``: delete a game (its connections are told ``gone``)."""
    if not _bearer_ok(request):
        return JSONResponse(_NO_TOKEN, 401)
    game_id = request.path_params["game_id"]
    try:
        deleted = await request.app.state.server.delete_game(game_id)
    except StoreError as err:
        log.error("game not deleted: %s", err)
        return JSONResponse({"error": STORE_DOWN}, 503)
    if not deleted:
        return JSONResponse({"error": "no such game"}, 404)
    return JSONResponse({"deleted": game_id}, headers={"cache-control": "no-store"})


async def admin_delete_owner(request: Request) -> Response:
    """``DELETE /api/admin/owners/{owner}``: delete every game created from one client
    address or network (``owner`` as the listing shows it; ``serve --owner-of`` computes it)."""
    if not _bearer_ok(request):
        return JSONResponse(_NO_TOKEN, 401)
    try:
        deleted = await upkeep.delete_owner(request.app.state.server, request.path_params["owner"])
    except StoreError as err:
        log.error("games not deleted: %s", err)
        return JSONResponse({"error": STORE_DOWN}, 503)
    return JSONResponse({"deleted": deleted}, headers={"cache-control": "no-store"})


async def admin_api(request: Request) -> Response:
    if not _bearer_ok(request):
        return JSONResponse(_NO_TOKEN, 401)
    try:
        games = await request.app.state.server.listing()
    except StoreError as err:
        log.error("admin listing failed: %s", err)
        return JSONResponse({"error": STORE_DOWN}, 503)
    return JSONResponse({"games": games}, headers={"cache-control": "no-store"})


async def health(request: Request) -> Response:
    problem = await request.app.state.server.health()
    if problem is not None:
        return PlainTextResponse(problem, 503, headers={"cache-control": "no-store"})
    return PlainTextResponse("ok", headers={"cache-control": "no-store"})


def create_app(settings: Settings | None = None) -> Starlette:
    """The game server as an ASGI app (run it with uvicorn, or drive it with
    Starlette's ``TestClient``). ``app.state.server`` is its :class:`Server`."""
    settings = settings or Settings()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await server.start()
        try:
            yield
        finally:
            await server.close()

    routes = [
        Route("/", lobby_page),
        Route("/games", create_game, methods=["POST"]),
        Route("/api/lobby", lobby_api),
        Route("/play", play_page),
        Route("/created", created_page),
        Route("/favicon.ico", favicon),
        Route("/replay", replay_page),
        Route("/api/replay", replay_api, methods=["POST"]),
        Route("/api/rematch", rematch_api, methods=["POST"]),
        Route("/api/peek", peek_api, methods=["POST"]),
        Route("/api/mygames", mygames_api, methods=["POST"]),
        Route("/api/mail", mail_api, methods=["POST"]),
        Route("/mail/unsubscribe", mail_unsubscribe),
        Route("/admin", admin_page, methods=["GET", "POST"]),
        Route("/api/admin/games", admin_api),
        Route("/api/admin/games/{game_id}", admin_delete, methods=["DELETE"]),
        Route("/api/admin/owners/{owner}", admin_delete_owner, methods=["DELETE"]),
        Route("/healthz", health),
        WebSocketRoute("/ws", endpoint),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
        Mount("/assets", StaticFiles(directory=ASSETS), name="assets"),
    ]
    # the security headers outermost: the bad Host's 400 gets them too
    middleware = [Middleware(SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts(settings))]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.server = server
    return app


__all__ = ["create_app", "security_headers", "allowed_hosts", "SecurityHeaders"]
