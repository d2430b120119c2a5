"""The games this library plays, each registered with :mod:`pillars_rules.core`.

:mod:`.pillars` is *The Pillars of the Earth* (base and expansion): its
:class:`~pillars_rules.core.GameType` wires the engine's Pillars modules
(``pillars_rules.engine``), its seat views and its words to the core.
:mod:`.ora` is *Ora et Labora* (issue #58): a whole game in its package, on the
core and the mechanisms alone, registered as ``"ora-et-labora"`` when imported.
"""
