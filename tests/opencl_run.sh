#!/usr/bin/env bash
# Runs a test of the opencl implementation if opencl is available on the
# device LWCX_OPENCL_DEVICE names, else skips it (exit 77, ctest's
# SKIP_RETURN_CODE) saying why: no ICD loader, no platform, no device.
#   opencl_run.sh LWCX COMMAND...
lwcx=$1
shift
line=$("$lwcx" list 2>/dev/null | grep -m1 -E '^ *\*? *opencl ' || true)
if ! "$lwcx" list --machine 2>/dev/null | grep -qx 'present80:opencl available'; then
  echo "skipped: opencl unavailable: ${line:-not built}"
  exit 77
fi
exec "$@"
