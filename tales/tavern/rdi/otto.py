"""Boss Otto, the mechanical Boss (001, "Boss Otto", "Boss Otto - Advanced", "Boss Otto -
Other Rules"): his setup, his four-phase turn, his answer to a Provocation from his
Sometimes Deck, his Gambling Deck, his Components, his Potions and every choice he makes.

Nobody plays Boss Otto: :func:`automated` answers each Decision the rules ask of him by
"Boss Otto's Choices" (the Priority Target when he picks a player, never paying or drawing
when he may choose not to, at random otherwise, as a chance Decision so a game replays from
its seed). His numbers and tokens are :mod:`tales.tavern.rdi.ottodata`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import pick, shuffle
from tales.tavern.rdi import characters
from tales.tavern.rdi.model import (
    RESPONSES,
    Card,
    CardKind,
    Minion,
    Stat,
    Step,
    Tavern,
    Verb,
    Who,
)
from tales.tavern.rdi.ottodata import (
    ACTIONS,
    BUYS_AT,
    DECKS,
    FACTIONS_A_GAME,
    GAMBLING,
    OTTO,
    POTION_LINE,
    PRIORITY,
    SOMETIMES,
    THRIFTY,
    OttoCard,
    OttoRules,
    Subtype,
    challengers,
    gain_threat,
    prepared,
    reset_threat,
    target,
    threat,
)
from tales.tavern.rdi.stats import gold
from tales.tavern.rdi.timing import PASS, Outcome, Played, affected_by, halves, response_verb
from tales.tavern.rdi.zones import discard_card, take_card

T = TypeVar("T")
#: The Decisions in which Otto picks a player: he picks the Priority Target (001: "If a
#: non-Otto card would cause Otto to pick a player, he chooses the Priority Target"; rule 3
#: for splitting).
PICKS = frozenset({"target", "order", "whom", "split-partner", "force-out", "defend"})
#: Marks a Round of Gambling started by one of his Actions: the Challengers played a
#: Gambling or Cheating Card in it.
GAMBLED = "challengers gambled"
WATCHING = "watching the Round"  # one of his Actions started the Round going on
SIDEWAYS = "turned sideways"
CARD = "card"  # a Provocation that is a Challenger's card (or an equivalent effect)
DRINK = "drink"  # a Provocation that is a Drink
REDIRECTED = "redirected"  # one of his own cards redirected to him
TRIGGERED = "triggered"  # a character's effect "that can be similarly responded to"


def rules_of(tavern: Tavern) -> OttoRules:
    rules = tavern.variant.otto
    assert rules is not None, "not a Boss Otto game"
    return rules


# --- his choices --------------------------------------------------------------------------


def automated(resolution: Generator[Decision[Any], Any, T]
              ) -> Generator[Decision[Any], Any, T]:
    """``resolution`` with every Decision of Boss Otto's answered by his rules (and the
    Challengers' choice of a Champion: "the Priority Target is automatically the team's
    Champion"); every other Decision is passed on."""
    answer: Any = None
    while True:
        try:
            decision = resolution.send(answer)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        if his(decision):
            answer = yield from choose(decision)
        else:
            answer = yield decision


def his(decision: Decision[Any]) -> bool:
    """Whether Boss Otto's rules answer ``decision``."""
    tavern = decision.state
    if decision.decider is not Decider.PLAYER or not isinstance(tavern, Tavern) or \
            tavern.variant.otto is None:
        return False
    return decision.figure == OTTO or (decision.kind == "champion" and any(
        o == target(tavern) for o in decision.options))


def choose(decision: Decision[Any]) -> Resolution[Any]:
    """Boss Otto's Choices, the first rule that applies (001, "Boss Otto's Choices")."""
    from tales.tavern.rdi.effects import POTION_EFFECTS

    tavern = decision.state
    assert isinstance(tavern, Tavern)
    options = list(decision.options)
    aim = target(tavern)
    if decision.kind == "champion" or (decision.kind in PICKS and aim in options):
        return aim
    if decision.kind == "stay":  # rule 2: he does not lose Fortitude to stay
        return options[-1]
    if decision.kind == "buy":  # Phrenk: "If Boss Otto has 5 or more Gold, he will buy
        if tavern.mat(OTTO).gold < BUYS_AT:  # the offered Potion with a 50% probability"
            return options[0]
        return (yield from pick(options, f"whether {OTTO} buys"))
    if decision.kind == "buff" and "yes" in options:  # Karl's Buff Token: "he plays it at
        return "yes"  # the first legal opportunity"
    if PASS in options:  # a card he holds (a Prize...) he plays at the first opportunity;
        plays = [o for o in options if o != PASS and o not in POTION_EFFECTS  # his
                 and o not in _dexterous(tavern) and o not in _spared(tavern)]
        if not plays:  # Potions only by their own rule
            return PASS
        return (yield from pick(plays, f"{OTTO}'s card to play"))
    if "no" in options:  # rule 2: he spends nothing he may keep
        return "no"
    return (yield from pick(options, f"{OTTO}'s choice"))  # rules 4, 10 and 11


def _dexterous(tavern: Tavern) -> set[str]:
    """The Dexterity Cards he holds or keeps: he never plays one ("Boss Otto Ignores that
    card")."""
    return {c.name for c in tavern.player(OTTO).cards if c.dexterity}


def _spared(tavern: Tavern) -> set[str]:
    """The cards he holds that count as Gold (Keet's Artifacts), while he has 4 or fewer
    total Gold: he does not play them (rule 7: "If Otto has 4 or fewer Gold and is given
    the choice to spend or lose Gold, he chooses not to"; Keet: "If he has 4 or fewer total
    Gold, he will no longer play Artifacts and will instead treat them only as Gold")."""
    counting = characters.every(tavern, "counts_as_gold")
    if not counting or gold(tavern, OTTO) > THRIFTY:
        return set()
    return {c.name for c in tavern.player(OTTO).cards
            if any(rules.counts_as_gold(c) for _, rules in counting)}


# --- setup and his turn --------------------------------------------------------------------


def set_up(tavern: Tavern) -> Resolution[Tavern]:
    """Two factions' hybrid decks, shuffled; the Threat Level at the number of Challengers;
    the Priority Target token to a random Challenger; the Potion Token Imbalance."""
    rules = rules_of(tavern)
    factions = rules.factions
    if not factions:
        first = yield from pick(rules.names, "Boss Otto's first faction")
        second = yield from pick([f for f in rules.names if f != first],
                                 "Boss Otto's second faction")
        factions = (first, second)
    unknown = [f for f in factions if f not in rules.names]
    if unknown or len(set(factions)) != FACTIONS_A_GAME:
        raise ValueError(f"Boss Otto plays two factions of: {', '.join(rules.names)}")
    cards = rules.in_play(factions)
    for pile in dict.fromkeys(DECKS.values()):
        deck = yield from shuffle([c.card for c in cards if DECKS[c.card.kind] == pile],
                                  f"the {pile} deck")
        tavern = tavern.with_pile(pile, deck)
    tavern = reset_threat(tavern)
    first_target = yield from pick(challengers(tavern), "the Priority Target")
    tavern = tavern.with_player(tavern.player(first_target).with_count(PRIORITY, 1))
    if rules.extra_potions:
        from tales.tavern.rdi.effects import POTION

        otto = tavern.player(OTTO)
        tavern = tavern.with_player(otto.with_count(POTION, otto.count(POTION)
                                                    + rules.extra_potions))
    return tavern.note(f"{OTTO}: {' and '.join(factions)}; Threat Level {threat(tavern)}; "
                       f"{first_target} is the Priority Target")


def turn(tavern: Tavern) -> Resolution[Tavern]:
    """His four phases (001, "Boss Otto's Turn"): Prepare Actions (as many as his Threat
    Level says), Reset Threat, play them in a random order; Activate Components; Order 1
    Drink for each Challenger, from the Priority Target; Drink (not on his first turn)."""
    from tales.tavern.rdi.drinks import drink_phase, order_drink
    from tales.tavern.rdi.rules import settle

    tavern = tavern.note(f"Turn {tavern.turn}: {OTTO}")
    for player, rules in characters.every(tavern, "start_of_turn"):
        tavern = yield from rules.start_of_turn(tavern, player.name, OTTO)
    count = prepared(tavern)
    tavern, dealt = yield from _kept_actions(tavern, count)
    for _ in range(count - len(dealt)):
        tavern, card = yield from reveal(tavern, ACTIONS)
        if card is not None:
            dealt.append(card)
    tavern = reset_threat(tavern)
    tavern = tavern.note(
        f"{OTTO} prepares {len(dealt)} Action{'s' if len(dealt) != 1 else ''}; his Threat "
        f"Level resets to {threat(tavern)}")
    order = yield from shuffle(dealt, "Boss Otto's prepared Actions")
    for n, card in enumerate(order):
        if tavern.winners is not None or tavern.player(OTTO).out:
            for rest in order[n:]:
                tavern = discard_card(tavern, rest, OTTO)
            return tavern
        tavern = yield from play_action(tavern, card)
        tavern = yield from settle(tavern)
        if n == 0:
            tavern = _first_action_played(tavern)
    if not order:
        tavern = _first_action_played(tavern)
    for component in components(tavern, Subtype.ACTIVE):
        if tavern.winners is not None or tavern.minion(component.name) is None:
            break
        tavern, _ = yield from _play(tavern, component.card, label=component.name,
                                     via=component.name)
        tavern = yield from settle(tavern)
    if tavern.winners is not None:
        return tavern
    seats = [n for n in challengers(tavern) if not tavern.player(n).out]
    start = seats.index(target(tavern)) if target(tavern) in seats else 0
    for whom in seats[start:] + seats[:start]:
        tavern = yield from order_drink(tavern, OTTO, whom)
    if tavern.turn > 1:  # "On Otto's first turn of the game, Otto does not drink"
        tavern = yield from drink_phase(tavern, OTTO)
        tavern = yield from settle(tavern)
    else:
        tavern = tavern.note(f"{OTTO} does not drink on his first turn")
    return tavern


def _first_action_played(tavern: Tavern) -> Tavern:
    """His Action Phase as the characters' rules see it ends with his first Action (001,
    Natyl: "if Boss Otto has one or more Power Jinxes, they affect only the first Action
    Boss Otto plays on his turn. Later Actions are unaffected. Power Jinxes have no effect
    on Components"): a Power Jinx goes back to Natyli then."""
    for player, rules in characters.every(tavern):
        tavern = rules.after_action_phase(tavern, player.name, OTTO)
    return tavern


def _kept_actions(tavern: Tavern, count: int) -> Resolution[tuple[Tavern, list[Card]]]:
    """Cards he received to play as Actions (a Prize he won): each "counts as one of Boss
    Otto's Actions on his next turn, replacing a reveal from his Action Deck"; with more
    than he may play, those played are picked at random, the rest kept."""
    spared = _spared(tavern)
    held = [c for c in tavern.player(OTTO).kept if c.kind is CardKind.ACTION
            and not c.dexterity and c.name not in spared]  # "Boss Otto Ignores that card"
    chosen: list[Card] = []
    while held and len(chosen) < count:
        card = yield from pick(held, f"{OTTO}'s kept Action")
        held.remove(card)
        chosen.append(card)
    if not chosen:
        return tavern, []
    otto = tavern.player(OTTO)
    kept = list(otto.kept)
    for card in chosen:
        kept.remove(card)
    return tavern.with_player(evolve(otto, kept=tuple(kept))), chosen


def reveal(tavern: Tavern, pile: str) -> Resolution[tuple[Tavern, Card | None]]:
    """The top card of one of his decks; an empty deck is its discards shuffled (001: "If
    one of Boss Otto's decks runs out, shuffle that deck's discards")."""
    cards = tavern.pile(pile)
    if not cards:
        cards = yield from shuffle(tavern.pile(f"{pile} discard"), f"the {pile} discards")
        tavern = tavern.with_pile(f"{pile} discard", ())
        if not cards:
            return tavern, None
    return tavern.with_pile(pile, tuple(cards[:-1])), cards[-1]


def play_action(tavern: Tavern, card: Card) -> Resolution[Tavern]:
    """One of his prepared Actions: a Component is installed; an Action that starts a Round
    of Gambling starts it (and may raise his Threat); any other is played like a card."""
    from tales.tavern.rdi.gambling import start_round

    extra = rules_of(tavern).extra(card)
    tavern = tavern.note(f"{OTTO} reveals {card.name}")
    if extra is not None and extra.component:
        return (yield from install(tavern, card))
    if card.starts_round:
        otto = tavern.player(OTTO)
        tavern = yield from start_round(tavern.with_player(otto.with_count(WATCHING, 1)),
                                        OTTO, card)
        gambled = tavern.player(OTTO).count(GAMBLED)
        tavern = tavern.with_player(tavern.player(OTTO).with_count(GAMBLED, 0).with_count(
            WATCHING, 0))
        if extra is not None and extra.threat_unless_gambled and not gambled:
            tavern = gain_threat(tavern.note(
                "the Challengers played no Gambling or Cheating Card"),
                extra.threat_unless_gambled)
        return tavern
    tavern, _ = yield from _play(tavern, card)
    return tavern


def _play(tavern: Tavern, card: Card, label: str = "", via: str = ""
          ) -> Resolution[tuple[Tavern, Outcome]]:
    from tales.tavern.rdi.effects import play_card

    if via:  # a Component's activation: answered like an Action Card; it stays installed
        return (yield from play_card(tavern, OTTO, card, label=label, discard=False, via=via))
    return (yield from play_card(tavern, OTTO, card, label=label))


def gambled(tavern: Tavern, name: str, card: Card) -> Tavern:
    """A Challenger played a Gambling or Cheating Card in the Round."""
    if tavern.variant.otto is None or name == OTTO or card.kind not in (
            CardKind.GAMBLING, CardKind.CHEATING) or not tavern.player(OTTO).count(WATCHING):
        return tavern
    return tavern.with_player(tavern.player(OTTO).with_count(GAMBLED, 1))


def gamble(tavern: Tavern, winning_hand: bool) -> Resolution[tuple[Tavern, str]]:
    """His turn to act in a Round of Gambling: the top card of his Gambling Deck, put in his
    hand to be played, or discarded with none of its effects when it would be an illegal
    play (a Gambling Card after a Winning Hand!): then he passes."""
    spared = _spared(tavern)
    held = [c for c in tavern.player(OTTO).kept if not c.dexterity and c.name not in spared
            and (c.kind is CardKind.CHEATING or (c.kind is CardKind.GAMBLING
                                                 and not winning_hand))]
    if held:  # "Boss Otto plays it instead of revealing a card from his Gambling Deck"
        card = yield from pick(held, f"{OTTO}'s kept Gambling or Cheating Card")
        return tavern, card.name
    tavern, top = yield from reveal(tavern, GAMBLING)
    if top is None:
        return tavern, PASS
    card = top
    extra = rules_of(tavern).extra(card)
    if extra is not None and extra.passes:  # "follow the instructions": he passes
        return discard_card(tavern, card, OTTO).note(
            f"{OTTO} reveals {card.name}: he passes"), PASS
    if card.kind is CardKind.GAMBLING and winning_hand:
        return discard_card(tavern, card, OTTO).note(
            f"{OTTO} reveals {card.name}, which he cannot play now: he passes"), PASS
    otto = tavern.player(OTTO)
    return tavern.with_player(evolve(otto, hand=(*otto.hand, card))).note(
        f"{OTTO} reveals {card.name}"), card.name


# --- Components ----------------------------------------------------------------------------


def components(tavern: Tavern, subtype: Subtype | None = None) -> list[Minion]:
    """His installed Components, left to right (of ``subtype``)."""
    rules = tavern.variant.otto
    if rules is None:
        return []
    found = []
    for minion in tavern.minions:
        extra = rules.extra(minion.card)
        if minion.controller == OTTO and extra is not None and (
                subtype is None or extra.subtype is subtype):
            found.append(minion)
    return found


def install(tavern: Tavern, card: Card) -> Resolution[Tavern]:
    """A revealed Component: players may respond to it before it is installed (001:
    "Players may respond to a revealed Component before it is installed"), then it goes
    to the right of the others."""
    from tales.tavern.rdi.effects import _unused
    from tales.tavern.rdi.timing import respond

    tavern, outcome = yield from respond(tavern, Played(OTTO, card.name, card))
    if outcome.negated:
        return discard_card(tavern, card, OTTO).note(f"{card.name} is Negated")
    minion = Minion(_unused(tavern, card.name, OTTO), OTTO, card)
    return evolve(tavern, minions=(*tavern.minions, minion)).note(
        f"{OTTO} installs {minion.name}")


def component_hit(tavern: Tavern, minion: Minion) -> Tavern:
    """A Component that loses Fortitude is removed from the game (not discarded); a Tough
    Component is turned sideways the first time."""
    mark = f"{minion.name} {SIDEWAYS}"
    otto = tavern.player(OTTO)
    if rules_of(tavern).tough_components and not otto.count(mark):
        return tavern.with_player(otto.with_count(mark, 1)).note(
            f"{minion.name} is turned sideways")
    tavern = tavern.with_player(otto.with_count(mark, 0))
    return evolve(tavern, minions=tuple(m for m in tavern.minions if m.name != minion.name)
                   ).note(f"{minion.name} is removed from the game")


# --- Provocations --------------------------------------------------------------------------


def provocation(tavern: Tavern, played: Played, outcome: Outcome) -> str | None:
    """What kind of Provocation ``played`` is to Boss Otto now (None: none, or he has
    answered it already: "Otto responds to each Provocation exactly once")."""
    if tavern.variant.otto is None or outcome.provoked or tavern.player(OTTO).out:
        return None
    if played.card is not None and played.card.dexterity:
        return None  # "Boss Otto Ignores that card"
    if played.card is not None and not played.event and not played.round:
        if played.source == OTTO:
            return REDIRECTED if any(to == OTTO for _, to in outcome.redirected) else None
        installed = {m.name for m in components(tavern)}
        if played.card.kind in (CardKind.ACTION, CardKind.SOMETIMES, CardKind.ANYTIME) and (
                played.stats(OTTO) or any(Stat.FORTITUDE in played.harmed(c)
                                          for c in installed)):
            # a character's effect answered like an Action (a Scarab's bite) provokes him,
            # "but 'Player' responses will Whiff"
            return TRIGGERED if played.card.virtual and played.card.kind is \
                CardKind.ACTION else CARD
        return None
    pours = outcome.pours or played.pours
    if any(p.drinker == OTTO and p.live and (played.source == OTTO or p.revealer == OTTO
                                             or p.passed or p.half) for p in pours):
        return DRINK
    return None


def provoked(tavern: Tavern, played: Played, outcome: Outcome
             ) -> Resolution[tuple[Tavern, Outcome]]:
    """Boss Otto answers a Provocation before anyone else: he reveals the top card of his
    Sometimes Deck (a Component is installed; a subtype's card that cannot touch this kind
    of Provocation Whiffs), then his Passive Components modify it."""
    kind = provocation(tavern, played, outcome)
    if kind is None:
        return tavern, outcome
    outcome = evolve(outcome, provoked=True)
    tavern, outcome, played_his = yield from _kept_responses(tavern, played, outcome)
    card = None
    if not played_his:
        tavern, card = yield from reveal(tavern, SOMETIMES)
    if card is not None:
        tavern = tavern.note(f"{OTTO} is provoked by {played.label}: he reveals {card.name}")
        extra = rules_of(tavern).extra(card) or OttoCard(card, "")
        if extra.component:
            tavern = yield from install(tavern, card)
        else:
            tavern, outcome = yield from _sometimes(tavern, played, outcome, extra, kind)
    for component in components(tavern, Subtype.PASSIVE):
        step = response_verb(component.card)
        if step is not None:
            tavern, outcome = apply(tavern, played, outcome, step, kind, component.name)
    return tavern, outcome


def _kept_responses(tavern: Tavern, played: Played, outcome: Outcome
                    ) -> Resolution[tuple[Tavern, Outcome, bool]]:
    """Sometimes cards he received (a Prize he won) that answer the Provocation: "If he plays
    such a Sometimes effect in response to a Provocation, he does not reveal a response
    from his Sometimes Deck"; he plays every one that applies ("even if their abilities
    would be redundant or opposing"). True if he played one."""
    from tales.tavern.rdi.effects import resolve_response
    from tales.tavern.rdi.timing import uses

    played_one = False
    spared = _spared(tavern)
    for card in [c for c in tavern.player(OTTO).kept if c.kind is CardKind.SOMETIMES
                 and not c.dexterity and c.name not in spared]:
        if outcome.negated:
            break
        use = uses(tavern, played, OTTO, outcome, card)
        if use is not None and not use.alone:
            tavern, outcome = yield from resolve_response(tavern, played, outcome, OTTO, use)
            played_one = True
    return tavern, outcome, played_one


def _sometimes(tavern: Tavern, played: Played, outcome: Outcome, extra: OttoCard, kind: str
               ) -> Resolution[tuple[Tavern, Outcome]]:
    """His revealed Sometimes card: the Challengers may answer it; unless Negated, its
    response works on the Provocation and its other steps happen (or its Whiff)."""
    from tales.tavern.rdi.effects import carry_out, hit_back
    from tales.tavern.rdi.timing import respond

    card = extra.card
    fits = extra.subtype is Subtype.NONE or (extra.subtype is Subtype.PLAYER and kind == CARD) \
        or (extra.subtype is Subtype.DRINK and kind == DRINK)
    steps = card.steps if fits else extra.whiff
    side = tuple(s for s in steps if s.verb not in RESPONSES)
    chosen = {Who.YOU: [OTTO], Who.TARGET: [target(tavern)], Who.ANY: [target(tavern)],
              Who.EACH_OTHER: [n for n in challengers(tavern) if not tavern.player(n).out],
              Who.EACH: [OTTO, target(tavern)]}
    affects, harms = affected_by(side, OTTO, chosen)
    tavern, against = yield from respond(tavern, Played(OTTO, card.name, card, affects, harms))
    tavern = discard_card(tavern, card, OTTO)
    if against.negated:
        return tavern.note(f"{card.name} is Negated"), outcome
    if not fits:
        tavern = tavern.note(f"{card.name} Whiffs")
    step = response_verb(card)
    if fits and step is not None:
        tavern, outcome = apply(tavern, played, outcome, step, kind, card.name)
    if side:
        tavern, losses = yield from carry_out(tavern, OTTO, side, chosen)
        tavern = yield from hit_back(tavern, losses)
    return tavern, outcome


def apply(tavern: Tavern, played: Played, outcome: Outcome, step: Step, kind: str,
          label: str) -> tuple[Tavern, Outcome]:
    """Boss Otto's response ``step`` on the Provocation: on a Drink, only his own portion
    (Negated, Ignored, reduced toward zero, raised or lowered, split with the Priority
    Target rounding toward zero, passed to them); on a card, Negated, Ignored, his loss
    reduced or redirected to the Priority Target. Against a card that cannot be reduced,
    Negated or Ignored, that part fails."""
    verb = step.verb
    if kind == DRINK:
        pours = outcome.pours or played.pours
        mine = [i for i, p in enumerate(pours) if p.drinker == OTTO and p.live
                and not p.ignored]
        if not mine:
            return tavern, outcome
        i = mine[0]
        pour = pours[i]
        if verb is Verb.NEGATE:
            pours = _set(pours, i, evolve(pour, negated=True))
            return tavern.note(f"{label}: {OTTO} Negates his {pour.label}"), evolve(
                outcome, pours=pours, negated=not any(p.live for p in pours))
        if verb is Verb.IGNORE:
            pours = _set(pours, i, evolve(pour, ignored=True))
            return tavern.note(f"{label}: {OTTO} Ignores {pour.label}"), evolve(
                outcome, pours=pours)
        if verb is Verb.REDUCE:  # "it moves that value toward zero"
            new = evolve(pour, alcohol=_toward_zero(pour.alcohol, step.amount),
                          fortitude=_toward_zero(pour.fortitude, step.amount))
            return tavern.note(f"{label}: {pour.label} now gives {new.alcohol} Alcohol"), \
                evolve(outcome, pours=_set(pours, i, new))
        if verb is Verb.SPIKE:
            alcohol = pour.alcohol + step.amount
            alcohol = 0 if alcohol * pour.alcohol < 0 else alcohol
            return tavern.note(f"{label}: {pour.label} now gives {alcohol} Alcohol"), \
                evolve(outcome, pours=_set(pours, i, evolve(pour, alcohol=alcohol)))
        if verb is Verb.SWAP:
            gained = max(pour.alcohol, 0)
            new = evolve(pour, alcohol=pour.alcohol - gained, fortitude=pour.fortitude
                          + gained)
            return tavern.note(f"{label}: {pour.label} gives Fortitude instead"), evolve(
                outcome, pours=_set(pours, i, new))
        if verb is Verb.REPLACE_DRINK:  # the card's other steps happen instead
            new = evolve(pour, alcohol=0, fortitude=0, draw=0, gains=())
            return tavern.note(f"{label}: {pour.label}'s effects are replaced"), evolve(
                outcome, pours=_set(pours, i, new))
        if verb is Verb.SPLIT and not pour.half:
            first, second = halves(pour, target(tavern))
            return tavern.note(f"{label}: {OTTO} splits {pour.label} with "
                               f"{target(tavern)}"), evolve(
                outcome, pours=(*pours[:i], first, second, *pours[i + 1:]))
        if verb is Verb.PASS:
            new = evolve(pour, drinker=target(tavern), passed=True)
            return tavern.note(f"{label}: {OTTO} passes {pour.label} to {target(tavern)}"), \
                evolve(outcome, pours=_set(pours, i, new))
        return tavern, outcome
    if played.card is not None and played.card.unanswerable and verb in (
            Verb.NEGATE, Verb.IGNORE, Verb.REDUCE):
        return tavern.note(f"{label} cannot change {played.label}"), outcome
    if verb is Verb.NEGATE and played.card is not None and played.card.activation:
        verb = Verb.IGNORE  # "If Boss Otto would Negate a Minion activation, he Ignores it"
    if verb is Verb.NEGATE:
        return tavern.note(f"{label}: {played.label} is Negated"), evolve(outcome,
                                                                           negated=True)
    if verb is Verb.IGNORE and played.stats(OTTO):
        return tavern.note(f"{label}: {OTTO} Ignores {played.label}"), evolve(
            outcome, ignored=outcome.ignored | {OTTO})
    if verb is Verb.REDUCE and step.stat is not None and step.stat in played.harmed(OTTO):
        return tavern.note(f"{label}: {OTTO}'s {step.stat.value} loss is reduced by "
                           f"{step.amount}"), evolve(
            outcome, reduced=(*outcome.reduced, (OTTO, step.stat, step.amount)))
    if verb is Verb.REDIRECT and Stat.FORTITUDE in played.harmed(OTTO) and not any(
            origin == OTTO for origin, _ in outcome.redirected):
        return tavern.note(f"{label}: {OTTO} redirects the Fortitude loss to "
                           f"{target(tavern)}"), evolve(
            outcome, redirected=(*outcome.redirected, (OTTO, target(tavern))))
    return tavern, outcome


def _toward_zero(value: int, by: int) -> int:
    return max(abs(value) - by, 0) * (1 if value >= 0 else -1)


def _set(pours: tuple[Any, ...], index: int, new: Any) -> tuple[Any, ...]:
    return (*pours[:index], new, *pours[index + 1:])


# --- what he receives ----------------------------------------------------------------------


def received(tavern: Tavern) -> Resolution[Tavern]:
    """Cards and abilities given to Boss Otto that he can play now (001, "Receiving Playable
    Cards or Objects"): "Anytime: If the effect can be played at any time, Boss Otto plays
    it immediately" (a Potion he bought from Phrenk); a Blessing from Murgath "he will play
    it immediately for its healing, even if he is at 20 Fortitude" (before his Potion
    Tokens), or, with no healing, keeps it to play "at the first legal opportunity"."""
    if tavern.variant.otto is None or tavern.player(OTTO).out:
        return tavern
    from tales.tavern.rdi.effects import play_card  # (after the check: every settle asks)

    rules = rules_of(tavern)
    for _ in range(len(tavern.player(OTTO).hand) + len(tavern.player(OTTO).kept)):
        otto = tavern.player(OTTO)
        heal = next((c.name for _, c in characters.abilities(tavern, OTTO)
                     if c.kind is CardKind.ANYTIME and c.virtual), None)
        now = heal or next((c.name for c in otto.kept if c.kind is CardKind.ANYTIME
                            and c.steps and not c.dexterity and rules.extra(c) is None), None)
        if now is not None:
            tavern, card = yield from take_card(tavern, OTTO, now)
            tavern, _ = yield from play_card(tavern, OTTO, card)
            continue
        given = next((c for c in otto.hand if rules.extra(c) is None and c.kind not in (
            CardKind.GAMBLING, CardKind.CHEATING)), None)
        if given is None:
            return tavern
        hand = list(otto.hand)
        hand.remove(given)
        tavern = tavern.with_player(evolve(otto, hand=tuple(hand), kept=(*otto.kept, given)))
    return tavern


# --- Potions -------------------------------------------------------------------------------


def potions(tavern: Tavern) -> Tavern:
    """"If Otto's Fortitude is less than or equal to his Alcohol Content, he will consume a
    Potion" (Alcohol down 6 at 11 Fortitude or more, else 6 Fortitude); "If Otto runs out of
    Gold, he'll consume a Potion to gain 3 Gold from the Inn"."""
    if tavern.variant.otto is None or tavern.player(OTTO).out:
        return tavern
    from tales.tavern.rdi.effects import POTION, drink_potion  # (after the check, as above)

    while (otto := tavern.player(OTTO)).count(POTION) and otto.fortitude <= otto.alcohol:
        tavern = drink_potion(tavern, OTTO, "Potion Token: lose 6 Alcohol Content"
                              if otto.fortitude >= POTION_LINE
                              else "Potion Token: gain 6 Fortitude")
    if (otto := tavern.player(OTTO)).count(POTION) and otto.gold <= 0 and \
            gold(tavern, OTTO) <= 0:  # an Artifact of Keet's "counts as a Gold"
        tavern = drink_potion(tavern, OTTO, "Potion Token: gain 3 Gold from the Inn")
    return tavern
