"""``pillars-rules play``: the game in a terminal, a client of the engine.

(Named ``terminal``, not ``play``, so that it never hides :func:`pillars_rules.play`.)

The package reads only seat views and the public API: :mod:`.screen` draws
what one seat may know (rich), :mod:`.commands` reads what the person types,
:mod:`.session` runs the game (bots, people, undo, saves) and :mod:`.cli`
registers the command. It needs the ``play`` extra (``pip install
'pillars-rules[play]'``) for rich.
"""
