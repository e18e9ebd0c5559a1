"""Tales: an unofficial rules engine for *Tales from the Red Dragon Inn*.

The packages depend one way: ``board`` <- ``rules`` <- ``engine`` <- ``solo``/``campaign``
<- ``cli``/``viewer``. ``board`` and ``rules`` are pure: no printing, no clock, no global
random numbers, no pyglet.
"""

__version__ = "0.1.0"
