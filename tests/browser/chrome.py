"""A real headless Chromium for the board's tests, driven by Selenium.

Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them when
missing), found on ``PATH``: without them a test that opens a window skips
and says what to install (``requires.need``). The machine has no network beyond the loopback, so every feature
that would call home is off, and each browser gets a fresh profile folder.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from requires import need
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service

FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
    # two windows play at once: neither may be slowed down as a background window
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
)


class Browser:
    """One Chromium window: a Selenium driver plus the few waits the tests use."""

    def __init__(self, width: int = 1280, height: int = 800, profile: Path | None = None) -> None:
        """``profile``: a profile folder to use and keep (a browser closed and opened
        again on it finds its storage); by default a fresh one, removed by :meth:`quit`."""
        paths = need("chromium")
        self.keep_profile = profile is not None
        self.profile = str(profile) if profile is not None else tempfile.mkdtemp(prefix="pillars-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = paths["chromium"]
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(paths["chromedriver"]), options=options)
        self.driver.set_script_timeout(20)
        self.size(width, height)
        self.console: list[dict] = []

    def size(self, width: int, height: int) -> None:
        """The page's viewport, exactly (the window's own frame left out)."""
        phone = width < 500
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone},
        )
        # a phone has a touch screen: no hover, a coarse pointer (pages loaded after this see it)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5})

    def get(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, what: Callable[[], object], timeout: float = 30.0, message: str = "") -> object:
        """Poll ``what()`` until it returns something true; its value. Fails
        with ``message`` (and the page's console) after ``timeout`` seconds."""
        end = time.monotonic() + timeout
        last: Exception | None = None
        while time.monotonic() < end:
            try:
                value = what()
                if value:
                    return value
            except (StaleElementReferenceException, WebDriverException) as exc:
                last = exc
            time.sleep(0.05)
        raise AssertionError(
            f"timed out after {timeout} s waiting for {message or what}; "
            f"last error {last!r}; console: {self.logs()[-10:]}"
        )

    def logs(self) -> list[dict]:
        """The page's console messages so far (kept across calls)."""
        try:
            self.console.extend(self.driver.get_log("browser"))
        except WebDriverException:
            pass
        return self.console

    def errors(self) -> list[str]:
        """Console errors, leaving out the favicon the server does not have and
        the socket errors of a server that is down on purpose."""
        out = []
        for entry in self.logs():
            msg = entry.get("message", "")
            if entry.get("level") != "SEVERE" or "favicon" in msg or "WebSocket" in msg:
                continue
            out.append(msg)
        return out

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            if not self.keep_profile:
                shutil.rmtree(self.profile, ignore_errors=True)
