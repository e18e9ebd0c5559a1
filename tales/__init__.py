"""Tales: an unofficial rules engine for *Tales from the Red Dragon Inn*.

The packages depend one way: ``board`` <- ``rules`` <- ``engine`` <- ``solo``/``campaign``
<- ``cli``/``viewer``. ``board`` and ``rules`` are pure: no printing, no clock, no global
random numbers, no pyglet.
"""

__version__ = "0.1.0"

# scipy's compiled graph searches (large boards) wake its OpenBLAS thread pool, whose
# threads then spin on the other core for milliseconds after every search: half the
# processor time of a Schemer turn on a 40x40 map, taken from the second worker of a
# simulation. Nothing here does linear algebra big enough to gain from threads, so one
# thread unless the user says otherwise (read when scipy's OpenBLAS loads, which tales
# does lazily, after this).
import os as _os

_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
