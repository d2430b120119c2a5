"""Compiling places and boards: the fields of cards of kind ``place`` and ``board``.

:class:`PlaceFields` is the base of the compiler's per-file unit; its checks
report to the file's reporter with the position of the word at fault. The
checks of a whole board (its order, the rules it must run once) are
:func:`~pillars_rules.cardlang.board.board_problems`, run by the compiler on
every set that holds places.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from ..limits import DISPLAY_CRAFTSMEN, DISPLAY_RESOURCE_CARDS, MOST_PLAYERS, ROUNDS
from . import ast
from . import effects as fx
from .abilitycomp import AbilityFields
from .board import WHEEL_ENDS, WHEEL_FIELDS, BoardSpec, Place, WheelSpec, default_free_builders, layout
from .card import Card
from .diagnostics import Reporter, suggest

#: Fields of a place, and of the board card.
PLACE_FIELDS: tuple[str, ...] = (
    "called",
    "spots",
    "one_per_player",
    "in_order",
    "worker_site",
    "step",
    "after",
    "replaces",
    "spot",
    "die",
    "cube_limit",
    "stock",
    "buying",
    "selling",
)
BOARD_FIELDS: tuple[str, ...] = (
    "gold_cap",
    "builder_prices",
    "players",
    "starting_gold",
    "starting_builders",
    "starting_vp",
    "dealt_craftsmen",
    "dealt_resources",
    "free_builders",
    "rounds",
    *WHEEL_FIELDS,
)
#: How each place field is written, for messages.
PLACE_WORDS: dict[str, str] = {
    "called": "called",
    "spots": "spots",
    "one_per_player": "one per player",
    "in_order": "fill in order",
    "worker_site": "worker site",
    "step": "step",
    "after": "after",
    "replaces": "replaces",
    "spot": "spot",
    "die": "die",
    "cube_limit": "cube limit",
    "stock": "stock",
    "buying": "buying",
    "selling": "selling",
    "gold_cap": "gold cap",
    "builder_prices": "builder prices",
    "players": "players",
    "starting_gold": "starting gold",
    "starting_builders": "starting builders",
    "starting_vp": "starting vp",
    "dealt_craftsmen": "dealt craftsmen",
    "dealt_resources": "dealt resource cards",
    "free_builders": "free last builders",
    "rounds": "rounds",
    "wheel_values": "wheel values",
    "wheel_indicators": "wheel indicators",
    "wheel_enters": "wheel enters",
    "wheel_wild": "wheel wild",
    "wheel_end": "wheel end",
    "wheel_idle_resets": "wheel idle resets",
}
#: The set-up tables of a board: each one number or one per player count.
TABLE_FIELDS: dict[str, tuple[str, int, int]] = {
    "dealt_craftsmen": ("craftsmen dealt in a round", 1, DISPLAY_CRAFTSMEN),
    "dealt_resources": ("resource cards dealt in a round", 1, DISPLAY_RESOURCE_CARDS),
    "free_builders": ("free builders at the end of the bag", 0, fx.MAX_BUILDERS * MOST_PLAYERS),
}
#: Fewest and most players a card set may play (``players``).
FEWEST_PLAYERS = 2
#: Fields only some rules read (the rest may stand on any place).
FIELD_RULES: dict[str, tuple[str, ...]] = {
    "die": ("tax",),
    "cube_limit": ("cathedral",),
    "stock": ("tax", "market"),
    "buying": ("market",),
    "selling": ("market",),
}
#: Rules whose place needs builder spots, and those that must have none.
RULES_WITH_SPOTS: tuple[str, ...] = ("bishop", "privileges", "tax", "craftsmen", "market", "start_player", "collector")
RULES_WITHOUT_SPOTS: tuple[str, ...] = ("event", "wool_mill", "site", "cathedral")
#: Most faces of a tax die, most builder prices.
MAX_DIE_FACES = 12
MAX_PRICES = 24
#: Longest name a place may be called by in a sentence (``called "..."``).
MAX_CALLED = 60
#: Highest gold cap a board may set.
MAX_GOLD_CAP = 99
#: Most VP a player may start with (``starting vp``).
MAX_STARTING_VP = 99
#: Most values and indicators of a wheel, highest value, latest round an indicator enters in.
MAX_WHEEL_VALUES = 24
MAX_WHEEL_INDICATORS = 16
MAX_WHEEL_VALUE = 99
MAX_WHEEL_ROUND = 99


class PlaceFields(AbilityFields):
    """Compiles the fields of one place or board card (a spot's effect is an
    instant, compiled as an ability's is)."""

    def __init__(self, rep: Reporter) -> None:
        super().__init__(rep)
        self.place_words: dict[tuple[str, str], ast.Name] = {}

    def place_value(self, f: ast.Field) -> Any:
        """One field's compiled value, or ``None`` (reported)."""
        n = f.name
        if n == "called":
            return self.sentence_name(ast.one(f, ast.Title))
        if n in ("spots", "cube_limit"):
            hi = fx.MAX_SPOTS if n == "spots" else 30
            what = "a place's number of spots" if n == "spots" else "the cube limit"
            return self.number(ast.one(f, ast.Num), what, lo=1, hi=hi)
        if n == "gold_cap":
            return self.number(ast.one(f, ast.Num), "the gold cap", lo=1, hi=MAX_GOLD_CAP)
        if n == "starting_builders":
            return self.number(ast.one(f, ast.Num), "builders per player", lo=1, hi=fx.MAX_BUILDERS)
        if n == "starting_vp":
            return self.number(ast.one(f, ast.Num), "each player's starting VP", lo=0, hi=MAX_STARTING_VP)
        if n == "rounds":  # the craftsmen's decks and the event bound count at most ROUNDS
            return self.number(ast.one(f, ast.Num), "the number of rounds", lo=1, hi=ROUNDS)
        if n in ("players", "starting_gold") or n in TABLE_FIELDS:
            v = ast.each(f, ast.Num)
            what, lo, hi = TABLE_FIELDS.get(n) or (
                ("a player count", FEWEST_PLAYERS, MOST_PLAYERS)
                if n == "players"
                else ("a seat's starting gold", 0, MAX_GOLD_CAP)
            )
            if len(v) > MOST_PLAYERS:
                self.rep.at(v[MOST_PLAYERS], f"too many numbers ({len(v)}; limit {MOST_PLAYERS})")
                return None
            nums = tuple(self.number(x, what, lo=lo, hi=hi) for x in v)
            return None if None in nums else nums
        if n in ("one_per_player", "in_order"):
            return True
        if n == "worker_site":
            return self.choice(ast.one(f, ast.Name), fx.SITE_YIELDS, "cube, vp or gold")
        if n == "step":
            return self.choice(ast.one(f, ast.Name), fx.STEP_RULES, "step rule")
        if n in ("after", "replaces"):
            return self.ident(ast.one(f, ast.Name), "place key")
        if n == "spot":
            num, effect = ast.pair(f, ast.Num, ast.Effect)
            spot = self.number(num, "a spot number", lo=1, hi=fx.MAX_SPOTS)
            eff = self.spot_effect(effect)
            return None if spot is None or eff is None else (spot, eff)
        if n in ("die", "builder_prices"):
            lo, limit = (1, MAX_DIE_FACES) if n == "die" else (0, MAX_PRICES)
            what = "a face of the tax die" if n == "die" else "a builder price"
            v = ast.each(f, ast.Num)
            if len(v) > limit:
                self.rep.at(v[limit], f"too many numbers ({len(v)}; limit {limit})")
                return None
            nums = tuple(self.number(x, what, lo=lo) for x in v)
            return None if None in nums else nums
        if n in WHEEL_FIELDS:
            return self.wheel_value(f)
        if n == "stock":
            return self.amounts(ast.each(f, ast.AmountNode), fx.CUBES, "a place's stock")
        if n in ("buying", "selling"):
            out: list[tuple[str, int]] = []
            seen: set[str] = set()
            for name, price in ast.pairs(f, ast.Name, ast.Num):
                cube = self.choice(name, fx.CUBES, "cube")
                gold = self.number(price, "a market price", lo=0)
                if cube in seen:
                    self.rep.at(name, f"'{cube}' has two prices")
                    return None
                if cube is None or gold is None:
                    return None
                seen.add(cube)
                out.append((cube, gold))
            return tuple(out)
        raise AssertionError(n)  # pragma: no cover - the grammar makes no other

    def wheel_value(self, f: ast.Field) -> Any:
        """One wheel line's value, or ``None`` (reported where it is wrong)."""
        n = f.name
        if n == "wheel_values":
            v = ast.each(f, ast.Num)
            if len(v) > MAX_WHEEL_VALUES:
                self.rep.at(v[MAX_WHEEL_VALUES], f"too many numbers ({len(v)}; limit {MAX_WHEEL_VALUES})")
                return None
            nums = tuple(self.number(x, "a wheel value", lo=0, hi=MAX_WHEEL_VALUE) for x in v)
            if None in nums:
                return None
            for i in range(1, len(nums)):
                if nums[i] < nums[i - 1]:  # type: ignore[operator]
                    self.rep.at(
                        v[i],
                        f"wheel values may not decrease: {nums[i]} after {nums[i - 1]}",
                        "a rotation never lowers what an indicator is worth",
                    )
                    return None
            return nums
        if n == "wheel_indicators":
            names = ast.each(f, ast.Name)
            if len(names) > MAX_WHEEL_INDICATORS:
                self.rep.at(
                    names[MAX_WHEEL_INDICATORS], f"too many indicators ({len(names)}; limit {MAX_WHEEL_INDICATORS})"
                )
                return None
            got = tuple(self.ident(x, "an indicator") for x in names)
            return None if None in got else got
        if n == "wheel_enters":
            out: list[tuple[str, int]] = []
            for name, rnd in ast.pairs(f, ast.Name, ast.Num):
                ind = self.ident(name, "an indicator")
                r = self.number(rnd, "the round an indicator enters in", lo=1, hi=MAX_WHEEL_ROUND)
                if ind is None or r is None:
                    return None
                out.append((ind, r))
            return tuple(out)
        if n == "wheel_wild":
            return self.ident(ast.one(f, ast.Name), "an indicator")
        if n == "wheel_end":
            return self.choice(ast.one(f, ast.Name), WHEEL_ENDS, "wheel end")
        return True  # wheel_idle_resets

    def build_wheel(self, values: dict[str, Any], seen: dict[str, ast.Field]) -> WheelSpec | None | Literal[False]:
        """The board's :class:`WheelSpec`, ``None`` when it has no wheel lines,
        ``False`` when they do not make one (reported)."""
        lines = [seen[n] for n in WHEEL_FIELDS if n in seen]
        if not lines:
            return None
        if "wheel_values" not in seen or "wheel_indicators" not in seen:
            missing = "wheel values" if "wheel_values" not in seen else "wheel indicators"
            self.rep.at(
                lines[0], f"a wheel needs '{missing}'", "e.g. 'wheel values 0, 1, 2' and 'wheel indicators a, b'"
            )
            return False
        indicators: tuple[str, ...] = values["wheel_indicators"]
        entering: tuple[tuple[str, int], ...] = values.get("wheel_enters", ())
        known: set[str] = set()
        names = list(zip(indicators, ast.each(seen["wheel_indicators"], ast.Name)))
        if "wheel_enters" in seen:
            later = ast.pairs(seen["wheel_enters"], ast.Name, ast.Num)
            names += [(ind, name) for (ind, _), (name, _) in zip(entering, later)]
        for ind, name in names:
            if ind in known:
                self.rep.at(name, f"the indicator '{ind}' is named twice on the wheel")
                return False
            known.add(ind)
        wild = values.get("wheel_wild", "")
        if wild and wild not in known:
            self.rep.at(
                ast.one(seen["wheel_wild"], ast.Name),
                f"the wild indicator '{wild}' is not on the wheel{suggest(wild, sorted(known))}",
                "name one of 'wheel indicators' or 'wheel enters'",
            )
            return False
        return WheelSpec(
            values["wheel_values"],
            indicators,
            entering,
            values.get("wheel_end", "cap"),
            wild,
            bool(values.get("wheel_idle_resets")),
        )

    def sentence_name(self, v: ast.Title) -> str | None:
        """A place's name in the middle of a sentence ("the King's court")."""
        text = v.text.strip()
        if not text or len(text) > MAX_CALLED:
            self.rep.at(
                v,
                f"a place is called by 1 to {MAX_CALLED} characters, not {len(text)}",
                "e.g. 'called \"the wool mill\"'",
            )
            return None
        return text

    def spot_effect(self, e: ast.Effect) -> Any:
        if e.registry == "GreyWorkers":
            n = self.number(e.arg("n"), "a number of grey workers", lo=1, hi=4)
            return None if n is None else fx.GreyWorkers(n)
        asks = ("ChooseOne", "ChooseCraftsman", "ReorderEvents", "CopyPrivilege", "GivePrivilege")
        if e.registry in asks or (e.registry == "If" and e.arg("effect").registry in asks):
            self.rep.at(
                e,
                "a spot's effect cannot ask for a choice",
                "give what the builder gets, e.g. 'spot 1: gain 1 wood, 1 stone'",
            )
            return None
        return self.instant(e)

    def build_place(
        self, node: ast.CardNode, values: dict[str, Any], seen: dict[str, ast.Field], spot_fields: list[ast.Field]
    ) -> Place | None:
        """The :class:`Place` of a place card whose fields compiled."""
        rep = self.rep
        spots = values.get("spots", 0)
        site = values.get("worker_site", "")
        rule = values.get("step") or ("site" if site else "spots")
        where = seen.get("step") or seen.get("worker_site") or node.id
        if site and "step" in seen and rule != "site":
            rep.at(
                seen["step"],
                f"a worker site runs 'step site', not 'step {rule}'",
                "leave out the step line: a worker site's step is its resource cards' yield",
            )
            return None
        if rule == "site" and not site:
            rep.at(where, "'step site' needs 'worker site <cube>'", "e.g. 'worker site wood'")
            return None
        if rule in RULES_WITH_SPOTS and not spots:
            rep.at(where, f"a place with 'step {rule}' needs builder spots", "e.g. 'spots 1'")
            return None
        if rule in RULES_WITHOUT_SPOTS and spots:
            rep.at(seen["spots"], f"a place with 'step {rule}' has no builder spots", "leave out the spots line")
            return None
        for name, rules in FIELD_RULES.items():
            if name in seen and rule not in rules:
                rep.at(
                    seen[name],
                    f"'{PLACE_WORDS[name]}' means nothing at a place with 'step {rule}'",
                    f"it belongs to a place with 'step {' or '.join(rules)}'",
                )
                return None
        if "replaces" in seen and "after" in seen:
            rep.at(seen["after"], "a place either replaces another or goes after one, not both")
            return None
        effects: list[tuple[int, Any]] = []
        taken: dict[int, ast.Field] = {}
        for f, value in zip(spot_fields, values.get("spot", ())):
            spot, eff = value
            if spot > spots:
                rep.at(
                    ast.pair(f, ast.Num, ast.Effect)[0],
                    f"spot {spot} does not exist: '{node.id.text}' has {spots} spot{'s' if spots != 1 else ''}",
                    "add spots with 'spots <n>'" if spots else "a place gets spots with 'spots <n>'",
                )
                return None
            if spot in taken:
                rep.at(
                    f,
                    f"spot {spot} is given twice (first on line {taken[spot].line})",
                    "one line per spot: join the effects into one",
                )
                return None
            if rule != "spots":
                rep.at(
                    f,
                    f"'spot {spot}:' means nothing at a place with 'step {rule}'",
                    "spot effects belong to a place without a step line (its builders get them)",
                )
                return None
            taken[spot] = f
            effects.append(value)
        if rule == "tax" and "die" not in seen:
            rep.at(where, "a place with 'step tax' needs 'die <faces>'", "e.g. 'die 2, 3, 3, 4, 4, 5'")
            return None
        if rule == "cathedral" and "cube_limit" not in seen:
            rep.at(where, "a place with 'step cathedral' needs 'cube limit <n>'", "e.g. 'cube limit 5'")
            return None
        if rule == "market" and not values.get("selling") and not values.get("buying"):
            rep.at(
                where,
                "a place with 'step market' needs its prices: 'buying <cube> <price>, ...' "
                "or 'selling <cube> <price>, ...'",
                "e.g. 'selling sand 2, wood 3, stone 4, metal 5'",
            )
            return None
        if rule == "market" and values.get("buying"):
            held = {a.kind for a in values.get("stock", ())}
            missing = [cube for cube, _ in values["buying"] if cube not in held]
            if missing:
                rep.at(
                    seen["buying"],
                    f"'{node.id.text}' sells {missing[0]} to players but its 'stock' holds none: "
                    "a market sells only what its stock holds",
                    f"add 'stock N {missing[0]}' or drop '{missing[0]}' from 'buying'",
                )
                return None
        return Place(
            called=values.get("called", ""),
            spots=spots,
            rule=rule,
            site=site,
            one_per_player=bool(values.get("one_per_player")),
            in_order=bool(values.get("in_order")),
            after=values.get("after", ""),
            replaces=values.get("replaces", ""),
            spot_effects=tuple(sorted(effects, key=lambda e: e[0])),
            die=values.get("die", ()),
            cube_limit=values.get("cube_limit", 0),
            stock=values.get("stock", ()),
            buying=values.get("buying", ()),
            selling=values.get("selling", ()),
        )

    def build_board(self, values: dict[str, Any], seen: dict[str, ast.Field]) -> BoardSpec | None:
        spec = BoardSpec()
        wheel = self.build_wheel(values, seen)
        if wheel is False:
            return None
        prices = values.get("builder_prices")
        if prices is not None and list(prices) != list(range(prices[0], -1, -1)):
            self.rep.at(
                seen["builder_prices"],
                "builder prices run down by one to 0 (the cost marker moves one space per builder, §2.3)",
                f"e.g. 'builder prices {', '.join(str(x) for x in range(prices[0], -1, -1))}'",
            )
            return None
        players = values.get("players", spec.players)
        if list(players) != list(range(players[0], players[0] + len(players))):
            self.rep.at(seen["players"], "the player counts run up by one (e.g. 'players 2, 3, 4, 5, 6')")
            return None
        gold = values.get("starting_gold", spec.starting_gold)
        if len(gold) < players[-1]:
            self.rep.at(
                seen.get("starting_gold") or seen["players"],
                f"'starting gold' gives {len(gold)} seats; {players[-1]} players need one number each",
                "one number per seat, from the start player clockwise",
            )
            return None
        for name in TABLE_FIELDS:
            table = values.get(name)
            if table is not None and len(table) not in (1, len(players)):
                self.rep.at(
                    seen[name],
                    f"'{PLACE_WORDS[name]}' needs one number, or one for each player "
                    f"count ({', '.join(map(str, players))}); it has {len(table)}",
                )
                return None
        return BoardSpec(
            values.get("gold_cap", spec.gold_cap),
            values.get("builder_prices", spec.builder_prices),
            players,
            gold,
            values.get("starting_builders", spec.starting_builders),
            values.get("dealt_craftsmen", spec.dealt_craftsmen),
            values.get("dealt_resources", spec.dealt_resources),
            values.get("free_builders", default_free_builders(players)),
            values.get("rounds", spec.rounds),
            starting_vp=values.get("starting_vp", spec.starting_vp),
            wheel=wheel,
        )


def board_problems(parts: Iterable[Card]) -> list[tuple[Card | None, str, str]]:
    """What makes a board of ``parts`` unplayable: (the place at fault or
    ``None``, the statement at fault (``after``, ``replaces``) or ``""``,
    message) triples, in the order of the text."""
    parts = tuple(parts)
    out: list[tuple[Card | None, str, str]] = []
    keys = {c.id for c in parts if c.kind == "place"}
    target = {
        c.id: (w, t)
        for c in parts
        if c.kind == "place"
        for w, t in (("replaces", c.place.replaces), ("after", c.place.after))
        if t
    }
    in_cycle: set[str] = set()
    for c in parts:
        if c.kind != "place" or c.id not in target:
            continue
        word, to = target[c.id]
        if to not in keys:
            out.append((c, word, f"'{word} {to}' names no place of the board{suggest(to, keys)}"))
        elif to == c.id:
            out.append(
                (
                    c,
                    word,
                    f"'{word} {to}' names the place itself: a place "
                    f"{'takes the spot of' if word == 'replaces' else 'goes after'} another place",
                )
            )
        elif c.id not in in_cycle:
            chain = _chain(c.id, target)
            if chain[-1] == c.id:
                in_cycle.update(chain)
                out.append(
                    (
                        c,
                        word,
                        f"'{word} {to}' goes round in a circle ("
                        + " -> ".join(chain)
                        + "): one of these places must go after "
                        "or replace a place that is not in the circle",
                    )
                )
    places, _ = layout(parts)
    rules = [c.place.rule for c in places]
    for rule in fx.SINGLE_RULES:
        twice = [c for c in places if c.place.rule == rule][1:]
        if twice:
            out.append(
                (twice[0], "", f"a board runs 'step {rule}' at most once; '{twice[0].id}' is the second place with it")
            )
    steps = [c.place.rule for c in places]
    if "collector" in steps and ("tax" not in steps or steps.index("collector") < steps.index("tax")):
        at = places[steps.index("collector")]
        out.append(
            (
                at,
                "",
                f"'{at.id}' runs 'step collector', which hands out the tax roll: it must come "
                "after the place with 'step tax' (use 'after <that place>')",
            )
        )
    for rule in fx.REQUIRED_RULES:
        if rule not in rules:
            out.append((None, "", f"the board has no place with 'step {rule}' (every board needs one)"))
    if len(places) > fx.MAX_PLACES:
        out.append((places[fx.MAX_PLACES], "", f"too many places ({len(places)}; limit {fx.MAX_PLACES})"))
    spec = layout(parts)[1]
    top = spec.players[-1]
    room = sum(min(c.place.spots, top) if c.place.one_per_player else c.place.spots for c in places)
    # 4 players with the most builders a card gives, or every seat's own builders
    need = max(4 * fx.MAX_BUILDERS, top * spec.starting_builders)
    if places and room < need:
        out.append(
            (
                None,
                "",
                f"the board's builder spots hold {room} builders; {top} players with "
                f"{need // top} builders each need {need}, or a game could not go on",
            )
        )
    return out


def _chain(start: str, target: dict[str, tuple[str, str]]) -> list[str]:
    """The places ``start``'s ``after``/``replaces`` leads through, ``start``
    first; it ends at ``start`` again when they go round in a circle."""
    chain = [start]
    while chain[-1] in target and len(chain) <= len(target):
        chain.append(target[chain[-1]][1])
        if chain[-1] == start:
            break
    return chain
