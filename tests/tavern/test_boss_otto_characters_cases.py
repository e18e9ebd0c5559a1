"""Boss Otto's "Character-Specific Rules" (001, "Boss Otto - Other Rules") for every
character the engine plays that the section names, as a case table: one row per ruling,
each quoting its passage, on the small Boss Otto table of ``test_boss_otto_cases``.

Otto's cards and the characters' cards here are test fixtures ("(test)"), none the printed
card. Keet, Warthorn's Stories and the characters the engine does not play (Baelfire,
Greppa, Grinderbin, Jin, Marah, Natyl, Nerodia, the Wench, Wrench) are read in
``docs/rules-decisions.md``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi.characters.amundyr import SCARAB
from tales.tavern.rdi.characters.lich_king import FINGER
from tales.tavern.rdi.characters.murgath import BLESSINGS
from tales.tavern.rdi.characters.phrenk import POTIONS, sell
from tales.tavern.rdi.characters.remy import MARK
from tales.tavern.rdi.model import Card, CardKind, Minion, Step, Target, Tavern, Verb, Who
from tales.tavern.rdi.otto import automated, turn
from tales.tavern.rdi.ottodata import OTTO, target, threat

from ._play import run
from ._seeds import row
from .test_boss_otto_cases import (
    COUNTER,
    PEANUTS,
    PUNCH,
    RETARGET,
    TURRET,
    Check,
    Start,
    game,
    otto_of,
    plays,
    said,
)

COMPONENT = f"Turret (test) #1 ({OTTO})"
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
    asked: list[Decision[Any]] = []
    final = run(automated(start(tavern)), answers, asked=asked)
    assert check(final, asked), quote + "\n" + "\n".join(final.log)


def test_every_named_character_the_engine_plays_has_a_row() -> None:
    """The section's characters that ``tales tavern simulate --character`` knows."""
    from tales.tavern.rdi import characters

    named = {"alaric", "amundyr", "karl", "kaylin", "lich_king", "murgath", "phrenk", "remy",
             "torglesnarf"}
    rows = {p.id for p in CASES} | {"OTTO-a-challengers-buff-token-is-threat"}
    assert named <= set(characters.known())
    for name in named - {"karl"}:
        assert any(name.replace("_", "-") in r for r in rows), name
