"""Helpers for tests that run in both builds (issue #26).

The compiled build's records are native classes whose fields have C-level
types: a wrong-typed value (a string for a seat, a float for a count) is
refused with :class:`TypeError` the moment the record is made, while the pure
build makes the record and replay refuses it later with a
:class:`~pillars_rules.SaveError`. Tests that build hostile records on purpose
use :func:`made_or_refused` to check whichever refusal their build gives.
"""

from __future__ import annotations

from typing import Any, Callable

import pillars_rules as pr


def made_or_refused(make: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``make(*args, **kwargs)``; in the compiled build, ``None`` when the
    record refused its values with a :class:`TypeError` naming the expected type
    (never in the pure build, where the record is always made)."""
    if not pr.COMPILED:
        return make(*args, **kwargs)
    try:
        return make(*args, **kwargs)
    except TypeError as exc:
        assert "expected" in str(exc), exc  # mypyc's own refusal, not another error
        return None
