"""Games as text and back, for any game: save files, verified replay, and the
checks that keep untrusted text out.

Why these are one package: a save crosses the library's edge as text -- a
file on disk, an event log in a database -- and is written and read here, with
distrust (bounded sizes, exact types, typed errors). The engine never parses
text.

* :mod:`.savefile` -- :func:`~pillars_rules.save` and :func:`~pillars_rules.load`:
  a header and the event log, of any registered game;
* :mod:`.replay` -- :func:`~pillars_rules.replay`: a log folded back into a
  game, every action-made event re-derived from the rules;
* :mod:`.jsonguard` -- the one bounded JSON reader all of the above share;
* :mod:`.files` -- save files on disk.

The package names no game (issue #57): each game's type hands it its header,
its events as JSON and its older formats
(:class:`~pillars_rules.core.GameType`). *The Pillars of the Earth*'s are in
:mod:`pillars_rules.pillars_json` (its events, states and actions as JSON) and
:mod:`pillars_rules.games.pillars` (its header, older formats and rules
versions, verified replay).

This ``__init__`` imports nothing: loading the package must not load the save
files (imports stay one-directional). The public functions are ``pr.save``,
``pr.load``, ``pr.replay``, ``pr.encode_action`` and ``pr.decode_action``.
"""
