"""``pillars-rules play``: the games in a terminal, a client of the engine.

(Named ``terminal``, not ``play``, so that it never hides :func:`pillars_rules.play`.)

The package reads only seat views and the public API: :mod:`.loop` runs any game
(bots, people, undo, saves) and knows none; :mod:`.session` is *The Pillars of the
Earth*'s session, whose :mod:`.screen` draws what one seat may know (rich);
:mod:`.ora` is *Ora et Labora*'s, whose :mod:`.landscape` draws each seat's
landscape as a grid; :mod:`.commands` reads what the person types, for both. The
command itself is ``cli/play.py``. It needs the ``play`` extra (``pip install
'pillars-rules[play]'``) for rich.
"""
