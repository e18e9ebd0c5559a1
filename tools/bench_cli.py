"""Benchmark: how fast cold ``tales`` commands start, as ratios to Python itself.

Runs each command as a fresh process several times and compares its median with
``python3 -c pass`` and ``python3 -c "import numpy"`` in the same run (issue 19's goals:
``tales --help`` <= 0.1 s, table commands <= 1.5x ``import numpy``). The commands take
turns, one run each a round, so a busy spell of the machine falls on all of them alike.

Times are the processor time of each process (user + system, from ``wait4``), which other
work on a shared machine disturbs less than the clock; ``--wall`` gives the clock instead.

Cold means a fresh process, with the modules' bytecode already compiled, as an installed
package has it (pip compiles it on install, and Python writes it on first import). The
bytecode goes to a temporary folder (``PYTHONPYCACHEPREFIX``), written by one untimed run
of each command, so the checkout is not touched. ``--source`` measures instead with no
bytecode kept (``PYTHONDONTWRITEBYTECODE``, as some sandboxes set it): every ``tales``
module is compiled from source on every run, while numpy still reads its installed
bytecode. Run from the checkout:

    python tools/bench_cli.py [--repeat 7] [--wall] [--source]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "positions" / "cellar-brawl.toml")
TALES = [sys.executable, "-m", "tales.cli"]
BARE = [sys.executable, "-c", "pass"]
NUMPY = [sys.executable, "-c", "import numpy"]
COMMANDS = {
    "tales --help": [*TALES, "--help"],
    "tales los": [*TALES, "los", CELLAR, "A1", "H4"],
    "tales reach": [*TALES, "reach", CELLAR, "--figure", "zot", "--move", "3"],
    "tales schemer move": [*TALES, "schemer", "move", CELLAR, "--figure", "brute1", "--move",
                           "3", "--toward", "nearest foe"],
}


def seconds(argv: list[str], env: dict[str, str], wall: bool) -> float:
    """One run of ``argv``: its processor time (or, with ``wall``, the clock's)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(argv)}: exit status {os.waitstatus_to_exitcode(status)}")
    return took if wall else usage.ru_utime + usage.ru_stime


def medians(runs: dict[str, list[str]], env: dict[str, str], repeat: int, wall: bool
            ) -> dict[str, float]:
    """The median time of each command over ``repeat`` rounds, one run of each a round."""
    times: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(repeat):
        for label, argv in runs.items():
            times[label].append(seconds(argv, env, wall))
    return {label: statistics.median(took) for label, took in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--wall", action="store_true", help="the clock, not processor time")
    parser.add_argument("--source", action="store_true",
                        help="no bytecode kept: every tales module compiled on every run")
    args = parser.parse_args()
    runs = {"python3 -c pass": BARE, "import numpy": NUMPY, **COMMANDS}
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as cache:
        env = dict(os.environ)
        if args.source:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            env.pop("PYTHONPYCACHEPREFIX", None)
            mode = "no bytecode kept (tales compiled from source every run)"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
            for argv in runs.values():  # untimed: writes the bytecode
                seconds(argv, env, wall=True)
            mode = "bytecode compiled once beforehand, as installed"
        took = medians(runs, env, args.repeat, args.wall)
    bare, numpy = took.pop("python3 -c pass"), took.pop("import numpy")
    clock = "wall-clock" if args.wall else "processor"
    print(f"python3 -c pass {bare:.3f} s; import numpy {numpy:.3f} s; median {clock} time "
          f"of {args.repeat} cold runs; {mode}")
    for label, seconds_taken in took.items():
        if label == "tales --help":
            goal, limit = "<= 0.1 s", 0.1
        else:
            goal, limit = "<= 1.5x import numpy", 1.5 * numpy
        print(f"{label:>20}: {seconds_taken:.3f} s   {seconds_taken / bare:5.1f}x python   "
              f"{seconds_taken / numpy:5.2f}x import numpy   to goal "
              f"{limit / seconds_taken:4.2f} "
              f"({'meets' if seconds_taken <= limit else 'short of'} {goal})")


if __name__ == "__main__":
    main()
