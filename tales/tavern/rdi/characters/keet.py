"""Keet the Treasure Hunter (seed 000, "Keet the Treasure Hunter"; seed 002's team notes): his
Artifact Deck, whose cards count as Gold.

The Artifact Deck is the sub-deck ``pile = "artifacts"`` of his file. Keet starts with as
many Artifacts, face down, as the Gold he would have had (his team too), his coins going back
to the Inn; the rest stay in the Artifact Deck, out of the game. A team's
Artifacts lie in the pile ``<mat> artifacts`` (``revealed``: face up), but those that may be
played (an Action, Sometimes or Cheating Artifact, face up) lie among the cards its mat
keeps. Coins stay coins: the table's Gold is conserved as before, and every Artifact is
always somewhere (a held one, the pot's ``artifacts in the pot``, ``artifacts discard``).

* Gold: every team's Gold counts the Artifacts it holds (:meth:`Keet.gold_of`), so nobody
  is out of Gold while holding one. A payment or an ante beyond a team's coins is made with
  its Artifacts (:meth:`Keet.pay_short`): to a player, they take them; to the Inn, they are
  discarded (out of play); to the pot, they wait for its winner (or the Inn's discards).
* Revealing: ``{ handler = "reveal artifact" }`` turns one of his face-down Artifacts face
  up; a player other than Keet gains one face up. A Triggered Artifact's effect
  (``trigger = { when = "revealed", ... }``, or a turn's start) happens to its holder and
  comes from no player: it is not answered and nobody hits back. A Static Artifact's
  ``reduce`` steps (``icons = ["static"]``) reduce what each card does to its holder while
  face up (:meth:`Keet.given_reductions` for a player other than Keet). One that may be
  played is played like a card in the hand and discarded: a Gold lost. A payer gives first
  the Artifact they least want to keep (:func:`_worth`).
* Taking back: ``{ handler = "take artifact", who = "target", affecting = "gold" }`` (one
  of his choice from a player) and ``{ handler = "artifact from the inn" }`` (one of the
  Artifacts discarded to the Inn).
* Passing out with Artifacts: after the Gold, they are shuffled face down; half, rounded
  up, go to the Inn (discarded), the rest evenly to the players still in (who turn them
  face up), the remainder to the Inn.
* Boss Otto (001, "Character-Specific Rules"): his Artifacts each take a place at random as
  he gains them (:func:`_placed`), and he spends the one in the last place first; a
  Triggered one's effect on him is a Provocation (:func:`_provoking`); whether he plays one
  is his rules' (:meth:`Keet.counts_as_gold`, ``otto._spared``).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import pick, shuffle
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, CardKind, Mode, Stat, Step, Tavern, Verb, Who
from tales.tavern.rdi.ottodata import is_otto
from tales.tavern.rdi.timing import Outcome

NAME = "keet"
ARTIFACTS = "artifacts"
DISCARDS = f"{ARTIFACTS} discard"
POT = f"{ARTIFACTS} in the pot"
REVEAL = "reveal artifact"
TAKE = "take artifact"  # "Let me take a closer look at that": one of his choice from a player
SALVAGE = "artifact from the inn"  # "I'll take that!": one discarded to the Inn
STATIC = "static"
PLAYED = (CardKind.ACTION, CardKind.SOMETIMES, CardKind.CHEATING)


def stash(mat: str) -> str:
    """The pile of the Artifacts ``mat``'s team holds (but those kept to be played)."""
    return f"{mat} {ARTIFACTS}"


def arriving(mat: str) -> str:
    """Artifacts ``mat``'s team has just gained, to be turned face up (their effects)."""
    return f"{mat} {ARTIFACTS} gained"


def held(tavern: Tavern, mat: str) -> tuple[Card, ...]:
    """The Artifacts ``mat``'s team holds: its stash, those it keeps, those just gained."""
    kept = tuple(c for c in tavern.player(mat).kept if c.pile == ARTIFACTS)
    return (*tavern.pile(stash(mat)), *kept, *tavern.pile(arriving(mat)))


def _keeper(tavern: Tavern) -> str | None:
    """The first Keet at the table (in or out): his rules carry out every Artifact's."""
    return next((p.name for p in tavern.players if p.mechanics == NAME), None)


def _keets(tavern: Tavern, mat: str) -> bool:
    """Whether ``mat``'s team has a Keet on it."""
    side = tavern.player(mat).side
    return any(p.mechanics == NAME and p.side == side for p in tavern.players)


def _worth(card: Card) -> int:
    """How much its holder wants to keep an Artifact (the lowest is paid first): a face-up
    one that harms them each turn (000: "Keet happily gives Eve his Gleaming Gem"), a
    face-down one, one without an effect, a Static one, one that may be played."""
    if not card.revealed:
        return 1
    if card.trigger is not None and card.trigger.when == "turn starts":
        return 0
    if playable(card):
        return 4
    return 3 if STATIC in card.icons else 2


def _take(tavern: Tavern, mat: str, count: int) -> tuple[Tavern, tuple[Card, ...]]:
    """Up to ``count`` of ``mat``'s Artifacts taken from them, the payer's choice (a reading,
    not asked): the one they least want to keep first (:func:`_worth`)."""
    taken: list[Card] = []
    otto = is_otto(tavern, mat)
    worth, late = (_rank, 0) if otto else (_worth, 1)  # just gained: not placed / face down
    for _ in range(count):
        player = tavern.player(mat)
        places = [(worth(c), -n, stash(mat), c) for n, c in enumerate(tavern.pile(stash(mat)))]
        places += [(late, -n, arriving(mat), c)
                   for n, c in enumerate(tavern.pile(arriving(mat)))]
        places += [(worth(c), -n, "", c) for n, c in enumerate(player.kept)
                   if c.pile == ARTIFACTS]
        if not places:
            break
        _, minus, where, card = min(places, key=lambda p: (p[0], p[1], p[2]))
        at = -minus  # the last of the least wanted
        taken.append(replace(card, marker=0) if card.marker else card)
        if where:
            pile = tavern.pile(where)
            tavern = tavern.with_pile(where, pile[:at] + pile[at + 1:])
        else:
            tavern = tavern.with_player(replace(player, kept=player.kept[:at]
                                                + player.kept[at + 1:]))
    return tavern, tuple(taken)


def gain(tavern: Tavern, mat: str, cards: tuple[Card, ...], face_up: bool = False) -> Tavern:
    """``mat``'s team gains Artifacts: a team with Keet keeps face-down ones face down
    (unless ``face_up``: passing out's); any other turns them face up, their effects then
    (:func:`settle`)."""
    if not cards:
        return tavern
    for card in cards:
        card = replace(card, marker=0) if card.marker else card
        if card.revealed and not face_up and not is_otto(tavern, mat):  # it changes hands
            tavern = _hold(tavern, mat, card)
        elif _keets(tavern, mat) and not face_up:
            tavern = tavern.with_pile(stash(mat), (*tavern.pile(stash(mat)), card))
        else:
            tavern = tavern.with_pile(arriving(mat), (*tavern.pile(arriving(mat)), card))
    return tavern


def _hold(tavern: Tavern, mat: str, card: Card) -> Tavern:
    """A face-up Artifact in front of ``mat``'s team: among the cards kept if it may be
    played, else in the stash."""
    if playable(card):
        player = tavern.player(mat)
        return tavern.with_player(replace(player, kept=(*player.kept, card)))
    return tavern.with_pile(stash(mat), (*tavern.pile(stash(mat)), card))


def to_inn(tavern: Tavern, cards: tuple[Card, ...]) -> Tavern:
    """Artifacts that go to the Inn are discarded (turned face up, without effect)."""
    up = tuple(replace(c, revealed=True) for c in cards)
    return tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), *up)) if up else tavern


def playable(card: Card) -> bool:
    """An Action, Sometimes or Cheating Artifact, "played as though it were a card in your
    hand of that type" (not a Static or Triggered one, nor one with no subtype)."""
    return card.kind in PLAYED and STATIC not in card.icons and card.trigger is None and (
        bool(card.steps) or card.kind is CardKind.CHEATING)


def _show(tavern: Tavern, mat: str, card: Card) -> Resolution[Tavern]:
    """``card`` is face up in front of ``mat``'s team: among the cards kept if it may be
    played, else in the stash; a "revealed" trigger's effect happens to its holder."""
    if card.revealed:  # already face up (Boss Otto's): it only changes hands
        tavern = tavern.note(f"{mat} gains the Artifact {card.name}")
    else:
        card = replace(card, revealed=True)
        tavern = tavern.note(f"{mat} turns the Artifact {card.name} face up")
        if card.trigger is not None and card.trigger.when == "revealed":
            tavern = yield from _effect(tavern, mat, card.trigger.steps, card.name)
    if is_otto(tavern, mat):
        tavern, card = yield from _placed(tavern, mat, card)
    return _hold(tavern, mat, card)


def _rank(card: Card) -> int:
    """Boss Otto's order of spending (the lowest first): his Artifacts' places (``marker``,
    the highest spent first; 0 not placed yet)."""
    return -card.marker


def _placed(tavern: Tavern, mat: str, card: Card) -> Resolution[tuple[Tavern, Card]]:
    """001 (Keet): "If he must spend Artifacts, he chooses which one(s) to spend at random."
    A payment cannot ask a Decision, so the choice is made as he gains each Artifact: it
    takes a place among his others at random (a chance Decision), and he spends the one in
    the last place first. Inserting each at a random place keeps the order uniformly random,
    so the one spent is any of those he holds, each as likely."""
    placed = sorted(c.marker for c in held(tavern, mat) if c.marker)
    at = 0
    if placed:
        at = yield from pick(range(len(placed) + 1), f"the place of {mat}'s new Artifact")
    moved = {m: n + 1 + (n >= at) for n, m in enumerate(placed)}
    if any(old != new for old, new in moved.items()):
        def again(cards: tuple[Card, ...]) -> tuple[Card, ...]:
            return tuple(replace(c, marker=moved[c.marker]) if c.pile == ARTIFACTS
                         and c.marker in moved else c for c in cards)
        player = tavern.player(mat)
        tavern = tavern.with_player(replace(player, kept=again(player.kept)))
        tavern = tavern.with_pile(stash(mat), again(tavern.pile(stash(mat))))
    return tavern, replace(card, marker=at + 1)


def _effect(tavern: Tavern, holder: str, steps: tuple[Step, ...], label: str
            ) -> Resolution[Tavern]:
    """A Triggered Artifact's effect on its holder: from no player, not answered, and
    nobody hits back."""
    from tales.tavern.rdi.effects import carry_out

    if tavern.player(holder).out or not steps:
        return tavern
    tavern = tavern.note(f"{label} takes effect on {holder}")
    outcome = None
    if is_otto(tavern, holder):
        tavern, outcome = yield from _provoking(tavern, holder, steps, label)
        if outcome.negated or holder in outcome.ignored:
            return tavern.note(f"{label} does not affect {holder}")
    tavern, _ = yield from carry_out(tavern, holder, steps, {Who.YOU: [holder]}, outcome)
    return tavern


def _provoking(tavern: Tavern, holder: str, steps: tuple[Step, ...], label: str
               ) -> Resolution[tuple[Tavern, Outcome]]:
    """001 (Keet): "A triggered Artifact such as “Rusty Nail” counts as a Provocation, but
    “Player” responses will Whiff": answered like an Action of Keet's that nobody played (a
    character's effect, as a Scarab's bite is), which Boss Otto answers first."""
    from tales.tavern.rdi.timing import Played, affected_by, respond

    affects, harms = affected_by(steps, holder, {Who.YOU: [holder]})
    card = Card(label, CardKind.ACTION, steps, virtual=True)
    played = Played(_keeper(tavern) or holder, label, card, affects, harms,
                    redirectable=False)
    return (yield from respond(tavern, played))


def settle(tavern: Tavern) -> Resolution[Tavern]:
    """Artifacts just gained turned face up; those of a team out of the game distributed
    (000, "Passing Out with Artifacts")."""
    for player in tavern.players:
        if player.out and held(tavern, player.name):
            tavern = yield from _pass_out(tavern, player.name)
    for player in tavern.players:
        while tavern.pile(arriving(player.name)):
            new = tavern.pile(arriving(player.name))
            tavern = tavern.with_pile(arriving(player.name), new[1:])
            if tavern.player(player.name).out:
                tavern = to_inn(tavern, new[:1])
                continue
            tavern = yield from _show(tavern, player.name, new[0])
    return tavern


def _pass_out(tavern: Tavern, mat: str) -> Resolution[Tavern]:
    """"Turn your Artifacts face down, shuffle them, and distribute them in the same way.
    Give half of them, rounded up, to the Inn by discarding them, then distribute the rest
    evenly to the remaining players, with any remainder going to the Inn."""
    tavern, cards = _take(tavern, mat, len(held(tavern, mat)))
    down = tuple(replace(c, revealed=False) for c in cards)
    order = tuple((yield from shuffle(down, f"{mat}'s Artifacts"))) if len(down) > 1 else down
    staying = [s for s in tavern.sides()]
    mats = [next(p.name for p in tavern.players if p.side == s) for s in staying]
    share = (len(order) // 2) // len(mats) if mats else 0
    given = 0
    for receiver in mats:
        tavern = gain(tavern, receiver, order[given:given + share], face_up=True)
        given += share
    tavern = to_inn(tavern, order[given:])
    return tavern.note(f"{mat}'s {len(order)} Artifacts: {share} to each player still in, "
                       f"{len(order) - given} to the Inn")


class Keet(Mechanics):
    name = NAME
    handlers = frozenset({REVEAL, TAKE, SALVAGE})

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Instead of starting the game with 10 Gold ... Keet starts with that many
        Artifacts. ... Remove the unused Artifact Cards from the game face down." (002: "If
        Keet is on a team, that team starts with 10 Artifacts instead of Gold.")"""
        mat = tavern.mat(name)
        if tavern.pile(stash(mat.name)):  # a teammate Keet already dealt them
            return tavern
        count = _start(tavern)
        deck = tavern.pile(ARTIFACTS)  # what is left of it stays out of the game
        dealt = deck[len(deck) - count:]
        coins = min(len(dealt), mat.gold)
        tavern = replace(tavern.with_player(replace(mat, gold=mat.gold - coins)),
                         inn=tavern.inn + coins)
        tavern = tavern.with_pile(ARTIFACTS, deck[:len(deck) - len(dealt)])
        tavern = tavern.with_pile(stash(mat.name), dealt)
        return tavern.note(f"{name} starts with {len(dealt)} Artifacts instead of Gold")

    def counts_as_gold(self, card: Card) -> bool:
        """000: "For the purpose of all game rules, an Artifact (face up or face down)
        counts as a Gold." (001, Boss Otto: "If he has 4 or fewer total Gold, he will no
        longer play Artifacts")"""
        return card.pile == ARTIFACTS

    def gold_of(self, tavern: Tavern, owner: str, name: str) -> int:
        """000: "For the purpose of all game rules, an Artifact (face up or face down)
        counts as a Gold."""
        return len(held(tavern, name)) if owner == _keeper(tavern) else 0

    def pay_short(self, tavern: Tavern, owner: str, payer: str, to: str | None,
                  short: int, pot: bool = False) -> Tavern:
        """000: "Whenever you must pay the Inn or another player, you may choose to pay with
        a face-up or face-down Artifact you control instead of a Gold piece" (here: once the
        coins run out)."""
        if owner != _keeper(tavern):
            return tavern
        mat = tavern.mat(payer).name
        tavern, cards = _take(tavern, mat, short)
        if not cards:
            return tavern
        what = f"{len(cards)} Artifact{'s' if len(cards) > 1 else ''}"
        if pot:
            return tavern.with_pile(POT, (*tavern.pile(POT), *cards)).note(
                f"{payer} antes {what}")
        if to is None:
            return to_inn(tavern, cards).note(f"{payer} pays {what} to the Inn")
        return gain(tavern, tavern.mat(to).name, cards).note(f"{payer} pays {to} {what}")

    def after_round(self, tavern: Tavern, name: str, players: tuple[str, ...],
                    winner: str | None) -> Tavern:
        """The pot's Artifacts to the player who wins it (to the Inn with no winner)."""
        cards = tavern.pile(POT)
        if name != _keeper(tavern) or not cards:
            return tavern
        tavern = tavern.with_pile(POT, ())
        if winner is None:
            return to_inn(tavern, cards)
        return gain(tavern, tavern.mat(winner).name, cards)

    def choices(self, tavern: Tavern, name: str) -> Resolution[Tavern]:
        if name != _keeper(tavern):
            return tavern
        return (yield from settle(tavern))

    def left(self, tavern: Tavern, owner: str) -> Resolution[Tavern]:
        """000: "Artifacts are distributed in this way even if a player passing out would
        cause there to be only one player left in the game. Effects on those distributed
        Artifacts could cause other players to pass out, as well!" (the rules' edition 2:
        before, they were dealt at the next card or turn, after the winner was declared)"""
        if owner != _keeper(tavern) or tavern.variant.edition < 2:
            return tavern
        return (yield from settle(tavern))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """Artifacts gained or left behind since; a Triggered Artifact that looks for the
        start of its holder's turn."""
        if owner != _keeper(tavern):
            return tavern
        tavern = yield from settle(tavern)
        mat = tavern.mat(active).name
        for card in held(tavern, mat):
            if card.revealed and card.trigger is not None and \
                    card.trigger.when == "turn starts":
                tavern = yield from _effect(tavern, active, card.trigger.steps, card.name)
        return tavern

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        if owner != _keeper(tavern):
            return tavern
        if tavern.pile(POT):  # a Round ended with its pot to the Inn
            tavern = to_inn(tavern.with_pile(POT, ()), tavern.pile(POT))
        return (yield from settle(tavern))

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "choose a facedown Artifact in your Stash and turn it face up. If it is a
        Triggered Artifact with an immediate effect, resolve that effect."""
        if step.handler == TAKE:
            return (yield from _take_from(tavern, name, target))
        if step.handler == SALVAGE:
            return (yield from _salvage(tavern, name))
        mat = tavern.mat(name).name
        down = tuple(c for c in tavern.pile(stash(mat)) if not c.revealed)
        if step.handler != REVEAL or not down:
            return tavern
        # "Do not look at them yet": which face-down Artifact is his choice, blind
        pick = yield Decision("artifact", f"{name}: reveal which face-down Artifact?",
                              tuple(range(1, len(down) + 1)), Decider.PLAYER, name,
                              state=tavern)
        card = down[int(pick) - 1]
        pile = tavern.pile(stash(mat))
        at = pile.index(card)
        tavern = tavern.with_pile(stash(mat), pile[:at] + pile[at + 1:])
        return (yield from _show(tavern, mat, card))

    def reductions(self, tavern: Tavern, name: str) -> tuple[tuple[Stat, int], ...]:
        """A face-up Static Artifact is "always on" for Keet (002: "If Keet reveals a Static
        or Triggered Artifact, that Artifact's effect applies to Keet himself")."""
        return _static(tavern, tavern.mat(name).name)

    def given_reductions(self, tavern: Tavern, owner: str) -> tuple[tuple[str, Stat, int], ...]:
        """002: "If another player gains control of a Static or Triggered Artifact, its
        effects apply to that player instead" (a team's: its mat's player)."""
        if owner != _keeper(tavern):
            return ()
        return tuple((p.name, stat, n) for p in tavern.players
                     if p.mechanics != NAME and tavern.mat(p.name).name == p.name
                     and not _keets(tavern, p.name)
                     for stat, n in _static(tavern, p.name))


def _label(card: Card) -> str:
    return card.name if card.revealed else "a face-down Artifact"


def _take_from(tavern: Tavern, name: str, target: str | None) -> Resolution[Tavern]:
    """000: "Keet's card specifically allows him to take an Artifact of his choice from a
    player" ("Taking an Artifact from a player counts as affecting that player's Gold": the
    step says ``affecting = "gold"``)."""
    if target is None or tavern.mat(target).side == tavern.mat(name).side:
        return tavern
    mat = tavern.mat(target).name
    cards = held(tavern, mat)
    if not cards:
        return tavern
    labels = tuple(dict.fromkeys(_label(c) for c in cards))
    pick = yield Decision("take-artifact", f"{name}: take which Artifact from {target}?",
                          labels, Decider.PLAYER, name, state=tavern)
    card = next(c for c in cards if _label(c) == pick)
    tavern = _remove(tavern, mat, card)
    tavern = gain(tavern, tavern.mat(name).name, (card,))
    return tavern.note(f"{name} takes {pick} from {target}")


def _salvage(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "Keet may play 'I'll take that!' to acquire one of the Artifacts discarded to
    the Inn" (one of his choice, face up: the discards are)."""
    cards = tavern.pile(DISCARDS)
    if not cards:
        return tavern
    labels = tuple(dict.fromkeys(c.name for c in cards))
    pick = yield Decision("take-artifact", f"{name}: take which Artifact from the Inn?",
                          labels, Decider.PLAYER, name, state=tavern)
    at = max(n for n, c in enumerate(cards) if c.name == pick)
    tavern = tavern.with_pile(DISCARDS, cards[:at] + cards[at + 1:])
    tavern = gain(tavern, tavern.mat(name).name, (cards[at],))
    return tavern.note(f"{name} takes {pick} from the Inn's Artifacts")


def _remove(tavern: Tavern, mat: str, card: Card) -> Tavern:
    """``card`` (one of ``mat``'s Artifacts) no longer theirs."""
    for where in (stash(mat), arriving(mat)):
        pile = tavern.pile(where)
        if card in pile:
            at = pile.index(card)
            return tavern.with_pile(where, pile[:at] + pile[at + 1:])
    player = tavern.player(mat)
    at = player.kept.index(card)
    return tavern.with_player(replace(player, kept=player.kept[:at] + player.kept[at + 1:]))


def _static(tavern: Tavern, mat: str) -> tuple[tuple[Stat, int], ...]:
    """The standing reductions of the face-up Static Artifacts ``mat``'s team holds."""
    return tuple((s.stat, s.amount) for c in held(tavern, mat)
                 if c.revealed and STATIC in c.icons
                 for s in c.steps if s.verb is Verb.REDUCE and s.stat is not None)


def _start(tavern: Tavern) -> int:
    """The Gold a player (a team) starts with, from the rules' own numbers."""
    from tales.tavern.rdi import variants
    from tales.tavern.rdi.rules import starting_gold

    count = len(tavern.players)
    mode = tavern.variant.mode
    return starting_gold(count) if mode is Mode.INDIVIDUAL else variants.team_gold(mode, count)


register(Keet())
