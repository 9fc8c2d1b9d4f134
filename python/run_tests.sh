#!/usr/bin/env bash
# The Python package's tests against a build tree's library, without installing
# anything (ctest's python_package): run_tests.sh LIBLWCX LWCX_CLI PYTHON...
# Uses the first interpreter that has cffi and pytest; exits 77 (ctest: skipped)
# with a line saying what is missing when none has.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib=$1 cli=$2
shift 2
for py in "$@" python3 /usr/bin/python3; do
  command -v "$py" >/dev/null 2>&1 || continue
  if "$py" -c 'import cffi, pytest' 2>/dev/null; then
    export LWCX_PY_LIBRARY=$lib LWCX_PY_HEADER=$here/../include/lwcx.h LWCX_PY_CLI=$cli
    export PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1
    export LWCX_PY_NO_TIMING=1 # ctest runs other tests beside this one: no parallel-speed timing
    exec "$py" -m pytest -q -rs -p no:cacheprovider "$here/tests"
  fi
done
echo "python_package: skipped: no python3 with cffi and pytest (Debian: apt-get install python3-cffi python3-pytest; numpy and matplotlib optional)"
exit 77
