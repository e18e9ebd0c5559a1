"""A figure's card, for hovering it in the window and for the terminal's board: who it is,
its Fortitude left of its side's, its tokens and keywords, and for a Schemer its group's
Scheme this round, in the game's words (issue 38, "know every figure at a glance")."""

from __future__ import annotations

from collections.abc import Mapping

from tales.board.figures import Figure, Role
from tales.board.position import Position
from tales.engine.content import Context
from tales.engine.state import GameState

#: What each kind of figure is called.
KINDS = {Role.HERO: "Hero", Role.ALLY: "Ally", Role.ILLUSION: "Illusion", Role.POOKY: "Pooky",
         Role.COMPANION: "Companion", Role.SCHEMER: "Schemer", Role.BOSS: "Boss"}


def tokens_text(figure: Figure) -> str:
    """A figure's tokens in the rulebook's words: ``1 Damage Boost Token, 2 Evade
    Tokens``."""
    return ", ".join(f"{n} {t.rule_name}{'' if n == 1 else 's'}" for t, n in figure.tokens
                     if n)


def figure_card(figure: Figure, groups: Mapping[str, str] = {},
                schemes: Mapping[str, str] = {}, destructibles: Mapping[str, str] = {}
                ) -> list[str]:
    """The figure's card, a line each: its name and kind (its group's name for a
    Schemer: ``groups``, id to name), its side and Fortitude left, its tokens, keywords,
    and its group's Scheme this round (``schemes``). ``destructibles``: the scenario's
    Destructible features by id, named as such."""
    if figure.id in destructibles:
        head = f"{destructibles[figure.id]} (Destructible feature)"
    elif figure.group:
        head = f"{figure.id}: {groups.get(figure.group, figure.group)}"
        if figure.kind is Role.BOSS:
            head += ", a Boss"
    else:
        head = f"{figure.id} ({KINDS.get(figure.kind, figure.kind.value)})"
        if figure.owner:
            head += f", {figure.owner}'s"
    lines = [head]
    if figure.fortitude is not None:
        side = ("Recovery side" if figure.recovering else
                "Wounded side" if figure.wounded else
                "Fresh side" if figure.wounded_fortitude is not None else "")
        left = f"Fortitude {figure.remaining_fortitude} of {figure.fortitude} left"
        lines.append(f"{side}, {left}" if side else left)
    elif figure.kind is Role.POOKY:
        lines.append("cannot take damage")
    if figure.tokens:
        lines.append("tokens: " + tokens_text(figure))
    words = sorted(k.value for k in figure.keywords)
    words += [f"Immune to {x.capitalize()}" for x in sorted(figure.immune)]
    if words:
        lines.append(", ".join(words))
    if figure.group and figure.group in schemes:
        lines.append(f"its Scheme this round: {schemes[figure.group]}")
    return lines


def group_names(ctx: Context) -> dict[str, str]:
    """Each Schemer group's name as its Scheme Block gives it, and each Destructible
    feature's as the scenario gives it, by id (for the legend and the cards)."""
    names = {g: s.block.name for g, s in ctx.scenario.groups.items()}
    names.update({d.id: d.name for d in ctx.scenario.destructibles})
    return names


def cards(ctx: Context, state: GameState | None, position: Position,
          space: int | None = None) -> list[tuple[Figure, list[str]]]:
    """Each figure's card in a game (of those on ``space`` when given): its group named as
    the scenario names it, the Schemes rolled this round (``state``), the scenario's
    Destructible features named as such."""
    scenario = ctx.scenario
    names = group_names(ctx)
    schemes = dict(state.schemes) if state is not None else {}
    things = {d.id: d.name for d in scenario.destructibles}
    return [(f, figure_card(f, names, schemes, things)) for f in position.figures
            if space is None or space in position.spaces_of(f)]
