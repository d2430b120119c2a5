"""The balance report in the terminal: rich tables, the author's cards first.

Order: the verdicts (one sentence per card, then a table), the A/A-style
contrasts, the power of the run, the game-level metrics of every set, what
moved against the base set, and what was aborted. Off a terminal the tables
are as wide as they need (never cut at 80 columns); on a terminal too
narrow for a table, each of its rows is shown as a list (:func:`show`).
"""

from __future__ import annotations

from .metrics import LABELS, METRICS, RATES
from .report import console as make_console
from .report import flag_text, gold, num, p_text, pct


def _add(table, *cells, style: str = "") -> None:
    """A row of plain text (no rich markup: intervals are written in brackets)."""
    from rich.text import Text

    table.add_row(*(Text(str(c)) for c in cells), style=style)


def show(con, table) -> None:
    """Print ``table`` as it is when it fits the console; else each row as a
    small table of its own, one line per column (the header, then the cell),
    so that no cell is broken inside a number on an 80-column terminal."""
    from rich.measure import Measurement
    from rich.table import Table

    if isinstance(con, _Words):  # in the game's words, measured as printed
        table, con = con._say(table), con.console
    wide = con.options.update(width=100_000, max_width=100_000)
    if Measurement.get(con, wide, table).minimum <= con.width:
        for column in table.columns:  # wrap between words only: no column narrower than its longest word
            words = [Measurement.get(con, wide, cell).minimum for cell in (column.header, *column.cells)]
            column.min_width = max(words)
        con.print(table)
        return
    if table.title:
        con.print(table.title, highlight=False, markup=False, style="bold")
    columns = [(c.header, list(c.cells)) for c in table.columns]
    for i in range(table.row_count):
        row = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
        row.add_column(style="dim", no_wrap=False, max_width=max(12, con.width // 3))
        row.add_column()
        for header, cells in columns[1:]:
            row.add_row(str(header), cells[i])
        con.print(columns[0][1][i], highlight=False, markup=False, style="bold")
        con.print(row)


def _verdicts(report: dict, con) -> None:
    from rich.table import Table

    judged = report["judged"]
    if not judged:
        return
    for e in judged:  # the verdicts first, the numbers behind them after
        con.print(f"  {e['card']} ({e['set']}): {e['verdict']}.", highlight=False, markup=False)
    author = any(e["author"] for e in judged)
    fam = report["family"]
    t = Table(
        title=f"{'Your cards' if author else 'Cards'}: causal value by paired branches "
        f"({fam['tests']} test{'s' if fam['tests'] != 1 else ''}, {fam['method']}-corrected at "
        f"{100 * fam['alpha']:.0f}%)"
    )
    for col in (
        "card",
        "set",
        "cost",
        "worth in gold [95%]",
        "VP take - ref [95%]",
        "win share [95%]",
        "chances",
        "bot took",
        "p (Holm)",
        "flag",
    ):
        t.add_column(col, overflow="fold")
    for e in judged:
        if e["kind"] == "event":
            _add(
                t,
                e["card"],
                e["set"],
                "-",
                gold(e["worth"]),
                num(e["vp"], 2, True),
                num(e["start"], 3, True) + " (start player)",
                str(e["units"]),
                "-",
                p_text(e["p_holm"]),
                flag_text(e),
                style="bold" if e["flag"] else "",
            )
            continue
        _add(
            t,
            e["card"],
            e["set"],
            "-" if e["cost"] is None else str(e["cost"]),
            gold(e["worth"]),
            num(e["vp"], 2, True),
            num(e["win"], 3, True),
            str(e["units"]),
            "-" if e["units"] == 0 else f"{100 * e['took']:.0f}%",
            p_text(e["p_holm"]),
            flag_text(e),
            style="bold red" if e["flag"] else "",
        )
    show(con, t)


def _contrasts(report: dict, con) -> None:
    from rich.table import Table

    if not report["contrasts"]:
        return
    t = Table(title="Comparisons on the same seeds (an A/A test compares a copy with its original)")
    for col in (
        "card",
        "against",
        "set",
        "card's own VP [95%]",
        "against's own VP [95%]",
        "VP difference [95%]",
        "in gold",
        "p",
        "p (Holm)",
        "flagged",
        "smallest difference detected",
        "games to detect ±1 gold",
    ):
        t.add_column(col, overflow="fold")
    for c in report["contrasts"]:
        own = [num(c[k]["vp"], 2, True) if k in c else "-" for k in ("card_own", "against_own")]
        _add(
            t,
            c["card"],
            c["against"],
            c["set"],
            *own,
            num(c, 2, True),
            "-" if c["gold"] != c["gold"] else f"{c['gold']:+.1f}",
            p_text(c["p"]),
            p_text(c["p_holm"]),
            "yes" if c["flag"] else "no",
            _mde(c["mde"]),
            "-" if c.get("needed") is None else f"{c['needed']:,}",
        )
    show(con, t)


def _mde(m: dict) -> str:
    gold = "" if m["gold"] != m["gold"] else f" ({m['gold']:.1f} gold)"
    return "-" if m["vp"] != m["vp"] else f"±{m['vp']:.2f} VP{gold}"


def _power(report: dict, con) -> None:
    from rich.table import Table

    rows = [e for e in report["judged"] if e["kind"] != "event"]
    if not rows:
        return
    t = Table(title="Power: the smallest effect these games detect 80% of the time (at the family's level)")
    for col in (
        "card",
        "set",
        "games",
        "chances",
        "smallest VP",
        "smallest gold",
        "VP per gold",
        "games to detect the effect measured",
        "games to detect ±1 gold",
    ):
        t.add_column(col, overflow="fold")
    for e in rows:
        needed = e.get("needed")
        _add(
            t,
            e["card"],
            e["set"],
            str(e["seeds"]),
            str(e["units"]),
            "-" if e["mde"]["vp"] != e["mde"]["vp"] else f"±{e['mde']['vp']:.2f}",
            "-" if e["mde"]["gold"] != e["mde"]["gold"] else f"±{e['mde']['gold']:.1f}",
            num(e["gold_scale"], 3),
            "-" if needed is None else f"{needed:,}",
            "-" if e.get("needed_gold") is None else f"{e['needed_gold']:,}",
        )
    show(con, t)


def _metrics(report: dict, con) -> None:
    from rich.table import Table

    sets = report["sets"]
    t = Table(title="The game: metrics per set, 95% intervals")
    t.add_column("metric")
    for label in sets:
        t.add_column(f"{label} ({sets[label]['games']} games)", overflow="fold")
    for name in METRICS:
        cells = []
        for s in sets.values():
            m = s["metrics"][name]
            cells.append(pct(m) if name in RATES else num(m, 2))
        _add(t, LABELS[name], *cells)
    _add(
        t,
        "start-player advantage",
        *(f"{100 * s['metrics']['start_player']['advantage']:+.1f} pp" for s in sets.values()),
    )
    show(con, t)


def _ab(report: dict, con) -> None:
    from rich.table import Table

    for label, rows in report["ab"].items():
        t = Table(
            title=f"{label} minus base, game by game on the same seeds (paired 95% intervals, "
            f"simultaneous over the {len(rows)} statistics)"
        )
        for col in ("statistic", "difference [95% simultaneous]", "moved"):
            t.add_column(col, overflow="fold")
        for name, row in rows.items():
            if name in METRICS or row["moved"]:
                scale = 100 if ("win rate" in name or name in RATES) else 1
                shown = {"value": row["value"] * scale, "lo": row["lo_sim"] * scale, "hi": row["hi_sim"] * scale}
                _add(
                    t,
                    LABELS.get(name, name) + (" (pp)" if scale == 100 else ""),
                    num(shown, 2, True),
                    {1: "up", -1: "down", 0: ""}[row["moved"]],
                    style="bold" if row["moved"] else "",
                )
        show(con, t)


def print_summary(report: dict, console=None) -> None:
    """Print the report (see the module docs); an Ora et Labora report in its words (:mod:`.units`)."""
    from .units import game_of

    game = game_of(report)
    con = console or make_console()
    _print_summary(report, con if game == "pillars" else _Words(con, game))


class _Words:
    """A console that prints in a game's words (:func:`.units.say`): every string, and every
    table's title, headers and cells before rich measures them (so the columns still line up)."""

    def __init__(self, console, game: str) -> None:
        self.console, self.game = console, game

    @property
    def width(self) -> int:
        return int(self.console.width)

    def _say(self, thing):
        from rich.table import Table
        from rich.text import Text

        from .units import say

        if isinstance(thing, str):
            return say(thing, self.game)
        if isinstance(thing, Text):  # a styled cell: its words, in its style
            return Text(say(thing.plain, self.game), style=thing.style, justify=thing.justify)
        if isinstance(thing, Table):
            thing.title = self._say(thing.title)
            for col in thing.columns:
                col.header = self._say(col.header)
                col._cells = [self._say(c) for c in col._cells]
        return thing

    def print(self, *things, **kwargs) -> None:
        self.console.print(*(self._say(t) for t in things), **kwargs)

    def __getattr__(self, name: str):
        return getattr(self.console, name)


def _print_summary(report: dict, console=None) -> None:
    con = console or make_console()
    runs = report["run"]
    first = next(iter(runs.values()))
    title = (
        f"Balance report: {first['players']} players, bots {','.join(first['bots'])}, "
        f"first seed {first['seed']}, gold gift ±{first['gold']}"
    )
    con.print(f"{title}\n{'=' * min(len(title), con.width)}", highlight=False, markup=False, style="bold")
    _verdicts(report, con)
    _contrasts(report, con)
    _power(report, con)
    _metrics(report, con)
    _ab(report, con)
    lost = [
        (label, s["aborted"], s["arms_aborted"])
        for label, s in report["sets"].items()
        if s["aborted"] or s["arms_aborted"]
    ]
    for label, games, arms in lost:
        con.print(
            f"{label}: {games} games and {arms} branches hit a budget of the library and were "
            "left out (counted as aborted)",
            highlight=False,
            markup=False,
        )
    fam = report["family"]
    tests = f"{fam['tests']} test{'s' if fam['tests'] != 1 else ''}"
    con.print(
        f"Flags: {tests} in one family, {fam['method']}'s step-down correction "
        f"(family-wise error {100 * fam['alpha']:.0f}%); design: {fam.get('design', 'fixed length')}.",
        highlight=False,
        markup=False,
    )


def print_tune(result: dict, con) -> None:
    """The tune table: the card's causal value per value tried (with its
    verdict, "not judged" under ``MIN_UNITS`` chances), and the fair value --
    or why there is none."""
    from rich.table import Table

    name = result["name"]
    guessed = any("guess" in r for r in result["rows"])
    t = Table(title=f"{result['card']}: causal value for each {name} (same seeds for every value)")
    for col in (name, "chances", "VP take - ref [95%]", "worth in gold [95%]", "bot took", "verdict") + (
        ("cost + worth",) if guessed else ()
    ):
        t.add_column(col, overflow="fold")
    for r in result["rows"]:
        status = r.get("status", "")
        g = r.get("guess", float("nan"))
        _add(
            t,
            str(r["value"]),
            str(r["units"]),
            num(r["vp"], 2, True),
            gold(r["worth"]),
            "-" if not r["units"] else f"{100 * r['took']:.0f}%",
            status,
            *(("-" if g != g else f"{g:.0f}",) if guessed else ()),
            style="dim" if status == "not judged" else "",
        )
    show(con, t)
    con.print(fit_sentence(result), highlight=False, markup=False)
    con.print(tune_sentence(result), highlight=False, markup=False)
    if guessed:
        con.print(GUESS, highlight=False, markup=False)


#: Under tune's table when it tunes the cost: which of the two fair costs to trust.
GUESS = (
    "cost + worth is the fair cost the report's verdict guesses: it takes each gold piece of cost to be "
    "worth a gold piece given at the start of the round's draft, true only near the cost judged. The fair "
    "cost above is measured at the costs themselves: trust it."
)


def fit_sentence(result: dict) -> str:
    """The fitted line, and its zero only when the slope is significant."""
    fit, name = result["fit"], result["name"]
    if fit is None:
        return "No line fitted (fewer than two values, or a value without chances)."
    line = (
        f"Fitted line: VP = {fit['intercept']:+.2f} {fit['slope']:+.3f} x {name} "
        f"(slope 95%: {fit['slope_lo']:+.3f} to {fit['slope_hi']:+.3f})"
    )
    if not fit["ordered"]:
        return (
            f"{line}: its slope's interval holds zero, so the values tried do not order the card's "
            "strength and the line's zero means nothing."
        )
    ends = f" (95%: {fit['lo']:.1f} to {fit['hi']:.1f})" if "lo" in fit else ""
    return f"{line}; zero at {name} = {fit['root']:.1f}{ends}."


def tune_sentence(result: dict) -> str:
    """What tune found, in words: the fair value and how, or why there is none."""
    name, values = result["name"], [r["value"] for r in result["rows"]]
    span = f"{min(values)}..{max(values)}"
    closest = "" if result.get("closest") is None else f"; closest value tried: {result['closest']}"
    how = result["how"]
    if how == "fitted":
        return f"Fair {name}: {result['fair']} (where the fitted line crosses zero){closest}."
    if how == "closest":
        return (
            f"Fair {name}: {result['fair']} (the value tried that is judged fair and closest to zero; "
            f"the values do not order its strength){closest}."
        )
    if how == "outside":
        return (
            f"No fair {name} in {span}: the fitted line crosses zero at {name} = {result['fit']['root']:.1f}, "
            f"outside the range tried{closest}. Nothing written: try other values or change what the card does."
        )
    judged = [r for r in result["rows"] if r.get("status") != "not judged"]
    why = (
        "no value had enough chances to be judged (ask for more games)"
        if not judged
        else "no value tried is judged fair and the values do not order its strength"
    )
    return f"No fair {name} in {span}: {why}{closest}. Nothing written."
