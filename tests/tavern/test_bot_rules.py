"""Issue 43: the greedy tavern bot has a rule of thumb for every kind of Decision the rules
ask a player. The kinds are read from the code (every ``Decision("kind", ...)`` of
``tales/tavern/rdi``, and the kinds passed to the helpers that ask one for their caller,
such as ``one_of``), not listed by hand, so a new kind without a rule fails here."""

from __future__ import annotations

import ast
from pathlib import Path

from tales.tavern.rdi import bots

RULES = Path(__file__).resolve().parents[2] / "tales" / "tavern" / "rdi"


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else \
        func.attr if isinstance(func, ast.Attribute) else ""


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's names bound to a string at its top (``PLOT = "plot"``)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


def _chance(call: ast.Call) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "CHANCE" for n in ast.walk(call))


def decision_kinds() -> dict[str, set[str]]:
    """Every kind of player Decision the rules ask, with the modules asking it."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in RULES.rglob("*.py")}
    # helpers that ask a Decision of the kind their caller gives: (name, its position)
    forward: dict[str, int] = {"Decision": 0}
    changed = True
    while changed:
        changed = False
        for tree in trees.values():
            for func in ast.walk(tree):
                if not isinstance(func, ast.FunctionDef) or func.name in forward:
                    continue
                params = [a.arg for a in func.args.args]
                if "kind" not in params:
                    continue
                for call in ast.walk(func):
                    if isinstance(call, ast.Call) and _name(call.func) in forward:
                        at = forward[_name(call.func)]
                        if len(call.args) > at and isinstance(call.args[at], ast.Name) \
                                and call.args[at].id == "kind":
                            forward[func.name] = params.index("kind")
                            changed = True
                            break
    kinds: dict[str, set[str]] = {}
    for path, tree in trees.items():
        names = _constants(tree)
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call) or _name(call.func) not in forward \
                    or _chance(call):
                continue
            at = forward[_name(call.func)]
            if len(call.args) <= at:
                continue
            arg = call.args[at]
            kind = arg.value if isinstance(arg, ast.Constant) else \
                names.get(arg.id) if isinstance(arg, ast.Name) else None
            if isinstance(kind, str):
                kinds.setdefault(kind, set()).add(path.stem)
    return kinds


def test_the_kinds_are_found() -> None:
    """The reading finds kinds asked directly, through a helper, and by a named constant."""
    kinds = decision_kinds()
    assert {"action", "respond", "target"} <= set(kinds)
    assert "brew" in kinds  # farai: one_of(tavern, name, "brew", ...)
    assert "give" in kinds  # handdeck.picks(..., "give", ...)
    assert "plot" in kinds  # petra: Decision(PLOT, ...)
    assert "trap" not in kinds  # alaric's is chance's
    assert len(kinds) > 60


def test_the_greedy_bot_has_a_rule_for_every_kind() -> None:
    missing = sorted(set(decision_kinds()) - bots.RULED)
    assert not missing, f"the greedy bot has no rule of thumb for {missing}"
