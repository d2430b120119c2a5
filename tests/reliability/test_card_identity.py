"""Card-set identity (issue #10, item 1).

The identity of a card set is a SHA-256 over its compiled cards in canonical
form (each card's formatted text, sorted by id, length-prefixed). The shared
``Rules`` cache and the save check use it, so it must not depend on paths, on
NUL characters in comments, or on whether a set was built from text or from
``Card`` objects; and nothing shared between games may be changed from outside.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest

import pillars_rules as pr
from pillars_rules import cardlang
from pillars_rules.cardlang.cardset import CardSet
from pillars_rules.cardlang.effects import Amount, Gain, Now
from pillars_rules.engine.context import rules_for
from pillars_rules.saves import savefile as P

ROOT = Path(__file__).resolve().parents[2]
FAN = ROOT / "examples" / "fan_cards"
FIXTURES = Path(__file__).parent / "fixtures"
GIFT = 'event gift "Gift" { now: gain 2 gold }\n'


def test_a_card_set_built_from_card_objects_does_not_poison_the_base_rules():
    base = cardlang.base_cards()
    event = base.of_kind("event")[0]
    # the same id as a base event, doing something else: built from objects, not text
    changed = attrs.evolve(event, abilities=(Now(Gain((Amount("gold", 9),))),))
    fan = CardSet((changed,))
    game = pr.new_game(players=2, seed=1, cards=fan)
    assert game.rules.card(event.id).abilities == changed.abilities
    later = pr.new_game(players=2, seed=1)
    assert later.rules.card(event.id) == event  # the base card, not the fan one
    assert later.rules.content_hash != game.rules.content_hash
    assert game.rules is not later.rules


def test_nul_in_a_comment_cannot_make_two_different_sets_share_an_identity():
    t1 = GIFT + "# a comment "
    t2 = 'event more "More" { now: gain 3 gold }\n'
    # one file whose comment holds the separator: 'more' is inside the comment
    one_file = cardlang.compile_text(t1 + "\0b.cards\0" + t2, "a.cards")
    two_files = cardlang.compiler._compile_run([("a.cards", t1), ("b.cards", t2)], None)
    assert [c.id for c in one_file] == ["gift"] and len(two_files) == 2
    assert one_file.content_hash != two_files.content_hash


def test_identity_ignores_paths_comments_layout_and_how_the_set_was_built(tmp_path):
    a = cardlang.compile_text(GIFT, "x.cards")
    b = cardlang.compile_text(
        '# a comment\n\nevent   gift "Gift" {\n  now: gain 2 gold # two\n}\n', "elsewhere/y.cards"
    )
    c = CardSet(tuple(a.cards))  # from objects, no sources
    assert a.content_hash == b.content_hash == c.content_hash == a.identity
    assert len(a.content_hash) == 64 and int(a.content_hash, 16) >= 0
    d = cardlang.compile_text(GIFT.replace("2 gold", "3 gold"))
    assert d.content_hash != a.content_hash


def test_identity_is_independent_of_card_order_and_covers_variants():
    base = cardlang.base_cards()
    assert CardSet(tuple(reversed(base.cards))).content_hash == base.content_hash
    with_variant = cardlang.compile_text('event gift "Gift" { now: gain 2 gold\n variant dm { now: gain 3 gold } }')
    without = cardlang.compile_text('event gift "Gift" { now: gain 2 gold }')
    assert with_variant.content_hash != without.content_hash


def test_the_spelling_of_the_card_folder_does_not_matter_to_saves(tmp_path, monkeypatch):
    absolute = pr.new_game(players=2, seed=3, cards=[str(FAN)])
    text = pr.save(absolute)
    monkeypatch.chdir(ROOT)
    relative = os.path.join("examples", "fan_cards")
    assert pr.load(text, cards=[relative]) == absolute
    monkeypatch.chdir(FAN)
    assert pr.load(text, cards=["."]) == absolute
    assert pr.load(text, cards=[str(FAN) + "/"]) == absolute


def test_rules_are_shared_by_identity():
    base = cardlang.base_cards()
    assert rules_for(CardSet(tuple(base.cards))) is rules_for(base)


def test_nothing_shared_between_games_can_be_changed_from_outside():
    game = pr.new_game(players=2, seed=1)
    rules = game.rules
    other = pr.new_game(players=3, seed=2)
    assert other.rules is rules  # shared: so it must be read-only
    some = next(iter(rules.by_id))
    with pytest.raises(TypeError):
        rules.by_id["evil"] = rules.by_id[some]
    with pytest.raises(TypeError):
        rules.cards.by_id["evil"] = rules.by_id[some]
    with pytest.raises(TypeError):
        rules.base.by_id[some] = None
    for name in (
        "by_id",
        "cards",
        "base",
        "variants",
        "content_hash",
        "passives",
        "triggers",
        "converts",
        "onces",
        "tags",
        "starting_craftsmen",
    ):
        with pytest.raises(AttributeError):
            setattr(rules, name, None)
    for name in ("passives", "triggers", "converts", "onces", "this_round", "next_round", "tags"):
        table = getattr(rules, name)
        with pytest.raises(TypeError):
            table[some] = ()
    with pytest.raises(AttributeError):
        rules.new_attribute = 1
    assert isinstance(rules.variants, tuple) and isinstance(rules.starting_craftsmen, tuple)
    with pytest.raises(TypeError):
        game.view(0).rules.by_id["evil"] = None


# ------------------------------------------------------------------ old saves
def test_a_save_made_before_the_identity_change_still_loads():
    """Written by the previous version (format 2, rules version 2, card_hash =
    hash of the base files' names and texts) from a 4-player base game."""
    text = (FIXTURES / "format2_rules2_4p_seed33.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc["format_version"] == 2 and doc["rules_version"] == 2
    assert doc["card_hash"] == "aa1edcf36e7fdd7d55075e4ba4265719d218855cd13259392ff78a939c2b6751"
    game = pr.load(text)
    assert game.n_events == len(doc["events"]) == 483
    assert game.rules.content_hash == cardlang.base_cards().content_hash != doc["card_hash"]
    again = json.loads(pr.save(game))
    assert again["format_version"] == P.FORMAT_VERSION and again["card_hash"] == game.rules.content_hash
    assert pr.load(pr.save(game)) == game
    # the old hash is also recognised from the cards' own sources, without the table
    from pillars_rules.saves import upcasters

    assert upcasters.legacy_source_hash(cardlang.base_cards()) == doc["card_hash"]


def test_an_older_rules_save_is_judged_by_its_log_not_refused_for_its_card_hash():
    """Format 2, rules version 1 (written before issue #9 changed the base
    cards): its old card hash is recognised; the log is then replayed under
    today's rules, which it no longer follows, so the refusal names the rules
    versions -- not different cards."""
    text = (FIXTURES / "format2_identity1_3p_seed21.json").read_text(encoding="utf-8")
    assert json.loads(text)["card_hash"] == "3febfecf210e29447f753b919b865eea7ac28c45753f98ac542419bd19522fc2"
    with pytest.raises(pr.SaveError) as info:
        pr.load(text)
    assert "made under rules version 1" in info.value.reason
    assert "card" not in info.value.reason.split(":")[0]


def test_an_old_save_with_an_unknown_card_hash_is_still_refused():
    doc = json.loads((FIXTURES / "format2_rules2_4p_seed33.json").read_text(encoding="utf-8"))
    doc["card_hash"] = doc["events"][0]["card_hash"] = "1" * 64
    with pytest.raises(pr.SaveError, match="different card"):
        pr.load(json.dumps(doc))


def test_the_canonical_text_covers_every_field_of_every_shipped_card():
    """The identity hashes each card's canonical text, so that text must say
    everything the card is: compiling it gives back an equal card."""
    cards = pr.load_cards([str(FAN)])
    for card in cards:
        again = cardlang.compile_text(cardlang.format_cards((card,)), known=cards)[card.id]
        assert again == card, card.id
