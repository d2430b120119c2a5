"""*The Pillars of the Earth*'s records as JSON: its events, its states and its
actions, written and read with the save layer's distrust (issue #57).

The save layer (:mod:`pillars_rules.saves`) names no game: a save's events are
encoded and decoded by the game's type
(:meth:`~pillars_rules.core.GameType.encode_event`,
:meth:`~pillars_rules.core.GameType.decode_event`), and Pillars' type hands it
these. They sit beside Pillars' records (:mod:`pillars_rules.events`,
:mod:`pillars_rules.actions`, :mod:`pillars_rules.view`), below Pillars'
package (``games/pillars/``): the seat view's export and the words' choices
use them, and Pillars' package stands on both.

* :mod:`.codec` -- events and states as JSON-ready values (the writing half),
  shared by a save and the seat export;
* :mod:`.strict` -- parsed JSON checked against the event classes' exact types
  (the reading half);
* :mod:`.actions_json` -- actions as JSON messages, for servers.

Their old homes (``pillars_rules.saves.codec``, ``.strict``, ``.actions_json``)
still import, with a :class:`DeprecationWarning` (:mod:`pillars_rules._moved`).
This ``__init__`` imports nothing.
"""
