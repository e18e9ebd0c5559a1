"""A scenario from setup to Victory or defeat: rounds of three Phases (glossary: Phase).

- **Setup**: the first part's story and deployment, Destructible features, each Hero on an
  Unoccupied Hero start space (a player Decision), Pooky on Zot's space, Power Tree steps.
- **Ready Phase**: Cooldown Tokens removed; each Schemer Group's Scheme Die rolled (an
  Alternating group moves to its other Scheme instead; an Unpredictable group waits until its
  token is drawn); Pooky's die rolled; the initiative bag filled: a token per Hero (and a
  partial one each in a 2-Hero game) and per Schemer Group on the map.
- **Combat Phase**: tokens drawn one at a time (chance); a Hero's full or partial turn, or a
  Schemer Group's turn in standee order. After every turn the scenario's parts and events
  are checked.
- **Objective Phase**: objectives, defeat conditions, parts and events.

Everything is a generator of Decisions (:mod:`tales.rules.decisions`): the Game driver,
a bot, a person at the terminal or the viewer answers them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from tales.board.figures import Figure, Role, Side
from tales.board.position import Position
from tales.content.heroes import hero_figures, prepare_hero
from tales.content.scenarios import Effects, When
from tales.engine.conditions import all_hold
from tales.engine.content import Context
from tales.engine.deploy import deploy, group_limit
from tales.engine.sources import turn_sources
from tales.engine.state import CooldownReading, EndCheck, Fallen, GameState, Result
from tales.errors import ContentError
from tales.evolve import evolve
from tales.rules.abilities import ready_phase as remove_cooldowns
from tales.rules.attacks import Battle, CombatRules
from tales.rules.companions import companion_turn
from tales.rules.decisions import Decider, Decision, Resolution, annotating
from tales.rules.dice import DieKind, roll
from tales.rules.effects import Ability, equip
from tales.rules.epic_pool import EpicPool
from tales.rules.happened import Attacked, Happened, TurnBegan
from tales.rules.health import LeastFortitude, fortitude_left
from tales.rules.hero_turn import hero_turn
from tales.rules.items import Allowance, Armory, choose_items
from tales.rules.power_tree import choose_steps
from tales.rules.schemes import Roster, Special, play_group_turn

HERO_TOKEN = "hero"
PARTIAL_TOKEN = "partial"
GROUP_TOKEN = "group"
SOLO_TOKEN = "solo"
COMPANION_TOKEN = "companion"


#: How a Hero's turn (or a Companion's) is played: ``(ctx, state, who, full)``. By default
#: by the rules; at a physical table it is reported as edits (:mod:`tales.table.edits`).
TurnPlayer = Callable[[Context, GameState, str, bool], Resolution[GameState]]
#: Who carries out a group's Scheme steps of printed text (the table assistant), given the
#: game as the group's turn begins.
SpecialPlayer = Callable[[Context, GameState], Special]


def play_scenario(ctx: Context, player_turns: TurnPlayer | None = None,
                  specials: SpecialPlayer | None = None) -> Resolution[GameState]:
    """Play the scenario of ``ctx`` to its end; the final state. ``player_turns`` plays
    the turns of the players' figures instead of the rules, ``specials`` a Scheme's steps
    of printed text (the table assistant)."""
    state = yield from set_up(ctx)
    state = yield from play_on(ctx, state, player_turns, specials)
    result = state.result
    assert result is not None
    state = state.tell(ctx.scenario.story.get(result.value, ""))
    return state.note(f"{result.value.title()}: {state.reason}")


def play_on(ctx: Context, state: GameState, player_turns: TurnPlayer | None = None,
            specials: SpecialPlayer | None = None) -> Resolution[GameState]:
    """Play rounds from ``state`` until the scenario ends: on with its Combat Phase when
    its initiative bag is part drawn (the state an ``initiative`` Decision shows, where a
    planner's rollouts start), then whole rounds."""
    in_combat = bool(state.bag)
    while state.result is None:
        if not in_combat:
            state = yield from ready_phase(ctx, state)
        in_combat = False
        state = yield from combat_phase(ctx, state, player_turns, specials)
        if state.result is None:
            state = yield from objective_phase(ctx, state)
    return state


# --- setup ------------------------------------------------------------------------------


def set_up(ctx: Context) -> Resolution[GameState]:
    """Deploy the first part, place the Heroes, take Power Tree steps."""
    scenario = ctx.scenario
    position = Position.empty(scenario.board)
    for thing in scenario.destructibles:
        position = evolve(position, figures=(*position.figures, Figure(
            thing.id, Side.SCHEMER, thing.at, fortitude=thing.fortitude,
            keywords=thing.keywords)))
    size, dice = scenario.epic_pool
    battle = Battle(position, EpicPool(dice, size), ctx.dice, legend=ctx.setup.legend,
                    rules=CombatRules(reset_tokens=ctx.setup.rules.reset_tokens,
                                      large=ctx.setup.rules.large_rules(),
                                      same_outcome=ctx.setup.rules.same_outcome),
                    sealed_doors=scenario.sealed_doors)
    state = GameState(battle, tuple(k.id for k in ctx.kits))
    state = state.tell(scenario.story.get("prologue", ""))
    state = yield from _begin_part(ctx, state, 0)
    for kit in ctx.kits:
        position = state.position
        at = yield from _start_space(ctx, state, kit.id, kit.name)
        figures = hero_figures(kit, at)  # and Pooky with Zot
        position = evolve(position, figures=(*position.figures, *figures))
        state = state.at(state.battle.at(position)).note(
            f"{kit.id} starts on {position.board.names[at]}")
    if ctx.companion is not None:  # Appendix B, Additional Setup 5
        state = yield from _place_companion(ctx, state)
    steps = (scenario.power_tree_steps if ctx.setup.power_tree_steps is None
             else ctx.setup.power_tree_steps)
    battle = state.battle
    loadout = ctx.setup.loadout
    for kit in ctx.kits:
        chosen: tuple[str, ...] = ()
        cards: tuple[str, ...] | None = None
        items: tuple[str, ...] | None = None
        if loadout is not None:
            cards = yield from _choose_cards(kit.id, loadout.cards.get(kit.id, ()),
                                             loadout.hero_cards)
            armory = Armory(tuple(i for i in kit.item_specs()
                                  if i.name in loadout.items.get(kit.id, ())))
            picked = yield from choose_items(armory, Allowance(*loadout.allowance), kit.id)
            items = tuple(i.name for i in picked)
            battle = battle.note(f"{kit.id} equips {', '.join((*cards, *items)) or 'nothing'}")
        if steps and kit.power_tree is not None:
            chosen = yield from choose_steps(kit.power_tree, steps, kit.id)
        battle = prepare_hero(battle, kit, chosen, items=items, extra=scenario.abilities,
                              cards=cards)
    if ctx.companion is not None:  # its Reactions, and nothing to pay for its actions
        battle = equip(battle, ctx.companion.id, ctx.companion.actions)
    return state.at(battle)


def _choose_cards(hero: str, available: tuple[str, ...], count: int | None
                  ) -> Resolution[tuple[str, ...]]:
    """The Hero cards a Hero equips: all it may take, or ``count`` of them chosen one by
    one ("Never equip two cards with the same title": each title once)."""
    titles = tuple(dict.fromkeys(available))
    if count is None or len(titles) <= count:
        return titles
    chosen: list[str] = []
    for n in range(1, count + 1):
        left = tuple(t for t in titles if t not in chosen)
        card = yield Decision("hero-card", f"{hero} equips Hero cards ({n} of {count}): "
                              "which card?", left, Decider.PLAYER, hero)
        chosen.append(card)
    return tuple(chosen)


def _start_space(ctx: Context, state: GameState, who: str, name: str,
                 what: str = "the Hero") -> Resolution[int]:
    """The Unoccupied Hero start space a Hero (or Companion) is placed on: its player's
    choice."""
    position = state.position
    starts = tuple(int(s) for s in range(len(position.board.names))
                   if position.board.start[s] and not position.is_occupied(s))
    if not starts:
        raise_setup(ctx, f"there is no Unoccupied Hero start space left for {what} ({name})")
    space: int = yield Decision("start-space", f"{name}: which Hero start space?", starts,
                                Decider.PLAYER, who, position=position, battle=state.battle)
    return space


def _place_companion(ctx: Context, state: GameState) -> Resolution[GameState]:
    """"Place your Companion's figure on an Unoccupied Hero start space on the map."""
    card = ctx.companion
    assert card is not None
    at = yield from _start_space(ctx, state, card.id, card.name, "the Companion")
    position = evolve(state.position, figures=(*state.position.figures, card.figure(at)))
    return state.at(state.battle.at(position)).note(
        f"{card.id} starts on {position.board.names[at]}")


def raise_setup(ctx: Context, why: str) -> NoReturn:
    """A scenario that cannot be set up as written."""
    raise ContentError(ctx.scenario.source, why)


# --- Ready Phase ------------------------------------------------------------------------


def ready_phase(ctx: Context, state: GameState) -> Resolution[GameState]:
    """Remove Cooldown Tokens, roll Scheme Dice (and Pooky's), fill the initiative bag."""
    number = state.round + 1
    battle = state.battle
    one_each = ctx.setup.rules.cooldowns is CooldownReading.ONE
    battle = evolve(battle, abilities={h: remove_cooldowns(a, one_each)
                                        for h, a in battle.abilities.items()})
    state = evolve(state, round=number, battle=battle, drawn=(), bag=(), turns={}).note(
        f"Round {number}: Ready Phase")  # a new round: no token drawn yet (what it shows)
    warnings = _last_round(ctx, number)
    if warnings:
        state = state.note(*warnings)
    schemes = dict(state.schemes)
    alternating = dict(state.alternating)
    on_map = _groups_on_map(state)
    for gid, group in ctx.scenario.groups.items():
        block = group.block
        if gid not in on_map:
            continue
        if block.alternating:
            index = (alternating[gid] + 1) % 2 if gid in alternating else 0
            alternating[gid] = index
            schemes[gid] = block.schemes[index].name
            state = state.note(f"{block.name}: the Scheme Die moves to "
                               f"{block.schemes[index].name!r} (Alternating)")
        elif not block.unpredictable:
            schemes[gid] = yield from _roll_scheme(ctx, block.id, state)
            state = state.note(f"{block.name}: the Scheme Die rolls {schemes[gid]!r}")
    pooky = dict(state.pooky)
    for kit in ctx.kits:
        if kit.pooky and any(f.kind is Role.POOKY and f.owner == kit.id
                             for f in state.position.figures):
            die = ctx.dice[DieKind.POOKY]
            meaning = {f: kit.pooky_scheme(f.scheme or 1).name for f in die.faces}
            face = yield from roll(die, f"Pooky's Scheme for {kit.id}", state.battle, meaning)
            pooky[kit.id] = face.scheme or 1
            state = state.note(f"Pooky's die: {kit.pooky_scheme(pooky[kit.id]).name!r}")
    card = ctx.companion
    if card is not None and card.rolls:  # "At the start of the round, roll Pooky's die"
        pooky[card.id] = yield from _roll_pooky(ctx, card.id, card.name, card.scheme)
        state = state.note(f"Pooky's die ({card.id}): {card.scheme(pooky[card.id]).name!r}")
    bag = _fill_bag(ctx, state, on_map)
    return evolve(state, schemes=schemes, alternating=alternating, pooky=pooky, bag=bag,
                  turns={}, drawn=())


def _last_round(ctx: Context, number: int) -> list[str]:
    """The log's warning that round ``number`` is the last one a defeat condition leaves:
    a round limit's (lost at its end unless won), or a lone ``rounds = N`` one's (lost at
    its Objective Phase, checked before the objectives)."""
    lines = []
    for condition in ctx.scenario.defeat:
        if condition.limit == number:
            lines.append(f"Last round: lost at its end unless the scenario is won by "
                         f"then ({condition.text})")
        elif len(condition.when) == 1 and condition.when[0].kind is When.ROUNDS and (
                condition.when[0].number == number):
            lines.append(f"Last round: lost at its end, objectives met or not "
                         f"({condition.text})")
    return lines


def token_name(token: str) -> str:
    """An initiative token as the table says it: ``gerki``, ``gerki (solo)``, ``cellar-rats``."""
    kind, who = token.split(" ", 1)
    return who if kind in (HERO_TOKEN, GROUP_TOKEN) else f"{who} ({kind})"


def _roll_pooky(ctx: Context, who: str, name: str,
                scheme: Callable[[int], Ability]) -> Resolution[int]:
    """Pooky's die for ``who``: each face asked with the Scheme it picks (``scheme``)."""
    die = ctx.dice[DieKind.POOKY]
    meaning = {f: scheme(f.scheme or 1).name for f in die.faces}
    face = yield from roll(die, f"Pooky's Scheme for {name}", meaning=meaning)
    return face.scheme or 1


def _roll_scheme(ctx: Context, gid: str, state: GameState) -> Resolution[str]:
    block = ctx.scenario.groups[gid].block
    die = ctx.dice[DieKind.SCHEME]
    meaning = {f: block.scheme(str(f.scheme)).name for f in die.faces}
    face = yield from roll(die, f"{block.name}'s Scheme", state.battle, meaning, state)
    return meaning[face]


def _groups_on_map(state: GameState) -> set[str]:
    return {f.group for f in state.position.figures if f.group}


def _fill_bag(ctx: Context, state: GameState, on_map: set[str]) -> tuple[str, ...]:
    """One token per Hero on the map (two-Hero games: a partial one too) and per Schemer
    Group on the map ("unless stated otherwise": the scenario's or part's count)."""
    bag = []
    for hero in state.hero_figures():
        bag.append(f"{HERO_TOKEN} {hero.id}")
        if ctx.two_hero_game:
            bag.append(f"{PARTIAL_TOKEN} {hero.id}")
        if ctx.solo:  # the gold Solo Hero token: a second full turn (Appendix B)
            bag.append(f"{SOLO_TOKEN} {hero.id}")
    if ctx.companion is not None:  # "both Companion initiative tokens"
        bag.extend([f"{COMPANION_TOKEN} {ctx.companion.id}"] * 2)
    for gid, group in ctx.scenario.groups.items():
        if gid in on_map:
            count = group.initiative
            for part in ctx.scenario.parts[: state.part + 1]:
                count = part.initiative.get(gid, count)
            bag.extend([f"{GROUP_TOKEN} {gid}"] * count)
    return tuple(sorted(bag))


# --- Combat Phase -----------------------------------------------------------------------


def during(turn: Resolution[GameState], state: GameState) -> Resolution[GameState]:
    """``turn``, with ``state`` (the round as the turn began: its token drawn, out of the
    bag) on each Decision it asks that shows none, so whoever answers sees the round as
    it is, not as it was before the draw."""
    return annotating(turn, lambda d: d if d.state is not None else evolve(d, state=state))



def combat_phase(ctx: Context, state: GameState, player_turns: TurnPlayer | None = None,
                 specials: SpecialPlayer | None = None) -> Resolution[GameState]:
    """Draw initiative tokens one at a time until the bag is empty (or the game ends)."""
    state = state.note(f"Round {state.round}: Combat Phase")
    while state.bag and state.result is None:
        counts = Counter(state.bag)
        options = tuple(sorted(counts))
        token = yield Decision("initiative", "draw an initiative token from the bag", options,
                               Decider.CHANCE, None,
                               tuple(counts[t] / len(state.bag) for t in options),
                               position=state.position, battle=state.battle, state=state)
        bag = list(state.bag)
        bag.remove(token)
        state = evolve(state, bag=tuple(bag), drawn=(*state.drawn, token)).note(
            f"Initiative token drawn: {token_name(token)}; {len(bag)} left in the bag")
        before, events = state.position, len(state.battle.events)
        kind, who = token.split(" ", 1)
        if kind == GROUP_TOKEN:
            turn = _group_turn(ctx, state, who, specials)
        elif player_turns is not None:
            turn = player_turns(ctx, state, who, kind != PARTIAL_TOKEN)
        elif kind == COMPANION_TOKEN:
            turn = _companion_turn(ctx, state)
        else:
            turn = _hero_turn(ctx, state, who, full=kind != PARTIAL_TOKEN)
        state = yield from during(turn, state)
        state = _after_turn(ctx, state, before, token, events)
        state = yield from _check_story(ctx, state)
        if not state.hero_figures():
            state = _end(state, Result.DEFEAT, "every Hero is Defeated")
        elif ctx.setup.rules.end_check is EndCheck.EVERY_TURN:
            state = _check_end(ctx, state)
    return state


def _hero_turn(ctx: Context, state: GameState, hero: str, full: bool
               ) -> Resolution[GameState]:
    if hero not in {f.id for f in state.position.figures}:
        return state.note(f"{hero} is Defeated: the token is set aside")
    kit = ctx.kit(hero)
    state = state.note(f"{hero}'s {'full' if full else 'partial'} turn")
    state = state.at(state.battle.record(TurnBegan(hero, "hero")))
    pooky = kit.pooky_scheme(state.pooky[hero]) if full and hero in state.pooky else None
    allies = kit.ally_abilities() if full else None
    battle = yield from hero_turn(state.battle, hero, ctx.abilities(hero, state.battle), full,
                                    pooky, allies)
    state = took_turn(state.at(battle), hero)
    if ctx.solo and pooky is not None and state.turns[hero] == 1:
        # Zot in Solo Mode: "Reroll Pooky's die at the end of Zot's first turn"
        face = yield from _roll_pooky(ctx, hero, kit.name, kit.pooky_scheme)
        state = evolve(state, pooky={**state.pooky, hero: face})
    return state


def took_turn(state: GameState, who: str) -> GameState:
    """``who`` has taken one more turn this round."""
    return evolve(state, turns={**state.turns, who: state.turns.get(who, 0) + 1})


def _companion_turn(ctx: Context, state: GameState) -> Resolution[GameState]:
    card = ctx.companion
    assert card is not None
    scheme = card.scheme(state.pooky[card.id]) if card.rolls else None
    state = state.note(f"{card.id}'s Companion turn" + (f": {scheme.name}" if scheme else ""))
    state = state.at(state.battle.record(TurnBegan(card.id, "hero")))
    battle = yield from companion_turn(state.battle, card, ctx.kits[0].id, scheme,
                                       ctx.scenario.abilities)
    state = took_turn(state.at(battle), card.id)
    if card.rolls and state.turns[card.id] == 1:  # "After his first turn, roll again"
        face = yield from _roll_pooky(ctx, card.id, card.name, card.scheme)
        state = evolve(state, pooky={**state.pooky, card.id: face}).note(
            f"Pooky's die ({card.id}), rolled again: {card.scheme(face).name!r}")
    return state


def _group_turn(ctx: Context, state: GameState, gid: str,
                specials: SpecialPlayer | None = None) -> Resolution[GameState]:
    block = ctx.scenario.groups[gid].block
    if not any(f.group == gid for f in state.position.figures):
        return state.note(f"{block.name}: none on the map, no turn")
    if block.unpredictable:  # "Roll Scheme Die immediately after drawing initiative token"
        name = yield from _roll_scheme(ctx, gid, state)
        state = evolve(state, schemes={**state.schemes, gid: name}).note(
            f"{block.name} (Unpredictable): the Scheme Die rolls {name!r}")
    scheme = block.scheme(state.schemes[gid])
    state = state.note(f"{block.name}'s turn: {scheme.name}")
    state = state.at(state.battle.record(TurnBegan(gid, "schemer", scheme=scheme.name)))
    roster = Roster({g: s.block for g, s in ctx.scenario.groups.items()},
                    {g: group_limit(ctx, state, g) for g in ctx.scenario.groups})
    turn = yield from play_group_turn(
        state.battle, gid, scheme, ctx.setup.rules.schemer_rules(), roster=roster,
        special=specials(ctx, state) if specials is not None else None)
    assert turn.battle is not None
    state = state.at(turn.battle)  # a Reinforce step may bring a group onto the map:
    return evolve(state, deployed=state.deployed | _groups_on_map(state))


# The members the bookkeeping after a turn compares, read once: in Python 3.11 a member read
# on its enum goes through the enum class's attribute hook (~70 ns a read; for every figure
# after every turn, issue 19)
_BOTH_SIDES = LeastFortitude.BOTH_SIDES
_HEROES = Side.HERO
_HERO, _COMPANION = Role.HERO, Role.COMPANION


def _left(figure: Figure) -> int:
    """Fortitude a figure has left, counting a Fresh figure's Wounded side (the damage
    bookkeeping counts every point lost, whichever side it came off)."""
    return fortitude_left(figure, _BOTH_SIDES) or 0


def acted(before: Position, after: Position, happened: Sequence[Happened]) -> bool:
    """Whether a Hero's (or Companion's) turn did anything, from the board before and
    after it and what happened during it: a Hero or Companion ended on another space, an
    Attack was made, or an ability changed the board (a door, a Trap, Wizard Fire, a
    figure's damage, tokens or keywords, a figure placed, moved or removed). Pooky's
    moves, which its die decides, do not count; a move back to where it began, a heal of
    nothing and a Move to its own space do nothing."""
    if any(isinstance(e, Attacked) for e in happened):
        return True
    if (before.closed_doors != after.closed_doors or before.traps != after.traps
            or before.wizard_fire != after.wizard_fire):
        return True
    if before.figures == after.figures:  # most often the very same figures
        return False
    was = {f.id: f for f in before.figures}
    if len(was) != len(after.figures):
        return True
    for figure in after.figures:
        old = was.get(figure.id)
        if old is None:
            return True
        if old is figure:
            continue
        if evolve(old, at=figure.at) != figure:  # damage, tokens, keywords, a side
            return True
        if figure.at != old.at and figure.kind is not Role.POOKY:
            return True
    return False


def _after_turn(ctx: Context, state: GameState, before: Position, token: str,
                events: int) -> GameState:
    """Bookkeeping: Fallen Heroes, Schemers Defeated, damage per group, the last round a
    Hero's turn did anything (``events``: how many things had happened before the turn)."""
    after = {f.id: f for f in state.position.figures}
    fallen = list(state.fallen)
    defeated = state.schemers_defeated
    # plain dicts, not Counters: this runs after every turn, and a Counter is slow to make
    taken = dict(state.taken)
    hero_damage = dict(state.hero_damage)
    wounded = set(state.heroes_wounded)
    lost_by_heroes = 0
    hero_lost: dict[str, int] = {}
    for figure in before.figures:
        now = after.get(figure.id)
        # the very same figure lost nothing: most figures, most turns (issue 19)
        lost = 0 if now is figure else max(_left(figure) - (_left(now) if now else 0), 0)
        if figure.side is _HEROES:
            lost_by_heroes += lost
            if figure.kind in (_HERO, _COMPANION):
                hero_damage[figure.id] = hero_damage.get(figure.id, 0) + lost
                if lost:
                    hero_lost[figure.id] = lost
                if now is not None and now.wounded and not figure.wounded:
                    wounded.add(figure.id)
        elif figure.group:
            taken[figure.group] = taken.get(figure.group, 0) + lost
        if now is None and figure.kind is _HERO:
            fallen.append(Fallen(figure.id, before.board.names[figure.at], state.round, token))
        if now is None and figure.side is Side.SCHEMER and figure.group:
            defeated += 1
    dealt = dict(state.dealt)
    if token.startswith(GROUP_TOKEN) and lost_by_heroes:
        group = token.split(" ", 1)[1]
        dealt[group] = dealt.get(group, 0) + lost_by_heroes
    sources = state.sources
    if hero_lost:
        sources = dict(sources)
        for source, lost in turn_sources(before, hero_lost, state.battle.events[events:],
                                         state.position).items():
            sources[source] = sources.get(source, 0) + lost
    heroes_acted = state.heroes_acted
    if (not token.startswith(GROUP_TOKEN) and heroes_acted != state.round
            and acted(before, state.position, state.battle.events[events:])):
        heroes_acted = state.round
    return evolve(state, fallen=tuple(fallen), schemers_defeated=defeated,
                  taken=taken, dealt=dealt, hero_damage=hero_damage, sources=sources,
                  heroes_wounded=frozenset(wounded), heroes_acted=heroes_acted)


# --- parts, events, objectives ----------------------------------------------------------


def _apply(ctx: Context, state: GameState, effects: Effects) -> Resolution[GameState]:
    state = state.tell(effects.story)
    if effects.open_doors:
        position = state.position
        position = evolve(position, closed_doors=position.closed_doors - effects.open_doors)
        names = ", ".join(position.board.names[d] for d in sorted(effects.open_doors))
        state = state.at(state.battle.at(position)).note(f"the doors on {names} open")
    for _ in range(effects.epic_dice):
        state = state.at(evolve(state.battle, pool=state.battle.pool.inspire()))
    state = yield from deploy(ctx, state, effects.reinforce)
    if effects.lose:
        state = _end(state, Result.DEFEAT, effects.story or "a defeat event")
    elif effects.win:  # defeat first: a win event does not undo a Hero's defeat
        state = _check_defeat(ctx, state)
        state = _end(state, Result.VICTORY, effects.story or "a victory event")
    return state


def _begin_part(ctx: Context, state: GameState, index: int) -> Resolution[GameState]:
    part = ctx.scenario.parts[index]
    state = evolve(state, part=index).note(f"Part: {part.name}")
    return (yield from _apply(ctx, state, part.effects))


def _check_story(ctx: Context, state: GameState) -> Resolution[GameState]:
    """Begin the next part when its condition holds; fire events whose conditions hold
    (each once); latch completed objectives."""
    changed = True
    while changed and state.result is None:
        changed = False
        parts = ctx.scenario.parts
        if state.part + 1 < len(parts) and all_hold(ctx, state, parts[state.part + 1].when):
            state = yield from _begin_part(ctx, state, state.part + 1)
            changed = True
        for event in ctx.scenario.events:
            if event.id not in state.fired and all_hold(ctx, state, event.when):
                state = evolve(state, fired=state.fired | {event.id}).note(
                    f"Event: {event.id}")
                state = yield from _apply(ctx, state, event.effects)
                changed = True
    return _latch(ctx, state)


def _latch(ctx: Context, state: GameState) -> GameState:
    """Objectives whose test holds now are complete from now on."""
    # an objective complete already stays so: only the others are tested, and the state
    # is copied only when one more is complete (this runs after every turn, issue 19)
    objectives = ctx.scenario.objectives
    done = {n for n, o in enumerate(objectives)
            if n not in state.completed and all_hold(ctx, state, o.when)}
    if not done:
        return state
    met_in = {**state.met_in, **{n: state.round for n in done}}
    return evolve(state, completed=state.completed | done, met_in=met_in).note(
        *(f"Objective met: {objectives[n].text}" for n in sorted(done)))


#: Rounds in a row with no Hero doing anything, an objective still to do: a stuck game.
STUCK_ROUNDS = 2


def _check_stuck(ctx: Context, state: GameState) -> GameState:
    """The first round the game is stuck (:data:`STUCK_ROUNDS` rounds with no Hero's turn
    doing anything while an objective is still to do), kept in ``stuck``: the report says
    that its win rate then measures the bot, not the scenario."""
    if (state.stuck or len(state.completed) == len(ctx.scenario.objectives)
            or state.round - state.heroes_acted < STUCK_ROUNDS):
        return state
    return evolve(state, stuck=state.round)


def _end(state: GameState, result: Result, reason: str) -> GameState:
    if state.result is not None:
        return state
    return evolve(state, result=result, reason=reason)


def _check_defeat(ctx: Context, state: GameState) -> GameState:
    """A Hero Defeated (unless the scenario says otherwise) or a defeat condition; not a
    round limit, which :func:`_check_end` checks after the objectives."""
    scenario = ctx.scenario
    if scenario.hero_defeat_loses and state.fallen:
        return _end(state, Result.DEFEAT, f"{state.fallen[0].hero} is Defeated")
    for condition in scenario.defeat:
        if condition.limit is None and all_hold(ctx, state, condition.when):
            return _end(state, Result.DEFEAT, condition.text)
    return state


def _check_end(ctx: Context, state: GameState) -> GameState:
    """Defeat conditions first, then Victory when every objective is complete, then a
    round limit: lost at the end of round N unless won (docs/rules-decisions.md, "Round
    limits")."""
    scenario = ctx.scenario
    state = _check_defeat(ctx, state)
    if state.result is None and len(state.completed) == len(scenario.objectives):
        return _end(state, Result.VICTORY, "; ".join(o.text for o in scenario.objectives))
    for condition in scenario.defeat:
        if condition.limit is not None and all_hold(ctx, state, condition.when):
            return _end(state, Result.DEFEAT, condition.text)
    return state


def objective_phase(ctx: Context, state: GameState) -> Resolution[GameState]:
    """Check the defeat conditions, then the scenario's story, then the objectives, then
    a round limit."""
    state = evolve(state, rounds_ended=state.round).note(
        f"Round {state.round}: Objective Phase")
    state = _check_defeat(ctx, _check_stuck(ctx, _latch(ctx, state)))
    if state.result is None:
        state = yield from _check_story(ctx, state)
    return _check_end(ctx, state)


def summary(state: GameState) -> Mapping[str, object]:
    """A plain summary of a finished game (for reports and tests)."""
    return {"result": state.result.value if state.result else None, "reason": state.reason,
            "rounds": state.round, "fallen": [f.__dict__ for f in state.fallen],
            "dealt": dict(state.dealt), "taken": dict(state.taken)}
