"""Bots that answer a game's Decisions: the random legal policy and a greedy Hero policy (the
planner, which looks ahead with greedy rollouts, is :mod:`tales.engine.planner`).

The greedy policy plays the Heroes sensibly without looking ahead: it attacks when a Foe is
in reach (the most damaged one, as many targets as it may), walks toward what is still to
do (the objectives not yet met: the Foes they need Defeated, the spaces to stand on, the
doors to open; with none of those in reach, the Foes, then the closed doors that lead on),
measured by the way a Hero walks (around Walls, through the doors it can open), the Heroes
sharing out the spaces to stand on, keeps out of reach when Wounded and low, spends
Toughness, Shields and Hitback when hit, Empowers with Epic Dice while keeping one for
defence, discards Epic Dice against a Schemer Attack that would Defeat a Wounded Hero, and
spends a Reset Token only when it frees an Action or Shenanigan better than those it can
use, with a tile of that kind left. Chance is answered by a seeded generator; the table's
ties ("players choose") at random.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

import numpy as np

from tales.board.burst import covered_foes
from tales.board.figures import Figure, Role, is_foe
from tales.board.position import Position
from tales.content.scenarios import Condition, When
from tales.engine.conditions import holds
from tales.engine.content import Context
from tales.engine.game import chance_by, random_policy
from tales.engine.state import GameState
from tales.engine.walks import PLACES, best_moves, rounds_to, walk_field
from tales.rules.attacks import legal_targets
from tales.rules.damage import TAKE_DOOM
from tales.rules.decisions import Chooser, Decision, MoveDetail
from tales.rules.effects import Ability, Aim, Kind, Verb, Whom
from tales.rules.hero_turn import usable
from tales.rules.movement import reach
from tales.rules.reactions import PASS, RESET, spend_reset
from tales.rules.schemer_attacks import AttackKind

POLICIES = ("greedy", "planner", "random")

#: Fortitude left at or below which a Wounded Hero keeps out of reach.
LOW = 3

#: An Action scoring this much (an Attack on a Foe in reach, kicking open a door next to
#: the Hero) is taken before a Shenanigan moves the Hero away.
ACT_NOW = 8.0

#: A Move nearer a space to stand on when the clock calls for it (:meth:`Greedy.rushing`)
#: scores above any Attack.
RUSH = 20.0

#: What a step that does nothing now (a heal with nobody hurt in reach) takes off an
#: ability's score, so that one without such a step is used first.
WASTED = 0.5

#: Rounds a fight takes, as the Heroes reckon the clock: a Hero sent to a space to stand on
#: goes there alone, not with the others to the fight first, once the rounds left are no
#: more than its walk there and these.
FIGHT_ROUNDS = 2

#: The most ways of sharing out the spaces to stand on that are weighed (Heroes to the
#: power of spaces); beyond, each space goes to the Hero nearest it.
SHARES = 4096


def policy(name: str, ctx: Context, rng: np.random.Generator, budget: int | None = None,
           answered: Sequence[int] = ()) -> Chooser:
    """The bot called ``name`` (``greedy``, ``planner`` or ``random``) for the game of
    ``ctx``. The planner takes a ``budget`` (rollouts of its closer look; None: its default) and,
    for a game resumed mid-way, the option numbers ``answered`` so far."""
    if name == "random":
        return random_policy(rng)
    if name == "greedy":
        return greedy_policy(ctx, rng)
    if name == "planner":
        from tales.engine.planner import planner_policy  # it builds on this module

        return planner_policy(ctx, rng, budget, answered)
    raise ValueError(f"no bot {name!r} (bots: {', '.join(POLICIES)})")


def deadline(ctx: Context) -> int | None:
    """The last round the scenario can still be won in, by its defeat conditions: a round
    limit's round, or the round before a ``rounds = N`` condition (checked before the
    objectives); None when no defeat condition is a clock."""
    rounds = [d.limit if d.limit is not None else d.when[0].number - 1
              for d in ctx.scenario.defeat
              if d.limit is not None or (len(d.when) == 1 and d.when[0].kind is When.ROUNDS)]
    return min(rounds, default=None)


def greedy_policy(ctx: Context, rng: np.random.Generator) -> Chooser:
    """The greedy Hero policy for the game of ``ctx`` (see the module's words)."""
    bot = Greedy(ctx, rng)
    return bot.watching(chance_by(rng, bot.choose))


# The members Greedy weighs abilities by, read once: in Python 3.11 a member read on its enum
# goes through the enum class's attribute hook (~70 ns a read; several an ability at every
# tile asked, issue 19)
_ATTACK, _HEAL, _OPEN_DOOR = Verb.ATTACK, Verb.HEAL, Verb.OPEN_DOOR
_MOVE, _LEAP, _INSPIRE = Verb.MOVE, Verb.LEAP, Verb.INSPIRE
_PLACED = (Verb.TRAP, Verb.WIZARD_FIRE)  # a space's danger, to Foes and friends alike
_BURST = AttackKind.BURST
_ACTION = Kind.ACTION


class Greedy:
    """The greedy policy's choices for the Heroes (chance aside): ``choose``.

    With ``focus`` (the planner's rollouts), it goes for the Schemers an objective needs
    Defeated while any is on the map: it walks toward them, attacks them first, and does
    not stop to attack another Schemer before walking toward them."""

    def __init__(self, ctx: Context, rng: np.random.Generator, focus: bool = False) -> None:
        self.ctx = ctx
        self.rng = rng
        self.state: GameState | None = None  # the game between turns, as last shown
        self.needed: frozenset[str] = frozenset(
            name for objective in ctx.scenario.objectives for condition in objective.when
            if condition.kind is When.DEFEATED for name in condition.names
        ) if focus else frozenset()
        self.abilities: dict[str, dict[str, Ability]] = {
            figure: {a.name: a for a in known}
            for figure, known in ctx.figure_abilities().items()}
        self.pool_full = False  # the Epic Pool, as last shown
        #: who goes to each space to stand on, once shared out (kept while that Hero can)
        self.goers: dict[tuple[int, ...], str] = {}
        self.deadline = deadline(ctx)
        self.speed = best_moves(ctx)
        self.handlers: dict[str, Callable[[Decision[Any]], Any]] = {
            "tile": self.tile, "ability": self.ability, "move-to": self.move_to,
            "evade-leap": self.retreat, "attack-targets": self.targets,
            "effect-target": self.effect_target, "burst-placement": self.burst,
            "empower": self.empower, "epic-defence": self.defence,
            "toughness": lambda d: True, "shields": self.most, "hitback": self.most,
            "reaction": self.reaction, "doom": self.doom, "may": lambda d: True,
            "effect-space": self.toward_foes, "start-space": self.toward_foes,
            "companion-action": self.companion_action,
        }

    def observe(self, decision: Decision[Any]) -> None:
        """Keep the game's state between turns when a Decision shows it (an initiative
        draw): which objectives are met; and whether the Epic Pool is full."""
        if decision.state is not None:
            self.state = decision.state
        if decision.battle is not None:
            self.pool_full = decision.battle.pool.full

    def watching(self, choose: Chooser) -> Chooser:
        """``choose``, with every Decision (chance too) shown to :meth:`observe` first."""
        def watched(decision: Decision[Any]) -> Any:
            self.observe(decision)
            return choose(decision)
        return watched

    def choose(self, decision: Decision[Any]) -> Any:
        self.observe(decision)
        handler = self.handlers.get(decision.kind)
        if handler is None or (decision.position is None and decision.kind not in (
                "toughness", "shields", "hitback", "reaction", "doom", "may")):
            return decision.options[int(self.rng.integers(len(decision.options)))]
        return handler(decision)

    # --- helpers ------------------------------------------------------------------------

    def me(self, decision: Decision[Any]) -> Figure | None:
        position: Position = decision.position
        return next((f for f in position.figures if f.id == decision.figure), None)

    def foes(self, position: Position, me: Figure) -> list[Figure]:
        return [f for f in position.figures if is_foe(me, f) and f.fortitude is not None]

    def wanted(self, figure: Figure) -> bool:
        """An objective needs ``figure`` Defeated (only with ``focus``)."""
        return figure.id in self.needed or figure.group in self.needed

    def focus_on(self, position: Position, me: Figure) -> list[Figure]:
        """The Foes to go for: those an objective needs Defeated when any is on the map
        (with ``focus``), else every Foe."""
        foes = self.foes(position, me)
        wanted = [f for f in foes if self.wanted(f)]
        return wanted or foes

    def can_hit(self, position: Position, me: Figure, ability: Ability) -> bool:
        for effect in ability.effects:
            if effect.verb is _ATTACK and effect.attack is not None:
                if effect.attack.kind is _BURST:
                    return bool(self.foes(position, me))
                targets = legal_targets(position, me, effect.attack)
                if self.needed and any(self.wanted(f) for f in self.foes(position, me)):
                    return any(self.wanted(f) for f in targets)
                return bool(targets)
        return False

    def in_danger(self, me: Figure) -> bool:
        left = me.remaining_fortitude
        return me.wounded and left is not None and left <= LOW

    def goals(self, position: Position, me: Figure) -> tuple[list[int], int]:
        """Where the Hero wants to be, and how far from it (0: on it): what is still to do
        (:meth:`to_do`); with none of it in reach, next to the Foes (the weakest), then by
        the closed doors it can open, then the spaces to stand on another Hero goes to."""
        places, foes, alone, theirs, _ = self.to_do(position, me)
        walk = self.walking(position)
        goals = places + ([] if alone else [n for f in foes for n in self.beside(position, f)])
        if any(walk(g)[me.at] < float("inf") for g in goals):
            return goals, 0
        others = self.focus_on(position, me)
        if others:
            weakest = min(f.remaining_fortitude or 0 for f in others)
            goals = [n for f in others if (f.remaining_fortitude or 0) == weakest
                     for n in self.beside(position, f)]
            if any(walk(g)[me.at] < float("inf") for g in goals):
                return goals, 0
        doors = [n for door in sorted(position.closed_doors - self.ctx.scenario.sealed_doors)
                 for n in position.board.linked(door) if not position.is_blocked(n)]
        return doors or theirs, 0

    def to_do(self, position: Position, me: Figure
              ) -> tuple[list[int], list[Figure], bool, list[int], set[int]]:
        """What the objectives not yet met still ask of this Hero: spaces to stand on (or
        by a door to open) and Foes to Defeat, whether it goes to those spaces alone
        (:meth:`hurried`), the spaces to stand on that other Heroes go to, and the spaces
        a Hero standing on meets an objective (its own; going alone, only those). The
        spaces to stand on that one Hero is enough for are shared out (:meth:`share_out`);
        the Heroes go on to the rest."""
        state = self.state
        done = state.completed if state is not None else frozenset()
        now = state.at(state.battle.at(position)) if state is not None else None
        pending: list[Condition] = [
            c for n, objective in enumerate(self.ctx.scenario.objectives) if n not in done
            for c in objective.when if now is None or not holds(self.ctx, now, c)]
        heroes = [f for f in position.figures if not is_foe(me, f) and f.kind is Role.HERO]
        heroes = [f for f in heroes if not self.in_danger(f)] or heroes
        walk = self.walking(position)
        places: list[int] = []
        foes: list[Figure] = []
        alone = False
        theirs: list[int] = []
        spots_of: list[list[int]] = []  # a space to stand on one Hero is enough for
        stand_on: list[bool] = []  # and whether it is one to stand on (not a door's)
        for condition in pending:
            kind = condition.kind
            if kind is When.DEFEATED:
                foes += [f for f in self.foes(position, me)
                         if f.id in condition.names or f.group in condition.names]
            elif kind is When.SCHEMERS_DEFEATED:
                foes += self.foes(position, me)
            elif kind in PLACES:
                spots = (sorted(condition.spaces) if kind is not When.DOOR_OPEN else
                         [n for d in sorted(condition.spaces & position.closed_doors)
                          for n in position.board.linked(d) if not position.is_blocked(n)
                          or n == me.at])
                if kind is When.ALL_HEROES_ON:
                    if me.at not in condition.spaces:
                        places += spots
                    continue
                if spots:
                    spots_of.append(spots)
                    stand_on.append(kind is When.HERO_ON)
        fields = [[walk(s) for s in spots] for spots in spots_of]
        aways = [{h.id: min(field[h.at] for field in f) for h in heroes} for f in fields]
        goers = self.share_out(spots_of, heroes, aways, me)
        finish: set[int] = set()
        others: set[int] = set()
        for spots, away, goer, on in zip(spots_of, aways, goers, stand_on, strict=True):
            if goer == me.id:
                places += spots
                alone = alone or (on and self.hurried(me, away[me.id]))
            else:
                theirs += spots
            if on:
                (finish if goer == me.id else others).update(spots)
        alone = alone and bool(places)
        return places, foes, alone, theirs, finish if alone else finish | others

    def share_out(self, spots_of: list[list[int]], heroes: list[Figure],
                  aways: list[dict[str, float]], me: Figure) -> list[str]:
        """Which Hero goes to each space to stand on (``aways``: each one's walk from
        every Hero). Without a round limit, the Hero that reaches it in the fewest rounds
        (then the shortest walk). Under one, a Hero to each while there are Heroes to
        spare, chosen so that the last of them is reached soonest (then by the least
        walking): one Hero walking to both ends of a map loses to the clock. A Hero sent
        stays sent while it can go (it is not out of the fight or in danger): a share
        weighed again at every step would turn Heroes back and forth."""
        if not heroes:
            return [me.id for _ in aways]

        def nearest(away: dict[str, float]) -> str:
            return min(heroes, key=lambda h: (self.rounds_to(h, away[h.id]), away[h.id],
                                               h.id)).id

        if self.deadline is None or len(aways) < 2 or len(heroes) ** len(aways) > SHARES:
            return [nearest(away) for away in aways]
        ids = [h.id for h in heroes]
        keys = [tuple(spots) for spots in spots_of]
        sent = [ids.index(self.goers[k]) if self.goers.get(k) in ids else None for k in keys]
        best: tuple[tuple[float, float, int], tuple[int, ...]] | None = None
        for share in product(range(len(heroes)), repeat=len(aways)):
            if any(was is not None and was != who for was, who in zip(sent, share, strict=True)):
                continue
            rounds: dict[int, float] = {}
            for k, who in enumerate(share):  # a Hero with two goes to one, then the other
                rounds[who] = rounds.get(who, 0.0) + self.rounds_to(
                    heroes[who], aways[k][ids[who]])
            walked = sum(aways[k][ids[who]] for k, who in enumerate(share))
            key = (max(rounds.values()), walked, -len(rounds))
            if best is None or key < best[0]:
                best = (key, share)
        assert best is not None
        goers = [ids[who] for who in best[1]]
        self.goers.update(zip(keys, goers, strict=True))
        return goers

    def hurried(self, me: Figure, walk: float) -> bool:
        """Whether the rounds left call for ``me`` to walk ``walk`` to a space to stand
        on now, alone, rather than fight beside the others first: the rounds left (to the
        scenario's round limit) are no more than the rounds the walk takes at its best Move
        a round and :data:`FIGHT_ROUNDS` more. Never without a round limit."""
        if self.deadline is None or walk == float("inf"):
            return False
        now = self.state.round if self.state is not None else 1
        return self.deadline - now + 1 <= self.rounds_to(me, walk) + FIGHT_ROUNDS

    def rounds_to(self, hero: Figure, walk: float) -> float:
        """The whole rounds a walk of ``walk`` takes ``hero`` at its best Move a round."""
        return rounds_to(self.speed, hero.id, walk)

    def beside(self, position: Position, foe: Figure) -> list[int]:
        """The spaces next to ``foe`` (a Hero attacks from there)."""
        return [n for s in position.spaces_of(foe) for n in position.board.linked(s)
                if not position.board.impassable[n]]

    def walking(self, position: Position) -> Callable[[int], list[float]]:
        """For a space, the walk to it from every space (:func:`walk_field`)."""
        return lambda target: walk_field(self.ctx, position, target)

    def distance_to(self, position: Position, targets: list[int]) -> Callable[[int], float]:
        """Line of Fire distance from a space to the nearest of ``targets`` (inf: none),
        as a function of the space: each target's field read once, as a list (a bot weighs
        every option with it; numpy's scalar reads cost more, issue 19)."""
        fields = [position.line_of_fire_field(target).tolist() for target in targets]

        def nearest(space: int) -> float:
            best = float("inf")
            for field in fields:
                d = field[space]
                if 0 <= d < best:
                    best = float(d)
            return best

        return nearest

    # --- handlers -----------------------------------------------------------------------

    def tile(self, decision: Decision[Any]) -> Any:
        me = self.me(decision)
        options = decision.options
        if me is None:
            return options[-1]
        reset = self.reset_worth(decision, me)
        if reset is not None:
            return reset
        known = self.abilities.get(me.id, {})
        position: Position = decision.position
        # an Action worth taking where the Hero stands (an Attack, or kicking open a door
        # it is next to) comes before a Shenanigan that would take it away from there
        act_now = any(self.score(position, me, a) >= ACT_NOW for a in known.values()
                      if a.kind is _ACTION)
        # but a Hero the clock sends alone moves first, by the Shenanigan it moves with
        rushing_with = ({a.kind for a in known.values() if self.score(position, me, a) >= RUSH}
                        if self.rushing(position, me) else set())
        rush = bool(rushing_with) and _ACTION not in rushing_with
        order = (["action", "shenanigan"] if act_now and not rush and not self.in_danger(me)
                 else ["shenanigan", "action"])
        battle = decision.battle
        for pick in ["pooky", *order]:
            if pick in options and (pick == "pooky" or battle is None or self.worth_a_tile(
                    position, me, [a for a in known.values() if a.kind.value == pick
                                   and usable(battle, me.id, a)])):
                return pick
        # no tile whose abilities would do anything: the turn ends rather than spend one
        return next((o for o in options if str(o).startswith("ally ")), options[-1])

    def worth_a_tile(self, position: Position, me: Figure, abilities: list[Ability]) -> bool:
        """Some of ``abilities`` would do something now (a Move that gets nowhere, a heal
        of nobody, an Inspire into a full Epic Pool do not)."""
        return any(self.score(position, me, a) > WASTED for a in abilities)

    def reset_worth(self, decision: Decision[Any], me: Figure) -> str | None:
        """Spend a Reset Token only on an Action or Shenanigan it makes usable now, of a
        kind with a tile left, that scores better than every usable one of that kind."""
        battle = decision.battle
        resets = [o for o in decision.options if str(o).startswith(RESET)]
        if battle is None or not resets:
            return None
        counts = re.search(r"\((\d+) Action, (\d+) Shenanigan left\)", decision.prompt)
        left = ({"action", "shenanigan"} if counts is None else
                {k for k, n in zip(("action", "shenanigan"), counts.groups(), strict=True)
                 if int(n) > 0})
        known = self.abilities.get(me.id, {})
        position: Position = decision.position
        best: tuple[float, str | None] = (0.0, None)
        for option in resets:
            ability = known.get(option.removeprefix(RESET))
            if ability is None or ability.kind.value not in left:
                continue
            if not usable(spend_reset(battle, me.id, option), me.id, ability):
                continue  # more than three Cooldown Tokens, or no Charge Token
            rivals = [self.score(position, me, a) for a in known.values()
                      if a.kind is ability.kind and usable(battle, me.id, a)]
            score = self.score(position, me, ability)
            if score > max(rivals, default=0.0) and score > best[0]:
                best = (score, option)
        return best[1]

    def ability(self, decision: Decision[Any]) -> Any:
        me = self.me(decision)
        if me is None:
            return decision.options[0]
        known = self.abilities.get(me.id, {})
        position: Position = decision.position
        scores = [self.score(position, me, known.get(name)) for name in decision.options]
        # the first best, as np.argmax gives it, without making an array of a few floats
        return decision.options[max(range(len(scores)), key=scores.__getitem__)]

    def score(self, position: Position, me: Figure, ability: Ability | None) -> float:
        if ability is None:
            return 0.0
        best, wasted = -1.0, 0.0
        for effect in ability.effects:
            verb = effect.verb
            if verb is _ATTACK and effect.attack is not None:
                if self.can_hit(position, me, ability):
                    attack = effect.attack
                    best = max(best, 10 + attack.dice + attack.fixed + attack.targets)
            elif verb in (_MOVE, _LEAP):
                if self.in_danger(me):
                    best = max(best, 5.0)
                elif not self.gets_nearer(position, me, effect.amount, verb is _LEAP):
                    # a Move that can bring it no nearer to its goals is worth less than
                    # any other ability with an effect (it would move to its own space)
                    best = max(best, WASTED)
                elif self.rushing(position, me):
                    best = max(best, RUSH)  # the clock before a fight on the way
                else:
                    best = max(best, 1.0 if self.foes_adjacent(position, me) else 5.0)
            elif verb is _HEAL:
                if self.hurt_friends(position, me, effect.aim):
                    best = max(best, 6.0)
                else:  # a heal for nothing: the ability is worth less than one without
                    wasted += WASTED
            elif verb is _INSPIRE:
                if self.pool_full:  # "No effect if the Epic Pool is full" (glossary)
                    wasted += WASTED
                else:
                    best = max(best, 3.0)
            elif verb in _PLACED and not self.foes(position, me):
                wasted += WASTED  # a Trap or Wizard Fire with no Foe to step in it
            elif verb is _OPEN_DOOR:
                near = [d for d in position.closed_doors - self.ctx.scenario.sealed_doors
                        if position.board.adjacent(me.at, d)]
                best = max(best, 8.0 if near else -5.0)
            else:
                best = max(best, 3.0)
        return best - wasted

    def rushing(self, position: Position, me: Figure) -> bool:
        """Whether the Hero goes alone to a space to stand on because the rounds left
        call for it (:meth:`hurried`): a Move nearer is worth more than an Attack then."""
        return self.to_do(position, me)[2]

    def gets_nearer(self, position: Position, me: Figure, points: int, leap: bool) -> bool:
        """Some space a Move (or Leap) of ``points`` can end on is nearer by walking to
        the Hero's goals than the space it stands on (with no goals, none is)."""
        goals, want = self.goals(position, me)
        if not goals or not points:
            return False
        walk = self.walking(position)
        fields = [walk(g) for g in goals]

        def away(space: int) -> float:
            return abs(min(field[space] for field in fields) - want)

        here = away(me.at)
        return any(away(s) < here for s in reach(position, me.id, points, leap).costs)

    def hurt_friends(self, position: Position, me: Figure, aim: Aim) -> bool:
        """A friend a heal aimed by ``aim`` can reach has lost Fortitude (a heal for
        nothing is no use)."""
        if aim.whom is Whom.SELF:
            return bool(me.damage)
        near = position.line_of_fire_field(me.at)
        return any(f.damage and not is_foe(me, f) and 0 <= near[f.at] <= aim.within
                   for f in position.figures if f.fortitude is not None)

    def companion_action(self, decision: Decision[Any]) -> Any:
        """Use a Companion action when it is worth anything now."""
        me = self.me(decision)
        if me is None:
            return False
        name = decision.prompt.split(": ", 1)[1].rstrip("?")
        ability = self.abilities.get(me.id, {}).get(name)
        return ability is None or self.score(decision.position, me, ability) > 0

    def foes_adjacent(self, position: Position, me: Figure) -> bool:
        return any(position.adjacent(me, f) for f in self.foes(position, me))

    def move_to(self, decision: Decision[Any]) -> Any:
        return self.moves_ranked(decision)[0]

    def moves_ranked(self, decision: Decision[Any]) -> list[Any]:
        """A Move's options, the one greedy takes first, then the others from best to
        worst by the same measure (the planner screens the first few)."""
        options = list(decision.options)
        me = self.me(decision)
        if me is None:
            return options
        position: Position = decision.position
        if self.in_danger(me):
            return self.retreats_ranked(decision)
        goals, want = self.goals(position, me)
        if not goals:
            return options
        hurt = self.damage_on_the_way(position, me, decision)
        walk = self.walking(position)
        fields = [walk(g) for g in goals]
        finish = self.to_do(position, me)[4]

        def cost(space: int) -> tuple[bool, float, int, bool]:
            # a space that meets an objective now first (not a round later); a space a
            # step nearer is not worth a point of damage on the way; as near, a move that
            # goes somewhere before one that stays
            d = min(field[space] for field in fields)
            near = abs(d - want) if d != float("inf") else 99.0
            return (space not in finish, near, hurt.get(space, 0), space == me.at)

        return sorted(options, key=cost)  # stable: ties keep the options' order

    def damage_on_the_way(self, position: Position, me: Figure, decision: Decision[Any]
                          ) -> dict[int, int]:
        """The least damage (Traps, Hazards, Wizard Fire) of a Move to each option: a
        space as near is taken by a Safe path rather than through a Trap."""
        detail = decision.detail
        if not isinstance(detail, MoveDetail):
            return {}
        routes = reach(position, me.id, detail.points, detail.leap)
        return {o: routes.least_damage(o) for o in decision.options if o in routes}

    def retreat(self, decision: Decision[Any]) -> Any:
        return self.retreats_ranked(decision)[0]

    def retreats_ranked(self, decision: Decision[Any]) -> list[Any]:
        """The options from farthest from the Foes to nearest (ties in their order)."""
        options = list(decision.options)
        me = self.me(decision)
        position: Position = decision.position
        if me is None:
            return options
        foes = [f.at for f in self.foes(position, me)]
        if not foes:
            return options
        distance = self.distance_to(position, foes)
        return sorted(options, key=lambda s: -min(distance(s), 99.0))

    def toward_foes(self, decision: Decision[Any]) -> Any:
        return self.spaces_ranked(decision)[0]

    def spaces_ranked(self, decision: Decision[Any]) -> list[Any]:
        """The spaces nearest the Foes by walking first (a start space, a Trap or Wizard
        Fire placed): behind a closed door, the one nearest the door, not the first. A
        Trap or Wizard Fire goes where no friend stands, and not on a door's space or a
        space to stand on, where the Heroes must walk."""
        options = list(decision.options)
        position: Position = decision.position
        me = self.me(decision)
        schemers = [f.at for f in position.figures if me is None or is_foe(me, f)]
        if not schemers or not all(isinstance(o, int) for o in options):
            return options
        walk = self.walking(position)
        fields = [walk(s) for s in schemers]
        avoid: set[int] = set()
        if decision.kind == "effect-space" and me is not None:
            avoid = {s for f in position.figures if not is_foe(me, f)
                     for s in position.spaces_of(f)}
            avoid |= {o for o in options if position.board.door[o]} | self.stand_on_spaces()
        return sorted(options, key=lambda o: (o in avoid, min(field[o] for field in fields)))

    def stand_on_spaces(self) -> set[int]:
        """The spaces the scenario's objectives ask a Hero to stand on."""
        return {s for objective in self.ctx.scenario.objectives for c in objective.when
                if c.kind in (When.HERO_ON, When.ALL_HEROES_ON) for s in c.spaces}

    def targets(self, decision: Decision[Any]) -> Any:
        position: Position = decision.position

        def value(option: tuple[str, ...]) -> tuple[int, int, int]:
            figures = [position.figure(t) for t in option]
            left = sum(f.remaining_fortitude or 0 for f in figures)
            return (sum(self.wanted(f) for f in figures), len(option), -left)

        return max(decision.options, key=value)

    def effect_target(self, decision: Decision[Any]) -> Any:
        position: Position = decision.position
        me = self.me(decision)

        def value(target: str) -> tuple[int, int]:
            figure = position.figure(target)
            foe = me is not None and is_foe(me, figure)
            return (int(foe), -(figure.remaining_fortitude or 0) if foe else figure.damage)

        return max(decision.options, key=value)

    def burst(self, decision: Decision[Any]) -> Any:
        position: Position = decision.position
        me = self.me(decision)
        if me is None:
            return decision.options[0]
        return max(decision.options, key=lambda p: len(covered_foes(position, me, p)))

    def empower(self, decision: Decision[Any]) -> Any:
        """Use the Epic Pool, keeping one die for defence (all of them when it is full,
        since an Inspire would be wasted)."""
        most = max(decision.options)
        position: Position = decision.position
        full = position is not None and most >= self.ctx.scenario.epic_pool[0]
        return most if full else max(most - 1, 0)

    def defence(self, decision: Decision[Any]) -> Any:
        """Discard just enough Epic Dice that the Attack cannot Defeat a Wounded Hero."""
        match = re.search(r"attacks for (\d+)", decision.prompt)
        position: Position = decision.position
        if match is None:
            return 0
        damage = int(match.group(1))
        weakest = min((f.remaining_fortitude or 0 for f in position.figures
                       if f.kind is Role.HERO and f.wounded), default=None)
        if weakest is None:
            return 0
        for spend in decision.options:
            if damage - 2 * spend < weakest:
                return spend
        return max(decision.options)

    def most(self, decision: Decision[Any]) -> Any:
        return max(decision.options)

    def reaction(self, decision: Decision[Any]) -> Any:
        others = [o for o in decision.options if o != PASS]
        return others[0] if others else PASS

    def doom(self, decision: Decision[Any]) -> Any:
        dice = [o for o in decision.options if o != TAKE_DOOM]
        if TAKE_DOOM in decision.options and (not dice or decision.position is None):
            return TAKE_DOOM
        return min(dice, key=lambda r: getattr(getattr(r, "face", None), "damage", 0))
