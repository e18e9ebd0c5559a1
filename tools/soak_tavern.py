"""Soak run: The Red Dragon Inn at thousands of random tables, to find what crashes.

Every game draws its own table (``tales.tavern.rdi.soak``: every structure and Boss Otto
option, random characters at every seat, random add-ons, the greedy or the random bot). A
game that raises is printed with the ``tales tavern simulate`` command that plays it again
and the end of its traceback; the exit status is 1 if any did. Run:

    python tools/soak_tavern.py [--games 2000] [--seed 0] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from tales.engine.pool import in_order
from tales.tavern.rdi.soak import soak_game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    results = in_order(soak_game, args.seed, args.games, args.workers)
    failed = [r for r in results if r.error]
    errors = Counter(r.error.split(":")[0] for r in failed)
    for result in failed:
        print(f"FAILED: {result.command}\n  {result.error}\n{result.where}")
    seconds = time.perf_counter() - start
    print(f"{args.games} games (seed {args.seed}), {len(failed)} failed"
          f"{' (' + ', '.join(f'{n} {e}' for e, n in errors.items()) + ')' if failed else ''};"
          f" {sum(r.decisions for r in results)} decisions in {seconds:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
