"""Rule cases for the game loop (tales.engine.rounds, deploy, conditions).

Glossary entries: Phase, Ready Phase, Combat Phase, Objective Phase, Initiative Token,
Partial Initiative Token, Scheme, Scheme Die, Alternating, Unpredictable, Reinforce, Door,
Destructible, Scenario Ability, Cooldown Token, Pooky (Appendix A), Schemer Attacks
(Appendix C); the readings are docs/rules-decisions.md, "Game loop".

Every row builds a tiny scenario in ``tmp_path``: the map :data:`MAP`, the Scheme Blocks
:data:`BLOCKS` and a scenario file from the row's TOML, and loads it with
:func:`load_context`. A :class:`Script` answers the Decisions: Heroes always end their turn
at once (so they never act), chance Decisions take the row's Scheme Die faces, initiative
tokens and tracker cards (else the first option), everything else its first option.
Expected values were worked out by hand from the row's passage and the map.

The map (square, no diagonals)::

    row 1:  A1=S  B1=S  C1=S  D1=S  E1    F1    G1
    row 2:  A2    B2    C2    D2=D  E2    F2    G2
    row 3:  A3=1  B3=2  C3=3  D3    E3    F3    G3
    row 4:  A4    B4    C4    D4    E4=a  F4    G4      (a: the Altar)

Default starts: the first Hero on A1, the second on B1 (the first free start space).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from tales.content.scenarios import Deploy
from tales.engine.conditions import all_hold
from tales.engine.content import Context, load_context
from tales.engine.deploy import deploy
from tales.engine.game import Game
from tales.engine.rounds import (
    combat_phase,
    objective_phase,
    play_scenario,
    ready_phase,
    set_up,
)
from tales.engine.state import (
    CooldownReading,
    EndCheck,
    Fallen,
    GameRules,
    GameState,
    Result,
    Setup,
    TrackerReading,
)
from tales.rules.decisions import Decision, Resolution

from ._build import Rule, case

MAP = '''name = "Test room"
layout = "square"
grid = """
S S S S . . .
. . . D . . .
1 2 3 . . . .
. . . . a . .
"""

[features.a]
name = "Altar"
'''

#: A step that does nothing here: these Schemers have no Wounded side.
IDLE = '{ name = "Idle", tokens = { shield = 1 }, to = "self", if = "wounded" }'

BLOCKS = f'''
[groups.idlers]
name = "Idlers"
standees = [1, 2, 3, 4]
fortitude = 3
limit = 4

[[groups.idlers.schemes]]
name = "Low"
faces = [1, 2, 3]
steps = [ {IDLE} ]

[[groups.idlers.schemes]]
name = "High"
faces = [4, 5, 6]
steps = [ {IDLE} ]

[groups.guards]
name = "Guards"
standees = [1, 2]
fortitude = 4
limit = 2

[[groups.guards.schemes]]
name = "Watch"
faces = [1, 2]
steps = [ {IDLE} ]

[[groups.guards.schemes]]
name = "Doze"
faces = [3, 4, 5, 6]
steps = [ {IDLE} ]

[groups.pacers]
name = "Pacers"
standees = [1, 2]
fortitude = 4
limit = 2
alternating = true

[[groups.pacers.schemes]]
name = "First"
steps = [ {IDLE} ]

[[groups.pacers.schemes]]
name = "Second"
steps = [ {IDLE} ]

[groups.wildcards]
name = "Wildcards"
standees = [1, 2]
fortitude = 4
limit = 2
unpredictable = true

[[groups.wildcards.schemes]]
name = "Low"
faces = [1, 2, 3]
steps = [ {IDLE} ]

[[groups.wildcards.schemes]]
name = "High"
faces = [4, 5, 6]
steps = [ {IDLE} ]

[groups.weaklings]
name = "Weaklings"
standees = [1]
fortitude = 2
limit = 1

[[groups.weaklings.schemes]]
name = "Cower"
faces = [1, 2, 3, 4, 5, 6]
steps = [ {IDLE} ]

[groups.brutes]
name = "Brutes"
standees = [1, 2]
fortitude = 30
limit = 2

[[groups.brutes.schemes]]
name = "Smash"
faces = [1, 2, 3, 4, 5, 6]
steps = [
  {{ attack = "melee", damage = 40, targets = 2 }},
  {{ attack = "melee", damage = 40, targets = 2 }},
]
'''

TWO = ("gerki", "deirdre")
THREE = ("gerki", "deirdre", "zot")
ZOT = ("zot", "eve")

# --- scenario text ------------------------------------------------------------------------


def group(gid: str, *lines: str) -> str:
    """A ``[[groups]]`` entry with extra ``key = value`` lines."""
    return "\n".join(("[[groups]]", f'id = "{gid}"', *lines)) + "\n\n"


def first(*deploys: str) -> str:
    """The first part, ``P1``, deploying ``deploys`` (inline tables)."""
    return f'[[parts]]\nname = "P1"\ndeploy = [ {", ".join(deploys)} ]\n\n'


def part(name: str, when: str, *lines: str) -> str:
    """A later part beginning when ``when`` (an inline table) holds."""
    return "\n".join(("[[parts]]", f'name = "{name}"', f"when = {when}", *lines)) + "\n\n"


def event(eid: str, when: str, *lines: str) -> str:
    return "\n".join(("[[events]]", f'id = "{eid}"', f"when = {when}", *lines)) + "\n\n"


def objective(text: str, when: str) -> str:
    return f'[[objectives]]\ntext = "{text}"\nwhen = {when}\n\n'


def defeat(text: str, when: str) -> str:
    return f'[[defeat]]\ntext = "{text}"\nwhen = {when}\n\n'


def at(gid: str, *spaces: str) -> str:
    """A fixed deployment line."""
    return f"{{ group = \"{gid}\", spaces = [{', '.join(f'{s!r}' for s in spaces)}] }}"


#: An objective no Hero ever completes here (nobody walks to G4): the game goes on.
NEVER = objective("Reach the far corner", '{ hero_on = "G4" }')
#: The usual opening: Idlers on E1, nothing else.
IDLERS = group("idlers") + first(at("idlers", "E1"))


PLAIN = GameRules()


def load(tmp_path: Path, text: str, heroes: tuple[str, ...] = TWO,
         rules: GameRules = PLAIN) -> Context:
    """Write the map, the Scheme Blocks and the scenario into ``tmp_path``; load them."""
    (tmp_path / "map.toml").write_text(MAP, encoding="utf-8")
    (tmp_path / "blocks.toml").write_text(BLOCKS, encoding="utf-8")
    path = tmp_path / "scenario.toml"
    head = 'title = "Test"\nmap = "map.toml"\nscheme_blocks = "blocks.toml"\n\n'
    if "[[objectives]]" not in text:
        text += NEVER
    path.write_text(head + text, encoding="utf-8")
    return load_context(Setup(str(path), heroes, rules=rules))


# --- answering Decisions ------------------------------------------------------------------

#: What a Decision kind gets when the row gives nothing for it (None: the first option).
DEFAULTS: dict[str, Any] = {"tile": "end turn", "reaction": "pass"}


@dataclass
class Script:
    """Answers per Decision kind, used in order: an option, a Scheme Die face number
    (``roll-scheme``, ``roll-pooky``), a space name (``start-space``, ``deploy-space``) or
    a function of the Decision."""

    answers: dict[str, list[Any]] = field(default_factory=dict)

    def __call__(self, decision: Decision[Any]) -> Any:
        queue = self.answers.get(decision.kind)
        want = queue.pop(0) if queue else DEFAULTS.get(decision.kind)
        if want is None:
            return decision.options[0]
        if callable(want):
            return want(decision)
        if decision.kind.startswith("roll-"):
            return next(f for f in decision.options if f.scheme == want)
        if isinstance(want, str) and decision.kind in ("start-space", "deploy-space"):
            return decision.position.board.find(want)
        return want


def recording(resolution: Resolution[GameState], seen: list[Decision[Any]]
              ) -> Resolution[GameState]:
    """``resolution``, noting every Decision it asks (one-option ones too) in ``seen``."""
    try:
        decision = next(resolution)
        while True:
            seen.append(decision)
            decision = resolution.send((yield decision))
    except StopIteration as done:
        result: GameState = done.value
        return result


Step = Callable[[Context, GameState], Resolution[GameState]]


def run(ctx: Context, steps: Sequence[Step], answers: dict[str, list[Any]] | None = None
        ) -> tuple[GameState, list[Decision[Any]]]:
    """Set up, then carry out ``steps`` (phases or edits), with the Game driver."""
    def start() -> Resolution[GameState]:
        state = yield from set_up(ctx)
        for step in steps:
            state = yield from step(ctx, state)
        return state

    seen: list[Decision[Any]] = []
    game: Game[GameState] = Game(lambda: recording(start(), seen))
    state = game.play(Script({k: list(v) for k, v in (answers or {}).items()}))
    return state, seen


def play(ctx: Context, answers: dict[str, list[Any]] | None = None
         ) -> tuple[GameState, list[Decision[Any]]]:
    """A whole scenario, to its end."""
    seen: list[Decision[Any]] = []
    game: Game[GameState] = Game(lambda: recording(play_scenario(ctx), seen))
    state = game.play(Script({k: list(v) for k, v in (answers or {}).items()}))
    return state, seen


#: The three Phases of a round (glossary: Phase), as steps.
R, C, OP = ready_phase, combat_phase, objective_phase
ROUND = (R, C, OP)


def edit(change: Callable[[GameState], GameState]) -> Step:
    """A step that changes the state by hand (between two phases)."""
    def step(ctx: Context, state: GameState) -> Resolution[GameState]:
        yield from ()
        return change(state)
    return step


def space(state: GameState, name: str) -> int:
    found = state.position.board.find(name)
    assert found is not None, name
    return found


def removed(*ids: str, fallen: bool = False) -> Step:
    """These figures leave the map (Defeated); Heroes are listed as Fallen with ``fallen``."""
    def change(state: GameState) -> GameState:
        position = state.position
        gone = tuple(Fallen(i, "A1", state.round, "test") for i in ids if fallen)
        for figure_id in ids:
            position = position.without_figure(figure_id)
        return replace(state.at(state.battle.at(position)), fallen=(*state.fallen, *gone))
    return edit(change)


def moved(figure_id: str, to: str) -> Step:
    def change(state: GameState) -> GameState:
        figure = state.position.figure(figure_id)
        position = state.position.with_figure(replace(figure, at=space(state, to)))
        return state.at(state.battle.at(position))
    return edit(change)


def opened(door: str) -> Step:
    def change(state: GameState) -> GameState:
        position = state.position
        position = replace(position, closed_doors=position.closed_doors - {space(state, door)})
        return state.at(state.battle.at(position))
    return edit(change)


def changed(**values: Any) -> Step:
    """GameState fields set by hand (``rounds_ended``, ``fired``, ``part`` ...)."""
    return edit(lambda state: replace(state, **values))


def cooled(hero: str, tokens: dict[int, int]) -> Step:
    """Cooldown Tokens on the Hero's abilities by index."""
    def change(state: GameState) -> GameState:
        abilities = list(state.battle.abilities[hero])
        for index, count in tokens.items():
            abilities[index] = replace(abilities[index], cooldown=count)
        table = {**state.battle.abilities, hero: tuple(abilities)}
        return state.at(replace(state.battle, abilities=table))
    return edit(change)


def reinforced(gid: str, *spaces: str, tracker: int = 0) -> Step:
    """A deployment line carried out by the engine's :func:`deploy`: onto ``spaces``, or
    ``tracker`` Schemers by the tracker deck of every numbered space (a deployment the
    scenario file could not give, over the Limit: ``tales scenario check`` refuses that,
    but Schemers already on the map count towards the Limit too)."""
    def step(ctx: Context, state: GameState) -> Resolution[GameState]:
        numbers = tuple(sorted({int(n) for n in state.position.board.deployment if n}))
        line = (Deploy(gid, (), tracker, numbers) if tracker else
                Deploy(gid, tuple(space(state, s) for s in spaces)))
        return (yield from deploy(ctx, state, (line,)))
    return step


# --- what a row looks at ------------------------------------------------------------------

Look = Callable[[GameState, list[Decision[Any]]], Any]


def schemers(state: GameState, _: Any = None) -> dict[str, str]:
    """Where every Schemer Group figure stands."""
    names = state.position.board.names
    return {f.id: names[f.at] for f in state.position.figures if f.group}


def asked(kind: str) -> Callable[[GameState, list[Decision[Any]]], int]:
    return lambda state, seen: sum(d.kind == kind for d in seen)


def options(kind: str) -> Callable[[GameState, list[Decision[Any]]], list[tuple[Any, ...]]]:
    return lambda state, seen: [d.options for d in seen if d.kind == kind]


def notes(*words: str) -> Callable[[GameState, Any], list[str]]:
    """Log lines holding any of ``words``, in order."""
    return lambda state, _: [line for line in state.battle.log
                             if any(w in line for w in words)]


def closed(state: GameState, _: Any = None) -> list[str]:
    return sorted(state.position.board.names[d] for d in state.position.closed_doors)


def both(*looks: Look) -> Look:
    return lambda state, seen: tuple(look(state, seen) for look in looks)


def bag(state: GameState, _: Any = None) -> list[str]:
    return sorted(state.bag)


def schemes(state: GameState, _: Any = None) -> dict[str, str]:
    return dict(state.schemes)


def cooldowns(hero: str, *indexes: int) -> Look:
    return lambda state, _: [state.battle.abilities[hero][i].cooldown for i in indexes]


def count(gid: str) -> Look:
    return lambda state, _: sum(f.group == gid for f in state.position.figures)


def field_of(name: str) -> Look:
    return lambda state, _: getattr(state, name)


def epic_dice(state: GameState, _: Any = None) -> int:
    return state.battle.pool.dice


GUARDS_TOO = group("idlers") + group("guards")
PACERS = group("pacers") + first(at("pacers", "E1"))
WILD = group("wildcards", "initiative = 2") + first(at("wildcards", "E1"))

# --- setup and the Ready Phase: Cooldown Tokens, Scheme Dice, Pooky ----------------------

READY = [
    case("ready-removes-one-cooldown-token-each", "the Ready Phase Invigorates: one token "
         "from each ability (default reading)",
         "Ready Phase", "Invigorate abilities, roll Scheme Dice, prepare Initiative Bag.",
         IDLERS, TWO, PLAIN, (cooled("gerki", {0: 2, 1: 1}), R), {},
         cooldowns("gerki", 0, 1), [1, 0]),
    case("cooldown-2-ready-a-round-after-cooldown-1", "two Ready Phases take both tokens of "
         "a Cooldown 2 ability: it waits one round longer than Cooldown 1",
         "Invigorate X", "Removes up to X Cooldown Tokens from abilities.",
         IDLERS, TWO, PLAIN, (cooled("gerki", {0: 2, 1: 1}), *ROUND, R), {},
         cooldowns("gerki", 0, 1), [0, 0]),
    case("ready-removes-every-cooldown-token", "cooldowns=all: every Cooldown Token comes off "
         "in the Ready Phase",
         "Cooldown Token", "Removed at the beginning of each round.",
         IDLERS, TWO, GameRules(cooldowns=CooldownReading.ALL),
         (cooled("gerki", {0: 2, 1: 1}), R), {},
         cooldowns("gerki", 0, 1), [0, 0]),
    case("ready-rolls-each-group-scheme-die", "each rolling group on the map gets a Scheme "
         "Die roll; the face picks its Scheme",
         "Scheme", "During the Ready Phase, each Schemer Group will have a Scheme Die rolled "
         "for it.",
         GUARDS_TOO + first(at("idlers", "E1"), at("guards", "F1")), TWO, PLAIN, (R,),
         {"roll-scheme": [5, 2]},
         both(asked("roll-scheme"), schemes), (2, {"idlers": "High", "guards": "Watch"})),
    case("ready-no-roll-for-a-group-off-the-map", "a group with no figure on the map has no "
         "roll (and no Scheme this round)",
         "Scheme Die", "Rolled during the Ready Phase.",
         GUARDS_TOO + first(at("idlers", "E1")), TWO, PLAIN, (R,),
         {"roll-scheme": [3]},
         both(asked("roll-scheme"), schemes), (1, {"idlers": "Low"})),
    case("alternating-starts-on-its-first-scheme", "an Alternating group is not rolled: its "
         "die starts on the first Scheme",
         "Alternating", "Schemer Group alternates Schemes instead of rolling a Scheme Die.",
         PACERS, TWO, PLAIN, (R,), {},
         both(asked("roll-scheme"), schemes), (0, {"pacers": "First"})),
    case("alternating-moves-each-round", "the Alternating die moves to the other Scheme "
         "every round",
         "Alternating", "Scheme Die moves to the other Scheme each round.",
         PACERS, TWO, PLAIN, (*ROUND, *ROUND, R), {},
         notes("(Alternating)"),
         ["Pacers: the Scheme Die moves to 'First' (Alternating)",
          "Pacers: the Scheme Die moves to 'Second' (Alternating)",
          "Pacers: the Scheme Die moves to 'First' (Alternating)"]),
    case("unpredictable-not-rolled-in-the-ready-phase", "an Unpredictable group waits for its "
         "token: no roll, no Scheme yet",
         "Unpredictable", "Roll Scheme Die immediately after drawing initiative token.",
         WILD, TWO, PLAIN, (R,), {},
         both(asked("roll-scheme"), schemes), (0, {})),
    case("unpredictable-rolls-for-each-token", "two tokens: two rolls, each right after its "
         "token is drawn, each turn with its own Scheme",
         "Unpredictable", "Roll each time for multiple initiative tokens.",
         WILD, TWO, PLAIN, (R, C),
         {"roll-scheme": [2, 6], "initiative": ["group wildcards", "group wildcards"]},
         notes("(Unpredictable)", "Wildcards's turn"),
         ["Wildcards (Unpredictable): the Scheme Die rolls 'Low'", "Wildcards's turn: Low",
          "Wildcards (Unpredictable): the Scheme Die rolls 'High'", "Wildcards's turn: High"]),
    case("pooky-die-rolled-in-the-ready-phase", "Zot in play: Pooky's die is rolled for the "
         "round",
         "Pooky", "Pooky has his own Scheme Die. Roll it during the Ready Phase to determine "
         "his Scheme.",
         IDLERS, ZOT, PLAIN, (R,), {"roll-pooky": [4]},
         both(asked("roll-pooky"), field_of("pooky")), (1, {"zot": 4})),
    case("pooky-starts-on-zots-space", "Pooky is set up on Zot's start space",
         "Pooky", "Pooky starts on the same space as Zot.",
         IDLERS, ZOT, PLAIN, (), {"start-space": ["C1"]},
         lambda state, _: {f.id: state.position.board.names[f.at]
                           for f in state.position.figures if not f.group},
         {"zot": "C1", "pooky": "C1", "eve": "A1"}),
    case("setup-power-tree-steps-per-hero", "power_tree_steps = 2: each Hero takes two steps "
         "at setup",
         "Power Tree", "Scenario Setup: The scenario book will specify the number of steps "
         "each Hero takes on their Power Tree.",
         "power_tree_steps = 2\n" + IDLERS, TWO, PLAIN, (), {},
         lambda state, seen: [d.figure for d in seen if d.kind == "power-tree-step"],
         ["gerki", "gerki", "deirdre", "deirdre"]),
    case("no-pooky-die-without-zot", "no Zot, no Pooky: his die is not rolled",
         "Pooky", "Heroic figure controlled by Zot’s player.",
         IDLERS, TWO, PLAIN, (R,), {},
         both(asked("roll-pooky"), field_of("pooky")), (0, {})),
]


@pytest.mark.parametrize(
    ("rule", "scenario", "heroes", "rules", "steps", "answers", "look", "expected"), READY)
def test_ready_phase(tmp_path: Path, rule: Rule, scenario: str, heroes: tuple[str, ...],
                     rules: GameRules, steps: tuple[Step, ...], answers: dict[str, list[Any]],
                     look: Look, expected: Any) -> None:
    state, seen = run(load(tmp_path, scenario, heroes, rules), steps, answers)
    assert look(state, seen) == expected, rule


# --- the initiative bag -------------------------------------------------------------------

HEROES_2 = ["hero deirdre", "hero gerki", "partial deirdre", "partial gerki"]

BAG = [
    case("bag-two-hero-game-has-partial-tokens", "2 Heroes: each has its full token and a "
         "partial one; the group one",
         "Partial Initiative Token", "2-Hero game: Heroes use partial initiative tokens.",
         IDLERS, TWO, (R,), ["group idlers", *HEROES_2]),
    case("bag-three-hero-game-has-no-partial-tokens", "3 Heroes: one token each, no partial "
         "ones",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         IDLERS, THREE, (R,), ["group idlers", "hero deirdre", "hero gerki", "hero zot"]),
    case("bag-four-hero-game", "4 Heroes: one token each",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         IDLERS, ("gerki", "deirdre", "fiona", "gog"), (R,),
         ["group idlers", "hero deirdre", "hero fiona", "hero gerki", "hero gog"]),
    case("bag-no-token-for-a-group-off-the-map", "a group with no figure on the map puts no "
         "token in the bag",
         "Combat Phase", "Heroes and Schemer Groups take turns based on initiative tokens.",
         GUARDS_TOO + first(at("idlers", "E1")), TWO, (R,), ["group idlers", *HEROES_2]),
    case("bag-scenario-gives-two-tokens", "initiative = 2: the group has two tokens",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         group("idlers", "initiative = 2") + first(at("idlers", "E1")), TWO, (R,),
         ["group idlers", "group idlers", *HEROES_2]),
    case("bag-scenario-gives-no-token", "initiative = 0: the group never has a token",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         group("idlers", "initiative = 0") + first(at("idlers", "E1")), TWO, (R,), HEROES_2),
    case("bag-part-override-waits-for-its-part", "a later part's initiative does not count "
         "before that part",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         IDLERS + part("P2", "{ rounds = 1 }", "initiative = { idlers = 3 }"), TWO, (R,),
         ["group idlers", *HEROES_2]),
    case("bag-part-override-applies-from-its-part", "once the part has begun, its count is "
         "used",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         IDLERS + part("P2", "{ rounds = 1 }", "initiative = { idlers = 3 }"), TWO,
         (*ROUND, R), ["group idlers"] * 3 + HEROES_2),
    case("bag-part-override-lasts-into-later-parts", "a later part without a count keeps the "
         "earlier part's",
         "Initiative Token", "Each Hero and Schemer Group has one unless stated otherwise.",
         IDLERS + part("P2", "{ rounds = 1 }", "initiative = { idlers = 3 }")
         + part("P3", "{ rounds = 2 }"), TWO, (*ROUND, *ROUND, R),
         ["group idlers"] * 3 + HEROES_2),
    case("bag-no-token-for-a-defeated-hero", "a Defeated Hero (off the map) has no token",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         IDLERS, TWO, (removed("gerki", fallen=True), R),
         ["group idlers", "hero deirdre", "partial deirdre"]),
    case("bag-emptied-by-the-combat-phase", "the Combat Phase draws tokens until the bag is "
         "empty",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         IDLERS, TWO, (R, C), []),
]


@pytest.mark.parametrize(("rule", "scenario", "heroes", "steps", "expected"), BAG)
def test_initiative_bag(tmp_path: Path, rule: Rule, scenario: str, heroes: tuple[str, ...],
                        steps: tuple[Step, ...], expected: list[str]) -> None:
    state, _ = run(load(tmp_path, scenario, heroes), steps)
    assert bag(state) == expected, rule


# --- turns in the Combat Phase, doors -----------------------------------------------------

#: A test that holds from the start: an event with it fires after the first turn.
FIRST_TURN = '{ part = "P1" }'

KICK = '''[[abilities]]
name = "Kick the door open"
kind = "action"
effects = [ { open_door = true, target = "adjacent door" } ]

'''


def door(opened_by: str) -> str:
    return f'[[doors]]\nspace = "D2"\nopened_by = "{opened_by}"\n\n'


#: Gerki starts beside the door (D1), is drawn first and uses an Action: the kick.
KICKING = {"start-space": ["D1"], "initiative": ["hero gerki"], "tile": ["action"],
           "ability": ["Kick the door open"]}

TURNS = [
    case("drawn-token-of-a-defeated-hero-is-set-aside", "a Defeated Hero's tokens, drawn, "
         "give no turn",
         "Initiative Token", "Determines turn order by drawing from a bag.",
         IDLERS, (R, removed("gerki", fallen=True), C), {},
         both(notes("gerki's", "set aside"), asked("tile")),
         (["gerki is Defeated: the token is set aside"] * 2, 2)),
    case("turns-follow-the-drawn-tokens", "each token drawn is one turn: full, partial or the "
         "group's",
         "Combat Phase", "Heroes and Schemer Groups take turns based on initiative tokens.",
         IDLERS, (R, C),
         {"initiative": ["partial gerki", "group idlers", "hero deirdre", "hero gerki"]},
         notes("turn"),
         ["gerki's partial turn", "Idlers's turn: Low", "deirdre's full turn",
          "gerki's full turn", "deirdre's partial turn"]),
    case("events-are-checked-after-every-turn", "an event whose test holds fires right after "
         "the turn, not at the end of the round",
         "Reinforce", "Adds new figures to the board in response to events.",
         IDLERS + event("early", FIRST_TURN), (R, C), {"initiative": ["hero gerki"]},
         lambda state, seen: notes("turn", "Event:")(state, seen)[:3],
         ["gerki's full turn", "Event: early", "Idlers's turn: Low"]),
    case("reinforcement-acts-this-round-with-a-token-left", "a Schemer added to a group whose "
         "token is still in the bag acts this round",
         "Reinforce", "Newly-added Schemers may act in the current round or next.",
         IDLERS + event("early", FIRST_TURN, f"reinforce = [ {at('idlers', 'F1')} ]"),
         (R, C), {"initiative": ["hero gerki", "group idlers"]},
         notes("Idle:"),
         ["idlers-1: Idle: 1 Shield Token to self if wounded: nobody gains a token",
          "idlers-2: Idle: 1 Shield Token to self if wounded: nobody gains a token"]),
    case("new-group-acts-next-round", "a group first deployed mid-round has no token until "
         "the next Ready Phase",
         "Reinforce", "Newly-added Schemers may act in the current round or next.",
         GUARDS_TOO + first(at("idlers", "E1"))
         + event("early", FIRST_TURN, f"reinforce = [ {at('guards', 'F1')} ]"),
         (R, C, OP, R), {},
         both(notes("Guards's turn"), bag),
         ([], ["group guards", "group idlers", *HEROES_2])),
    case("action-door-opened-by-a-scenario-ability", "a door opened_by action opens with the "
         "Scenario Ability; the part waiting for it begins",
         "Scenario Ability", "Abilities specified by the scenario, not by cards or Hero mats.",
         group("idlers") + door("action") + KICK + first(at("idlers", "E1"))
         + part("P2", '{ door_open = "D2" }'),
         (R, C), KICKING,
         both(closed, field_of("part"), notes("no closed door", "opens the door")),
         ([], 1, ["gerki opens the door on D2"])),
    case("sealed-door-not-opened-by-a-hero", "a door opened_by event stays shut: a Hero's "
         "kick is not even offered (it would do nothing)",
         "Door", "Scenario description indicates placement and opening rules.",
         group("idlers") + door("event") + KICK + first(at("idlers", "E1"))
         + part("P2", '{ door_open = "D2" }')
         + event("much later", "{ rounds = 99 }", 'open_doors = ["D2"]'),
         (R, C), {"start-space": ["D1"], "initiative": ["hero gerki"]},
         both(closed, field_of("part"), notes("opens the door"),
              lambda state, seen: any("Kick the door open" in o for d in seen
                                      if d.kind == "ability" for o in d.options)),
         (["D2"], 0, [], False)),
    case("sealed-door-opened-by-its-event", "an event's open_doors opens a sealed door; the "
         "part waiting for it begins",
         "Door", "Scenario description indicates placement and opening rules.",
         group("idlers") + door("event") + first(at("idlers", "E1"))
         + part("P2", '{ door_open = "D2" }')
         + event("dawn", "{ rounds = 1 }", 'open_doors = ["D2"]'),
         ROUND, {},
         both(closed, field_of("part")), ([], 1)),
]


def check(tmp_path: Path, rule: Rule, scenario: str, steps: tuple[Step, ...],
          answers: dict[str, list[Any]], look: Look, expected: Any,
          rules: GameRules = PLAIN) -> None:
    state, seen = run(load(tmp_path, scenario, TWO, rules), steps, answers)
    assert look(state, seen) == expected, rule


@pytest.mark.parametrize(
    ("rule", "scenario", "steps", "answers", "look", "expected"), TURNS)
def test_combat_turns(tmp_path: Path, rule: Rule, scenario: str, steps: tuple[Step, ...],
                      answers: dict[str, list[Any]], look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, steps, answers, look, expected)


# --- deployment ---------------------------------------------------------------------------

TRACKER_2 = '{ group = "idlers", tracker = 2 }'
STONE_ON_E1 = '[[destructibles]]\nid = "stone"\nat = "E1"\nfortitude = 5\n\n'
LIMIT_2 = group("idlers", "limit = 2")
SPACE, STANDEE = PLAIN, GameRules(tracker=TrackerReading.STANDEE)


def space_options(kind: str) -> Look:
    """The options of each ``kind`` Decision, as space names."""
    return lambda state, seen: [[state.position.board.names[o] for o in d.options]
                                for d in seen if d.kind == kind]


DEPLOY = [
    case("deploy-one-on-each-fixed-space", "a fixed deployment puts a Schemer on each space, "
         "standees in order",
         "Schemer Group", "Schemers of the same type with the same standee art and color base.",
         group("idlers") + first(at("idlers", "E1", "F1", "G1")), SPACE, (), {},
         schemers, {"idlers-1": "E1", "idlers-2": "F1", "idlers-3": "G1"}),
    case("deploy-tracker-deck-one-card-per-schemer", "a tracker deployment draws a card per "
         "Schemer over the numbered spaces; the next standee goes there",
         "Reinforce", "Adds new figures to the board in response to events.",
         group("idlers") + first(TRACKER_2), SPACE, (), {"tracker-card": [3, 1]},
         both(options("tracker-card"), schemers),
         ([(1, 2, 3), (1, 2)], {"idlers-1": "C3", "idlers-2": "A3"})),
    case("deploy-tracker-deck-of-some-numbers", "numbers = [2, 3]: the deck holds only those "
         "cards",
         "Reinforce", "Adds new figures to the board in response to events.",
         group("idlers") + first('{ group = "idlers", tracker = 1, numbers = [2, 3] }'),
         SPACE, (), {"tracker-card": [3]},
         both(options("tracker-card"), schemers), ([(2, 3)], {"idlers-1": "C3"})),
    case("deploy-tracker-standee-reading", "tracker=standee: the card names the standee as "
         "well as the space",
         "Reinforce", "Adds new figures to the board in response to events.",
         group("idlers") + first('{ group = "idlers", tracker = 1 }'), STANDEE, (),
         {"tracker-card": [3]}, schemers, {"idlers-3": "C3"}),
    case("deploy-tracker-standee-deck-skips-standees-on-the-map", "tracker=standee: no card "
         "for a standee already on the map",
         "Reinforce", "Adds new figures to the board in response to events.",
         group("idlers") + first(at("idlers", "E1"), '{ group = "idlers", tracker = 1 }'),
         STANDEE, (), {"tracker-card": [2]},
         both(options("tracker-card"), schemers),
         ([(2, 3)], {"idlers-1": "E1", "idlers-2": "B3"})),
    case("deploy-stops-at-the-limit", "a deployment line at the Limit deploys no more, and "
         "says so",
         "Scheme Block", "Defines details of a Schemer Group on the map.",
         LIMIT_2 + first(at("idlers", "E1")), SPACE, (reinforced("idlers", "F1", "G1"),),
         {},
         both(schemers, notes("Limit")),
         ({"idlers-1": "E1", "idlers-2": "F1"},
          ["Idlers: at its Limit of 2, no more are deployed"])),
    case("deploy-no-tracker-card-past-the-limit", "a tracker line cut short by the Limit "
         "draws a card only for the Schemer it deploys",
         "Scheme Block", "Defines details of a Schemer Group on the map.",
         LIMIT_2 + first(at("idlers", "E1")), SPACE, (reinforced("idlers", tracker=2),),
         {"tracker-card": [3]},
         both(options("tracker-card"), schemers),
         ([(1, 2, 3)], {"idlers-1": "E1", "idlers-2": "C3"})),
    case("deploy-part-limit-overrides", "a part's limits give the group a new Limit from that "
         "part on",
         "Scheme Block", "Defines details of a Schemer Group on the map.",
         LIMIT_2 + first(at("idlers", "E1", "F1"))
         + part("P2", "{ rounds = 1 }", "limits = { idlers = 3 }",
                f"deploy = [ {at('idlers', 'G1', 'G2')} ]"),
         SPACE, ROUND, {},
         both(count("idlers"), notes("Limit")),
         (3, ["Idlers: at its Limit of 3, no more are deployed"])),
    case("deploy-occupied-space-goes-to-nearest-unoccupied", "an Occupied deployment space: "
         "the Nearest Unoccupied space, the table choosing among ties",
         "Nearest", "Multiple targets: players choose.",
         group("idlers") + STONE_ON_E1 + first(at("idlers", "E1")), SPACE, (),
         {"deploy-space": ["E2"]},
         both(space_options("deploy-space"), schemers),
         ([["D1", "F1", "E2"]], {"idlers-1": "E2"})),
    case("deploy-reuses-a-defeated-standee", "a Defeated Schemer's standee can come back as a "
         "reinforcement (the lowest not on the map)",
         "Reinforce", "Adds new figures to the board in response to events.",
         LIMIT_2 + first(at("idlers", "E1", "F1")), SPACE,
         (removed("idlers-1"), reinforced("idlers", "G1")), {},
         schemers, {"idlers-2": "F1", "idlers-1": "G1"}),
    case("heroes-start-on-unoccupied-start-spaces", "Heroes are placed after the deployment, "
         "on Unoccupied Hero start spaces only",
         "Additional Setup for Solo Mode",
         "Place your Companion’s figure on an Unoccupied Hero start space on the map.",
         group("idlers") + first(at("idlers", "A1")), SPACE, (), {},
         space_options("start-space"), [["B1", "C1", "D1"], ["C1", "D1"]]),
]


@pytest.mark.parametrize(
    ("rule", "scenario", "rules", "steps", "answers", "look", "expected"), DEPLOY)
def test_deployment(tmp_path: Path, rule: Rule, scenario: str, rules: GameRules,
                    steps: tuple[Step, ...], answers: dict[str, list[Any]], look: Look,
                    expected: Any) -> None:
    check(tmp_path, rule, scenario, steps, answers, look, expected, rules)


# --- parts, events, objectives ------------------------------------------------------------

GUARDS_LATER = (GUARDS_TOO + first(at("idlers", "E1"))
                + part("P2", "{ rounds = 1 }", f"deploy = [ {at('guards', 'F1')} ]"))
POOL = "epic_pool = { size = 3, dice = 1 }\n"

STORY = [
    case("part-waits-for-its-condition", "the next part does not begin before its when holds",
         "Reinforce", "Adds new figures to the board in response to events.",
         GUARDS_LATER, (R, C), both(field_of("part"), count("guards")), (0, 0)),
    case("part-begins-when-its-condition-holds", "rounds = 1: the part begins in round 1's "
         "Objective Phase and deploys",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         GUARDS_LATER, ROUND, both(field_of("part"), schemers),
         (1, {"idlers-1": "E1", "guards-1": "F1"})),
    case("parts-begin-one-after-another", "two parts whose tests hold at once both begin, in "
         "order",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + part("P2", "{ rounds = 1 }") + part("P3", '{ part = "P2" }'), ROUND,
         notes("Part:"), ["Part: P1", "Part: P2", "Part: P3"]),
    case("event-fires-once", "an event fires the first time its test holds, never again",
         "Reinforce", "Adds new figures to the board in response to events.",
         IDLERS + event("more", "{ rounds = 1 }", f"reinforce = [ {at('idlers', 'F1')} ]"),
         ROUND * 3, both(notes("Event:"), count("idlers"), field_of("fired")),
         (["Event: more"], 2, frozenset({"more"}))),
    case("event-needs-every-test", "an event with two tests waits for both",
         "Reinforce", "Adds new figures to the board in response to events.",
         IDLERS + event("both", "{ rounds = 1, hero_defeated = true }"), ROUND * 2,
         field_of("fired"), frozenset()),
    case("event-opens-doors", "an event's open_doors opens them",
         "Door", "Blocks access to parts of the map.",
         IDLERS + event("creak", "{ rounds = 1 }", 'open_doors = ["D2"]'), (R, C, OP),
         closed, []),
    case("doors-start-closed", "a door space starts with its door closed",
         "Door", "Blocks access to parts of the map.",
         IDLERS, ROUND, closed, ["D2"]),
    case("event-adds-epic-dice", "epic_dice = 1 adds one Epic Die to the pool",
         "Epic Pool", "Pool of Epic Dice used to boost Attacks or provide defense.",
         POOL + IDLERS + event("cheer", "{ rounds = 1 }", "epic_dice = 1"), ROUND,
         epic_dice, 2),
    case("event-epic-dice-never-past-the-size", "epic_dice = 3 on a pool of 3 with 1: it is "
         "full at 3 (more than the size is refused by the loader)",
         "Inspire", "No effect if the Epic Pool is full.",
         POOL + IDLERS + event("cheer", "{ rounds = 1 }", "epic_dice = 3"), ROUND,
         epic_dice, 3),
    case("objective-stays-completed", "an objective completed once stays completed when its "
         "test stops holding",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + part("P2", "{ rounds = 1 }")
         + objective("Hold the first part", '{ part = "P1" }')
         + objective("Last two rounds", "{ rounds = 2 }"), ROUND,
         both(field_of("completed"), field_of("part"), field_of("result")),
         (frozenset({0}), 1, None)),
]


@pytest.mark.parametrize(("rule", "scenario", "steps", "look", "expected"), STORY)
def test_parts_and_events(tmp_path: Path, rule: Rule, scenario: str,
                          steps: tuple[Step, ...], look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, steps, {}, look, expected)


# --- the end of a scenario: whole games ---------------------------------------------------

#: A Brute beside Gerki (A1): drawn first, it Wounds then Defeats him in its turn.
BRUTE = group("brutes") + first(at("brutes", "A2"))
#: Two Brutes, beside Gerki (A1) and Deirdre (B1).
BRUTES = group("brutes") + first(at("brutes", "A2", "B2"))
BRUTES_FIRST = {"initiative": ["group brutes"]}
NO_LOSS = "hero_defeat_loses = false\n"
EVERY_TURN = GameRules(end_check=EndCheck.EVERY_TURN)
VICTORY, DEFEAT = Result.VICTORY, Result.DEFEAT
HOLD = objective("Hold the first part", FIRST_TURN)
LAST_2 = objective("Last two rounds", "{ rounds = 2 }")



def damage_2(decision: Decision[Any]) -> Any:
    """A Damage Die showing 2 damage."""
    return next(f for f in decision.options if f.damage == 2 and not f.crit)


#: Gerki (A1) is drawn first and Shivs the Weakling beside him (A2): 2 + 2 damage.
SHIV = {"initiative": ["hero gerki"], "tile": ["action"], "ability": ["Shiv"],
        "roll-damage": [damage_2, damage_2]}

GAMES = [
    case("schemers-defeated-in-play", "a Schemer Defeated in a turn counts for "
         "schemers_defeated and defeated; the event fires after that turn",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         group("weaklings") + first(at("weaklings", "A2"))
         + event("first-blood", "{ schemers_defeated = 1 }")
         + objective("Rout the weaklings", '{ defeated = "weaklings" }'), PLAIN, SHIV,
         (VICTORY, "Rout the weaklings", 1, 1),
         both(field_of("schemers_defeated"), notes("Event:", "turn")),
         (1, ["gerki's full turn", "Event: first-blood",
              "Weaklings: none on the map, no turn", "deirdre's full turn",
              "deirdre's partial turn", "gerki's partial turn"])),
    case("hero-defeated-loses-in-the-objective-phase", "a Hero Defeated loses the scenario, "
         "at the Objective Phase: the round is played out",
         "Schemer Attacks", "If a Hero is Defeated, players typically lose the scenario.",
         BRUTE, PLAIN, BRUTES_FIRST, (DEFEAT, "gerki is Defeated", 1, 1),
         notes("deirdre's", "Defeat:"),
         ["deirdre's full turn", "deirdre's partial turn", "Defeat: gerki is Defeated"]),
    case("hero-defeat-loses-can-be-turned-off", "hero_defeat_loses = false: the game goes on "
         "and can be won",
         "Schemer Attacks", "If a Hero is Defeated, players typically lose the scenario.",
         NO_LOSS + BRUTE + LAST_2, PLAIN, BRUTES_FIRST,
         (VICTORY, "Last two rounds", 2, 2),
         lambda state, _: [f.hero for f in state.fallen], ["gerki"]),
    case("hero-defeat-checked-before-victory", "objectives complete and a Hero Defeated in "
         "the same round: lost",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         BRUTE + objective("Last a round", "{ rounds = 1 }"), PLAIN, BRUTES_FIRST,
         (DEFEAT, "gerki is Defeated", 1, 1), field_of("completed"), frozenset({0})),
    case("defeat-condition-checked-before-victory", "a defeat condition and every objective "
         "in the same Objective Phase: lost",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + LAST_2 + defeat("Dawn breaks", "{ rounds = 2 }"), PLAIN, {},
         (DEFEAT, "Dawn breaks", 2, 2), field_of("completed"), frozenset({0})),
    case("defeat-after-n-rounds", "a defeat condition rounds = 3 ends the game in round 3's "
         "Objective Phase",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         IDLERS + defeat("Three rounds pass", "{ rounds = 3 }"), PLAIN, {},
         (DEFEAT, "Three rounds pass", 3, 3), notes("Objective Phase"),
         [f"Round {n}: Objective Phase" for n in (1, 2, 3)]),
    case("every-hero-defeated-ends-at-once", "no Hero left on the map: the game ends right "
         "after that turn",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         NO_LOSS + BRUTES, PLAIN, BRUTES_FIRST,
         (DEFEAT, "every Hero is Defeated", 1, 0), bag, HEROES_2),
    case("victory-waits-for-the-objective-phase", "objectives complete after the first turn: "
         "won in the Objective Phase (default)",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + HOLD, PLAIN, {}, (VICTORY, "Hold the first part", 1, 1), bag, []),
    case("every-turn-victory-right-after-the-turn", "end_check=every-turn: won right after "
         "the turn that completes the objectives",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + HOLD, EVERY_TURN, {}, (VICTORY, "Hold the first part", 1, 0), bag,
         HEROES_2),
    case("every-turn-hero-defeat-right-after-the-turn", "end_check=every-turn: a Hero "
         "Defeated loses right after the turn",
         "Schemer Attacks", "If a Hero is Defeated, players typically lose the scenario.",
         BRUTE, EVERY_TURN, BRUTES_FIRST, (DEFEAT, "gerki is Defeated", 1, 0),
         notes("deirdre's"), []),
    case("objectives-latch-to-victory", "an objective completed in round 1 still counts when "
         "the last one is completed in round 2",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + part("P2", "{ rounds = 1 }") + HOLD + LAST_2, PLAIN, {},
         (VICTORY, "Hold the first part; Last two rounds", 2, 2), field_of("part"), 1),
    case("victory-needs-every-objective", "one objective of two complete: no Victory",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         IDLERS + HOLD + NEVER + defeat("Dawn breaks", "{ rounds = 2 }"), PLAIN, {},
         (DEFEAT, "Dawn breaks", 2, 2), field_of("completed"), frozenset({0})),
    case("win-event-wins-at-once", "an event with win = true wins as soon as it fires, "
         "mid-round; the victory story is told",
         "Reinforce", "Adds new figures to the board in response to events.",
         IDLERS + '[story]\nvictory = "Drinks on the house."\n\n'
         + event("found", FIRST_TURN, 'story = "The cellar is quiet."', "win = true"),
         PLAIN, {}, (VICTORY, "The cellar is quiet.", 1, 0),
         field_of("story"), ("The cellar is quiet.", "Drinks on the house.")),
    case("lose-event-loses-at-once", "an event with lose = true loses as soon as it fires",
         "Reinforce", "Adds new figures to the board in response to events.",
         IDLERS + event("cave-in", FIRST_TURN, 'story = "The roof caves in."', "lose = true"),
         PLAIN, {}, (DEFEAT, "The roof caves in.", 1, 0), bag, HEROES_2),
]


@pytest.mark.parametrize(
    ("rule", "scenario", "rules", "answers", "end", "look", "expected"), GAMES)
def test_end_of_the_scenario(tmp_path: Path, rule: Rule, scenario: str, rules: GameRules,
                             answers: dict[str, list[Any]],
                             end: tuple[Result, str, int, int], look: Look,
                             expected: Any) -> None:
    state, seen = play(load(tmp_path, scenario, TWO, rules), answers)
    assert (state.result, state.reason, state.round, state.rounds_ended) == end, rule
    assert look(state, seen) == expected, rule


# --- conditions (tales.engine.conditions) -------------------------------------------------

CONDITION_SCENARIO = (
    GUARDS_TOO + '[[destructibles]]\nid = "stone"\nat = "G4"\nfortitude = 5\n\n'
    + first(at("idlers", "E1"))
    + part("P2", "{ rounds = 99 }", f"deploy = [ {at('guards', 'F1')} ]")
    + part("P3", "{ rounds = 99 }")
    + event("e1", "{ rounds = 99 }") + event("e2", "{ rounds = 99 }"))

CONDITIONS = [
    case("defeated-group-all-gone", "defeated: every figure of the group is off the map",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         'defeated = "idlers"', (removed("idlers-1"),), True),
    case("defeated-group-still-on-the-map", "defeated: not while one is on the map",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         'defeated = "idlers"', (), False),
    case("defeated-group-never-deployed", "defeated: a group not yet deployed (its part has "
         "not begun) is not Defeated",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         'defeated = "guards"', (), False),
    case("defeated-destructible-destroyed", "defeated: a Destructible feature destroyed",
         "Destructible", "Each scenario defines how they can be destroyed.",
         'defeated = "stone"', (removed("stone"),), True),
    case("defeated-destructible-standing", "defeated: a Destructible feature still standing",
         "Destructible", "Map features that can be destroyed.",
         'defeated = "stone"', (), False),
    case("rounds-reached", "rounds = 2: round 2's Objective Phase has begun",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         "rounds = 2", (changed(round=2, rounds_ended=2),), True),
    case("rounds-not-yet-in-the-combat-phase", "rounds = 2: not yet in round 2's Combat Phase",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         "rounds = 2", (changed(round=2, rounds_ended=1),), False),
    case("door-open", "door_open: the door's token is gone",
         "Door", "Blocks access to parts of the map.",
         'door_open = "D2"', (opened("D2"),), True),
    case("door-still-closed", "door_open: not while it is closed",
         "Door", "Blocks access to parts of the map.",
         'door_open = "D2"', (), False),
    case("hero-on-a-named-feature", "hero_on = feature Altar: a Hero stands on the Altar",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         'hero_on = "feature Altar"', (moved("deirdre", "E4"),), True),
    case("hero-not-on-the-feature", "hero_on: no Hero on those spaces",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         'hero_on = "feature Altar"', (moved("deirdre", "D4"),), False),
    case("all-heroes-on-but-one", "all_heroes_on: one Hero elsewhere is not enough",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         'all_heroes_on = ["A1", "C1"]', (), False),
    case("all-heroes-on", "all_heroes_on: every Hero on one of the spaces",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         'all_heroes_on = ["A1", "C1"]', (moved("deirdre", "C1"),), True),
    case("all-heroes-on-counts-heroes-on-the-map", "all_heroes_on: a Defeated Hero is not "
         "counted",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         'all_heroes_on = ["A1", "C1"]', (removed("deirdre", fallen=True),), True),
    case("hero-defeated", "hero_defeated: a Hero has been Defeated",
         "Schemer Attacks", "If a Hero is Defeated, players typically lose the scenario.",
         "hero_defeated = true", (removed("gerki", fallen=True),), True),
    case("no-hero-defeated", "hero_defeated: not while every Hero stands",
         "Schemer Attacks", "If a Hero is Defeated, players typically lose the scenario.",
         "hero_defeated = true", (), False),
    case("fired-every-event", "fired: every named event has fired",
         "Reinforce", "Adds new figures to the board in response to events.",
         'fired = ["e1", "e2"]', (changed(fired=frozenset({"e1", "e2"})),), True),
    case("fired-one-of-two", "fired: one of two events is not enough",
         "Reinforce", "Adds new figures to the board in response to events.",
         'fired = ["e1", "e2"]', (changed(fired=frozenset({"e1"})),), False),
    case("part-reached", "part: the scenario is in that part",
         "Reinforce", "Adds new figures to the board in response to events.",
         'part = "P2"', (changed(part=1),), True),
    case("part-not-reached", "part: not in an earlier part",
         "Reinforce", "Adds new figures to the board in response to events.",
         'part = "P2"', (), False),
    case("part-passed", "part: not once the scenario has moved on to a later part (the "
         "documented reading: it is in that part)",
         "Reinforce", "Adds new figures to the board in response to events.",
         'part = "P2"', (changed(part=2),), False),
    case("schemers-defeated-reached", "schemers_defeated = 2: two Defeated in all",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         "schemers_defeated = 2", (changed(schemers_defeated=2),), True),
    case("schemers-defeated-short", "schemers_defeated = 2: one is not enough",
         "Defeated", "Figure is removed from the map if damage equals or exceeds Fortitude.",
         "schemers_defeated = 2", (changed(schemers_defeated=1),), False),
    case("every-test-of-a-when-must-hold", "two tests in one when: both must hold",
         "Objective Phase", "Last phase of each round, checking Win Conditions and Objectives.",
         "rounds = 1, hero_defeated = true", (changed(round=1, rounds_ended=1),), False),
]


@pytest.mark.parametrize(("rule", "when", "steps", "expected"), CONDITIONS)
def test_conditions(tmp_path: Path, rule: Rule, when: str, steps: tuple[Step, ...],
                    expected: bool) -> None:
    ctx = load(tmp_path, CONDITION_SCENARIO + objective("Under test", f"{{ {when} }}"))
    state, _ = run(ctx, steps)
    assert all_hold(ctx, state, ctx.scenario.objectives[0].when) is expected, rule
