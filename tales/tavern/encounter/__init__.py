"""The encounter card game of seed 003 (Cutthroat Caverns): a party of adventurers fights
nine Encounters together, and whoever lands each killing blow takes its Prestige."""
