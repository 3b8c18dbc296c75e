"""Headless Chromium for the tests and bench/screenshot_export.py: load a page,
read its DOM back, take a screenshot, print it to PDF.

Debian's ``chromium`` package (``.ci/run`` installs it when it is missing).
Each call starts its own browser with a throw-away profile, so calls may run
side by side; ``--no-sandbox`` because CI runs as root.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

TIMEOUT = 120  # seconds; a browser on a loaded 2-core machine can be slow to start


def find() -> str | None:
    """The Chromium executable, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _run(page: Path, *flags: str) -> subprocess.CompletedProcess:
    exe = find()
    if exe is None:
        raise FileNotFoundError("chromium is not installed")
    with tempfile.TemporaryDirectory(prefix="pesten-chromium-") as profile:
        return subprocess.run(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-extensions",
             "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
             f"--user-data-dir={profile}", *flags, page.resolve().as_uri()],
            capture_output=True, timeout=TIMEOUT, check=True,
            env={**os.environ, "HOME": profile})


def dump_dom(page: Path) -> str:
    """The page's DOM after loading, serialised by the browser."""
    return _run(page, "--dump-dom").stdout.decode("utf-8")


def screenshot(page: Path, png: Path, width: int = 1000, height: int = 1400) -> Path:
    """A PNG of the page in a window of ``width`` x ``height`` CSS pixels."""
    _run(page, f"--screenshot={png.resolve()}", f"--window-size={width},{height}")
    return png


def print_pdf(page: Path, pdf: Path) -> int:
    """Print the page to ``pdf`` as the browser prints it (print styles, A4 from
    ``@page``, no header or footer); -> the number of pages."""
    _run(page, f"--print-to-pdf={pdf.resolve()}", "--no-pdf-header-footer")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def png_size(png: Path) -> tuple[int, int]:
    """(width, height) in pixels, read from the PNG header."""
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
