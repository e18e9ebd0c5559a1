"""Rule cases for Solo Mode (Appendix B): one Hero with a Companion.

Glossary entries: Appendix B Solo Mode ("Additional Setup for Solo Mode", "Rule Changes in
Solo Mode", "Choosing a Companion", "Special Notes for Zot"), Companion, Stun Token, Fatigue
X, Pooky; the readings are docs/rules-decisions.md, "Solo Mode (Appendix B) and the
campaign", and docs/formats.md, "Companion cards". Code: tales.rules.companions,
tales.content.companions, tales.engine.rounds (the solo parts), tales.engine.content
(load_context), tales.solo.setup, tales.rules.items.solo_allowance, tales.rules.health,
tales.engine.conditions and tales.campaign.progress.setup_for.

Most rows build a tiny scenario in ``tmp_path`` as tests/cases/test_game_loop_cases.py does
(its Scheme Blocks, plus the Jabbers below) on the map :data:`MAP`, load it with a Companion
(a bundled card, or a card written by the row) and drive the game with a :class:`Script`:
the Hero always ends its turn at once, the Companion declines every action, chance takes
the row's Scheme Die faces and initiative tokens (else the first option), everything else
its first option, unless the row says otherwise. Expected values were worked out by hand
from the row's passage and the map.

The map (square, no diagonals)::

    row 1:  A1=S  B1=S  C1=S  D1=S  E1    F1=T  G1      (T: a Trap token, 1 damage)
    row 2:  A2    B2    C2    D2=D  E2=^  F2    G2      (D: a door; ^: a Hazard, 1 damage)
    row 3:  A3=1  B3=2  C3=3  D3    E3    F3    G3
    row 4:  A4    B4    C4    D4    E4=a  F4    G4      (a: the Altar)

The Hero chooses its start space first (A1 unless a row says), then the Companion (the
first free start space, B1, unless a row says).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from tales.board.figures import Token
from tales.campaign.progress import Campaign, setup_for
from tales.content.campaigns import CampaignFile, CampaignScenario
from tales.content.companions import load_companion, parse_companion
from tales.engine.conditions import all_hold
from tales.engine.content import Context, load_context
from tales.engine.game import Game
from tales.engine.rounds import set_up
from tales.engine.state import GameState, Loadout, Setup
from tales.errors import ContentError, TalesError
from tales.rules.decisions import Decision, Resolution
from tales.rules.health import deal, recover_side, remove_defeated
from tales.rules.items import Allowance, solo_allowance
from tales.rules.targets import parse_selector, select
from tales.solo.setup import solo_hero_cards
from tests.build import fig, positioned

from ._build import Rule, case
from .test_game_loop_cases import (
    BLOCKS,
    KICK,
    NEVER,
    OP,
    C,
    R,
    at,
    damage_2,
    door,
    first,
    group,
    objective,
    part,
    recording,
)

COMPANIONS = Path(__file__).resolve().parents[2] / "companions"

MAP = '''name = "Solo room"
layout = "square"
grid = """
S S S S . T .
. . . D ^ . .
1 2 3 . . . .
. . . . a . .
"""

[features.a]
name = "Altar"
'''

#: A group whose one Scheme is a single 3-damage Melee Attack on one adjacent Foe.
JABBERS = '''
[groups.jabbers]
name = "Jabbers"
standees = [1, 2]
fortitude = 5
limit = 2

[[groups.jabbers.schemes]]
name = "Jab"
faces = [1, 2, 3, 4, 5, 6]
steps = [ { attack = "melee", damage = 3 } ]
'''

IDLE_FAR = group("idlers") + first(at("idlers", "G4"))
#: An idle Foe next to Gerki's start (A1): every Action of his has a legal use (an Ability
#: with none is not offered, issue 17).
IDLE_NEAR = group("idlers") + first(at("idlers", "A2"))
SOLO = ("gerki",)
GUARD, MEDIC, SCOUT, TINKER, POOKY = "otto-guard", "otto-medic", "otto-scout", "otto-tinker", \
    "pooky"

# --- the seed's passages (Appendix B unless said) -----------------------------------------

APPENDIX_B = "Appendix B Solo Mode"
SETUP_B = "Additional Setup for Solo Mode"
CHANGES_B = "Rule Changes in Solo Mode"
CHOOSING_B = "Choosing a Companion"
SOLO_MODE = "Solo Mode: Play a single Hero with a versatile Companion to assist you."
NON_RECOVERY = "Start with the non-recovery side face-up."
PLACE = "Place your Companion’s figure on an Unoccupied Hero start space on the map."
ONE_EXTRA = "Equip any allowed Support Items and one extra."
EXTRA_CARDS = ("For Scenario 5 and later, equip an extra Hero Card (total of 5). For Scenario "
               "17 and later, equip two extra Hero Cards (total of 6).")
SAME_TITLE = "Never equip two cards with the same title."
TOKENS = ("Take your Hero’s gold-border initiative token, the gold Solo Hero initiative "
          "token, and both Companion initiative tokens")
FULL_TURNS = ("Your Hero takes a full turn (two Actions and one Shenanigan) whenever their "
              "initiative token or the gold “Solo Hero” initiative token is drawn.")
COUNTS = ("Rules and scenarios referring to a Hero include both your Hero and your Companion "
          "unless stated otherwise.")
TURN = ("When a Companion’s initiative token is drawn, they take the “Companion” actions on "
        "their card.")
OPTIONAL = ("All actions are optional and do not require Charge Tokens, Cooldown Tokens, or "
            "other costs.")
TREATED = ("Companions are treated as Heroes by Schemers unless they have the “Avoided” "
           "keyword.")
IGNORE = ("Otto’s “Recovery Mode” and Pooky’s “on break” mode have “Avoided”, making Schemers "
          "ignore them.")
OWN_TOKENS = "Companions have their own Power Tokens, separate from your Hero’s."
ONLY_OWN = ("Allies may spend your Hero’s Power Tokens, but Companions may only spend their "
            "own.")
SAME_STANDEE = "You cannot use an Ally and a Companion together if they share the same standee."
TRAPS = "They can trigger Traps and Hazards, open doors, etc."
SCENARIO_ABILITIES = "Otto can activate Scenario Abilities if his card specifies."
EPIC = "You may spend dice from the Epic Pool to Empower your Companion’s Attacks or Defense."
FOUR_VARIATIONS = "Otto has four variations, each with different abilities."
OTTO_DEFEATED = ("If Defeated, remove all damage and flip to “Recovery Mode” (Avoided and "
                 "Tiny).")
OTTO_RECOVERY = "In Recovery Mode, Otto cannot take damage and is Avoided."
REPAIR = "He adds Repair Tokens to flip back over to his fighting form."
OTTO_MAP = "Otto triggers Traps and Hazards, and can open doors."
POOKY_FIGHTS = "Pooky can fight and take damage, and has the Tiny keyword."
POOKY_ROLL = ("At the start of the round, roll Pooky’s die to determine his ability for his "
              "first turn. After his first turn, roll again for his second turn.")
POOKY_BREAK = "If Defeated, remove all damage and flip to “on break” mode (Avoided)."
POOKY_BACK = ("While on break, add Pooky Tokens until he flips back, fully healed. Place Pooky "
              "on your Hero’s space when he returns.")
POOKY_MAP = "Companion Pooky triggers Traps and Hazards, and can open doors."
ZOT_NO_POOKY = ("Zot cannot choose Pooky as his Companion since Pooky accompanies him by "
                "default.")
ZOT_POOKY = "Pooky acts on each of Zot’s full turns in Solo Mode."
ZOT_REROLL = "Reroll Pooky’s die at the end of Zot’s first turn."
STUN = ("If a Schemer or a Solo Mode Companion has a Stun Token when their turn begins, they "
        "skip their turn and discard all of their Stun Tokens.")
FATIGUE = ("Other Heroic figures, such as Allies, Companions, Pooky, or Illusions cannot be "
           "Fatigued.")


# --- loading a scenario with a Companion ---------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A Companion card written by the row (into ``tmp_path``), instead of a bundled one."""

    text: str


def card_text(bundled: str, *changes: tuple[str, str]) -> Card:
    """A bundled card's text with ``(old, new)`` replacements."""
    text = (COMPANIONS / f"{bundled}.toml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    return Card(text)


Companion = str | Card | None


def load(tmp_path: Path, text: str, heroes: tuple[str, ...] = SOLO,
         companion: Companion = GUARD, loadout: Loadout | None = None) -> Context:
    """Write the map, the Scheme Blocks, the scenario (and the card) into ``tmp_path``."""
    (tmp_path / "map.toml").write_text(MAP, encoding="utf-8")
    (tmp_path / "blocks.toml").write_text(BLOCKS + JABBERS, encoding="utf-8")
    path = tmp_path / "scenario.toml"
    head = 'title = "Test"\nmap = "map.toml"\nscheme_blocks = "blocks.toml"\n'
    if "[[objectives]]" not in text:
        text += NEVER
    path.write_text(head + text, encoding="utf-8")
    name = companion
    if isinstance(companion, Card):
        name = str(tmp_path / "card.toml")
        (tmp_path / "card.toml").write_text(companion.text, encoding="utf-8")
    return load_context(Setup(str(path), heroes, companion=name, loadout=loadout))


# --- answering Decisions ------------------------------------------------------------------

#: What a Decision kind gets when the row gives nothing for it (None: the first option).
DEFAULTS: dict[str, Any] = {"tile": "end turn", "reaction": "pass", "companion-action": False}
#: Decisions whose options are spaces: a row may answer them with a space name.
SPACE_KINDS = ("start-space", "deploy-space", "move-to")


@dataclass
class Script:
    """Answers per Decision kind, used in order: an option, a die face's Scheme number
    (``roll-scheme``, ``roll-pooky``), a space name or a function of the Decision."""

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
        if isinstance(want, str) and decision.kind in SPACE_KINDS:
            return decision.position.board.find(want)
        return want


Step = Callable[[Context, GameState], Resolution[GameState]]
Look = Callable[[GameState, list[Decision[Any]]], Any]


def run(ctx: Context, steps: Sequence[Step], answers: dict[str, list[Any]]
        ) -> tuple[GameState, list[Decision[Any]]]:
    """Set up, then carry out ``steps``, with the Game driver; every Decision is noted."""
    def start() -> Resolution[GameState]:
        state = yield from set_up(ctx)
        for step in steps:
            state = yield from step(ctx, state)
        return state

    seen: list[Decision[Any]] = []
    game: Game[GameState] = Game(lambda: recording(start(), seen))
    state = game.play(Script({k: list(v) for k, v in answers.items()}))
    return state, seen


def edit(change: Callable[[GameState], GameState]) -> Step:
    """A step that changes the state by hand (between two phases)."""
    def step(ctx: Context, state: GameState) -> Resolution[GameState]:
        yield from ()
        return change(state)
    return step


def figure_edit(figure_id: str, change: Callable[[Any], Any]) -> Step:
    """A step that changes one figure by hand."""
    def edited(state: GameState) -> GameState:
        figure = change(state.position.figure(figure_id))
        return state.at(state.battle.at(state.position.with_figure(figure)))
    return edit(edited)


def tokens(figure_id: str, **counts: int) -> Step:
    """The figure holds these tokens (``stun=1``), in place of what it had."""
    return figure_edit(figure_id, lambda f: f.with_tokens({Token(k): n
                                                          for k, n in counts.items()}))


def damaged(figure_id: str, damage: int) -> Step:
    return figure_edit(figure_id, lambda f: replace(f, damage=damage))


def recovering(figure_id: str, **counts: int) -> Step:
    """The Companion is on its Recovery side (as a Defeat flips it), holding ``counts``."""
    return figure_edit(figure_id, lambda f: recover_side(f).with_tokens(
        {Token(k): n for k, n in counts.items()}))


# --- what a row looks at ------------------------------------------------------------------


def both(*looks: Look) -> Look:
    return lambda state, seen: tuple(look(state, seen) for look in looks)


def asked(kind: str) -> Look:
    return lambda state, seen: sum(d.kind == kind for d in seen)


def options(kind: str) -> Look:
    return lambda state, seen: [d.options for d in seen if d.kind == kind]


def prompts(kind: str) -> Look:
    return lambda state, seen: [d.prompt for d in seen if d.kind == kind]


def space_options(kind: str) -> Look:
    """The options of each ``kind`` Decision, as space names, with who it is for."""
    return lambda state, seen: [(d.figure, [d.position.board.names[o] for o in d.options])
                                for d in seen if d.kind == kind]


def notes(*words: str) -> Look:
    """Log lines holding any of ``words``, in order."""
    return lambda state, _: [line for line in state.battle.log
                             if any(w in line for w in words)]


def field_of(name: str) -> Look:
    return lambda state, _: getattr(state, name)


def bag(state: GameState, _: Any = None) -> list[str]:
    return sorted(state.bag)


def epic_dice(state: GameState, _: Any = None) -> int:
    return state.battle.pool.dice


def closed(state: GameState, _: Any = None) -> list[str]:
    return sorted(state.position.board.names[d] for d in state.position.closed_doors)


def looks_at(figure_id: str) -> Look:
    """A figure's space, damage, keywords, tokens and side: ``(space, damage, [keywords],
    {token: n}, recovering)``; None when it is off the map."""
    def look(state: GameState, _: Any) -> Any:
        if figure_id not in {f.id for f in state.position.figures}:
            return None
        f = state.position.figure(figure_id)
        return (state.position.board.names[f.at], f.damage,
                sorted(k.value for k in f.keywords), {t.value: n for t, n in f.tokens},
                f.recovering)
    return look


def drawn(n: int, look: Look) -> Look:
    """``look`` at the table as initiative token number ``n`` (from 1) is drawn: after the
    first ``n - 1`` turns of the round."""
    def at_draw(state: GameState, seen: list[Decision[Any]]) -> Any:
        draws = [d for d in seen if d.kind == "initiative"]
        return look(draws[n - 1].state, seen)
    return at_draw


def cooldowns(figure_id: str) -> Look:
    return lambda state, _: [s.cooldown for s in state.battle.abilities[figure_id]]


def objective_holds(state: GameState, _: Any = None) -> bool:
    """Whether the scenario's first objective (the row's ``when``) holds now."""
    ctx = state_ctx[-1]
    return all_hold(ctx, state, ctx.scenario.objectives[0].when)


#: The context of the row being checked (for :func:`objective_holds`).
state_ctx: list[Context] = []


def check(tmp_path: Path, rule: Rule, scenario: str, heroes: tuple[str, ...],
          companion: Companion, steps: tuple[Step, ...], answers: dict[str, list[Any]],
          look: Look, expected: Any) -> None:
    ctx = load(tmp_path, scenario, heroes, companion)
    state_ctx.append(ctx)
    try:
        state, seen = run(ctx, steps, answers)
        found = look(state, seen)
    finally:
        state_ctx.pop()
    assert found == expected, rule


PLAY = ("rule", "scenario", "heroes", "companion", "steps", "answers", "look", "expected")


# --- setup: who may play Solo Mode ----------------------------------------------------------

#: A card whose Companion uses the id of Fiona's Ally, the hawk (one standee for both).
HAWK = card_text(GUARD, ('id = "otto"', 'id = "hawk"'))
#: A card with Pooky's id but Otto's actions (so it does not roll a die).
POOKY_ID = card_text(GUARD, ('id = "otto"', 'id = "pooky"'))

SETUP_ACCEPTED = [
    case("solo-one-hero-and-a-companion", "one Hero with a Companion is Solo Mode",
         APPENDIX_B, SOLO_MODE,
         SOLO, GUARD, "", (("gerki",), "otto", True)),
    case("solo-zot-may-take-otto", "Zot may take Otto (only Pooky is refused him)",
         APPENDIX_B, ZOT_NO_POOKY,
         ("zot",), GUARD, "", (("zot",), "otto", True)),
    case("solo-pooky-for-another-hero", "any other Hero may take Pooky as its Companion",
         APPENDIX_B, POOKY_FIGHTS,
         ("deirdre",), POOKY, "", (("deirdre",), "pooky", True)),
    case("solo-companion-counts-for-a-2-to-4-hero-scenario", "Hero + Companion is two "
         "Heroes for the scenario's Hero count (2 to 4 accepts it)",
         APPENDIX_B, COUNTS,
         SOLO, GUARD, "heroes = { least = 2, most = 4 }\n", (("gerki",), "otto", True)),
    case("solo-multi-hero-mode-needs-no-companion", "two Heroes without a Companion: a "
         "regular 2-Hero game, not Solo Mode",
         APPENDIX_B, "This mode follows the same rules as a regular 2-, 3-, or 4-Hero game.",
         ("gerki", "deirdre"), None, "", (("gerki", "deirdre"), None, False)),
]


@pytest.mark.parametrize(("rule", "heroes", "companion", "head", "expected"), SETUP_ACCEPTED)
def test_solo_setup_accepted(tmp_path: Path, rule: Rule, heroes: tuple[str, ...],
                             companion: Companion, head: str, expected: Any) -> None:
    ctx = load(tmp_path, head + IDLE_FAR, heroes, companion)
    found = (tuple(k.id for k in ctx.kits), ctx.companion.id if ctx.companion else None,
             ctx.solo)
    assert found == expected, rule


SETUP_REFUSED = [
    case("solo-companion-with-two-heroes-refused", "a Companion is for one Hero: with two "
         "Heroes it is refused",
         APPENDIX_B, SOLO_MODE,
         ("gerki", "deirdre"), GUARD, "", "a Companion is for Solo Mode: one Hero"),
    case("solo-one-hero-needs-a-companion", "one Hero without a Companion is refused",
         APPENDIX_B, SOLO_MODE,
         SOLO, None, "", "a one-Hero game is Solo Mode"),
    case("solo-zot-cannot-take-pooky", "Zot with Companion Pooky is refused",
         APPENDIX_B, ZOT_NO_POOKY,
         ("zot",), POOKY, "", "cannot choose Pooky as his Companion"),
    case("solo-zot-companion-with-pookys-id-refused", "Zot's Pooky is on the map: a "
         "Companion with the id pooky is refused",
         APPENDIX_B, ZOT_NO_POOKY,
         ("zot",), POOKY_ID, "", "the Companion's id 'pooky' is a Hero's too"),
    case("solo-companion-counts-against-a-3-to-4-hero-scenario", "Hero + Companion is two "
         "Heroes: a scenario for 3 to 4 refuses it",
         APPENDIX_B, COUNTS,
         SOLO, GUARD, "heroes = { least = 3, most = 4 }\n", "for 3 to 4 Heroes, not 2"),
    case("solo-ally-and-companion-share-a-standee", "Fiona's Ally is the hawk: a Companion "
         "that is the hawk too is refused",
         APPENDIX_B, SAME_STANDEE,
         ("fiona",), HAWK, "", "hawk"),
]


@pytest.mark.parametrize(("rule", "heroes", "companion", "head", "message"), SETUP_REFUSED)
def test_solo_setup_refused(tmp_path: Path, rule: Rule, heroes: tuple[str, ...],
                            companion: Companion, head: str, message: str) -> None:
    with pytest.raises(TalesError) as refused:
        load(tmp_path, head + IDLE_FAR, heroes, companion)
    assert message in str(refused.value), rule


# --- Companion cards ------------------------------------------------------------------------


def card_summary(card: Any) -> dict[str, Any]:
    """What a loaded card says, in plain values."""
    recovery = card.recovery
    return {
        "id": card.id, "variant": card.variant, "fortitude": card.fortitude,
        "keywords": sorted(k.value for k in card.keywords),
        "recovery": (recovery.name, sorted(k.value for k in recovery.keywords),
                     recovery.token.value, recovery.tokens, recovery.return_to_hero),
        "actions": [(a.name, a.kind.value) for a in card.actions],
        "pooky": [(faces, s.name) for faces, s in card.pooky],
        "scenario_abilities": card.scenario_abilities,
    }


def otto(variant: str, fortitude: int, repair: int, actions: list[tuple[str, str]],
         scenario_abilities: bool = False) -> dict[str, Any]:
    return {"id": "otto", "variant": variant, "fortitude": fortitude, "keywords": [],
            "recovery": ("Recovery Mode", ["Avoided", "Tiny"], "repair", repair, False),
            "actions": actions, "pooky": [], "scenario_abilities": scenario_abilities}


BUNDLED = [
    case("card-otto-guard", "Otto (guard): three actions, Recovery Mode (Avoided, Tiny) "
         "with 2 Repair Tokens",
         CHOOSING_B, FOUR_VARIATIONS, GUARD,
         otto("guard", 8, 2, [("Clank forward", "action"), ("Shield bash", "action"),
                              ("Raise the shield", "action")])),
    case("card-otto-medic", "Otto (medic): three actions, 2 Repair Tokens",
         CHOOSING_B, FOUR_VARIATIONS, MEDIC,
         otto("medic", 6, 2, [("Roll over", "action"), ("Patch up", "action"),
                              ("Zap", "action")])),
    case("card-otto-scout", "Otto (scout): two actions and a Reaction, 1 Repair Token",
         CHOOSING_B, FOUR_VARIATIONS, SCOUT,
         otto("scout", 5, 1, [("Hop", "action"), ("Dart volley", "action"),
                              ("Dodge", "reaction")])),
    case("card-otto-tinker", "Otto (tinker): may use Scenario Abilities, 3 Repair Tokens",
         CHOOSING_B, SCENARIO_ABILITIES, TINKER,
         otto("tinker", 7, 3, [("Whirr along", "action"), ("Spring trap", "action"),
                               ("Wrench swing", "action")], scenario_abilities=True)),
    case("card-pooky", "Pooky: Tiny, his die's Schemes, on break (Avoided) with 2 Pooky "
         "Tokens, back on the Hero's space",
         CHOOSING_B, POOKY_FIGHTS, POOKY,
         {"id": "pooky", "variant": "", "fortitude": 4, "keywords": ["Tiny"],
          "recovery": ("on break", ["Avoided"], "pooky", 2, True), "actions": [],
          "pooky": [((1,), "Sulk"), ((2, 3), "Foul mood"), ((4,), "Scamper"),
                    ((5, 6), "Rampage")],
          "scenario_abilities": False}),
]


@pytest.mark.parametrize(("rule", "name", "expected"), BUNDLED)
def test_bundled_companion_cards(rule: Rule, name: str, expected: dict[str, Any]) -> None:
    card = load_companion(COMPANIONS / f"{name}.toml")
    assert card_summary(card) == expected, rule
    assert card.sample is True, rule


CARD_HEAD = '''[companion]
id = "bot"
fortitude = 5
'''
RECOVERY = 'recovery = { keywords = ["Avoided"], tokens = 2 }\n'
MOVE = '\n[[actions]]\nname = "Roll"\nkind = "action"\neffects = [ { move = 2 } ]\n'


def action(*lines: str) -> str:
    return "\n".join(("", "[[actions]]", 'name = "Zap"', *lines,
                      'effects = [ { attack = "ranged", range = 2, fixed = 1 } ]', ""))


CARDS_REFUSED = [
    case("card-action-with-cooldown-cost-refused", "a Companion action with a Cooldown cost "
         "is a load error",
         CHANGES_B, OPTIONAL,
         CARD_HEAD + RECOVERY + action('kind = "action"', "cost = { cooldown = 1 }"),
         "Companion actions have no cost"),
    case("card-action-with-charge-cost-refused", "a Companion action with a Charge cost is "
         "a load error",
         CHANGES_B, OPTIONAL,
         CARD_HEAD + RECOVERY + action('kind = "action"', "cost = { charge = true }",
                                       "charges = 2"),
         "Companion actions have no cost"),
    case("card-action-with-discard-cost-refused", "a Discard Ability as a Companion action "
         "is a load error (\"or other costs\")",
         CHANGES_B, OPTIONAL,
         CARD_HEAD + RECOVERY + action('kind = "action"', "cost = { discard = true }"),
         "Companion actions have no cost"),
    case("card-recovery-without-avoided-refused", "a Recovery side without Avoided is a load "
         "error",
         CHANGES_B, IGNORE,
         CARD_HEAD + 'recovery = { keywords = ["Tiny"], tokens = 2 }\n' + MOVE,
         "the Recovery side is Avoided"),
    case("card-without-recovery-refused", "a Companion needs a Recovery side",
         CHOOSING_B, REPAIR,
         CARD_HEAD + MOVE, "needs recovery ="),
    case("card-recovery-needs-a-token-count", "how many tokens bring it back: 1 or more",
         CHOOSING_B, REPAIR,
         CARD_HEAD + 'recovery = { keywords = ["Avoided"], tokens = 0 }\n' + MOVE,
         "'tokens' (how many bring it back) must be 1 or more"),
    case("card-recovery-token-repair-or-pooky", "the Recovery tokens are Repair or Pooky "
         "Tokens",
         CHOOSING_B, REPAIR,
         CARD_HEAD + 'recovery = { keywords = ["Avoided"], token = "gold", tokens = 1 }\n'
         + MOVE, 'token is "repair" (Otto) or "pooky" (Pooky)'),
    case("card-needs-actions", "a Companion with no actions and no die is a load error",
         "Companion", "Takes a special action defined by its Companion Card.",
         CARD_HEAD + RECOVERY, "a Companion card needs [[actions]]"),
    case("card-setup-kind-refused", "a Companion action is an action, shenanigan or "
         "reaction",
         "Companion", "Takes a special action defined by its Companion Card.",
         CARD_HEAD + RECOVERY + action('kind = "setup"'),
         "kind is action, shenanigan or reaction"),
]


@pytest.mark.parametrize(("rule", "text", "message"), CARDS_REFUSED)
def test_companion_cards_refused(rule: Rule, text: str, message: str) -> None:
    with pytest.raises(ContentError) as refused:
        parse_companion(text, "<card>")
    assert message in str(refused.value), rule


CARDS_ACCEPTED = [
    case("card-recovery-avoided-by-default", "a Recovery side written without keywords is "
         "Avoided; its tokens are Repair Tokens unless said",
         CHANGES_B, IGNORE,
         CARD_HEAD + "recovery = { tokens = 1 }\n" + MOVE,
         {"recovery": ("Recovery Mode", ["Avoided"], "repair", 1, False),
          "actions": [("Roll", "action")]}),
    case("card-shenanigan-and-reaction-allowed", "a Companion's actions may be Shenanigans "
         "and Reactions, without costs",
         "Companion", "Takes a special action defined by its Companion Card.",
         CARD_HEAD + RECOVERY + action('kind = "shenanigan"').replace("Zap", "Zip")
         + action('kind = "reaction"', 'trigger = "attacked"'),
         {"recovery": ("Recovery Mode", ["Avoided"], "repair", 2, False),
          "actions": [("Zip", "shenanigan"), ("Zap", "reaction")]}),
]


@pytest.mark.parametrize(("rule", "text", "expected"), CARDS_ACCEPTED)
def test_companion_cards_accepted(rule: Rule, text: str, expected: dict[str, Any]) -> None:
    summary = card_summary(parse_companion(text, "<card>"))
    assert {key: summary[key] for key in expected} == expected, rule


# --- setup on the map: the Companion's start space and side ----------------------------------

PLACING = [
    case("solo-companion-on-an-unoccupied-start-space", "the Companion gets a start-space "
         "Decision: the start spaces the Hero and Schemers left free",
         SETUP_B, PLACE,
         group("idlers") + first(at("idlers", "C1")), SOLO, GUARD, (),
         {"start-space": ["A1", "D1"]},
         both(space_options("start-space"), looks_at("otto")),
         ([("gerki", ["A1", "B1", "D1"]), ("otto", ["B1", "D1"])],
          ("D1", 0, [], {}, False))),
    case("solo-otto-starts-on-his-fighting-side", "Otto starts with no damage, not "
         "recovering, without the Recovery side's Avoided and Tiny",
         SETUP_B, NON_RECOVERY,
         IDLE_FAR, SOLO, GUARD, (), {},
         both(looks_at("otto"), lambda s, _: s.position.figure("otto").fortitude),
         (("B1", 0, [], {}, False), 8)),
    case("solo-pooky-starts-tiny-not-on-break", "Companion Pooky starts Tiny and not "
         "Avoided (not on break)",
         SETUP_B, NON_RECOVERY,
         IDLE_FAR, SOLO, POOKY, (), {"start-space": ["A1", "C1"]},
         looks_at("pooky"), ("C1", 0, ["Tiny"], {}, False)),
]


@pytest.mark.parametrize(PLAY, PLACING)
def test_solo_placing(tmp_path: Path, rule: Rule, scenario: str, heroes: tuple[str, ...],
                      companion: Companion, steps: tuple[Step, ...],
                      answers: dict[str, list[Any]], look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)


NO_ROOM = [
    case("solo-no-start-space-left-for-the-companion", "Schemers on B1, C1, D1 and the Hero "
         "on A1: no Unoccupied Hero start space for the Companion, the scenario cannot be "
         "set up",
         SETUP_B, PLACE,
         group("idlers") + first(at("idlers", "B1", "C1", "D1")),
         "no Unoccupied Hero start space left for the Companion"),
]


@pytest.mark.parametrize(("rule", "scenario", "message"), NO_ROOM)
def test_solo_no_room_for_the_companion(tmp_path: Path, rule: Rule, scenario: str,
                                        message: str) -> None:
    ctx = load(tmp_path, scenario)
    with pytest.raises(ContentError) as refused:
        run(ctx, (), {})
    assert message in str(refused.value), rule


# --- Hero cards and Items ---------------------------------------------------------------------


def campaign_setup(number: int, heroes: tuple[str, ...], companion: str | None,
                   hero_cards: int | None = 2) -> tuple[int | None, tuple[int, int, int]]:
    """The hero_cards and Item allowance :func:`setup_for` gives for scenario ``number``."""
    entry = CampaignScenario(number, "scenario.toml", "Chapter", "Test", 0, (), ())
    file = CampaignFile("Test campaign", "<campaign>", (entry,), (), hero_cards, (1, 1, 0))
    setup = setup_for(Campaign("test", "<campaign>", heroes, companion), file)
    assert setup.loadout is not None
    return setup.loadout.hero_cards, setup.loadout.allowance


LOADOUT = [
    case("solo-one-extra-support-item", "Solo Mode's allowance: one more Support Item, the "
         "others unchanged",
         SETUP_B, ONE_EXTRA,
         lambda: solo_allowance(Allowance(1, 1, 0)), Allowance(2, 1, 0)),
    case("solo-no-extra-hero-card-before-scenario-5", "scenario 4: the campaign's number of "
         "Hero cards",
         SETUP_B, EXTRA_CARDS,
         lambda: solo_hero_cards(4, 4), 4),
    case("solo-one-extra-hero-card-from-scenario-5", "scenario 5: one extra (total of 5)",
         SETUP_B, EXTRA_CARDS,
         lambda: solo_hero_cards(4, 5), 5),
    case("solo-one-extra-hero-card-until-16", "scenario 16: still one extra",
         SETUP_B, EXTRA_CARDS,
         lambda: solo_hero_cards(4, 16), 5),
    case("solo-two-extra-hero-cards-from-scenario-17", "scenario 17: two extra (total of 6)",
         SETUP_B, EXTRA_CARDS,
         lambda: solo_hero_cards(4, 17), 6),
    case("solo-every-card-stays-every-card", "a campaign equipping every card: no count to "
         "add to",
         SETUP_B, EXTRA_CARDS,
         lambda: solo_hero_cards(None, 17), None),
    case("solo-campaign-loadout-scenario-5", "a solo campaign's setup at scenario 5: one "
         "more Hero card and one more Support Item",
         SETUP_B, EXTRA_CARDS,
         lambda: campaign_setup(5, SOLO, GUARD), (3, (2, 1, 0))),
    case("solo-campaign-loadout-scenario-17", "a solo campaign's setup at scenario 17: two "
         "more Hero cards",
         SETUP_B, EXTRA_CARDS,
         lambda: campaign_setup(17, SOLO, GUARD), (4, (2, 1, 0))),
    case("solo-campaign-loadout-scenario-4", "a solo campaign's setup at scenario 4: no "
         "extra card, still the extra Support Item",
         SETUP_B, ONE_EXTRA,
         lambda: campaign_setup(4, SOLO, GUARD), (2, (2, 1, 0))),
    case("two-hero-campaign-loadout-has-no-solo-extras", "a two-Hero campaign at scenario "
         "17: the campaign's numbers",
         APPENDIX_B, "This mode follows the same rules as a regular 2-, 3-, or 4-Hero game.",
         lambda: campaign_setup(17, ("gerki", "deirdre"), None), (2, (1, 1, 0))),
]


@pytest.mark.parametrize(("rule", "compute", "expected"), LOADOUT)
def test_solo_loadout(rule: Rule, compute: Callable[[], Any], expected: Any) -> None:
    assert compute() == expected, rule


TITLES = [
    case("solo-hero-card-titles-once", "the hero-card Decision offers each title once and "
         "never a chosen title again",
         SETUP_B, SAME_TITLE,
         ("Cheap shot", "Duck", "Duck", "Caltrops"), ["Duck"],
         [("Cheap shot", "Duck", "Caltrops"), ("Cheap shot", "Caltrops")],
         ["Cheap shot", "Duck"]),
]


@pytest.mark.parametrize(("rule", "cards", "chosen", "offered", "equipped"), TITLES)
def test_solo_hero_card_titles(tmp_path: Path, rule: Rule, cards: tuple[str, ...],
                               chosen: list[str], offered: list[tuple[str, ...]],
                               equipped: list[str]) -> None:
    """Gerki has more cards than the loadout's two: one hero-card Decision per card."""
    loadout = Loadout({"gerki": cards}, {"gerki": ()}, 2, (2, 1, 0))
    ctx = load(tmp_path, IDLE_FAR, SOLO, GUARD, loadout)
    state, seen = run(ctx, (), {"hero-card": chosen})
    assert options("hero-card")(state, seen) == offered, rule
    names = {s.name for s in state.battle.abilities["gerki"]}
    assert sorted(names & set(cards)) == equipped, rule


#: Gerki's Actions on his first turn (he draws first and takes an Action tile).
FIRST_ACTIONS = {"initiative": ["hero gerki"], "tile": ["action"]}
GERKI_CARDS = ("Cheap shot", "Caltrops")


def loadout_of(cards: tuple[str, ...], items: tuple[str, ...] = (),
               hero_cards: int | None = None) -> Loadout:
    """What a campaign lets Gerki take: these cards and Items (Solo allowance)."""
    return Loadout({"gerki": cards}, {"gerki": items}, hero_cards, (2, 1, 0))


IN_PLAY = [
    case("campaign-vault-card-never-offered", "Caltrops still in the Vault: his Actions are "
         "the mat's and the unlocked Cheap shot",
         "Vault", "Set of cards not yet accessible.",
         loadout_of(("Cheap shot",)), {}, ("Shiv", "Cheap shot")),
    case("campaign-vault-item-never-offered", "Throwing knives still in the Vault: no Item "
         "to use",
         "Vault", "Set of cards not yet accessible.",
         loadout_of(GERKI_CARDS), {}, ("Shiv", "Cheap shot", "Caltrops")),
    case("campaign-archived-card-never-offered", "Cheap shot retired: only Caltrops of the "
         "cards",
         "Archive", "removed from the campaign.",
         loadout_of(("Caltrops",)), {}, ("Shiv", "Caltrops")),
    case("campaign-unlocked-card-offered", "both cards unlocked, every card equipped: both "
         "offered",
         "Vault", "Unlocked during the campaign.",
         loadout_of(GERKI_CARDS), {}, ("Shiv", "Cheap shot", "Caltrops")),
    case("campaign-card-not-chosen-never-offered", "two cards unlocked, one equipped "
         "(Caltrops): Cheap shot stays in the box",
         SETUP_B, EXTRA_CARDS,
         loadout_of(GERKI_CARDS, hero_cards=1), {"hero-card": ["Caltrops"]},
         ("Shiv", "Caltrops")),
    case("campaign-item-not-equipped-never-offered", "Throwing knives unlocked but not "
         "equipped",
         "Armory", "Players select Items to equip at the start of each game.",
         loadout_of(("Cheap shot",), ("Throwing knives",)), {"equip-item": [lambda d: None]},
         ("Shiv", "Cheap shot")),
    case("campaign-item-equipped-offered", "Throwing knives unlocked and equipped",
         "Item", "Cards representing physical objects equipped by Heroes.",
         loadout_of(("Cheap shot",), ("Throwing knives",)), {},
         ("Shiv", "Cheap shot", "Throwing knives")),
]


@pytest.mark.parametrize(("rule", "loadout", "answers", "expected"), IN_PLAY)
def test_campaign_offers_only_what_the_hero_equipped(
        tmp_path: Path, rule: Rule, loadout: Loadout, answers: dict[str, list[Any]],
        expected: tuple[str, ...]) -> None:
    """The first Action Gerki is offered in a campaign game (issue 15, item 13)."""
    ctx = load(tmp_path, IDLE_NEAR, SOLO, GUARD, loadout)
    state, seen = run(ctx, (R, C), {**FIRST_ACTIONS, **answers})
    assert options("ability")(state, seen)[0] == expected, rule


# --- initiative: two full Hero turns, two Companion turns -------------------------------------

BAG = [
    case("solo-bag-hero-solo-and-two-companion-tokens", "the Ready Phase bag: the Hero's "
         "token, the Solo Hero token, two Companion tokens, no partial tokens",
         SETUP_B, TOKENS,
         IDLE_FAR, SOLO, GUARD, (R,), {}, bag,
         ["companion otto", "companion otto", "group idlers", "hero gerki", "solo gerki"]),
    case("solo-bag-with-companion-pooky", "Companion Pooky has the two Companion tokens",
         SETUP_B, TOKENS,
         IDLE_FAR, SOLO, POOKY, (R,), {}, bag,
         ["companion pooky", "companion pooky", "group idlers", "hero gerki", "solo gerki"]),
    case("solo-both-hero-tokens-are-full-turns", "the Hero's token and the Solo Hero token "
         "each give a full turn: two Actions and a Shenanigan",
         CHANGES_B, FULL_TURNS,
         IDLE_NEAR, SOLO, GUARD, (R, C),
         {"initiative": ["solo gerki", "hero gerki"],
          "tile": ["action", "action", "end turn", "action", "action", "end turn"],
          "ability": ["Shiv"] * 4},
         both(notes("gerki's"), options("tile")),
         (["gerki's full turn", "gerki's full turn"],
          [("action", "shenanigan", "end turn"), ("action", "shenanigan", "end turn"),
           ("shenanigan", "end turn")] * 2)),
    case("solo-round-has-two-companion-turns", "each Companion token drawn is one Companion "
         "turn",
         CHANGES_B, TURN,
         IDLE_FAR, SOLO, GUARD, (R, C), {"initiative": ["companion otto"]},
         notes("Companion turn"), ["otto's Companion turn", "otto's Companion turn"]),
]


@pytest.mark.parametrize(PLAY, BAG)
def test_solo_initiative(tmp_path: Path, rule: Rule, scenario: str, heroes: tuple[str, ...],
                         companion: Companion, steps: tuple[Step, ...],
                         answers: dict[str, list[Any]], look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)


# --- the Companion's turn -----------------------------------------------------------------------

#: A Scenario Ability with a cost: a Shield Token, Cooldown 1.
BRACE = '''[[abilities]]
name = "Brace"
kind = "action"
cost = { cooldown = 1 }
effects = [ { gain = true, tokens = { shield = 1 } } ]

'''
DOOR_SCENARIO = (group("idlers") + door("action") + KICK + first(at("idlers", "G4"))
                 + part("P2", '{ door_open = "D2" }'))
#: Otto (tinker) starts beside the door (D1) and is drawn first.
AT_THE_DOOR = {"start-space": ["A1", "D1"], "initiative": ["companion otto"]}
GUARD_ACTIONS = ["otto: Clank forward?", "otto: Shield bash?", "otto: Raise the shield?"]
TINKER_ACTIONS = ["otto: Whirr along?", "otto: Spring trap?", "otto: Wrench swing?"]
#: With no Foe next to him his attack is not asked: it would do nothing (issue 37).
GUARD_FAR = ["otto: Clank forward?", "otto: Raise the shield?"]
TINKER_FAR = ["otto: Whirr along?", "otto: Spring trap?"]
POOKY_CARD = card_text(POOKY, ('[[pooky]]\nname = "Sulk"\nfaces = [1]\neffects = [ { '
                               'scenario = true, text = "Pooky sulks: nothing happens." } ]',
                               '[[pooky]]\nname = "Knock"\nfaces = [1]\neffects = [ { '
                               'open_door = true, target = "adjacent door" } ]'))

TURNS = [
    case("companion-each-action-offered-once-in-order", "each Companion turn offers each "
         "action of the card once, in order, as a yes/no Decision",
         CHANGES_B, TURN,
         group("idlers") + first(at("idlers", "B2")), SOLO, GUARD, (R, C),
         {"companion-action": [False] * 6},
         both(prompts("companion-action"), options("companion-action")),
         (GUARD_ACTIONS * 2, [(True, False)] * 6)),
    case("companion-action-that-would-do-nothing-not-asked", "no Foe next to Otto: Shield "
         "bash is not asked (whatever the answer, nothing happens); the log says why",
         CHANGES_B, TURN,
         IDLE_FAR, SOLO, GUARD, (R, C), {},
         both(prompts("companion-action"), notes("not now")),
         (["otto: Clank forward?", "otto: Raise the shield?"] * 2,
          ["otto: Shield bash: not now (no adjacent Foe)"] * 2)),
    case("companion-reactions-not-offered-as-actions", "Otto (scout)'s Reaction is not one "
         "of his turn's actions",
         CHANGES_B, TURN,
         IDLE_NEAR, SOLO, SCOUT, (R, C), {"companion-action": [False] * 4},
         prompts("companion-action"), ["otto: Hop?", "otto: Dart volley?"] * 2),
    case("companion-actions-optional", "every action declined: the Companion does nothing",
         CHANGES_B, OPTIONAL,
         IDLE_FAR, SOLO, GUARD, (R, C), {},
         both(looks_at("otto"), notes("otto uses")), (("B1", 0, [], {}, False), [])),
    case("companion-actions-pay-no-cost-and-come-back", "an action used on both Companion "
         "turns: no Cooldown Token, offered and used again",
         CHANGES_B, OPTIONAL,
         IDLE_FAR, SOLO, GUARD, (R, C),
         {"companion-action": [False, True, False, True]},
         both(notes("otto uses"), cooldowns("otto"), looks_at("gerki")),
         (["otto uses Raise the shield"] * 2, [0, 0, 0], ("A1", 0, [], {"shield": 2}, False))),
    case("companion-scenario-ability-without-its-cost", "Otto (tinker) uses a Cooldown "
         "Scenario Ability on both turns: its cost is not paid",
         CHANGES_B, OPTIONAL,
         BRACE + IDLE_FAR, SOLO, TINKER, (R, C),
         {"companion-action": [False, False, True] * 2},
         both(prompts("companion-action"), looks_at("otto")),
         ([*TINKER_FAR, "otto: Brace?"] * 2, ("B1", 0, [], {"shield": 2}, False))),
    case("companion-scenario-abilities-if-the-card-says", "Otto (tinker)'s card allows "
         "Scenario Abilities: offered after his own actions",
         CHANGES_B, SCENARIO_ABILITIES,
         DOOR_SCENARIO, SOLO, TINKER, (R, C), AT_THE_DOOR,
         prompts("companion-action"), [*TINKER_FAR, "otto: Kick the door open?"] * 2),
    case("companion-door-ability-without-scenario-abilities", "Otto (guard)'s card allows "
         "no Scenario Abilities, but one that only opens doors is every Companion's",
         CHANGES_B, TRAPS,
         DOOR_SCENARIO, SOLO, GUARD, (R, C),
         {**AT_THE_DOOR, "companion-action": [False] * 4},
         prompts("companion-action"),
         # Raise the shield is not asked: no Friend within 1 of D1
         ["otto: Clank forward?", "otto: Kick the door open?"] * 2),
    case("companion-opens-a-door", "Otto (tinker) kicks the door open; the part waiting "
         "for it begins",
         CHOOSING_B, OTTO_MAP,
         DOOR_SCENARIO, SOLO, TINKER, (R, C),
         {**AT_THE_DOOR, "companion-action": [False, False, True]},
         both(closed, field_of("part"), notes("opens the door")),
         ([], 1, ["otto opens the door on D2"])),
    case("companion-pooky-opens-a-door", "Companion Pooky's Scheme opens a door (Zot's "
         "Pooky could not)",
         CHOOSING_B, POOKY_MAP,
         DOOR_SCENARIO, SOLO, POOKY_CARD, (R, C),
         {"start-space": ["A1", "D1"], "initiative": ["companion pooky"], "roll-pooky": [1, 4],
          "companion-action": [True]},
         both(closed, notes("opens the door", "cannot open")),
         ([], ["pooky opens the door on D2"])),
    case("companion-triggers-a-trap", "Otto moves onto the Trap on F1: 1 damage, the Trap "
         "is sprung",
         CHOOSING_B, OTTO_MAP,
         IDLE_FAR, SOLO, GUARD, (R, C),
         {**AT_THE_DOOR, "companion-action": [True], "move-to": ["F1"]},
         both(looks_at("otto"), lambda s, _: dict(s.position.traps)),
         (("F1", 1, [], {}, False), {})),
    case("companion-triggers-a-hazard", "Otto moves onto the Hazard on E2: 1 damage",
         CHANGES_B, TRAPS,
         IDLE_FAR, SOLO, GUARD, (R, C),
         {**AT_THE_DOOR, "companion-action": [True], "move-to": ["E2"]},
         looks_at("otto"), ("E2", 1, [], {}, False)),
    case("companion-pooky-triggers-a-trap", "Companion Pooky leaps onto the Trap: he takes "
         "its damage",
         CHOOSING_B, POOKY_MAP,
         IDLE_FAR, SOLO, POOKY, (R, C),
         {"start-space": ["A1", "C1"], "initiative": ["companion pooky"], "roll-pooky": [4, 1],
          "companion-action": [True], "move-to": ["F1"]},
         both(looks_at("pooky"), lambda s, _: dict(s.position.traps)),
         (("F1", 1, ["Tiny"], {}, False), {})),
    case("companion-stunned-skips-its-turn", "a Stunned Companion skips its turn (no action "
         "offered) and discards every Stun Token",
         "Stun Token", STUN,
         IDLE_FAR, SOLO, GUARD, (R, tokens("otto", stun=2), C),
         {"initiative": ["companion otto"]},
         both(notes("Stunned"), prompts("companion-action"), looks_at("otto")),
         (["otto is Stunned: skips its turn and discards its Stun Tokens"], GUARD_FAR,
          ("B1", 0, [], {}, False))),
    case("companion-not-fatigued", "a Fatigue effect aimed at the Companion does nothing",
         "Fatigue X", FATIGUE,
         '[[abilities]]\nname = "Tire out"\nkind = "action"\n'
         'effects = [ { fatigue = 1, target = "friend within 1" } ]\n\n' + IDLE_FAR,
         SOLO, GUARD, (R, C),
         {"initiative": ["hero gerki"], "tile": ["action", "end turn"],
          "ability": ["Tire out"]},
         both(options("effect-target"), notes("Fatigue"), cooldowns("otto"),
              asked("fatigue")),
         ([("otto",)], ["Fatigue affects only Heroes"], [0, 0, 0], 0)),
]


@pytest.mark.parametrize(PLAY, TURNS)
def test_companion_turns(tmp_path: Path, rule: Rule, scenario: str, heroes: tuple[str, ...],
                         companion: Companion, steps: tuple[Step, ...],
                         answers: dict[str, list[Any]], look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)


# --- Schemers, Power Tokens and the Epic Pool -------------------------------------------------

#: A Jabber beside Otto (B1), drawn first.
JAB_OTTO = group("jabbers") + first(at("jabbers", "B2"))
JAB_FIRST = {"initiative": ["group jabbers"]}
POOL_2 = "epic_pool = { size = 3, dice = 2 }\n"
POOL_1 = "epic_pool = { size = 3, dice = 1 }\n"
#: An Idler beside Otto on D1, who bashes it with his second action.
BASH = {"start-space": ["A1", "D1"], "initiative": ["companion otto"],
        "companion-action": [False, True, False]}

SCHEMERS = [
    case("schemers-attack-the-companion-as-a-hero", "a Jabber's only adjacent Foe is Otto: "
         "it attacks him",
         CHANGES_B, TREATED,
         JAB_OTTO, SOLO, GUARD, (R, C), JAB_FIRST,
         looks_at("otto"), ("B1", 3, [], {}, False)),
    case("schemers-ignore-a-recovering-otto", "Otto in Recovery Mode (Avoided): the Jabber "
         "beside him has no target",
         CHOOSING_B, OTTO_RECOVERY,
         JAB_OTTO, SOLO, GUARD, (R, recovering("otto"), C), JAB_FIRST,
         both(notes("has no target"), looks_at("otto")),
         (["jabbers-1 has no target"], ("B1", 0, [], {}, False))),
    case("companion-pooky-takes-damage", "Companion Pooky can be attacked and takes damage "
         "(Zot's Pooky cannot)",
         CHOOSING_B, POOKY_FIGHTS,
         JAB_OTTO, SOLO, POOKY, (R, C), JAB_FIRST,
         looks_at("pooky"), ("B1", 3, ["Tiny"], {}, False)),
    case("schemers-ignore-pooky-on-break", "Pooky on break (Avoided): the Jabber beside him "
         "has no target",
         APPENDIX_B, IGNORE,
         JAB_OTTO, SOLO, POOKY, (R, recovering("pooky"), C),
         {"initiative": ["group jabbers"]},
         both(notes("has no target"), lambda s, _: s.position.figure("pooky").damage),
         (["jabbers-1 has no target"], 0)),
    case("companion-spends-its-own-shield", "Otto's own Shield Token is offered when he is "
         "attacked (his choice): 3 - 2 = 1 damage",
         CHANGES_B, OWN_TOKENS,
         JAB_OTTO, SOLO, GUARD, (R, tokens("otto", shield=1), C),
         {**JAB_FIRST, "shields": [1]},
         both(lambda s, seen: [(d.figure, d.options) for d in seen if d.kind == "shields"],
              looks_at("otto")),
         ([("otto", (0, 1))], ("B1", 1, [], {}, False))),
    case("companion-cannot-spend-the-heros-shields", "the Hero's Shield Tokens are not "
         "offered to protect the Companion",
         CHANGES_B, ONLY_OWN,
         JAB_OTTO, SOLO, GUARD, (R, tokens("gerki", shield=2), C), JAB_FIRST,
         both(asked("shields"), looks_at("otto"), looks_at("gerki")),
         (0, ("B1", 3, [], {}, False), ("A1", 0, [], {"shield": 2}, False))),
    case("epic-dice-empower-the-companions-attack", "Otto's Attack: an empower Decision for "
         "him; one Epic Die spent",
         CHANGES_B, EPIC,
         POOL_2 + group("idlers") + first(at("idlers", "E1")), SOLO, GUARD, (R, C),
         {**BASH, "empower": [1]},
         both(lambda s, seen: [(d.figure, d.options) for d in seen if d.kind == "empower"],
              epic_dice),
         ([("otto", (0, 1, 2))], 1)),
    case("epic-dice-defend-the-companion", "a Jabber attacks Otto: an Epic Die discarded "
         "takes 2 off its 3 damage",
         CHANGES_B, EPIC,
         POOL_1 + JAB_OTTO, SOLO, GUARD, (R, C), {**JAB_FIRST, "epic-defence": [1]},
         both(asked("epic-defence"), epic_dice, looks_at("otto")),
         (1, 0, ("B1", 1, [], {}, False))),
    case("companion-reaction-when-attacked", "Otto (scout)'s Dodge answers an Attack on him, "
         "like a Hero's Reaction",
         CHANGES_B, TREATED,
         JAB_OTTO, SOLO, SCOUT, (R, C), {**JAB_FIRST, "reaction": ["Dodge"]},
         both(options("reaction"), notes("otto uses")),
         ([("pass", "Dodge")], ["otto uses Dodge"])),
]


@pytest.mark.parametrize(PLAY, SCHEMERS)
def test_solo_schemers_and_tokens(tmp_path: Path, rule: Rule, scenario: str,
                                  heroes: tuple[str, ...], companion: Companion,
                                  steps: tuple[Step, ...], answers: dict[str, list[Any]],
                                  look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)


# --- Recovery: Otto's Recovery Mode, Pooky on break -------------------------------------------

#: A Brute beside Otto (B1), drawn first: 40 damage Defeats him.
BRUTE_OTTO = group("brutes") + first(at("brutes", "B2"))
RECOVERY = [
    case("otto-defeated-flips-to-recovery-mode", "Otto Defeated: no damage, Recovery Mode "
         "(Avoided, Tiny), still on the map; the Brute's second Attack finds no target",
         CHOOSING_B, OTTO_DEFEATED,
         BRUTE_OTTO, SOLO, GUARD, (R, C), {"initiative": ["group brutes", "hero gerki"]},
         drawn(2, both(looks_at("otto"), notes("otto loses", "has no target"))),
         (("B1", 0, ["Avoided", "Tiny"], {}, True),
          ["otto loses 8 Fortitude and is Defeated", "brutes-1 has no target"])),
    case("companion-defeat-is-not-a-hero-defeat", "Otto Defeated: no Hero is Defeated, the "
         "game goes on past the Objective Phase",
         CHOOSING_B, OTTO_DEFEATED,
         BRUTE_OTTO + objective("Under test", "{ hero_defeated = true }"), SOLO, GUARD,
         (R, C, OP),
         {"initiative": ["group brutes"]},
         both(field_of("result"), field_of("fallen"), objective_holds),
         (None, (), False)),
    case("otto-recovery-turn-adds-a-repair-token", "a Companion turn in Recovery Mode adds a "
         "Repair Token and offers no action",
         CHOOSING_B, REPAIR,
         IDLE_FAR, SOLO, GUARD, (R, recovering("otto"), C),
         {"initiative": ["companion otto", "hero gerki"]},
         both(drawn(2, looks_at("otto")), drawn(2, notes("Repair")),
              asked("companion-action")),
         (("B1", 0, ["Avoided", "Tiny"], {"repair": 1}, True),
          ["otto (Recovery Mode) adds a Repair Token: 1 of 2"], 0)),
    case("otto-flips-back-fully-healed", "the second Repair Token (of 2): Otto flips back "
         "where he is, no damage, tokens discarded, fighting side's keywords",
         CHOOSING_B, REPAIR,
         IDLE_FAR, SOLO, GUARD, (R, recovering("otto"), C),
         {"initiative": ["companion otto", "companion otto"]},
         both(looks_at("otto"), notes("flips back"), asked("companion-action")),
         (("B1", 0, [], {}, False), ["otto flips back, fully healed, on B1"], 0)),
    case("otto-scout-flips-back-after-one", "Otto (scout) needs one Repair Token: back on "
         "his first turn, acting again on the second",
         CHOOSING_B, REPAIR,
         IDLE_FAR, SOLO, SCOUT, (R, recovering("otto"), C),
         {"initiative": ["companion otto", "companion otto"]},
         both(looks_at("otto"), prompts("companion-action")),
         (("B1", 0, [], {}, False), ["otto: Hop?"])),  # no Foe in Range: no Dart volley
    case("otto-in-recovery-keeps-other-tokens", "flipping back discards the Repair Tokens "
         "only: a Shield Token stays",
         CHOOSING_B, REPAIR,
         IDLE_FAR, SOLO, SCOUT, (R, recovering("otto", shield=1), C),
         {"initiative": ["companion otto"]},
         looks_at("otto"), ("B1", 0, [], {"shield": 1}, False)),
    case("pooky-back-from-break-on-the-heros-space", "Pooky's second Pooky Token (of 2): "
         "back on Gerki's space (A1), fully healed, Tiny",
         CHOOSING_B, POOKY_BACK,
         IDLE_FAR, SOLO, POOKY,
         (R, damaged("pooky", 3), recovering("pooky", pooky=1), C),
         {"start-space": ["A1", "D1"], "initiative": ["companion pooky"]},
         both(looks_at("pooky"), notes("flips back", "Pooky Token")),
         (("A1", 0, ["Tiny"], {}, False),
          ["pooky (on break) adds a Pooky Token: 2 of 2",
           "pooky flips back, fully healed, on A1"])),
    case("pooky-on-break-is-avoided-only", "Pooky Defeated: on break, Avoided (and still "
         "Tiny), no damage",
         CHOOSING_B, POOKY_BREAK,
         group("brutes") + first(at("brutes", "B2")), SOLO, POOKY, (R, C),
         {"initiative": ["group brutes", "hero gerki"]},
         drawn(2, looks_at("pooky")), ("B1", 0, ["Avoided", "Tiny"], {}, True)),
    case("otto-defeated-by-a-trap-flips", "Otto (7 damage of 8) moves onto the Trap: "
         "Defeated, he flips to Recovery Mode at once",
         CHOOSING_B, OTTO_DEFEATED,
         IDLE_FAR, SOLO, GUARD, (R, damaged("otto", 7), C),
         {**AT_THE_DOOR, "companion-action": [True], "move-to": ["F1"]},
         drawn(2, looks_at("otto")), ("F1", 0, ["Avoided", "Tiny"], {}, True)),
    case("otto-flipped-mid-turn-acts-no-more", "Otto (7 of 8) is Defeated by a Hitback in "
         "his own Attack: his third action is not offered in Recovery Mode",
         CHOOSING_B, REPAIR,
         group("idlers") + first(at("idlers", "E1")), SOLO, GUARD,
         (R, damaged("otto", 7), tokens("idlers-1", hitback=1), C),
         {**BASH, "companion-action": [False, True, True], "roll-damage": [damage_2]},
         both(prompts("companion-action"), notes("otto uses", "Hitback")),
         (["otto: Clank forward?", "otto: Shield bash?"],
          ["otto uses Shield bash", "Hitback: otto takes 1"])),
]


@pytest.mark.parametrize(PLAY, RECOVERY)
def test_companion_recovery(tmp_path: Path, rule: Rule, scenario: str,
                            heroes: tuple[str, ...], companion: Companion,
                            steps: tuple[Step, ...], answers: dict[str, list[Any]],
                            look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)


# --- the health rules on their own ------------------------------------------------------------

ROW = ". . . ."


def companion_fig(at: str = "B1", **keys: Any) -> dict[str, object]:
    return fig("otto", at, "hero", role="companion", fortitude=8,
               recovery=["Avoided", "Tiny"], **keys)


def nearest_foes(companion: dict[str, object]) -> list[str]:
    """What "nearest foe" finds for a Schemer on D1, with the Hero on A1 and ``companion``."""
    position = positioned(ROW, fig("h", "A1", "hero", fortitude=6), companion,
                          fig("s", "D1", "schemer", fortitude=3))
    found = select(position, position.figure("s"), parse_selector("nearest foe"))
    return [f.id for f in found.figures]


HEALTH = [
    case("recovering-companion-takes-no-damage", "deal 5 to Otto in Recovery Mode: nothing",
         CHOOSING_B, OTTO_RECOVERY,
         lambda: deal(positioned(ROW, companion_fig(recovering=True)), "otto", 5)[1].lost, 0),
    case("fighting-companion-takes-damage", "deal 5 to Otto on his fighting side: 5",
         CHOOSING_B, POOKY_FIGHTS,
         lambda: deal(positioned(ROW, companion_fig()), "otto", 5)[0].figure("otto").damage,
         5),
    case("defeated-companion-stays-on-the-map", "remove_defeated: Otto Defeated is flipped, "
         "not removed",
         CHOOSING_B, OTTO_DEFEATED,
         lambda: (lambda p: (sorted(f.id for f in p[0].figures), p[1],
                             p[0].figure("otto").recovering, p[0].figure("otto").damage))(
             remove_defeated(positioned(ROW, companion_fig(damage=8),
                                        fig("s", "D1", "schemer", fortitude=2, damage=2)))),
         (["otto"], ["s"], True, 0)),
    case("selector-picks-a-fighting-companion", "nearest foe: Otto (1 away) before the Hero "
         "(3 away)",
         APPENDIX_B, TREATED,
         lambda: nearest_foes(companion_fig("C1")), ["otto"]),
    case("selector-skips-a-recovering-companion", "nearest foe: Otto in Recovery Mode is "
         "Avoided, the Hero is chosen",
         APPENDIX_B, IGNORE,
         lambda: nearest_foes(companion_fig("C1", recovering=True)), ["h"]),
]


@pytest.mark.parametrize(("rule", "compute", "expected"), HEALTH)
def test_companion_health(rule: Rule, compute: Callable[[], Any], expected: Any) -> None:
    assert compute() == expected, rule


# --- Pooky's die ------------------------------------------------------------------------------

POOKY_DIE = [
    case("companion-pooky-die-rolled-in-the-ready-phase", "Companion Pooky: his die is "
         "rolled in the Ready Phase",
         CHOOSING_B, POOKY_ROLL,
         IDLE_FAR, SOLO, POOKY, (R,), {"roll-pooky": [5]},
         both(asked("roll-pooky"), field_of("pooky")), (1, {"pooky": 5})),
    case("companion-pooky-rerolled-after-his-first-turn", "a Scheme per turn: the Ready "
         "Phase roll, then a new roll after his first turn (two rolls a round)",
         CHOOSING_B, POOKY_ROLL,
         IDLE_FAR, SOLO, POOKY, (R, C),
         {"roll-pooky": [4, 1], "initiative": ["companion pooky"]},
         both(asked("roll-pooky"), notes("Companion turn"), prompts("companion-action")),
         (2, ["pooky's Companion turn: Scamper", "pooky's Companion turn: Sulk"],
          ["pooky: Scamper?", "pooky: Sulk?"])),
    case("companion-pooky-scheme-optional", "his rolled Scheme is optional: declined, he "
         "stays",
         CHANGES_B, OPTIONAL,
         IDLE_FAR, SOLO, POOKY, (R, C),
         {"roll-pooky": [4, 4], "initiative": ["companion pooky"]},
         both(looks_at("pooky"), notes("pooky uses")), (("B1", 0, ["Tiny"], {}, False), [])),
    case("zot-solo-pooky-acts-on-both-full-turns", "Zot in Solo Mode: Pooky's tile on the "
         "turn of each Hero token",
         APPENDIX_B, ZOT_POOKY,
         IDLE_FAR, ("zot",), GUARD, (R, C),
         {"roll-pooky": [4, 1], "initiative": ["hero zot", "solo zot"]},
         options("tile"), [("action", "shenanigan", "pooky", "end turn")] * 2),
    case("zot-solo-pooky-rerolled-after-zots-first-turn", "Zot in Solo Mode: the Ready "
         "Phase roll, one reroll at the end of his first turn, none after the second",
         APPENDIX_B, ZOT_REROLL,
         IDLE_FAR, ("zot",), GUARD, (R, C),
         {"roll-pooky": [4, 1], "initiative": ["solo zot", "hero zot"],
          "tile": ["end turn", "pooky", "end turn"]},
         both(asked("roll-pooky"), field_of("pooky"), notes("pooky uses", "pooky")),
         (2, {"zot": 1}, ["pooky uses Nap",
                          "pooky: Pooky curls up: nothing happens. (for the table)"])),
]


@pytest.mark.parametrize(PLAY, POOKY_DIE)
def test_pooky_die_in_solo_mode(tmp_path: Path, rule: Rule, scenario: str,
                                heroes: tuple[str, ...], companion: Companion,
                                steps: tuple[Step, ...], answers: dict[str, list[Any]],
                                look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)


# --- the Companion counts as a Hero -----------------------------------------------------------

COUNTING = [
    case("hero-on-counts-the-companion", "hero_on C1: Otto on C1 (the Hero on A1) is a Hero "
         "on it",
         CHANGES_B, COUNTS,
         IDLE_FAR + objective("Under test", '{ hero_on = "C1" }'), SOLO, GUARD, (),
         {"start-space": ["A1", "C1"]}, objective_holds, True),
    case("hero-on-nobody-there", "hero_on D1: neither the Hero nor Otto on it",
         CHANGES_B, COUNTS,
         IDLE_FAR + objective("Under test", '{ hero_on = "D1" }'), SOLO, GUARD, (),
         {"start-space": ["A1", "C1"]}, objective_holds, False),
    case("all-heroes-on-needs-the-companion-too", "all_heroes_on A1: the Hero is there but "
         "Otto (B1) is not",
         CHANGES_B, COUNTS,
         IDLE_FAR + objective("Under test", '{ all_heroes_on = ["A1"] }'), SOLO, GUARD, (),
         {}, objective_holds, False),
    case("all-heroes-on-with-the-companion", "all_heroes_on A1, B1: the Hero and Otto both",
         CHANGES_B, COUNTS,
         IDLE_FAR + objective("Under test", '{ all_heroes_on = ["A1", "B1"] }'), SOLO, GUARD,
         (), {}, objective_holds, True),
]


@pytest.mark.parametrize(PLAY, COUNTING)
def test_companion_counts_as_a_hero(tmp_path: Path, rule: Rule, scenario: str,
                                    heroes: tuple[str, ...], companion: Companion,
                                    steps: tuple[Step, ...], answers: dict[str, list[Any]],
                                    look: Look, expected: Any) -> None:
    check(tmp_path, rule, scenario, heroes, companion, steps, answers, look, expected)
