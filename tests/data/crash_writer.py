"""Helper for tests/test_campaign_saves.py's crash test: save one campaign over and over, one
more choice in its game each time, printing the number of choices after every completed save.

    python tests/data/crash_writer.py FOLDER NAME

Run from the checkout (the campaign names ``sample-campaign``). Prints ``ready`` once the
first save is written; the parent kills it with SIGKILL at a random moment.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from tales.campaign.progress import campaign_file, new_campaign, start_game
from tales.campaign.saves import save


def main() -> None:
    folder, name = Path(sys.argv[1]), sys.argv[2]
    campaign = new_campaign(name, "sample-campaign", ("gerki",), "otto-guard", seed=7)
    campaign = start_game(campaign, campaign_file(campaign))
    game = campaign.game
    assert game is not None
    save(campaign, folder)
    print("ready", flush=True)
    count = 0
    while True:
        count += 1
        campaign = replace(campaign, game=replace(game, choices=tuple(
            (n * 7) % 5 for n in range(count))))
        save(campaign, folder)
        print(count, flush=True)


if __name__ == "__main__":
    main()
