"""A real SMTP server on 127.0.0.1 for the turn-mail tests (aiosmtpd, in a thread of its own)."""

from __future__ import annotations

import contextlib
import socket
import time
from email import message_from_bytes, policy


class Inbox:
    """Every mail the server received: (recipients, the parsed message, when)."""

    def __init__(self) -> None:
        self.mails: list = []

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        self.mails.append(
            (envelope.rcpt_tos, message_from_bytes(envelope.content, policy=policy.default), time.monotonic())
        )
        return "250 OK"

    def wait(self, n: int, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while len(self.mails) < n:
            if time.monotonic() > end:
                raise AssertionError(f"{len(self.mails)} mail(s) within {timeout} s, not {n}")
            time.sleep(0.05)


@contextlib.contextmanager
def smtp_server():
    """``(inbox, port)`` of an SMTP server listening on 127.0.0.1 while the block runs."""
    from aiosmtpd.controller import Controller

    with socket.socket() as probe:  # a free port (the controller checks that it answers there)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()
