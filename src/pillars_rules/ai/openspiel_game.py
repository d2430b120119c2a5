"""The OpenSpiel game ``python_pillars_of_the_earth`` (registered on import).

>>> import pyspiel
>>> import pillars_rules.ai.openspiel_game  # registers the game
>>> game = pyspiel.load_game("python_pillars_of_the_earth", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the deal
True
>>> state.apply_action(5)  # deal 5: the engine game pr.new_game(2, seed=0 + 5)
>>> state.current_player(), len(state.legal_actions()) > 1
(0, True)

Choices (the docs page *Pillars for AI research* explains them):

* **Chance: explicit, one chance node.** The engine draws every random outcome
  from a generator seeded when a game starts, and the draws follow from the
  seed. So the initial state is a chance node that picks the deal: outcome ``k``
  (of ``deals``, uniform) starts ``pr.new_game(players, seed + k)``. No seat
  observes the outcome; what it reveals (cards, rolls, draws) reaches each seat
  through its view as the game goes.
* **Utility: rank-based, zero-sum.** Places come from the final ranking (VP, then
  gold, RULES §2.6); place ``k`` of ``n`` is worth ``1 - 2k/(n-1)`` (first +1,
  last -1) and tied seats share the mean of their places' values.
* **Observations** are built from the seat's view only (:mod:`.observation`).
"""

from __future__ import annotations

import numpy as np
import pyspiel

import pillars_rules as pr

from ..errors import ConfigError
from ..games.pillars import load_cards
from ..view import redact_event
from .encoding import ActionEncoding
from .observation import Layout, extend_digest
from .places import place_values

SHORT_NAME = "python_pillars_of_the_earth"
ROUNDS = 6
#: A generous bound on one seat's decisions in one round: a few in the draft,
#: placement, Bishop and privileges, at most one per cube moved in the market
#: (each Buy or Sell moves at least one of the game's 82 cubes, and a seat never
#: buys and sells one kind in a round: 2 x 82 + 1), at most one per conversion
#: and cube returned. Random play averages about 12.
DECISIONS_PER_SEAT_ROUND = 400
#: Default number of deals (engine seeds) the chance node chooses from.
DEALS = 1 << 16

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Pillars of the Earth",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,  # 5 and 6 with the expansion ({"cards": "expansion"})
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4, "seed": 0, "deals": DEALS, "variants": "none", "cards": "none"},
)


def max_game_length(players: int) -> int:
    return ROUNDS * players * DECISIONS_PER_SEAT_ROUND


def _variants(text: str) -> tuple[str, ...]:
    return () if text in ("", "none") else tuple(v.strip() for v in text.split(",") if v.strip())


class PillarsGame(pyspiel.Game):
    """Parameters: ``players`` (2-4; 5-6 with the expansion), ``deals`` (how
    many engine seeds the chance node chooses from), ``seed`` (the engine seed
    of deal 0), ``variants`` (comma-separated variant names, or ``none``) and
    ``cards`` (``none``: the base set; a named set such as ``expansion``, or a
    folder of ``.cards`` files, as :func:`pillars_rules.load_cards` takes)."""

    def __init__(self, params=None):
        params = dict(params or {})
        players = params.get("players", 4)
        seed = params.get("seed", 0)
        deals = params.get("deals", DEALS)
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 2**20:
            raise ConfigError(f"deals must be a whole number from 1 to 2**20, not {deals!r}")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise ConfigError(f"players must be 2 to 6 as the card set allows, not {players!r}")
        cards_param = params.get("cards", "none")
        if not isinstance(cards_param, str):
            raise ConfigError(f"cards must be 'none', a named set or a folder, not {cards_param!r}")
        cards = None if cards_param in ("", "none") else load_cards(cards_param)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
            raise ConfigError(f"seed must be a whole number from 0 to 2**62-1, not {seed!r}")
        variants = _variants(params.get("variants", "none"))
        # ConfigError for unknown variants; PlayerCountError for a count the set does not play
        probe = pr.new_game(players, seed, variants=variants, cards=cards)
        self.players = players
        self.variants = probe.rules.variants  # sorted, as the engine keeps them
        self.encoding = ActionEncoding.for_rules(probe.rules)
        self.layout = Layout.for_rules(probe.rules, players)
        self.seed = seed
        self.deals = deals
        self.cards = cards
        self.config = (players, self.variants, cards_param)
        self.encoding_hash = probe.rules.content_hash
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding),
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(players),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self, engine_game: pr.Game | None = None):
        """The state before the deal (a chance node); or a state at ``engine_game``
        (a game of this configuration), whose OpenSpiel history then starts there."""
        if engine_game is not None and (
            engine_game.state.n_players != self.players
            or engine_game.rules.variants != self.variants
            or engine_game.rules.content_hash != self.encoding_hash
        ):
            raise ConfigError(
                f"engine game with {engine_game.state.n_players} players, variants "
                f"{engine_game.rules.variants} and its card set does not fit {self}"
            )
        return PillarsState(self, engine_game)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ConfigError(f"observation parameters are not supported, got {params!r}")
        return PillarsObserver(self, iig_obs_type)


class _Engine:
    """The engine game behind a state (``None`` before the deal): shared by clones
    (games are immutable) and pickled as a save text."""

    __slots__ = ("config", "game", "_digest")

    def __init__(self, config: tuple, game: pr.Game | None = None, digest=(0, "")) -> None:
        self.config = config
        self.game = game
        self._digest = digest  # (events digested, digest): the parent's, until extended

    def digest(self) -> str:
        """The digest of the redacted log (the same for every seat), extending the
        last one: only the events since are redacted and hashed."""
        n, d = self._digest
        game = self.game
        if game is not None and n != game.n_events:  # before the deal: no log yet
            d = extend_digest(d, map(redact_event, game.events[n:]))
            self._digest = (game.n_events, d)
        return d

    def apply(self, action) -> _Engine:
        if self.game is None:
            raise ConfigError("before the deal the only action is the deal, a chance outcome")
        return _Engine(self.config, self.game.apply(action), self._digest)

    def __deepcopy__(self, memo) -> _Engine:
        return _Engine(self.config, self.game, self._digest)

    def __reduce__(self):
        return (_restore, (self.config, None if self.game is None else pr.save(self.game)))


def _restore(config, text: str | None) -> _Engine:
    cards = config[2] if len(config) > 2 and config[2] not in ("", "none") else None
    return _Engine(tuple(config), None if text is None else pr.load(text, cards=cards))


class PillarsState(pyspiel.State):
    """One position. Its only Python attribute is the engine game (``_g``)."""

    def __init__(self, game: PillarsGame, engine_game: pr.Game | None = None):
        super().__init__(game)
        self._g = _Engine(game.config, engine_game)

    @property
    def engine_game(self) -> pr.Game | None:
        """The :class:`pillars_rules.Game` at this state (``None`` before the deal)."""
        return self._g.game

    def current_player(self):
        g = self._g.game
        if g is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if g.is_over else g.current_player

    def chance_outcomes(self):
        deals = self.get_game().deals
        return [(k, 1.0 / deals) for k in range(deals)]

    def _legal_actions(self, player):
        g = self._g.game
        if g is None or g.is_over or player != g.current_player:
            return []
        return self.get_game().encoding.indices(g.legal_actions())

    def _apply_action(self, action):
        game = self.get_game()
        g = self._g.game
        if g is None:  # the deal: chance outcome k is engine seed (seed + k)
            players, variants = game.config[:2]
            self._g = _Engine(
                game.config, pr.new_game(players, game.seed + action, variants=variants, cards=game.cards)
            )
        else:
            self._g = self._g.apply(game.encoding.decode(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action} (engine seed {self.get_game().seed + action})"
        return str(self.get_game().encoding.decode(action))

    def is_terminal(self):
        g = self._g.game
        return g is not None and g.is_over

    def returns(self):
        g = self._g.game
        n = self.get_game().players
        return place_values(g.ranking(), n) if g is not None and g.is_over else [0.0] * n

    def __str__(self):
        g = self._g.game
        if g is None:
            return "before the deal"
        return f"{g.n_events} events\n" + self.get_game().layout.text(g.view(0))


class PillarsObserver:
    """OpenSpiel's observer protocol: ``tensor``/``dict`` filled by ``set_from``,
    text by ``string_from``. With ``perfect_recall`` (the information state) the
    tensor adds the public action history and the text a digest of the seat's
    whole redacted log. The deal (the chance outcome) is in neither.

    Every action is public in this game, so the history block is the same
    public record for every seat, seen from the seat's chair."""

    def __init__(self, game: PillarsGame, iig_obs_type) -> None:
        self.layout = game.layout
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.n = game.players
        # the only private information is a seat's peek at the coming event
        self.peek = iig_obs_type is None or iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        history = 2 * max_game_length(game.players) if self.recall else 0
        self.tensor = np.zeros(self.layout.size + history, np.float32)
        self.dict = {"observation": self.tensor[: self.layout.size]}
        if self.recall:
            self.dict["history"] = self.tensor[self.layout.size :].reshape(-1, 2)

    def set_from(self, state: PillarsState, player: int) -> None:
        self.tensor.fill(0)
        g = state._g.game
        if g is None:  # before the deal nothing is known: all zeros
            return
        self.layout.fill(g.view(player), self.dict["observation"], self.peek)
        if self.recall:  # (actor relative to the player + 1, action + 1) per step
            history = self.dict["history"]
            steps = [
                ((pa.player - player) % self.n + 1, pa.action + 1) for pa in state.full_history() if pa.player >= 0
            ]  # never the deal
            if steps:
                history[: len(steps)] = steps

    def string_from(self, state: PillarsState, player: int) -> str:
        g = state._g.game
        if g is None:
            return f"seat {player}: before the deal"
        view = g.view(player)
        text = self.layout.text(view, self.peek)
        if not self.recall:
            return text
        return f"history {state._g.digest()}\n{text}"


pyspiel.register_game(_GAME_TYPE, PillarsGame)

from . import ora_openspiel  # noqa: E402,F401 - registers Ora et Labora's game too

__all__ = ["PillarsGame", "PillarsState", "PillarsObserver", "SHORT_NAME", "max_game_length", "place_values"]
