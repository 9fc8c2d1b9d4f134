#!/usr/bin/env bash
# Installs what building and testing lwcx needs, if it is missing: a C
# compiler, CMake, make, and OpenSSL's libcrypto headers (AIMer's SHAKE, the
# KAT DRBG), valgrind for the constant-time test and the other optional tools
# the tests use, and the modules of the Python package's tests (cffi, pytest,
# mypy, numpy) for the Python CMake finds. Debian/Ubuntu: apt-get (as root, or
# through sudo). Elsewhere it names what is missing and stops. Run by the
# README's two commands; safe to run again (it installs nothing when
# everything is there).
set -euo pipefail
apt_install() { # Debian packages, as root or through sudo
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v cc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
# libcrypto's headers: ask the compiler, not a package manager
if ! printf '#include <openssl/evp.h>\nint main(void){return 0;}\n' |
    ${CC:-cc} -x c - -o /dev/null -lcrypto >/dev/null 2>&1; then
  missing+=(libssl-dev)
fi
# optional: valgrind runs the constant-time test (ct_valgrind is skipped without it)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
# optional: zsh and groff check the shell completion and the man page (cli_completion skips them without)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v groff >/dev/null 2>&1 || missing+=(groff-base)
# optional: the OpenCL headers build the opencl implementation, the ICD loader and PoCL run its
# tests on the CPU (without them opencl is left out, or unavailable and its tests skipped)
[ -f /usr/include/CL/cl.h ] || missing+=(opencl-c-headers)
ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\.1 ' || missing+=(ocl-icd-libopencl1)
[ -e /etc/OpenCL/vendors/pocl.icd ] || missing+=(pocl-opencl-icd)
# optional: venv and pip for the Python package (pip install ./python; its tests skip without them)
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
  python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
fi
# optional: the openssl command runs the OpenSSL provider's CLI test (ossl_provider_cli skips without)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# optional: Doxygen builds the API reference (target docs, test api_reference; left out without)
command -v doxygen >/dev/null 2>&1 || missing+=(doxygen)
# optional: MPI builds lwcx-mpi and runs its tests (skipped without)
command -v mpicc >/dev/null 2>&1 || missing+=(libopenmpi-dev)
command -v mpirun >/dev/null 2>&1 || missing+=(openmpi-bin)
if [ ${#missing[@]} -eq 0 ]; then
  :
elif command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: installing ${missing[*]}" >&2
  apt_install "${missing[@]}"
else
  required=()
  for p in "${missing[@]}"; do case $p in valgrind|zsh|groff-base|openssl|doxygen|python3-*|opencl-c-headers|ocl-icd-libopencl1|pocl-opencl-icd|libopenmpi-dev|openmpi-bin) ;; *) required+=("$p") ;; esac; done
  [ ${#required[@]} -eq 0 ] || {
    echo "bootstrap: please install: ${required[*]} (a C11 compiler, CMake >= 3.18, make, OpenSSL's libcrypto)" >&2
    exit 1
  }
  for p in "${missing[@]}"; do
    case $p in
      valgrind) echo "bootstrap: valgrind not found: the constant-time test (ct_valgrind) will be skipped" >&2 ;;
      zsh) echo "bootstrap: zsh not found: cli_completion will skip the zsh completion" >&2 ;;
      python3-*) echo "bootstrap: $p not found: the Python package's tests (python_package) are skipped or cannot install it" >&2 ;;
      groff-base) echo "bootstrap: groff not found: cli_completion will skip rendering the man page" >&2 ;;
      doxygen) echo "bootstrap: doxygen not found: the API reference (target docs) and its test api_reference are left out" >&2 ;;
      openssl) echo "bootstrap: the openssl command not found: ossl_provider_cli (the OpenSSL provider through it) will be skipped" >&2 ;;
      libopenmpi-dev|openmpi-bin) echo "bootstrap: $p not found: lwcx-mpi is not built or not tested" >&2 ;;
      opencl-c-headers) echo "bootstrap: no OpenCL headers (CL/cl.h): the opencl implementation is left out" >&2 ;;
      ocl-icd-libopencl1|pocl-opencl-icd) echo "bootstrap: no OpenCL loader or PoCL: the opencl tests will be skipped" >&2 ;;
    esac
  done
fi

# What the Python package's tests import (cffi, pytest, mypy; numpy optional),
# for the Python they run with: the one CMake's FindPython3 finds (ctest hands
# it to python/run_tests.sh), asked of CMake itself, since it is not always
# the system's python3 (an active venv or conda environment, pyenv). The
# system's Python gets Debian's packages; any other gets them from pip, into
# that Python's own environment.
find_py=$(mktemp)
printf 'find_package(Python3 COMPONENTS Interpreter QUIET)\nmessage("py=${Python3_EXECUTABLE}")\n' > "$find_py"
py=$(cmake -P "$find_py" 2>&1 | sed -n 's/^py=//p')
rm -f "$find_py"
if [ -z "$py" ] || ! "$py" -c '' >/dev/null 2>&1; then
  echo "bootstrap: CMake finds no Python 3: the Python package's tests (python_package) will be skipped" >&2
  exit 0
fi
need=()
for m in cffi pytest mypy numpy; do "$py" -c "import $m" >/dev/null 2>&1 || need+=("$m"); done
[ ${#need[@]} -eq 0 ] && exit 0
if "$py" -c 'import sys; sys.exit(not (sys.prefix == sys.base_prefix == "/usr"))' 2>/dev/null &&
    command -v apt-get >/dev/null 2>&1; then
  debs=()
  for m in "${need[@]}"; do case $m in mypy) debs+=(mypy) ;; *) debs+=("python3-$m") ;; esac; done
  echo "bootstrap: installing ${debs[*]} for $py" >&2
  apt_install "${debs[@]}"
else
  echo "bootstrap: installing ${need[*]} with pip for $py (the Python CMake finds)" >&2
  "$py" -m pip install -q --disable-pip-version-check "${need[@]}" ||
    echo "bootstrap: pip could not install ${need[*]} for $py: the Python package's tests may be skipped" >&2
fi
