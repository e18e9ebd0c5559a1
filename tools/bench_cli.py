"""Benchmark: how fast cold ``tales`` commands start, as ratios to Python itself.

Runs each command as a fresh process several times and compares its median with
``python3 -c pass`` and ``python3 -c "import numpy"`` in the same run (issue 19's goals:
``tales --help`` <= 0.1 s, table commands <= 1.5x ``import numpy``). Run from the checkout:

    python tools/bench_cli.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "positions" / "cellar-brawl.toml")
TALES = [sys.executable, "-m", "tales.cli"]
COMMANDS = {
    "tales --help": [*TALES, "--help"],
    "tales los": [*TALES, "los", CELLAR, "A1", "H4"],
    "tales reach": [*TALES, "reach", CELLAR, "--figure", "zot", "--move", "3"],
    "tales schemer move": [*TALES, "schemer", "move", CELLAR, "--figure", "brute1", "--move",
                           "3", "--toward", "nearest foe"],
}


def median_seconds(argv: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    bare = median_seconds([sys.executable, "-c", "pass"], args.repeat)
    numpy = median_seconds([sys.executable, "-c", "import numpy"], args.repeat)
    print(f"python3 -c pass {bare:.3f} s; import numpy {numpy:.3f} s; "
          f"median of {args.repeat} cold runs")
    for label, argv in COMMANDS.items():
        took = median_seconds(argv, args.repeat)
        if label == "tales --help":
            goal, limit = "<= 0.1 s", 0.1
        else:
            goal, limit = "<= 1.5x import numpy", 1.5 * numpy
        print(f"{label:>20}: {took:.3f} s   {took / bare:5.1f}x python   "
              f"{took / numpy:5.2f}x import numpy   to goal {limit / took:4.2f} "
              f"({'meets' if took <= limit else 'short of'} {goal})")


if __name__ == "__main__":
    main()
