"""The session loop: bots move, people choose, commands are answered.

A :class:`Session` holds the current :class:`~pillars_rules.Game` (an
immutable value, so whatever happens -- an exception, Ctrl-C, a signal --
``self.game`` is always a whole, consistent game that can be saved) and a
history of the games at which each person decided, for ``undo``.

**Whatever is typed, the game goes on.** Every line gets an answer (a
choice, a command's output or a one-line hint); a file name the system
refuses, a number of thousands of digits, bytes that are not text all get a
message. Should anything still go wrong -- a bot's error, a defect -- the game
is saved to the autosave file before the error is shown, as on end of input,
Ctrl-C, ``quit``, ``SIGTERM`` and ``SIGHUP``.

**Answers made for the person.** A decision with one legal answer is answered
at once, and a start player who typed ``keep all`` keeps every drawn builder
for the rest of the round; each such answer is printed (``(auto) ...``), never
made silently.

**The undo ruling.** ``undo`` takes back the person's last decision by going
back to the game as it was when that decision was due (the same game the log
prefix replays to). It is refused when, after that decision, the game drew or
revealed something the person could not know before: a chance event (a
shuffle §1, dealt resource cards §2.1, a drawn builder §2.3, the tax roll
§2.4), a revealed event card (§8), a look at coming event cards (a card's
``look at the next N events``), or a new round (which reveals its craftsman
and privilege cards, §2.1).
Undoing then would let the person decide again knowing the outcome, or draw
it again. In hot-seat play it is also refused when another person has decided
since, as that decision is theirs to keep. The bots are put back as they were
too (a copy is kept with each decision), so the same decision draws the same
replies: a random bot's reply cannot be re-rolled by undoing either. Answers
made automatically are not decisions of their own: undo goes back to the last
decision the person made.
"""

from __future__ import annotations

import copy
import signal
from collections.abc import Callable
from pathlib import Path

from .. import events as E
from ..cardlang import render
from ..saves.files import write_save_file
from ..saves.savefile import save
from ..words.help import find_topic, topic_list
from . import screen
from .commands import COMMANDS, find_cards, parse, shown

#: Events after which a decision may not be undone (see the module docstring).
REVEALING = tuple(E.CHANCE_EVENTS) + (E.EventRevealed, E.RoundStarted, E.EventsLooked)
#: Cards printed at most for one ``card`` command.
MAX_CARDS_SHOWN = 6


class _Stop(Exception):
    """The person typed ``quit``, or a signal asked the program to stop."""

    def __init__(self, why: str = "Stopped") -> None:
        super().__init__(why)
        self.why = why


def undo_refusal(events, describe: Callable[[object], str]) -> str | None:
    """Why the decision followed by ``events`` may not be undone, or ``None``."""
    for e in events:
        if isinstance(e, REVEALING):
            return (
                f"undo refused: after that decision came a chance outcome or a revealed card "
                f"('{describe(e)}'); undoing would let you decide again knowing it"
            )
    return None


def _on_signal(signum, frame) -> None:
    raise _Stop({signal.SIGTERM: "Terminated"}.get(signum, "Hung up"))


class Session:
    """Play ``game`` with people at ``humans`` (seats) and ``bots`` (seat -> bot).

    ``full`` shows the full screen at each decision (default: the compact
    one); ``keep_builders`` keeps every drawn builder of every round for the
    people (``keep all`` does it for one round)."""

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
        keep_builders: bool = False,
    ) -> None:
        self.game = game
        self.names = tuple(p.name for p in game.view(0).state.players)
        self.humans = tuple(humans)
        self.bots = dict(bots)
        self.console = console
        self.autosave = Path(autosave)
        self.resume = resume
        self.read = read
        self.full = full
        self.keep_builders = keep_builders
        #: seat -> the round in which every builder drawn is kept for that seat (``keep all``).
        self.keep_all: dict[int, int] = {}
        #: (game when the decision was due, seat, copy of the bots then, made by the person), oldest first.
        self.history: list = []
        #: Events each seat has seen on its screen (for "since your last turn").
        self.seen: dict[int, int] = {}
        self.at_keyboard: int | None = None

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
        """Answer ``seat``'s decision if it has one legal answer, or if keep-all
        is on and a drawn builder is to be kept; say so. True if answered."""
        game = self.game
        view = game.view(seat)
        cs = screen.ordered(view)
        pending = view.state.pending
        why = ""
        if len(cs) == 1:
            why = "the only choice"
        elif pending.kind == "redraw" and (self.keep_builders or self.keep_all.get(seat) == view.state.round):
            cs = [c for c in cs if c.kind == "KeepBuilder"]
            why = "keep all is on" + ("" if self.keep_builders else " this round")
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

    def show(self, view, since, shown_choices, full: bool) -> None:
        self.say()
        if full:
            for part in screen.screen(view, self.name(view.seat), since, shown_choices):
                self.console.print(part)
        else:
            self.say_fitted(screen.compact(view, self.name(view.seat), since, shown_choices, self.console.width))

    def turn(self, seat: int) -> None:
        """Show the screen of ``seat`` and read until it decides (or undoes)."""
        game = self.game
        view = game.view(seat)
        events = view.events
        since = screen.sentences(events[min(self.seen.get(seat, 0), len(events)) :], game.describe)
        self.seen[seat] = len(events)
        cs = screen.ordered(view)
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
            elif cmd.name == "keep all" and self.keep_all_on(view):
                if view.state.pending.kind == "redraw":
                    self.decide(game, seat, next(c for c in cs if c.kind == "KeepBuilder"))
                    return
            elif cmd.name == "board":
                self.show(view, since, cs, full=cmd.arg.strip().lower() in ("full", "all", "everything"))
            else:
                self.command(cmd, view)

    def decide(self, game, seat: int, choice) -> None:
        self.history.append((game, seat, self.bots_copy(), True))
        self.game = game.apply(choice.action, seat=seat)
        self.say_fitted([f"  -> {choice.label}"])

    def keep_all_on(self, view) -> bool:
        """``keep all``: for the start player, this round's drawn builders are kept."""
        s = view.state
        if view.seat != s.start_player:
            self.say(
                f"keep all is for the start player, who decides about drawn builders; "
                f"this round that is {self.name(s.start_player)}"
            )
            return False
        self.keep_all[view.seat] = s.round
        self.say(
            f"Every builder drawn in round {s.round} is kept for you from now on, "
            "each answer shown (keep ask: be asked again)"
        )
        return True

    def command(self, cmd, view) -> None:
        if cmd.name == "hint":
            self.say(cmd.arg)
        elif cmd.name == "keep ask":
            self.keep_all.pop(view.seat, None)
            self.keep_builders = False
            self.say("You are asked again about each drawn builder")
        elif cmd.name in ("help", "rules") and cmd.arg:
            self.explain(cmd.arg, view)
        elif cmd.name == "help":  # each description wraps under its own column
            self.say_fitted([f"  {usage:<11} {what}" for usage, what in COMMANDS.items()], hang=12)
        elif cmd.name == "rules":
            self.say(topic_list(view.rules) + " (help PLACE or rules PLACE explains one)")
        elif cmd.name == "log":
            self.log(view)
        elif cmd.name == "card":
            self.cards(cmd.arg, view)
        elif cmd.name == "save":
            try:
                self.say(f"Game saved to {self.save_to(Path(cmd.arg))}")
            except (OSError, ValueError) as exc:
                self.say(f"could not save to '{shown(cmd.arg, 60)}': {getattr(exc, 'strerror', None) or exc}")

    def explain(self, query: str, view) -> None:
        """``help PLACE``: the place or rule, else a card of that name, else a hint."""
        topic, hint = find_topic(query, view.rules)
        if topic is not None:
            self.say_fitted(str(topic).split("\n"))
            return
        found, _ = find_cards(query, view.rules.cards)
        if found:
            self.cards(query, view)
        else:
            self.say(hint + " (rules lists the places and rules)")

    def cards(self, query: str, view) -> None:
        found, hint = find_cards(query, view.rules.cards)
        for card in found[:MAX_CARDS_SHOWN]:
            self.say_fitted(render(card).split("\n"))
        if len(found) > MAX_CARDS_SHOWN:
            self.say(f"... and {len(found) - MAX_CARDS_SHOWN} more cards match '{shown(query)}'; type more of the name")
        if hint:
            topic, _ = find_topic(query, view.rules)
            self.say(hint + (f" ({topic.title} is a place or rule: help {query.strip()})" if topic else ""))

    def log(self, view) -> None:
        for e in view.events:
            if isinstance(e, E.RoundStarted):
                self.say(f"=== Round {e.round} ===")
            elif not isinstance(e, E.CONTROL_EVENTS):
                self.say("  " + self.game.describe(e))

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
        why = undo_refusal(self.game.events[before.n_events :], self.game.describe)
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

    def finish(self) -> None:
        seat = self.humans[0] if self.humans else 0
        view = self.game.view(seat)
        since = screen.sentences(view.events[self.seen.get(seat, 0) :], self.game.describe)
        self.say()
        for line in screen.recent(since):
            self.say(line)
        self.console.print(screen.players(view))
        self.say_fitted(screen.holdings(view) + [""] + screen.final(view, self.game.ranking()))
