"""The encounter game's bots: random, with rules of thumb for the fog of war (003, "T'is
the fog of war"). Every other question is answered at random, exactly as
:func:`tales.engine.game.random_policy` answers it (so a game without the fog plays as it
did with random bots).

- **Lying about damage:** tell the truth, unless a higher value of the card would land the
  killing blow the truth does not and it is worth more than the 3 Prestige risked.
- **Bluffing an Action card:** never, unless the creature's attack on the bot would leave
  it at 20 Life Points or fewer and it holds no card to answer it: then it names a card
  that would.
- **Challenging:** a damage announced above what the card shows when played, when it
  lands the killing blow; an Action card that lands its player the killing blow, or that
  worked against the bot (its Life Points, its damage on the stack, its Items or set
  card, poison, or the creature's attack now on it).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tales.engine.game import random_policy, uniform_below
from tales.rules.decisions import Chooser, Decision
from tales.tavern.encounter.effects import DEFENCES, Incoming
from tales.tavern.encounter.fog import LIAR, Bluff, Claim
from tales.tavern.encounter.model import Caverns, value


def policy(rng: np.random.Generator) -> Chooser:
    """Random bots with the fog of war's rules of thumb (module docstring)."""
    pick = random_policy(rng)
    below = uniform_below(rng)

    def choose(decision: Decision[Any]) -> Any:
        kind = decision.kind
        if kind == "announce":
            return announce(decision)
        if kind == "challenge":
            return "yes" if challenges(decision) else "no"
        if kind == "play":
            told = [o for o in decision.options if isinstance(o, Bluff)]
            if told:
                saving = lifesaver(decision, told)
                if saving is not None:
                    return saving
                true = [o for o in decision.options if not isinstance(o, Bluff)]
                return true[below(len(true))]
        return pick(decision)
    return choose


#: Life Points a bot fears to fall to: it bluffs a defence against an attack leaving it at
#: this or fewer.
LOW = 20


def to_kill(table: Caverns) -> int:
    """The damage it takes to kill the creature now (its Life Points and raised barrier
    less the damage stack's)."""
    return table.life + table.barrier - table.pending()


def announce(decision: Decision[Any]) -> Any:
    """The true damage, or the least higher value that lands the killing blow when it is
    worth more Prestige than a caught lie costs."""
    true = decision.detail
    table = decision.state
    card = table.encounter if isinstance(table, Caverns) else None
    if not isinstance(table, Caverns) or table.tokens or card is None \
            or card.prestige <= LIAR:  # the killing blow not worth the risk
        return true
    need = to_kill(table)
    if true >= need:
        return true
    killing = [o for o in decision.options if o >= need]
    return min(killing) if killing else true


def lifesaver(decision: Decision[Any], told: list[Bluff]) -> Bluff | None:
    """A bluffed card that answers the creature's attack on the bot when it would leave it
    at :data:`LOW` Life Points or fewer and the bot holds nothing to answer it."""
    incoming = decision.detail
    table = decision.state
    if not isinstance(incoming, Incoming) or not isinstance(table, Caverns) \
            or incoming.victim != decision.figure:
        return None
    if table.player(incoming.victim).life - incoming.damage > LOW:
        return None
    held = {o for o in decision.options if isinstance(o, str)}
    if any(_defends(c) for c in table.player(incoming.victim).hand if c.name in held):
        return None
    for bluff in told:
        if _defends(bluff.card):
            return bluff
    return None


def _defends(card: Any) -> bool:
    return any(s.op in DEFENCES for s in card.steps)


def challenges(decision: Decision[Any]) -> bool:
    """Whether the bot challenges the claim (module docstring)."""
    claim = decision.detail
    table = decision.state
    me = decision.figure
    if not isinstance(claim, Claim) or not isinstance(table, Caverns) or me is None:
        return False
    blow = claim.blow
    if blow is not None:  # a damage announced
        ladder = blow.ladder
        shown = ladder[min(blow.card.start, len(ladder) - 1)] if ladder else 0
        return blow.announced is not None and blow.announced > shown and table.killed() \
            and table.slayer == claim.teller
    before = claim.before
    if before is None:
        return False
    stolen = table.killed() and table.slayer == claim.teller and before.slayer != claim.teller
    return stolen or worse(before, table, me) or (
        claim.now is not None and claim.now.victim == me
        and (claim.then is None or claim.then.victim != me))


def worse(before: Caverns, after: Caverns, me: str) -> bool:
    """Did things get worse for ``me`` from ``before`` to ``after``?"""
    was, now = before.player(me), after.player(me)

    def mine(table: Caverns) -> int:
        return sum(value(b, table) for b in table.stack if b.player == me)

    def set_card(table: Caverns) -> bool:
        return any(n == me for n, _ in table.set_cards)

    return now.life < was.life or now.poison > was.poison or len(now.items) < len(was.items) \
        or mine(after) < mine(before) or (set_card(before) and not set_card(after))
