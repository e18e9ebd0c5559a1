"""Benchmark: Appendix D for a two-space Schemer against the same Schemer on one space.

On a size x size hex map (bench_board.sample_board) a Schemer moves 4 toward the Nearest
Foe: once as a one-space figure (the engine's one-space path, the baseline) and once as a
``pair`` (tales.rules.large_schemer, searching over placements), in the same run; the ratio
is what taking two spaces costs. Every tie is answered with its first option. Each is timed
**cold** (the board's caches dropped before every decision: the Line of Fire graph, and for
the pair the board's state table of placements, slides and turns) and **warm** (caches kept,
as in a game, where the board stays the same). Run:

    python tools/bench_large.py [--size 20] [--repeat 5] [--turns fixed|pivot|both]
"""

from __future__ import annotations

import argparse

from bench_board import median_seconds, sample_board

from tales.board.figures import Figure, Side
from tales.board.footprint import SHAPES, placements
from tales.board.position import Position
from tales.rules.decisions import first_option, resolve
from tales.rules.large import LargeRules, LargeTurns
from tales.rules.movement import MoveRules
from tales.rules.schemer_movement import SchemerRules, schemer_move
from tales.rules.targets import parse_selector


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--turns", choices=[*(t.value for t in LargeTurns), "both"],
                        default="both")
    args = parser.parse_args()
    board = sample_board(args.size)
    empty = Position.empty(board)
    pair = SHAPES[board.layout]["pair"]
    spot = placements(board, pair, empty.blocked(), turns=False)[0]
    far = max(range(board.n), key=lambda s: board.plain_distance(spot.anchor, s)
              if not empty.is_blocked(s) and s not in spot.spaces else -1)
    hero = Figure("h", Side.HERO, far)
    one = Position(board, (Figure("s", Side.SCHEMER, spot.anchor), hero))
    two = Position(board, (Figure("s", Side.SCHEMER, spot.anchor, footprint=pair), hero))
    toward = parse_selector("nearest foe")
    turns = list(LargeTurns) if args.turns == "both" else [LargeTurns(args.turns)]
    print(f"{args.size}x{args.size} hex map, Move 4 toward the Nearest Foe, median of "
          f"{args.repeat} (processor time)")
    for turn in turns:
        rules = SchemerRules(move=MoveRules(large=LargeRules(turns=turn)))

        def run(position: Position, cold: bool, rules: SchemerRules = rules) -> object:
            if cold:
                position.board.forget()
            return resolve(schemer_move(position, "s", 4, toward, rules=rules), first_option)

        run(one, True), run(two, True)  # warm: imports and first-call costs out of the timing
        for cold in (True, False):
            base = median_seconds(args.repeat, lambda cold=cold: run(one, cold))
            large = median_seconds(args.repeat, lambda cold=cold: run(two, cold))
            print(f"  large_turns={turn.value:5} {'cold' if cold else 'warm'}: one space "
                  f"(baseline) {base * 1000:6.1f} ms, two spaces (pair) {large * 1000:6.1f} ms"
                  f"  ({large / base:.1f}x the baseline)")


if __name__ == "__main__":
    main()
