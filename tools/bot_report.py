"""The bots' plausibility, measured (issue 40, item 4): what each bot wastes, per scenario.

Plays the bundled scenarios (and any given) with each bot and counts, from each game's
log and turn records, what a player would call wasted: a Heal of 0 (an ability used for
another of its effects heals 0 too: Mending prayer taken for its Inspire), a Hero's turn
with no move to a new space and no Attack (a turn spent healing, giving tokens or opening
a door counts here too: read it with the rest), and stuck games (no Hero did anything for
two rounds with an objective still to do, as ``simulate`` reports them), and a Move or
Leap to the space the Hero stands on, and objectives met late: an objective to stand on
(``hero_on``) that a Hero's Move could have ended on in a round before the one it was met
in (or it never was), the Move going to no other objective's space instead. Random's rows
are the floor. Run from the checkout:

    python tools/bot_report.py                       # greedy and planner, 10 games each
    python tools/bot_report.py --bots greedy,random --games 30
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from tales.content.scenarios import When
from tales.engine.bots import policy
from tales.engine.content import Context, load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.rules.decisions import Chooser, Decider, Decision
from tales.rules.happened import Attacked, Moved, TurnBegan

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = (("cellar-door", "gerki,deirdre"), ("market-riot", "gerki,deirdre,fiona"),
             ("guardhouse", "gerki,deirdre"), ("bell-tower", "gerki,deirdre,fiona"),
             ("drowned-chapel", "gerki,deirdre,fiona"), ("crawler-cellar", "gerki,deirdre"),
             ("locked-stores", "gerki,deirdre,fiona,zot"),
             ("twin-beacons", "gerki,deirdre,fiona"))
COLUMNS = ("won", "stuck", "hero turns", "no move, no attack", "moves to own space",
           "heals of 0", "objectives met late")
_HEAL_0 = re.compile(r"(^|: )\S+ heals 0$")


class PassedBy:
    """A bot's chooser, watched for the Moves that could have met an objective to stand on
    and went to no objective's space: (objective number, round) of each."""

    def __init__(self, ctx: Context, choose: Chooser) -> None:
        self.choose = choose
        self.round = 0
        self.passed: set[tuple[int, int]] = set()
        self.stand_on = {n: c.spaces for n, o in enumerate(ctx.scenario.objectives)
                         for c in o.when if len(o.when) == 1 and c.kind is When.HERO_ON}

    def __call__(self, decision: Decision[Any]) -> Any:
        if decision.kind == "initiative" and decision.state is not None:
            self.round = decision.state.round
        answer = self.choose(decision)
        if decision.kind == "move-to" and decision.decider is Decider.PLAYER:
            could = {n for n, spaces in self.stand_on.items()
                     if spaces & set(decision.options)}
            if could and not any(answer in self.stand_on[n] for n in could):
                self.passed |= {(n, self.round) for n in could}
        return answer

    def late(self, state: GameState) -> int:
        """The objectives met after a round in which a Move passed them up."""
        return len({n for n, r in self.passed if state.met_in.get(n, 10**9) > r})


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
                watched = PassedBy(ctx, policy(bot, ctx, rng,
                                               args.budget if bot == "planner" else None))
                state = Game(partial(play_scenario, ctx)).play(watched)
                total += audit(state)
                total["objectives met late"] += watched.late(state)
            cells = [f"{total[c]:>18}" for c in COLUMNS]
            print(f"{Path(scenario).stem:16} {bot:8} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
