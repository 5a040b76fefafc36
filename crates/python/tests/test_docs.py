"""The examples in the docstrings run and give what they show, and the type
stub names everything the module has."""

import doctest
import inspect
from pathlib import Path

import quoridor
import quoridor._quoridor
import quoridor.gymnasium_env
import quoridor.pettingzoo_env

STUB = Path(quoridor.__file__).with_name("_quoridor.pyi")


def test_docstring_examples():
    attempted = 0
    for module in (quoridor, quoridor.gymnasium_env, quoridor.pettingzoo_env):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
        attempted += result.attempted
    assert attempted >= 40


def test_the_stub_names_every_public_name():
    stub = STUB.read_text(encoding="utf-8")
    module = quoridor._quoridor
    for name in dir(module):
        if name.startswith("_"):
            continue
        item = getattr(module, name)
        assert f"class {name}" in stub or f"def {name}(" in stub, name
        if inspect.isclass(item) and not issubclass(item, Exception):
            for member in vars(item):
                if not member.startswith("_"):
                    assert f"def {member}(" in stub, f"{name}.{member}"


def test_the_stub_matches_the_module():
    """mypy's stubtest: every name, signature and default of the stub agrees
    with the compiled module."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "quoridor._quoridor"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
