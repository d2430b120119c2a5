"""The words a person reads: events as sentences, and (as it grows) the labels
of legal actions and the help for places and rules.

Why a package of its own: presentation is not a rule. The engine decides and
records facts as data; what a person reads about them -- in the terminal, in
the browser board, in an embedding app -- is written here once, from the
compiled cards and the card renderer, so fan cards read as well as base cards
and no card is known by name.

* :mod:`.events` -- :func:`~pillars_rules.words.events.describe`: one English
  sentence per event.
"""
