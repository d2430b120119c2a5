"""A created game's links as the fragment of the ``/created`` page (POST/redirect/GET).

The lobby's form posts to ``/games``; the answer is a redirect (303) to
``/created#game=<id>&spectator=<key>&seats=<JSON>``, a static page whose script
draws the links from its own fragment. Browsers never send a fragment to a
server, so the seats' keys appear in no request line or log, as with the board's
links; reloading the page, or coming Back to it, creates nothing.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit


def _key(link: str) -> str:
    return parse_qs(urlsplit(link).fragment)["key"][0]


def created_fragment(result: dict[str, Any]) -> str:
    """The fragment of the ``/created`` page for a :meth:`Server.create_game
    <pillars_rules.web.server.Server.create_game>` result: the game id, the
    spectators' key and each seat's name and key (or bot)."""
    seats = [
        {"name": s["name"], "key": _key(s["link"]) if s["link"] else None, "bot": s["bot"]} for s in result["seats"]
    ]
    return urlencode(
        {
            "game": result["game"],
            "spectator": _key(result["spectator"]),
            "seats": json.dumps(seats, separators=(",", ":")),
        }
    )


__all__ = ["created_fragment"]
