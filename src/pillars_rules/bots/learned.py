"""A value function learned from the engine's own self-play.

:class:`LearnedEvaluator` values a position as a weighted sum of the parts of
the heuristic evaluation (:meth:`~pillars_rules.bots.evaluate.Evaluator.parts`:
VP held, this round's gains, gold, the cathedral, carried cubes, later
production, later income, parked builders), with one set of weights and an
offset per *phase* of the game (each round's draft and builders, and its
resolution; :func:`phase`). The weights say how much each part has turned
out to be worth in final VP at that point of the game.

The parts come from the seat's view (the evaluation never reads a hidden
card), so the learned value does not either. The weights are fitted by
``tools/train_value.py`` (ridge regression with numpy, towards the
heuristic's own weights of 1) on positions of heuristic self-play games whose
seeds the script fixes, and shipped as ``value_model.json`` beside this
module; ``tests/bots/test_learned.py`` retrains them and compares. Using the
model needs no numpy: a position's value is one dot product.

>>> import pillars_rules as pr
>>> from pillars_rules.bots.learned import LearnedEvaluator
>>> game = pr.new_game(players=2, seed=3)
>>> ev = LearnedEvaluator(game.rules)
>>> 20 < ev.value(game.state, 0) < 80
True
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import ConfigError
from .cardvalue import ROUNDS, Weights
from .evaluate import PARTS, Evaluator

#: Where the shipped weights are.
MODEL_PATH = Path(__file__).with_name("value_model.json")
#: The ``format`` tag of a model file.
MODEL_FORMAT = "pillars-rules-value-model/1"
#: Phases of the game with their own weights: each round's draft and
#: builders (0, 2, ...) and its resolution (1, 3, ...).
N_PHASES = 2 * ROUNDS


def phase(state) -> int:
    """The phase of ``state``: ``2 (round - 1)`` before the resolution, one more in it."""
    rnd = min(max(state.round, 1), ROUNDS)
    return 2 * (rnd - 1) + (state.stage in ("resolution", "round_end"))


class ValueModel:
    """Weights per phase: ``weights[phase]`` is one weight per part of
    :data:`~pillars_rules.bots.evaluate.PARTS`, then the offset."""

    def __init__(self, weights, meta: dict | None = None) -> None:
        rows = [tuple(float(x) for x in row) for row in weights]
        if len(rows) != N_PHASES or any(len(r) != len(PARTS) + 1 for r in rows):
            raise ConfigError(
                f"a value model has {N_PHASES} rows of {len(PARTS) + 1} numbers "
                f"(one weight per part of {', '.join(PARTS)}, then the offset)"
            )
        self.weights = tuple(rows)
        self.meta = dict(meta or {})

    @classmethod
    def load(cls, path: str | Path | None = None) -> ValueModel:
        """The model in ``path`` (default: the shipped one)."""
        path = Path(path) if path is not None else MODEL_PATH
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read the value model {str(path)!r}: {exc}") from None
        if not isinstance(doc, dict) or doc.get("format") != MODEL_FORMAT:
            raise ConfigError(f"{str(path)!r} is not a value model (format {MODEL_FORMAT!r})")
        if list(doc.get("parts", ())) != list(PARTS):
            raise ConfigError(f"{str(path)!r} was trained on other parts than {', '.join(PARTS)}")
        return cls(doc.get("weights", ()), doc.get("meta"))

    def to_json(self) -> str:
        doc = {
            "format": MODEL_FORMAT,
            "parts": list(PARTS),
            "meta": self.meta,
            "weights": [[round(x, 6) for x in row] for row in self.weights],
        }
        return json.dumps(doc, indent=1) + "\n"


_SHIPPED: list = []


def shipped_model() -> ValueModel:
    """The shipped model, read once."""
    if not _SHIPPED:
        _SHIPPED.append(ValueModel.load())
    return _SHIPPED[0]


class LearnedEvaluator(Evaluator):
    """The heuristic evaluation's parts, weighted as self-play taught (see the module docs)."""

    def __init__(self, rules, weights: Weights | None = None, model: ValueModel | None = None) -> None:
        super().__init__(rules, weights)
        self.model = model or shipped_model()

    def value(self, state, seat: int, ref_round: int | None = None, seen=(), peek: str | None = None) -> float:
        parts = self.parts(state, seat, ref_round, seen, peek)
        if state.game_over:
            return parts[0]
        row = self.model.weights[phase(state)]
        return row[-1] + sum(a * b for a, b in zip(row, parts))


__all__ = ["LearnedEvaluator", "ValueModel", "shipped_model", "phase", "PARTS", "MODEL_PATH"]
