"""A real headless Firefox for the board's tests, driven over WebDriver BiDi.

Debian's ``firefox-esr`` (``.ci/run`` installs it when missing; without it on
``PATH`` the test skips and says what to install, ``requires.need``) speaks the
W3C WebDriver BiDi protocol itself on ``--remote-debugging-port``, so no
geckodriver is needed (Debian does not package one, and this machine cannot
download it): this module is a small client of that protocol over the
``websockets`` package the server's tests already use. It does what the
board's Firefox test needs: navigate, evaluate, move the pointer and click,
and take a screenshot.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import websockets
from requires import need

from .serving import free_port


class Firefox:
    """One headless Firefox window; every method is synchronous (it runs its own event loop)."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        firefox = need("firefox")["firefox-esr"]
        self.profile = tempfile.mkdtemp(prefix="pillars-firefox-")
        self.port = free_port()
        env = dict(os.environ, MOZ_HEADLESS="1", HOME=self.profile)
        self.proc = subprocess.Popen(
            [
                firefox,
                "--headless",
                "--no-remote",
                "--profile",
                self.profile,
                "--remote-debugging-port",
                str(self.port),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.loop = asyncio.new_event_loop()
        self.ws = None
        self.n = 0
        try:
            self.ws = self._run(self._connect())
            self.command("session.new", {"capabilities": {}})
            self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
            self.command(
                "browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}}
            )
        except BaseException:
            self.quit()
            raise

    def _run(self, coro):
        return self.loop.run_until_complete(coro)

    async def _connect(self):
        end = time.monotonic() + 60
        while True:
            try:
                return await websockets.connect(f"ws://127.0.0.1:{self.port}/session", max_size=64 * 2**20)
            except OSError:
                if time.monotonic() > end or self.proc.poll() is not None:
                    raise
                await asyncio.sleep(0.2)

    async def _command(self, method: str, params: dict) -> dict:
        self.n += 1
        await self.ws.send(json.dumps({"id": self.n, "method": method, "params": params}))
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
            if msg.get("id") == self.n:
                if msg.get("type") == "error" or "error" in msg:
                    raise RuntimeError(f"{method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]

    def command(self, method: str, params: dict) -> dict:
        return self._run(self._command(method, params))

    def get(self, url: str) -> None:
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def js(self, expression: str):
        """The JSON-able value of ``expression`` (a JSON string is decoded)."""
        result = self.command(
            "script.evaluate",
            {"expression": f"JSON.stringify({expression})", "target": {"context": self.context}, "awaitPromise": True},
        )
        if result.get("type") == "exception":
            raise RuntimeError(result["exceptionDetails"].get("text"))
        value = result["result"].get("value")
        return None if value is None else json.loads(value)

    def wait(self, expression: str, timeout: float = 30.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError(f"timed out after {timeout} s waiting for {expression}")

    def _pointer(self, *actions: dict) -> None:
        self.command(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": list(actions)}
                ],
            },
        )

    def hover(self, css: str) -> None:
        """Move the mouse to the middle of the first element matching ``css``."""
        x, y = self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(css)});"
            " e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
            " return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; })()"
        )
        self._pointer({"type": "pointerMove", "x": x, "y": y}, {"type": "pause", "duration": 100})

    def click(self, css: str) -> None:
        """A real mouse click on the first element matching ``css``."""
        self.hover(css)
        self._pointer({"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0})

    def screenshot(self, path: Path) -> None:
        data = self.command("browsingContext.captureScreenshot", {"context": self.context})["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def quit(self) -> None:
        try:
            if self.ws is not None:
                try:
                    self._run(self._command("session.end", {}))
                except Exception:  # noqa: BLE001 - the browser is going away anyway
                    pass
                self._run(self.ws.close())
        finally:
            self.loop.close()
            try:
                os.killpg(self.proc.pid, 9)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=10)
            shutil.rmtree(self.profile, ignore_errors=True)
