"""Damage, prevention, Wounded and Defeated, Heal, and tokens given to figures.

Glossary entries: Fortitude, Fresh, Wounded, Defeated, Boss, Heal X, Shield Token,
Toughness Token, Big Bad, Weaken X, Stun Token, Disarm X. Prevention by a Schemer is
automatic (Toughness first, keeping Shields; else Shields until the damage is 0); a
player-controlled figure's player decides (Decisions).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from tales.board.figures import DEBUFF_TOKENS, POWER_TOKENS, Figure, Keyword, Role, Side, Token
from tales.board.position import Position
from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution


@dataclass(frozen=True, slots=True)
class Prevented:
    """What a figure spent against one instance of damage, and what got through."""

    figure: str
    incoming: int
    toughness: bool
    shields: int
    dealt: int


@dataclass(frozen=True, slots=True)
class Damaged:
    """Damage a figure took: ``lost`` Fortitude; ``wounded``/``defeated`` if it flipped/fell."""

    figure: str
    amount: int
    lost: int
    wounded: bool = False
    defeated: bool = False


def controlled_by_players(figure: Figure) -> bool:
    """Player-controlled figures choose their own prevention (Heroes' side)."""
    return figure.side is _HEROES


def decider_for(figure: Figure) -> Decider:
    """Who makes the choices of (or on behalf of) ``figure``: its player for the Heroes'
    side, the players together ("players choose") for a Schemer."""
    return Decider.PLAYER if controlled_by_players(figure) else Decider.TABLE


def prevent_schemer(figure: Figure, amount: int) -> tuple[Figure, Prevented]:
    """A Schemer's automatic prevention (Toughness Token, Shield Token 2)."""
    tokens = dict(figure.tokens)
    if amount <= 0:
        return figure, Prevented(figure.id, amount, False, 0, 0)
    if tokens.get(Token.TOUGHNESS, 0) > 0:
        tokens[Token.TOUGHNESS] -= 1
        return figure.with_tokens(tokens), Prevented(figure.id, amount, True, 0, 0)
    shields = min(tokens.get(Token.SHIELD, 0), math.ceil(amount / 2))
    if shields:
        tokens[Token.SHIELD] -= shields
    dealt = max(amount - 2 * shields, 0)
    return figure.with_tokens(tokens), Prevented(figure.id, amount, False, shields, dealt)


def spend_tokens(position: Position, holders: list[str], token: Token, count: int) -> Position:
    """Discard ``count`` tokens, from the first holder that has them onward."""
    for holder in holders:
        if count <= 0:
            break
        figure = position.figure(holder)
        tokens = dict(figure.tokens)
        take = min(tokens.get(token, 0), count)
        if take:
            tokens[token] -= take
            count -= take
            position = position.with_figure(figure.with_tokens(tokens))
    return position


def token_holders(position: Position, figure: Figure) -> list[str]:
    """Whose Power Tokens ``figure`` may spend: its own, then those of the figure
    controlling it (its ``owner``: an Ally's Hero, Eve for her Illusions, Zot for Pooky).

    Shield Token 3: "Shield Tokens can be used to protect any figures the player controls,
    including summoned figures and Allies"; Damage Boost Token: "Can be used by Heroes and
    their controlled figures"; Appendix A: "Eve can spend her Power Tokens to defend or
    augment Illusions"; Appendix B: "Allies may spend your Hero's Power Tokens, but
    Companions may only spend their own" (a Companion has no owner).
    """
    holders = [figure.id]
    if figure.owner is not None and figure.owner in {f.id for f in position.figures}:
        holders.append(figure.owner)
    return holders


def held(position: Position, figure_id: str, token: Token) -> int:
    """How many ``token`` the figure may spend: its own and its controller's."""
    count = 0  # a loop over one or two holders: cheaper than sum over a generator
    for holder in token_holders(position, position.figure(figure_id)):
        count += position.figure(holder).token(token)
    return count


def prevent(
    position: Position, figure_id: str, amount: int, what: str
) -> Resolution[tuple[Position, Prevented]]:
    """Prevention before damage is dealt: automatic for Schemers, asked of players."""
    figure = position.figure(figure_id)
    if not controlled_by_players(figure):
        figure, done = prevent_schemer(figure, amount)
        return position.with_figure(figure), done
    if amount <= 0 or untouchable(figure):  # no token is spent on damage it cannot take
        return position, Prevented(figure.id, amount, False, 0, 0)
    holders = token_holders(position, figure)

    def count(token: Token) -> int:
        return held(position, figure.id, token)

    if count(Token.TOUGHNESS) > 0:
        use = yield Decision(
            "toughness", f"{figure.id} would take {amount} damage ({what}): discard a "
            "Toughness Token to prevent it?", (False, True), Decider.PLAYER, figure.id)
        if use:
            position = spend_tokens(position, holders, Token.TOUGHNESS, 1)
            return position, Prevented(figure.id, amount, True, 0, 0)
    shields = 0
    useful = min(count(Token.SHIELD), math.ceil(amount / 2))
    if useful:
        whose = [h for h in holders if position.figure(h).token(Token.SHIELD)]
        of = "" if whose == [figure.id] else f" of {' and '.join(whose)}'s"
        shields = yield Decision(
            "shields", f"{figure.id} would take {amount} damage ({what}): discard how many "
            f"Shield Tokens{of} (-2 each)?", tuple(range(useful + 1)), Decider.PLAYER,
            figure.id)
        position = spend_tokens(position, holders, Token.SHIELD, shields)
    dealt = max(amount - 2 * shields, 0)
    return position, Prevented(figure.id, amount, False, shields, dealt)


def untouchable(figure: Figure) -> bool:
    """Pooky "cannot take damage" (Appendix A); nor Otto in Recovery Mode (Appendix B)."""
    return figure.kind is Role.POOKY or figure.recovering


def deal(position: Position, figure_id: str, amount: int) -> tuple[Position, Damaged]:
    """Deal damage already past prevention: Wounded flip or Defeated (glossary: Wounded).

    A Fresh figure with a Wounded side flips when its damage reaches its Fortitude; the
    excess is ignored and a Boss gets its Toughness Tokens back. A figure without one is
    Defeated when its damage reaches its Fortitude; it stays on the map until
    :func:`remove_defeated` (Appendix C, step 5).
    """
    figure = position.figure(figure_id)
    if amount <= 0 or untouchable(figure):
        return position, Damaged(figure.id, 0, 0)
    damage = figure.damage + amount
    fortitude = figure.fortitude
    if fortitude is None or damage < fortitude:
        return position.with_figure(evolve(figure, damage=damage)), Damaged(
            figure.id, amount, amount)
    lost = fortitude - figure.damage
    if figure.wounded_fortitude is not None and not figure.wounded:
        flipped = evolve(figure, damage=0, wounded=True, fortitude=figure.wounded_fortitude,
                          wounded_fortitude=None)
        if figure.toughness_refresh:
            tokens = dict(flipped.tokens)
            tokens[Token.TOUGHNESS] = max(tokens.get(Token.TOUGHNESS, 0),
                                          figure.toughness_refresh)
            flipped = flipped.with_tokens(tokens)
        return position.with_figure(flipped), Damaged(figure.id, amount, lost, wounded=True)
    return position.with_figure(evolve(figure, damage=damage)), Damaged(
        figure.id, amount, lost, defeated=True)


def prevent_and_deal(
    position: Position, figure_id: str, amount: int, what: str
) -> Resolution[tuple[Position, Damaged]]:
    """One instance of damage from ``what``: prevention (automatic or asked), then dealt,
    then Resistant (:func:`spring_unprotected`)."""
    position, _, hurt, _ = yield from take_damage(position, figure_id, amount, what)
    return position, hurt


def take_damage(
    position: Position, figure_id: str, amount: int, what: str
) -> Resolution[tuple[Position, Prevented, Damaged, list[str]]]:
    """:func:`prevent_and_deal` with what was prevented and the Traps sprung (as lines)."""
    before = position
    position, stopped = yield from prevent(position, figure_id, amount, what)
    position, hurt = deal(position, figure_id, stopped.dealt)
    position, sprung = yield from spring_unprotected(before, position)
    return position, stopped, hurt, sprung


def spring_unprotected(before: Position, after: Position
                       ) -> Resolution[tuple[Position, list[str]]]:
    """Resistant: "Triggers Trap if on it when losing the last token." Every Resistant
    figure that had Shield or Toughness Tokens in ``before`` and has none in ``after``
    springs the Trap it stands on, however the tokens went (spent against damage of any
    source, its own or by a figure it controls, or Disarmed). Lines for the log."""
    # spaces builds on this module (a space's damage is prevented and dealt here)
    from tales.rules.spaces import lost_last_protection, spring_trap

    was = {f.id: f for f in before.figures}
    lines: list[str] = []
    for figure in after.figures:
        if figure.id in was and lost_last_protection(was[figure.id], figure):
            after, events = yield from spring_trap(after, figure.id)
            lines.extend(f"{figure.id} lost its last token on a Trap: it takes {e.damage}"
                         for e in events)
    return after, lines


def is_defeated(figure: Figure) -> bool:
    """Damage equals or exceeds Fortitude (glossary: Defeated)."""
    return figure.fortitude is not None and figure.damage >= figure.fortitude


def remove_if_defeated(position: Position, figure_id: str) -> tuple[Position, bool]:
    """Remove ``figure_id`` at once if it is Defeated (glossary: Defeated, "Figure is removed
    from the map"); True if it was. A Solo Mode Companion is not removed: "If Defeated,
    remove all damage and flip to" its Recovery side (Appendix B, Otto and Pooky)."""
    figure = position.figure(figure_id)
    if not is_defeated(figure):
        return position, False
    if figure.recovery is not None and not figure.recovering:
        return position.with_figure(recover_side(figure)), True
    return position.without_figure(figure.id), True


def remove_defeated(position: Position) -> tuple[Position, list[str]]:
    """Remove every Defeated figure from the map (Appendix C, step 5); the ids removed (a
    Companion flipped to its Recovery side stays, and is not listed)."""
    gone = []
    for figure in position.figures:
        if not is_defeated(figure):  # most are not: no lookup (issue 19); only a
            continue  # Defeated one changes the position, so the others stand as read
        position, defeated = remove_if_defeated(position, figure.id)
        if defeated and not position.has_figure(figure.id):
            gone.append(figure.id)
    return position, gone


class LeastFortitude(StrEnum):
    """What "the Foe with the least remaining Fortitude" counts (flag ``least_fortitude``,
    docs/rules-decisions.md)."""

    SIDE_SHOWING = "side-showing"  # the side face up: Fortitude printed there less damage
    BOTH_SIDES = "both-sides"  # a Fresh figure's Wounded side counts too


def fortitude_left(figure: Figure, reading: LeastFortitude = LeastFortitude.SIDE_SHOWING
                   ) -> int | None:
    """Fortitude ``figure`` has left (None without Fortitude); with ``BOTH_SIDES`` a Fresh
    figure's Wounded side is added (glossary: Wounded, two "health bars")."""
    left = figure.remaining_fortitude
    if left is None or reading is _SIDE_SHOWING:
        return left
    if not figure.wounded and figure.wounded_fortitude is not None:
        left += figure.wounded_fortitude
    return left


def recover_side(figure: Figure) -> Figure:
    """A Defeated Companion flipped to its Recovery side: no damage, its keywords added."""
    return evolve(figure, damage=0, recovering=True,
                   keywords=figure.keywords | (figure.recovery or frozenset()))


def heal(position: Position, figure_id: str, x: int) -> tuple[Position, int]:
    """Heal X: remove up to X damage; never above Fortitude, never back to Fresh."""
    figure = position.figure(figure_id)
    healed = min(max(x, 0), figure.damage)
    return position.with_figure(evolve(figure, damage=figure.damage - healed)), healed


def give_tokens(position: Position, figure_id: str, token: Token, count: int) -> tuple[
        Position, int]:
    """Give ``count`` tokens; a Big Bad gains one Debuff Token fewer and is never Stunned;
    an Illusion gains none (Appendix A).

    Returns the number actually given.
    """
    figure = position.figure(figure_id)
    if figure.kind is Role.ILLUSION:  # "may not gain Power Tokens or Debuff Tokens"
        return position, 0
    if token in DEBUFF_TOKENS and Keyword.BIG_BAD in figure.keywords:
        count = 0 if token is Token.STUN else max(count - 1, 0)
    if count <= 0:
        return position, 0
    tokens = dict(figure.tokens)
    tokens[token] = tokens.get(token, 0) + count
    return position.with_figure(figure.with_tokens(tokens)), count


def disarm(position: Position, figure_id: str, x: int) -> Resolution[tuple[Position, int]]:
    """Disarm X: the figure discards X Power Tokens (all if it has fewer).

    Which ones is the figure's controller's choice: a Decision per token discarded when
    the figure holds more than one kind (the players' for a Schemer).
    """
    figure = position.figure(figure_id)
    tokens = dict(figure.tokens)
    held = sum(c for t, c in tokens.items() if t in POWER_TOKENS)
    discard = min(max(x, 0), held)
    decider = decider_for(figure)
    for _ in range(discard):
        kinds = tuple(sorted(t for t, c in tokens.items() if t in POWER_TOKENS and c > 0))
        kind = kinds[0]
        if len(kinds) > 1:
            kind = yield Decision("disarm", f"{figure.id} is Disarmed: discard which Power "
                                  "Token?", kinds, decider, figure.id)
        tokens[kind] -= 1
    after, _ = yield from spring_unprotected(position, position.with_figure(
        figure.with_tokens(tokens)))
    return after, discard


class TurnKind(StrEnum):
    """Whose turn begins, for Stun (Stun Token 1-3)."""

    SCHEMER = "schemer"
    COMPANION = "companion"  # a Solo Mode Companion
    HERO_FULL = "hero-full"
    HERO_PARTIAL = "hero-partial"
    ALLY = "ally"  # on its Hero's next full turn


class StunEffect(StrEnum):
    """What a Stun Token does when the turn begins."""

    NONE = "none"
    SKIP_TURN = "skip-turn"
    LOSE_ACTION = "lose-action"  # flip one Action tile to grey without taking an Action
    SKIP_ALLY = "skip-ally"  # flip the Ally tile to grey without activating the Ally


# The members controlled_by_players, fortitude_left and stun_at_turn compare, read once: in
# Python 3.11 a member read on its enum goes through the enum class's attribute hook (~70 ns
# a read; asked for every figure hurt and every turn, issue 19)
_HEROES = Side.HERO
_SIDE_SHOWING = LeastFortitude.SIDE_SHOWING
_STUN = Token.STUN
_NO_STUN = StunEffect.NONE


def stun_at_turn(position: Position, figure_id: str, turn: TurnKind) -> tuple[
        Position, StunEffect]:
    """If the figure has a Stun Token as its turn begins: the effect, and all of its Stun
    Tokens are discarded (several are redundant). Stun Token 1-4."""
    figure = position.figure(figure_id)
    if figure.token(_STUN) == 0:
        return position, _NO_STUN
    tokens = dict(figure.tokens)
    tokens[_STUN] = 0
    position = position.with_figure(figure.with_tokens(tokens))
    effect = {
        TurnKind.SCHEMER: StunEffect.SKIP_TURN,
        TurnKind.COMPANION: StunEffect.SKIP_TURN,
        TurnKind.HERO_PARTIAL: StunEffect.SKIP_TURN,
        TurnKind.HERO_FULL: StunEffect.LOSE_ACTION,
        TurnKind.ALLY: StunEffect.SKIP_ALLY,
    }[turn]
    return position, effect
