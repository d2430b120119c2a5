"""The session loop: bots move, people choose, commands are answered.

A :class:`Session` holds the current :class:`~pillars_rules.Game` (an
immutable value, so whatever happens -- an exception, Ctrl-C -- ``self.game``
is always a whole, consistent game that can be saved) and a history of the
games at which each person decided, for ``undo``.

**The undo ruling.** ``undo`` takes back the person's last decision by going
back to the game as it was when that decision was due (the same game the log
prefix replays to). It is refused when, after that decision, the game drew or
revealed something the person could not know before: a chance event (a
shuffle §1, dealt resource cards §2.1, a drawn builder §2.3, the tax roll
§2.4), a revealed event card (§8), or a new round (which reveals its craftsman
and privilege cards, §2.1).
Undoing then would let the person decide again knowing the outcome, or draw
it again. In hot-seat play it is also refused when another person has decided
since, as that decision is theirs to keep. The bots are put back as they were
too (a copy is kept with each decision), so the same decision draws the same
replies: a random bot's reply cannot be re-rolled by undoing either.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Callable

from .. import events as E
from ..cardlang import render
from ..errors import PillarsError
from ..saves.savefile import save
from . import screen
from .commands import COMMANDS, find_cards, parse

#: Events after which a decision may not be undone (see the module docstring).
REVEALING = tuple(E.CHANCE_EVENTS) + (E.EventRevealed, E.RoundStarted)


class _Stop(Exception):
    """The person typed ``quit``."""


def undo_refusal(events, describe: Callable[[object], str]) -> str | None:
    """Why the decision followed by ``events`` may not be undone, or ``None``."""
    for e in events:
        if isinstance(e, REVEALING):
            return (f"undo refused: after that decision came a chance outcome or a revealed card "
                    f"('{describe(e)}'); undoing would let you decide again knowing it")
    return None


class Session:
    """Play ``game`` with people at ``humans`` (seats) and ``bots`` (seat -> bot)."""

    def __init__(self, game, humans, bots, console, *, autosave: Path, resume: str = "",
                 read: Callable[[str], str] = input) -> None:
        self.game = game
        self.names = tuple(p.name for p in game.view(0).state.players)
        self.humans = tuple(humans)
        self.bots = dict(bots)
        self.console = console
        self.autosave = Path(autosave)
        self.resume = resume
        self.read = read
        #: (game when the decision was due, seat, copy of the bots then), oldest first.
        self.history: list = []
        #: Events each seat has seen on its screen (for "since your last turn").
        self.seen: dict[int, int] = {}
        self.at_keyboard: int | None = None

    # ------------------------------------------------------------ helpers
    def say(self, text: str = "") -> None:
        self.console.print(text, markup=False, highlight=False)

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
        path = Path(path)
        path.write_text(save(self.game), encoding="utf-8")
        return path.resolve()

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play to the end; on end of input, Ctrl-C or ``quit`` save to the
        autosave file and stop. Returns the exit code (0)."""
        try:
            while not self.game.is_over:
                seat = self.game.current_player
                bot = self.bots.get(seat)
                if bot is not None:
                    self.game = self.game.apply(bot(self.game.view(seat)), seat=seat)
                else:
                    self.hand_to(seat)
                    self.turn(seat)
        except (EOFError, KeyboardInterrupt, _Stop) as stop:
            why = {EOFError: "End of input", KeyboardInterrupt: "Interrupted"}.get(type(stop), "Stopped")
            self.stop(why)
            return 0
        except PillarsError:
            self.stop("Error")
            raise
        self.finish()
        return 0

    def stop(self, why: str) -> None:
        self.say()
        try:
            where = self.save_to(self.autosave)
        except OSError as exc:
            self.say(f"{why}: could not write the autosave file {self.autosave}: {exc.strerror or exc}")
            return
        self.say(f"{why}: game saved to {where}")
        self.say(f"Resume with: pillars-rules play --load {where}{self.resume}")

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
        since = screen.sentences(events[min(self.seen.get(seat, 0), len(events)):], game.describe)
        self.seen[seat] = len(events)
        self.say()
        for part in screen.screen(view, self.name(seat), since):
            self.console.print(part)
        n = len(view.legal_actions)
        while True:
            cmd = parse(self.ask(f"Choose 1-{n}, or a command (help): "), n)
            if cmd.name == "choose":
                self.history.append((game, seat, self.bots_copy()))
                self.game = game.apply(view.legal_actions[cmd.number - 1], seat=seat)
                return
            if cmd.name == "undo":
                if self.undo(seat):
                    return
            elif cmd.name == "quit":
                raise _Stop
            else:
                self.command(cmd, view)

    def command(self, cmd, view) -> None:
        if cmd.name == "hint":
            self.say(cmd.arg)
        elif cmd.name == "help":
            for usage, what in COMMANDS.items():
                self.say(f"  {usage:<10} {what}")
        elif cmd.name == "log":
            self.log(view)
        elif cmd.name == "card":
            found, hint = find_cards(cmd.arg, view.rules.cards)
            for card in found:
                self.say(render(card))
            if hint:
                self.say(hint)
        elif cmd.name == "save":
            try:
                self.say(f"Game saved to {self.save_to(Path(cmd.arg))}")
            except OSError as exc:
                self.say(f"could not save to {cmd.arg}: {exc.strerror or exc}")

    def log(self, view) -> None:
        for e in view.events:
            if isinstance(e, E.RoundStarted):
                self.say(f"=== Round {e.round} ===")
            elif not isinstance(e, E.CONTROL_EVENTS):
                self.say("  " + self.game.describe(e))

    def undo(self, seat: int) -> bool:
        """Go back to ``seat``'s last decision if the ruling allows; say why not."""
        mine = [i for i, (_, s, _) in enumerate(self.history) if s == seat]
        if not mine:
            self.say("nothing to undo: you have made no decision in this session yet")
            return False
        i = mine[-1]
        others = {s for _, s, _ in self.history[i + 1:] if s != seat}
        if others:
            who = ", ".join(sorted(self.name(s) for s in others))
            self.say(f"undo refused: {who} decided after you; that decision is theirs to keep")
            return False
        before, _, bots = self.history[i]
        why = undo_refusal(self.game.events[before.n_events:], self.game.describe)
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
        since = screen.sentences(view.events[self.seen.get(seat, 0):], self.game.describe)
        self.say()
        for line in screen.recent(since):
            self.say(line)
        self.console.print(screen.players(view))
        for line in screen.holdings(view) + [""] + screen.final(view, self.game.ranking()):
            self.say(line)
