#!/usr/bin/env bash
# The Python package's tests.
#   run_tests.sh LIBLWCX LWCX_CLI PYTHON...   a build tree's library, nothing
#       installed (ctest's python_package); uses the first interpreter that has
#       cffi and pytest, and exits 77 (ctest: skipped) with a line saying what
#       is missing when none has.
#   run_tests.sh --installed [PYTHON [PYTEST ARGS...]]   the package installed
#       in PYTHON (default python3: a venv's when one is active), e.g. by
#       `pip install ./python` or from the sdist.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --installed ]; then
  py=${2:-python3}
  shift $(($# < 2 ? $# : 2))
  # from outside the source tree, so that the installed package is imported
  cd "${TMPDIR:-/tmp}"
  exec env PYTHONDONTWRITEBYTECODE=1 "$py" -m pytest -q -rs -p no:cacheprovider "$here/tests" "$@"
fi
lib=$(realpath "$1") cli=$(realpath "$2")
shift 2
for py in "$@" python3 /usr/bin/python3; do
  command -v "$py" >/dev/null 2>&1 || continue
  if "$py" -c 'import cffi, pytest' 2>/dev/null; then
    export LWCX_PY_LIBRARY=$lib LWCX_PY_HEADER=$here/../include/lwcx.h LWCX_PY_CLI=$cli
    # the parsed declarations are cached in the build tree, not in ~/.cache
    export LWCX_PY_CACHE=${LWCX_PY_CACHE:-$(dirname "$lib")/python-cache}
    export PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1
    export LWCX_PY_NO_TIMING=1 # ctest runs other tests beside this one: no parallel-speed timing
    exec "$py" -m pytest -q -rs -p no:cacheprovider "$here/tests"
  fi
done
echo "python_package: skipped: no python3 with cffi and pytest (./bootstrap.sh installs them for the Python CMake finds; Debian: apt-get install python3-cffi python3-pytest)"
exit 77
