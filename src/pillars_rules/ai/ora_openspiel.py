"""The OpenSpiel game ``python_ora_et_labora`` (registered on import, and by importing
:mod:`.openspiel_game`, which registers both games).

>>> import pyspiel
>>> import pillars_rules.ai.openspiel_game  # registers both games
>>> game = pyspiel.load_game("python_ora_et_labora", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.current_player()
(False, 0)

Choices (the docs page *Pillars for AI research*, section *Ora et Labora*, explains them):

* **No chance, perfect information.** Ora's set-up is fixed by the player count
  and the variants (§2), nothing is drawn during play and nothing is hidden, so
  the initial state is the first decision and every seat observes the whole table.
* **Actions** are the fixed ids of :class:`~.ora_encoding.OraActionEncoding`.
* **Utility.** With 2 to 4 players: the zero-sum place values of the final
  ranking (:func:`.openspiel_game.place_values`, ties sharing). Solo: the
  final score, in points (so the game type is general-sum; the returns of a
  game with more seats still sum to 0).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import pillars_rules as pr

from ..errors import ConfigError
from .observation import extend_digest
from .ora_encoding import OraActionEncoding
from .ora_observation import OraLayout
from .places import place_values

SHORT_NAME = "python_ora_et_labora"
GAME = "ora-et-labora"
#: A bound on one game's decisions, far above what random play takes (a random 2-player
#: game, the longest kind, takes about 700; it is not a proven bound: goods pile up, and
#: each exchange is a decision).
MAX_GAME_LENGTH = 20_000
#: The solo game's utility bounds: points (no game reaches the upper one).
MAX_SOLO_SCORE = 1000.0

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Ora et Labora",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4, "variants": "none"},
)


def _variants(text: object) -> tuple[str, ...]:
    if not isinstance(text, str):
        raise ConfigError(f"variants must be 'none' or comma-separated names, not {text!r:.40}")
    return () if text in ("", "none") else tuple(v.strip() for v in text.split(",") if v.strip())


class OraGame(pyspiel.Game):
    """Parameters: ``players`` (1-4; 1 is the solo game) and ``variants`` (comma-separated
    names as :func:`pillars_rules.new_game` takes for Ora -- ``ireland``, ``short``, ``long``,
    set-up options -- or ``none``)."""

    def __init__(self, params: Any = None) -> None:
        params = dict(params or {})
        players = params.get("players", 4)
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
            raise ConfigError(f"players must be 1 to 4 for Ora et Labora, not {players!r}")
        variants = _variants(params.get("variants", "none"))
        probe = pr.new_game(game=GAME, players=players, variants=variants)  # ConfigError for bad variants
        self.players = players
        self.variants = variants
        self.probe = probe
        self.encoding = OraActionEncoding.for_rules(probe.rules)
        self.layout = OraLayout.for_rules(probe.rules)
        self.start = _Position(probe, self.encoding)  # every initial state's (positions are immutable)
        solo = players == 1
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0 if solo else -1.0,
            max_utility=MAX_SOLO_SCORE if solo else 1.0,
            utility_sum=None,  # general-sum: OpenSpiel takes no sum (the place values still sum to 0)
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self, engine_game: pr.Game | None = None) -> OraState:
        """The state at the start; or at ``engine_game`` (an Ora game of this configuration),
        whose OpenSpiel history then starts there."""
        if engine_game is not None and (
            engine_game.game_type is not self.probe.game_type
            or engine_game.rules.content_hash != self.probe.rules.content_hash
        ):
            raise ConfigError(f"engine game {engine_game!r:.80} does not fit {self}")
        return OraState(self, engine_game or self.probe)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> OraObserver:
        if params:
            raise ConfigError(f"observation parameters are not supported, got {params!r}")
        return OraObserver(self, iig_obs_type)


class _Position:
    """An engine game with its legal actions and their ids, worked out once; shared by clones
    (games are immutable) and pickled as a save text."""

    __slots__ = ("game", "legal", "ids", "_digest")

    def __init__(self, game: pr.Game, encoding: OraActionEncoding, digest: tuple[int, str] = (0, "")) -> None:
        self.game = game
        self.legal: list[Any] = [] if game.is_over else list(game.legal_actions())
        self.ids = encoding.ids(self.legal)
        self._digest = digest  # (events digested, digest): the parent's, until extended

    def digest(self) -> str:
        """The digest of the whole log (:func:`.observation.extend_digest`), extending the parent's."""
        n, d = self._digest
        if n != self.game.n_events:
            d = extend_digest(d, self.game.events[n:])
            self._digest = (self.game.n_events, d)
        return d

    def __deepcopy__(self, memo: Any) -> _Position:
        return self

    def __reduce__(self) -> Any:
        return (_restore, (pr.save(self.game),))


def _restore(text: str) -> _Position:
    game = pr.load(text)
    return _Position(game, OraActionEncoding.for_rules(game.rules))


class OraState(pyspiel.State):
    """One position. Its only Python attribute is the engine game with its legal actions (``_p``)."""

    def __init__(self, game: OraGame, engine_game: pr.Game) -> None:
        super().__init__(game)
        self._p = game.start if engine_game is game.probe else _Position(engine_game, game.encoding)

    @property
    def engine_game(self) -> pr.Game:
        """The :class:`pillars_rules.Game` at this state."""
        return self._p.game

    def current_player(self) -> int:
        seat = self._p.game.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if self._p.game.is_over or player != self._p.game.current_player:
            return []
        return sorted(self._p.ids)

    def _apply_action(self, action: int) -> None:
        enc = self.get_game().encoding
        p = self._p
        self._p = _Position(p.game.apply(enc.decode(action, p.legal)), enc, p._digest)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's label; with what its id means (``[Build quarry_c at (6, 0)]``) when another
        legal action has the same label (two Quarries); an id not legal now: what it means."""
        p = self._p
        enc = self.get_game().encoding
        labels = [str(a.label or a) for a in p.legal]
        for label, i in zip(labels, p.ids, strict=True):
            if i == action:
                return label if labels.count(label) == 1 else f"{label} [{enc.describe(i)}]"
        return enc.describe(action)

    def is_terminal(self) -> bool:
        return bool(self._p.game.is_over)

    def returns(self) -> list[float]:
        n = self.get_game().players
        g = self._p.game
        if not g.is_over:
            return [0.0] * n
        if n == 1:
            return [float(g.scores()[0])]
        return place_values(g.ranking(), n)

    def __str__(self) -> str:
        g = self._p.game
        return f"{g.n_events} events\n" + self.get_game().layout.text(g.view(0))


class OraObserver:
    """OpenSpiel's observer protocol. The tensor is the table (:class:`.ora_observation.OraLayout`);
    the text is the table, and with ``perfect_recall`` a digest of the whole log before it
    (every seat sees the same log: nothing is hidden)."""

    def __init__(self, game: OraGame, iig_obs_type: Any) -> None:
        self.layout = game.layout
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OraState, player: int) -> None:
        self.layout.fill(state._p.game.view(player), self.tensor)

    def string_from(self, state: OraState, player: int) -> str:
        text = self.layout.text(state._p.game.view(player))
        if not self.recall:
            return text
        return f"history {state._p.digest()}\n{text}"


pyspiel.register_game(_GAME_TYPE, OraGame)

__all__ = ["MAX_GAME_LENGTH", "OraGame", "OraObserver", "OraState", "SHORT_NAME"]
