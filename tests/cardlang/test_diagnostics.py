"""Diagnostics: every problem reported, in the author's words, at the right spot."""

from __future__ import annotations

import time

import pytest
from lark import UnexpectedInput

from pillars_rules.cardlang import Diagnostic, base_cards, compile_text, load_paths, parse
from pillars_rules.cardlang.diagnostics import (
    MAX_CARDS_PER_FILE,
    MAX_DIAGNOSTICS,
    MAX_FILE_BYTES,
    MAX_NESTING,
    Reporter,
    report_syntax_error,
)
from pillars_rules.cardlang.grammar import lark_parser
from pillars_rules.errors import CardError


def diags(text: str, file: str = "x.cards", known=None) -> list[Diagnostic]:
    with pytest.raises(CardError) as info:
        compile_text(text, file, known=known)
    return list(info.value.diagnostics)


def only(text: str, known=None) -> Diagnostic:
    (d,) = diags(text, known=known)
    return d


def test_diagnostic_str_format():
    d = only('craftsman c "C" {\n    round 1\n    convert 2 stnoe -> 1 vp\n}\n')
    assert (d.file, d.line, d.column) == ("x.cards", 3, 15)
    assert d.message == "unknown resource 'stnoe' — did you mean 'stone'?"
    assert d.source_line == "    convert 2 stnoe -> 1 vp"
    lines = str(d).split("\n")
    assert lines[0] == "x.cards:3:15: error: unknown resource 'stnoe' — did you mean 'stone'?"
    assert lines[1] == "        convert 2 stnoe -> 1 vp"
    assert lines[2] == " " * 18 + "^"
    assert lines[1][lines[2].index("^") :].startswith("stnoe")
    assert lines[3].startswith("    hint: a resource is one of: wood")


def test_error_is_a_card_error_with_all_diagnostics_in_str():
    with pytest.raises(CardError) as info:
        compile_text('craftsman c "C" { round 1 cost 5 gld convert 1 wod -> 1 vp }', "f.cards")
    text = str(info.value)
    assert "f.cards:1:34: error: unknown resource 'gld' — did you mean 'gold'?" in text
    assert "f.cards:1:48: error: unknown resource 'wod' — did you mean 'wood'?" in text


@pytest.mark.parametrize(
    "body,where,message",
    [
        ("at cathedrall: gain 1 sand", "cathedrall", "unknown step 'cathedrall' — did you mean 'cathedral'?"),
        (
            "at priory: gain 1 vp per builder at priorry",
            "priorry",
            "unknown location 'priorry' — did you mean 'priory'?",
        ),
        ("allows bye wood", "bye", "unknown trade 'bye' — did you mean 'buy'?"),
        ("price wod -1", "wod", "unknown resource 'wod' — did you mean 'wood'?"),
    ],
)
def test_unknown_names_in_a_privilege(body, where, message):
    text = f'privilege p "P" {{\n    permanent\n    {body}\n}}'
    d = only(text)
    assert d.message == message
    assert (d.line, d.column) == (3, 5 + body.index(where))


def test_unknown_window_and_wrong_window():
    d = only('privilege p "P" { once on taxes: pay no tax }')
    assert d.message == "unknown window 'taxes' — did you mean 'tax'?"
    d = only('privilege p "P" { once on placement: pay no tax }')
    assert d.message == "'pay no tax' can only be used on tax, not on placement"
    assert d.hint == "write 'on tax: pay no tax'"
    assert d.column == 27


def test_unknown_kind_site_and_sites_cube():
    assert only('craftman c "C" { }').message == "unknown card kind 'craftman' — did you mean 'craftsman'?"
    assert (
        only('resource r "R" { site forrest yields 2 wood workers 3 }').message
        == "unknown site 'forrest' — did you mean 'forest'?"
    )
    d = only('resource r "R" { site forest yields 2 stone workers 3 }')
    assert d.message == "a forest yields wood, not stone" and d.column == 39


def test_unknown_tag_in_needs():
    d = only('craftsman c "C" { round 1 convert 1 stone -> 1 vp, needs morter_mixer }', known=base_cards())
    assert d.message == "unknown tag 'morter_mixer' — did you mean 'mortar_mixer'?"
    assert d.column == 58


def test_unknown_and_wrong_card_in_except():
    d = only('event e "E" { now: choose craftsman except bell_fonder: capacity +1 }', known=base_cards())
    assert d.message == "unknown card 'bell_fonder' — did you mean 'bell_founder'?"
    assert d.column == 44
    d = only('event e "E" { this round: all craftsmen except forest_2: capacity +1 }', known=base_cards())
    assert d.message == "'forest_2' is a resource, not a craftsman"


def test_references_within_the_same_file_resolve():
    compile_text('event e "E" { now: choose craftsman except c: discard }\ncraftsman c "C" { round 1 convert -> 1 vp }')


def test_duplicate_ids_in_a_file():
    ds = diags('event e "E" { now: gain 1 gold }\nevent e "E2" { now: gain 2 gold }')
    assert [(d.line, d.message) for d in ds] == [(2, "duplicate card id 'e' (first defined at x.cards:1:1)")]


def test_a_known_id_may_be_replaced():
    base = base_cards()
    new = compile_text('event city_wall "Wall" { harmful next round: builders 1 }', known=base)
    merged = base.merged(new)
    assert len(merged) == len(base)
    assert merged["city_wall"].abilities == new["city_wall"].abilities


def test_duplicate_ids_across_files(tmp_path):
    (tmp_path / "a.cards").write_text('event e "E" { now: gain 1 gold }')
    (tmp_path / "b.cards").write_text('event e "E" { now: gain 1 gold }')
    with pytest.raises(CardError) as info:
        load_paths([tmp_path])
    (d,) = info.value.diagnostics
    assert d.file.endswith("b.cards") and "duplicate card id 'e'" in d.message


@pytest.mark.parametrize(
    "text,message",
    [
        (
            'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 0 }',
            "capacity must be a whole number from 1 to 30, not 0",
        ),
        (
            'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity -2 }',
            "capacity must be a whole number from 1 to 30, not -2",
        ),
        (
            'privilege p "P" { permanent when you buy at market: gain 1 gold }',
            "'at <location>' only narrows 'when you place', not 'when you buy'",
        ),
        (
            'privilege p "P" { permanent when you place at markt: gain 1 gold }',
            "unknown location 'markt' — did you mean 'market'?",
        ),
        ('privilege p "P" { once on tax: gain 1 gold }', "'on tax:' takes only its own effect, not a general one"),
        # issue #53: the owner may choose on a turn at the market, another player may not
        (
            'privilege p "P" { once on market: each other player: (choose one: gain 1 wood | gain 1 stone) }',
            "'on market:' cannot ask another player to choose (it happens on the owner's turn at the market, "
            "where only the owner decides)",
        ),
        (
            'craftsman c "C" { round 1 when you sell: if you own 1 gold: each player: choose craftsman: discard }',
            "'when you sell' cannot ask another player to choose (it happens on the owner's turn at the market, "
            "where only the owner decides)",
        ),
        ('privilege p "P" { permanent tax +0 }', "a tax change of 0 has no effect"),
        ('craftsman c "C" { round 1 when you hir: gain 1 vp }', "unknown action 'hir' — did you mean 'hire'?"),
        ('event e "E" { when you hire: gain 1 vp }', "'when you <action>:' is not allowed on an event card"),
        ('event e "E" { now: if you own 0 gold: gain 1 vp }', "an amount must be a whole number from 1 to 30, not 0"),
        ('craftsman c "C" { round 1 cost 2 wood convert -> 1 vp }', "a cost cannot be wood; allowed: gold, vp"),
        ('craftsman c "C" { round 7 convert -> 1 vp }', "round must be 'start' or a number from 1 to 6, not 7"),
        (
            'craftsman c "C" { round 1 convert 31 wood -> 1 vp }',
            "an amount must be a whole number from 1 to 30, not 31",
        ),
        ('event e "E" { this round: yield 0 }', "a yield change of 0 has no effect"),
        (
            'craftsman c "C" { round 1 convert 1 wood + 2 wood -> 1 vp }',
            "'wood' appears twice in one list; write it once with the total",
        ),
        (
            'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 1, capacity 2 }',
            "'capacity' given twice in one conversion",
        ),
        ('event e "E" { round 2 now: gain 1 gold }', "'round' is not allowed on an event card"),
        ('event e "E" { convert 1 wood -> 1 vp }', "'convert' is not allowed on an event card"),
        ('privilege p "P" { permanent now: gain 1 gold }', "'now:' is not allowed on a privilege card"),
        ('resource r "R" { site forest yields 2 wood }', "resource card 'r' needs 'workers'"),
        ('craftsman c "C" { convert -> 1 vp }', "craftsman card 'c' needs 'round'"),
        ('privilege p "P" { gain 1 gold }', "privilege card 'p' needs 'permanent/once/immediate/for one round'"),
        ('event e "E" { harmful }', "event card 'e' has no abilities"),
        ('craftsman c "C" { round 1 round 2 convert -> 1 vp }', "'round' is given twice (first on line 1)"),
        ('privilege p "P" { once tax 2 }', "a 'once' privilege needs an 'on <window>:' ability"),
        (
            'privilege p "P" { immediate tax 2 }',
            "an 'immediate' privilege may only have effects that happen when it is gained (e.g. 'gain 8 gold')",
        ),
        (
            'privilege p "P" { permanent on tax: pay no tax }',
            "'on <window>:' abilities need a 'once' privilege, not 'permanent'",
        ),
        (
            'craftsman Mason "C" { round 1 convert -> 1 vp }',
            "card id 'Mason' must be lower_snake_case (lower-case letters, digits and '_')",
        ),
        ('event e "" { now: gain 1 gold }', "the card name must not be empty"),
    ],
)
def test_semantic_errors(text, message):
    assert only(text).message == message


@pytest.mark.parametrize(
    "text,message,column",
    [
        ('craftsman c "C" { round 1 cost gold }', "expected a number after 'cost', found 'gold'", 32),
        (
            'craftsman c "C" { round 1 covert 1 wood -> 1 vp }',
            "unknown statement 'covert' — did you mean 'convert'?",
            27,
        ),
        (
            'craftsman c "C" { round 1 convert 1 wood -> 1 vp, 1 gold }',
            "expected 'capacity', 'if' or 'needs' after ',', found '1'",
            51,
        ),
        ('event e "E" { now gain 1 gold }', "expected ':' after 'now', found 'gain'", 19),
        ('craftsman c "C { round 1 }', "unterminated name: a quoted name must end with '\"' on the same line", 13),
        ('craftsman c "C" { round 1 convert 1 wood -> 1 vp', "the card ends after 'vp' without its closing '}'", 49),
        ("craftsman c { round 1 }", "expected a quoted name like \"Mason\" after 'c', found '{'", 13),
        ('event e "E" { now: choose one: gain 1 gold }', "expected '|' after 'gold', found '}'", 44),
        ('event e "E" { now: gain 1 gold; }', "unexpected character ';'", 31),
    ],
)
def test_syntax_errors_in_plain_words(text, message, column):
    d = only(text)
    assert d.message == message
    assert (d.line, d.column) == (1, column)
    assert "Token" not in str(d) and "__ANON" not in str(d) and "$END" not in str(d)


def test_syntax_hint_for_comma_in_outputs():
    d = only('craftsman c "C" { round 1 convert 1 wood -> 1 vp, 1 gold }')
    assert d.hint == "join several inputs or outputs of a conversion with '+'"


def test_all_errors_in_one_run():
    text = """craftsman a "A" {
    round 1
    convert 2 stnoe -> 1 vp
}
craftsman b "B" {
    round 1
    cost gold
}
craftsman c "C" {
    round 1
    convert 1 wood -> 1 vp,
craftsman d "D" {
    round 1
    convert 1 wood -> 1 vpp
}
event e "E" { now: gain 1 gold }
"""
    ds = diags(text)
    assert [(d.line, d.message.split(" —")[0]) for d in ds] == [
        (3, "unknown resource 'stnoe'"),
        (7, "expected a number after 'cost', found 'gold'"),
        (12, "expected 'capacity', 'if' or 'needs' after ',', found 'craftsman'"),
        (14, "unknown resource 'vpp'"),
    ]


def test_errors_across_files_in_one_run(tmp_path):
    (tmp_path / "a.cards").write_text('event a "A" { now: gain 1 goldd }')
    (tmp_path / "b.cards").write_text('event b "B" { now: lose 1 vpp }')
    with pytest.raises(CardError) as info:
        load_paths([tmp_path])
    assert [d.file.rsplit("/", 1)[-1] for d in info.value.diagnostics] == ["a.cards", "b.cards"]


def test_missing_path_and_bad_encoding(tmp_path):
    (tmp_path / "bad.cards").write_bytes(b'event e "\xff" { now: gain 1 gold }')
    with pytest.raises(CardError) as info:
        load_paths([tmp_path / "bad.cards", tmp_path / "nope.cards"])
    msgs = sorted(d.message for d in info.value.diagnostics)
    assert msgs[0].startswith("card files must be UTF-8 text")
    assert msgs[1] == "no such card file or folder"


def test_parse_reports_syntax_only():
    with pytest.raises(CardError):
        parse('event e "E" { now: }')
    parse('event e "E" { now: gain 1 stnoe }')  # a name problem, found by the compiler


# ---- limits -------------------------------------------------------------------


def _quick(text: str) -> list[Diagnostic]:
    t = time.perf_counter()
    ds = diags(text)
    assert time.perf_counter() - t < 3
    return ds


def test_limit_file_size():
    (d,) = _quick("#" * (MAX_FILE_BYTES + 1))
    assert d.message == f"card file is too large (limit {MAX_FILE_BYTES} bytes)"


def test_limit_cards_per_file():
    card = 'event e{} "E" {{ now: gain 1 gold }}\n'
    ds = _quick("".join(card.format(i) for i in range(MAX_CARDS_PER_FILE + 5)))
    assert [d.message for d in ds] == [f"too many cards in one file (limit {MAX_CARDS_PER_FILE}); split the file"]
    assert ds[0].line == MAX_CARDS_PER_FILE + 1


def test_limit_nesting():
    deep = 'event e "E" { now: ' + "choose one: gain 1 gold | (" * 50 + "gain 1 gold" + ")" * 50 + "}"
    (d,) = _quick(deep)
    assert d.message.startswith(f"nested too deeply (limit {MAX_NESTING}")
    (d,) = _quick("{" * 200_000)
    assert d.message.startswith("nested too deeply")


def test_limit_huge_numbers_and_names():
    # (within MAX_CARD_CHARS: a longer card is refused before it is parsed)
    (d,) = _quick('craftsman c "C" { round 1 convert ' + "9" * 10_000 + " wood -> 1 vp }")
    assert d.message.startswith("an amount must be a whole number from 1 to 30, not 999")
    assert len(str(d)) < 400  # the number is not repeated in full
    (d,) = _quick("event " + "e" * 10_000 + ' "E" { now: gain 1 gold }')
    assert d.message == "card id is too long (10000 characters, limit 64)"
    (d,) = _quick("event " + "e" * 100_000 + ' "E" { now: gain 1 gold }')
    assert d.message.startswith("card is too long (100031 characters; limit 16384)")


def test_limit_number_of_diagnostics():
    ds = _quick("".join(f'event e{i} "E" {{ now: gain 1 goldd }}\n' for i in range(501)))
    assert len(ds) == MAX_DIAGNOSTICS + 1
    assert ds[-1].message.startswith("301 more errors not shown")


def _work(text: str) -> int:
    """Python function calls made while compiling ``text``: a deterministic
    measure of work (wall-clock time is left to the benchmark suite)."""
    from pillars_rules.cardlang import cache
    from pillars_rules.testing import count_calls

    cache.clear()  # the work of a compile, not of a look-up

    def compile_it():
        try:
            compile_text(text)
        except CardError:
            pass

    return count_calls(compile_it)


def test_compile_work_is_linear():
    """Eight times the text costs about eight times the work (quadratic would be 64x)."""
    card = 'craftsman c{} "C" {{ round 1 cost 5 gold convert 1 stone -> 1 vp, capacity 2 }}\n'
    small = "".join(card.format(i) for i in range(100))
    big = "".join(card.format(i) for i in range(800))
    _work(small)  # the parser is built and cached on first use
    ratio = _work(big) / _work(small)
    assert 6 < ratio < 10, ratio
    broken = "".join(f'event e{i} "E" {{ now: gain 1 goldd }}\n' for i in range(40))
    ratio = _work(broken * 8) / _work(broken)
    assert ratio < 10, ratio  # diagnostics are capped, so errors cost no more than cards


def test_pathological_inputs_never_raise_other_errors():
    for text in [
        '"' * 10_000,
        "}" * 10_000,
        "craftsman " * 10_000,
        "\x00\x01",
        'event e "E" { now: gain 1 gold } }',
        "->" * 1000,
        "# only a comment",
        "",
    ]:
        try:
            compile_text(text)
        except CardError:
            pass


def _syntax_diagnostics(chunk: str, text: str, line0: int, column0: int, cut_by=None) -> list[Diagnostic]:
    rep = Reporter("x.cards", text)
    with pytest.raises(UnexpectedInput) as info:
        lark_parser().parse(chunk)
    report_syntax_error(rep, info.value, chunk, line0, column0, cut_by)
    return rep.diagnostics


def test_report_syntax_error_places_a_block_error_in_the_file():
    """The seam the parser uses: Lark's error in one card block, at its place in the file."""
    text = '# two lines\n\n    event e "E" { now: gain gold }\n'
    (d,) = _syntax_diagnostics(text[text.index("event") :], text, 3, 5)
    assert (d.line, d.column) == (3, text.split("\n")[2].index("gold") + 1)
    assert d.message == "expected a number after 'gain', found 'gold'"
    text = 'event e "E" { now: gain\n\ncraftsman c "C" { round 1 }\n'
    block = text[: text.index("craftsman")]  # the first card, its '}' missing
    (d,) = _syntax_diagnostics(block, text, 1, 1)  # at the end: just after the last word
    assert (d.line, d.column, d.message) == (1, 24, "the text ends too early: expected a number after 'gain'")
    (d,) = _syntax_diagnostics(block, text, 1, 1, cut_by=(3, 1, "craftsman"))  # cut short by a header
    assert (d.line, d.column, d.message) == (3, 1, "expected a number after 'gain', found 'craftsman'")
