"""tools/ora_table_screenshots.py runs (issue #59): a real server, an Ora table played to round 3 over
the protocol, Chromium's pictures of the seat's page at desktop and phone width (the tool fails when
the prompt is out of reach on the phone) and of the spectator's page. Skips without Chromium, as the
other browser tests do (``requires.need``)."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

from requires import need

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("ora_table_screenshots", ROOT / "tools" / "ora_table_screenshots.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_tool_writes_the_three_pictures_at_their_widths(tmp_path, capsys):
    need("chromium")
    tool = _tool()
    assert tool.main(["--out", str(tmp_path), "--round", "3"]) == 0
    assert "Ann's turn at decision" in capsys.readouterr().out
    for name, (width, height) in tool.PICTURES.items():
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", name
        assert struct.unpack(">II", data[16:24]) == (width, height), name
        assert len(data) < 250_000, f"{name}: {len(data)} bytes"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(tool.PICTURES)
