"""Bots for The Red Dragon Inn: the random legal policy, and a greedy one.

The greedy bot plays a sensible, short-sighted game: it plays an Action whenever it can,
aims at the opponent closest to passing out (Fortitude minus Alcohol), orders Drinks for
them, keeps its hand (but spares a Gambling card for Cormac's Rage Pool), keeps Dale's
best Mushrooms and harvests the biggest first, keeps one Doppelganger and gives the rest
away, spends tokens on boosts, hits back, raises opponents' Drinks (never its own side's),
and defends (Ignore, reduce, redirect, pass or split a Drink, Negate) once its own margin is
low. In a Round of Gambling it plays while it has cards and Gold to spare. In Dungeon
Training it moves whenever it may, along a random arrow. Every kind of Decision the rules
ask has a rule of thumb (:data:`RULED`; issue 43): Torglesnarf activates his Minions and
pays their Wages while Gold is to spare, Zakhan raises his Drunken Chi, Bastian plays
another Action, Lucky bribes... Chance is answered by the seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tales.engine.game import chance_by, random_policy, uniform_below
from tales.rules.decisions import Chooser, Decision
from tales.tavern.rdi.effects import POTION_EFFECTS
from tales.tavern.rdi.model import Card, CardKind, Tavern, Verb, Who
from tales.tavern.rdi.timing import PASS, Played, response_verb
from tales.tavern.rdi.zones import answers

POLICIES = ("greedy", "random")
#: The chance a bot's physical action for a Dexterity Card works.
KNACK = 0.5
#: Fortitude minus Alcohol at or below which the greedy bot defends itself.
CAREFUL = 7
DEFENCES = frozenset({Verb.IGNORE, Verb.REDUCE, Verb.REDIRECT, Verb.PASS, Verb.SPLIT,
                      Verb.NEGATE, Verb.REPLACE_DRINK})


def policy(name: str, rng: np.random.Generator) -> Chooser:
    """The bot called ``name`` (``greedy`` or ``random``)."""
    if name == "random":
        return random_policy(rng)
    if name == "greedy":
        return chance_by(rng, _Greedy(rng).choose)
    raise ValueError(f"no bot {name!r} (bots: {', '.join(POLICIES)})")


def margin(tavern: Tavern, name: str) -> int:
    """How far ``name``'s team is from passing out."""
    mat = tavern.mat(name)
    return mat.fortitude - mat.alcohol


class _Greedy:
    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        #: rng.integers(n)'s very draws at a third of its cost (issue 19)
        self.below = uniform_below(rng)
        #: each kind of Decision's own rule (made once a bot, not once a Decision: issue 19)
        self.rules: dict[str, Callable[[Tavern, str, Sequence[Any], str], Any]] = {
            "action": self._act, "anytime": self._anytime, "respond": self._respond,
            "hit-back": self._play, "gamble": self._gamble, "boost": _yes, "buff": _yes,
            "discard": _keep, "leave": _keep, "dungeon": self._play, "rage": _spare,
            "plant": _least, "harvest": _most, "doppelganger": self._keep_one,
            "out-of-turn": self._gamble,
            "epic": _bolder, "plot": self._plot, "sell": _sell, "buy": _buy,
            "arrow": self._play, "cook": self._play, "cutting-board": self._play,
            "atone": _atone, "chimera": _bolder,
            "treat": self._play, "form": self._play, "dexterity": self._knack,
            "pass-bomb": _pass_on, "petrify": _cheapest, "gizmo": _yes,
            # issue 43: every other kind of Decision a character's rules ask has its rule
            "activate": _yes, "chi": _yes, "another-action": self._play,
            "wages-from-inn": self._play, "wages": _wages, "special-editions": _if_rich,
            "stay": _stay, "defend": _weakest_friend, "prize-share": _first,
            "dismiss": _keep, "drop-item": _first, "icon-cost": _cheapest,
            "ingredient": _cheapest, "give": _cheapest, "finger": _first,
            "crawl": self._play, "brew": self._play, "mash": self._play,
            "totem combo": self._combo, "heat": _heat,
            **{kind: _first for kind in ANY_WILL_DO},
        }

    def choose(self, decision: Decision[Any]) -> Any:
        tavern = decision.state
        me = str(decision.figure)
        options = decision.options  # (read, never changed: no copy, issue 19)
        if not isinstance(tavern, Tavern) or me not in (seats := tavern.seating()).index:
            return options[self.below(len(options))]
        kind = decision.kind
        if kind == "respond" and isinstance(decision.detail, Played) \
                and _friendly(tavern, me, decision.detail):
            return PASS  # a teammate's card or an opponent's Drink: nothing to defend
        rule = self.rules.get(kind)
        if rule is not None:
            return rule(tavern, me, options, decision.prompt)
        side = seats.sides[seats.index[me]]
        opponents = [o for o in options if isinstance(o, str) and o in seats.index
                     and seats.sides[seats.index[o]] != side]
        if opponents:  # targets, orders, redirects, passes, splits: the weakest opponent
            marks = tavern.player(me).mechanics == "remy" and kind == "target"
            return min(opponents, key=lambda o: (  # Remy: a marked one first
                -tavern.player(o).count("mark") if marks else 0, margin(tavern, o),
                options.index(o)))
        if kind == "which-drink":
            theirs = [o for o in options if not any(
                str(o).endswith(f"({p.name})") for p in tavern.players if p.side == side)]
            return (theirs or options)[0]
        return options[0]

    def _play(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        cards = [o for o in options if o != PASS]
        return cards[self.below(len(cards))] if cards else PASS

    def _act(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        """An Action: in a game of teams, one that hurts the other side most (each of the
        Challengers' Actions counts against a Boss); else any."""
        if not _teams(tavern):
            return self._play(tavern, me, options, prompt)
        held = {c.name: c for c in tavern.player(me).hand}
        worth = {o: _harm(held[o]) if o in held else 0 for o in options if o != PASS}
        best = max(worth.values(), default=0)
        return self._play(tavern, me, [o for o, w in worth.items() if w == best], prompt)

    def _knack(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        """A Dexterity Card's physical action: it works by a seeded chance."""
        return options[0] if self.rng.random() < KNACK else options[-1]

    def _anytime(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        potion = _potion(tavern, me, options)
        if potion is not None:
            return potion
        cards = [o for o in options if o not in POTION_EFFECTS]
        if "last chance" in prompt or margin(tavern, me) <= CAREFUL // 2:
            return self._play(tavern, me, cards, prompt)
        return PASS

    def _respond(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        # the cards a response window offers (answers: kept for the hand the window has just
        # asked about, not every playable card worked out and gone through again; issue 19)
        cards = {c.name: c for c in answers(tavern, me)}
        careful = margin(tavern, me) <= CAREFUL
        for option in options:
            card = cards.get(option)
            step = response_verb(card) if card is not None else None
            if step is None:
                continue
            pays = card is not None and card.has(Verb.PAY)
            if step.verb is Verb.SPIKE and (step.amount > 0 or pays) and any(
                    tavern.player(drinker).side != tavern.player(me).side
                    for drinker, _, _ in tavern.pouring):
                return option  # never its own (or a teammate's) Drink; a Mix-in that pays
            if step.verb in DEFENCES and careful:
                return option
        return PASS

    def _plot(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        """Petra Plots a Scheme (to play it from there), else any card (for Hellfire)."""
        schemes = [o for o in options if any(c.name == o and "scheme" in c.icons
                                              for c in tavern.player(me).hand)]
        return schemes[0] if schemes else self._play(tavern, me, options, prompt)

    def _keep_one(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        """Evil Pooky keeps one Doppelganger (one costs no hand size), gives the rest to the
        weakest opponent."""
        if not any(c.trigger for c in tavern.player(me).kept):
            return options[0]
        return min(options[1:], key=lambda o: (margin(tavern, o), options.index(o)))

    def _combo(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        """Halden adds every Totem he may to a Totem Combo (then ends it)."""
        totems = [o for o in options if o not in ("pass", "end the combo")]
        return self._play(tavern, me, totems, prompt) if totems else options[-1]

    def _gamble(self, tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
        if tavern.mat(me).gold <= 2:
            return PASS
        return self._play(tavern, me, options, prompt)


#: Decisions answered by picking the opponent nearest to passing out among the options
#: (``_Greedy.choose``'s rule when no other is given): targets, orders, redirections...
BY_OPPONENT = frozenset({"target", "whom", "hit-whom", "order", "split-partner",
                         "force-out", "in-front", "reclaim", "fury"})
#: Decisions whose options are alike for a short-sighted player (which Element Token,
#: which summon, which Gizmo ticks down first, which reward...): the first is as good.
ANY_WILL_DO = frozenset({"champion", "room", "item", "energy", "claim", "summon", "supply",
                         "smash", "replace-instrument", "tick-down", "treasure", "reward",
                         "recipe", "potion", "prize", "otto-deck", "event-option",
                         "artifact", "take-artifact", "bomb-order", "oil", "sacrifice"})


def _first(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Any option will do: the first (keep the Prize, a plain finger before a ringed one,
    the first Item to drop...)."""
    return options[0]


def _wages(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Torglesnarf pays a hurt Minion's Wages while he has Gold to spare, else lets it go."""
    pays = [o for o in options if o != "discard it"]
    return pays[0] if pays and tavern.mat(me).gold > SPARE_GOLD else "discard it"


def _if_rich(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Buy (Karl's special edition) while Gold is to spare."""
    return "yes" if "yes" in options and tavern.mat(me).gold > SPARE_GOLD else options[0]


def _heat(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Lucky's Heat penalty: the bribe while Gold is to spare (it costs no margin), else
    the first (booze and a beating cost the same margin)."""
    bribe = next((o for o in options if "Gold" in str(o)), None)
    return bribe if bribe is not None and tavern.mat(me).gold > SPARE_GOLD else options[0]


def _stay(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Stay in a Round by losing Fortitude while far from passing out."""
    return options[0] if margin(tavern, me) > CAREFUL else options[-1]


def _weakest_friend(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Defend the one of its side nearest to passing out."""
    return min(options, key=lambda o: (margin(tavern, o) if o in tavern.seating().index
                                       else 99, options.index(o)))


def _teams(tavern: Tavern) -> bool:
    """Whether some players at the table play as a team."""
    return tavern.seating().teamed


def _harm(card: Card) -> int:
    """What ``card`` takes from the players it picks: Fortitude, Alcohol Content and Gold,
    one point each."""
    harm = 0
    for step in card.steps:
        if step.who in (Who.TARGET, Who.ANY, Who.EACH_OTHER):
            harm += (max(-step.amount, 0) if step.verb is Verb.FORTITUDE else
                     max(step.amount, 0) if step.verb in (Verb.ALCOHOL, Verb.PAY) else 0)
    return harm


def _friendly(tavern: Tavern, me: str, played: Played) -> bool:
    """Whether, in a game of teams, ``played`` needs no answer from ``me``'s team: a card of
    their own side that harms none of them, or Drinks none of them would drink."""
    if not _teams(tavern):  # (the individual game keeps its greedy answers)
        return False
    team = {p.name for p in tavern.team(me)}
    if played.card is not None:
        return tavern.player(played.source).side == tavern.player(me).side and not any(
            played.harmed(m) for m in team)
    return bool(played.pours) and not any(p.drinker in team for p in played.pours)


def _potion(tavern: Tavern, me: str, options: Sequence[Any]) -> str | None:
    """The Potion Token a team needs now, if it holds one: Gold when it has none, else
    Fortitude or less Alcohol when it is about to pass out (never wasted early)."""
    mat = tavern.mat(me)
    wanted = None
    if mat.gold <= 0:
        wanted = "Potion Token: gain 3 Gold from the Inn"
    elif margin(tavern, me) <= 1:
        wanted = "Potion Token: lose 6 Alcohol Content" if mat.alcohol >= 6 or \
            mat.fortitude > 14 else "Potion Token: gain 6 Fortitude"
    return wanted if wanted in options else None


def _yes(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    return "yes" if "yes" in options else options[0]


def _bolder(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """A character's choice whose bolder option is listed last (Epic Pooky: Calm again
    and an Epic Card, rather than staying Psychotic)."""
    return options[-1]


#: Gold at or below which Phrenk sells his Potion; a buyer keeps this much after paying.
SPARE_GOLD = 5


def _sell(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Phrenk sells when running low on Gold, to the buyer best off (likeliest to agree)."""
    buyers = [o for o in options if o != PASS]
    if tavern.mat(me).gold > SPARE_GOLD or not buyers:
        return PASS
    return max(buyers, key=lambda b: (tavern.mat(b).gold, -buyers.index(b)))


def _buy(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """A player buys a Potion while it leaves them Gold to spare."""
    price = int(prompt.rsplit(" for ", 1)[1].split()[0])
    return options[-1] if tavern.mat(me).gold - price >= SPARE_GOLD else options[0]


def _atone(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Serena tithes while she has Gold to spare, else takes the Fortitude loss."""
    return options[0] if tavern.mat(me).gold > SPARE_GOLD else options[-1]

def _pass_on(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """A Bomb is passed to the weakest opponent while Gold is to spare, else kept."""
    side = tavern.player(me).side
    foes = [o for o in options[1:] if tavern.player(o).side != side]
    if tavern.mat(me).gold <= SPARE_GOLD or not foes:
        return options[0]
    return min(foes, key=lambda o: (margin(tavern, o), options.index(o)))


def _cheapest(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """A card to give up (Nerodia's Petrify): a Gambling card if it holds one."""
    spare = {c.name for c in tavern.player(me).hand if c.kind is CardKind.GAMBLING}
    return next((o for o in options if o in spare), options[0])


def _spare(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """A card it can spare from its hand (a Gambling card) for a good cause, such as
    Cormac's Rage Pool; else none."""
    spare = {c.name for c in tavern.player(me).hand if c.kind is CardKind.GAMBLING}
    return next((o for o in options if o in spare), PASS)


def _worth(option: Any) -> int:
    """The number an option ends with, in brackets ("2: Morel (sample) (3)"): a Mushroom's
    Harvest Value."""
    text = str(option)
    number = text[text.rfind("(") + 1:-1] if text.endswith(")") else ""
    return int(number) if number.isdigit() else 0


def _least(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Give up the least valuable (Dale's full Planter Box: the smallest Harvest Value)."""
    return min(options, key=_worth)


def _most(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    """Spend the most valuable first (a Harvest cost: the fewest Mushrooms)."""
    return max(options, key=_worth)


def _keep(tavern: Tavern, me: str, options: Sequence[Any], prompt: str) -> Any:
    return PASS if PASS in options else options[0]


#: The kinds of Decision the greedy bot has a rule of thumb for (a test compares them with
#: every kind the rules ask: tests/tavern/test_bot_rules.py).
RULED = frozenset(_Greedy(np.random.default_rng(0)).rules) | BY_OPPONENT | {"which-drink"}
