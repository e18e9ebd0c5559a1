"""Invariants of Boss Otto over whole bot games (hypothesis draws the seed, the number of
Challengers, their decks, the factions and ``--hard``): at every Decision Gold is conserved,
the Threat Level stays within 1-13, exactly one Challenger holds the Priority Target token,
Boss Otto holds no hand and is never asked anything (his rules answer him), and every Otto
card is in one of his decks, their discards or installed as a Component (or removed from
the game, only a Component); the game ends with winners."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.game import Game
from tales.rules.decisions import Decider, Decision
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Mode, Tavern, Variant
from tales.tavern.rdi.ottodata import ACTIONS, GAMBLING, OTTO, PRIORITY, SOMETIMES, threat
from tales.tavern.rdi.ottodecks import load_otto
from tales.tavern.rdi.rules import play_game

DECKS = Path(__file__).resolve().parents[2] / "decks"
DRINKS = load_drinks(DECKS / "drinks-sample.toml")
CHARACTERS = tuple(load_character(p) for p in sorted((DECKS / "characters").glob("*.toml")))
SAMPLE = load_otto(DECKS / "otto" / "boss-otto-sample.toml")
COMPONENTS = frozenset(c.card.name for c in SAMPLE.cards if c.component)


def otto_cards(tavern: Tavern) -> Counter[str]:
    held: Counter[str] = Counter()
    for pile in (ACTIONS, SOMETIMES, GAMBLING):
        held.update(c.name for c in (*tavern.pile(pile), *tavern.pile(f"{pile} discard")))
    held.update(m.card.name for m in tavern.minions if m.controller == OTTO)
    return held


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**16), challengers=st.integers(1, 4),
       decks=st.lists(st.integers(0, len(CHARACTERS) - 1), min_size=4, max_size=4),
       factions=st.permutations(SAMPLE.names), hard=st.booleans())
def test_boss_otto_games_keep_their_invariants(seed: int, challengers: int, decks: list[int],
                                                factions: list[str], hard: bool) -> None:
    rules = replace(SAMPLE, factions=tuple(factions[:2]), hard_cards=hard, epic_cards=hard,
                    threat_hard=hard, tough_components=hard)
    names = [f"c{n}" for n in range(challengers)]
    chosen = [CHARACTERS[d] for d in decks[:challengers]]
    variant = Variant(Mode.BOSS_OTTO, otto=rules)
    bot = policy("greedy", np.random.default_rng(seed))
    start: list[Counter[str]] = []

    def check(decision: Decision[Any]) -> Any:
        tavern = decision.state
        assert decision.figure != OTTO or decision.decider is Decider.CHANCE
        if isinstance(tavern, Tavern) and tavern.players[0].name == OTTO and \
                tavern.pile(ACTIONS) + tavern.pile(f"{ACTIONS} discard"):
            assert tavern.total_gold == 200
            assert 1 <= threat(tavern) <= 13
            assert [p.count(PRIORITY) for p in tavern.players[1:]].count(1) == 1
            assert tavern.player(OTTO).hand == ()
            if decision.kind == "action":
                held = otto_cards(tavern)
                if not start:
                    start.append(held)
                lost = start[0] - held
                assert all(name in COMPONENTS for name in lost), lost
        return bot(decision)

    game: Game[Tavern] = Game(lambda: play_game(names, chosen, DRINKS, variant=variant))
    final = game.play(check)
    assert final is not None and final.winners
