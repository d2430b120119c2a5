"""Place and board fields of card text -> syntax tree (:mod:`.ast`).

The part of the parser's tree builder (:mod:`.parser`) for the fields only the
kinds ``place`` and ``board`` set (their values are checked by
:mod:`.placecomp`).
"""

from __future__ import annotations

from lark import Transformer, v_args


@v_args(meta=True)
class PlaceBuild(Transformer):
    """Tree-builder methods for place and board fields; the base of the
    parser's transformer, whose ``_field``, ``_num``, ``_name``, ``_title``
    and ``_eff`` they use."""

    def called(self, meta, ch):
        return self._field(meta, "called", self._title(ch[0]))

    def spots(self, meta, ch):
        return self._field(meta, "spots", self._num(ch[0]))

    def one_per_player(self, meta, ch):
        return self._field(meta, "one_per_player", True)

    def in_order(self, meta, ch):
        return self._field(meta, "in_order", True)

    def worker_site(self, meta, ch):
        return self._field(meta, "worker_site", self._name(ch[0]))

    def step_rule(self, meta, ch):
        return self._field(meta, "step", self._name(ch[0]))

    def after(self, meta, ch):
        return self._field(meta, "after", self._name(ch[0]))

    def replaces(self, meta, ch):
        return self._field(meta, "replaces", self._name(ch[0]))

    def spot(self, meta, ch):
        return self._field(meta, "spot", (self._num(ch[0]), ch[1]))

    def die(self, meta, ch):
        return self._field(meta, "die", ch[0])

    def cube_limit(self, meta, ch):
        return self._field(meta, "cube_limit", self._num(ch[0]))

    def stock(self, meta, ch):
        return self._field(meta, "stock", ch[0])

    def buying(self, meta, ch):
        return self._field(meta, "buying", ch[0])

    def selling(self, meta, ch):
        return self._field(meta, "selling", ch[0])

    def gold_cap(self, meta, ch):
        return self._field(meta, "gold_cap", self._num(ch[0]))

    def builder_prices(self, meta, ch):
        return self._field(meta, "builder_prices", ch[0])

    def player_counts(self, meta, ch):
        return self._field(meta, "players", ch[0])

    def starting_gold(self, meta, ch):
        return self._field(meta, "starting_gold", ch[0])

    def starting_builders(self, meta, ch):
        return self._field(meta, "starting_builders", self._num(ch[0]))

    def starting_vp(self, meta, ch):
        return self._field(meta, "starting_vp", self._num(ch[0]))

    def rounds(self, meta, ch):
        return self._field(meta, "rounds", self._num(ch[0]))

    def dealt_craftsmen(self, meta, ch):
        return self._field(meta, "dealt_craftsmen", ch[0])

    def dealt_resources(self, meta, ch):
        return self._field(meta, "dealt_resources", ch[0])

    def free_builders(self, meta, ch):
        return self._field(meta, "free_builders", ch[0])

    def grey_workers(self, meta, ch):
        return self._eff(meta, "GreyWorkers", ("n", self._num(ch[0])))

    def number_list(self, meta, ch):
        return tuple(self._num(t) for t in ch)

    def price_list(self, meta, ch):
        return tuple(ch)

    def price(self, meta, ch):
        return (self._name(ch[0]), self._num(ch[1]))
