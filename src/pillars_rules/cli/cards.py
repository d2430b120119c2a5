"""``pillars-rules cards ...``: check, format and show card files.

The top-level CLI (:mod:`pillars_rules.cli`) calls :func:`register` with its
argparse sub-parsers; each command stores its handler as ``func`` and returns
an exit code (0 fine, 1 problems found).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..buildings import load_buildings, shipped
from ..cardlang import data
from ..cardlang.buildcomp import is_building_text, render_building, render_track
from ..cardlang.cardset import CardSet
from ..cardlang.compiler import base_cards, load_paths
from ..cardlang.diagnostics import suggest
from ..cardlang.files import expand as _expand
from ..cardlang.files import read_one
from ..cardlang.formatter import format_text
from ..cardlang.landcomp import render_landscape
from ..cardlang.lint import lint
from ..cardlang.modecomp import ModeWords, render_mode
from ..cardlang.render import render
from ..errors import CardError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``cards`` command and its sub-commands."""
    cards = subparsers.add_parser(
        "cards",
        help="check, format and show card files",
        description="Work with card files written in the pillars-rules card language.",
    )
    sub = cards.add_subparsers(dest="cards_command", metavar="COMMAND", required=True)

    check = sub.add_parser(
        "check",
        help="compile card files and report every problem",
        description="Compile card files (folders: every *.cards inside). "
        "Cards may refer to the base set. Exit 1 on problems.",
    )
    check.add_argument("paths", nargs="+", metavar="PATH")
    check.add_argument(
        "--strict", action="store_true", help="exit 1 on warnings too (cards that can never do anything)"
    )
    check.set_defaults(func=cmd_check)

    fmt = sub.add_parser(
        "fmt",
        help="print card files in canonical form",
        description="Print card files in canonical form (comments are kept).",
    )
    fmt.add_argument("paths", nargs="+", metavar="PATH")
    mode = fmt.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the files in place")
    mode.add_argument("--check", action="store_true", help="print nothing; exit 1 if a file is not canonical")
    fmt.set_defaults(func=cmd_fmt)

    show = sub.add_parser(
        "show", help="print a card's rules in English", description="Print a card's rules in English."
    )
    show.add_argument("id", metavar="ID", help="card id, e.g. mason_r1")
    show.add_argument(
        "--cards",
        nargs="+",
        action="extend",
        default=[],
        metavar="PATH",
        help="extra card files or folders, or a set shipped with the library "
        "(expansion), on top of the base set; repeatable",
    )
    show.set_defaults(func=cmd_show)
    return cards


def _in_base(path: Path) -> bool:
    try:
        base = (data.data_dir("cards") / "base").resolve()
    except FileNotFoundError:  # pragma: no cover - broken installation
        return False
    p = path.resolve()
    return p == base or base in p.parents


def _known(paths: list[str]) -> CardSet | None:
    """The set the given paths are loaded on top of: the base set, unless they are it."""
    return None if any(_in_base(Path(p)) for p in paths) else base_cards()


def _resolved(paths: list[str]) -> list[str]:
    """The paths, a shipped set's name (``expansion``) as its folder, as ``new_game`` reads them."""
    from ..games.pillars import named_set_path

    return [named_set_path(p) for p in paths]


def _load(paths: list[str]) -> CardSet:
    """Given paths, on top of the base set unless they are the base set."""
    return load_paths(paths, known=_known(paths))


def replacement_notes(cs: CardSet, known: CardSet | None) -> list[str]:
    """A note for each card that takes a base card's id: in a game it replaces
    that card (not an error -- a fan set may mean it -- but never silent)."""
    if known is None:
        return []
    notes = []
    for card in [*cs, *cs.places]:
        base = known.by_id.get(card.id) or next((p for p in known.places if p.id == card.id), None)
        if base is not None:
            notes.append(
                f"{card.pos}: note: '{card.id}' is the id of the base card {base.name!r} "
                f"({base.kind}); in a game this card replaces it\n"
                "    hint: give the card an id of its own to add it beside the base card"
            )
    return notes


def _building_files(paths: list[str]) -> bool:
    """Do the paths hold building cards (goods, heartland, building, settlement)?
    Such a set is compiled as one, with its goods card (docs/ora/cards.rst)."""
    files, _ = _expand(paths)
    for _, path in files:
        try:
            if is_building_text(read_one(path)):
                return True
        except (OSError, ValueError):
            continue
    return False


def _check_buildings(paths: list[str]) -> int:
    """A building set is checked as the game that plays building cards (Ora et Labora) reads it:
    a follow-up its flow cannot play is refused where it is written (its data: ``FOLLOWS``)."""
    from ..games.ora.steps import FOLLOWS, MODE_NAMES

    try:
        cs = load_buildings(paths, follows=FOLLOWS, words=ModeWords.of(MODE_NAMES))
    except CardError as e:
        print(e, file=sys.stderr)
        n = len(e.diagnostics)
        print(f"\n{n} problem{'s' if n != 1 else ''} found", file=sys.stderr)
        return 1
    kinds = ", ".join(f"{len(cs.of_kind(k))} {k}" for k in ("heartland", "building", "settlement") if cs.of_kind(k))
    tracks = f"; {len(cs.tracks)} track card{'s' if len(cs.tracks) != 1 else ''}" if cs.tracks else ""
    n = len(cs.landscapes)
    tracks += f"; {n} landscape card{'s' if n != 1 else ''}" if n else ""
    n = len(cs.modes)
    tracks += f"; {n} mode card{'s' if n != 1 else ''}" if n else ""
    print(f"ok: {len(cs)} card{'s' if len(cs) != 1 else ''} ({kinds}) and a goods card{tracks}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    args.paths = _resolved(args.paths)
    shipped_paths = [str(shipped(p)) for p in args.paths]  # a shipped building set by its name
    if _building_files(shipped_paths):
        return _check_buildings(shipped_paths)
    try:
        cs = _load(args.paths)
    except CardError as e:
        print(e, file=sys.stderr)
        n = len(e.diagnostics)
        print(f"\n{n} problem{'s' if n != 1 else ''} found", file=sys.stderr)
        return 1
    known = _known(args.paths)
    warnings = lint(cs, known=known)
    for note in replacement_notes(cs, known):
        print(note, file=sys.stderr)
    for w in warnings:
        print(w, file=sys.stderr)
    tail = f", {len(warnings)} warning{'s' if len(warnings) != 1 else ''}" if warnings else ""
    places = sum(1 for c in cs.places if c.kind == "place")
    board = f", {places} place{'s' if places != 1 else ''}" if cs.places else ""
    if any(c.kind == "board" for c in cs.places):  # a set-up rules file may hold only its board card
        board += " and a board card"
    print(f"ok: {len(cs)} card{'s' if len(cs) != 1 else ''}{board}{tail}")
    return 1 if warnings and args.strict else 0


def cmd_fmt(args: argparse.Namespace) -> int:
    files, problems = _expand(_resolved(args.paths))
    status = 0
    for d in problems:
        print(d, file=sys.stderr)
        status = 1
    for name, path in files:
        try:
            text = read_one(path)  # size checked before reading, regular files only
            new = format_text(text, name)
        except CardError as e:
            print(e, file=sys.stderr)
            status = 1
            continue
        except (OSError, ValueError) as e:  # UnicodeDecodeError is a ValueError
            print(f"{name}: error: cannot read file: {e}", file=sys.stderr)
            status = 1
            continue
        if args.check:
            if new != text:
                print(f"{name}: not canonically formatted", file=sys.stderr)
                status = 1
        elif args.write:
            if new != text:
                path.write_text(new, encoding="utf-8")
                print(f"reformatted {name}", file=sys.stderr)
        else:
            if len(files) > 1:
                sys.stdout.write(f"# ==> {name} <==\n")
            sys.stdout.write(new)
    return status


def _show_building(args: argparse.Namespace) -> int:
    try:
        cs = load_buildings([str(shipped(p)) for p in _resolved(args.cards)])
    except CardError as e:
        print(e, file=sys.stderr)
        return 1
    land = next((x for x in cs.landscapes if x.id == args.id), None)
    if land is not None:
        print(render_landscape(land))
        return 0
    mode = next((x for x in cs.modes if x.id == args.id), None)
    if mode is not None:
        print(render_mode(mode))
        return 0
    track = next((t for t in cs.tracks if t.id == args.id), None)
    if track is not None:
        print(render_track(track))
        return 0
    if args.id not in cs:
        ids = [c.id for c in cs] + [t.id for t in cs.tracks] + [x.id for x in cs.landscapes] + [x.id for x in cs.modes]
        print(f"unknown card '{args.id}'{suggest(args.id, ids)}", file=sys.stderr)
        return 1
    print(render_building(cs[args.id]))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    if args.cards and _building_files([str(shipped(p)) for p in _resolved(args.cards)]):
        return _show_building(args)
    try:
        cs = base_cards()
        if args.cards:
            cs = cs.merged(load_paths(_resolved(args.cards), known=cs))
    except CardError as e:
        print(e, file=sys.stderr)
        return 1
    places = {c.id: c for c in cs.places}
    if args.id not in cs and args.id not in places:
        where = "the base set" + "".join(f", {p}" for p in args.cards)
        print(
            f"unknown card '{args.id}'{suggest(args.id, [*cs.by_id, *places])}\n"
            f"    hint: looked in {where}; a fan card is shown with its file or folder: "
            f"pillars-rules cards show {args.id} --cards PATH",
            file=sys.stderr,
        )
        return 1
    names = {c.id: c.name for c in cs.places}
    print(render(cs[args.id] if args.id in cs else places[args.id], names))
    return 0
