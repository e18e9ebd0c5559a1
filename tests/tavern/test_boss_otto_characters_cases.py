"""Boss Otto's "Character-Specific Rules" (001, "Boss Otto - Other Rules") for every
character the engine plays that the section names, as a case table: one row per ruling,
each quoting its passage, on the small Boss Otto table of ``test_boss_otto_cases``.

Otto's cards and the characters' cards here are test fixtures ("(test)"), none the printed
card. Keet and the characters the engine does not play (Baelfire, Greppa, Grinderbin, Jin,
Marah, the Wench, Wrench) are read in ``docs/rules-decisions.md``; "Natyl" is Witchdoctor
Natyli (000: her "Debuff Tokens", the "Power Jinx").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.characters.amundyr import SCARAB
from tales.tavern.rdi.characters.lich_king import FINGER
from tales.tavern.rdi.characters.murgath import BLESSINGS
from tales.tavern.rdi.characters.natyli import JINX, PAIN
from tales.tavern.rdi.characters.nerodia import Nerodia
from tales.tavern.rdi.characters.nerodia import pile as petrified
from tales.tavern.rdi.characters.nitrel import BOMBS
from tales.tavern.rdi.characters.phrenk import POTIONS, sell
from tales.tavern.rdi.characters.remy import MARK
from tales.tavern.rdi.given import before
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Minion,
    Mode,
    Step,
    Target,
    Tavern,
    Trigger,
    Verb,
    Who,
)
from tales.tavern.rdi.otto import turn
from tales.tavern.rdi.ottodata import ACTIONS, OTTO, SOMETIMES, target, threat
from tales.tavern.rdi.simulate import simulate

from ._seeds import row
from .test_boss_otto_cases import (
    COUNTER,
    HIT,
    PEANUTS,
    PUNCH,
    RETARGET,
    TURRET,
    Check,
    Start,
    game,
    otto_of,
    plays,
    provoked_by,
    said,
    verify,
)

COMPONENT = f"Turret (test) #1 ({OTTO})"
#: The characters the section names, as the engine calls them ("Natyl" is Natyli).
NAMED = frozenset({"alaric", "amundyr", "baelfire", "greppa", "grinderbin", "jin", "karl",
                   "kaylin", "keet", "lich_king", "marah", "murgath", "natyli", "nerodia",
                   "phrenk", "remy", "torglesnarf", "warthorn", "wench", "wrench"})
TRAP = Card("Tripwire (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.TARGET),),
            trap=(Step(Verb.FORTITUDE, -2, Who.TARGET),), owner="ann")
CHECK = Card("Mind the floor (test)", CardKind.ACTION,
             (Step(Verb.HANDLER, who=Who.TARGET, handler="check for traps"),))
SCARABS = Card("Itsy and Bitsy (test)", CardKind.ACTION,
               (Step(Verb.HANDLER, who=Who.TARGET, handler="give 2 scarabs"),))
HEART = Card("Blessing of mending (test)", CardKind.SOMETIMES,
             (Step(Verb.IGNORE, target=Target.ACTION),), "Heart 3. Ignore an Action card.",
             pile=BLESSINGS)
SMITE = Card("Banefall's smite (test)", CardKind.ACTION,
             (Step(Verb.HANDLER, handler="banefall watches"),
              Step(Verb.FORTITUDE, -1, Who.EACH_OTHER),
              Step(Verb.HANDLER, handler="blessings for the hurt")))
GIFT = Card("Banefall's gift (test)", CardKind.ACTION,
            (Step(Verb.HANDLER, who=Who.EACH_OTHER, handler="blessing"),))
MARKING = Card("Marked for the plank (test)", CardKind.ACTION,
               (Step(Verb.GAIN, 1, Who.TARGET, resource=MARK),))
TONIC = Card("Bottled vigour (test)", CardKind.ANYTIME, (Step(Verb.FORTITUDE, 2),),
             pile=POTIONS, price=3)
CURSE = Card("Pins in the doll (test)", CardKind.ACTION,
             (Step(Verb.GAIN, 1, Who.EACH_OTHER, resource=PAIN),
              Step(Verb.FORTITUDE, -1, Who.EACH_OTHER)))
STONE = Card("Stony stare (test)", CardKind.ACTION,
             (Step(Verb.HANDLER, who=Who.TARGET, handler="petrify 2"),))
STORY = Card("The one about the ogre (test)", CardKind.ACTION, pile="stories",
             trigger=Trigger("turn starts", (Step(Verb.FORTITUDE, -2, Who.TARGET),)))
FUSE = Card("Lit fuse (test)", CardKind.ACTION,
            (Step(Verb.HANDLER, who=Who.TARGET, handler="bomb"),))
BANG = Card("Bang (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),),
            pile=BOMBS)
MINION = Card("Goblin cutthroat (test)", CardKind.ACTION,
              (Step(Verb.FORTITUDE, -2, Who.TARGET),), activation=True)


def challenger(tavern: Tavern, name: str, mechanics: str, *hand: Card,
               tokens: dict[str, int] | None = None, **fields: Any) -> Tavern:
    """``tavern`` with Challenger ``name`` playing ``mechanics`` (keeping the team's mat and
    the Priority Target token)."""
    player = replace(tavern.player(name), mechanics=mechanics, hand=hand, **fields)
    for token, count in (tokens or {}).items():
        player = player.with_count(token, count)
    return tavern.with_player(player)


def with_component(tavern: Tavern) -> Tavern:
    return replace(tavern, minions=(Minion(COMPONENT, OTTO, TURRET.card),))


def debuffed(tavern: Tavern, debuff: str) -> Tavern:
    """``tavern`` with one of Natyli's ``debuff`` in front of Boss Otto."""
    return tavern.with_player(otto_of(tavern).with_count(debuff, 1))


def resting(name: str) -> Start:
    """Otto's turn while ``name`` is "out of the game" (a turn-ending effect still on)."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return (yield from turn(replace(tavern, resting=(name,))))
    return start


def sells(name: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return (yield from sell(tavern, name))
    return start


CASES = [
    # --- Alaric --------------------------------------------------------------------------
    row("OTTO-alaric-a-component-checks-through-otto", "001",
        "If a Component would Check for Traps, Boss Otto does so instead.",
        plays("ann", CHECK, COMPONENT),
        with_component(challenger(game((), ()), "ann", "alaric", TRAP)), {},
        lambda t, _: said(t, f"{OTTO} Checks for Traps and reveals Tripwire (test): a Trap!")
        == 1 and said(t, f"{COMPONENT} Checks") == 0),
    # --- Amundyr -------------------------------------------------------------------------
    row("OTTO-amundyr-a-components-scarab-is-ottos", "001",
        "If a Component would receive a Scarab, Boss Otto receives it instead.",
        plays("ann", SCARABS, COMPONENT),
        with_component(challenger(game((), ()), "ann", "amundyr")).with_supply(SCARAB, 12), {},
        lambda t, _: otto_of(t).count(SCARAB) == 2 and len(t.minions) == 1),
    row("OTTO-amundyr-scarabs-bite-at-the-end-of-his-turn", "001",
        "Boss Otto may receive Scarabs, and they will trigger one at a time at the end of his "
        "turn.", lambda t: _whole_turn(t),
        challenger(game((), actions=(RETARGET,)), "ann", "amundyr").with_player(
            otto_of(game(())).with_count(SCARAB, 2)), {},
        lambda t, _: list(t.log)[-2:] == [f"a Scarab bites {OTTO} and returns to Amundyr",
                                    f"{OTTO} loses 1 Fortitude to a Scarab"]
        and otto_of(t).count(SCARAB) == 1),
    # --- Kaylin --------------------------------------------------------------------------
    row("OTTO-kaylin-out-of-the-game-still-the-target", "001",
        "If Kaylin is “out of the game” due to “Private Pixie Time”, she can still become "
        "the Priority Target.", resting("ann"),
        challenger(game((), (), actions=(PUNCH,)), "ann", "kaylin"), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 1
        and t.players[1].fortitude == 20 and "ann orders" not in t.log),
    row("OTTO-kaylin-ignores-what-he-does-to-her", "001",
        "Boss Otto will play his turn normally in this case, but Kaylin will end up Ignoring "
        "anything Boss Otto tries to do to her.", resting("ann"),
        challenger(game((), (), actions=(PUNCH, PUNCH), level=3), "ann", "kaylin"), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 2
        and t.players[1].fortitude == 20 and said(t, "loses") == 0),
    row("OTTO-kaylin-change-targets-away", "001",
        "Changing Targets away from Kaylin works normally.", resting("ann"),
        challenger(game((), (), actions=(PUNCH, RETARGET), level=3), "ann", "kaylin"),
        {},
        lambda t, _: target(t) == "bob"),
    # --- Karl (Buff Tokens: see test_boss_otto_cases) --------------------------------------
    # --- Lich King -----------------------------------------------------------------------
    row("OTTO-lich-king-a-finger-is-a-sometimes-card", "001",
        "Removing a Finger to Ignore something counts as playing a Sometimes Card, so Otto’s "
        "Threat Level will go up if it resolves.", plays(OTTO, PUNCH.card),
        challenger(game(()), "ann", "lich_king", tokens={FINGER: 5}),
        {"respond": ["Detach a finger: Ignore a card affecting your Fortitude"]},
        lambda t, _: threat(t) == 2 and t.players[1].fortitude == 20
        and t.players[1].count(FINGER) == 4),
    # --- Murgath -------------------------------------------------------------------------
    row("OTTO-murgath-he-plays-a-blessing-for-its-healing", "001",
        "If Boss Otto receives a Blessing, he will play it immediately for its healing, even "
        "if he is at 20 Fortitude.", lambda t: _settled(plays("ann", SMITE)(t)),
        challenger(game((), sometimes=(PEANUTS,)), "ann", "murgath").with_pile(
            BLESSINGS, (HEART,)), {},
        lambda t, _: said(t, f"{OTTO} gets a Blessing") == 1
        and said(t, f"{OTTO} plays Blessing of mending (test) for its heart") == 1
        and otto_of(t).hand == () and otto_of(t).fortitude == 20),
    row("OTTO-murgath-a-components-blessing-is-ottos-once", "001",
        "However, this can never cause Boss Otto to get more than one Blessing from a single "
        "Murgath card.", plays("ann", GIFT),
        with_component(challenger(game((), sometimes=(PEANUTS,)), "ann", "murgath")
                       ).with_pile(BLESSINGS, (HEART, HEART)), {},
        lambda t, _: said(t, f"{OTTO} gets a Blessing") == 1 and len(t.minions) == 1
        and len(t.pile(BLESSINGS)) == 1),
    row("OTTO-murgath-a-components-blessing-goes-to-otto", "001",
        "If A Component receives a Blessing, Boss Otto receives it instead.",
        plays("ann", replace(GIFT, steps=(Step(Verb.HANDLER, who=Who.TARGET,
                                               handler="blessing"),)), COMPONENT),
        with_component(challenger(game(()), "ann", "murgath")).with_pile(BLESSINGS, (HEART,)),
        {}, lambda t, _: said(t, f"{OTTO} gets a Blessing") == 1 and len(t.minions) == 1),
    # --- Natyli ("Natyl") ----------------------------------------------------------------
    row("OTTO-natyli-a-jinx-weakens-only-his-first-action", "001",
        "As in the Boss Battle variant, if Boss Otto has one or more Power Jinxes, they affect "
        "only the first Action Boss Otto plays on his turn. Later Actions are unaffected.",
        turn, debuffed(challenger(game((), actions=(PUNCH, PUNCH), level=3), "ann", "natyli"),
                       JINX), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 2
        and t.players[1].fortitude == 17 and otto_of(t).count(JINX) == 0
        and said(t, f"{OTTO} returns the Power Jinx to Natyli") == 1),
    row("OTTO-natyli-no-jinx-on-components", "001",
        "Power Jinxes have no effect on Components.", turn,
        debuffed(with_component(challenger(game((), actions=(TURRET,), level=1).with_pile(
            ACTIONS, ()), "ann", "natyli")), JINX), {},
        lambda t, _: said(t, "prepares 0 Actions") == 1 and t.players[1].fortitude == 19
        and otto_of(t).count(JINX) == 0),
    row("OTTO-natyli-debuff-losses-are-no-provocation", "001",
        "Fortitude loss or Alcohol Content gain from Natyl's Debuff Tokens do not count as "
        "coming from a player, so Boss Otto does not respond to them.",
        plays("ann", HIT, OTTO),
        debuffed(challenger(game((), sometimes=(PEANUTS, PEANUTS)), "ann", "natyli"), PAIN),
        {},
        lambda t, _: otto_of(t).fortitude == 16 and otto_of(t).count(PAIN) == 0
        and provoked_by(t) == 1 and len(t.pile(SOMETIMES)) == 1),
    row("OTTO-natyli-a-components-debuff-is-ottos-once", "001",
        "If a Component would get a Scarab from Amundyr, a Bomb from Nitrel, a Debuff from "
        "Natyli,", plays("ann", CURSE),
        with_component(challenger(game(()), "ann", "natyli")).with_supply(PAIN, 2), {},
        lambda t, _: otto_of(t).count(PAIN) == 0 and t.left(PAIN) == 2
        and said(t, f"{OTTO} gains 1 pain curse") == 1 and otto_of(t).fortitude == 18
        and t.minions == ()),
    # --- Nerodia -------------------------------------------------------------------------
    row("OTTO-nerodia-petrifies-from-his-decks", "001",
        "Petrifying cards from Boss Otto takes them from the deck(s) of Nerodia's choice.",
        plays("ann", STONE, OTTO),
        challenger(game((), actions=(PUNCH, RETARGET), sometimes=(PEANUTS,)), "ann",
                   "nerodia"), {"otto-deck": [ACTIONS, ACTIONS]},
        lambda t, asked: [c.name for c in t.pile(petrified("ann"))] in (
            ["Retarget (test)", "Punch (test)"], ["Punch (test)", "Retarget (test)"])
        and {c.owner for c in t.pile(petrified("ann"))} == {OTTO} and t.pile(ACTIONS) == ()
        and [d.figure for d in asked if d.kind == "otto-deck"] == ["ann", "ann"]),
    row("OTTO-nerodia-returned-on-top-of-his-deck", "001",
        "Returning those cards puts them back on top of the appropriate deck(s).",
        lambda t: Nerodia().start_of_turn(t, "ann", "ann"),
        challenger(game((), actions=(RETARGET,)), "ann", "nerodia").with_pile(
            petrified("ann"), (replace(PUNCH.card, owner=OTTO),)), {},
        lambda t, _: [c.name for c in t.pile(ACTIONS)] == ["Retarget (test)", "Punch (test)"]
        and t.pile(petrified("ann")) == () and otto_of(t).hand == ()),
    row("OTTO-nerodia-compendium-reading-nothing", "000",
        "If Nerodia would cause a Gizmo, a Minion, or Otto to Petrify cards, nothing happens.",
        plays("ann", STONE, OTTO),
        challenger(game((), actions=(PUNCH,), petrify_decks=False), "ann", "nerodia"), {},
        lambda t, asked: t.pile(petrified("ann")) == () and len(t.pile(ACTIONS)) == 1
        and not any(d.kind == "otto-deck" for d in asked)),
    # --- Nitrel (the Components passage) --------------------------------------------------
    row("OTTO-nitrel-a-components-bomb-is-ottos", "001",
        "If a Component would get a Scarab from Amundyr, a Bomb from Nitrel,",
        plays("ann", FUSE, COMPONENT),
        with_component(challenger(game(()), "ann", "nitrel")).with_pile(BOMBS, (BANG,)), {},
        lambda t, _: said(t, f"{OTTO} reveals the Bomb Bang (test)") == 1
        and otto_of(t).fortitude == 18 and len(t.minions) == 1),
    # --- Phrenk --------------------------------------------------------------------------
    row("OTTO-phrenk-he-may-buy-with-five-gold", "001",
        "If Boss Otto has 5 or more Gold, he will buy the offered Potion with a 50% "
        "probability.", sells("ann"),
        challenger(game(()), "ann", "phrenk", kept=(TONIC,)), {"sell": [OTTO], "random": [1]},
        lambda t, asked: [d.probabilities for d in asked if "buys" in d.prompt] == [(.5, .5)]
        and said(t, f"{OTTO} buys Bottled vigour (test)") == 1 and otto_of(t).gold == 7),
    row("OTTO-phrenk-no-sale-under-five-gold", "001",
        "Once on each of Phrenk’s turns, he may offer to sell his active Potion to Boss Otto.",
        sells("ann"),
        challenger(game(()), "ann", "phrenk", kept=(TONIC,)).with_player(
            replace(otto_of(game(())), gold=4)), {"sell": [OTTO]},
        lambda t, _: said(t, f"{OTTO} does not buy") == 1 and otto_of(t).gold == 4),
    row("OTTO-phrenk-he-plays-a-bought-potion", "001",
        "Boss Otto will play any purchased Potions at the first legal opportunity.",
        lambda t: _sold_then_turn(t),
        challenger(game((), actions=(RETARGET,)), "ann", "phrenk", kept=(TONIC,)).with_player(
            replace(otto_of(game(())), fortitude=15)), {"sell": [OTTO], "random": [1]},
        lambda t, _: said(t, f"{OTTO} plays Bottled vigour (test)") == 1
        and otto_of(t).fortitude == 17 and otto_of(t).kept == ()),
    # --- Remy ----------------------------------------------------------------------------
    row("OTTO-remy-otto-can-be-marked", "001",
        "Boss Otto can be marked just like any other player.", plays("ann", MARKING, OTTO),
        challenger(game(()), "ann", "remy").with_supply(MARK, 1), {},
        lambda t, _: otto_of(t).count(MARK) == 1),
    row("OTTO-remy-a-components-mark-is-ottos", "001",
        "a Blessing from Murgath, a Mark from Remy, a Doppelganger from Evil Pooky",
        plays("ann", MARKING, COMPONENT),
        with_component(challenger(game(()), "ann", "remy").with_supply(MARK, 1)), {},
        lambda t, _: otto_of(t).count(MARK) == 1 and t.left(MARK) == 0),
    # --- Warthorn ------------------------------------------------------------------------
    row("OTTO-warthorn-a-story-before-him-is-played", "001",
        "If Warthorn places a Story in front of Boss Otto, he plays it at the first legal "
        "opportunity.", turn,
        challenger(game((), actions=(RETARGET,)), "ann", "warthorn").with_pile(
            before("ann", OTTO, "stories"), (STORY,)), {},
        lambda t, _: otto_of(t).fortitude == 18 and t.pile(before("ann", OTTO, "stories")) == ()
        and [c.name for c in t.pile("stories discard")] == [STORY.name]),
    # --- Torglesnarf ---------------------------------------------------------------------
    row("OTTO-torglesnarf-player-response-hits-the-minion", "001",
        "If Boss Otto or a Component is targeted by a Minion and the Sometimes Deck reveals a "
        "\"Sometimes - Player\" effect, that effect is applied to the attacking Minion.",
        plays("ann", replace(MINION, name="Goblin cutthroat #1 (ann)"), OTTO),
        challenger(game((), sometimes=(COUNTER,)), "ann", "torglesnarf"), {},
        lambda t, _: otto_of(t).fortitude == 20 and said(t, "Ignores") == 1
        and said(t, "Whiffs") == 0),
    row("OTTO-torglesnarf-otto-does-not-target-minions", "001",
        "Boss Otto does not target Minions, but cards that affect \"each player\", \"each "
        "other player\", or \"each Challenger\" will hit Minions.", plays(OTTO, PUNCH.card),
        replace(challenger(game(()), "ann", "torglesnarf"), minions=(
            Minion("Goblin cutthroat #1 (ann)", "ann", MINION),)), {},
        lambda t, asked: len(t.minions) == 1 and t.players[1].fortitude == 18
        and not any(d.kind == "target" for d in asked)),
]


def _settled(resolution: Resolution[Tavern]) -> Resolution[Tavern]:
    from tales.tavern.rdi.rules import settle

    tavern = yield from resolution
    return (yield from settle(tavern))


def _whole_turn(tavern: Tavern) -> Resolution[Tavern]:
    from tales.tavern.rdi.rules import turn as table_turn

    return (yield from table_turn(tavern))


def _sold_then_turn(tavern: Tavern) -> Resolution[Tavern]:
    tavern = yield from sell(tavern, "ann")
    return (yield from turn(tavern))


@pytest.mark.parametrize(("quote", "start", "tavern", "answers", "check"), CASES)
def test_boss_otto_character(quote: str, start: Start, tavern: Tavern,
                             answers: dict[str, list[Any]], check: Check) -> None:
    verify(quote, start, tavern, answers, check)


def test_every_named_character_the_engine_plays_has_a_row() -> None:
    """The section's characters that ``tales tavern simulate --character`` knows."""
    rows = {p.id for p in CASES} | {"OTTO-a-challengers-buff-token-is-threat"}
    played = NAMED & set(characters.known())
    assert {"alaric", "kaylin", "lich_king", "murgath", "natyli", "nerodia"} <= played
    for name in played - {"karl"}:  # Karl's Buff Tokens: rows of test_boss_otto_cases
        assert any(name.replace("_", "-") in r for r in rows), name


@pytest.mark.parametrize("name", sorted(NAMED & set(characters.known())))
def test_each_named_character_plays_boss_otto(name: str) -> None:
    """``tales tavern simulate --variant boss-otto --character NAME``: four Challengers of
    the character against Otto, the same report for the same seed."""
    report = simulate(4, 4, 5, [name], mode=Mode.BOSS_OTTO, bot="greedy")
    assert report["games"] == 4 and report["turns"]["min"] > 0
    assert report == simulate(4, 4, 5, [name], mode=Mode.BOSS_OTTO, bot="greedy")
