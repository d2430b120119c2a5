"""What a game gives the core (:class:`GameType`), and the registry of games.

The core reads a game only through the methods of its :class:`GameType`, each a
function of the game's own values -- its state, its rules (the compiled card
set), its events and actions -- so the core needs no knowledge of what a state
holds beyond the framework's part, its :class:`~pillars_rules.core.Frame`
(``state.frame``: the decision, who is pending, the chance drawn, whether the
game is over; see :mod:`pillars_rules.core.frame`).

A game subclasses :class:`GameType` and defines its methods. In the compiled
build the class is native, so the core calls a compiled game's methods
directly; a game written in plain Python subclasses it like any class.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from ..errors import ConfigError, SaveError, safe_repr

_T = TypeVar("_T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a pure install without mypy's extensions: the decorator does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        return lambda cls: cls


#: Why no action is legal once the game is over (every game's words).
GAME_OVER: Final = "the game is over; no action is legal"
#: Why no action is legal in a state folded without verification between two decisions.
NO_DECISION: Final = "no seat must decide now: the log stops between two decisions"

#: A game's name: lower-case words (letters, digits, ``_``) joined by hyphens (``ora-et-labora``), at most 32 characters.
_NAME = re.compile(r"(?=.{1,32}\Z)[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*\Z")

#: The methods every game defines (the others have a default).
REQUIRED: Final = (
    "fold",
    "batch",
    "advance",
    "legal",
    "events_of",
    "refusal",
    "seat_name",
    "scores",
    "ranking",
    "event_bound",
    "view",
    "export",
    "describe",
    "summary",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameType:
    """A game, as the core sees it: subclass it, define the methods, and
    :func:`register` an instance made with the game's name, title, rules type,
    decision event and action fields.

    *The data* -- ``name``, short lower-case words joined by hyphens (``ora-et-labora``); ``title``;
    ``rules_type``, the class of the game's rules value (how the core finds the
    game of a :class:`~pillars_rules.Game`); ``decision_event``, the type of the
    event that says a decision is pending, which ends a batch of automatic
    events; ``action_fields``, each action class with its fields and their exact
    types (only such values are compared with the listed actions, so a
    caller's object never runs code).

    *The fold and the flow* -- :meth:`fold`, :meth:`batch`, :meth:`advance`,
    and :meth:`run`, which has a default.

    *Decisions* -- :meth:`legal`, :meth:`events_of`, :meth:`refusal`,
    :meth:`unlabelled` (default: the action as it is).

    *Results and words* -- :meth:`seat_name`, :meth:`scores`, :meth:`ranking`,
    :meth:`event_bound`, :meth:`view`, :meth:`export`, :meth:`describe`,
    :meth:`is_control` (default: no event is), :meth:`summary`.

    *New games and saves* (each with a default that refuses, or that works
    from the others) -- :meth:`new_game`; :meth:`is_start`,
    :meth:`upcast_save`, :meth:`save_header`, :meth:`encode_event`, :meth:`decode_event`,
    :meth:`load_rules`, :meth:`rules_facts`, :meth:`replay_log` and :meth:`load_save`, what
    :func:`pillars_rules.save`, :func:`~pillars_rules.load` and
    :func:`~pillars_rules.replay` need of a game.
    """

    def __init__(
        self,
        name: str,
        title: str,
        rules_type: type,
        decision_event: type,
        action_fields: Mapping[type, tuple[tuple[str, type], ...]],
    ) -> None:
        self.name = name
        self.title = title
        self.rules_type = rules_type
        self.decision_event = decision_event
        self.action_fields: dict[type, tuple[tuple[str, type], ...]] = dict(action_fields)

    def _undefined(self, method: str) -> ConfigError:
        return ConfigError(f"the game type {type(self).__name__} does not define {method}()")

    # ---------------------------------------------------------------- the fold and the flow
    def fold(self, state: Any, event: Any, rules: Any) -> Any:
        """The state after ``event`` (``state`` is ``None`` before the first event):
        the only code that makes states."""
        raise self._undefined("fold")

    def batch(self, state: Any, rules: Any) -> Any:
        """A new batch of automatic events on ``state``: an object with ``state``
        and ``events`` attributes that folds each event it is given."""
        raise self._undefined("batch")

    def advance(self, batch: Any, rules: Any) -> None:
        """Add the next automatic events of the game's flow to ``batch``."""
        raise self._undefined("advance")

    def run(self, state: Any, rules: Any, events: list[Any]) -> tuple[list[Any], Any]:
        """Fold ``events`` into ``state``, then add the flow's automatic events up
        to the next decision (:func:`pillars_rules.core.run`). The default is the
        core's loop over :meth:`fold`, :meth:`batch` and :meth:`advance`; a
        compiled game may give its own copy, with direct calls, that gives the
        very same events and state."""
        return core_loop(self, state, rules, events)

    # ---------------------------------------------------------------- decisions
    def legal(self, state: Any, rules: Any) -> list[Any]:
        """The pending seat's actions (none when no decision is pending or the game is over)."""
        raise self._undefined("legal")

    def events_of(self, state: Any, rules: Any, action: Any) -> list[Any]:
        """The events of a listed action."""
        raise self._undefined("events_of")

    def refusal(self, state: Any, rules: Any, action: Any, legal: list[Any]) -> str:
        """Why ``action`` is not one of ``legal``, in one sentence."""
        raise self._undefined("refusal")

    def unlabelled(self, action: Any) -> Any:
        """``action`` without the words a client may have attached (never echoed
        back, nor kept)."""
        return action

    # ---------------------------------------------------------------- results and words
    def seat_name(self, state: Any, seat: int) -> str:
        raise self._undefined("seat_name")

    def seats(self, state: Any) -> int:
        """How many seats choose actions (people or bots): ``state.n_players`` unless the
        game says otherwise (a solo game's neutral seat, for one, never chooses)."""
        n: int = state.n_players
        return n

    def scores(self, state: Any) -> list[Any]:
        """One score per seat."""
        raise self._undefined("scores")

    def ranking(self, state: Any) -> list[list[int]]:
        """Seats grouped by final place, best first; tied seats share a place."""
        raise self._undefined("ranking")

    def event_bound(self, state: Any) -> int:
        """The most events one action can add (a bound for :attr:`Game.unfinishable`)."""
        raise self._undefined("event_bound")

    def view(self, game: Any, seat: object) -> Any:
        """What ``seat`` may know of ``game`` (``None``: a spectator)."""
        raise self._undefined("view")

    def export(self, game: Any, seat: object) -> str:
        """:meth:`view` as JSON text for that seat's client."""
        raise self._undefined("export")

    def describe(self, game: Any, event: Any) -> str:
        """``event`` in words."""
        raise self._undefined("describe")

    def is_control(self, event: Any) -> bool:
        """Whether ``event`` is bookkeeping that a narration leaves out."""
        return False

    def summary(self, state: Any) -> str:
        """Where the game stands, in a few words."""
        raise self._undefined("summary")

    # ---------------------------------------------------------------- new games
    def new_game(self, players: object, seed: object, variants: object, options: Mapping[str, object]) -> Any:
        """A new :class:`~pillars_rules.Game` of this game for ``players`` seats
        (what :func:`pillars_rules.new_game` asks for ``game=`` this game's name):
        ``seed`` decides every random outcome (``None``: a secret one),
        ``variants`` the game's variant names, ``options`` the other keyword
        arguments the caller gave (``names``, ``cards``...), for the game to
        check. Bad values are a :class:`ConfigError`. By default a game makes no
        new games (its games start from a log or a save)."""
        raise ConfigError(
            f"the game {self.name!r} ({self.title}) does not make new games: its GameType defines no new_game()"
        )

    # ---------------------------------------------------------------- saves
    # What pillars_rules.save, load and replay need of a game (pillars_rules.saves
    # holds the format, its header and its checks, and names no game).
    def is_start(self, event: Any) -> bool:
        """Whether ``event`` is this game's first event (how
        :func:`pillars_rules.replay` finds the game of a log). By default no event is."""
        return False

    def upcast_save(self, doc: dict[str, Any], version: int) -> dict[str, Any] | None:
        """A save written in ``version``, a format older than the one that names
        its game (format 5), as a document of the next format, if saves of that
        format are this game's; ``None`` if not (the default). Before format 5
        a save named no game: each such format's saves are one game's, whose
        type upcasts them one format at a time up to format 5 (and names itself
        in ``game``). ``doc`` is parsed, untrusted JSON; a malformed one is a
        :class:`~pillars_rules.errors.SaveError` with its JSON path."""
        return None

    def save_header(self, game: Any) -> dict[str, Any]:
        """The facts a save's header records of ``game`` besides the format's own
        fields (``format``, ``format_version``, ``library_version``, ``game`` and
        ``events``): JSON values, written in this order (Pillars: the rules
        version, the card hash, the variants, the seats and the seed)."""
        raise self._undefined("save_header")

    def encode_event(self, event: Any) -> dict[str, Any]:
        """``event`` as a JSON object (a ``dict`` of JSON values) for a save."""
        raise self._undefined("encode_event")

    def decode_event(self, raw: object, index: int) -> Any:
        """The event a save's JSON object ``raw`` (parsed, untrusted: any JSON
        value) at ``$.events[index]`` records, every value of its exact type,
        or a :class:`~pillars_rules.errors.SaveError` with the JSON path and ``index``."""
        raise self._undefined("decode_event")

    def load_rules(self, cards: object) -> Any:
        """The rules value a log of this game is replayed with, from the
        ``cards=`` argument of :func:`pillars_rules.load` and
        :func:`pillars_rules.replay` (Pillars: extra card files, ``None`` for the
        base set). The default takes only a rules value of this game's
        ``rules_type`` itself."""
        if isinstance(cards, self.rules_type):
            return cards
        raise ConfigError(
            f"the game {self.name!r} replays with its rules ({self.rules_type.__name__}) as cards=, "
            f"not {type(cards).__name__}"
        )

    def rules_facts(self, rules: Any) -> dict[str, Any]:
        """The facts of a save's header that ``rules`` alone decide (JSON
        values, a part of what :meth:`save_header` writes: e.g. the card set's
        hash). The default :meth:`load_save` checks them before it replays
        the log, so a save read with other rules is refused by the field that
        says so. By default: none."""
        return {}

    def replay_log(self, events: list[Any], rules: Any, verify: bool) -> Any:
        """The :class:`~pillars_rules.Game` that ``events`` (this game's event
        objects, first event first) record with ``rules``; with ``verify``,
        every event re-derived from the rules (a tampered log is a
        :class:`~pillars_rules.errors.SaveError` naming the event's index).
        :func:`pillars_rules.saves.replay.replay_by_listing` does it for any game
        by trying the listed actions."""
        raise self._undefined("replay_log")

    def load_save(self, doc: dict[str, Any], written: int, cards: object, verify: bool) -> Any:
        """The game a save records: ``doc`` is the save's parsed JSON in today's
        format (its ``game`` checked to be this game's name; anything else
        untrusted), ``written`` the format it was written in. Raises only
        :class:`~pillars_rules.errors.SaveError`, with a JSON path.

        The default, for any game that defines :meth:`save_header`,
        :meth:`decode_event`, :meth:`load_rules` and :meth:`replay_log`: the
        rules made from ``cards`` and checked against the header
        (:meth:`rules_facts`), the events decoded and replayed with them, and
        the header's facts refused unless they are exactly what
        :meth:`save_header` says of the replayed game."""
        raw = doc["events"]
        try:
            rules = self.load_rules(cards)
        except ConfigError as exc:
            raise SaveError(f"$.game: a save of {self.name!r} cannot be read with these cards: {exc}") from None
        for key, value in self.rules_facts(rules).items():
            if key in doc and not same_json(doc[key], value):
                raise SaveError(
                    f"$.{key}: the save was made with other rules ({safe_repr(doc[key], 40)}, here "
                    f"{safe_repr(value, 40)}); pass the cards= it was made with"
                )
        events = [self.decode_event(item, i) for i, item in enumerate(raw)]
        game = self.replay_log(events, rules, verify)
        want = self.save_header(game)
        facts = {k: v for k, v in doc.items() if k not in FORMAT_FIELDS}
        for key in facts:
            if key not in want:
                raise SaveError(f"$: unknown header field {key[:40]!r}")
        for key, value in want.items():
            if key not in facts:
                raise SaveError(f"$: the header lacks the field {key!r}")
            if not same_json(facts[key], value):
                raise SaveError(f"$.{key} is {safe_repr(facts[key], 60)} but the log says {safe_repr(value, 60)}", 0)
        return game

    def __repr__(self) -> str:
        return f"<GameType {self.name!r}: {self.title}>"


#: The fields of a save's header that the format owns (every other is a game's: :meth:`GameType.save_header`).
FORMAT_FIELDS: Final = ("format", "format_version", "library_version", "game", "events")


def same_json(a: object, b: object) -> bool:
    """Whether two JSON values are the same, types included (``1``, ``1.0`` and
    ``True`` differ; a list and a tuple of the same items do not)."""
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def core_loop(kind: GameType, state: Any, rules: Any, events: list[Any]) -> tuple[list[Any], Any]:
    """The core's loop over ``kind``'s :meth:`~GameType.fold`,
    :meth:`~GameType.batch` and :meth:`~GameType.advance` (never its own
    :meth:`~GameType.run`): what :meth:`GameType.run` does by default."""
    for e in events:
        state = kind.fold(state, e, rules)
    b = kind.batch(state, rules)  # one batch gathers everything up to the next decision
    out: list[Any] = list(events)
    b.events = out
    pending = kind.decision_event
    while not b.state.frame.game_over:
        if out and type(out[-1]) is pending:
            break
        kind.advance(b, rules)
    return out, b.state


_BY_NAME: dict[str, GameType] = {}
_BY_RULES: dict[type, GameType] = {}
#: Games known by name whose module registers them when first imported (:func:`register_later`):
#: name -> (module, title).
_LATER: dict[str, tuple[str, str]] = {}


def register(kind: object) -> GameType:
    """Add ``kind`` to the games the core knows (again: no change), and return it.

    Its name must be lower-case words joined by hyphens (at most 32 characters), and neither the name nor its
    rules type may belong to another game already, and its class must define
    every method that has no default (:data:`REQUIRED`)."""
    if not isinstance(kind, GameType):
        raise ConfigError(f"register takes a GameType, not {type(kind).__name__}")
    missing = [m for m in REQUIRED if getattr(type(kind), m) is getattr(GameType, m)]
    if missing:
        raise ConfigError(f"the game type {type(kind).__name__} does not define {', '.join(missing)}")
    if type(kind.name) is not str or not _NAME.match(kind.name):
        raise ConfigError(
            f"a game's name is lower-case words joined by hyphens, at most 32 characters, not {kind.name!r:.40}"
        )
    for what, known in (("name", _BY_NAME.get(kind.name)), ("rules type", _BY_RULES.get(kind.rules_type))):
        if known is not None and known is not kind:
            raise ConfigError(f"the game {known.name!r} has that {what} already; a game registers once")
    _BY_NAME[kind.name] = kind
    _BY_RULES[kind.rules_type] = kind
    return kind


def register_later(name: str, module: str, title: str) -> None:
    """Know the game ``name`` (called ``title``) before its package is imported:
    :func:`game_type` and :func:`game_types` import ``module`` (whose import
    must :func:`register` that game) when first asked, so a program that plays
    another game never pays for importing it; :func:`game_titles` lists it
    without importing it."""
    if type(name) is not str or not _NAME.match(name):
        raise ConfigError(f"a game's name is lower-case words joined by hyphens, not {name!r:.40}")
    if name not in _BY_NAME:
        _LATER[name] = (module, title)


def game_titles() -> dict[str, str]:
    """Every game known by name, registered or to be imported later, with its
    title, by name (nothing is imported: what a command line lists)."""
    known = {name: kind.title for name, kind in _BY_NAME.items()}
    known.update((name, title) for name, (_, title) in _LATER.items())
    return dict(sorted(known.items()))


def _arrive(name: str) -> None:
    module, _ = _LATER.pop(name, (None, ""))
    if module is not None:
        import importlib

        importlib.import_module(module)
        if name not in _BY_NAME:
            raise ConfigError(f"importing {module} did not register the game {name!r}")


def game_type(name: object) -> GameType:
    """The registered game called ``name`` (:class:`ConfigError` if none)."""
    if type(name) is str and name in _LATER:
        _arrive(name)
    kind = _BY_NAME.get(name) if type(name) is str else None
    if kind is None:
        raise ConfigError(f"no game called {name!r:.40} (games: {', '.join(sorted(_BY_NAME | _LATER)) or 'none'})")
    return kind


def game_types(later: bool = True) -> tuple[GameType, ...]:
    """Every registered game, by name: with ``later`` (the default) those known by
    :func:`register_later` too, imported now; without, only the games imported
    already (e.g. to find the game of event objects: their game's module made them)."""
    for name in list(_LATER) if later else ():
        _arrive(name)
    return tuple(_BY_NAME[n] for n in sorted(_BY_NAME))


def game_type_of(rules: object) -> GameType:
    """The game whose rules ``rules`` are (:class:`ConfigError` if no game's)."""
    kind = _BY_RULES.get(type(rules))
    if kind is None:
        raise ConfigError(f"{type(rules).__name__} is not the rules of a registered game")
    return kind


__all__ = [
    "GameType",
    "register",
    "game_type",
    "game_types",
    "game_type_of",
    "register_later",
    "game_titles",
    "core_loop",
    "GAME_OVER",
    "NO_DECISION",
    "REQUIRED",
    "FORMAT_FIELDS",
    "same_json",
]
