"""What ``pillars-rules balance`` and ``balance tune`` do once their options
are read (the options themselves are in :mod:`pillars_rules.cli.balance`).

Progress goes to stderr (:mod:`.progress`): a bar on a terminal; otherwise one
plain line every few seconds (``--progress SECONDS``), so a log or a CI job
shows the run moving without control characters.
"""

from __future__ import annotations

import signal
import sys
import threading
import time

import pillars_rules as pr

from . import runner, store
from .games import cardset, read_sources, seal
from .progress import Progress
from .units import UNITS, say

#: ``balance tune``'s exit code when no value tried is fair (nothing is written).
NO_FAIR_VALUE = 1


def _ids(text: str) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _executor(args) -> str:
    return runner.check_executor(args.dask or ("serial" if args.serial else "processes"))


def _budget(seconds: float | None) -> str:
    from .progress import duration

    return "none" if seconds is None else duration(seconds)


def _interrupt_once(signum, frame) -> None:
    """The first Ctrl-C stops the run; the ones after it, while it stops, are ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _run(args, specs: dict, stop=None) -> dict | None:
    """The records, or ``None`` after Ctrl-C (reported on stderr): the worker
    processes are ended at once and the games that finished are kept."""
    total = len(specs) * args.games
    watch = [
        (label, card) for label, spec in specs.items() if label != "base" or len(specs) == 1 for card in spec.targets
    ]
    budget = getattr(args, "time", None)
    deadline = time.monotonic() + budget if budget else None
    progress = Progress(
        total,
        args.quiet,
        getattr(args, "progress", 5.0),
        watch=watch,
        deadline=deadline,
        open_ended=stop is not None or deadline is not None,
        score=UNITS[next(iter(specs.values())).game]["score"] if specs else "VP",
    )
    before = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread():
        before = None  # only the main thread handles signals
    if before is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt_once)
    interrupted = False
    try:
        with progress:
            records = runner.run(
                specs,
                args.games,
                executor=_executor(args),
                workers=args.workers,
                out=args.out,
                resume=args.resume,
                on_game=progress,
                on_record=progress.record,
                timeout=args.timeout,
                deadline=deadline,
                stop=stop,
            )
        closed = getattr(stop, "closed", {})
        played = open_games(records, closed)
        earlier = stop.closed_words() if closed else ""
        if min(len(r) for r in records.values()) == 0:
            raise pr.ConfigError(
                f"the time budget of {_budget(budget)} ended before every set finished a game: "
                f"give it more time (the finished games are kept in {args.out}; --resume)"
            )
        if played < args.games and getattr(stop, "reached", False):
            print(
                f"pillars-rules balance: every judged card decided after {played} of {args.games} games per "
                f"set ({stop.why()})" + (f"; sets decided earlier stopped playing: {earlier}" if earlier else ""),
                file=sys.stderr,
            )
        elif played < args.games:
            print(
                f"pillars-rules balance: time budget of {_budget(budget)} reached: the report covers games "
                f"0 to {played - 1} of every set ({played} of {args.games})"
                + (f", of the sets decided earlier the games they played ({earlier})" if earlier else "")
                + f"; the finished games are kept in {args.out} (--resume plays the rest)",
                file=sys.stderr,
            )
        elif earlier:
            print(f"pillars-rules balance: sets decided earlier stopped playing: {earlier}", file=sys.stderr)
        return records
    except KeyboardInterrupt:
        interrupted = True
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # and so it stays until the process exits
        print(
            f"pillars-rules balance: interrupted; {progress.done} of {total} games are kept in {args.out} "
            "(continue with --resume)",
            file=sys.stderr,
        )
        return None
    finally:
        if before is signal.default_int_handler and not interrupted:
            signal.signal(signal.SIGINT, before)


def open_games(records: dict, closed) -> int:
    """The games every set not in ``closed`` (a closed set keeps fewer) has in ``records``
    (every set's, should all be closed)."""
    opened = [len(r) for label, r in records.items() if label not in closed]
    return min(opened or [len(r) for r in records.values()], default=0)


def half_width(effect: dict) -> float:
    """Half the width of a judged card's 95% interval of its worth in gold (nan: not in gold)."""
    w = effect["worth"]
    lo, hi = w["lo"], w["hi"]
    if lo is None or hi is None:
        return float("nan")
    return (hi - lo) / 2


def precise(rows: list[dict], gold: float) -> bool:
    """Whether every judged card (``rows``) has its chances and its worth within ``+-gold``.

    >>> row = {"units": 40, "worth": {"value": 3.0, "lo": 1.5, "hi": 4.5}}
    >>> precise([row], 2), precise([row], 1), precise([{**row, "units": 9}], 2), precise([], 2)
    (True, False, False, False)
    """
    from .verdict import MIN_UNITS

    return bool(rows) and all(e["units"] >= MIN_UNITS and half_width(e) <= gold for e in rows)


def precision_reached(rows: list[dict], gold: float) -> str:
    """The words for a run whose judged cards (``rows``) are all known to ``+-gold``.

    >>> precision_reached([{"card": "x", "units": 40, "worth": {"lo": 1.5, "hi": 4.5}}], 2)
    "precision of +-2 gold reached: every judged card's worth in gold is known to within +-2 (the widest, x, +-1.5)"
    """
    e = max(rows, key=half_width)
    return (
        f"precision of +-{gold:g} gold reached: every judged card's worth in gold is known to within "
        f"+-{gold:g} (the widest, {e['card']}, +-{half_width(e):.1f})"
    )


class Decided:
    """The stopping rule of a sequential run (``--precision GOLD``, ``--time``
    or ``--sequential``). After game ``k`` of every set (at k = 10, 11, ...
    20, 22, ...: every tenth of k, so a check costs little beside the games)
    it builds the report of games ``0..k-1`` with the sequential design
    (:mod:`.sequential`: always-valid p-values, Holm over the family) and
    stops when every judged card is decided: flagged (too strong or too weak
    at the family's level), or, with ``gold``, known to within ``+-gold``
    (its chances and a 95% interval of its worth in gold no wider than
    that). Events are judged in VP and counted only by their flags. With
    ``flags=False`` (``--fixed --precision``) it stops on the widths only and
    builds the fixed-length report.

    Before that, a set whose judged cards are all decided is *closed*
    (:func:`.runner.run`): it plays no more games, and the others get the
    workers -- a card far too strong, alone in its set, stops costing games
    after the handful that flag it. A set that another test still reads is
    never closed alone: the base set, and the two sets of an event's A/B.

    A stop on a flag is safe for the flags because the p-values are valid
    whenever the run stops; the card that stopped it shows its confidence
    sequence. A stop on the widths looks at how wide the intervals are,
    never where they lie, so those intervals keep the coverage of a run of
    fixed length."""

    def __init__(self, specs: dict, roles: dict, against: tuple, gold: float | None, flags: bool = True):
        self.specs, self.roles, self.against, self.gold, self.flags = specs, roles, against, gold, flags
        self.reached = False
        self.games = 0
        self.last: list[dict] = []
        #: sets closed (their cards decided) and the games they keep
        self.closed: dict[str, int] = {}
        sets = [cardset(spec) for spec in specs.values()]
        kinds = {
            card: next((cs[card].kind for cs in sets if card in cs), "event")
            for role in roles.values()
            for card in role.cards
        }  # an event's "without" set lacks it
        judged = [card for card, kind in kinds.items() if kind != "event"]
        if gold is not None and not judged:
            raise pr.ConfigError(
                "--precision is in gold: it needs a card judged in gold (events are "
                "judged in VP, by the games with and without them)"
            )

    def decided(self, e: dict) -> bool:
        if self.flags and e["flag"] in (1, -1):
            return True
        return self.gold is not None and e["kind"] != "event" and precise([e], self.gold)

    def __call__(self, records: dict) -> bool | set[str]:
        from . import report
        from .verdict import MIN_UNITS

        k = open_games(records, self.closed)
        if k < MIN_UNITS or k % max(1, k // 10):
            return False
        self.last = report.judged_tests(self.specs, self.roles, records, self.against, sequential_design=self.flags)[0]
        self.games = k
        self.reached = bool(self.last) and all(self.decided(e) for e in self.last)
        if self.reached:
            return True
        new = self.closable() - set(self.closed)
        for label in sorted(new):
            self.closed[label] = k
        return new

    def closable(self) -> set[str]:
        """The sets whose judged cards are all decided at the last check and
        that no other test reads (not the base set, not an event's sides)."""
        rows: dict[str, list[dict]] = {}
        read = {"base"}
        for e in self.last:
            rows.setdefault(e["set"], []).append(e)
            if e["kind"] == "event":
                role = self.roles[e["set"]]
                read |= {e["set"], (role.reference or "base") if role.kind == "without" else "base"}
        return {label for label, es in rows.items() if label not in read and all(self.decided(e) for e in es)}

    def closed_words(self) -> str:
        """The sets closed before the run ended, in words ("" when none)."""
        return "; ".join(f"{label} after {k} games" for label, k in self.closed.items())

    def why(self) -> str:
        """Why the run stopped early, in words: each card's estimate and verdict."""
        parts = []
        for e in self.last:
            vp = e["vp"]
            head = f"{e['name']}: {vp['value']:+.1f} VP [{vp['lo']:+.1f}, {vp['hi']:+.1f}]"
            if self.flags and e["flag"] in (1, -1):
                word = (
                    ("raises VP" if e["flag"] == 1 else "lowers VP")
                    if e["kind"] == "event"
                    else ("too strong" if e["flag"] == 1 else "too weak")
                )
                parts.append(f"{head} -- {word}, decided after {e['decided_at'] or self.games} games")
            else:
                parts.append(f"{head} -- worth known to +-{half_width(e):.1f} gold")
        return "; ".join(parts)

    def widest(self) -> str:
        """The card furthest from being decided at the last check, in words."""
        from .verdict import MIN_UNITS

        open_ = [e for e in self.last if not self.decided(e)]
        if not open_:
            return "too few games to check"
        e = max(
            open_,
            key=lambda e: (e["units"] < MIN_UNITS, half_width(e) if half_width(e) == half_width(e) else float("inf")),
        )
        if e["units"] < MIN_UNITS:
            return f"{e['card']} had {e['units']} chances"
        half = half_width(e)
        return f"{e['card']}: +-{half:.1f} gold" if half == half else f"{e['card']}: its worth not yet in gold"


def _prepare(args, specs: dict) -> dict:
    _executor(args)
    store.check_out(args.out, resume=args.resume, overwrite=args.overwrite)
    return {label: seal(spec).check() for label, spec in specs.items()}


def judge(args, common: dict) -> int:
    """``pillars-rules balance``: plan the sets, play them, report."""
    from . import html, report, text
    from .plan import plan

    read = read_sources
    if getattr(args, "game", "pillars") != "pillars":
        from .ora import read_sources as read
    also = read(args.also) if args.also else ()
    cards = read(args.cards) if args.cards else ()
    against = tuple(_ids(args.against))
    specs, roles = plan(common, also, cards, _ids(args.targets), against)
    specs = _prepare(args, specs)
    game = next(iter(specs.values())).game
    precision = getattr(args, "precision", None)
    fixed = getattr(args, "fixed", False)
    if fixed and getattr(args, "sequential", False):
        raise pr.ConfigError("--fixed and --sequential are two designs: choose one")
    sequential = not fixed and bool(precision or getattr(args, "time", None) or getattr(args, "sequential", False))
    stop = Decided(specs, roles, against, precision, flags=sequential) if sequential or precision else None
    records = _run(args, specs, stop)
    if records is None:
        return 130
    data = report.build(specs, roles, records, against, sequential_design=sequential)
    played = open_games(records, stop.closed if stop is not None else ())
    rows = [e for e in data["judged"] if e["kind"] != "event"]
    if precision and stop is not None and not stop.reached and precise(rows, precision):
        # the time budget (or the last game) came before the check that would have stopped the run
        print(say(f"pillars-rules balance: {precision_reached(rows, precision)}", game), file=sys.stderr)
    elif precision and stop is not None and not stop.reached and played >= args.games:
        print(
            say(
                f"pillars-rules balance: precision of +-{precision:g} gold not reached in {args.games} games "
                f"per set ({stop.widest()}): ask for more --games",
                game,
            ),
            file=sys.stderr,
        )
    elif precision and stop is not None and not stop.reached:
        print(
            say(
                f"pillars-rules balance: precision of +-{precision:g} gold not reached before the time budget "
                f"ended ({stop.widest()}): give it more time (--resume plays on)",
                game,
            ),
            file=sys.stderr,
        )
    if args.json:
        report.to_json(data, args.json)
    if args.html:
        html.write(data, args.html)
    if not args.quiet:
        text.print_summary(data)
    return 0


def tune(args, common: dict) -> int:
    """``pillars-rules balance tune CARD --vary NAME=LO..HI``."""
    from . import tune as T
    from .games import GameSpec
    from .report import console, to_json

    also = read_sources(args.also) if args.also else ()
    cards = read_sources(args.cards) if args.cards else ()
    known = cardset(GameSpec(sources=also + cards))
    if args.card not in known:
        raise pr.ConfigError(f"no card {args.card!r} in the base set or the given card files")
    card = known[args.card]
    if args.numbers:
        for n in T.numbers(card):
            print(f"{n['name']:<12} {n['index']:<4} {n['value']}  (line {n['line']}, column {n['column']})")
        print(T.card_text(card), end="")
        return 0
    if not args.vary:
        raise pr.ConfigError("say what to vary: --vary NAME=LOW..HIGH (list the names with --numbers)")
    name, values = T.parse_range(args.vary)
    T.find(card, name)
    others = tuple((n, t) for n, t in also + cards)
    specs = _prepare(args, T.tune_specs(common, others, card, name, values, known))
    records = _run(args, specs)
    if records is None:
        return 130
    result = T.analyse(records, card.id, name, values, seed=args.seed)
    adjusted = None if result["fair"] is None else T.vary(card, name, result["fair"], known)
    result["adjusted"] = adjusted
    if args.json:
        to_json(result, args.json)
    if args.write and adjusted is not None:
        store.write_text(args.write, adjusted)
    if not args.quiet:
        from .text import print_tune

        print_tune(result, console())
    if adjusted is None:
        from .text import tune_sentence

        print(f"pillars-rules balance: {tune_sentence(result)}", file=sys.stderr)
        return NO_FAIR_VALUE
    if not args.write:
        print(adjusted, end="")
    return 0
