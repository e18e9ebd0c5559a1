"""Geometry only: the map, its spaces and features, figures on it, Line of Fire.

- :mod:`~tales.board.board`: :class:`Board`, spaces, neighbours, Walls, features
- :mod:`~tales.board.mapfile`: map files (read, check, write)
- :mod:`~tales.board.position`: :class:`Position` (board + figures + tokens), position files
- :mod:`~tales.board.figures`: figures, keywords, tokens, Friend and Foe
- :mod:`~tales.board.fields`: distance fields (compiled search over a sparse graph)
- :mod:`~tales.board.ranges`: Nearest, Farthest, Range X
- :mod:`~tales.board.burst`: Burst templates and their rotations
- :mod:`~tales.board.render`: ASCII drawings
- :mod:`~tales.board.lint`: map checks (unreachable start and deployment spaces)
"""
