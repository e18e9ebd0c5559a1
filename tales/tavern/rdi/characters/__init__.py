"""Characters' own rules: resources (tokens), setup changes and the moments the rules
call them (checklist section C; the turn hooks of A-22).

A character file names its rules with ``mechanics = "karl"``; each module here registers
one :class:`Mechanics` with :func:`register`. The base class does nothing, so a character
with no special rules needs no module. Resources are described once, by the character that
owns them (:class:`Resource`): their per-player limit, the supply, and who may never hold
them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Minion,
    Player,
    Stat,
    Step,
    Tavern,
    Verb,
    Who,
)


@dataclass(frozen=True)
class Resource:
    """A kind of token: ``limit`` per player (None: no limit), ``supply`` in the box (None:
    unlimited), ``owner`` the mechanics that hand them out (who reclaims them when the
    supply runs short: Karl moves a Buff Token, Valeria takes Corruption back)."""

    name: str
    limit: int | None = None
    supply: int | None = None
    owner: str = ""
    returns_on_leaving: bool = False  # given back to the supply when its holder leaves
    floor: int = 0  # the fewest a holder keeps (Serena's Piety: 1); going below asks
    #: :meth:`Mechanics.under_floor`
    #: whether the owner takes tokens back from other players when the supply runs short
    #: (Karl, Valeria); False: only what is left is given (Natyli's Debuffs)
    reclaim: bool = True


class Mechanics:
    """One character's rules. Every method has a neutral default."""

    name = ""
    resources: tuple[Resource, ...] = ()
    handlers: frozenset[str] = frozenset()  # the named handlers it carries out
    piles: frozenset[str] = frozenset()  # shared sub-decks it owns (their cards' abilities)
    #: handlers a targetable non-player's controller carries out instead (001: "If a
    #: targetable non-player ... would Check for Traps, its controller ... checks instead")
    for_controller: frozenset[str] = frozenset()
    #: handlers that do nothing to a targetable non-player, never passed to its controller,
    #: even Boss Otto (001: "If a Component would get a Special Reserve Drink, nothing
    #: happens")
    not_passed: frozenset[str] = frozenset()
    #: side decks whose Action cards may be played after the Action was taken (Piper's
    #: Quiver)
    action_piles: frozenset[str] = frozenset()
    #: whether :meth:`other_means` reads only its player's own hand and tokens (then what
    #: the player may play is worked out once per hand and tokens: zones.playable)
    own_means = False

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """Setup changes (A-12): starting tokens, Fortitude, Gold."""
        return tavern

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        """Whether ``name`` (someone at the table) may gain ``resource`` tokens that this
        character owns."""
        return True

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """At the beginning of ``active``'s turn, before Discard and Draw (A-22)."""
        return tavern
        yield  # pragma: no cover

    def virtual(self, tavern: Tavern, name: str) -> tuple[Card, ...]:
        """Abilities ``name`` may use like cards without holding them (the Lich King's
        fingers, Zakhan's Chi): Sometimes cards for responses, Anytime cards with steps
        for any time. Each has ``virtual = True``."""
        return ()

    def use_virtual(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        """Pay for using the ability ``card`` (detach a finger, discard two cards)."""
        return tavern
        yield  # pragma: no cover

    def after_round(self, tavern: Tavern, name: str, players: tuple[str, ...],
                    winner: str | None) -> Tavern:
        """A Round of Gambling among ``players`` ended (Pooky's mood)."""
        return tavern

    def after_change(self, tavern: Tavern, name: str, before: Player) -> Tavern:
        """``name``'s mat moved from ``before`` (Eisinder claims Element Tokens)."""
        return tavern

    def action_phase(self, tavern: Tavern, name: str) -> Resolution[tuple[Tavern, int]]:
        """At the start of ``name``'s Action Phase: extra Actions allowed (Oozwald)."""
        return tavern, 0
        yield  # pragma: no cover

    def activations(self, tavern: Tavern, name: str, done: frozenset[str]
                    ) -> Resolution[tuple[Tavern, frozenset[str]]]:
        """During ``name``'s Action Phase, before and after the Action card: things in play
        that may act once a phase (Torglesnarf's Minions), ``done`` those that have."""
        return tavern, done
        yield  # pragma: no cover

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        """At the end of ``ended``'s turn (Amundyr's Scarabs)."""
        return tavern
        yield  # pragma: no cover

    def action_phase_ends(self, tavern: Tavern, name: str) -> Resolution[Tavern]:
        """At the end of ``name``'s own Action Phase (Wrench's Gizmos tick down)."""
        return tavern
        yield  # pragma: no cover

    def minion_fortitude(self, tavern: Tavern, minion: Minion, source: str, amount: int
                         ) -> Resolution[Tavern] | None:
        """One of this character's Minions gains (or, negative, loses) ``amount`` Fortitude
        from ``source``'s card, when it has a Fortitude track of its own (Wrench's Gizmos):
        None leaves a loss to the Minions' rule (Torglesnarf's Wages)."""
        return None

    def passes_out(self, tavern: Tavern, name: str) -> bool | None:
        """Whether ``name`` passes out, when this character changes the rule (Zakhan)."""
        return None

    def gold(self, tavern: Tavern, name: str) -> int:
        """Gold-like things ``name`` holds beyond coins (the Lich King's ringed fingers)."""
        return 0

    def gold_of(self, tavern: Tavern, owner: str, name: str) -> int:
        """Gold-like things of ``owner``'s character that ``name``'s team holds, whoever
        they are (Keet's Artifacts)."""
        return 0

    def counts_as_gold(self, card: Card) -> bool:
        """Whether ``card`` is one of this character's things that count as a Gold piece,
        so that playing it spends a Gold (Keet's Artifacts)."""
        return False

    def pay_short(self, tavern: Tavern, owner: str, payer: str, to: str | None,
                  short: int, pot: bool = False) -> Tavern:
        """``payer``'s team had ``short`` Gold too few coins to pay ``to`` (None: the Inn;
        ``pot``: the pot of a Round of Gambling): what ``owner``'s character lets them pay
        with instead (Keet's Artifacts)."""
        return tavern

    def after_drink(self, tavern: Tavern, name: str, alcohol: int) -> Resolution[Tavern]:
        """``name`` drank a Drink that gave ``alcohol`` (Zakhan's Drunken Chi)."""
        return tavern
        yield  # pragma: no cover

    def choices(self, tavern: Tavern, name: str) -> Resolution[Tavern]:
        """Choices ``name`` owes after a reaction that could not ask (:meth:`after_loss`,
        :meth:`after_round`): Epic Pooky's "stay Psychotic, or Calm and an Epic Card"."""
        return tavern
        yield  # pragma: no cover

    def pending(self, tavern: Tavern, owner: str) -> Resolution[Tavern]:
        """Effects a change left pending because someone may answer them (a Debuff's extra
        loss the Lich King may Ignore), settled before anyone passes out."""
        return tavern
        yield  # pragma: no cover

    def left(self, tavern: Tavern, owner: str) -> Resolution[Tavern]:
        """Players have just left the game (passed out or out of Gold, their Gold split):
        what that sets off before the winner is declared (Keet's Artifacts dealt)."""
        return tavern
        yield  # pragma: no cover

    def after_loss(self, tavern: Tavern, owner: str, victim: str, source: str, amount: int
                   ) -> Tavern:
        """``victim`` (anyone) lost ``amount`` Fortitude to a card of ``source``; ``owner``
        is this character's player (Pooky's mood: him or a teammate hurt by an opponent)."""
        return tavern

    def other_means(self, tavern: Tavern, name: str, resource: str) -> int:
        """How many units of ``resource`` ``name`` could pay other than with tokens
        (Dominique: one Energy for every two cards in hand)."""
        return 0

    def pay_energy(self, tavern: Tavern, name: str, resource: str, amount: int
                   ) -> Resolution[tuple[Tavern, bool]]:
        """Pay a cost some other way than tokens (Dominique: 2 cards for 1 Energy). Return
        (table, paid); the default pays only with tokens."""
        return tavern, False
        yield  # pragma: no cover

    def first_draws(self, tavern: Tavern, name: str, count: int
                    ) -> Resolution[tuple[Tavern, int]]:
        """``name`` is about to draw ``count`` cards in Discard and Draw (0 or less: none):
        the draws the character makes elsewhere first (Piper: one from her Quiver; Vlazlo:
        form cards bought with Blood); returns the count still to draw from the Character
        Deck."""
        return tavern, count
        yield  # pragma: no cover

    def under_floor(self, tavern: Tavern, name: str, resource: str) -> Resolution[Tavern]:
        """``name`` would lose ``resource`` below its floor (Serena: she atones)."""
        return tavern
        yield  # pragma: no cover

    def extra_orders(self, tavern: Tavern, name: str) -> int:
        """Drinks ``name`` orders beyond the rules' in their Order a Drink Phase (Samantha at
        a Brawl Count of 10: one more)."""
        return 0

    def after_draw(self, tavern: Tavern, name: str) -> Tavern:
        """``name`` drew cards (Phyll: Mix-ins go straight to his Shelf)."""
        return tavern

    def may_play(self, tavern: Tavern, name: str, card: Card) -> bool:
        """Whether ``name`` may play ``card``, one of the cards they hold or keep (Petra:
        only Schemes from her Plotted Cards area)."""
        return True

    def can_pay(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                ) -> bool | None:
        """Whether ``name`` can pay the whole ``cost`` its own way, when the character
        pays it as a whole (Ozrik's Element Cards: one card pays one symbol); None: count
        each resource alone."""
        return None

    def pay_whole(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                  ) -> Resolution[tuple[Tavern, bool]]:
        """Pay the whole ``cost`` at once (Ozrik: the named elements first, then the
        generic ones); (table, False): pay it resource by resource."""
        return tavern, False
        yield  # pragma: no cover

    def hand_size(self, tavern: Tavern, name: str, size: int) -> int:
        """``name``'s hand size, ``size`` by the rules (Ohava's harmony: one more)."""
        return size

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        """The ``steps`` of ``name``'s ``card`` as it resolves, their numbers changed by the
        character (Ohava's harmony: each one more)."""
        return steps

    def their_amounts(self, tavern: Tavern, owner: str, name: str, card: Card,
                      steps: tuple[Step, ...]) -> tuple[Step, ...]:
        """The ``steps`` of a card ``name`` (anyone) plays as it resolves, their numbers
        changed by ``owner``'s character (Natyli's Power Jinx on its holder)."""
        return steps

    def after_action_phase(self, tavern: Tavern, owner: str, name: str) -> Tavern:
        """``name``'s Action Phase has ended (a Power Jinx goes back to Natyli)."""
        return tavern

    def after_play(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        """``name``'s ``card`` has gone to its pile, Negated or not: what lay under it goes
        back (Nerodia's Glare)."""
        return tavern
        yield  # pragma: no cover

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """``name``'s ``card`` has resolved (not Negated), all its effects carried out:
        what its icons do then (Cormac's Rage Pool). Return (table, placed): placed, the
        card went somewhere else than its discard pile."""
        return tavern, False
        yield  # pragma: no cover

    def alcohol_gain(self, tavern: Tavern, name: str, amount: int) -> int:
        """The Alcohol Content ``name`` gains when something gives them ``amount`` (Cormac's
        Rage: more); the Drink itself is unchanged."""
        return amount

    def fortitude_loss(self, tavern: Tavern, name: str, amount: int) -> int:
        """The Fortitude ``name`` loses when something takes ``amount`` (Erin's Tree: 2
        less)."""
        return amount

    def gold_bonus(self, tavern: Tavern, name: str) -> int:
        """Gold ``name`` takes from the Inn besides, whenever they gain Gold (Erin's Raven:
        1)."""
        return 0

    def ante(self, tavern: Tavern, name: str, amount: int, starter: str, opening: bool
             ) -> tuple[int, bool]:
        """What ``name`` antes when a Round of Gambling started by ``starter`` asks
        ``amount`` (``opening``: the ante that begins it), and whether the Inn pays it
        (Erin's Bear antes 2 to begin; her Raven antes from the Inn in her own Round)."""
        return amount, False

    def steadfast(self, tavern: Tavern, name: str, card: Card) -> bool:
        """Whether ``name``'s ``card`` may not be Negated or Ignored (Wulfric's Stalwart)."""
        return False

    def reductions(self, tavern: Tavern, name: str) -> tuple[tuple[Stat, int], ...]:
        """Standing reductions of what each card does to ``name``, the card as a whole
        (Wulfric's Loyal: 1 less Fortitude lost)."""
        return ()

    def given_reductions(self, tavern: Tavern, owner: str) -> tuple[tuple[str, Stat, int], ...]:
        """Standing reductions ``owner``'s character gives other players (a Static Artifact
        of Keet's that another player controls): ``(player, stat, amount)``."""
        return ()

    def drink_alcohol(self, tavern: Tavern, name: str, alcohol: int) -> int:
        """The Alcohol Content ``name`` gains from a Drink (with its Chasers) giving
        ``alcohol`` (Wulfric's Clumsy: 1 less); the Drink itself is unchanged."""
        return alcohol

    def playing(self, tavern: Tavern, name: str, card: Card) -> Tavern:
        """``name`` plays ``card``, before anything else happens (Erin's Tree: back to
        Elf at once)."""
        return tavern

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """A named handler of an odd card (``step.handler``)."""
        return tavern
        yield  # pragma: no cover

    def ignored(self, tavern: Tavern, name: str, step: Step, target: str) -> Resolution[Tavern]:
        """A handler step ``target`` Ignores: what still happens (Karl's Special editions
        still lets him draw)."""
        return tavern
        yield  # pragma: no cover

    def targets(self, tavern: Tavern, name: str, card: Card, options: tuple[str, ...],
                source: str) -> tuple[str, ...]:
        """Whom ``name``'s ``card``, answering a card of ``source``, may pick (a redirect)
        among ``options``: a character may narrow them (PROTECT: the most Corrupted)."""
        return options


#: The token of a player who took their Action for the turn some other way than with an
#: Action card (Piper's Arrow-Actions, Zariah's Chimera attack): no Action card (nor a
#: Gambling card starting a Round) may follow this turn, but the cards of the
#: character's ``action_piles``. The turn's end takes it away.
ACTED = "acted"


def took_action(tavern: Tavern, name: str) -> Tavern:
    """Mark ``name``'s Action for the turn as taken (:data:`ACTED`)."""
    return tavern.with_player(tavern.player(name).with_count(ACTED, 1))


def after_acting(tavern: Tavern, name: str, card: Card) -> bool:
    """Whether ``card`` may still be played by ``name`` once they took their Action some
    other way."""
    return not (tavern.player(name).count(ACTED) and (card.kind is CardKind.ACTION
                                                      or card.starts_round)
                and card.pile not in mechanics(tavern.player(name)).action_piles)


def more_loss(steps: tuple[Step, ...], extra: int) -> tuple[Step, ...]:
    """``steps`` with each Fortitude loss they deal another player ``extra`` more (Cormac's
    Rage, Erin's Bear)."""
    if not extra:
        return steps
    return tuple(replace(s, amount=s.amount - extra)
                 if s.verb is Verb.FORTITUDE and s.amount < 0 and s.who is not Who.YOU
                 else s for s in steps)


def one_of(tavern: Tavern, who: str, kind: str, prompt: str, options: tuple[str, ...]
           ) -> Resolution[str]:
    """The only one of ``options``, or the one ``who`` picks (a Decision of ``kind``
    asking ``prompt``): a character's choice that is no choice when one thing qualifies."""
    if len(options) == 1:
        return options[0]
    picked: str = yield Decision(kind, prompt, options, Decider.PLAYER, who, state=tavern)
    return picked


def crowded(size: int, held: int) -> int:
    """A hand size with ``held`` things in front of its player, each beyond the first
    costing one card (Lizwick's Items, Evil Pooky's Doppelgangers)."""
    return size - max(held - 1, 0)


REGISTRY: dict[str, Mechanics] = {}
RESOURCES: dict[str, Resource] = {}
NONE = Mechanics()


def register(mechanics: Mechanics) -> Mechanics:
    REGISTRY[mechanics.name] = mechanics
    for resource in mechanics.resources:
        RESOURCES[resource.name] = resource
    return mechanics


def mechanics(player: Player) -> Mechanics:
    if not _LOADED:
        _load()
    return REGISTRY.get(player.mechanics, NONE)


#: For each kind of rules, the hooks (methods of :class:`Mechanics`) it changes: a hook it
#: leaves as the base class's does nothing, so the rules need not be asked (issue 19).
_CHANGED: dict[type, frozenset[str]] = {}


def changes(rules: Mechanics, hook: str) -> bool:
    """Whether ``rules`` carry out the hook ``hook`` their own way (a hook left as the base
    class's does nothing: asking it may be skipped)."""
    kind = type(rules)
    found = _CHANGED.get(kind)
    if found is None:
        found = _CHANGED[kind] = frozenset(
            h for h, base in vars(Mechanics).items() if callable(base)
            and getattr(kind, h, base) is not base)
    return hook in found or hook in rules.__dict__


def lost(tavern: Tavern, victim: str, source: str, amount: int) -> Tavern:
    """Tell every character that ``victim`` lost ``amount`` Fortitude to ``source``."""
    for player, rules in every(tavern, "after_loss"):
        tavern = rules.after_loss(tavern, player.name, victim, source, amount)
    return tavern


def their_amounts(tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                  ) -> tuple[Step, ...]:
    """``steps`` of ``name``'s ``card`` as every character changes them for its player
    (:meth:`Mechanics.their_amounts`)."""
    for player, rules in every(tavern, "their_amounts"):
        steps = rules.their_amounts(tavern, player.name, name, card, steps)
    return steps


def pay_short(tavern: Tavern, payer: str, to: str | None, short: int, pot: bool = False
              ) -> Tavern:
    """What every character lets ``payer`` pay with when coins run ``short``."""
    for player, rules in every(tavern, "pay_short"):
        tavern = rules.pay_short(tavern, player.name, payer, to, short, pot)
    return tavern


def owed_choices(tavern: Tavern) -> Resolution[Tavern]:
    """Every character's :meth:`Mechanics.choices`, in seat order."""
    for player, rules in every(tavern, "choices"):
        tavern = yield from rules.choices(tavern, player.name)
    return tavern


def abilities(tavern: Tavern, name: str) -> list[tuple[Mechanics, Card]]:
    """What ``name`` may play without holding it: their character's abilities, and those
    the owner of a shared sub-deck gives its cards in their hand (a Blessing's heart)."""
    found: list[tuple[Mechanics, Card]] = []
    for rules in _sources(tavern.player(name)):
        found.extend((rules, c) for c in rules.virtual(tavern, name))
    return found


def _sources(player: Player) -> tuple[Mechanics, ...]:
    """The rules whose abilities ``player`` may use (:func:`abilities`): their character's,
    when it has any, then the owners' of the shared sub-decks of the cards in their hand.
    Worked out once per hand and character (kept beside the player's fields, checked
    against that very hand tuple and mechanics name; asked ~350 times a game, issue 19)."""
    kept = player._sources
    if kept is None or kept[0] is not player.hand or kept[1] != player.mechanics:
        own = mechanics(player)
        found = [own] if changes(own, "virtual") else []
        piles = frozenset(c.pile for c in player.hand if c.pile)
        if piles:
            found.extend(rules for rules in REGISTRY.values()
                         if rules.piles & piles and rules is not own)
        kept = (player.hand, player.mechanics, tuple(found))
        object.__setattr__(player, "_sources", kept)
    return kept[2]


def handling(player: Player, handler: str) -> Mechanics:
    """The rules that carry out ``handler``: the card player's character if it does, else
    any character whose rules do (a card of another deck that says "Check for Traps")."""
    _load()
    own = REGISTRY.get(player.mechanics, NONE)
    if handler in own.handlers:
        return own
    return next((m for m in REGISTRY.values() if handler in m.handlers), own)


def known() -> list[str]:
    _load()
    return sorted(REGISTRY)


def resource(name: str) -> Resource:
    _load()
    found = RESOURCES.get(name)  # a Resource made only for a name none registers (issue 19)
    return found if found is not None else Resource(name)


def every(tavern: Tavern, hook: str = "") -> list[tuple[Player, Mechanics]]:
    """The players (in or out) whose characters have rules, in seat order; with ``hook``,
    only those whose rules carry it out (:func:`changes`: the others would do nothing).
    Which seats those are is worked out once per table of characters (they never change
    in a game) and kept in its :class:`~tales.tavern.rdi.model.Seating`."""
    players = tavern.players
    table = tavern.seating().hooks
    found = table.get(hook)
    if found is None:
        found = table[hook] = tuple(
            (n, m) for n, p in enumerate(players) if (m := mechanics(p)) is not NONE
            and (not hook or changes(m, hook)))
    if not found:  # most hooks: nobody at the table changes them (no list to build)
        return []
    return [(players[n], m) for n, m in found]


_LOADED: list[bool] = []


def _load() -> None:
    if _LOADED:
        return
    _LOADED.append(True)
    from tales.tavern.rdi.characters import (  # noqa: F401  (each registers itself)
        adonis,
        alaric,
        amundyr,
        bastian,
        cormac,
        dale,
        dominique,
        eisinder,
        erin,
        evil_pooky,
        farai,
        flower,
        halden,
        jett,
        karl,
        kaylin,
        keet,
        lich_king,
        lizwick,
        lucky,
        molly,
        murgath,
        natyli,
        nerodia,
        nitrel,
        ohava,
        oozwald,
        ozrik,
        petra,
        phrenk,
        phyll,
        piper,
        pooky,
        remy,
        ripsnarl,
        roxana,
        samantha,
        serena,
        spyke,
        terci,
        torglesnarf,
        valeria,
        vlazlo,
        warthorn,
        wench,
        wrench,
        ygella,
        zakhan,
        zariah,
    )

