"""Untrusted JSON text, read with bounds: the one reader saves and action messages share.

A :class:`GuardedJson` reads text or UTF-8 bytes from outside (a save file, a
client's action message) and returns the parsed value, or raises the caller's
own error type with the caller's own wording. Whatever the input, it checks,
in this order:

* bytes: at most ``limit`` bytes, then UTF-8 (naming the first bad byte);
* the text is exactly a ``str`` (not a subclass: its methods could do anything);
* the text's UTF-8 encoding is at most ``limit`` bytes;
* JSON: a key twice in one object is refused, too deep nesting and numbers
  Python will not convert become the caller's error, and the caller's
  ``parse_int`` / ``parse_constant`` hooks may refuse numbers and constants.

>>> from pillars_rules.errors import SaveError
>>> words = JsonWords(too_many_bytes="{size} bytes; the limit is {limit}", not_utf8="not UTF-8 ({reason})",
...                   not_text="not text: {kind}", too_large="over {limit} bytes",
...                   duplicate_key="{key!r} twice", not_json="bad JSON: {msg}", too_deep="too deep",
...                   unreadable="bad JSON: {text}")
>>> read = GuardedJson(limit=16, error=SaveError, words=words)
>>> read(b'{"a": [1, 2]}')
{'a': [1, 2]}
>>> for bad in ('{"a": 1, "a": 2}', "[" * 20, b"\\xff", 3):
...     try:
...         read(bad)
...     except SaveError as exc:
...         print(exc)
'a' twice
over 16 bytes
not UTF-8 (invalid start byte)
not text: int
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, NamedTuple

from ..errors import PillarsError, SaveError, safe_repr


class JsonWords(NamedTuple):
    """The messages of a :class:`GuardedJson`, as :meth:`str.format` templates.

    Each template may use the fields named here; the message is passed to the
    reader's ``error``.
    """

    #: Bytes longer than the limit: ``{size}``, ``{limit}``.
    too_many_bytes: str
    #: Bytes that are not UTF-8: ``{reason}``, ``{start}`` (the byte's position).
    not_utf8: str
    #: Neither text nor bytes: ``{kind}`` (the type's name).
    not_text: str
    #: Text whose UTF-8 encoding is longer than the limit: ``{limit}``.
    too_large: str
    #: A key twice in one object: ``{key}`` (its first 40 characters).
    duplicate_key: str
    #: Not JSON: ``{msg}``, ``{line}``, ``{column}`` (the decoder's).
    not_json: str
    #: Nested deeper than the interpreter recurses.
    too_deep: str
    #: Any other refusal of the decoder, such as an integer with more digits than
    #: Python converts: ``{text}`` (its message), ``{shown}`` (that message as a
    #: short ``repr``).
    unreadable: str


def _no_duplicate_keys(error: Callable[[str], PillarsError], words: JsonWords, pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise error(words.duplicate_key.format(key=dup[:40]))
    return d


class GuardedJson:
    """A reader of untrusted JSON: ``reader(data)`` is the parsed value, or
    ``error(message)`` raised with a message from ``words``.

    ``limit`` bounds the input in UTF-8 bytes. ``parse_int`` and
    ``parse_constant`` are passed to :func:`json.loads`; a
    :class:`~pillars_rules.errors.PillarsError` they raise goes to the caller
    unchanged.
    """

    def __init__(
        self,
        *,
        limit: int,
        error: Callable[[str], PillarsError],
        words: JsonWords,
        parse_int: Callable[[str], Any] | None = None,
        parse_constant: Callable[[str], Any] | None = None,
    ) -> None:
        self.limit = limit
        self.error = error
        self.words = words
        # the hook holds the error and the words, not the reader: a bound method
        # would make every reader a cycle, left for the garbage collector to free
        self._options: dict[str, Any] = {"object_pairs_hook": functools.partial(_no_duplicate_keys, error, words)}
        if parse_int is not None:
            self._options["parse_int"] = parse_int
        if parse_constant is not None:
            self._options["parse_constant"] = parse_constant

    def __call__(self, data: object) -> Any:
        limit, words = self.limit, self.words
        if isinstance(data, (bytes, bytearray)) and type(data) in (bytes, bytearray):  # not a subclass
            if len(data) > limit:
                raise self.error(words.too_many_bytes.format(size=len(data), limit=limit))
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise self.error(words.not_utf8.format(reason=exc.reason, start=exc.start)) from None
        if type(data) is not str:  # not even a str subclass: its methods could do anything
            raise self.error(words.not_text.format(kind=type(data).__name__))
        # at most 4 UTF-8 bytes a character: short text need not be encoded to be measured
        if len(data) > limit or (len(data) > limit // 4 and len(data.encode("utf-8", "surrogatepass")) > limit):
            raise self.error(words.too_large.format(limit=limit))
        try:
            return json.loads(data, **self._options)
        except PillarsError:  # a duplicated key, or a refusal of parse_int / parse_constant
            raise
        except RecursionError:
            raise self.error(words.too_deep) from None
        except json.JSONDecodeError as exc:
            raise self.error(words.not_json.format(msg=exc.msg, line=exc.lineno, column=exc.colno)) from None
        except ValueError as exc:  # e.g. an integer with more digits than Python converts
            text = str(exc)
            raise self.error(words.unreadable.format(text=text, shown=safe_repr(text, 80))) from None


def json_kind(value: object) -> str:
    """What kind of JSON value ``value`` (parsed JSON) is, in words (``"a string"``, ``"null"``...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number" if not isinstance(value, float) or value == value else "NaN"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def bad_value(path: str, want: str, value: object, index: int | None) -> SaveError:
    """The :class:`~pillars_rules.errors.SaveError` of a parsed JSON ``value`` at
    ``path`` that is not ``want`` (``index``: the event it is in, if any)."""
    shown = safe_repr(value, 40)
    return SaveError(f"{path}: expected {want}, got {json_kind(value)} {shown}", index)


__all__ = ["GuardedJson", "JsonWords", "bad_value", "json_kind"]
