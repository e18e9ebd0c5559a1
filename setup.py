"""The build. Plain Python by default; ``TALES_COMPILE=1 pip install -e .`` compiles the tavern
games' rules below with mypyc, for faster bot runs (README, "How fast"): the same source and
the same results, about a third more games a second. It needs a C compiler and Python's
headers and takes a few minutes. ``pip install -e .`` goes back to plain Python
(tools/build_backend.py takes the compiled modules out of the checkout), and a module edited
after it was compiled stops the command with a line saying so (tales/compiled.py)."""

import os

from setuptools import setup

#: The modules compiled: the tavern games' rules, where a bot run spends its time. Their
#: classes become compiled ones, which have no ``__dict__``: so none of them keeps anything
#: beside its fields (:class:`tales.evolve.Keeps`, for the model modules' classes, which stay
#: plain Python), and what they make is copied by ``dataclasses.replace``
#: (tests/test_compiled.py holds them to this).
COMPILED = [
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

    setup(ext_modules=mypycify(COMPILED))
else:
    setup()
