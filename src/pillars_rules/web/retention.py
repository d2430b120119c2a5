"""Which stored games go: the operator's selections, shared by the running server
and the ``serve`` command's one-off operations.

* :func:`finished_before`: finished games created before a time -- what the
  retention setting (``--keep-finished``) prunes, in the server once an hour
  and with ``serve --prune``;
* :func:`owned_by`: every game created from one client address or network
  (the digests the admin listing and ``serve --list`` show, ``serve
  --owner-of ADDRESS`` computes) -- what ``serve --delete-owner`` and
  ``DELETE /api/admin/owners/{owner}`` remove.
"""

from __future__ import annotations

from collections.abc import Iterable

from .networks import network_of, wide_network_of
from .registry import GameRecord, owner_of


def finished_before(records: Iterable[GameRecord], cutoff: float) -> list[str]:
    """The ids of the finished games among ``records`` created before ``cutoff`` (a Unix time)."""
    return [r.game_id for r in records if r.finished and r.created < cutoff]


def owned_by(records: Iterable[GameRecord], owner: str) -> list[str]:
    """The ids of the games among ``records`` whose creator's address or network is ``owner``."""
    return [r.game_id for r in records if owner in (r.owner, r.network)]


def owners_of(address: str, ipv6_prefix: int) -> tuple[str, str]:
    """The owner digests of ``address``: as one client (an IPv6 address by its
    ``ipv6_prefix`` network) and as its wider network."""
    return owner_of(network_of(address, ipv6_prefix)), owner_of(wide_network_of(address))


__all__ = ["finished_before", "owned_by", "owners_of"]
