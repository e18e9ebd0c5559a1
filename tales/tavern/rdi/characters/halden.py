"""Halden the Unhinged (seed 000; the checklist's section C): Totem Cards and Totem Combos.

His Totem Deck is the sub-deck ``pile = "totems"`` of his file. A Totem Card's type is its
first icon (``"damage"``, ``"health"`` or ``"mind"``) and the type its effect needs an icon
``"needs mind"`` (...); its steps are that effect. His revealed Totem Cards lie face up in
the table's pile ``<name> totems``. A card with ``icons = ["totem"]``, or the step
``{ handler = "reveal a totem" }``, reveals one after its other effects; so does the
beginning of his turn. In his Action Phase, before or after his Action card, he may play one
Totem Combo (:meth:`Halden.activations`): the chained effects as a single Action card.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb, Who
from tales.tavern.rdi.zones import reveal_from_pile

NAME = "halden"
TOTEMS = "totems"
DISCARDS = f"{TOTEMS} discard"
TYPES = ("damage", "health", "mind")
ICON = "totem"
REVEAL = "reveal a totem"
HANDLERS = frozenset({REVEAL})
COMBO = "totem combo"
END = "end the combo"
LATER = "totem combo after the action"
#: Effects of a combo added up per player before anyone answers (000: effects "that cancel
#: out" do not affect that characteristic).
SUMMED = (Verb.FORTITUDE, Verb.ALCOHOL, Verb.PAY, Verb.COLLECT, Verb.DRAW)


def revealed(name: str) -> str:
    """The table's pile of ``name``'s revealed Totem Cards."""
    return f"{name} totems"


def kind_of(totem: Card) -> str:
    return next((i for i in totem.icons if i in TYPES), "")


def needs(totem: Card) -> str:
    return next((i.removeprefix("needs ") for i in totem.icons if i.startswith("needs ")), "")


def reveal(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Reveal a card from his Totem Deck and place it face up in front of him (an empty
    deck: its discards shuffled, a reading)."""
    tavern, totem = yield from reveal_from_pile(tavern, TOTEMS, "the Totem discards")
    if totem is None:
        return tavern
    tavern = tavern.with_pile(revealed(name), (*tavern.pile(revealed(name)), totem))
    return tavern.note(f"{name} reveals the {kind_of(totem)} totem {totem.name}")


def combined(chain: list[Card]) -> tuple[Step, ...]:
    """The effects of a chain: each card's but the last's (each is followed by the type it
    needs), numbers of one kind for one player added up, those that cancel out dropped."""
    steps = [s for totem in chain[:-1] for s in totem.steps]
    total: dict[tuple[Verb, Who, bool], int] = {}
    rest: list[Step] = []
    for step in steps:
        if step.verb in SUMMED and step.condition is None and not step.per:
            key = (step.verb, step.who, step.to_inn)
            total[key] = total.get(key, 0) + step.amount
        else:
            rest.append(step)
    merged = [Step(verb, amount, who, to_inn=to_inn)
              for (verb, who, to_inn), amount in total.items() if amount]
    return (*merged, *rest)


def totem_combo(tavern: Tavern, name: str) -> Resolution[tuple[Tavern, bool]]:
    """000: "first declare **all** of the Totem Cards that you will be chaining together",
    any of his revealed ones in any order, each next one of the type the previous needs;
    then it is played as a single Action card, and its cards go to the discard pile."""
    from tales.tavern.rdi.effects import play_card

    shown = list(tavern.pile(revealed(name)))

    def followers(card: Card | None, left: list[Card]) -> list[Card]:
        if card is None:
            return [c for c in left if needs(c) and any(kind_of(o) == needs(c)
                                                        for o in left if o is not c)]
        return [c for c in left if kind_of(c) == needs(card)]

    chain: list[Card] = []
    left = list(shown)
    while True:
        options = followers(chain[-1] if chain else None, left)
        if not options:
            break
        labels = tuple(dict.fromkeys(c.name for c in options))
        prompt = "start a Totem Combo with" if not chain else "chain next"
        extra = ("pass",) if not chain else ((END,) if len(chain) >= 2 else ())
        choice = yield Decision(COMBO, f"{name}: {prompt}?", (*labels, *extra),
                                Decider.PLAYER, name, state=tavern)
        if choice in ("pass", END):
            break
        card = next(c for c in options if c.name == choice)
        left.remove(card)
        chain.append(card)
    if len(chain) < 2:
        return tavern, False
    for card in chain:
        shown.remove(card)
    tavern = tavern.with_pile(revealed(name), tuple(shown))
    combo = Card(f"Totem Combo ({', '.join(c.name for c in chain)})", CardKind.ACTION,
                 combined(chain), virtual=True, owner=name)
    tavern, _ = yield from play_card(tavern, name, combo)
    tavern = tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), *chain))
    return tavern.note(f"{name} discards the {len(chain)} Totem Cards of his combo"), True


class Halden(Mechanics):
    name = NAME
    handlers = HANDLERS

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the beginning of your turn, before you discard and draw, reveal a card
        from your Totem Deck and place it face up in front of you"."""
        player = tavern.player(owner)
        if player.out or player.side != tavern.player(active).side:
            return tavern
        return (yield from reveal(tavern, owner))

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """000: "When one of these cards resolves ... Do this after all other effects on the
        card have been carried out."""
        if ICON in card.icons and not card.virtual:
            tavern = yield from reveal(tavern, name)
        return tavern, False

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == REVEAL:
            tavern = yield from reveal(tavern, name)
        return tavern

    def activations(self, tavern: Tavern, name: str, done: frozenset[str]
                    ) -> Resolution[tuple[Tavern, frozenset[str]]]:
        """000: "During your Action Phase, you may play **both** an Action Card from your
        hand **and** one Totem Combo ... either before or after playing your Action Card"."""
        if COMBO in done or tavern.player(name).mechanics != NAME:
            return tavern, done
        tavern, played = yield from totem_combo(tavern, name)
        # not played before the Action card: offered again after it
        return tavern, done | {COMBO if played else LATER}


register(Halden())

