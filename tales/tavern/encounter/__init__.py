"""The encounter card game of seed 003 (Cutthroat Caverns): a party of adventurers fights
nine Encounters together, and whoever lands each killing blow takes its Prestige."""

from pathlib import Path as _Path

from tales.compiled import check_fresh as _check_fresh

_check_fresh(_Path(__file__).parent)  # (its rules may be compiled: README, "How fast")
