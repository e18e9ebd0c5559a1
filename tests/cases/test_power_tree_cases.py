"""Rule cases for Power Trees (tales.rules.power_tree).

Glossary entries: Power Tree ("Steps to Use the Power Tree"), Power Token, Debuff Token.
Most rows use the sample tree ``TREE`` below (an original sample, not a printed tree)::

        e (toughness) ---- f (reset, overcharge)
        |                  |
        c (shield, evade)  d (damage_boost 2)
        |                  |
        a (bottom: shield) b (bottom: hitback)

Lines: a-c, c-e, e-f, f-d, d-b. The b-d line is written on ``d`` only, to check that lines
are undirected. Every expected value was worked out by hand from the row's passage.
"""

from __future__ import annotations

import re
from textwrap import dedent
from typing import Any

import pytest

from tales.board.figures import Token
from tales.board.mapfile import LineFinder, read_toml
from tales.errors import ContentError, IllegalChoice
from tales.rules.decisions import Decider, Decision, all_outcomes, resolve
from tales.rules.power_tree import (
    PowerTree,
    check_steps,
    choose_steps,
    collect,
    legal_steps,
    parse_power_tree,
    read_power_tree,
)

from ._build import Rule, case

HERO = "kaylin"

TREE_TEXT = """\
[[power_tree.spaces]]
id = "a"
bottom = true
tokens = { shield = 1 }
links = ["c"]

[[power_tree.spaces]]
id = "b"
bottom = true
tokens = { hitback = 1 }

[[power_tree.spaces]]
id = "c"
tokens = { shield = 1, evade = 1 }
links = ["e"]

[[power_tree.spaces]]
id = "d"
tokens = { damage_boost = 2 }
links = ["b", "f"]

[[power_tree.spaces]]
id = "e"
tokens = { toughness = 1 }
links = ["f"]

[[power_tree.spaces]]
id = "f"
tokens = { reset = 1, overcharge = 1 }
"""

TREE: PowerTree = read_power_tree(TREE_TEXT, "sample-tree.toml")

STEPS = "Steps to Use the Power Tree"
OTHER_BOTTOM = "a) The other bottom space, or"
CONNECTED = "b) A space connected by a line to an already chosen space."
NO_TWICE = "You may not choose the same space more than once."
ONE_STEP = "Spaces that grant more than one Power Token still count as one step."


# --- legal_steps: where the next step may go ----------------------------------------------

LEGAL = [
    case("tree-first-step-is-a-bottom-space", "before any step only the two bottom spaces",
         "Power Tree", "Begin by choosing one of the two bottom spaces on the tree.",
         (), ["a", "b"]),
    case("tree-second-step-may-be-the-other-bottom", "after a: the other bottom space b, or c "
         "connected to a",
         "Power Tree", OTHER_BOTTOM,
         ("a",), ["b", "c"]),
    case("tree-lines-are-undirected", "after b: d, whose line to b is written on d only",
         "Power Tree", CONNECTED,
         ("b",), ["a", "d"]),
    case("tree-connected-to-any-chosen-space", "after a, c: e (line to c) and b; not d or f",
         "Power Tree", CONNECTED,
         ("a", "c"), ["b", "e"]),
    case("tree-both-starting-spots", "after both bottoms: up either branch, c or d",
         "Power Tree", "other times you may take both starting spots and move up multiple "
         "branches simultaneously.",
         ("a", "b"), ["c", "d"]),
    case("tree-chosen-spaces-are-not-offered", "after a, c, e: f (line to e) and b; a, c, e "
         "are not offered again",
         "Power Tree", NO_TWICE,
         ("a", "c", "e"), ["b", "f"]),
    case("tree-down-the-other-branch", "after a, c, e, f: d by its line to f, and b",
         "Power Tree", CONNECTED,
         ("a", "c", "e", "f"), ["b", "d"]),
    case("tree-full-tree-has-no-step", "every space chosen: no step is left",
         "Power Tree", NO_TWICE,
         ("a", "c", "e", "f", "d", "b"), []),
]


@pytest.mark.parametrize(("rule", "chosen", "expected"), LEGAL)
def test_legal_steps(rule: Rule, chosen: tuple[str, ...], expected: list[str]) -> None:
    assert legal_steps(TREE, chosen) == expected, rule


# --- check_steps: whole sequences ----------------------------------------------------------

CHECK = [
    case("tree-first-step-not-bottom-refused", "starting on c is refused",
         "Power Tree", "Begin by choosing one of the two bottom spaces on the tree.",
         ("c",), "step 1: 'c' is not a bottom space"),
    case("tree-unconnected-step-refused", "a then e: e has no line to a, and is not a bottom",
         "Power Tree", CONNECTED,
         ("a", "e"), "step 2: 'e' is neither the other bottom space nor connected"),
    case("tree-repeat-refused", "a, c, a: a is chosen twice",
         "Power Tree", NO_TWICE,
         ("a", "c", "a"), "step 3: 'a' was already chosen"),
    case("tree-unknown-space-refused", "a space the tree does not have",
         "Power Tree", "Each Hero has their own Power Tree, an oversize card with spaces that "
         "grant one or more Power Tokens.",
         ("a", "z"), "'z' is not a space of this Power Tree"),
    case("tree-both-branches-legal", "b, a, c, d, f, e is a legal order",
         "Power Tree", "Each subsequent step must either be:",
         ("b", "a", "c", "d", "f", "e"), None),
]


@pytest.mark.parametrize(("rule", "steps", "refusal"), CHECK)
def test_check_steps(rule: Rule, steps: tuple[str, ...], refusal: str | None) -> None:
    if refusal is None:
        check_steps(TREE, steps)
        return
    with pytest.raises(IllegalChoice) as refused:
        check_steps(TREE, steps)
    assert refusal in str(refused.value), rule
    with pytest.raises(IllegalChoice):
        collect(TREE, steps)


# --- collect: the tokens that go to the supply ---------------------------------------------

COLLECT = [
    case("tree-collect-sums-tokens", "a and c: Shield 1 + Shield 1, Evade 1",
         "Power Tree", "transfer all Power Tokens from your tree to the supply near your Hero "
         "mat.",
         ("a", "c"), {"evade": 1, "shield": 2}),
    case("tree-collect-counts-multi-token-spaces", "b, d, f: Hitback 1, Damage Boost 2, "
         "Reset 1, Overcharge 1",
         "Power Tree", ONE_STEP,
         ("b", "d", "f"), {"damage_boost": 2, "hitback": 1, "overcharge": 1, "reset": 1}),
    case("tree-collect-nothing-chosen", "no steps: no tokens",
         "Power Tree", "Cover each chosen space with the Power Tokens it grants to keep track "
         "of your selections.",
         (), {}),
]


@pytest.mark.parametrize(("rule", "chosen", "expected"), COLLECT)
def test_collect(rule: Rule, chosen: tuple[str, ...], expected: dict[str, int]) -> None:
    assert {t.value: n for t, n in collect(TREE, chosen).items()} == expected, rule


# --- choose_steps: one PLAYER Decision per step --------------------------------------------

CHOOSE = [
    case("tree-choose-two-steps", "2 steps: asked a|b, then b|c; c grants two tokens and is "
         "one step",
         "Power Tree", ONE_STEP,
         2, ["a", "c"], [("a", "b"), ("b", "c")], ("a", "c"), {"evade": 1, "shield": 2}),
    case("tree-choose-stops-when-tree-runs-out", "8 steps on a 6-space tree: 6 steps; the "
         "last, with one option, is not asked",
         "Power Tree", "Decrease Difficulty: If the scenario is too difficult, try taking more "
         "steps on the Power Tree.",
         8, ["a", "b", "c", "d", "e"],
         [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("e", "f")],
         ("a", "b", "c", "d", "e", "f"),
         {"damage_boost": 2, "evade": 1, "hitback": 1, "overcharge": 1, "reset": 1,
          "shield": 2, "toughness": 1}),
    case("tree-choose-zero-steps", "0 steps: nothing asked, nothing collected",
         "Power Tree", "Increase Difficulty: Play the scenario again with each Hero taking "
         "fewer steps on their Power Tree than suggested.",
         0, [], [], (), {}),
    case("tree-choose-one-step", "1 step: only a bottom space is offered",
         "Power Tree", "The scenario book will specify the number of steps each Hero takes on "
         "their Power Tree.",
         1, ["b"], [("a", "b")], ("b",), {"hitback": 1}),
]


@pytest.mark.parametrize(
    ("rule", "steps", "answers", "asked", "expected", "tokens"), CHOOSE)
def test_choose_steps(rule: Rule, steps: int, answers: list[str],
                      asked: list[tuple[str, ...]], expected: tuple[str, ...],
                      tokens: dict[str, int]) -> None:
    queue = list(answers)
    questions: list[tuple[Any, ...]] = []

    def choose(decision: Decision[Any]) -> Any:
        assert (decision.kind, decision.decider, decision.figure) == (
            "power-tree-step", Decider.PLAYER, HERO)
        questions.append(decision.options)
        return queue.pop(0)

    chosen = resolve(choose_steps(TREE, steps, HERO), choose)
    collected = {t.value: n for t, n in collect(TREE, chosen).items()}
    assert (questions, chosen, collected, queue) == (asked, expected, tokens, []), rule


OUTCOMES = [
    case("tree-every-two-step-choice", "2 steps: a b, a c, b a, b d",
         "Power Tree", OTHER_BOTTOM,
         2, [("a", "b"), ("a", "c"), ("b", "a"), ("b", "d")]),
    case("tree-every-three-step-choice", "3 steps: eight ways, by hand from the drawing",
         "Power Tree", CONNECTED,
         3, [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "b"), ("a", "c", "e"),
             ("b", "a", "c"), ("b", "a", "d"), ("b", "d", "a"), ("b", "d", "f")]),
]


@pytest.mark.parametrize(("rule", "steps", "expected"), OUTCOMES)
def test_every_way_up_the_tree(rule: Rule, steps: int, expected: list[tuple[str, ...]]
                               ) -> None:
    results = [result for _, result in all_outcomes(lambda: choose_steps(TREE, steps, HERO))]
    assert results == expected, rule


def test_a_wrong_answer_is_refused() -> None:
    with pytest.raises(IllegalChoice):
        resolve(choose_steps(TREE, 1, HERO), lambda decision: "c")


# --- loading: every bad tree is one error naming the file, the line and the entry ---------

TWO_BOTTOMS = """\
[[power_tree.spaces]]
id = "a"
bottom = true
tokens = { shield = 1 }
[[power_tree.spaces]]
id = "b"
bottom = true
tokens = { evade = 1 }
"""


def third(*lines: str) -> str:
    """TWO_BOTTOMS and a third space: its header is line 9, its keys lines 10, 11, ..."""
    return TWO_BOTTOMS + "[[power_tree.spaces]]\n" + "".join(f"{x}\n" for x in lines)


LOAD = [
    case("tree-load-one-bottom", "one bottom space: refused at the first space",
         "Power Tree", "Begin by choosing one of the two bottom spaces on the tree.",
         '[[power_tree.spaces]]\nid = "a"\nbottom = true\ntokens = { shield = 1 }\nlinks = '
         '["b"]\n[[power_tree.spaces]]\nid = "b"\ntokens = { evade = 1 }\n',
         1, "exactly two bottom spaces (bottom = true); found 'a'"),
    case("tree-load-three-bottoms", "a third bottom space: refused at its 'bottom' line",
         "Power Tree", "Begin by choosing one of the two bottom spaces on the tree.",
         third('id = "c"', "bottom = true", "tokens = { reset = 1 }"),
         11, "entry 3 ('c'): a third bottom space"),
    case("tree-load-duplicate-id", "two spaces called a: refused at the second's id",
         "Power Tree", NO_TWICE,
         third('id = "a"', "tokens = { shield = 1 }", 'links = ["b"]'),
         10, "entry 3 ('a'): id 'a' is already a space"),
    case("tree-load-link-to-nothing", "a line to a space the tree does not have",
         "Power Tree", CONNECTED,
         third('id = "c"', "tokens = { shield = 1 }", 'links = ["a", "x"]'),
         12, "entry 3 ('c'): links to 'x', which is not a space"),
    case("tree-load-self-link", "a line from a space to itself",
         "Power Tree", CONNECTED,
         third('id = "c"', "tokens = { shield = 1 }", 'links = ["c", "a"]'),
         12, "entry 3 ('c'): links to itself"),
    case("tree-load-unknown-token", "gold is no Power Token",
         "Power Token", "Types: Damage Boost, Evade, Hitback, Overcharge, Reset, Shield, "
         "Toughness.",
         third('id = "c"', "tokens = { gold = 1 }", 'links = ["a"]'),
         11, "entry 3 ('c'): unknown Power Token 'gold'"),
    case("tree-load-debuff-token", "a Stun Token is a Debuff Token, not a Power Token",
         "Debuff Token", "Includes Weaken Tokens and Stun Tokens.",
         third('id = "c"', "tokens = { stun = 1 }", 'links = ["a"]'),
         11, "'stun' is a Debuff Token, not a Power Token"),
    case("tree-load-zero-tokens", "a space granting 0 Shields grants nothing: refused",
         "Power Tree", "Each Hero has their own Power Tree, an oversize card with spaces that "
         "grant one or more Power Tokens.",
         third('id = "c"', "tokens = { shield = 0 }", 'links = ["a"]'),
         11, "shield: the count must be a whole number, 1 or more"),
    case("tree-load-no-tokens", "a space with an empty token table: refused",
         "Power Tree", "Each Hero has their own Power Tree, an oversize card with spaces that "
         "grant one or more Power Tokens.",
         third('id = "c"', "tokens = {}", 'links = ["a"]'),
         11, "'tokens' must be a table of Power Tokens"),
    case("tree-load-unreachable-space", "a space with no line to the rest can never be chosen",
         "Power Tree", "Each subsequent step must either be:",
         third('id = "c"', "tokens = { shield = 1 }"),
         9, "entry 3 ('c'): cannot be reached from a bottom space"),
    case("tree-load-unknown-key", "a misspelt key: refused at its line",
         "Power Tree", ONE_STEP,
         third('id = "c"', "tokens = { shield = 1 }", 'links = ["a"]', "steps = 2"),
         13, "entry 3 ('c'): unknown key 'steps'"),
    case("tree-load-no-id", "a space without an id: refused at its header",
         "Power Tree", NO_TWICE,
         third("tokens = { shield = 1 }", 'links = ["a"]'),
         9, "entry 3: needs an 'id'"),
]


@pytest.mark.parametrize(("rule", "text", "line", "message"), LOAD)
def test_bad_tree_is_refused(rule: Rule, text: str, line: int, message: str) -> None:
    with pytest.raises(ContentError) as refused:
        read_power_tree(text, "bad-tree.toml")
    error = refused.value
    assert (error.source, error.line) == ("bad-tree.toml", line), rule
    assert str(error).startswith(f"bad-tree.toml:{line}: power_tree"), rule
    assert message in str(error), rule
    assert "\n" not in str(error)


def test_the_sample_tree_reads_back() -> None:
    assert [s.id for s in TREE.spaces] == ["a", "b", "c", "d", "e", "f"]
    assert TREE.bottoms == ("a", "b")
    assert TREE.space("b").links == frozenset({"d"})
    assert TREE.space("f").links == frozenset({"d", "e"})
    assert TREE.space("c").tokens == {Token.SHIELD: 1, Token.EVADE: 1}


def test_a_tree_inside_another_file() -> None:
    text = dedent("""\
        name = "Kaylin"

        [[heroes.kaylin.power_tree.spaces]]
        id = "a"
        bottom = true
        tokens = { shield = 1 }

        [[heroes.kaylin.power_tree.spaces]]
        id = "b"
        bottom = true
        tokens = { evade = 1 }

        [[heroes.kaylin.power_tree.spaces]]
        id = "c"
        tokens = { reset = 1 }
        links = ["a", "q"]
        """)
    table = read_toml(text, "kaylin.toml")["heroes"]["kaylin"]["power_tree"]
    with pytest.raises(ContentError) as refused:
        parse_power_tree(table, "kaylin.toml", LineFinder(text), "heroes.kaylin.power_tree")
    assert str(refused.value) == (
        "kaylin.toml:16: heroes.kaylin.power_tree.spaces entry 3 ('c'): links to 'q', which "
        "is not a space of this tree")


def test_a_file_without_spaces_is_refused() -> None:
    with pytest.raises(ContentError, match=re.escape("needs [[power_tree.spaces]] tables")):
        read_power_tree("", "empty.toml")
    with pytest.raises(ContentError, match=re.escape("needs [[power_tree.spaces]] tables")):
        read_power_tree("[power_tree]\n", "empty.toml")
    with pytest.raises(ContentError, match=re.escape("other.toml:1: unknown key 'hero'")):
        read_power_tree('hero = "x"\n', "other.toml")
