"""Games as text and back: save files, verified replay, the JSON of events and
actions, and the checks that keep untrusted text out.

Why these are one package: everything that crosses the library's edge as text
-- a save file on disk, an event log in a database, an action message from a
client -- is written and read here, and read with the same distrust (bounded
sizes, exact types, typed errors). The engine never parses text.

* :mod:`.savefile` -- :func:`~pillars_rules.save` and :func:`~pillars_rules.load`:
  a header and the event log;
* :mod:`.replay` -- :func:`~pillars_rules.replay`: a log folded back into a
  game, every action-made event re-derived from the rules;
* :mod:`.upcasters` -- older save formats and rules versions, upgraded one
  step at a time by named functions;
* :mod:`.codec` -- events and states as JSON-ready values (the writing half);
* :mod:`.strict` -- parsed JSON checked against the event classes' exact
  types (the reading half);
* :mod:`.actions_json` -- actions as JSON messages, for servers;
* :mod:`.jsonguard` -- the one bounded JSON reader all of the above share.

This ``__init__`` imports nothing: :mod:`pillars_rules.game` and
:mod:`pillars_rules.view` use :mod:`.codec` and :mod:`.actions_json`, while
:mod:`.savefile` and :mod:`.replay` build games, so loading the package must
not load the save files (imports stay one-directional). The public functions
are ``pr.save``, ``pr.load``, ``pr.replay``, ``pr.encode_action`` and
``pr.decode_action``.
"""
