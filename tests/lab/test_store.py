"""The result file is untrusted when read back (pillars_rules.lab.store,
issue #24 item 7): a damaged file gives a typed error naming the file and
line, never a raw Python error; --out must be a regular file and a FIFO
never blocks."""

import json
import os
import random
import subprocess
import sys

import pytest

import pillars_rules as pr
from pillars_rules.lab import runner, store
from pillars_rules.lab.games import GameSpec

SPECS = {"A": GameSpec(players=2, bots=("random",), seed=3, targets=("jack",))}


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "good.jsonl"
    runner.run(SPECS, 3, executor="serial", out=path)
    return path.read_bytes()


def _damaged(tmp_path, data: bytes):
    path = tmp_path / "r.jsonl"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda lines: [b"[" * 100_000 + b"]" * 100_000] + lines[1:], "not a pillars-rules balance result file"),
        (lambda lines: lines[:1] + [b"[" * 100_000 + b"]" * 100_000] + lines[2:], "nested too deeply"),
        (lambda lines: [b"[1]"] + lines[1:], "not a pillars-rules balance result file"),
        (lambda lines: lines[:1] + [b"[1]"] + lines[2:], "not a game record"),
        (
            lambda lines: lines[:1] + [b'{"set": "A", "i": 0, "seed": 1, "seats": 5, "winners": [0]}'] + lines[2:],
            "events",
        ),
        (lambda lines: [lines[0].replace(b'"players":2', b'"players":"2"')] + lines[1:], "players: expected int"),
        (lambda lines: [lines[0].replace(b'"specs":{', b'"specs":{"B":7,')] + lines[1:], "not a game spec"),
        (lambda lines: lines[:1] + [lines[1].replace(b'"set":"A"', b'"set":"Z"')] + lines[2:], "no set 'Z'"),
        (lambda lines: lines[:1] + [lines[1].replace(b'"units":[', b'"units":[7,')] + lines[2:], "not a branch unit"),
        (lambda lines: lines[:1] + [lines[1].replace(b'"vp_rounds":[', b'"vp_rounds":["x",')] + lines[2:], "vp_rounds"),
        (lambda lines: lines[:1] + [b"\xff\xfe{}"] + lines[2:], "not UTF-8"),
        (lambda lines: lines[:1] + [b'{"set": "A", "set": "A"}'] + lines[2:], "twice"),
        (lambda lines: lines[:1] + [b'{"i": 1' + b"0" * 5000 + b"}"] + lines[2:], "not JSON"),
    ],
)
def test_a_damaged_result_file_is_a_typed_error_naming_the_line(tmp_path, good, edit, message):
    path = _damaged(tmp_path, b"\n".join(edit(good.split(b"\n")[:-1])) + b"\n")
    with pytest.raises(pr.ConfigError, match=message):
        runner.run(SPECS, 3, executor="serial", out=path, resume=True)


def test_random_byte_damage_never_escapes_as_a_raw_error(tmp_path, good):
    rnd = random.Random(7)
    outcomes = {"resumed": 0, "refused": 0}
    for _ in range(150):
        data = bytearray(good)
        for _ in range(rnd.randint(1, 4)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
        path = _damaged(tmp_path, bytes(data))
        try:
            store.read(path)
        except pr.ConfigError:
            outcomes["refused"] += 1
        else:
            outcomes["resumed"] += 1
    assert outcomes["refused"] > 50, outcomes


def test_out_must_be_a_regular_file_and_a_fifo_neither_blocks_nor_is_opened(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for resume in (False, True):
        argv = [
            sys.executable,
            "-m",
            "pillars_rules",
            "balance",
            "--players",
            "2",
            "--games",
            "1",
            "--bots",
            "random",
            "--serial",
            "--quiet",
            "--out",
            str(fifo),
        ] + (["--resume"] if resume else ["--overwrite"])
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120)  # a blocked open would time out
        assert done.returncode == 2, done.stderr
        assert "not a regular file" in done.stderr and "Traceback" not in done.stderr
    with pytest.raises(pr.ConfigError, match="not a regular file"):
        runner.run(SPECS, 1, executor="serial", out=fifo)
    with pytest.raises(pr.ConfigError, match="not a regular file"):
        store.read(tmp_path)
    with pytest.raises(pr.ConfigError, match="does not exist"):
        store.check_out(tmp_path / "no" / "r.jsonl", resume=False, overwrite=False)


def test_a_line_cut_off_at_the_end_is_ignored_but_one_in_the_middle_is_not(tmp_path, good):
    lines = good.split(b"\n")[:-1]
    cut = _damaged(tmp_path, b"\n".join(lines[:3]) + b"\n" + lines[3][:25])
    specs, records = store.read(cut)
    assert specs == SPECS and sorted(records) == [("A", 0), ("A", 1)]
    middle = _damaged(tmp_path, b"\n".join(lines[:2] + [lines[2][:25]] + lines[3:]) + b"\n")
    with pytest.raises(pr.ConfigError, match=":3: not JSON"):
        store.read(middle)
    assert json.loads(lines[0])["format"] == store.FORMAT
