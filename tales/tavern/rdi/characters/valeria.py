"""Dark Priestess Valeria (seed 001, "Character Rules"; the checklist's C-6): Corruption.

Ten Corruption Tokens in her supply. Cards give them (``{ gain = 1, resource =
"corruption", who = ... }``); a player holds at most four; nobody ever loses them (no card
takes them away), except that a player who leaves the game gives theirs back to her supply
(``returns_on_leaving``). Negating or Ignoring the card that would give Corruption means it
is not gained (the gain is one of the card's steps). Valeria and her teammates never gain
Corruption (:meth:`Valeria.may_gain`). With too few in the supply she first takes back the
ones she needs from players (:func:`~tales.tavern.rdi.stats.gain_tokens` asks her, the
owner, from whom). "Look who's a little mixologist!" spikes a Drink and its drinker gains a
Corruption when the Drink is drunk (:func:`~tales.tavern.rdi.effects.resolve_response`
attaches the gain to the Drink, and a split Drink's halves each carry it).

Cards read Corruption as they resolve: ``if = { resource = "corruption", at_least = N,
whose = "target" }``, and her Boss cards' Total Corruption with ``whose = "total"``.

Cards aimed at "the player with the least (most) Corruption" are handlers: the handler
finds that player among her opponents still in (ties: Valeria chooses), then the card's
effect is played at them as an Action (:data:`TARGETED`), with its own response window, so
they may Ignore it, reduce it or hit back.
"""

from __future__ import annotations

from collections.abc import Callable

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.effects import play_card
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb, Who
from tales.tavern.rdi.zones import draw

NAME = "valeria"
CORRUPTION = "corruption"
LIMIT = 4
SCORN = "scorn the unbeliever"
TITHE = "tithe of the faithful"
LET_US_PLAY = "let us play"

#: Handlers aimed at the opponent with the least (``min``) or most (``max``) Corruption,
#: and the effect each then has on them.
TARGETED: dict[str, tuple[Callable[[list[int]], int], str, tuple[Step, ...]]] = {
    SCORN: (min, "SCORN the unbeliever! (sample)", (
        Step(Verb.FORTITUDE, -2, Who.TARGET),
        Step(Verb.GAIN, 1, Who.TARGET, resource=CORRUPTION))),
    TITHE: (max, "Tithe of the faithful (sample)", (Step(Verb.PAY, 2, Who.TARGET),)),
}
HANDLERS = frozenset({*TARGETED, LET_US_PLAY})


def extreme(tavern: Tavern, name: str, pick: Callable[[list[int]], int]) -> list[str]:
    """``name``'s opponents still in with the least (``min``) or most (``max``)
    Corruption."""
    others = tavern.others(name)
    if not others:
        return []
    wanted = pick([p.count(CORRUPTION) for p in others])
    return [p.name for p in others if p.count(CORRUPTION) == wanted]


def choose_extreme(tavern: Tavern, name: str, pick: Callable[[list[int]], int], label: str
                   ) -> Resolution[str | None]:
    """The player with the least or most Corruption; with a tie, ``name`` chooses one of
    them (001: "If multiple players are tied for the least or most, you choose one of
    those players")."""
    tied = extreme(tavern, name, pick)
    if not tied:
        return None
    chosen = yield Decision("target", f"{label}: pick one of the players tied for the "
                            f"{'least' if pick is min else 'most'} Corruption", tuple(tied),
                            Decider.PLAYER, name, state=tavern)
    return str(chosen)


PROTECT = "PROTECT"


class Valeria(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(CORRUPTION, limit=LIMIT, supply=10, owner=NAME,
                          returns_on_leaving=True),)

    def targets(self, tavern: Tavern, name: str, card: Card, options: tuple[str, ...],
                source: str) -> tuple[str, ...]:
        """PROTECT redirects to the player with the most Corruption; "If the player with
        the most Corruption is the one attacking you, you redirect to the player with the
        most Corruption among the ones not attacking you" (001)."""
        if not card.name.startswith(PROTECT) or not options:
            return options
        candidates = [o for o in options if o != source] or list(options)
        most = max(tavern.player(o).count(CORRUPTION) for o in candidates)
        return tuple(o for o in candidates if tavern.player(o).count(CORRUPTION) == most)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        """001: "Valeria can never gain Corruption. ... This rule also applies to
        Valeria's teammates in a team game."""
        if resource != CORRUPTION:
            return True
        return not any(p.mechanics == NAME for p in tavern.team(name))

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == LET_US_PLAY and target is not None:
            count = tavern.player(target).count(CORRUPTION)
            tavern = yield from draw(tavern, name, count)
            return tavern.note(f"{name} draws {count} for {target}'s Corruption")
        if step.handler not in TARGETED:
            return tavern
        pick, label, steps = TARGETED[step.handler]
        victim = yield from choose_extreme(tavern, name, pick, label)
        if victim is None:
            return tavern
        effect = Card(label, CardKind.ACTION, steps, owner=name, virtual=True)
        tavern, _ = yield from play_card(tavern, name, effect, target=victim,
                                         label=f"{label} (on {victim})", discard=False)
        return tavern


register(Valeria())
