"""Response windows (001, "Timing"; the checklist's A-27 to A-46).

Whenever a card is played or a Drink or Event is revealed, each player, in turn order from
the player who played or revealed it, may respond. A response is a card with its own
window; when it resolves everyone may respond to the original again, including players who
passed. When players would collide, Anytime cards go first: each window first offers only
Anytime responses round the table, then every response (A-31). Deadlocks cannot arise:
each player is asked in turn and declares (A-32).

What a response can do:

* Negate: the card (or Drink) does not resolve at all (A-36). A Negate that says so
  (``again``: Wizgille's "deja vu") lets the Negated card's player play another of the
  same type: the :data:`ANOTHER_ACTION` and :data:`ANOTHER_DRINK` marks, read by the
  Action Phase and the Drink Phase.
* Ignore: it resolves, but not for the player who Ignores it, or a teammate they defend
  (A-37, A-39). A filter ("a card that affects your Gold") counts only direct changes
  (A-43); it may not dodge a payment on your own (or a teammate's) card, nor a Round of
  Gambling (A-40, A-41).
* Reduce or redirect a loss the card would cause (A-44, A-45), applied when it resolves.
* Change a Drink: raise or lower its Alcohol Content, split it, pass it (A-46, A-53).
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.members import Kinds, Stats, Targets, Verbs
from tales.tavern.rdi.model import (
    DRINK_CHANGES,
    RESPONSES,
    Card,
    CardKind,
    Stat,
    Step,
    Target,
    Tavern,
    Verb,
    Who,
)

PASS = "pass"


#: Handlers that do not affect the players they are aimed at, for what a card "affects":
#: "getting a Special Reserve Drink does not affect your Fortitude, Alcohol Content or Gold,
#: so you generally would only be able to Ignore such a card if it also affects one of those
#: attributes" (000, The Wench).
UNFELT = frozenset({"special reserve drink"})


#: The icon of a card played on a Drink that may have at most one such card (Phyll's
#: Mix-ins).
MIX_IN = "mix-in"

#: The marks of a player whose Action card, or Drink (a Drink Event too), a Negate with
#: ``again`` stopped: "the player whose card is Negated may usually play another of the same
#: type" (000, Wizgille). A Sometimes or Anytime card needs no mark: its player may answer
#: the same card again as the window reopens.
ANOTHER_ACTION = "another action"
ANOTHER_DRINK = "another drink"


def negated_again(tavern: Tavern, played: Played, drinker: str = "") -> Tavern:
    """Mark the player whose ``played`` (or whose Drink, ``drinker``'s) a Negate with
    ``again`` stopped, when they may play another of its type."""
    if drinker or played.event:
        mark, name = ANOTHER_DRINK, drinker or played.source
    elif played.card is not None and (played.card.kind is CardKind.ACTION
                                      or played.card.starts_round):
        mark, name = ANOTHER_ACTION, played.source
    else:
        return tavern
    if not any(p.name == name for p in tavern.players):
        return tavern
    return tavern.with_player(tavern.player(name).with_count(mark, 1))


def another(tavern: Tavern, name: str, mark: str) -> tuple[Tavern, bool]:
    """Take ``name``'s ``mark`` (:data:`ANOTHER_ACTION` or :data:`ANOTHER_DRINK`) away:
    whether it was there."""
    player = tavern.player(name)
    if not player.count(mark):
        return tavern, False
    return tavern.with_player(player.with_count(mark, 0)), True


@dataclass(frozen=True)
class Pour:
    """A Drink about to be drunk: by ``drinker``, giving ``alcohol`` and ``fortitude`` (a
    Drink with its Chasers is one Drink, A-50). ``gains``: tokens the drinker also gains
    (a spiked Drink's Corruption). ``revealer`` and ``score``: who revealed it and the
    Alcohol Content it counts in a Drinking Contest (A-56)."""

    drinker: str
    label: str
    alcohol: int
    fortitude: int = 0
    draw: int = 0
    gains: tuple[tuple[str, int], ...] = ()
    giver: str = ""
    revealer: str = ""
    score: int = 0
    ignored: bool = False
    negated: bool = False
    half: bool = False  # one half of a split Drink
    passed: bool = False
    origin: int = 0  # which of the Drinks revealed together it came from
    mixed: bool = False  # a Mix-in was played on it (000, Phyll: "at most one Mix-in")
    pays: int = 0  # Gold its drinker pays the ``giver`` as they drink it (a Mix-in)

    @property
    def live(self) -> bool:
        return not self.negated


def halves(pour: Pour, partner: str) -> tuple[Pour, Pour]:
    """A-53: like effects combined, each halved, rounded up; two independent Drinks."""
    def half(n: int) -> int:
        return -(-n // 2)

    mine = evolve(pour, alcohol=half(pour.alcohol), fortitude=half(pour.fortitude),
                   draw=half(pour.draw), pays=half(pour.pays),
                   gains=tuple((r, half(n)) for r, n in pour.gains), half=True,
                   label=f"half of {pour.label}")
    return mine, evolve(mine, drinker=partner, revealer="")


@dataclass(frozen=True)
class Played:
    """Something players may respond to: a card someone played, or Drinks revealed.

    ``affects``: each player it would directly change, and which attributes; ``harms``:
    the losses among them (Fortitude lost, Alcohol gained, Gold paid) that reductions
    and redirections work on."""

    source: str
    label: str
    card: Card | None = None
    affects: tuple[tuple[str, frozenset[Stat]], ...] = ()
    harms: tuple[tuple[str, frozenset[Stat]], ...] = ()
    event: bool = False  # a Drink Event
    round: bool = False  # a Round of Gambling
    pot: bool = False  # the pot, as a Round of Gambling ends
    redirectable: bool = True  # False: its loss may not be redirected (a Scarab's bite)
    pours: tuple[Pour, ...] = ()

    def stats(self, name: str) -> frozenset[Stat]:
        return _of(self.affects, name)

    def harmed(self, name: str) -> frozenset[Stat]:
        return _of(self.harms, name)

    @property
    def involved(self) -> frozenset[str]:
        return frozenset(n for n, _ in self.affects)

    def involves(self, name: str) -> bool:
        """Whether ``name`` is among :attr:`involved` (no set made for one question: asked
        for each card a player may Ignore with, issue 19; a plain loop: any() would make
        a generator)."""
        for who, _ in self.affects:  # noqa: SIM110 (the loop is the point: see above)
            if who == name:
                return True
        return False


_NONE: frozenset[Stat] = frozenset()


def _of(pairs: tuple[tuple[str, frozenset[Stat]], ...], name: str) -> frozenset[Stat]:
    """``name``'s attributes in ``pairs`` (the last pair for them, as a dict of them would
    keep), read off the few pairs, not a dict built for each question (issue 19)."""
    found = _NONE
    for who, stats in pairs:
        if who == name:
            found = stats
    return found


@dataclass(frozen=True)
class Outcome:
    """What the responses did."""

    negated: bool = False
    ignored: frozenset[str] = frozenset()
    reduced: tuple[tuple[str, Stat, int], ...] = ()
    redirected: tuple[tuple[str, str], ...] = ()  # (from, to), in the order played
    pours: tuple[Pour, ...] = ()
    taker: str = ""  # who takes the pot instead of the Round's winner
    sharer: str = ""  # who takes half the pot
    from_inn: frozenset[str] = frozenset()  # whose Gold payments the Inn makes
    provoked: bool = False  # Boss Otto has answered it (001: "exactly once")

    def reduction(self, name: str, stat: Stat) -> int:
        return sum(n for who, s, n in self.reduced if who == name and s is stat)


#: What the responses did when nobody has answered yet (and nothing was poured).
NOTHING_YET = Outcome()


def proactive(card: Card) -> bool:
    """A card played on its own (an Anytime card's effect), not as a response."""
    return _answer(card)[2]


def response_verb(card: Card) -> Step | None:
    """The step that makes ``card`` a response (its first response step)."""
    return _answer(card)[1]


def offered(card: Card) -> bool:
    """Whether a response window may ever offer ``card``: a Sometimes or Anytime card with
    a response step other than hitting back (offered after a loss instead, A-47), or an
    Anytime card played on its own (A-31)."""
    return _answer(card)[3]


def _answer(card: Card) -> tuple[tuple[Step, ...], Step | None, bool, bool]:
    """``card``'s steps, its first response step, whether it is played on its own and
    whether it is :func:`offered`, worked out once per card (kept beside its fields,
    checked against its very steps: a copy with other steps works them out again; issue
    19)."""
    kept = card._answer
    if kept is None or kept[0] is not card.steps:
        steps = card.steps
        step = next((s for s in steps if s.verb in RESPONSES), None)
        alone = bool(steps) and step is None
        kept = (steps, step, alone, card.kind in ANSWERING and (
            (step is not None and step.verb is not Verb.HIT_BACK)
            or (alone and card.kind is CardKind.ANYTIME)))
        object.__setattr__(card, "_answer", kept)
    return kept


def changes_a_drink(card: Card) -> bool:
    step = response_verb(card)
    return step is not None and (step.verb in DRINK_CHANGES or (
        step.verb in (Verb.NEGATE, Verb.IGNORE) and step.target is Target.DRINK))


def _matches(target: Target | None, played: Played, card: Card) -> bool:
    kind = played.card.kind if played.card is not None else None
    if target is Targets.ACTION:
        return kind is Kinds.ACTION or (played.card is not None and played.card.starts_round)
    if target is Targets.SOMETIMES:
        return kind in (Kinds.SOMETIMES, Kinds.ANYTIME)
    if target is Targets.CARD:
        return played.card is not None
    if target is Targets.ANY:
        return played.card is not None or played.event or any(p.live for p in played.pours)
    if target is Targets.DRINK:
        return any(p.live for p in played.pours)
    if target is Targets.EVENT:
        return played.event
    if target is Targets.DRINK_CHANGE:  # "cannot Negate another copy of itself"
        return (played.card is not None and changes_a_drink(played.card)
                and played.card.name != card.name)
    return False


@dataclass(frozen=True)
class Use:
    """One way ``player`` may play ``card`` now: for whom (a teammate defended) or on which
    Drink."""

    card: str
    verb: Verb
    beneficiaries: tuple[str, ...] = ()
    pours: tuple[int, ...] = ()
    alone: bool = False  # an Anytime card played for its own effect, not as an answer


def _steadfast(tavern: Tavern, played: Played) -> bool:
    """Whether the card ``played`` may not be Negated or Ignored by its player's rules."""
    if played.card is None or played.source not in tavern.seating().index:
        return False
    rules = characters.mechanics(tavern.player(played.source))
    return characters.changes(rules, "steadfast") and rules.steadfast(
        tavern, played.source, played.card)


#: The kinds of card that may answer (sets, not tuples of enum members: a member is slow
#: to look up and compare, and these are asked for every card of every window; issue 19).
ANSWERING = frozenset({CardKind.SOMETIMES, CardKind.ANYTIME})
_STOPS = frozenset({Verb.NEGATE, Verb.IGNORE})
_ON_POURS = frozenset({Target.DRINK, Target.ANY})
_LOSSES = frozenset({Verb.REDUCE, Verb.REDIRECT})


def uses(tavern: Tavern, played: Played, name: str, outcome: Outcome, card: Card,
         team: tuple[str, ...] | None = None, steadfast: bool | None = None) -> Use | None:
    """How ``name`` may play ``card`` in response to ``played`` now (None: not at all);
    ``team``: ``name`` and their teammates, and ``steadfast``: :func:`_steadfast`, when the
    caller knows them already."""
    if card.kind not in ANSWERING:
        return None
    step = _answer(card)[1]  # response_verb, one call fewer
    if step is None:
        return None
    verb = step.verb
    if verb is Verbs.HIT_BACK or name in tavern.resting:
        return None
    if verb is Verbs.TAKE_POT:  # Gerki's "Um...I know you think you won, but..."
        return Use(card.name, verb) if played.pot and not outcome.taker else None
    if verb is Verbs.SHARE_POT:  # Whitehawk's "What a coincidence, ... the same hand!"
        return Use(card.name, verb) if played.pot and not outcome.sharer \
            and name != (outcome.taker or played.source) else None
    if team is None:
        team = tavern.team_names(name)
    # (the Drinks on the table are looked at only for a card that changes a Drink or aims
    # at one: the others fall through to the tests below; issue 19)
    if played.pours and not outcome.negated and (verb in DRINK_CHANGES
                                                 or step.target in _ON_POURS):
        pours = outcome.pours or played.pours
        live = [i for i, p in enumerate(pours) if p.live]
        mine = [i for i in live if pours[i].drinker in team and not pours[i].ignored]
        if verb is Verbs.SPIKE or verb is Verbs.SWAP:
            if MIX_IN in card.icons:  # 000: "A Drink may have at most one Mix-in"
                live = [i for i in live if not pours[i].mixed]
            return Use(card.name, verb, pours=tuple(live)) if live else None
        if verb is Verbs.REPLACE_DRINK:  # a Drink your team would drink
            return Use(card.name, verb, pours=tuple(mine)) if mine else None
        if verb is Verbs.SPLIT or verb is Verbs.PASS:
            own = tuple(i for i in mine if pours[i].drinker == name and not pours[i].half)
            return Use(card.name, verb, pours=own) if own and tavern.others(name) \
                else None
        if step.target in _ON_POURS:
            if verb is Verbs.IGNORE:  # only a Drink that would affect you
                return Use(card.name, verb, pours=tuple(mine)) if mine else None
            if verb is Verbs.NEGATE:
                return Use(card.name, verb, pours=tuple(live)) if live else None
    if verb in DRINK_CHANGES:
        return None
    if verb in _STOPS and (_steadfast(tavern, played) if steadfast is None else steadfast):
        return None  # Wulfric feeling Stalwart: "may not play any card that would Negate or
        # Ignore that card"
    ours = played.source in team and not played.event and tavern.variant.edition >= 2
    if verb is Verbs.NEGATE:
        if not _matches(step.target, played, card) or ours or (name == played.source
                                                                and not played.event):
            return None  # not your own card, nor your teammate's (an Event is nobody's)
        if played.card is not None and played.card.activation and step.target in (
                Targets.ACTION, Targets.CARD):
            return None  # 002: "may not be played to stop a Minion from activating"
        if step.stat is not None and not any(step.stat in played.stats(m) for m in team):
            return None
        return Use(card.name, verb)
    if played.card is None and not played.event and not played.round:
        return None
    if verb is Verbs.IGNORE:
        if not _matches(step.target, played, card):
            return None
        if step.stat is Stats.GOLD and (played.round or played.source in team):
            return None
        sent = _sent(outcome)
        who = tuple(m for m in team if (played.involves(m) or m in sent)
                    and m not in outcome.ignored
                    and (step.stat is None or step.stat in played.stats(m)
                         or (step.stat is Stats.FORTITUDE and m in sent))
                    and (not ours or played.harmed(m) or m in sent))  # your team's card:
        # only what it makes you lose (Ignoring the card you chose to play does nothing)
        return Use(card.name, verb, who) if who else None
    if verb is Verbs.FROM_INN:  # "pay with Gold from the Inn"
        who = tuple(m for m in team if Stats.GOLD in played.harmed(m)
                    and m not in outcome.ignored and m not in outcome.from_inn)
        return Use(card.name, verb, who) if who and played.card is not None else None
    if verb in _LOSSES:
        stat = Stats.FORTITUDE if verb is Verbs.REDIRECT else step.stat
        sent = _sent(outcome)  # a redirected loss harms its new target
        who = tuple(m for m in team if (stat in played.harmed(m) or (
            stat is Stats.FORTITUDE and m in sent)) and m not in outcome.ignored
            and not any(f == m for f, _ in outcome.redirected))
        if verb is Verbs.REDIRECT and (not tavern.others(name) or not played.redirectable):
            return None
        return Use(card.name, verb, who) if who else None
    return None


_NO_NAMES: frozenset[str] = frozenset()


def _sent(outcome: Outcome) -> frozenset[str] | set[str]:
    """The players a loss was redirected to (none made when nothing was redirected, as
    for most answers asked of each card in hand: issue 19)."""
    return {to for _, to in outcome.redirected} if outcome.redirected else _NO_NAMES


def concerned(tavern: Tavern, played: Played, name: str) -> bool:
    """Whether what was played would affect ``name``'s team (the players offered their
    Anytime cards in its window, besides its answers)."""
    team = {p.name for p in tavern.team(name)}
    return bool(team & (played.involved | {p.drinker for p in played.pours}))


def respond(tavern: Tavern, played: Played, outcome: Outcome | None = None
            ) -> Resolution[tuple[Tavern, Outcome]]:
    """The response window (module docstring). It closes when everyone passes, or at once
    when the original is Negated. Returns the table and the :class:`Outcome`."""
    answers = zones.answers
    if outcome is None:  # (one unchanged Outcome shared when nothing was poured: a frozen
        # dataclass's __init__ costs a microsecond, and most cards pour nothing; issue 19)
        outcome = Outcome(pours=played.pours) if played.pours else NOTHING_YET
    if tavern.variant.otto is not None:  # "his response always happens before any other"
        tavern, outcome = yield from _otto(tavern, played, outcome)
    if (played.card is not None and played.card.unanswerable) or outcome.negated:
        return tavern, outcome
    declined: set[str] = set()  # offered their Anytime cards on their own, and passed
    # a card of the team's own: no Anytime card offered on its own in its window (the rules'
    # edition 2: they are offered when nothing is being played, and may be played then)
    own = played.card is not None and not played.event and not played.pours \
        and tavern.variant.edition >= 2
    while True:
        order = tavern.order_from(played.source) if not tavern.player(played.source).out \
            else [p.name for p in tavern.others(played.source)]
        options: dict[str, dict[str, Use]] = {}
        kinds: dict[str, dict[str, CardKind]] = {}
        steadfast: bool | None = None  # _steadfast, asked once a round of the table
        for name in order:
            usable: dict[str, Use] = {}
            kind: dict[str, CardKind] = {}  # the kind of each usable card
            team: tuple[str, ...] | None = None
            for card in answers(tavern, name):  # only cards it may offer (offered)
                if card.name in usable:
                    continue  # a copy of a card already usable (only the first is kept)
                if team is None:
                    team = tavern.team_names(name)
                if steadfast is None:
                    steadfast = _steadfast(tavern, played)
                use = uses(tavern, played, name, outcome, card, team, steadfast)
                if use is None and card.kind is Kinds.ANYTIME and proactive(card) \
                        and name not in tavern.resting and name not in declined \
                        and concerned(tavern, played, name) and not (
                            own and played.source in tavern.team_names(name)):
                    use = Use(card.name, Verbs.HANDLER, alone=True)  # any Anytime card
                if use is not None:
                    usable[card.name] = use
                    kind[card.name] = card.kind  # (known here: playable not gone through
                    # again for it; issue 19)
            if usable:
                options[name] = usable
                kinds[name] = kind
        if not options:
            return tavern, outcome
        tiers = [True, False] if any(Kinds.ANYTIME in k.values() for k in kinds.values()) \
            else [False]
        answered = False
        pours = outcome.pours or played.pours
        shown = evolve(tavern, pouring=tuple((p.drinker, p.label, p.alcohol) for p in pours
                                              if p.live and not p.ignored)) if pours else tavern
        for anytime_only in tiers:
            for name in order:
                offers = options.get(name)
                if offers is None:
                    continue  # (nothing to offer: no dictionary made; issue 19)
                usable = {u: use for u, use in offers.items()
                          if kinds[name][u] is Kinds.ANYTIME} if anytime_only else offers
                if not usable or (len(tiers) > 1 and not anytime_only and all(
                        kinds[name][u] is Kinds.ANYTIME for u in usable)):
                    continue  # (only Anytime cards, already offered this time round)
                what = "an Anytime card" if anytime_only else "a card"
                choice = yield Decision("respond", f"{name}: respond to {played.label} "
                                        f"with {what}?", (PASS, *sorted(usable)),
                                        Decider.PLAYER, name, state=shown, detail=played)
                if choice == PASS:
                    if any(u.alone for u in usable.values()):
                        declined.add(name)  # asked once a window (issue 22)
                    continue
                from tales.tavern.rdi.effects import play_card, resolve_response

                if usable[choice].alone:
                    tavern, card = yield from zones.take_card(tavern, name, choice)
                    tavern, _ = yield from play_card(tavern, name, card)
                else:
                    tavern, outcome = yield from resolve_response(tavern, played, outcome,
                                                                  name, usable[choice])
                answered = True
                break
            if answered:
                break
        if answered and not outcome.negated and tavern.variant.otto is not None:
            tavern, outcome = yield from _otto(tavern, played, outcome)  # a Drink passed
        if not answered or outcome.negated:  # or split with him, his card redirected to him
            return tavern, outcome


def _otto(tavern: Tavern, played: Played, outcome: Outcome
          ) -> Resolution[tuple[Tavern, Outcome]]:
    from tales.tavern.rdi.otto import provoked

    return (yield from provoked(tavern, played, outcome))


#: The attribute a step of each of these verbs changes directly.
_CHANGED = {Verb.FORTITUDE: Stat.FORTITUDE, Verb.ALCOHOL: Stat.ALCOHOL, Verb.PAY: Stat.GOLD,
            Verb.COLLECT: Stat.GOLD}
#: The verbs whose every change is a loss (Gold paid; a character's step).
_HARMING = frozenset({Verb.PAY, Verb.HANDLER})


def affected_by(steps: tuple[Step, ...], name: str, targets: dict[Who, list[str]]
                ) -> tuple[tuple[tuple[str, frozenset[Stat]], ...],
                           tuple[tuple[str, frozenset[Stat]], ...]]:
    """Who ``steps`` (of a card played by ``name``) would change directly, and how: the
    ``affects`` and ``harms`` of a :class:`Played`."""
    affects: dict[str, set[Stat]] = {}
    harms: dict[str, set[Stat]] = {}
    for step in steps:
        if step.verb is Verbs.HANDLER and step.handler in UNFELT:
            continue
        for who in targets.get(step.who, []):
            affects.setdefault(who, set())
        stat = _CHANGED.get(step.verb)
        if step.verb is Verbs.HANDLER:  # a character's step says what it changes (Keet's
            stat = step.stat  # taking an Artifact: affecting = "gold")
        if stat is None:
            continue
        for who in targets.get(step.who, []):
            affects.setdefault(who, set()).add(stat)
            if step.verb is Verbs.PAY:
                receiver = None if step.to_inn or who == name else name
                if receiver is not None:
                    affects.setdefault(receiver, set()).add(Stats.GOLD)
            harmful = (step.verb is Verbs.FORTITUDE and step.amount < 0) or (
                step.verb is Verbs.ALCOHOL and step.amount > 0) or step.verb in _HARMING
            if harmful:
                harms.setdefault(who, set()).add(stat)
    return (tuple((n, frozenset(s)) for n, s in affects.items()),
            tuple((n, frozenset(s)) for n, s in harms.items()))


# Last: zones imports this module's names, and every response window asks it what each
# player holds (imported once here, not by an import statement run at every window; issue
# 19).
from tales.tavern.rdi import zones  # noqa: E402
