"""A simulation's report as one HTML page to share (``tales simulate --report FILE.html``):
the settings, the tables, the heatmaps and the charts, every picture inline (a
``data:image/png;base64`` address), no script, no file beside it; links to the kept
games' files when there are any. Pure: the pictures come in as PNG bytes.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tales.errors import TalesError
from tales.files import read_file

#: In every page this writes (how a file is known as one, the only file it writes over).
MARK = '<meta name="generator" content="tales simulate --report">'

STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: .5em 0; }
td, th { border: 1px solid #ccc; padding: .25em .6em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f2f2f2; }
.partial { background: #fff3cd; border: 1px solid #e0b000; padding: .5em; }
figure { display: inline-block; margin: .5em 0; vertical-align: top; width: 100%; }
figure.half { width: 49.5%; }
pre { white-space: pre-wrap; font-size: .85em; background: #f7f7f7; padding: .5em; }
.cols { display: flex; gap: 2em; flex-wrap: wrap; align-items: flex-start; }
figcaption { font-size: .9em; color: #555; }
img { max-width: 100%; border: 1px solid #ddd; }
"""


def is_report_page(path: Path) -> bool:
    """Whether ``path`` is a page this wrote: the only file ``--report`` writes over."""
    try:
        return MARK.encode() in read_file(path)[:4000]
    except TalesError:
        return False


def _e(value: object) -> str:
    return html.escape(str(value))


def _table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f'<td class="n">{_e(c)}</td>' if isinstance(c, int | float)
                         else f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _image(caption: str, png: bytes, half: bool = False) -> str:
    data = base64.b64encode(png).decode("ascii")
    kind = ' class="half"' if half else ""
    return (f'<figure{kind}><img alt="{_e(caption)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{_e(caption)}</figcaption></figure>")


def page(report: Mapping[str, Any], pictures: Mapping[str, bytes],
         kept: Sequence[Path] = ()) -> str:
    """The whole page of ``report`` (:meth:`tales.engine.simulate.Tally.summary`), with
    ``pictures`` (caption -> PNG) and links to ``kept`` games' files (relative to where
    the page is read from, as given)."""
    from tales.engine.simulate import format_report, percent

    games = report["games"]
    settings = report["settings"]
    low, high = report["win_rate_95"]
    title = f"{report['scenario']} with {', '.join(report['heroes'])}"
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">{MARK}"
             f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{_e(title)}</h1>"]
    partial = report.get("partial")
    if partial:
        parts.append(f'<p class="partial">PARTIAL: stopped after {partial["played"]} of '
                     f'{partial["asked"]} games; every figure is of those games only.</p>')
    parts.append(f"<p><b>win rate {report['win_rate']:.1%}</b> (95% interval {low:.1%} to "
                 f"{high:.1%}): {report['wins']} of {games} games won; rounds: mean "
                 f"{report['rounds']['mean']}, median {report['rounds']['median']}, "
                 f"{report['rounds']['min']} to {report['rounds']['max']}.</p>")
    parts.append("<h2>Settings</h2>" + _table(
        ("scenario", "Heroes", "Companion", "bot", "seed", "games", "Legend",
         "Power Tree steps", "dice"),
        [(report["scenario"], ", ".join(report["heroes"]), settings["companion"] or "none",
          report["bot"] + ("" if settings.get("budget") is None
                           else f", budget {settings['budget']}"),
          report["seed"], games, "yes" if settings["legend"] else "no",
          settings["power_tree_steps"], settings["dice"])])
        + "<p>rules: " + _e(", ".join(f"{k}={v}" for k, v in settings["rules"].items()))
        + "</p>")
    charts = [c for c in pictures if not c.startswith("Where")]
    maps = [c for c in pictures if c.startswith("Where")]
    if charts:
        parts.append("<h2>Survival and rounds</h2>"
                     + "".join(_image(c, pictures[c], half=True) for c in charts))
    parts.append("<h2>Objectives and defeat conditions</h2>" + _table(
        ("objective", "met in", "rounds met in"),
        [(text, percent(round(share * games), games), ", ".join(
            f"round {r}: {n}" for r, n in report.get("objective_rounds", {}).get(
                text, {}).items()) or "-")
         for text, share in report["objectives_met"].items()]))
    if report["defeat_conditions_met"]:
        parts.append(_table(("defeat condition", "met in"), [
            (text, percent(round(share * games), games))
            for text, share in report["defeat_conditions_met"].items()]))
    if report["defeats"]:
        parts.append(_table(("why games were lost", "games"), report["defeats"].items()))
    parts.append('<h2>Damage</h2><div class="cols">' + _table(
        ("source", "Fortitude the Heroes lost, per game"),
        report.get("damage_per_source", {}).items()))
    parts.append(_table(("Hero", "Fortitude lost per game", "Wounded (games)",
                         "Defeated (games)"),
                        [(h, d, report["heroes_wounded"].get(h, 0),
                          report["heroes_fallen"].get(h, 0))
                         for h, d in report["damage_taken_per_hero"].items()]))
    parts.append(_table(("Schemer Group", "damage to the Heroes on its turns, per game",
                         "Fortitude it lost, per game"),
                        [(g, d["dealt_to_heroes"], d["taken"])
                         for g, d in report["damage_per_game"].items()]) + "</div>")
    if maps:
        parts.append("<h2>Where the Heroes took damage</h2>"
                     + "".join(_image(c, pictures[c], half=n > 0) for n, c in enumerate(maps)))
    parts.append("<h2>Survival</h2>" + _table(
        ("round", "games still going", "games won by then"),
        [(row["round"], percent(row.get("games_going", row["still_going"] * games), games),
          percent(row.get("games_won", row["won_by_then"] * games), games))
         for row in report["survival"]]))
    if kept:
        parts.append("<h2>Kept games</h2><ul>" + "".join(
            f'<li><a href="{_e(path.as_posix())}">{_e(path.name)}</a></li>' for path in kept)
            + "</ul>")
    parts.append("<h2>The report as the terminal prints it</h2><pre>"
                 + _e("\n".join(format_report(dict(report)))) + "</pre>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
