"""Pictures and the report to share (issue 41, "Pictures" and "A report to share"): the
survival curve and rounds histogram, a heatmap per Hero, saved pictures without the
window's hints, a map's legend, event doors and event reinforcement spaces, and one
self-contained HTML page, opened in headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tales.cli import main
from tales.content.scenarios import load_scenario
from tales.engine.simulate import run_games, summarise
from tales.engine.state import Setup
from tales.present.report_page import MARK, page
from tests.test_tester import _gl_or_skip

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "scenarios" / "cellar-door.toml")
CHAPEL = str(ROOT / "scenarios" / "drowned-chapel.toml")
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def report() -> dict[str, object]:
    setup = Setup(CELLAR, ("gerki", "deirdre"), legend=True)
    return summarise(setup, "greedy", 0, run_games(setup, "greedy", 6, 0))


def test_the_histogram_counts_every_game(report: dict[str, object]) -> None:
    from tales.viewer.charts import rounds_ended

    rows = rounds_ended(report)
    assert sum(won + lost for _, won, lost in rows) == report["games"]
    assert sum(won for _, won, _ in rows) == report["wins"]


def test_the_curves_are_drawn(report: dict[str, object], tmp_path: Path) -> None:
    _gl_or_skip()
    import io

    import pyglet

    from tales.viewer.charts import GOING, curves_png

    data = curves_png(report)
    assert data[:8] == PNG
    image = pyglet.image.load("c.png", file=io.BytesIO(data))
    assert (image.width, image.height) == (1280, 400)
    pixels = np.frombuffer(image.get_image_data().get_data("RGB", image.width * 3),
                           dtype=np.uint8).reshape(image.height, image.width, 3)
    blue = np.all(np.abs(pixels.astype(int) - GOING[:3]) < 30, axis=2)
    assert blue[:, :640].sum() > 500  # the survival curve, on the left
    assert blue[:, 640:].sum() < 50  # not in the histogram


def _texts(view: object, width: int = 1200, height: int = 800) -> list[str]:
    import pyglet

    from tales.viewer.scene import Scene

    window = pyglet.window.Window(width, height, visible=False)  # a context to draw in
    try:
        window.switch_to()
        scene = Scene(view, width, height)  # type: ignore[arg-type]
        return [k.text for k in scene.keep if isinstance(k, pyglet.text.Label)]
    finally:
        window.close()


def test_a_saved_picture_has_no_window_hints() -> None:
    _gl_or_skip()
    from dataclasses import replace

    from tales.board.position import Position
    from tales.viewer.scene import Panel, View

    board = load_scenario(CELLAR).board
    view = View(Position.empty(board), panel=Panel(title="t", log=["gerki moves"],
                                                   keys=["D damage"]))
    window = " ".join(_texts(view))
    assert "W: why" in window and "L: the map's legend" in window and "Keys" in window
    saved = " ".join(_texts(replace(view, picture=True)))
    assert "W: why" not in saved and "L: the map" not in saved and "Keys" not in saved


def test_render_map_has_a_legend() -> None:
    _gl_or_skip()
    from dataclasses import replace

    from tales.board.mapfile import load_map
    from tales.viewer.content_views import map_view

    board = load_map(ROOT / "maps" / "cellar-stairs.toml")
    texts = _texts(replace(map_view(board, board.name), picture=True))
    assert "Legend" in texts
    assert any(t.startswith("Brazier: Hazard, 2 damage") for t in texts)


def test_a_scenario_picture_draws_event_doors_and_event_reinforcements() -> None:
    from tales.viewer.content_views import scenario_view

    scenario = load_scenario(CHAPEL)
    view = scenario_view(scenario)
    board = view.position.board
    assert view.sealed_doors == frozenset({board.find("G3")})
    events = {f.id: (board.names[f.at], f.group) for f in view.position.figures
              if f.id.startswith("ev")}
    assert events == {"ev3 wraiths": ("H8", "wraiths")}
    assert view.panel is not None
    assert "event 'last wraith': wraiths on H8 (Ev3)" in view.panel.status


def test_an_event_door_is_drawn_apart() -> None:
    _gl_or_skip()
    from tales.viewer.content_views import scenario_view

    texts = _texts(scenario_view(load_scenario(CHAPEL)))
    assert "event" in texts  # the sealed door's label; a plain door says "door"


def test_heatmap_of_one_hero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "heat.png"
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 "--heatmap", str(out), "--heatmap-hero", "nobody"]) == 2
    assert capsys.readouterr().err == ("tales: --heatmap-hero nobody: not one of the Heroes "
                                       "played (deirdre, gerki)\n")
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 "--heatmap-hero", "gerki"]) == 2
    assert "add --heatmap FILE.png" in capsys.readouterr().err


def test_the_heatmap_of_one_hero_shades_only_its_spaces(report: dict[str, object]) -> None:
    from tales.viewer.heatmap import heatmap_view

    board = load_scenario(CELLAR).board
    mine = report["damage_by_space_per_hero"]["gerki"]  # type: ignore[index]
    view, _ = heatmap_view(board, report, "gerki")
    assert view.panel is not None and view.panel.title == "Where gerki took damage"
    top = max(mine, key=lambda s: (mine[s], s))
    assert any(line.strip().startswith(f"{top}: ") for line in view.panel.status)


def test_the_page_is_self_contained(report: dict[str, object]) -> None:
    html = page(report, {"Survival": PNG + b"x"}, [Path("kept/game-3.tales")])
    assert MARK in html
    sources = re.findall(r'src="([^"]*)"', html)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    assert re.findall(r'href="([^"]*)"', html) == ["kept/game-3.tales"]
    assert "<script" not in html and "http" not in html
    assert "Fortitude the Heroes lost, per game" in html and "the Doom Die" in html
    assert "<h2>Kept games</h2>" not in page(report, {})


def test_the_report_opens_in_headless_chromium(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The page as a browser shows it: Chromium draws it (no file beside it needed: it is
    moved away from where it was written), and the screenshot is not blank."""
    _gl_or_skip()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium (Debian: apt-get install chromium) to open the page in")
    out = tmp_path / "written" / "report.html"
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "4",
                 "--report", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    alone = tmp_path / "alone"
    alone.mkdir()
    moved = alone / "report.html"
    out.rename(moved)
    shot = tmp_path / "shot.png"
    run = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                          f"--screenshot={shot}", "--window-size=1200,1800",
                          moved.as_uri()], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    import pyglet

    image = pyglet.image.load(str(shot))
    pixels = np.frombuffer(image.get_image_data().get_data("RGB", image.width * 3),
                           dtype=np.uint8).reshape(image.height, image.width, 3)
    # the heatmap's dark map background: the inline pictures were drawn
    dark = np.all(pixels < 50, axis=2).sum()
    assert dark > 10000, dark
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50  # text, charts, maps
