"""The terminal's loop that every game shares: bots move, people choose, commands are answered.

:class:`BaseSession` holds the current :class:`~pillars_rules.Game` (an immutable value, so
whatever happens -- an exception, Ctrl-C, a signal -- ``self.game`` is always a whole,
consistent game that can be saved) and a history of the games at which each person decided,
for ``undo``. It knows no game: what a game's screen shows, how its choices are listed and
named, which of its decisions may not be undone and its own commands are the methods a
game's session gives (``session.Session`` for *The Pillars of the Earth*, ``ora.OraSession``
for *Ora et Labora*).

**Whatever is typed, the game goes on.** Every line gets an answer (a choice, a command's
output or a one-line hint). Should anything still go wrong -- a bot's error, a defect -- the
game is saved to the autosave file before the error is shown, as on end of input, Ctrl-C,
``quit``, ``SIGTERM`` and ``SIGHUP``.

**Answers made for the person.** A decision with one legal answer is answered at once, and
printed (``(auto) ...``), never made silently.
"""

from __future__ import annotations

import abc
import copy
import signal
from collections.abc import Callable, Sequence
from pathlib import Path

from ..saves.files import write_save_file
from ..saves.savefile import save
from . import screen
from .commands import Command, parse, shown


class _Stop(Exception):
    """The person typed ``quit``, or a signal asked the program to stop."""

    def __init__(self, why: str = "Stopped") -> None:
        super().__init__(why)
        self.why = why


def _on_signal(signum, frame) -> None:
    raise _Stop({signal.SIGTERM: "Terminated"}.get(signum, "Hung up"))


class BaseSession(abc.ABC):
    """Play ``game`` with people at ``humans`` (seats) and ``bots`` (seat -> bot); a game's
    session says what the generic loop cannot know (the methods marked *a game's*)."""

    #: The commands and what they do (``help``), in order: a game's.
    COMMANDS: dict[str, str] = {}
    #: The commands of :data:`.commands.NAMES` this game answers (the rest get a hint).
    OWN: frozenset[str] = frozenset({"help", "board", "log", "card", "save", "undo", "quit"})

    def __init__(
        self,
        game,
        humans,
        bots,
        console,
        *,
        autosave: Path,
        resume: str = "",
        read: Callable[[str], str] = input,
        full: bool = False,
    ) -> None:
        self.game = game
        self.names = self.seat_names(game)
        self.humans = tuple(humans)
        self.bots = dict(bots)
        self.console = console
        self.autosave = Path(autosave)
        self.resume = resume
        self.read = read
        self.full = full
        #: (game when the decision was due, seat, copy of the bots then, made by the person), oldest first.
        self.history: list = []
        #: Events each seat has seen on its screen (for "since your last turn").
        self.seen: dict[int, int] = {}
        self.at_keyboard: int | None = None

    # ------------------------------------------------------------ a game's
    def seat_names(self, game) -> tuple[str, ...]:
        """Every seat's name."""
        return tuple(game.game_type.seat_name(game.state, s) for s in range(game.game_type.seats(game.state)))

    @abc.abstractmethod
    def choices(self, view) -> list:
        """The choices of ``view`` as numbered on the screen (each with ``label``, ``kind``, ``action``)."""

    @abc.abstractmethod
    def show(self, view, since: Sequence[str], shown_choices: Sequence, full: bool) -> None:
        """Draw the screen of ``view``'s seat."""

    def sentences(self, events) -> list[str]:
        """``events`` as sentences, without those that only move control."""
        kind = self.game.game_type
        return [self.game.describe(e) for e in events if not kind.is_control(e)]

    def auto_choices(self, view, cs: list) -> tuple[list, str]:
        """The answers the session makes for the person, and why (``""``: none)."""
        return (cs, "the only choice") if len(cs) == 1 else ([], "")

    def own_command(self, cmd: Command, view, cs: list) -> bool | None:
        """A game's own command: True if it decided, False if answered, None if not its own."""
        return None

    def undo_refusal(self, events) -> str | None:
        """Why a decision followed by ``events`` may not be undone, or ``None``."""
        return None

    @abc.abstractmethod
    def cards(self, query: str, view) -> None:
        """``card NAME``: print the cards that match, as text, or a hint."""

    @abc.abstractmethod
    def log(self, view) -> None:
        """``log``: print every event so far."""

    @abc.abstractmethod
    def finish(self) -> None:
        """The end of the game: the last events and the ranking."""

    # ------------------------------------------------------------ helpers
    def say(self, text: str = "") -> None:
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def say_fitted(self, lines, hang: int = 4) -> None:
        """Lines of the board, the choices, help, card text or the ranking, each
        broken between words to the terminal's width, the rest of a line indented
        ``hang`` more (messages with paths are left whole)."""
        for line in screen.fitted(lines, self.console.width, hang):
            self.say(line)

    def ask(self, prompt: str) -> str:
        """A line from the person; bytes that are not text read as an unknown command."""
        try:
            return self.read(prompt)
        except UnicodeDecodeError:
            return "(unreadable)"

    def bots_copy(self) -> dict | None:
        """The bots as they are now (``None`` if one cannot be copied: undo
        then keeps them as they are)."""
        try:
            return copy.deepcopy(self.bots)
        except (TypeError, copy.Error):
            return None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def save_to(self, path: Path) -> Path:
        """Write the game to ``path`` whole; the absolute path written."""
        return write_save_file(path, save(self.game))

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play to the end; on end of input, Ctrl-C, ``quit`` or a stop signal
        save to the autosave file and stop (exit code 0). Any other error is
        raised after the game is saved."""
        old = {}
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                try:
                    old[sig] = signal.signal(sig, _on_signal)
                except ValueError:  # not the main thread: leave the signals alone
                    pass
        try:
            self.loop()
        except (EOFError, KeyboardInterrupt, _Stop) as stop:
            why = (
                stop.why if isinstance(stop, _Stop) else "End of input" if isinstance(stop, EOFError) else "Interrupted"
            )
            self.stop(why)
            return 0
        except BaseException as exc:  # a bot's error, a defect: the game is saved first
            self.stop(f"Error ({type(exc).__name__})")
            raise
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)
        self.finish()
        return 0

    def loop(self) -> None:
        while not self.game.is_over:
            seat = self.game.current_player
            bot = self.bots.get(seat)
            if bot is not None:
                self.game = self.game.apply(bot(self.game.view(seat)), seat=seat)
            elif not self.automatic(seat):
                self.hand_to(seat)
                self.turn(seat)

    def stop(self, why: str) -> None:
        self.say()
        try:
            where = self.save_to(self.autosave)
        except (OSError, ValueError) as exc:
            self.say(
                f"{why}: could not write the autosave file {self.autosave}: {getattr(exc, 'strerror', None) or exc}"
            )
            return
        self.say(f"{why}: game saved to {where}")
        command = f"pillars-rules play --load {where}{self.resume}"
        if len(command) + 13 <= self.console.width:
            self.say(f"Resume with: {command}")
            return
        self.say("Resume with:")  # the command on lines of its own, each ending in \ but the last
        for line in screen.fitted_command(command, self.console.width):
            self.say(line)

    def automatic(self, seat: int) -> bool:
        """Answer ``seat``'s decision if :meth:`auto_choices` gives an answer; say so. True if answered."""
        game = self.game
        view = game.view(seat)
        cs, why = self.auto_choices(view, self.choices(view))
        if not why or not cs:
            return False
        self.history.append((game, seat, self.bots_copy(), False))
        self.game = game.apply(cs[0].action, seat=seat)
        self.say_fitted([f"  (auto) {self.name(seat)}: {cs[0].label} -- {why}"])
        return True

    def hand_to(self, seat: int) -> None:
        """Between two people at one keyboard, clear the screen and wait."""
        if len(self.humans) > 1 and seat != self.at_keyboard:
            self.clear()
            self.ask(f"Pass to {self.name(seat)}, press Enter ")
            self.clear()
        self.at_keyboard = seat

    def clear(self) -> None:
        """Clear the screen; a terminal that cannot (TERM=dumb) gets a screenful of blank lines."""
        if self.console.is_dumb_terminal or not self.console.is_terminal:
            self.console.print("\n" * self.console.height, end="")
        else:
            self.console.clear()

    def turn(self, seat: int) -> None:
        """Show the screen of ``seat`` and read until it decides (or undoes)."""
        game = self.game
        view = game.view(seat)
        events = view.events
        since = self.sentences(events[min(self.seen.get(seat, 0), len(events)) :])
        self.seen[seat] = len(events)
        cs = self.choices(view)
        labels, kinds = [c.label for c in cs], [c.kind for c in cs]
        self.show(view, since, cs, self.full)
        n = len(cs)
        prompt = (
            f"Choose 1-{n} or type its words, or a command (help): "
            if n > 1
            else "Choose 1 or type its words, or a command (help): "
        )
        while True:
            cmd = parse(self.ask(prompt), labels, kinds)
            if cmd.name == "choose":
                self.decide(game, seat, cs[cmd.number - 1])
                return
            if cmd.name == "undo":
                if self.undo(seat):
                    return
            elif cmd.name == "quit":
                raise _Stop
            elif cmd.name == "board":
                self.show(view, since, cs, full=cmd.arg.strip().lower() in ("full", "all", "everything"))
            else:
                own = self.own_command(cmd, view, cs)
                if own:
                    return
                if own is None:
                    self.command(cmd, view)

    def decide(self, game, seat: int, choice) -> None:
        self.history.append((game, seat, self.bots_copy(), True))
        self.game = game.apply(choice.action, seat=seat)
        self.say_fitted([f"  -> {choice.label}"])

    def command(self, cmd: Command, view) -> None:
        """The commands every game answers: a hint, help, log, card, save."""
        if cmd.name == "hint":
            self.say(cmd.arg)
        elif cmd.name not in self.OWN:
            self.say(f"{cmd.name} is not a command of this game (help lists the commands)")
        elif cmd.name == "help":  # each description wraps under its own column
            self.say_fitted([f"  {usage:<11} {what}" for usage, what in self.COMMANDS.items()], hang=12)
        elif cmd.name == "log":
            self.log(view)
        elif cmd.name == "card":
            self.cards(cmd.arg, view)
        elif cmd.name == "save":
            try:
                self.say(f"Game saved to {self.save_to(Path(cmd.arg))}")
            except (OSError, ValueError) as exc:
                self.say(f"could not save to '{shown(cmd.arg, 60)}': {getattr(exc, 'strerror', None) or exc}")

    def undo(self, seat: int) -> bool:
        """Go back to ``seat``'s last decision if the ruling allows; say why not."""
        mine = [i for i, (_, s, _, by_hand) in enumerate(self.history) if s == seat and by_hand]
        if not mine:
            self.say("nothing to undo: you have made no decision in this session yet")
            return False
        i = mine[-1]
        others = {s for _, s, _, by_hand in self.history[i + 1 :] if s != seat and by_hand}
        if others:
            who = ", ".join(sorted(self.name(s) for s in others))
            self.say(f"undo refused: {who} decided after you; that decision is theirs to keep")
            return False
        before, _, bots, _ = self.history[i]
        why = self.undo_refusal(self.game.events[before.n_events :])
        if why:
            self.say(why)
            return False
        del self.history[i:]
        self.game = before
        if bots is not None:
            self.bots = bots
        self.seen[seat] = before.n_events
        self.say("Undone: your last decision is taken back.")
        return True
