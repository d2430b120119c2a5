"""The turn mails' settings (:mod:`.mail`) and their ``serve`` options, without the web stack."""

from __future__ import annotations

import argparse
import os
from typing import Any

from attrs import Attribute, field, frozen

from ..errors import ConfigError

_TLS = ("starttls", "ssl", "none")
#: The environment variable ``serve`` reads the SMTP password from (never a command-line option:
#: a command line is seen by every user of the machine).
PASSWORD_VARIABLE = "PILLARS_SMTP_PASSWORD"


def _tls(instance: object, attribute: Attribute[Any], value: object) -> None:
    if value not in _TLS:
        raise ConfigError(f"smtp-tls must be one of {', '.join(_TLS)}, not {value!r}")


@frozen
class MailSettings:
    """The operator's SMTP server: ``host``, ``port``, ``tls`` (``starttls``,
    ``ssl`` or ``none``), an optional login, the sender ``sender`` and the
    ``quiet`` period (one mail a seat per so many seconds at most)."""

    host: str
    sender: str
    port: int = 587
    tls: str = field(default="starttls", validator=_tls)
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    quiet: float = 600.0
    timeout: float = 20.0


def add_arguments(p: argparse.ArgumentParser) -> None:
    """``serve``'s mail options (all off unless ``--smtp-host`` is given)."""
    p.add_argument("--smtp-host", metavar="HOST", help="send turn mails through this SMTP server (default: no mail)")
    p.add_argument("--smtp-port", type=int, default=587, metavar="N", help="its port (default 587)")
    p.add_argument("--smtp-tls", choices=_TLS, default="starttls", help="its TLS (default starttls)")
    p.add_argument(
        "--smtp-user", metavar="NAME", help=f"the login, if it needs one (the password from ${PASSWORD_VARIABLE})"
    )
    p.add_argument("--mail-from", metavar="ADDRESS", help="the sender of turn mails (needed with --smtp-host)")
    p.add_argument(
        "--mail-quiet",
        type=float,
        default=600.0,
        metavar="S",
        help="a seat gets at most one mail per so many seconds (default 600)",
    )


def from_args(args: argparse.Namespace) -> MailSettings | None:
    """The :class:`MailSettings` of ``serve``'s options, or ``None`` (no mail)."""
    if not args.smtp_host:
        return None
    if not args.mail_from:
        raise ConfigError("--smtp-host needs --mail-from: the sender of the turn mails")
    return MailSettings(
        host=args.smtp_host,
        sender=args.mail_from,
        port=args.smtp_port,
        tls=args.smtp_tls,
        user=args.smtp_user,
        password=os.environ.get(PASSWORD_VARIABLE),
        quiet=args.mail_quiet,
    )


__all__ = ["MailSettings", "add_arguments", "from_args", "PASSWORD_VARIABLE"]
