"""The author tools' HTML pages in a real headless browser (Debian's
chromium): they render (the SVG is in the DOM after load, no script error)
and fit a 1280-pixel window (nothing runs off the right edge).

Each page is copied with a probe script first in its head: it records any
script error, and after load whether the page is wider than the window, on
``<body>`` attributes that ``--dump-dom`` prints. Skipped, saying why, where
chromium is not installed (``.ci/run`` installs it when it can).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.cli import cli

DATA = Path(__file__).parent.parent / "data"
TINY = DATA / "tiny-tale"
REEF = Path(__file__).parent.parent.parent / "storybooks" / "the-reef-ledger"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium to load the pages: apt-get install -y chromium"
)

PROBE = """<script>
window.talesErrors = [];
window.addEventListener("error", e => window.talesErrors.push(String(e.message)));
window.addEventListener("load", () => {
  const page = document.documentElement;
  document.body.setAttribute("data-errors", window.talesErrors.join(" | "));
  document.body.setAttribute("data-overflow", String(page.scrollWidth - page.clientWidth));
  document.body.setAttribute("data-width", String(page.clientWidth));
  const cut = [...document.querySelectorAll("pre, p, li, table, div, h1, h2, header")]
    .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.tagName);
  document.body.setAttribute("data-cut", cut.join(" "));
});
</script>"""


def _load(page: Path, tmp_path: Path) -> str:
    """The DOM of ``page`` after load in a 1280x900 window, with the probe's findings."""
    probed = tmp_path / f"probed-{page.name}"
    probed.write_text(page.read_text(encoding="utf-8").replace("<head>", "<head>" + PROBE, 1))
    done = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=1280,900",
            "--virtual-time-budget=5000",
            "--dump-dom",
            probed.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _probe(dom: str, name: str) -> str:
    found = re.search(rf'data-{name}="([^"]*)"', dom)
    assert found, f"the probe did not run: no data-{name} on <body>"
    return found.group(1)


def _fits(dom: str) -> None:
    assert _probe(dom, "errors") == "", "script errors on the page"
    assert _probe(dom, "width") == "1280"
    assert int(_probe(dom, "overflow")) <= 0, "the page is wider than a 1280-pixel window"
    assert _probe(dom, "cut") == "", "text runs off the right edge of a box"


def test_the_probe_sees_a_page_too_wide_and_a_box_cut(tmp_path: Path) -> None:
    """The check can fail: a page wider than the window, and a box whose text runs off."""
    page = tmp_path / "wide.html"
    page.write_text(
        '<!DOCTYPE html><html><head></head><body><div style="width:2000px">wide</div>'
        '<pre style="overflow-x:auto;width:100px">' + "x" * 400 + "</pre></body></html>"
    )
    dom = _load(page, tmp_path)
    assert int(_probe(dom, "overflow")) > 0
    assert "PRE" in _probe(dom, "cut")


def test_the_story_map_renders_every_paragraph_and_fits(tmp_path: Path) -> None:
    page = tmp_path / "map.html"
    result = CliRunner().invoke(cli, ["graph", str(TINY), "--format", "html"])
    page.write_text(result.output, encoding="utf-8")
    assert result.exit_code == 0, result.output
    dom = _load(page, tmp_path)
    _fits(dom)
    assert "<svg" in dom
    for number in range(1, 16):  # the tiny tale's paragraphs
        assert f'id="p{number}"' in dom or f">p{number}<" in dom, f"paragraph {number} missing"


def test_the_simulate_report_renders_names_endings_and_fits(tmp_path: Path) -> None:
    page = tmp_path / "simulate.html"
    result = CliRunner().invoke(
        cli, ["simulate", str(REEF), "--runs", "4", "--jobs", "1", "--html", str(page)]
    )
    assert result.exit_code == 0, result.output
    dom = _load(page, tmp_path)
    _fits(dom)
    assert 'aria-label="Histogram of exploration rates"' in dom
    assert "the story ends at paragraph" not in dom  # endings by their opening words
    assert "Never reached:" in dom  # long file:line lines wrap instead of running off


def test_the_sweep_report_renders_its_charts_and_fits(tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    team = "arthur-blackwood,ezra-marsh,irene-dubois,laszlo-varga,sarah-elington"
    sweep = ["simulate", str(TINY), "--sweep", "--games", "1", "--jobs", "1"]
    result = CliRunner().invoke(cli, [*sweep, "--investigators", team, "--html", str(page)])
    assert result.exit_code == 0, result.output
    dom = _load(page, tmp_path)
    _fits(dom)
    assert 'aria-label="Ending rates by difficulty"' in dom
    assert "Shift of the true ending" in dom
    assert "12 “The sea closes.”" in dom
