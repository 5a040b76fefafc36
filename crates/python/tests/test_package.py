"""The package as the index would hold it (scripts/test.sh builds it and
names the folder in QUORIDOR_PYTHON_DIST): the wheel and the sdist under
the distribution name `quoridor-rs`, with what a package page shows, and
the wheel installed into a fresh virtual environment running the README's
first example."""

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

DIST = os.environ.get("QUORIDOR_PYTHON_DIST")
README = Path(__file__).resolve().parents[1] / "README.md"

pytestmark = pytest.mark.skipif(not DIST, reason="scripts/test.sh builds the distribution")


def one(pattern: str) -> Path:
    found = sorted(Path(DIST).glob(pattern))
    assert len(found) == 1, (pattern, found)
    return found[0]


def test_the_wheel_carries_the_package_pages_metadata():
    wheel = one("quoridor_rs-*.whl")
    assert "-abi3-" in wheel.name, wheel.name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    for line in [
        "Name: quoridor-rs",
        "License-Expression: MIT",
        "Requires-Python: >=3.9",
        "Classifier: Typing :: Typed",
    ]:
        assert line in metadata.splitlines(), line
    assert re.search(r"^Summary: Quoridor for Python", metadata, re.M)
    assert re.search(r"^Description-Content-Type: text/markdown", metadata, re.M)
    assert re.search(r"^Requires-Dist: numpy", metadata, re.M)
    assert re.search(r"^Requires-Dist: gymnasium.*extra == .gymnasium.", metadata, re.M)
    # The README is the page's text; the types and the licence travel.
    assert "pip install quoridor-rs" in metadata
    for path in ["quoridor/__init__.py", "quoridor/py.typed", "quoridor/_quoridor.pyi"]:
        assert path in names, path
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names


def test_the_sdist_holds_what_a_build_needs():
    sdist = one("quoridor_rs-*.tar.gz")
    with tarfile.open(sdist) as t:
        names = [n.split("/", 1)[1] for n in t.getnames() if "/" in n]
    for needed in ["pyproject.toml", "README.md", "LICENSE", "Cargo.lock", "python/quoridor/py.typed"]:
        assert any(n == needed or n.endswith("/" + needed) for n in names), needed
    # The Rust crates it builds from, the rules among them.
    assert any(n.endswith("rules/src/lib.rs") for n in names), names[:20]


def test_a_fresh_environment_installs_the_wheel_and_runs_the_readme(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(one("quoridor_rs-*.whl"))],
        capture_output=True, text=True, timeout=600,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    example = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)[0]
    run = subprocess.run([str(python), "-c", example], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "fence crosses e3h" in run.stdout
    assert "{'south': 8, 'north': 8}" in run.stdout
