"""Time limits on HTTP requests under uvicorn (which has none for headers).

:func:`timed_protocol` wraps uvicorn's HTTP protocol class: a connection must
finish a request's headers within ``header_timeout`` seconds of opening (or of
its previous response), or it is closed without an answer. A body's time is
the app's own (``body_timeout``, in :mod:`pillars_rules.web.app`:
answered 408). A WebSocket, once upgraded, is no longer this protocol's and
is timed by the hello timeout instead.
"""

from __future__ import annotations

import asyncio


def timed_protocol(base: type, header_timeout: float) -> type:
    """``base`` (a uvicorn HTTP protocol class) with a header timeout."""

    class HeaderTimedProtocol(base):  # type: ignore[misc, valid-type]
        _header_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = asyncio.get_running_loop().call_later(header_timeout, self._headers_late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self) -> None:
            self._header_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed, or upgraded to a WebSocket
            if self.cycle is None or self.cycle.response_complete:
                transport.close()  # no request under way: its headers never ended

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._header_timer is not None and self.cycle is not None and not self.cycle.response_complete:
                self._disarm()  # a request's headers are in: the app has it now

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers are timed too

        def connection_lost(self, exc) -> None:
            self._disarm()
            super().connection_lost(exc)

    HeaderTimedProtocol.__name__ = f"HeaderTimed{base.__name__}"
    return HeaderTimedProtocol


__all__ = ["timed_protocol"]
