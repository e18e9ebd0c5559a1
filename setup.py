"""The build. Plain Python by default; ``TALES_COMPILE=1 pip install -e .`` compiles the tavern
games' models and rules below with mypyc, for faster bot runs (README, "How fast"): the same
source and the same results, about twice as many games a second. It needs a C compiler and
Python's headers and takes a few minutes. ``pip install -e .`` goes back to plain Python
(tools/build_backend.py takes the compiled modules out of the checkout), and a module edited
after it was compiled stops the command with a line saying so (tales/compiled.py)."""

import os
from pathlib import Path

from setuptools import setup

#: The modules compiled: the tavern games' models and rules, where a bot run spends its
#: time (tales/evolve.py stays plain Python: compiled, it gains nothing). mypyc reads them as
#: tools/native.py rewrites them (in build/native/, where a compiled module's traceback
#: points): each frozen dataclass gets a written-out ``__init__`` and copy, which make its
#: class a compiled struct (no ``__dict__``: what a class keeps beside its fields is
#: declared, :class:`tales.evolve.Keeps`; tests/test_compiled.py holds them to this). The
#: compiled modules come out beside their sources.
COMPILED = [
    "tales/tavern/rdi/model.py",
    "tales/tavern/encounter/model.py",
    "tales/tavern/rdi/bots.py",
    "tales/tavern/rdi/dexterity.py",
    "tales/tavern/rdi/drinks.py",
    "tales/tavern/rdi/dungeon.py",
    "tales/tavern/rdi/effects.py",
    "tales/tavern/rdi/events.py",
    "tales/tavern/rdi/gambling.py",
    "tales/tavern/rdi/given.py",
    "tales/tavern/rdi/handdeck.py",
    "tales/tavern/rdi/otto.py",
    "tales/tavern/rdi/ottodata.py",
    "tales/tavern/rdi/ottodecks.py",
    "tales/tavern/rdi/pubcrawl.py",
    "tales/tavern/rdi/rules.py",
    "tales/tavern/rdi/stats.py",
    "tales/tavern/rdi/timing.py",
    "tales/tavern/rdi/variants.py",
    "tales/tavern/rdi/zones.py",
    "tales/tavern/encounter/attacks.py",
    "tales/tavern/encounter/effects.py",
    "tales/tavern/encounter/rules.py",
]

if os.environ.get("TALES_COMPILE") == "1":
    from mypyc.build import mypycify

    from tools.native import stage

    setup(ext_modules=mypycify(stage(Path(__file__).resolve().parent, COMPILED)))
else:
    setup()
