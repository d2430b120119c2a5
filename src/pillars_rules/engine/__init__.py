"""The engine: state, actions, events, and the data path between them.

``action --decide--> events --evolve--> state``:

* :mod:`.state` -- frozen game state;
* :mod:`.actions` -- player decisions;
* :mod:`.events` -- facts, with English sentences;
* :mod:`.legal` -- ``legal_actions`` and ``decide`` (validation, action -> events);
* :mod:`.flow` -- automatic progression up to the next decision (Phase III's
  steps in :mod:`.steps`, the shared building blocks in :mod:`.batch`);
* :mod:`.queries` -- read-only questions the flow and the listing both ask;
* :mod:`.zones` -- cards as objects: looks at the event deck, cards given or copied;
* :mod:`.evolve` -- ``evolve(state, event, rules) -> state``, the only state change;
* :mod:`.context` -- a game's cards and modifiers (what cards *do*);
* :mod:`.rng` -- seeded randomness, used only by the flow and always recorded.
"""
