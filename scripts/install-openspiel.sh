#!/usr/bin/env bash
# Install OpenSpiel (pyspiel) for scripts/openspiel_bench.py and
# scripts/openspiel_bot.py (tests: scripts/test_openspiel_bot.py).
# Idempotent: does nothing if `import pyspiel` already works.
# Override the interpreter with PYTHON=..., the version with OPENSPIEL_VERSION=...
set -euo pipefail

PYTHON="${PYTHON:-python3}"
OPENSPIEL_VERSION="${OPENSPIEL_VERSION:-2.0.2}"

if "$PYTHON" -c "import pyspiel" >/dev/null 2>&1; then
  installed="$("$PYTHON" -c 'import importlib.metadata as m; print(m.version("open_spiel"))' 2>/dev/null || echo unknown)"
  echo "pyspiel already importable (open_spiel ${installed}); nothing to do."
  if [ "$installed" != "$OPENSPIEL_VERSION" ]; then
    echo "note: installed version ${installed} differs from ${OPENSPIEL_VERSION}" >&2
  fi
  exit 0
fi

"$PYTHON" -m pip install "open_spiel==${OPENSPIEL_VERSION}"
"$PYTHON" -c "import pyspiel" 2>/dev/null
echo "installed open_spiel ${OPENSPIEL_VERSION}"
