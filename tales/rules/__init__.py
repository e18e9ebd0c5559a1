"""The game's rules as pure functions and resolution generators.

- :mod:`~tales.rules.decisions`: :class:`Decision`, resolve, replay, every outcome
- :mod:`~tales.rules.spaces`: what entering a space does (Traps, Hazards, Wizard Fire)
- :mod:`~tales.rules.movement`: Move X and Leap X
- :mod:`~tales.rules.forced`: Push, Pull, Grab, Place
"""
