#!/usr/bin/env bash
# CI stage: the Python package as the README installs it -- `pip install
# ./python[plot]` in a fresh virtual environment (scikit-build-core builds the
# shared library: Release, no tests, no CLI, no CUDA) -- then its tests with
# pytest, run from outside the source tree so that the installed package is the
# one imported. The environment sees the system's cffi, numpy, matplotlib and
# pytest (--system-site-packages) when apt installed them; pip fetches what is
# missing. Skipped with a line when python3 has no venv module.
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-python3}
if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "python: $py has no venv/ensurepip (Debian: apt-get install python3-venv): stage skipped"
  exit 0
fi
venv=$PWD/build/py-venv
rm -rf "$venv"
"$py" -m venv --system-site-packages "$venv"
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}
"$venv/bin/python" -m pip install -q --disable-pip-version-check "./python[plot,test]"
cli=()
[ -x build/lwcx ] && cli=(LWCX_PY_CLI="$PWD/build/lwcx") # a fresh bench for the plot test
cd build
env "${cli[@]+"${cli[@]}"}" PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" -m pytest -q -rs -p no:cacheprovider ../python/tests
