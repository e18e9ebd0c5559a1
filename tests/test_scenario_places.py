"""A Move step toward a feature (or space) the scenario's map does not have is a mistake
`tales scenario check` names, with the Scheme Block line, not a stop in the middle of a
game (found trying the bundled Scheme Blocks on a map of one's own)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_a_feature_the_map_lacks_is_named_by_the_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "scenarios" / "guardhouse.toml").read_text(encoding="utf-8")
    text = text.replace('id = "golems"', 'id = "bouncers"').replace(
        'group = "golems"', 'group = "bouncers"')
    text = text.replace('"../maps/guardhouse.toml"', repr((ROOT / "maps" / "guardhouse.toml")
                                                          .as_posix()).replace("'", '"'))
    text = text.replace('"sample-schemers.toml"', repr(
        (ROOT / "scenarios" / "sample-schemers.toml").as_posix()).replace("'", '"'))
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["scenario", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "group 'bouncers' (sample-schemers.toml:" in err
    assert ("it moves toward feature 'Barrel stack', which map 'Guardhouse (sample)' does "
            "not have (its features: Altar)") in err
