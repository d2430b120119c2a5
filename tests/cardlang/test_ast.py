"""A field's value is what the parser's rule for the field makes it: the
compiler and the formatter read it through ast.one, each, pair and pairs,
which check that and say which field broke it."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import ast, parse

PLACE = """place dock "The Dock" {
    spots 2
    spot 1: gain 1 wood
    selling sand 2, wood 3
    step market
    stock 2 sand, 2 wood
}
"""


def _fields(text: str) -> dict[str, ast.Field]:
    (card,) = parse(text).cards
    return {f.name: f for f in card.fields}


def test_the_accessors_give_what_the_parser_made():
    f = _fields(PLACE)
    assert ast.one(f["spots"], ast.Num).text == "2"
    assert ast.one(f["step"], ast.Name).text == "market"
    spot, effect = ast.pair(f["spot"], ast.Num, ast.Effect)
    assert (spot.text, effect.registry) == ("1", "Gain")
    assert [(n.text, p.text) for n, p in ast.pairs(f["selling"], ast.Name, ast.Num)] == [("sand", "2"), ("wood", "3")]
    assert [a.kind.text for a in ast.each(f["stock"], ast.AmountNode)] == ["sand", "wood"]
    g = _fields('craftsman c "C" {\n    round 1\n    tags a, b\n    convert 1 wood -> 1 vp\n}')
    assert [t.text for t in ast.each(g["tags"], ast.Name)] == ["a", "b"]
    assert ast.one(g["round"], ast.Num).value == 1


def test_a_tree_that_breaks_the_rule_is_a_type_error_naming_the_field():
    f = _fields(PLACE)
    with pytest.raises(TypeError, match="field 'spots' holds Num, not Name"):
        ast.one(f["spots"], ast.Name)
    with pytest.raises(TypeError, match="field 'spots'.*not a list of Num"):
        ast.each(f["spots"], ast.Num)
    with pytest.raises(TypeError, match="field 'stock'.*not a list of Name"):
        ast.each(f["stock"], ast.Name)
    with pytest.raises(TypeError, match="field 'selling'.*not a list of Num, Name pairs"):
        ast.pairs(f["selling"], ast.Num, ast.Name)
    with pytest.raises(TypeError, match="field 'spot'.*not a Name, Effect pair"):
        ast.pair(f["spot"], ast.Name, ast.Effect)
    with pytest.raises(TypeError, match="field 'cost'.*not a list of AmountNode"):
        ast.each(ast.Field("cost", (ast.Num("2"),)), ast.AmountNode)
