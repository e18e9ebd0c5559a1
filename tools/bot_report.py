"""The bots' plausibility, measured (issue 40, item 4): what each bot wastes, per scenario.

Plays the bundled scenarios (and any given) with each bot and counts, from each game's
log and turn records, what a player would call wasted: a Heal of 0 (an ability used for
another of its effects heals 0 too: Mending prayer taken for its Inspire), a Hero's turn
with no move to a new space and no Attack (a turn spent healing, giving tokens or opening
a door counts here too: read it with the rest), and stuck games (no Hero did anything for
two rounds with an objective still to do, as ``simulate`` reports them), and a Move or
Leap to the space the Hero stands on. Random's rows are the floor. Run from the checkout:

    python tools/bot_report.py                       # greedy and planner, 10 games each
    python tools/bot_report.py --bots greedy,random --games 30
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

import numpy as np

from tales.engine.bots import policy
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.rules.happened import Attacked, Moved, TurnBegan

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = (("cellar-door", "gerki,deirdre"), ("market-riot", "gerki,deirdre,fiona"),
             ("guardhouse", "gerki,deirdre"), ("bell-tower", "gerki,deirdre,fiona"),
             ("drowned-chapel", "gerki,deirdre,fiona"), ("crawler-cellar", "gerki,deirdre"))
COLUMNS = ("won", "stuck", "hero turns", "no move, no attack", "moves to own space",
           "heals of 0")
_HEAL_0 = re.compile(r"(^|: )\S+ heals 0$")


def audit(state: GameState) -> Counter[str]:
    """What one finished game's Heroes wasted."""
    battle, heroes = state.battle, set(state.heroes)
    counts: Counter[str] = Counter(won=state.result is not None
                                   and state.result.value == "victory",
                                   stuck=bool(state.stuck))
    events = list(battle.events)
    starts = [n for n, e in enumerate(events) if isinstance(e, TurnBegan)]
    for k, at in enumerate(starts):
        began = events[at]
        assert isinstance(began, TurnBegan)
        if began.side != "hero" or began.who not in heroes:
            continue
        turn = events[at + 1:starts[k + 1] if k + 1 < len(starts) else len(events)]
        counts["hero turns"] += 1
        moved = [e for e in turn if isinstance(e, Moved) and e.figure == began.who]
        # a Move or Leap to the space it stands on is logged but records no path
        end = next((e.line for e in events[at + 1:] if isinstance(e, TurnBegan)),
                   len(battle.log))
        said = re.compile(rf"{re.escape(began.who)} (moves|leaps) to \S+")
        logged = sum(bool(said.fullmatch(line)) for line in battle.log[began.line:end])
        counts["moves to own space"] += max(logged - len(moved), 0)
        went = any(e.path and e.path[0] != e.path[-1] for e in moved)
        attacked = any(isinstance(e, Attacked) and e.attacker == began.who for e in turn)
        counts["no move, no attack"] += not went and not attacked
    counts["heals of 0"] = sum(bool(_HEAL_0.search(line)) for line in battle.log)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="greedy,planner")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--scenario", action="append", metavar="FILE:HEROES",
                        help="another scenario (its file and Heroes: x.toml:gerki,deirdre)")
    args = parser.parse_args()
    scenarios = [(str(ROOT / "scenarios" / f"{name}.toml"), heroes)
                 for name, heroes in SCENARIOS]
    scenarios += [tuple(s.rsplit(":", 1)) for s in args.scenario or []]  # type: ignore[misc]
    print(f"{'scenario':16} {'bot':8} " + " ".join(f"{c:>18}" for c in COLUMNS))
    for scenario, heroes in scenarios:
        ctx = load_context(Setup(scenario, tuple(heroes.split(","))))
        for bot in args.bots.split(","):
            total: Counter[str] = Counter()
            for game in range(args.games):
                rng = np.random.default_rng(np.random.SeedSequence(args.seed,
                                                                   spawn_key=(game,)))
                state = Game(lambda c=ctx: play_scenario(c)).play(
                    policy(bot, ctx, rng, args.budget if bot == "planner" else None))
                total += audit(state)
            cells = [f"{total[c]:>18}" for c in COLUMNS]
            print(f"{Path(scenario).stem:16} {bot:8} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
