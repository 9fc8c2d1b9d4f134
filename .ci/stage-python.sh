#!/usr/bin/env bash
# CI stage: the Python package as docs/guides/python.md installs it, twice, each in a
# fresh virtual environment (scikit-build-core builds the shared library:
# Release, no tests, no CLI, no CUDA):
#  1. `pip install ./python[plot,test]`, then the package's tests against the
#     installed package (python/run_tests.sh --installed, from outside the
#     source tree; the import-time limit at its CI value);
#  2. the sdist (scripts/python-sdist.py: the C sources under csrc/), then
#     `pip install` of that file (with its test extra), an import and a hash checked against
#     the first install's, and the tests that the unpacked sdist carries.
# The environments see the system's cffi, numpy, matplotlib, pytest and mypy
# (--system-site-packages) when apt installed them; pip fetches what is
# missing. Skipped with a line when python3 has no venv module.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
py=${PYTHON:-python3}
if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "python: $py has no venv/ensurepip (Debian: apt-get install python3-venv): stage skipped"
  exit 0
fi
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}
pip=(-m pip install -q --disable-pip-version-check)

venv=$PWD/build/py-venv
rm -rf "$venv"
"$py" -m venv --system-site-packages "$venv"
"$venv/bin/python" "${pip[@]}" "./python[plot,test]"
cli=()
[ -x build/lwcx ] && cli=(LWCX_PY_CLI="$PWD/build/lwcx") # a fresh bench for the plot test
env "${cli[@]+"${cli[@]}"}" LWCX_PY_STRICT_TIMING=1 python/run_tests.sh --installed "$venv/bin/python"

echo "== the sdist"
rm -rf build/sdist build/sdist-src build/py-sdist-venv
"$venv/bin/python" "${pip[@]}" scikit-build-core
"$venv/bin/python" scripts/python-sdist.py build/sdist
sdist=$(echo build/sdist/lwcx-*.tar.gz)
"$py" -m venv --system-site-packages build/py-sdist-venv
build/py-sdist-venv/bin/python "${pip[@]}" "lwcx[test] @ file://$root/$sdist"
probe='import lwcx, lwcx._ffi as f; print(f.SOURCE, lwcx.new("esch256", b"abc").hexdigest())'
want=$(cd /tmp && "$venv/bin/python" -c "$probe")
got=$(cd /tmp && "$root/build/py-sdist-venv/bin/python" -c "$probe")
[ "$got" = "$want" ] || { echo "the sdist's install says '$got', pip install ./python's '$want'"; exit 1; }
echo "sdist $sdist: installs, imports, hashes ($got)"
mkdir -p build/sdist-src
tar -xzf "$sdist" -C build/sdist-src
bash build/sdist-src/lwcx-*/run_tests.sh --installed "$root/build/py-sdist-venv/bin/python"
