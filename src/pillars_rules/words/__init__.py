"""The words a person reads: events as sentences, the labels of legal actions,
and the help for places, rules and cards.

Why a package of its own: presentation is not a rule. The engine decides and
records facts as data; what a person reads about them -- in the terminal, in
the browser board, in an embedding app -- is written here once, from the
compiled cards and the card renderer, so fan cards read as well as base cards
and no card is known by name.

* :mod:`.choices` -- :func:`choices` and :func:`choice_dict`: every legal
  action of a seat view with its label, what it gives and costs, and the
  rules text to show beside it;
* :mod:`.events` -- :func:`describe`: one English sentence per event;
* :mod:`.help` -- :func:`find_topic`: each board place, step and phase,
  citing the rules §;
* :mod:`.search` -- :func:`find_cards`: cards by id or by any word of their
  English or German name;
* :mod:`.names` -- :func:`card_names`: a name per card that no other card
  of the set shares ("Mason (round 1)");
* :mod:`.grammar` -- :func:`count`: "1 worker", "2 workers".
"""

from .choices import Choice, action_key, choice_dict, choices
from .events import describe
from .grammar import count
from .help import Topic, find_topic
from .names import card_name, card_names

__all__ = [
    "Choice",
    "Topic",
    "action_key",
    "card_name",
    "card_names",
    "choice_dict",
    "choices",
    "count",
    "describe",
    "find_topic",
]
